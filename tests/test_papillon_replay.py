"""Papillon's replay texts (``p1.…``) and its viewer: round trips at every player count and
option, a game under way shared without its round in progress, and stepping through a replay
by turn and round, every hand open or one seat's. (Damaged texts of either game are refused in
``tests/test_replay.py``.)"""

from __future__ import annotations

import random
from html import escape

import pytest

from farfalia.core.errors import ReplayError
from farfalia.games.farfalia.engine.rules import Settings
from farfalia.games.farfalia.records.replay import encode
from farfalia.games.papillon.engine.game import TAKE_ATTACK, PapillonGame, Shuffle, action_name
from farfalia.games.papillon.engine.rules import PapillonSettings
from farfalia.games.papillon.page.render import render_papillon
from farfalia.games.papillon.page.viewer import PapillonViewer
from farfalia.games.papillon.page.words import card_words
from farfalia.games.papillon.records.replay import decode_papillon, encode_finished_rounds, encode_papillon
from farfalia.records.replay import Replay, read_replay
from farfalia.ui.layout import WIDE
from farfalia.ui.screens import viewer_bar
from farfalia.ui.viewer import ALL, ViewerMove
from tests.support import finished, random_game, under_way

NAMES = ("Anna", "Bea", "Carl", "Dora", "Emil")
SETTINGS = [
    PapillonSettings(2),
    PapillonSettings(3, dealer=2),
    PapillonSettings(3, two_against_one=True, forced_capture=True),
    PapillonSettings(4, rounds="orange", dealer=3),
    PapillonSettings(5, rounds="blue", yang=7),
    PapillonSettings(5, forced_capture=True),
]


@pytest.mark.parametrize("papillon", SETTINGS, ids=str)
def test_a_finished_game_round_trips(papillon: PapillonSettings) -> None:
    game = finished(papillon)
    names = NAMES[: papillon.players]
    text = encode_papillon(game, names)
    assert text.startswith("p1.") and text.isascii() and len(text) < 120
    replay = read_replay(text)
    assert isinstance(replay, Replay)
    assert replay.settings == papillon and replay.names == names and replay.seed == game.seed
    again = replay.game()
    assert again.history == game.history and again.returns() == game.returns() and again.is_over()


@pytest.mark.parametrize("papillon", [s for s in SETTINGS if s.rounds == "both"], ids=str)
def test_a_game_under_way_is_shared_without_the_round_in_progress(papillon: PapillonSettings) -> None:
    game = under_way(papillon, seed=11, turns=3)
    text = encode_finished_rounds(game, NAMES[: papillon.players])
    replay = decode_papillon(text)
    assert replay.seed is None  # no seed: the orange deck's order cannot be rebuilt
    shown = replay.game()
    assert shown.round_scores() == game.round_scores()[:1] and len(shown.round_scores()) == 1
    assert shown.actions == game.actions[: len(shown.actions)] and len(shown.actions) < len(game.actions)
    shuffles = [outcome for outcome in replay.chance if isinstance(outcome, Shuffle)]
    assert len(shuffles) == 1  # the blue deck's only: nothing of the orange round's cards
    with pytest.raises(ReplayError):
        encode_finished_rounds(PapillonGame(papillon, 1))  # no round finished: nothing to share


#: A link written before an attacked player with no Papillon decided to draw (P-E14): seed 1, three
#: players, random play; its game's round scores as the rules of then scored it.
OLD_LINK = "p1.3000.1.3s.QQpCCkM.AQ741uhgtc8sQioh7DY4wH3b96MGuOXC8iVFfEI.0fPJum"
OLD_SCORES = [(20, 70, 90), (-125, -126, 0)]


def test_a_forced_draw_is_not_written_and_links_and_saves_from_before_it_read_alike() -> None:
    """P-E14: the draw of an attacked player with no Papillon is an action now, but a forced one: a
    link leaves it out, so a link written before (when it was no action) reads as it did, its two
    forced draws taken where they fall, and writes the same text again; a save's actions without
    them replay to the same game."""
    replay = decode_papillon(OLD_LINK)
    game = replay.game()
    assert game.round_scores() == OLD_SCORES and replay.actions.count(TAKE_ATTACK) == 2
    assert encode_papillon(game, replay.names) == OLD_LINK
    unwritten = PapillonGame(game.settings, game.seed)
    decisions = []
    for action in game.actions:
        if not unwritten.draw_forced:
            decisions.append(action)
        unwritten.apply(action)
    assert len(decisions) == len(game.actions) - 2
    again = PapillonGame.replay(game.settings, game.seed, [action_name(action) for action in decisions])
    assert again.actions == game.actions and again.round_scores() == OLD_SCORES


