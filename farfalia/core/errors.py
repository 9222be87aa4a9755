"""The small family of exceptions the package raises: all are :class:`ValueError`, but for
:class:`GameNotLoaded`, which is no fault of the input."""

from __future__ import annotations


class FarfaliaError(ValueError):
    """Base class of every error this package raises on bad input."""


class Message(str):
    """An English sentence that keeps its ``key`` and ``values``, so a page can say it in
    another language (``farfalia.ui.texts.message_text``); anywhere else, it is the sentence."""

    key: str
    values: dict[str, object]

    def __new__(cls, key: str, english: str, **values: object) -> Message:
        message = super().__new__(cls, english.format(**values))
        message.key, message.values = key, values
        return message


class NotationError(FarfaliaError):
    """Text that is not a well-formed card, action or record."""


class SettingsError(FarfaliaError):
    """Game settings that name no mode or variant, or break a mode's limits."""


class IllegalActionError(FarfaliaError):
    """An action that the rules do not allow in the current situation."""


class TooManyActionsError(FarfaliaError):
    """A position whose legal actions are too many to list (a table crowded with cards may offer
    millions of plays): its game offers a bounded selection instead, and still takes any legal
    action."""


class ViewError(FarfaliaError):
    """A view asked of what it cannot show: a player not in the game, or hidden cards
    to sample where no hand is being played."""


class ReplayError(FarfaliaError):
    """A replay that cannot be decoded, or that does not replay legally."""


class LinkError(FarfaliaError):
    """A page link whose parameters are malformed."""


class SessionError(FarfaliaError):
    """A page action out of turn (a human acting for a bot, a bot decision when none is due, a
    click on what the screen no longer offers); where a person can cause it, a sentence to show."""


class StorageError(FarfaliaError):
    """The browser refused to read or keep a save (storage off, full or failing)."""


class SaveError(FarfaliaError):
    """A saved game that cannot be read: malformed, of another format, or replaying illegally."""


class ScenarioError(FarfaliaError):
    """A scenario that cannot be dealt or played as set up."""


class GameNotLoaded(Exception):
    """A game of the site whose code is not here yet (a page loads each game's archive when it
    first needs it: ``farfalia.ui.archives``); ``game`` names it. Not bad input, so no
    :class:`FarfaliaError`: nothing that turns bad input into a message catches it (a save would
    read as broken); the page's glue loads the game, then does the same again."""

    def __init__(self, game: str) -> None:
        super().__init__(f"the game {game!r} is still loading")
        self.game = game
