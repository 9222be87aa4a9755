"""The session behind the page: saves, hot seat, bots, and the panels' HTML."""

from __future__ import annotations

import json

import pytest

from farfalia.core.errors import FarfaliaError
from farfalia.games.farfalia.engine.rules import PLAYERS
from farfalia.games.farfalia.page.screens import game_over, turn_bar
from farfalia.games.farfalia.page.session import SAVE_FORMAT, Session, new_session
from farfalia.ui.screens import SavedGame, start_screen
from farfalia.ui.seating import Player

#: The hint button, greyed.
HINT_OFF = 'data-command="hint" disabled>'


def bots_and(humans: set[int], count: int) -> list[Player]:
    return [Player(f"P{k}", k not in humans) for k in range(count)]


def quick(
    mode: str, humans: set[int], seed: int, first_dealer: int | None, variants: frozenset[str] = frozenset()
) -> Session:
    """A session whose bots use the heuristic alone (the search is tested on its own)."""
    return new_session(mode, variants, bots_and(humans, PLAYERS[mode]), seed, first_dealer, "instant", "quick")


def play_bots(session: Session, steps: int) -> None:
    for _ in range(steps):
        if session.bot_to_act():
            session.bot_action()
        elif session.summary_pending() is not None:
            session.dismiss_summary()
        elif session.game.is_over():
            return
        else:
            session.human_action(session.game.legal_actions()[0])


def test_save_round_trip_resumes_mid_trick() -> None:
    session = quick("three", {0}, seed=5, first_dealer=0, variants=frozenset({"burning"}))
    play_bots(session, 40)
    again = Session.from_save(session.to_save())
    assert again.game.state == session.game.state
    assert again.players == session.players and again.pace == "instant" and again.seen_hands == session.seen_hands
    assert again.level == "quick"
    assert json.loads(session.to_save())["format"] == SAVE_FORMAT


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: "not json {",
        lambda d: json.dumps({**d, "format": SAVE_FORMAT + 1}),
        lambda d: json.dumps({**d, "actions": d["actions"] + " pick:B3 B3 B3"}),
        lambda d: json.dumps({**d, "actions": "nonsense"}),
        lambda d: json.dumps({**d, "seed": "7"}),
        lambda d: json.dumps({**d, "mode": "chess"}),
        lambda d: json.dumps({**d, "players": d["players"][:2]}),
        lambda d: json.dumps({**d, "players": [{"name": 3, "bot": True}] * 3}),
        lambda d: json.dumps({**d, "pace": "ludicrous"}),
        lambda d: json.dumps({**d, "level": "godlike"}),
        lambda d: json.dumps({**d, "level": ["strong"]}),
        lambda d: json.dumps([1, 2, 3]),
        lambda d: "x" * 100_000,
    ],
)
def test_bad_saves_are_refused_clearly(mutate) -> None:  # type: ignore[no-untyped-def]
    session = quick("three", {0}, seed=5, first_dealer=0)
    play_bots(session, 12)
    with pytest.raises(FarfaliaError):
        Session.from_save(mutate(json.loads(session.to_save())))


def test_hot_seat_hides_the_table_until_the_next_human_asks() -> None:
    session = quick("four", {0, 2}, seed=3, first_dealer=3)
    assert session.actor() == 0 and session.needs_cover()
    with pytest.raises(FarfaliaError):
        session.human_action(session.game.legal_actions()[0])
    session.show_cards()
    assert not session.needs_cover() and session.viewer() == 0
    session.human_action(session.game.legal_actions()[0])
    while session.actor() != 2:
        session.bot_action()
    assert session.needs_cover()  # player 0's cards are still on screen
    session.show_cards()
    assert session.viewer() == 2


def test_summary_blocks_play_until_dismissed() -> None:
    session = quick("two", {0}, seed=8, first_dealer=0)
    while session.summary_pending() is None:
        play_bots(session, 1)
    assert not session.view().legal_actions and turn_bar(session) == ""
    with pytest.raises(FarfaliaError):
        session.human_action("pass")
    session.dismiss_summary()
    assert session.summary_pending() is None


def test_strong_bots_by_default_and_hints_for_the_human() -> None:
    session = new_session("four", frozenset(), bots_and({0}, 4), seed=3, first_dealer=0, pace="instant")
    assert session.level == "strong"
    with pytest.raises(FarfaliaError):
        session.hint_search()  # a bot acts first
    assert HINT_OFF in turn_bar(session)  # greyed in its place: the bar keeps its height
    search = session.bot_search()
    session.finish_bot()
    assert search.iterations > 0 and search.done == search.iterations  # the strong bot searched
    with pytest.raises(FarfaliaError):
        session.finish_bot()  # that decision is made
    while session.bot_to_act():
        session.bot_action()
    hint = session.hint_search()
    hint.complete()
    assert hint.best() in session.game.legal_actions()
    assert "Hint" in turn_bar(session) and HINT_OFF not in turn_bar(session)


def test_a_stale_bot_decision_is_refused() -> None:
    session = quick("four", set(), seed=3, first_dealer=3)
    session.bot_search()
    session.bot_action()  # another decision was made meanwhile
    session.bot_search()
    session.game.undo()
    with pytest.raises(FarfaliaError):
        session.finish_bot()


def test_names_are_trimmed_and_escaped() -> None:
    players = [Player("<script>alert(1)</script>", False), Player("   ", True), *bots_and(set(), 5)[2:]]
    session = new_session("basic5", frozenset(), players, seed=1, first_dealer=0, pace="instant", level="quick")
    assert session.names()[1] == "Player 2" and len(session.names()[0]) <= 24
    play_bots(session, 400)
    html = game_over(session) + turn_bar(session)
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_start_screen_lists_every_mode_and_offers_resume_only_with_a_save() -> None:
    assert start_screen().count("<option value=") >= 7 + 2 * 5
    game = SavedGame("ab12", "Farfalia for five, hand 1 of 5", "Ann, Bob", "just now", readable=True)
    assert 'data-command="resume" data-slot="ab12"' in start_screen([game])
    assert 'data-command="resume"' not in start_screen([])
