"""Papillon's bots: legal at every decision, deciding from the view alone, a sampler whose
worlds the view cannot tell from the real game, a careful player's rules of thumb, a
reproducible search, and the duplicate tournament that measures them."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from farfalia.bots.search import Search
from farfalia.bots.tournament import tournament
from farfalia.cli import main
from farfalia.core.errors import SettingsError
from farfalia.games.papillon.bots.heuristic import PapillonHeuristicBot, PapillonRandomBot, ranked
from farfalia.games.papillon.bots.model import (
    MOST_CANDIDATES,
    PAPILLON_SEARCH,
    AllSeen,
    HandsSeenDeal,
    PapillonBlueSeenBot,
    PapillonHandsSeenBot,
    PapillonOmniscientBot,
    PapillonOrangeSeenBot,
    PapillonSampler,
    PapillonSearch,
    PapillonSearchBot,
    TrueDeal,
    margin,
)
from farfalia.games.papillon.engine.cards import CHAT_NOIR, PAPILLON, blue_numbers
from farfalia.games.papillon.engine.game import (
    CENTRE,
    TAKE_ATTACK,
    PapillonGame,
    action_name,
    blue_move,
    orange_move,
)
from farfalia.games.papillon.engine.rules import PapillonSettings
from farfalia.games.papillon.engine.views import hidden_twin, seat_view
from farfalia.games.papillon.site import PAPILLON_SITE
from tests.support import PAPILLON_SETTINGS as SETTINGS
from tests.support import A, B, blue_position, cards, check_conservation, orange_position
from tests.test_papillon_scenario import rulebook_scenario

SMALL_SEARCH = 24  # playouts: enough to exercise the search, cheap enough for tests


def decisions(papillon: PapillonSettings, seed: int, bot: object) -> Iterator[PapillonGame]:
    """The game at each of its decisions in turn, played on by ``bot`` from ``seed``."""
    game = PapillonGame(papillon, seed)
    rng = random.Random(seed)
    while not game.is_over():
        yield game
        player = game.current_player()
        game.apply(bot.choose(seat_view(game, player), rng))  # type: ignore[attr-defined]


@pytest.mark.parametrize("papillon", SETTINGS, ids=str)
def test_the_bots_play_legal_actions_to_the_end(papillon: PapillonSettings) -> None:
    for bot in (PapillonRandomBot(), PapillonHeuristicBot()):
        steps = 0
        for game in decisions(papillon, 3, bot):  # each choice goes through the checked apply
            check_conservation(game)
            steps += 1
        assert steps > 20


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SETTINGS), st.integers(0, 2**32), st.integers(0, 150))
def test_bots_decide_from_the_view_alone(papillon: PapillonSettings, seed: int, steps: int) -> None:
    game = PapillonGame(papillon, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(PapillonHeuristicBot().choose(seat_view(game, game.current_player()), rng))
        if game.is_over():  # back to the last decision: the test always has one to look at
            game.undo()
            break
    player = game.current_player()
    twin = hidden_twin(game, player, random.Random(seed))
    view = seat_view(game, player)
    assert seat_view(twin, player) == view  # the view (and its public state) cannot tell them apart
    for bot in (PapillonHeuristicBot(), PapillonSearchBot(SMALL_SEARCH)):
        assert bot.choose(view, random.Random(seed)) == bot.choose(seat_view(twin, player), random.Random(seed))


@pytest.mark.parametrize("papillon", SETTINGS, ids=str)
def test_sampled_worlds_look_the_same_from_the_seat(papillon: PapillonSettings) -> None:
    rng = random.Random(5)
    for step, game in enumerate(decisions(papillon, 5, PapillonRandomBot())):
        if step % 7:
            continue
        player = game.current_player()
        view = seat_view(game, player)
        world = PapillonSampler(view).sample(rng)
        assert seat_view(world, player) == view
        assert world.legal_actions() == game.legal_actions()
        check_conservation(world)
        world.random_playout(rng, 10_000)  # the world plays on to the round's end
        assert len(world.round_scores()) > len(game.round_scores())


@pytest.mark.parametrize("papillon", SETTINGS, ids=str)
def test_the_hands_seen_yardstick_deals_the_real_hands_and_the_rest_anew(papillon: PapillonSettings) -> None:
    rng = random.Random(6)
    dealt_anew = 0
    for step, game in enumerate(decisions(papillon, 5, PapillonRandomBot())):
        if step % 7:
            continue
        player = game.current_player()
        view = seat_view(game, player)
        world = HandsSeenDeal(view, game).sample(rng)
        assert world.hands == game.hands and seat_view(world, player) == view
        assert sorted(world.deck + world.draw_pile) == sorted(game.deck + game.draw_pile)
        assert all(seat_view(world, seat) == seat_view(game, seat) for seat in range(game.players))
        check_conservation(world)
        dealt_anew += (world.deck, world.draw_pile) != (game.deck, game.draw_pile)
        if step == 0:
            chosen = PapillonHandsSeenBot(SMALL_SEARCH).choose(AllSeen(view, game), random.Random(0))
            assert chosen in game.legal_actions()
    assert dealt_anew > 0  # the cards to come are not the game's
    assert PapillonHandsSeenBot().sees_all and PAPILLON_SITE.bot("hands-seen").hands_only


def test_the_round_seen_yardsticks_see_every_card_in_their_round_only() -> None:
    """``blue-seen`` decides as the omniscient bot in the blue round and as the strong bot in the
    orange one, ``orange-seen`` the other way round: at decisions where those two differ."""
    differing = {"blue": 0, "orange": 0}
    for game in decisions(PapillonSettings(players=3), 4, PapillonHeuristicBot()):
        view = seat_view(game, game.current_player())
        if len(view.offered_actions) < 2 or (view.colour == "blue" and len(game.actions) % 3):
            continue
        seen = PapillonOmniscientBot(SMALL_SEARCH).choose(AllSeen(view, game), random.Random(1))
        unseen = PapillonSearchBot(SMALL_SEARCH).choose(view, random.Random(1))
        if seen == unseen:
            continue
        differing[view.colour] += 1
        blue, orange = (bot(SMALL_SEARCH).choose(AllSeen(view, game), random.Random(1))
                        for bot in (PapillonBlueSeenBot, PapillonOrangeSeenBot))  # fmt: skip
        assert (blue, orange) == ((seen, unseen) if view.colour == "blue" else (unseen, seen))
        if min(differing.values()) >= 2:
            break
    assert min(differing.values()) >= 2, differing
    assert {PAPILLON_SITE.bot(name).seen_colour for name in ("blue-seen", "orange-seen")} == {"blue", "orange"}


def test_a_world_with_the_real_cards_plays_on_as_the_game() -> None:
    for game in decisions(PapillonSettings(players=3), 2, PapillonHeuristicBot()):
        twin = PapillonGame.from_public(game.public_state(), game.hands, game.deck, game.draw_pile, seed=1)
        assert all(seat_view(twin, p) == seat_view(game, p) for p in range(game.players))
        if game.actions and len(game.actions) % 10 == 0:
            break


def test_the_heuristic_takes_the_chat_noir_and_keeps_its_threes() -> None:
    # P-R13, P-D21: the Chat Noir (22) taken on purpose is worth +30 to the side: with the Yin
    # (12) in hand, 22 − 10 = 12 takes it (the rulebook's example); discarding would leave it.
    game = blue_position(2, [["YI", "F5", "D3"], ["F4"]], ["CN", "E10", "MO"], to_act=A)
    choice = PapillonHeuristicBot().choose(seat_view(game, A), random.Random(0))
    assert choice == blue_move(cards("YI"), cards("CN", "E10", "MO"))
    game.apply(choice)
    assert CHAT_NOIR in game.piles[game.sides[A]]
    # With nothing to take, the discard is a card worth nothing, not the 3 (10 points).
    game = blue_position(2, [["D3", "F5"], ["E1"]], ["S10"], to_act=A)
    assert PapillonHeuristicBot().choose(seat_view(game, A), random.Random(0)) == blue_move(cards("F5"))


def test_the_heuristic_counters_an_attack_and_keeps_its_papillon_otherwise() -> None:
    # P-D36: attacked with a Papillon in hand, countering makes the attacker draw 6.
    game = orange_position(2, (4, 8), [["PAo", "E4o", "E9"], ["F7o"]], to_act=A)
    game.attack = (B, A)
    game._turns_from(A)
    assert game.phase == "attacked"
    papillon = cards("PAo")[0]
    assert PapillonHeuristicBot().choose(seat_view(game, A), random.Random(0)) == orange_move(papillon, CENTRE)
    assert TAKE_ATTACK in game.legal_actions()
    # Unattacked, the Papillon would make its player draw 3: a number card goes instead.
    game = orange_position(2, (4, 8), [["PAo", "E4o", "E9"], ["F7o"]], to_act=A)
    choice = PapillonHeuristicBot().choose(seat_view(game, A), random.Random(0))
    assert choice != orange_move(papillon, CENTRE) and papillon % 58 == PAPILLON


def test_the_search_is_reproducible_and_legal() -> None:
    game = PapillonGame(PapillonSettings(players=4), 11)
    while game.phase != "blue":
        game.apply(game.legal_actions()[0])
    view = seat_view(game, game.current_player())
    choices = {PapillonSearchBot(SMALL_SEARCH).choose(view, random.Random(3)) for _ in range(2)}
    assert len(choices) == 1 and choices <= set(view.legal_actions)


@pytest.mark.parametrize("players", [2, 5])
def test_the_searchs_prior_and_candidates_are_the_heuristics(players: int) -> None:
    """The search's prior is the heuristic's choice and its candidates the heuristic's best (one
    ranking found for both), at every decision of a game, whichever is asked for first."""
    game = PapillonGame(PapillonSettings(players=players), players)
    rng = random.Random(players)
    while not game.is_over():
        view = seat_view(game, game.current_player())
        candidates = PAPILLON_SEARCH.candidates(view)
        prior = PAPILLON_SEARCH.prior(view, rng)
        assert prior == PapillonHeuristicBot().choose(view, rng) == ranked(view)[0]
        assert candidates in ((), tuple(ranked(view)[: len(candidates)]))
        again = seat_view(game, game.current_player())  # an equal view, a new object: ranked again
        assert PAPILLON_SEARCH.prior(again, rng) == prior
        game.apply(rng.choice(game.legal_actions()))


def test_the_searchs_set_up_ranks_a_table_of_many_captures_in_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """At a table that discards have filled (two players, always the first legal action), the
    search's set-up finds the captures a table card a step, and ranks them :data:`RANK_STEP` a
    step (made small here), so the page draws between steps; the best it keeps are those of one
    ranking of all, and a search cut short (the page's time limit) while setting up still ends
    with the heuristic's choice."""
    monkeypatch.setattr("farfalia.games.papillon.bots.model.RANK_STEP", 40)
    monkeypatch.setattr("farfalia.games.papillon.engine.captures.STEP_SETS", 0)  # a step each table card
    game = PapillonGame(PapillonSettings(2, rounds="blue"), 5)
    while len(game.table) < 20 or game.phase != "blue":
        game.apply(game.legal_actions()[0])
    view = seat_view(game, game.current_player())  # its captures not found yet: found in steps too
    steps = sum(1 for _ in PapillonSearch().prepare(view))
    again = sum(1 for _ in PapillonSearch().prepare(seat_view(game, game.current_player())))  # remembered
    assert not view.crowded and len(view.legal_actions) > 3 * 40 and again == -(-len(view.legal_actions) // 40)
    numbered = [card for card in view.table if blue_numbers(card, view.settings.yang)]
    assert steps >= again + len(numbered)  # a step a numbered table card, at least, to find them
    search = Search(view, random.Random(1), SMALL_SEARCH, PapillonSearch())
    search.step()
    assert not search.finished and search.candidates == ()  # one step ranked, nothing more
    search.conclude()
    while not search.finished:
        search.step()
    assert search.done == 0 and search.best() == ranked(view, 1)[0]
    whole = Search(view, random.Random(1), SMALL_SEARCH, PapillonSearch())
    whole.complete()
    assert whole.candidates == tuple(ranked(view, MOST_CANDIDATES)) and whole.done == whole.iterations > 0


def test_margin_reads_the_blue_piles_and_the_orange_hands() -> None:
    game = blue_position(2, [["E1"], ["F1"]], [], to_act=A)
    game.piles = [cards("D3", "CN"), cards("E5")]  # 10 + 30 + 2 cards × 0.5 against 0.5
    assert margin(game, A, 0) == pytest.approx(41 - 0.5)
    game = orange_position(3, (4, 8), [["E9o"], ["F7o", "S2o"], ["CNo"]], to_act=A)
    # costs: A 9, B 9, C 22 → A's margin −9 − mean(−9, −22) = 6.5
    assert margin(game, A, len(game.round_scores())) == pytest.approx(6.5)


def test_heuristic_beats_random_in_a_duplicate_tournament() -> None:
    report = tournament("papillon", PapillonSettings(players=3), ["random", "heuristic"], deals=12, seed=2)
    assert report.unit == "game"
    assert report.edges[1].mean - report.edges[1].half_width > 0


def test_papillon_bots_by_name() -> None:
    assert isinstance(PAPILLON_SITE.bot("strong:50"), PapillonSearchBot)
    assert PAPILLON_SITE.bot("strong:50").playouts == 50
    assert PAPILLON_SITE.bot("omniscient").sees_all and not PAPILLON_SITE.bot("strong").sees_all
    assert PAPILLON_SITE.bot("hands-seen:30").playouts == 30  # every searching bot takes a budget
    for bad in ("wizard", "heuristic:5"):
        with pytest.raises(SettingsError):
            PAPILLON_SITE.bot(bad)


def test_the_omniscient_bot_searches_the_deal_as_it_is() -> None:
    # P-R13's example: Anna's Moins and Yin take the Chat Noir and the 10 (+30 on purpose, P-R21).
    game = rulebook_scenario().game()
    view = seat_view(game, 0)
    action = PAPILLON_SITE.bot("omniscient:120").choose(AllSeen(view, game), random.Random(0))
    assert action_name(action) in ("MO+YIxCN+E10", "MO+YIxE10+CN")
    twin = TrueDeal(game).sample(random.Random(1))
    assert twin.hands == game.hands and twin.draw_pile == game.draw_pile and twin.deck == game.deck


def test_the_tournament_command_plays_papillon(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--game", "papillon", "--players", "5", "--bots", "random,heuristic", "--deals", "2"]
    assert main([*args, "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("papillon 5 players, seed 0") and "points per game" in out and "edge over random" in out
