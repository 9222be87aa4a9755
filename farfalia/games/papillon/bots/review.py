"""Papillon's review (:class:`~farfalia.bots.review.Reviewing`): its search model, a budget, and
the grades' thresholds in points (measured: ``docs/bots.md``)."""

from __future__ import annotations

from typing import Final

from farfalia.bots.review import Thresholds
from farfalia.games.papillon.bots.model import PAPILLON_PLAYOUTS, PAPILLON_SEARCH, TrueDeal
from farfalia.games.papillon.engine.game import PapillonGame, action_name
from farfalia.games.papillon.engine.views import PapillonView

#: The search model the review values actions with.
model: Final = PAPILLON_SEARCH
#: Playouts for each valuation of a decision: twice the strong bot's (doubled again at five players).
playouts: Final = 2 * PAPILLON_PLAYOUTS
#: Points lost by an inaccuracy, a mistake and a blunder.
thresholds: Final = Thresholds(inaccuracy=2.5, mistake=5.0, blunder=10.0)


def compared(view: PapillonView) -> tuple[int, ...]:
    """The search's candidates (the heuristic's best few; none at a crowded table)."""
    return PAPILLON_SEARCH.candidates(view)


def all_seen(game: PapillonGame, player: int) -> TrueDeal:
    """The deal as it is."""
    return TrueDeal(game)


def notation(action: int) -> str:
    """The action's notation."""
    return action_name(action)
