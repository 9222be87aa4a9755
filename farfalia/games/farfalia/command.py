"""Farfalia on the command line: its settings' options, a game summed up for ``simulate``, and
the rules core's throughput for ``bench``."""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator

from farfalia.core.timing import best_rate
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import MODES, VARIANTS, Settings
from farfalia.games.farfalia.engine.state import State
from farfalia.games.farfalia.page import account
from farfalia.records.replay import Replay


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The mode and the variants; for ``bench``, the modes to time."""
    group = parser.add_argument_group("Farfalia's settings")
    group.add_argument("--mode", choices=MODES, action="append", help="the mode (bench: only these; repeat)")
    group.add_argument("--variant", action="append", choices=VARIANTS, help="repeat for both variants")


def settings_from(args: argparse.Namespace) -> Settings:
    """The settings the options name (the first mode named, else ``basic5``; player 0 deals first
    where a tournament asks, for its deals to be the same in every rotation)."""
    mode = args.mode[0] if args.mode else "basic5"
    dealer = 0 if args.command == "tournament" else None
    return Settings(mode, frozenset(args.variant or ()), first_dealer=dealer)


def describe_settings(settings: Settings) -> str:
    """The mode and the variants ("basic5 burning")."""
    return f"{settings.mode} {' '.join(sorted(settings.variants))}".strip()


def describe(replay: Replay) -> str:
    """Hand by hand, trick by trick (:mod:`farfalia.games.farfalia.page.account`)."""
    return account.describe(replay)


def summary(game: Game, seed: int) -> dict[str, object]:
    """A finished game: its settings, seed, length, scores and winners."""
    return {
        "mode": game.settings.mode,
        "variants": sorted(game.settings.variants),
        "seed": seed,
        "hands": len(game.state.results),
        "actions": len(game.actions),
        "scores": list(game.totals),
        "winners": list(game.winners),
    }


def bench_mode(
    mode: str, seconds: float, variants: frozenset[str] = frozenset(), seed: int = 1, rounds: int = 5
) -> float:
    """Complete random hands a second in the rules core (:meth:`State.random_playout`)."""
    settings = Settings(mode, variants)
    rng = random.Random(seed)

    def one_game() -> int:
        state = State(settings)
        state.random_playout(rng)
        return len(state.results)

    return best_rate(one_game, seconds, rounds)


def bench(args: argparse.Namespace) -> Iterator[str]:
    """Random hands a second, a line a mode (each as soon as it is measured), with the variants named."""
    variants = frozenset(args.variant or ())
    for mode in args.mode or MODES:
        label = " ".join([mode, *sorted(variants)])
        yield f"{label:<12} {bench_mode(mode, args.seconds, variants):>9.0f} hands/s"
