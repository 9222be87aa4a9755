"""Duplicate tournaments: the same deals played with the bots rotated through every seat.

Deal ``d`` is the first hand of a game seeded ``seed + d`` with player 0 dealing.
It is played once per rotation of the line-up (the bots in turn around the
table, repeated to fill it), so every bot holds every seat and every role (the
dealer, his partner, a dummy's partner) on the same cards. A bot's score on a
deal is its mean points per hand over the seats it held; the luck of the cards
cancels in the differences between bots on the same deals.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from farfalia.bots.heuristic import Bot, HeuristicBot, RandomBot
from farfalia.bots.search import OmniscientBot, SearchBot
from farfalia.engine.cards import ascii_int
from farfalia.engine.errors import SettingsError
from farfalia.engine.game import Game
from farfalia.engine.rules import Settings
from farfalia.engine.views import omniscient_view, seat_view

BOTS = {"random": RandomBot, "heuristic": HeuristicBot, "strong": SearchBot, "omniscient": OmniscientBot}
#: The normal quantile of a two-sided 95% confidence interval.
Z95 = 1.959964


def make_bot(name: str) -> Bot:
    """A bot by its name in :data:`BOTS`; a searching bot may name its playouts a
    decision after a colon (``strong:2400``)."""
    kind, colon, budget = name.partition(":")
    if kind not in BOTS or (colon and (kind not in ("strong", "omniscient") or ascii_int(budget) is None)):
        raise SettingsError(f"unknown bot {name!r}; bots: {', '.join(BOTS)} (strong:N, omniscient:N for N playouts)")
    return BOTS[kind](int(budget)) if budget else BOTS[kind]()


def lineups(bots: int, players: int) -> list[tuple[int, ...]]:
    """For each rotation, the bot (an index) of each player."""
    base = [k % bots for k in range(players)]
    return [tuple(base[(player + turn) % players] for player in range(players)) for turn in range(players)]


@dataclass(frozen=True)
class DealScore:
    """One deal's outcome: each bot's mean points per hand, and its thinking times."""

    points: tuple[float, ...]
    seconds: tuple[tuple[float, ...], ...]


def play_deal(settings: Settings, names: Sequence[str], seed: int, deal: int) -> DealScore:
    """Play deal ``deal`` with every rotation of the line-up of bots ``names``."""
    bots = [make_bot(name) for name in names]
    sums = [0.0] * len(bots)
    seats = [0] * len(bots)
    seconds: list[list[float]] = [[] for _ in bots]
    for turn, lineup in enumerate(lineups(len(bots), settings.players)):
        game = Game(settings, seed + deal)
        rng = random.Random(f"{seed}/{deal}/{turn}")
        while not game.state.results:
            acting = game.to_act()
            assert acting is not None
            index = lineup[acting.player]
            bot = bots[index]
            view = omniscient_view(game) if getattr(bot, "sees_all", False) else seat_view(game, acting.player)
            start = time.perf_counter()
            action = bot.choose(view, rng)
            seconds[index].append(time.perf_counter() - start)
            game.apply(action)
        for player, points in enumerate(game.state.results[0].player_points):
            sums[lineup[player]] += points
            seats[lineup[player]] += 1
    return DealScore(tuple(s / n for s, n in zip(sums, seats)), tuple(map(tuple, seconds)))


@dataclass(frozen=True)
class Estimate:
    """A mean with the half-width of its 95% confidence interval."""

    mean: float
    half_width: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        """The mean of ``values`` and its normal 95% interval (use 30 or more values)."""
        n = len(values)
        mean = sum(values) / n
        spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else math.inf
        return cls(mean, Z95 * spread / math.sqrt(n))

    def __str__(self) -> str:
        return f"{self.mean:+.3f} ± {self.half_width:.3f}"


@dataclass(frozen=True)
class Report:
    """A tournament's results: per bot, points per hand; per other bot, its edge over the first."""

    names: tuple[str, ...]
    deals: int
    points: tuple[Estimate, ...]
    edges: tuple[Estimate, ...]
    seconds_mean: tuple[float, ...]
    seconds_max: tuple[float, ...]

    def lines(self) -> list[str]:
        """The report as text lines."""
        out = [f"{self.deals} duplicate deals; points per hand, 95% confidence intervals"]
        for k, name in enumerate(self.names):
            line = f"{name:<11} {self.points[k].mean:7.3f} ± {self.points[k].half_width:.3f}"
            if k:
                line += f"   edge over {self.names[0]}: {self.edges[k]}"
            line += f"   think {self.seconds_mean[k] * 1000:.1f} ms mean, {self.seconds_max[k] * 1000:.0f} ms max"
            out.append(line)
        return out


def tournament(settings: Settings, names: Sequence[str], deals: int, seed: int, workers: int = 1) -> Report:
    """Play ``deals`` duplicate deals (in ``workers`` processes) and sum them up."""
    if len(names) < 2:
        raise SettingsError("a tournament needs at least two bots")
    for name in names:
        make_bot(name)
    args = [(settings, list(names), seed, deal) for deal in range(deals)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            scores = list(pool.map(play_deal, *zip(*args)))
    else:
        scores = [play_deal(*arg) for arg in args]
    bots = range(len(names))
    times = [[t for score in scores for t in score.seconds[k]] for k in bots]
    return Report(
        names=tuple(names),
        deals=deals,
        points=tuple(Estimate.of([score.points[k] for score in scores]) for k in bots),
        edges=tuple(Estimate.of([score.points[k] - score.points[0] for score in scores]) for k in bots),
        seconds_mean=tuple(sum(t) / len(t) if t else 0.0 for t in times),
        seconds_max=tuple(max(t, default=0.0) for t in times),
    )
