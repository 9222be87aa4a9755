"""The dialog a person opened over the table or the replay: one value (:class:`Panel`), never
several flags, and what each means for the rest of the page (which command closes it, whether the
game waits meanwhile)."""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from farfalia.ui.contract import Command


class Panel(StrEnum):
    """The dialog open over the page, or none. A game's own dialogs (a hot seat's cover, a round's
    summary, its end) are not panels: they follow from the game's state."""

    NONE = "none"
    #: "Leave this game?", asked before a running game is left for a new one.
    CONFIRM_LEAVE = "confirm-leave"
    HELP = "help"
    SETTINGS = "settings"
    SHARE = "share"
    SHEET = "sheet"
    #: The viewer's embed builder.
    EMBED = "embed"


#: The command that closes each panel (Escape sends it).
CLOSED_BY: Final = {
    Panel.CONFIRM_LEAVE: Command.KEEP_PLAYING,
    Panel.HELP: Command.CLOSE_HELP,
    Panel.SETTINGS: Command.CLOSE_SETTINGS,
    Panel.SHARE: Command.CLOSE_SHARE,
    Panel.SHEET: Command.CLOSE_SHEET,
    Panel.EMBED: Command.CLOSE_EMBED,
}
#: The panels a shortcut both opens and closes: the command that opens each.
TOGGLED_BY: Final = {Command.HELP: Panel.HELP, Command.SHEET: Panel.SHEET}
