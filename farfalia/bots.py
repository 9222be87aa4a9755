"""Players that decide from a seat view only (never from hidden cards).

:class:`RandomBot` plays any legal action; :class:`SimpleBot` plays a legal
card at random but makes the other decisions as a sensible player would. The
strong, searching bots come later; every bot has the same one-method interface.
"""

from __future__ import annotations

import random
from typing import Protocol

from farfalia.actions import DECLINE_ACTION, DOUBLE_ACTION, PASS_ACTION, Action, trump
from farfalia.cards import NUMBER_OF, SUIT_OF, SUITS
from farfalia.views import View


class Bot(Protocol):
    """Anything that chooses one of ``view.legal_actions``."""

    def choose(self, view: View, rng: random.Random) -> Action:
        """The chosen action; ``rng`` is the only source of randomness."""
        ...


class RandomBot:
    """Any legal action, uniformly."""

    def choose(self, view: View, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(view.legal_actions)


class SimpleBot:
    """Random legal cards; the other decisions as a sensible player makes them."""

    def choose(self, view: View, rng: random.Random) -> Action:
        """Take a matching card whenever one may be taken (the highest), set aside
        the lowest cards, name the longest suit trump, double in the last hand."""
        legal = view.legal_actions
        kinds = {action.kind for action in legal}
        if "pick" in kinds:
            picks = [a for a in legal if a.kind == "pick"]
            return max(picks, key=lambda a: NUMBER_OF[a.card])  # type: ignore[index]
        if "discard" in kinds:
            return min(legal, key=lambda a: (NUMBER_OF[a.card], a))  # type: ignore[index]
        if "trump" in kinds:
            return trump(self._longest_suit(view))
        if "double" in kinds:
            last = view.settings.total_hands is not None and view.hand_number == view.settings.total_hands - 1
            return DOUBLE_ACTION if last else DECLINE_ACTION
        plays = [a for a in legal if a.kind == "play"]
        return rng.choice(plays) if plays else PASS_ACTION

    @staticmethod
    def _longest_suit(view: View) -> int:
        """The suit of which the dealer (and his dummy's face-up cards) hold the most."""
        held = [c for info in view.seats if info.controller == view.viewer and info.hand for c in info.hand if c < 52]
        counts = {suit: sum(1 for c in held if SUIT_OF[c] == suit) for suit in SUITS}
        return max(SUITS, key=lambda suit: (counts[suit], suit))
