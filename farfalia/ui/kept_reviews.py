"""The reviews the page made, kept in its storage by replay (their compact text:
:mod:`farfalia.ui.reviews`), so that a game reviewed once opens annotated again."""

from __future__ import annotations

import hashlib
from json import dumps
from typing import Final

from farfalia.core.errors import SaveError
from farfalia.ui.links import MAX_REVIEW
from farfalia.ui.saves import GuardedStorage, parse_stored

#: Where the page keeps the reviews it made: a JSON object from a replay's digest to its review's
#: compact text, the newest last; and how many it keeps.
REVIEWS_KEY: Final = "farfalia.reviews"
KEPT_REVIEWS: Final = 16


class KeptReviews:
    """The reviews the page made, kept in its storage by replay: a game reviewed once (from its last
    screen, or a link) opens annotated again, here or from its link, without reviewing it again.
    What cannot be read is forgotten: a review is always worth less than a save."""

    def __init__(self, storage: GuardedStorage) -> None:
        self.storage = storage

    def _all(self) -> dict[str, str]:
        stored = self.storage.get(REVIEWS_KEY)
        try:
            found = parse_stored(stored) if stored is not None else {}
        except SaveError:
            return {}
        if not isinstance(found, dict):
            return {}
        return {key: value for key, value in found.items() if isinstance(value, str) and len(value) <= MAX_REVIEW}

    def get(self, replay_text: str) -> str:
        """The review kept for the replay ``replay_text`` ("" if none)."""
        return self._all().get(_digest(replay_text), "")

    def keep(self, replay_text: str, review: str) -> None:
        """Keep ``review`` for the replay ``replay_text`` (the oldest beyond :data:`KEPT_REVIEWS` forgotten)."""
        kept = self._all()
        kept.pop(_digest(replay_text), None)
        kept[_digest(replay_text)] = review
        self.storage.set(REVIEWS_KEY, dumps(dict(list(kept.items())[-KEPT_REVIEWS:])))


def _digest(replay_text: str) -> str:
    return hashlib.sha256(replay_text.encode()).hexdigest()[:16]
