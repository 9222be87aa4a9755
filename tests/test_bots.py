"""The bots: legal and view-only in every mode, sound rules of thumb, a reproducible search,
and the duplicate tournament that measures them."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from farfalia.bots.roster import play_game
from farfalia.bots.search import Search
from farfalia.bots.tournament import lineups, ratings, tournament
from farfalia.cli import main
from farfalia.core.errors import SettingsError
from farfalia.games.farfalia.bots.heuristic import Bot, HeuristicBot, RandomBot, Table
from farfalia.games.farfalia.bots.model import FARFALIA_SEARCH, FarfaliaSearchBot, OmniscientBot
from farfalia.games.farfalia.engine.cards import FIRST_WILD
from farfalia.games.farfalia.engine.definition import FARFALIA_RULES
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import MODES, VARIANTS, Settings
from farfalia.games.farfalia.engine.state import STRENGTH
from farfalia.games.farfalia.engine.views import hidden_twin, omniscient_view, seat_view
from farfalia.games.farfalia.site import FARFALIA_SITE

game_settings = st.builds(Settings, mode=st.sampled_from(MODES), variants=st.frozensets(st.sampled_from(VARIANTS)))
SMALL_SEARCH = 40  # playouts: enough to exercise the search, cheap enough for tests


def bot_game(game_settings: Settings, seed: int, bot: Bot, steps: int) -> Game:
    """A game played ``steps`` decisions on by ``bot`` in every seat."""
    game = Game(game_settings, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        turn = game.to_act()
        if turn is None:
            break
        game.apply(bot.choose(seat_view(game, turn.player), rng))
    return game


def decisions(game_settings: Settings, seed: int, bot: Bot) -> Iterator[Game]:
    """The game at each of its decisions in turn, played on by ``bot`` from ``seed``."""
    game = Game(game_settings, seed)
    rng = random.Random(seed)
    while (turn := game.to_act()) is not None:
        yield game
        game.apply(bot.choose(seat_view(game, turn.player), rng))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_settings, st.integers(0, 2**32), st.integers(0, 120))
def test_bots_decide_from_the_view_alone(game_settings: Settings, seed: int, steps: int) -> None:
    game = bot_game(game_settings, seed, HeuristicBot(), steps)
    turn = game.to_act()
    assume(turn is not None)  # 120 decisions end only the shortest games
    assert turn is not None
    twin = hidden_twin(game, turn.player, random.Random(seed))
    for bot in (HeuristicBot(), FarfaliaSearchBot(SMALL_SEARCH)):
        mine = bot.choose(seat_view(game, turn.player), random.Random(seed))
        assert mine in game.legal_actions()
        assert bot.choose(seat_view(twin, turn.player), random.Random(seed)) == mine


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("variants", [frozenset(), frozenset(VARIANTS)])
def test_heuristic_bots_finish_every_mode_and_variant(mode: str, variants: frozenset[str]) -> None:
    game = bot_game(Settings(mode, variants), 11, HeuristicBot(), 5000)
    assert game.is_over()
    kinds = Counter(action.kind for action in game.actions)
    assert kinds["play"] and (kinds["pick"] or kinds["pass"])
    if "double-you" in variants:
        assert kinds["double"]  # the Double You cards get used
    if "burning" in variants:
        assert any(action.card is not None and action.card >= FIRST_WILD for action in game.actions)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(("basic5", "four", "three")), st.integers(0, 2**32))
def test_the_heuristic_takes_a_valuable_trick_it_can_win_last(mode: str, seed: int) -> None:
    """Last to play, an opponent ahead, a card the side may pick in the trick, a winning
    card in hand: the heuristic wins the trick (with its cheapest winning card). Checked
    at every such decision of a random game (nearly every game has several)."""
    checked = 0
    for game in decisions(Settings(mode), seed, RandomBot()):
        turn = game.to_act()
        if turn is None or game.phase != "play" or not game.state.trick:
            continue
        view = seat_view(game, turn.player)
        table = Table(view)
        if table.led is None or table.after or table.sides[table.best_pos] == table.side:
            continue
        strength = STRENGTH[table.trump + 1][table.led]
        winners = [c for c in table.legal if c < FIRST_WILD and strength[c] > table.best_key]
        if not winners or not any(table.wanted(table.side, c) for c in table.trick_cards):
            continue
        chosen = HeuristicBot().choose(view, random.Random(0)).card
        assert chosen in winners and table.worth(chosen) == min(map(table.worth, winners))  # type: ignore[arg-type]
        checked += 1
    assume(checked > 0)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_settings, st.integers(0, 2**32), st.integers(0, 4))
def test_bots_always_take_a_card_they_may_take(game_settings: Settings, seed: int, skip: int) -> None:
    """At the ``skip``-th pick decision of a random game that offers a card to take."""
    picks = 0
    for game in decisions(game_settings, seed, RandomBot()):
        turn = game.to_act()
        if turn is None or game.phase != "pick" or len(game.legal_actions()) < 2:
            continue
        view = seat_view(game, turn.player)
        picks += 1
        if picks > skip:
            assert HeuristicBot().choose(view, random.Random(0)).kind == "pick"
            assert FarfaliaSearchBot(SMALL_SEARCH).choose(view, random.Random(0)).kind == "pick"
            return
    assume(picks > skip)  # the game ended first (rare: games offer many picks)


def test_a_search_in_steps_decides_as_a_search_in_one_go() -> None:
    """A step is one candidate's playout (the page draws between steps); a deal's margins count
    once every candidate is played out on it, and the decision is the one-go search's."""
    game = bot_game(Settings("basic5"), 4, HeuristicBot(), 14)
    view = seat_view(game, game.to_act().player)  # type: ignore[union-attr]
    whole = Search(view, random.Random(9), 200, FARFALIA_SEARCH)
    whole.complete()
    sliced = Search(view, random.Random(9), 200, FARFALIA_SEARCH)
    steps = 0
    while not sliced.finished:
        done, margins = sliced.done, list(sliced.margins)
        sliced.step()
        steps += 1
        assert sliced.margins == margins or sliced.done == done + 1 or not margins
    assert sliced.margins == whole.margins and sliced.best() == whole.best()
    assert len(view.legal_actions) > 1 and whole.done == whole.iterations > 1
    assert steps == 1 + whole.done * len(whole.candidates)  # the set-up, then a playout a step


