"""Papillon on the command line: its settings' options, a game summed up for ``simulate``, and
the rules core's throughput for ``bench`` (random games, and a blue turn's captures)."""

from __future__ import annotations

import argparse
import itertools
import random
from collections.abc import Iterator
from typing import Final

from farfalia.core.interface import random_play
from farfalia.core.timing import best_rate
from farfalia.games.papillon.engine.captures import capture_codes, run_steps, some_capture_codes_in_steps
from farfalia.games.papillon.engine.game import OFFERED_EACH, PapillonGame
from farfalia.games.papillon.engine.rules import DEALS, ROUNDS, PapillonSettings
from farfalia.games.papillon.engine.views import PAPILLON_RULES
from farfalia.games.papillon.page import account
from farfalia.records.replay import Replay

#: The blue tables :func:`bench_captures` measures, by their number of cards (the last two crowded).
BENCH_TABLES: Final = (8, 20, 30, 49)
#: Decisions a playout of the benchmark takes at a time (a round ends it sooner).
PLAYOUT_DECISIONS: Final = 1000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The players, the house rules, the rounds, the dealer and the Yang's number."""
    group = parser.add_argument_group("Papillon's settings")
    group.add_argument("--players", type=int, choices=sorted(DEALS), action="append", help="bench: only these")
    group.add_argument("--two-against-one", action="store_true", help="2 v 1 at three players (P-D8)")
    group.add_argument("--forced-capture", action="store_true", help="no discard when a capture fits (P-D13)")
    group.add_argument("--rounds", choices=ROUNDS, default="both", help="a practice game of one round (P-D5)")
    group.add_argument("--dealer", type=int, default=0, help="the dealer's seat (P-D6)")
    group.add_argument("--yang", type=int, default=12, help="the Yang's number (P-D9)")


def settings_from(args: argparse.Namespace) -> PapillonSettings:
    """The settings the options name (two players unless told)."""
    return PapillonSettings(
        players=args.players[0] if args.players else 2,
        two_against_one=args.two_against_one,
        forced_capture=args.forced_capture,
        rounds=args.rounds,
        dealer=args.dealer,
        yang=args.yang,
    )


def options(settings: PapillonSettings) -> list[str]:
    """The house rules and the practice round a game plays, as the command line names them."""
    flags = [name for name in ("two_against_one", "forced_capture") if getattr(settings, name)]
    return [flag.replace("_", "-") for flag in flags] + ([] if settings.rounds == "both" else [settings.rounds])


def describe_settings(settings: PapillonSettings) -> str:
    """The players and the options ("papillon 3 players two-against-one")."""
    return f"papillon {settings.players} players {' '.join(options(settings))}".strip()


def describe(replay: Replay) -> str:
    """Decision by decision, round by round (:mod:`farfalia.games.papillon.page.account`)."""
    return account.describe(replay)


def summary(game: PapillonGame, seed: int) -> dict[str, object]:
    """A finished game: its settings, seed, length, each round's points, scores and winners."""
    return {
        "game": "papillon",
        "players": game.settings.players,
        "options": options(game.settings),
        "seed": seed,
        "rounds": len(game.round_scores()),
        "actions": len(game.actions),
        "round_scores": [list(points) for points in game.round_scores()],
        "scores": list(game.returns()),
        "winners": list(game.winners),
    }


def bench_games(players: int, seconds: float, seed: int = 1, rounds: int = 5) -> float:
    """Complete random games a second through the checked API (seeds ``seed, seed + 1, …``)."""
    settings = PapillonSettings(players=players)
    seeds = itertools.count(seed)

    def one_game() -> int:
        random_play(PAPILLON_RULES, settings, next(seeds))
        return 1

    return best_rate(one_game, seconds, rounds)


def bench_playouts(players: int, seconds: float, seed: int = 1, rounds: int = 5) -> float:
    """Complete random games a second through the search's unchecked playouts
    (:meth:`PapillonGame.random_playout`: random actions among those offered, unchecked)."""
    settings = PapillonSettings(players=players)
    seeds = itertools.count(seed)
    choices = random.Random(seed)

    def one_game() -> int:
        game = PAPILLON_RULES.new(settings, next(seeds))
        while not game.is_over():
            game.random_playout(choices, PLAYOUT_DECISIONS)
        return 1

    return best_rate(one_game, seconds, rounds)


def bench_captures(table_cards: int, seconds: float, rounds: int = 5) -> tuple[int, bool, float]:
    """A blue turn's captures at a table that discards have filled to ``table_cards`` cards
    (2 players, seed 5, every decision the first action offered, a discard): how many are listed
    (all, or at a crowded table the selection offered), whether the table is crowded, and how
    many times a second they are found (not remembered)."""
    game = PAPILLON_RULES.new(PapillonSettings(players=2, rounds="blue"), 5)
    while len(game.table) < table_cards or game.phase != "blue":
        game.apply(game.offered_actions()[0])
    hand, table, yang = game.hands[game.current], game.table, game.settings.yang
    crowded = game.crowded

    def find() -> list[int]:
        if crowded:
            return run_steps(some_capture_codes_in_steps(hand, table, yang, OFFERED_EACH))
        return capture_codes(hand, table, yang)

    found = len(find())

    def find_all() -> int:
        find()
        return 1

    return found, crowded, best_rate(find_all, seconds, rounds)


def bench(args: argparse.Namespace) -> Iterator[str]:
    """Random games a second per player count, checked then unchecked (as the search plays them
    out), then how fast a blue turn's captures are found."""
    for players in args.players or sorted(DEALS):
        yield f"papillon {players} players {bench_games(players, args.seconds):>9.1f} games/s"
    for players in args.players or sorted(DEALS):
        yield f"papillon {players} players unchecked {bench_playouts(players, args.seconds):>9.1f} games/s"
    for cards in BENCH_TABLES:
        found, crowded, rate = bench_captures(cards, args.seconds)
        listed = f"a selection of {found} (crowded)" if crowded else f"all {found}"
        yield f"blue table of {cards} cards {rate:>9.1f} times/s {listed} captures"
