"""The searching bots: determinized Monte Carlo over deals consistent with a seat view.

For each sampled deal (:func:`farfalia.bots.inference.sample_state`), every legal
action is tried and the hand played out at random (winners always pick), with
the same random draws for every action, so that the actions are compared on the
same cards and the same luck. The action with the best mean margin (its side's
points minus its opponents' mean) wins, the heuristic's choice being preferred
when the difference is within :data:`PRIOR_BONUS` points. The dealer's discards
and Double You are left to the heuristic: they come before the proposal is known.

A :class:`Search` runs in slices (``advance``) so that the page can yield to the
browser between them; its outcome depends on the iteration budget only, never on
time, so a decision is reproducible.
"""

from __future__ import annotations

import random

from farfalia.bots.heuristic import HeuristicBot
from farfalia.bots.inference import Sampler
from farfalia.engine.actions import Action
from farfalia.engine.state import State
from farfalia.engine.views import View

#: Playouts a decision may use: measured to take under a second in the browser (docs/bots.md).
PLAYOUTS = 1200
#: Points of mean margin by which the heuristic's choice is preferred (its prior).
PRIOR_BONUS = 0.3
#: Decision kinds the search takes over from the heuristic.
SEARCHED = frozenset(("play", "pick", "trump"))


class Search:
    """One decision's search, run a slice at a time."""

    def __init__(self, view: View, rng: random.Random, playouts: int = PLAYOUTS) -> None:
        self.view = view
        self.rng = rng
        self.fallback = HeuristicBot().choose(view, rng)
        legal = view.legal_actions
        if legal and legal[-1].kind == "pass":
            legal = legal[:-1]  # a pick never costs the side a point: only the picks are compared
        self.candidates: tuple[Action, ...] = legal if len(legal) > 1 and legal[0].kind in SEARCHED else ()
        self.iterations = -(-playouts // len(self.candidates)) if self.candidates else 0
        self.sampler = Sampler(view) if self.iterations else None
        self.done = 0
        self.margins = [0.0] * len(self.candidates)
        turn = view.to_act
        plan = view.plan
        assert turn is not None and plan is not None
        side = plan.sides[plan.position_of(turn.seat)]
        self.player = turn.player
        self.opponents = [
            seat for seat, s, dummy in zip(plan.seats, plan.sides, plan.dummies) if s != side and not dummy
        ]
        self.hand = len(view.results)

    @property
    def finished(self) -> bool:
        """Whether the budget is spent."""
        return self.done >= self.iterations

    def advance(self, iterations: int) -> None:
        """Run up to ``iterations`` more sampled deals."""
        for _ in range(min(iterations, self.iterations - self.done)):
            assert self.sampler is not None
            world = self.sampler.sample(self.rng)
            luck = self.rng.random()
            for k, action in enumerate(self.candidates):
                state = world.copy()
                state.apply(action)
                state.random_playout(random.Random(luck), hand_only=True, always_pick=True)
                self.margins[k] += self._margin(state)
            self.done += 1

    def _margin(self, state: State) -> float:
        points = state.results[self.hand].player_points
        return points[self.player] - sum(points[p] for p in self.opponents) / len(self.opponents)

    def best(self) -> Action:
        """The chosen action (the heuristic's, where the search has nothing to add)."""
        if not self.candidates or not self.done:
            return self.fallback

        def value(k: int) -> float:
            bonus = PRIOR_BONUS if self.candidates[k] == self.fallback else 0.0
            return self.margins[k] / self.done + bonus

        return self.candidates[max(range(len(self.candidates)), key=value)]


class SearchBot:
    """The strong bot: :class:`Search` with a budget of ``playouts`` a decision."""

    #: Whether the bot must be shown every card (only the omniscient reference bot).
    sees_all = False

    def __init__(self, playouts: int = PLAYOUTS) -> None:
        self.playouts = playouts

    def choose(self, view: View, rng: random.Random) -> Action:
        """Search to the end of the budget and return the best action."""
        search = Search(view, rng, self.playouts)
        search.advance(search.iterations)
        return search.best()


class OmniscientBot(SearchBot):
    """The same search given every card (an omniscient view, nothing left to sample):
    the ceiling the strong bot is measured against, never offered to players."""

    sees_all = True