def test_the_omniscient_bot_sees_every_card() -> None:
    game = bot_game(Settings("four"), 2, HeuristicBot(), 20)
    turn = game.to_act()
    assert turn is not None
    action = OmniscientBot(SMALL_SEARCH).choose(omniscient_view(game), random.Random(0))
    assert action in game.legal_actions() and OmniscientBot.sees_all and not FarfaliaSearchBot.sees_all


def test_lineups_put_every_bot_in_every_seat() -> None:
    for bots, players in ((2, 5), (2, 4), (3, 3), (4, 2), (3, 2)):
        rotations = lineups(bots, players)
        assert len(rotations) == (players if bots <= players else bots * players)
        for seat in range(players):
            held = Counter(lineup[seat] for lineup in rotations)
            assert sorted(held) == list(range(bots))  # more bots than seats: each bot's line-up in turn
            assert held == Counter(lineup[0] for lineup in rotations)  # every seat alike
        if bots > players:
            assert len(set(held.values())) == 1  # as often


def test_ratings_put_bots_on_one_scale_by_their_results() -> None:
    assert ratings([]) == ()
    even = ratings([(1.0, 1.0, 2.0), (2.0, 1.0, 1.0)] * 10)
    assert even[0] == 1000 and even[1] < 1000 < even[2] + 1e-9 and abs(even[2] - 1000) < 1e-6
    ten_to_one = ratings([(0.0, 1.0)] * 10 + [(1.0, 0.0)])  # 10.5 wins to 1.5 with the half wins added
    assert ten_to_one[1] - 1000 == pytest.approx(400 * math.log10(10.5 / 1.5), abs=0.01)
    ladder = ratings([(0.0, 1.0, 2.0)] * 30)
    assert ladder[0] < ladder[1] < ladder[2]


def test_the_heuristic_beats_random_in_a_duplicate_tournament() -> None:
    report = tournament("farfalia", Settings("four", first_dealer=0), ["random", "heuristic"], deals=30, seed=5)
    assert report.edges[1].mean - report.edges[1].half_width > 0
    assert report.edges[0].mean == 0 and len(report.lines()) == 3


def test_bots_by_name() -> None:
    bot = FARFALIA_SITE.bot
    assert isinstance(bot("strong:50"), FarfaliaSearchBot) and bot("strong:50").playouts == 50
    assert isinstance(bot("omniscient"), OmniscientBot) and isinstance(bot("random"), RandomBot)
    for bad in ("wizard", "heuristic:5", "strong:", "strong:many"):
        with pytest.raises(SettingsError, match="unknown bot"):
            bot(bad)


def test_a_whole_game_by_bots_refuses_a_bot_that_must_be_shown_every_card() -> None:
    bot = FARFALIA_SITE.bot
    with pytest.raises(SettingsError, match="tournaments only"):  # it would search a seat's view as a strong bot
        play_game(FARFALIA_RULES, Settings("basic5"), 1, [bot("omniscient:20")] + [bot("heuristic")] * 4)
    assert play_game(FARFALIA_RULES, Settings("three"), 1, [bot("heuristic")] * 3).is_over()


def test_tournament_command_prints_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--mode", "three", "--bots", "random,heuristic", "--deals", "3", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "heuristic" in out and "±" in out and "edge over random" in out
    with pytest.raises(SystemExit) as exit_info:
        main(["tournament", "--bots", "heuristic,wizard"])
    assert exit_info.value.code == 2
