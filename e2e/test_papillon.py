"""Papillon through the page, as a person plays it: chosen on the start screen, then a whole
two-round game by clicks, at two players and at five."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from e2e.driver import open_game, play_to_the_end, start_papillon


@pytest.mark.parametrize("players", [2, 5])
def test_a_whole_papillon_game_by_clicks(page: Page, site: str, players: int) -> None:
    open_game(page, site)
    start_papillon(page, players, seed=players)
    assert page.locator("svg.table.papillon").count() == 1
    record = play_to_the_end(page, seed=players)
    assert {"blue", "orange"} <= record.decisions
    sheet = page.locator(".panel.over table.scores").inner_text()
    assert "Blue round" in sheet and "Orange round" in sheet and "Total" in sheet
    assert len(record.actions) > 10
