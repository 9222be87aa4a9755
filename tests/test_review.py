"""The review of a game (:mod:`farfalia.bots.review`): decisions known from the rulebooks to lose
points are marked with that loss, the best is never marked, the strong bot's own play reviews as
good, and its figures follow their documented definitions."""

from __future__ import annotations

import random

import pytest

from farfalia.bots.review import Grade, Review, Thresholds, Valuation, Verdict, summarise
from farfalia.bots.roster import play_game
from farfalia.cli import main
from farfalia.core.interface import Progress
from farfalia.games.farfalia.bots import review as farfalia_review
from farfalia.games.farfalia.bots.heuristic import RandomBot
from farfalia.games.farfalia.engine.definition import FARFALIA_RULES
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import Settings
from farfalia.games.farfalia.engine.views import seat_view
from farfalia.games.papillon.bots import review as papillon_review
from farfalia.games.papillon.bots.model import PapillonSearchBot
from farfalia.games.papillon.engine.rules import PapillonSettings
from farfalia.games.papillon.engine.views import PAPILLON_RULES
from farfalia.games.papillon.records.replay import decode_papillon, encode_papillon_with_chance
from farfalia.records.replay import Replay, read_replay
from farfalia.ui.game import find_game
from tests.test_papillon_scenario import rulebook_scenario

THRESHOLDS = Thresholds(inaccuracy=1.0, mistake=2.0, blunder=4.0)


def test_grades_and_accuracy_follow_their_definitions() -> None:
    assert [THRESHOLDS.grade(loss) for loss in (0, 0.99, 1, 2, 3.9, 4, 40)] == [
        Grade.GOOD, Grade.GOOD, Grade.INACCURACY, Grade.MISTAKE, Grade.MISTAKE, Grade.BLUNDER, Grade.BLUNDER,
    ]  # fmt: skip
    assert THRESHOLDS.accuracy(0) == 100 and THRESHOLDS.accuracy(4) == 50 and THRESHOLDS.accuracy(8) == 25
    judged = Valuation(("a", "b"), (1.0, -3.0))
    verdicts = [
        Verdict(0, Progress(0, 0), 1, "a", judged, judged, Grade.GOOD),
        Verdict(2, Progress(0, 1), 1, "b", judged, judged, Grade.BLUNDER),
    ]
    nobody, somebody = summarise(verdicts, THRESHOLDS, 2)
    assert (nobody.decisions, nobody.accuracy) == (0, 100.0)
    assert (somebody.decisions, somebody.mean_loss, somebody.accuracy) == (2, 2.0, 75.0)
    assert somebody.grades == {Grade.GOOD: 1, Grade.INACCURACY: 0, Grade.MISTAKE: 0, Grade.BLUNDER: 1}


def last_pick(seed: int) -> tuple[Game, int, int]:
    """A random game of basic5 played to a pick that the hand's last trick offers (nothing is
    played after it: the pick's worth is the scoring's), with what picking and passing score
    for the winner: the rules' n(n+1)/2 for n cards collected."""
    game, rng = Game(Settings("basic5"), seed), random.Random(seed)
    while not game.is_over():
        legal = game.legal_actions()
        kinds = {action.kind for action in legal}
        if {"pick", "pass"} <= kinds and len(game.state.tricks) == 9:
            player, hands = game.to_act().player, len(game.state.results)  # type: ignore[union-attr]
            scores = []
            for action in (next(a for a in legal if a.kind == "pick"), next(a for a in legal if a.kind == "pass")):
                game.apply(action)
                assert len(game.state.results) == hands + 1  # the hand is over: nothing follows the pick
                scores.append(game.state.results[hands].player_points[player])
                game.undo()
            return game, scores[0], scores[1]
        game.apply(RandomBot().choose(seat_view(game, game.to_act().player), rng))  # type: ignore[union-attr]
    raise AssertionError("no pick at a last trick")


@pytest.mark.parametrize("seed", [4, 11])
def test_passing_the_last_tricks_pick_loses_what_the_card_would_have_scored(seed: int) -> None:
    game, picked, passed = last_pick(seed)
    assert picked > passed  # n + 1 points: the side's n cards score n(n+1)/2
    prefix = tuple(game.actions)
    for choice in ("pass", "pick"):
        action = next(a for a in game.legal_actions() if a.kind == choice)
        replay = Replay(FARFALIA_RULES, game.settings, game.seed, (), (*prefix, action))
        verdict = Review(replay, farfalia_review, seats={game.to_act().player}).complete().verdicts[-1]  # type: ignore[union-attr]
        assert verdict.index == len(prefix)
        if choice == "pass":
            assert verdict.loss == pytest.approx(picked - passed)
            assert verdict.grade == farfalia_review.thresholds.grade(picked - passed) != Grade.GOOD
        else:
            assert verdict.loss == 0 and verdict.grade is Grade.GOOD and verdict.best.kind == "pick"


