"""The rulebook's worked example (EN "THE GAME" section; D5 settles its one disagreement)."""

from __future__ import annotations

import pytest

from farfalia.core.errors import IllegalActionError
from farfalia.games.farfalia.engine.cards import card_name
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.views import seat_view
from farfalia.games.farfalia.records.examples import ANDREW, BARBARA, CARL, DANIEL, EMMA, EXAMPLE_ACTIONS, cards, play


def names(codes) -> list[str]:
    return [card_name(c) for c in codes]


def test_teams_and_first_lead(example: Game) -> None:
    plan = example.plan
    assert plan.dealer == ANDREW
    # Barbara with Daniel, Carl with Emma, Andrew alone.
    assert plan.sides[BARBARA] == plan.sides[DANIEL] != plan.sides[CARL] == plan.sides[EMMA]
    assert plan.sides[ANDREW] not in (plan.sides[BARBARA], plan.sides[CARL])
    turn = example.to_act()
    assert (turn.player, turn.decision) == (BARBARA, "play")


def test_trick_one_daniel_must_follow_and_wins(example: Game) -> None:
    play(example, "B3", "B5")
    # Daniel would like to trump but must follow blue.
    assert example.why_illegal("O8") == "blue was led and the hand holds blue: follow suit"
    with pytest.raises(IllegalActionError, match=r"O8 is illegal.*follow suit"):
        example.apply("O8")
    assert names(example.state.legal_plays()) == ["B4", "B11"]
    play(example, "B11", "B2")
    # Andrew has no blue: any card, and he chooses not to trump.
    assert "O6" in names(example.state.legal_plays())
    play(example, "R3")
    turn = example.to_act()
    assert (turn.player, turn.decision) == (DANIEL, "pick")
    # Every fish and the red 3 (a strawberry) match the proposal.
    assert sorted(a.card for a in example.legal_actions() if a.kind == "pick") == sorted(cards("B2 B3 B5 B11 R3"))
    assert example.legal_actions()[-1].kind == "pass"


def test_trick_two_emma_wins_and_cannot_pick(example: Game) -> None:
    play(example, "B3", "B5", "B11", "B2", "R3", "pick:B11")
    play(example, "G4", "G13", "G2", "G6", "G7")
    # No card of the trick matches the proposal: no pick is offered; Emma leads.
    turn = example.to_act()
    assert (turn.player, turn.decision) == (EMMA, "play")
    trick = example.state.tricks[-1]
    assert trick.winner == EMMA and trick.picked == -1


def test_trick_three_barbara_wins_with_the_higher_trump(example: Game) -> None:
    play(example, "B3", "B5", "B11", "B2", "R3", "pick:B11", "G4", "G13", "G2", "G6", "G7")
    play(example, "B13", "R10", "O7", "O4", "B4")
    # D5: Barbara's 7 orange beats Carl's 4 orange, not the French edition's Corentin.
    turn = example.to_act()
    assert (turn.player, turn.decision) == (BARBARA, "pick")
    picks = [a for a in example.legal_actions() if a.kind == "pick"]
    # A seashell, or the red 10 as a butterfly; never a fish (the side has its one fish).
    assert sorted(names(a.card for a in picks)) == ["O4", "O7", "R10"]
    assert example.why_illegal("pick:B13") == "the side already holds the proposal's 1 fish"
    play(example, "pick:R10")
    view = seat_view(example, DANIEL)
    assert view.seat(DANIEL).collection == cards("B11")
    assert view.seat(BARBARA).collection == cards("R10")


def test_red_ten_counts_only_as_a_butterfly(example: Game) -> None:
    play(example, "B3", "B5", "B11", "B2", "R3", "pick:B11", "G4", "G13", "G2", "G6", "G7")
    play(example, "B13", "R10", "O7", "O4", "B4", "pick:R10")
    need = example.state.need[example.plan.sides[BARBARA]]
    # The butterfly is met; both strawberries are still wanted.
    assert need == [2, 0, 0, 1, 0]


#: The example's tricks and the pinned continuation to the scoring example (see
#: :data:`farfalia.games.farfalia.records.examples.EXAMPLE_ACTIONS`), after Andrew's discard and trump.
EXAMPLE_TRICKS = " ".join(EXAMPLE_ACTIONS.split()[3:])


def test_scoring_example(example: Game) -> None:
    play(example, *EXAMPLE_TRICKS.split())
    result = example.state.results[0]
    plan = result.plan
    collected = {side: sum(len(c) for c, s in zip(result.collections, plan.sides) if s == side) for side in (0, 1, 2)}
    assert collected == {plan.sides[CARL]: 4, plan.sides[BARBARA]: 3, plan.sides[ANDREW]: 2}
    # Both partners get the full amount; the dealer scores alone: 10, 6 and 3.
    assert result.player_points == (3, 6, 10, 6, 10)
    assert example.totals == (3, 6, 10, 6, 10)
    # Andrew's 3 points are the lowest total, so he deals the next hand (D1).
    assert example.plan.dealer == ANDREW and example.plan.number == 1
