"""The first table the idle page rehearses (farfalia.ui.rehearsal): each game's table as its first
screen's "Play" draws it, with nothing of the page's own touched."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from farfalia.ui import rehearsal
from farfalia.ui.contract import Command
from farfalia.ui.controller import Controller
from farfalia.ui.game import LazyGame, site_games
from farfalia.ui.language import set_language, speaking
from farfalia.ui.saves import MemoryStorage
from farfalia.ui.texts import text

GAMES = [game.name for game in site_games()]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test ends in English, as the others begin."""
    yield
    set_language("en")


@pytest.mark.parametrize("name", GAMES)
def test_a_rehearsal_draws_the_table_a_first_play_draws(name: str) -> None:
    """The same table as the page's own first "Play" at that stage, its deal aside (the svg's
    root, which says the game, its layout and the stage's proportions, is the same)."""
    page = Controller(MemoryStorage(), rng=random.Random(1))
    page.resize(390, 700)
    page.command(Command.PLAY, {"game": name})
    played = page.screen().table
    markup = rehearsal.rehearse(name, 390, 700, "en")
    assert markup.startswith("<svg") and 'class="table' in markup
    assert markup[: markup.index(">")] == played[: played.index(">")]


def test_a_rehearsal_leaves_the_page_as_it_was() -> None:
    """The page's controller, in French with a game under way, is untouched: its storage, its
    table and its words (a controller speaks for the whole page)."""
    storage = MemoryStorage()
    page = Controller(storage, rng=random.Random(2), languages=["fr"])
    page.resize(1280, 800)
    page.command(Command.PLAY, {"game": GAMES[0]})
    stored, table, said = dict(storage.items), page.screen().table, text("game-load-failed", game="X")
    with speaking("en"):
        assert text("game-load-failed", game="X") != said  # French, which an English rehearsal would undo
    for name in GAMES:
        rehearsal.rehearse(name, 1280, 800, page.language)
    assert storage.items == stored and page.screen().table == table
    assert page.language == "fr" and text("game-load-failed", game="X") == said


def test_only_games_whose_code_is_here_are_rehearsed(monkeypatch: pytest.MonkeyPatch) -> None:
    lazy = [game for game in site_games() if isinstance(game, LazyGame)]
    for game in lazy:
        game.load()
    assert lazy and rehearsal.loaded_game_names() == GAMES
    monkeypatch.setattr(lazy[-1], "_game", None)  # its code not loaded yet
    assert rehearsal.loaded_game_names() == [name for name in GAMES if name != lazy[-1].name]
