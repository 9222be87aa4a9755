"""Plain Tricks on the command line (:class:`~farfalia.ui.game.CommandLine`)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from farfalia.records.replay import Replay
from tests.third_game.engine import TricksGame, TricksSettings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--players``."""
    parser.add_argument("--players", type=int, default=3, choices=(2, 3))


def settings_from(args: argparse.Namespace) -> TricksSettings:
    """The players named."""
    return TricksSettings(args.players)


def describe_settings(settings: TricksSettings) -> str:
    """ "tricks 3 players"."""
    return f"tricks {settings.players} players"


def summary(game: TricksGame, seed: int) -> dict[str, object]:
    """Its players, seed, cards played and scores."""
    return {"players": game.players, "seed": seed, "actions": len(game.actions), "scores": list(game.returns())}


def describe(replay: Replay) -> str:
    """How many cards were played."""
    return f"Plain Tricks for {replay.settings.players}: {len(replay.actions)} cards played"


def bench(args: argparse.Namespace) -> Iterator[str]:
    """Nothing to time."""
    yield "tricks: nothing to time"