def test_a_game_ending_on_a_forced_draw_reads_whole() -> None:
    """P-E14: a game whose last action is a forced draw (an attacked player draws from an empty
    pile, is blocked, and Apocalypse ends the round): its link leaves the draw out, and reading
    it takes the draw after the last written decision (it read a game under way, one action short)."""
    replay = decode_papillon("p1.3122.1q9fr33.29.QQpCCkM.oyTlIaj4GfVsXIi3.cY8YZu")
    game = replay.game()
    assert replay.actions[-1] == TAKE_ATTACK and game.is_over()
    assert game.round_scores() == [(-124, -205, -205)]


def test_a_game_played_on_from_a_shared_position_is_shared_with_its_chance_written_out() -> None:
    """A game played on from a link of its finished rounds (its first rounds' shuffles given,
    P-E12) is shared whole with every chance outcome written out, and under way by its finished
    rounds: both were written from its seed alone, which cannot replay it ("Nothing to share")."""
    shared = under_way(PapillonSettings(3), 12, 2)
    start = decode_papillon(encode_finished_rounds(shared, NAMES[:3]))
    game = PapillonGame(start.settings, 99, start.chance)
    for action in start.actions:
        game.apply(action)
    chooser = random.Random(1)
    while not game.is_over():
        game.apply(chooser.choice(game.legal_actions()))
    again = decode_papillon(encode_papillon(game, NAMES[:3])).game()
    assert again.history == game.history and again.round_scores() == game.round_scores()
    assert decode_papillon(encode_finished_rounds(game, NAMES[:3])).game().round_scores() == game.round_scores()


def test_read_replay_reads_either_game() -> None:
    assert isinstance(read_replay(encode(random_game(Settings("two"), 2))), Replay)


def test_the_viewer_steps_by_turn_and_round() -> None:
    game = finished(PapillonSettings(3), seed=8)
    viewer = PapillonViewer(decode_papillon(encode_papillon(game, NAMES[:3])), at=0)
    assert viewer.at == 0 and viewer.total == len(game.actions)
    assert len(viewer.hand_ends) == 2 and viewer.hand_ends[-1] == viewer.total
    viewer.move(ViewerMove.NEXT_HAND)
    assert viewer.at == viewer.hand_ends[0] and viewer.game.round_scores() == game.round_scores()[:1]
    viewer.move(ViewerMove.NEXT_TRICK)
    assert viewer.game.progress().steps == 1 and viewer.game.colour == "orange"
    viewer.move(ViewerMove.PREV_HAND)
    assert viewer.at == viewer.hand_ends[0]
    for position in (37, 5, viewer.total, 60):
        viewer.jump(position)
        assert viewer.game.actions == game.actions[:position]


def test_the_viewer_shows_every_hand_or_one_seats() -> None:
    game = finished(PapillonSettings(2), seed=3)
    viewer = PapillonViewer(decode_papillon(encode_papillon(game, NAMES[:2])), at=4)
    hands = [sorted(hand) for hand in viewer.game.hands]
    everyone = viewer.view()
    assert [sorted(hand) for hand in everyone.hands] == hands
    drawing = render_papillon(everyone, viewer.names(), WIDE)
    for hand in hands:
        assert all(card_words(card) in drawing for card in hand)
    viewer.set_view("1")
    seen = viewer.view()
    assert seen.hands == ()
    other = render_papillon(seen, viewer.names(), WIDE)
    hidden = [card for card in hands[0] if card not in hands[1] and card not in viewer.game.table]
    assert hidden and all(card_words(card) in drawing and card_words(card) not in other for card in hidden)
    viewer.set_view("9")
    assert viewer.view_name == ALL


def test_the_viewer_tells_a_step_as_the_play_and_a_jump_as_the_position() -> None:
    game = finished(PapillonSettings(2), seed=6)
    viewer = PapillonViewer(decode_papillon(encode_papillon(game, NAMES[:2])), at=0)
    assert viewer.news() == [f"Action 0 of {viewer.total}"]
    assert viewer.news() == []  # once
    viewer.move(ViewerMove.NEXT)
    (played,) = viewer.news()
    assert played.startswith(("Anna ", "Bea ")) and played == viewer.last_play()
    assert escape(played) in viewer_bar(viewer)  # the bar says what the last action did
    viewer.jump(0)
    assert viewer.last_play() == ""
    viewer.jump(viewer.hand_ends[0])
    assert viewer.news() == [f"Action {viewer.at} of {viewer.total}", "The blue round is over"]
