"""Duplicate tournaments between bots of any game: the same deals played with the bots rotated
through every seat.

Deal ``d`` is what the game calls a deal (a hand of the game seeded ``seed + d`` with player 0
dealing, or a whole game), played once per rotation of the line-up (the
bots in turn around the table, repeated to fill it), so every bot holds every seat and every role
(the dealer, his partner, a dummy's partner) on the same cards. A bot's score on a deal is its
mean points over the seats it held; the luck of the cards cancels in the differences between bots
on the same deals. A game takes part through :class:`Contest`, found by name in the registry.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from farfalia.core import registry
from farfalia.core.errors import SettingsError
from farfalia.core.interface import Rules

#: The normal quantile of a two-sided 95% confidence interval.
Z95 = 1.959964


class Contest(Protocol):
    """What a tournament needs of a game: its rules, its bots by name, and one deal played."""

    name: str
    rules: Rules[Any]
    #: What one deal is (``hand``, ``game``).
    deal_unit: str

    def bot(self, name: str) -> Any:
        """A bot by name; :class:`SettingsError` for an unknown one."""

    def play_deal(
        self, settings: Any, seed: int, bots: Sequence[Any], choose: Callable[[Any, int], Any]
    ) -> tuple[int, ...]:
        """Each player's points on the deal ``seed``, each decision ``choose(view, player)``'s."""


def lineups(bots: int, players: int) -> list[tuple[int, ...]]:
    """For each rotation, the bot (an index) of each player: the line-up of bots in turn around the
    table (repeated to fill it); with more bots than seats, each bot's line-up in turn, so that every
    bot holds every seat as often."""
    found = []
    for shift in range(bots) if bots > players else range(1):
        base = [(k + shift) % bots for k in range(players)]
        found += [tuple(base[(player + turn) % players] for player in range(players)) for turn in range(players)]
    return found


@dataclass(frozen=True)
class DealScore:
    """One deal's outcome: each bot's mean points per deal, and its thinking times."""

    points: tuple[float, ...]
    seconds: tuple[tuple[float, ...], ...]


def play_deal(game_name: str, settings: Any, names: Sequence[str], seed: int, deal: int) -> DealScore:
    """Play deal ``deal`` of the game ``game_name`` with every rotation of the line-up of bots ``names``."""
    game: Contest = registry.find(game_name)
    bots = [game.bot(name) for name in names]
    sums = [0.0] * len(bots)
    seats = [0] * len(bots)
    seconds: list[list[float]] = [[] for _ in bots]
    for turn, lineup in enumerate(lineups(len(bots), game.rules.players(settings))):
        table = BotTable([bots[index] for index in lineup], random.Random(f"{seed}/{deal}/{turn}"))
        points = game.play_deal(settings, seed + deal, table.bots, table.choose)
        for player, score in enumerate(points):
            sums[lineup[player]] += score
            seats[lineup[player]] += 1
            seconds[lineup[player]] += table.seconds[player]
    return DealScore(tuple(s / n for s, n in zip(sums, seats)), tuple(map(tuple, seconds)))


class BotTable:
    """The bot in each seat of one game, their shared generator, and each seat's thinking times."""

    def __init__(self, bots: list[Any], rng: random.Random) -> None:
        self.bots = bots
        self.rng = rng
        self.seconds: list[list[float]] = [[] for _ in bots]

    def choose(self, view: Any, player: int) -> Any:
        """The choice of ``player``'s bot from ``view``, timed."""
        start = time.perf_counter()
        action = self.bots[player].choose(view, self.rng)
        self.seconds[player].append(time.perf_counter() - start)
        return action


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


#: The first bot's rating: the others' are on its scale.
BASE_RATING = 1000.0


def ratings(scores: Sequence[Sequence[float]], rounds: int = 200) -> tuple[float, ...]:
    """Each bot's rating on one scale from the deals' points (``scores[deal][bot]``): on every deal,
    each pair of bots won, drew or lost by their points; a Bradley-Terry fit of those results
    (half a win added to each side of every pair, so that no rating is infinite), written as Elo
    ratings (400 points: ten to one odds) with the first bot at :data:`BASE_RATING`."""
    bots = len(scores[0]) if scores else 0
    wins = [[0.5 if j != k else 0.0 for j in range(bots)] for k in range(bots)]
    for points in scores:
        for k in range(bots):
            for j in range(bots):
                if j != k:
                    wins[k][j] += 1.0 if points[k] > points[j] else 0.5 if points[k] == points[j] else 0.0
    strength = [1.0] * bots
    for _ in range(rounds):
        strength = [
            sum(wins[k]) / sum((wins[k][j] + wins[j][k]) / (strength[k] + strength[j]) for j in range(bots) if j != k)
            for k in range(bots)
        ]
    return tuple(BASE_RATING + 400 * math.log10(value / strength[0]) for value in strength)


@dataclass(frozen=True)
class Report:
    """A tournament's results: per bot, points per hand; per other bot, its edge over the first."""

    names: tuple[str, ...]
    deals: int
    points: tuple[Estimate, ...]
    edges: tuple[Estimate, ...]
    seconds_mean: tuple[float, ...]
    seconds_max: tuple[float, ...]
    #: What a deal is (a game's first hand, a whole game).
    unit: str = "hand"
    #: Each bot's rating on one scale (:func:`ratings`).
    ratings: tuple[float, ...] = ()

    def lines(self) -> list[str]:
        """The report as text lines."""
        out = [f"{self.deals} duplicate deals; points per {self.unit}, 95% confidence intervals"]
        for k, name in enumerate(self.names):
            line = f"{name:<11} {self.points[k].mean:7.3f} ± {self.points[k].half_width:.3f}"
            if k:
                line += f"   edge over {self.names[0]}: {self.edges[k]}"
            if self.ratings:
                line += f"   rating {self.ratings[k]:.0f}"
            line += f"   think {self.seconds_mean[k] * 1000:.1f} ms mean, {self.seconds_max[k] * 1000:.0f} ms max"
            out.append(line)
        return out


def tournament(game_name: str, settings: Any, names: Sequence[str], deals: int, seed: int, workers: int = 1) -> Report:
    """Play ``deals`` duplicate deals of the game ``game_name`` (in ``workers`` processes) and sum them up."""
    if len(names) < 2:
        raise SettingsError("a tournament needs at least two bots")
    game: Contest = registry.find(game_name)
    for name in names:
        game.bot(name)
    args = [(game_name, settings, list(names), seed, deal) for deal in range(deals)]
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
        unit=game.deal_unit,
        ratings=ratings([score.points for score in scores]),
    )
