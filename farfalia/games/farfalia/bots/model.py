"""Farfalia's search model (:class:`~farfalia.bots.search.SearchModel`) and its searching bots.

For each sampled deal (:class:`farfalia.games.farfalia.bots.inference.Sampler`), every legal
action is tried and the hand played out at random (winners always pick). The dealer's discards
and Double You are left to the heuristic: they come before the proposal is known.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Final

from farfalia.bots.search import Sampler, SearchBot
from farfalia.games.farfalia.bots.heuristic import HeuristicBot
from farfalia.games.farfalia.bots.inference import Sampler as DealSampler
from farfalia.games.farfalia.engine.actions import Action
from farfalia.games.farfalia.engine.state import State
from farfalia.games.farfalia.engine.views import View

#: Playouts a decision may use: measured to take under a second in the browser (docs/bots.md).
PLAYOUTS: Final = 1200
#: Decision kinds the search takes over from the heuristic.
SEARCHED: Final = frozenset(("play", "pick", "trump"))


class FarfaliaSearch:
    """Farfalia's :class:`~farfalia.bots.search.SearchModel`: plays, picks and trump are searched
    (a pick never costs the side a point, so "take none" is never compared); playouts run to
    the hand's end with the rules core's fast kernel, winners always picking."""

    def prepare(self, view: View) -> Iterator[None]:
        """Nothing: a view's legal actions are few."""
        return iter(())

    def candidates(self, view: View) -> tuple[Action, ...]:
        """The legal actions of a searched kind, when there is a choice."""
        legal = view.legal_actions
        if legal and legal[-1].kind == "pass":
            legal = legal[:-1]
        return legal if len(legal) > 1 and legal[0].kind in SEARCHED else ()

    def prior(self, view: View, rng: random.Random) -> Action:
        """The heuristic's choice."""
        return HeuristicBot().choose(view, rng)

    def sampler(self, view: View) -> Sampler:
        """Deals consistent with ``view`` (:class:`~farfalia.games.farfalia.bots.inference.Sampler`)."""
        return DealSampler(view)

    def budget(self, view: View, playouts: int) -> int:
        """The bot's own budget, whatever the decision."""
        return playouts

    def playout(self, view: View, world: State, action: Action, luck: float) -> float:
        """The acting player's margin in the hand, after ``action`` and random play."""
        turn, plan = view.to_act, view.plan
        assert turn is not None and plan is not None
        state = world.copy()
        state.apply(action)
        # An int seed: a float seeds by its hash, which a 32-bit Python (Pyodide's) computes otherwise.
        state.random_playout(random.Random(int(luck * 2**53)), hand_only=True, always_pick=True)
        side = plan.sides[plan.position_of(turn.seat)]
        opponents = [seat for seat, s, dummy in zip(plan.seats, plan.sides, plan.dummies) if s != side and not dummy]
        points = state.results[len(view.results)].player_points
        return points[turn.player] - sum(points[p] for p in opponents) / len(opponents)


#: Farfalia's search model.
FARFALIA_SEARCH: Final = FarfaliaSearch()


class FarfaliaSearchBot(SearchBot):
    """The strong bot: the search with :data:`PLAYOUTS` playouts a decision."""

    model = FARFALIA_SEARCH

    def __init__(self, playouts: int = PLAYOUTS) -> None:
        super().__init__(playouts)


class OmniscientBot(FarfaliaSearchBot):
    """The same search given every card (an omniscient view, nothing left to sample):
    the ceiling the strong bot is measured against, never offered to players."""

    sees_all = True
