"""What the page remembers between games: the player's settings (:class:`Preferences`) and the
start screen's last choices, kept in storage as JSON and read back whatever storage holds."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from json import dumps
from typing import Final

from farfalia.core.errors import SaveError
from farfalia.records.replay import MAX_NAME
from farfalia.ui.language import LANGUAGES
from farfalia.ui.saves import GuardedStorage, parse_stored

#: The storage key of the player's preferences (:class:`Preferences` as JSON).
PREFERENCES_KEY: Final = "farfalia.preferences"
#: The storage key of the start screen's last choices (JSON: field name → value).
CHOICES_KEY: Final = "farfalia.choices"
#: Auto-play of a card when it is the only one that may be played: never, only the hand's last, always.
AUTOPLAY: Final = ("off", "last", "always")
#: The start screen's fields not remembered for the next game (each game is dealt anew).
NOT_REMEMBERED: Final = frozenset(("seed",))


@dataclass
class Preferences:
    """The player's settings that outlive a game (the pace is the game's own)."""

    autoplay: str = "last"
    sound: bool = False
    undo: bool = False
    #: The language chosen by the player, None to follow the browser's.
    language: str | None = None

    @classmethod
    def from_text(cls, stored: str | None) -> Preferences:
        """Read stored preferences; anything unreadable keeps the defaults."""
        try:
            data = parse_stored(stored or "{}")
        except SaveError:
            data = {}
        prefs = cls()
        if isinstance(data, dict):
            if data.get("autoplay") in AUTOPLAY:
                prefs.autoplay = data["autoplay"]
            prefs.sound = data.get("sound") is True
            prefs.undo = data.get("undo") is True
            if data.get("language") in LANGUAGES:
                prefs.language = data["language"]
        return prefs

    def to_text(self) -> str:
        """The preferences as stored."""
        return dumps(dataclasses.asdict(self))


def remembered_choices(storage: GuardedStorage) -> dict[str, str]:
    """The start screen's last choices (none if unreadable)."""
    try:
        stored = parse_stored(storage.get(CHOICES_KEY) or "{}")
    except SaveError:
        return {}
    if not isinstance(stored, dict):
        return {}
    return {str(k): v[:MAX_NAME] for k, v in stored.items() if isinstance(v, str)}


def remember_choices(storage: GuardedStorage, form: Mapping[str, str]) -> None:
    """Keep the start screen's choices (the game, its settings, the seats and names) for the next game."""
    kept = {key: value for key, value in form.items() if key not in NOT_REMEMBERED}
    storage.set(CHOICES_KEY, dumps(kept))
