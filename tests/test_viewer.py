"""Stepping through replays."""

from __future__ import annotations

import random

from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import Settings
from farfalia.games.farfalia.page.screens import summary_panel
from farfalia.games.farfalia.page.viewer import FarfaliaViewer
from farfalia.games.farfalia.records.replay import decode, encode, encode_finished_hands
from farfalia.ui.contract import Command
from farfalia.ui.screens import button
from farfalia.ui.viewer import ALL
from tests.support import random_game


def viewer_of(mode: str, seed: int = 3) -> tuple[FarfaliaViewer, Game]:
    game = random_game(Settings(mode), seed)
    return FarfaliaViewer(decode(encode(game))), game


def test_positions_match_the_game_step_by_step() -> None:
    viewer, game = viewer_of("three")
    assert viewer.at == viewer.total == len(game.actions)
    assert viewer.game.state == game.state
    for position in (0, 17, 5, 120, 119, viewer.total):
        viewer.jump(position)
        replayed = Game.replay(game.settings, game.seed, game.actions[:position])
        assert viewer.game.state == replayed.state


def test_trick_and_hand_steps_land_on_their_ends() -> None:
    viewer, _ = viewer_of("four")
    viewer.jump(0)
    viewer.step_trick(True)
    assert len(viewer.game.state.tricks) == 1 and viewer.at == viewer.trick_ends[0]
    viewer.step_hand(True)
    assert len(viewer.game.state.results) == 1 and viewer.finished_hand() is not None
    viewer.step_hand(True)
    viewer.step_hand(False)
    assert viewer.at == viewer.hand_ends[0]
    viewer.step_trick(False)
    assert viewer.at == viewer.trick_ends[11]  # the hand's 12th trick: its 13th ended it
    viewer.step(-10_000)
    assert viewer.at == 0
    assert len(viewer.hand_ends) == 4 and len(viewer.trick_ends) == 52


def test_views_all_or_one_seat() -> None:
    viewer, _ = viewer_of("two")
    viewer.jump(40)
    assert viewer.view().viewer is None
    viewer.set_view("1")
    assert viewer.view().viewer == 1 and viewer.view_name == "1"
    viewer.set_view("7")
    assert viewer.view_name == ALL


def test_finished_hands_of_a_running_game_stop_before_the_hand_in_progress() -> None:
    game = Game(Settings("basic5", frozenset({"burning"})), seed=8)
    chooser = random.Random(8)
    while len(game.state.results) < 2 or len(game.state.tricks) < 4:
        game.apply(chooser.choice(game.legal_actions()))
    replay = decode(encode_finished_hands(game, ("A", "B", "C", "D", "E")))
    assert replay.seed is None
    viewer = FarfaliaViewer(replay)
    assert len(viewer.game.state.results) == 2 and viewer.finished_hand() is not None
    # Nothing of the hand in progress is in the link: no cards dealt, no seed to deal them.
    assert viewer.game.state.dealt == () and viewer.view().seats == ()
    assert sum(type(outcome).__name__ == "Deal" for outcome in replay.chance) == 2


def test_a_replay_of_no_action_offers_no_situation_to_edit() -> None:
    """Its hand is dealt but not set up yet: "Edit this situation" was offered, then answered that
    the replay has no hand to set up."""
    assert not FarfaliaViewer(decode(encode(Game(Settings("basic5"), 3)))).editable()
    viewer, _ = viewer_of("basic5")
    viewer.jump(0)
    assert viewer.editable()  # any position of a replay that sets a hand up


def test_a_finished_hand_s_summary_folds_to_its_title_in_the_viewer_but_not_at_the_table() -> None:
    """In the viewer the summary lies over the table (a phone's whole stage): it folds to its
    title; at the table it is a dialog to continue from, which does not."""
    viewer, _ = viewer_of("four")
    viewer.jump(0)
    viewer.step_hand(True)
    summary = viewer.summary()
    assert 'role="region"' in summary and "<details open><summary><h2>" in summary
    finished = viewer.finished_hand()
    assert finished is not None
    dialog = summary_panel(finished, viewer.names(), button("Continue", command=Command.CONTINUE, primary=True))
    assert 'role="dialog"' in dialog and "<details" not in dialog