def test_leaving_the_chat_noir_that_a_capture_takes_is_a_blunder_of_about_its_thirty_points() -> None:
    # P-R13's example: the Chat Noir (22) and a 10 on the table, Anna's Moins and Yin (12) take both, and
    # a Chat Noir taken on purpose scores +30 (P-R21). Playing a card instead leaves both to Marc.
    for play, lost in (("MO+YIxCN+E10", False), ("F6", True), ("E3", True)):
        game = rulebook_scenario(plays=(play,)).game()  # type: ignore[arg-type]
        replay = decode_papillon(encode_papillon_with_chance(game))
        (verdict,) = Review(replay, papillon_review, seats={0}).complete().verdicts
        assert papillon_review.notation(verdict.best) == "MO+YIxE10+CN"
        if lost:
            assert 25 <= verdict.loss <= 40 and verdict.grade is Grade.BLUNDER
            assert 25 <= verdict.seen_loss <= 40
        else:
            assert verdict.loss == 0 and verdict.grade is Grade.GOOD


def test_the_strong_bots_own_game_reviews_mostly_as_good() -> None:
    settings = PapillonSettings(2, rounds="blue")
    game = play_game(PAPILLON_RULES, settings, 7, [PapillonSearchBot(), PapillonSearchBot()])
    replay = Replay(PAPILLON_RULES, settings, 7, (), tuple(game.actions))
    review = Review(replay, papillon_review, seats={0}, seed=3).complete()  # (one seat: the review's budget is large)
    good = sum(verdict.grade is Grade.GOOD for verdict in review.verdicts)
    assert len(review.verdicts) >= 20 and good >= 0.8 * len(review.verdicts)
    assert review.summaries()[0].accuracy >= 80


def test_analyse_prints_a_row_a_decision_and_a_line_a_player(capsys: pytest.CaptureFixture[str]) -> None:
    game = rulebook_scenario(plays=("F6",)).game()  # type: ignore[arg-type]
    text = encode_papillon_with_chance(game, ("Anna", "Marc"))
    assert read_replay(text).names == ("Anna", "Marc")
    assert main(["analyse", text]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "all cards seen" in out[1]
    assert "F6" in out[2] and "MO+YIxE10+CN" in out[2] and "blunder" in out[2] and "Anna" in out[2]
    assert out[-2].startswith("Anna: 1 decisions") and "1 blunder" in out[-2]
    assert out[-1].startswith("Marc: 0 decisions")
    assert main(["analyse", text, "--seat", "2"]) == 2
    assert "--seat takes 0 to 1" in capsys.readouterr().err


def test_an_action_tried_beside_the_reviews_is_valued_on_the_same_deals_and_changes_none_of_its_figures() -> None:
    """A try at a mistake (:attr:`Review.tried`): the review's own actions keep their values to the
    last digit, also where the action played was not among the search's candidates (then one more
    action shares the budget), and the try is valued beside them."""
    replay = read_replay(find_game("papillon").sample_replays(1)[2])
    whole = Review(replay, papillon_review, playouts=120).complete()

    def compared(verdict: Verdict) -> tuple[int, ...]:
        view = PAPILLON_RULES.seat_view(replay.before(verdict.index).game(), verdict.player)
        for _ in papillon_review.model.prepare(view):
            pass
        return papillon_review.compared(view)

    def left_out(verdict: Verdict) -> list[int]:
        return [a for a in replay.before(verdict.index).game().legal_actions() if a not in verdict.known.actions]

    open_ = [verdict for verdict in whole.verdicts if left_out(verdict)]
    beyond = next(verdict for verdict in open_ if verdict.action not in compared(verdict))
    within = next(verdict for verdict in open_ if verdict.action in compared(verdict))
    for verdict in (beyond, within):
        tried = left_out(verdict)[0]
        again = Review(replay.before(verdict.index + 1), papillon_review, {verdict.player}, playouts=120,
                       start=verdict.index, tried=tried).complete()  # fmt: skip
        (judged,) = again.verdicts
        for valuation, before in ((judged.known, verdict.known), (judged.seen, verdict.seen)):
            assert valuation.actions == (*before.actions, tried) and valuation.values[:-1] == before.values
