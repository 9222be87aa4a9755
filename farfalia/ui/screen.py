"""What the page shows at one moment (:class:`Screen`), and a file it offers (:class:`Download`):
the controller's answer, which ``main.py`` writes out (``assets/dom.js``'s ``paint``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from farfalia.ui.contract import Data, dataset_key

#: How long a card's glide takes at each pace (ms): "Instant" has none.
MOTION: Final = {"slow": 450, "normal": 320, "fast": 160, "instant": 0}


#: The characters an HTML character reference cannot name (the parser reads ``&#128;`` as "€").
_UNNAMEABLE: Final = re.compile("[\x80-\x9f]")


def page_markup(markup: str) -> str:
    """``markup`` in ASCII, every other character written as a numeric character reference: the
    same page, and a string Pyodide hands to JavaScript whole (an ASCII string is decoded at once,
    any other copied a character at a time: 3 to 7 ms for a table of five players). Markup with a
    control character no reference names is left as it is."""
    if markup.isascii() or _UNNAMEABLE.search(markup):
        return markup
    return markup.encode("ascii", "xmlcharrefreplace").decode("ascii")


@dataclass(frozen=True)
class Screen:
    """What the page shows: the table's SVG, the bar's and the overlay's HTML
    (an empty overlay is hidden), and the values of the body's test hooks."""

    #: Draws the table's SVG (:attr:`table`), when first asked for: a page whose bar changed its
    #: height asks for the screen again, laid out for the new room, before drawing any table.
    drawing: Callable[[], str] | None = None
    bar: str = ""
    #: The game's tools, beside the bar (written apart: they stay while the game moves on).
    tools: str = ""
    overlay: str = ""
    #: Whether the overlay is a modal dialog: the table and the bar are inert meanwhile.
    modal: bool = False
    #: Whether the person whose cards are shown must decide now (the focus goes to the decision).
    deciding: bool = False
    #: Whether the bar is hidden though it holds something (an embed without controls).
    bar_hidden: bool = False
    #: The decision the screen asks for (``data-decision``), empty if none.
    decision: str = ""
    #: Who the game waits for (``data-waiting``): ``bot`` or ``human``.
    waiting: str = "human"
    #: The replay's position (``data-at``), None outside the viewer.
    at: int | None = None
    #: The URL fragment the page's address should show ("": none), None to leave it as it is.
    fragment: str | None = ""
    #: The colour theme (``light`` on embeds that ask for it).
    theme: str = "dark"
    #: The table's arrangement (``data-layout``).
    layout: str = "wide"
    #: A sound to play (``card``) when sounds are on and the game moved on.
    sound: str | None = None
    #: How long moved cards take to glide to their new places (ms; 0: no motion).
    motion: int = 0
    #: How many actions the game played here has (``data-actions``).
    actions: int = 0
    #: Whether the field being typed in keeps the focus across the redraw (a form being filled).
    keep_focus: bool = False
    #: The language spoken (``<html lang>``).
    lang: str = "en"
    #: The card the person has picked up (its notation, ``data-picked``), "" if none.
    picked: str = ""
    #: The replay's review (``data-review``): ``running``, ``done`` or "".
    review: str = ""
    #: Where the learner of a review's mistakes stands (``data-practice``), "" outside it.
    practice: str = ""

    def painted(self, think_times: Sequence[float], hint: str | None, announcements: list[str]) -> dict[str, object]:
        """What the page's ``farfaliaDom.paint`` writes (``assets/dom.js``): the table and the
        overlay (both :func:`page_markup`), the theme and language, the address, the body's data
        attributes (the page's test hooks, by their ``dataset`` keys; ``think_times``: the bots'
        decisions timed in the page, seconds), the ``hint``'s control marked, the
        ``announcements`` for the live region, and the sound."""
        hooks: dict[Data, object] = {Data.DECISION: self.decision, Data.ACTIONS: self.actions, Data.PICKED: self.picked,
                                     Data.LAYOUT: self.layout, Data.WAITING: self.waiting,
                                     Data.REVIEW: self.review, Data.PRACTICE: self.practice}  # fmt: skip
        if think_times:
            hooks |= {Data.THINK_COUNT: len(think_times), Data.THINK_LONGEST: round(max(think_times) * 1000)}
        if self.at is not None:
            hooks[Data.AT] = self.at
        return {
            "table": page_markup(self.table),
            "motion": self.motion,
            "overlay": page_markup(self.overlay),
            "modal": self.modal,
            "keepFocus": self.keep_focus,
            "theme": self.theme,
            "lang": self.lang,
            "fragment": self.fragment,
            "data": {dataset_key(key): str(value) for key, value in hooks.items()},
            "hint": hint or "",
            "announcements": announcements,
            "sound": bool(self.sound),
        }

    @cached_property
    def table(self) -> str:
        """The table's SVG ("": none)."""
        return self.drawing() if self.drawing is not None else ""

    def bar_parts(self) -> list[str]:
        """What ``farfaliaDom.writeBar`` writes: the bar and the game's tools (:func:`page_markup`)."""
        return [page_markup(self.bar), page_markup(self.tools)]

    @property
    def shows_bar(self) -> bool:
        """Whether the bar shows: an empty one (the start screen's, the editor's) gives its room
        to the overlay."""
        return not self.bar_hidden and bool(self.bar or self.tools)


@dataclass(frozen=True)
class Download:
    """A file for the page to offer as a download."""

    name: str
    content: str
