"""Duplicate tournaments: the same deals played with the bots rotated through every seat.

Deal ``d`` is the first hand of a Farfalia game seeded ``seed + d`` with player 0 dealing,
or that whole game of Papillon.
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
from typing import Any

from farfalia.bots.heuristic import HeuristicBot, RandomBot
from farfalia.bots.papillon import PapillonHeuristicBot, PapillonRandomBot, PapillonSearchBot
from farfalia.bots.search import OmniscientBot, SearchBot
from farfalia.engine.cards import ascii_int
from farfalia.engine.errors import SettingsError
from farfalia.engine.game import Game
from farfalia.engine.papillon.game import PapillonGame
from farfalia.engine.papillon.rules import PapillonSettings
from farfalia.engine.papillon.views import seat_view as papillon_view
from farfalia.engine.rules import Settings
from farfalia.engine.views import omniscient_view, seat_view

BOTS = {"random": RandomBot, "heuristic": HeuristicBot, "strong": SearchBot, "omniscient": OmniscientBot}
#: Papillon's bots, by the same names (no omniscient reference).
PAPILLON_BOTS = {"random": PapillonRandomBot, "heuristic": PapillonHeuristicBot, "strong": PapillonSearchBot}
#: The normal quantile of a two-sided 95% confidence interval.
Z95 = 1.959964


def make_bot(name: str, game: str = "farfalia") -> Any:
    """A bot of ``game`` (``farfalia`` or ``papillon``) by its name in :data:`BOTS` or
    :data:`PAPILLON_BOTS`; a searching bot may name its playouts a decision after a colon
    (``strong:2400``)."""
    bots: dict[str, Any] = PAPILLON_BOTS if game == "papillon" else BOTS
    kind, colon, budget = name.partition(":")
    if kind not in bots or (colon and (kind not in ("strong", "omniscient") or ascii_int(budget) is None)):
        raise SettingsError(f"unknown bot {name!r}; bots: {', '.join(bots)} (strong:N for N playouts a decision)")
    return bots[kind](int(budget)) if budget else bots[kind]()


def lineups(bots: int, players: int) -> list[tuple[int, ...]]:
    """For each rotation, the bot (an index) of each player."""
    base = [k % bots for k in range(players)]
    return [tuple(base[(player + turn) % players] for player in range(players)) for turn in range(players)]


@dataclass(frozen=True)
class DealScore:
    """One deal's outcome: each bot's mean points per hand, and its thinking times."""

    points: tuple[float, ...]
    seconds: tuple[tuple[float, ...], ...]


def play_deal(settings: Settings | PapillonSettings, names: Sequence[str], seed: int, deal: int) -> DealScore:
    """Play deal ``deal`` with every rotation of the line-up of bots ``names``: Farfalia's
    first hand of the game seeded ``seed + deal``, or that whole game of Papillon."""
    game_name = "papillon" if isinstance(settings, PapillonSettings) else "farfalia"
    bots = [make_bot(name, game_name) for name in names]
    sums = [0.0] * len(bots)
    seats = [0] * len(bots)
    seconds: list[list[float]] = [[] for _ in bots]
    for turn, lineup in enumerate(lineups(len(bots), settings.players)):
        table = Seating([bots[index] for index in lineup], random.Random(f"{seed}/{deal}/{turn}"))
        if isinstance(settings, PapillonSettings):
            points = _papillon_game(settings, seed + deal, table)
        else:
            points = _farfalia_hand(settings, seed + deal, table)
        for player, score in enumerate(points):
            sums[lineup[player]] += score
            seats[lineup[player]] += 1
            seconds[lineup[player]] += table.seconds[player]
    return DealScore(tuple(s / n for s, n in zip(sums, seats)), tuple(map(tuple, seconds)))


class Seating:
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


def _farfalia_hand(settings: Settings, seed: int, table: Seating) -> tuple[int, ...]:
    """Each player's points in the first hand of a Farfalia game."""
    game = Game(settings, seed)
    while not game.state.results:
        acting = game.to_act()
        assert acting is not None
        player = acting.player
        sees_all = getattr(table.bots[player], "sees_all", False)
        game.apply(table.choose(omniscient_view(game) if sees_all else seat_view(game, player), player))
    return game.state.results[0].player_points


def _papillon_game(settings: PapillonSettings, seed: int, table: Seating) -> tuple[int, ...]:
    """Each player's score in a whole game of Papillon."""
    game = PapillonGame(settings, seed)
    while not game.is_over():
        player = game.current_player()
        game.apply(table.choose(papillon_view(game, player), player))
    return game.returns()


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
    #: What a deal is: Farfalia's first hand, or a whole game of Papillon.
    unit: str = "hand"

    def lines(self) -> list[str]:
        """The report as text lines."""
        out = [f"{self.deals} duplicate deals; points per {self.unit}, 95% confidence intervals"]
        for k, name in enumerate(self.names):
            line = f"{name:<11} {self.points[k].mean:7.3f} ± {self.points[k].half_width:.3f}"
            if k:
                line += f"   edge over {self.names[0]}: {self.edges[k]}"
            line += f"   think {self.seconds_mean[k] * 1000:.1f} ms mean, {self.seconds_max[k] * 1000:.0f} ms max"
            out.append(line)
        return out


def tournament(
    settings: Settings | PapillonSettings, names: Sequence[str], deals: int, seed: int, workers: int = 1
) -> Report:
    """Play ``deals`` duplicate deals (in ``workers`` processes) and sum them up."""
    if len(names) < 2:
        raise SettingsError("a tournament needs at least two bots")
    for name in names:
        make_bot(name, "papillon" if isinstance(settings, PapillonSettings) else "farfalia")
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
        unit="game" if isinstance(settings, PapillonSettings) else "hand",
    )
