"""Farfalia's review (:class:`~farfalia.bots.review.Reviewing`): its search model, a budget, and
the grades' thresholds in points of a hand (measured: ``docs/bots.md``)."""

from __future__ import annotations

from typing import Final

from farfalia.bots.review import Thresholds
from farfalia.games.farfalia.bots.inference import Sampler
from farfalia.games.farfalia.bots.model import FARFALIA_SEARCH, PLAYOUTS, SEARCHED
from farfalia.games.farfalia.engine.actions import Action
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.views import View, omniscient_view

#: The search model the review values actions with.
model: Final = FARFALIA_SEARCH
#: Playouts for each valuation of a decision: twice the strong bot's, since a review judges its
#: decisions too (a whole game's still takes seconds: ``docs/bots.md``, "The review").
playouts: Final = 2 * PLAYOUTS
#: Points of a hand lost by an inaccuracy, a mistake and a blunder.
thresholds: Final = Thresholds(inaccuracy=1.0, mistake=2.0, blunder=4.0)


def compared(view: View) -> tuple[Action, ...]:
    """Every legal play, pick (passing included: the search leaves it out, a review does not) or
    trump, when there is a choice; discards and Double You are not judged."""
    legal = view.legal_actions
    return legal if len(legal) > 1 and legal[0].kind in SEARCHED else ()


def all_seen(game: Game, player: int) -> Sampler:
    """The deal as it is (the omniscient view's, which leaves nothing to sample)."""
    return Sampler(omniscient_view(game))


def notation(action: Action) -> str:
    """The action's notation (``B7`` for a card played, ``pick:R10``)."""
    return str(action)
