"""The grammar of the page's links: ``#replay=TEXT&at=N&view=all|PLAYER&controls=0|1&theme=light|dark``.

Parsed strictly: numbers in ASCII digits only and bounded, unknown values
refused with a clear :class:`~farfalia.engine.errors.LinkError`, so no link of any
length or alphabet can take the page down.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from urllib.parse import parse_qsl

from farfalia.engine.cards import ascii_int
from farfalia.engine.errors import LinkError

#: Longer fragments are refused before any parsing (a replay is at most 8,000 characters).
MAX_FRAGMENT = 9000
#: Positions and views are written in at most this many digits.
MAX_DIGITS = 6
THEMES = ("dark", "light")
ALL_HANDS = "all"


@dataclass(frozen=True)
class Link:
    """What a replay link asks for: the replay text, the position and view to show,
    whether the viewer's controls show, and the colour theme."""

    replay: str
    at: int | None = None
    view: str = ALL_HANDS
    controls: bool = True
    theme: str = "dark"
    #: Whether ``controls`` and ``theme`` were given (kept in the link as it follows the stepping).
    explicit: tuple[str, ...] = ()

    def with_position(self, at: int, view: str) -> Link:
        """The same link pointing at another position and view."""
        return dataclasses.replace(self, at=at, view=view)

    def fragment(self) -> str:
        """The link's fragment (without ``#``)."""
        parts = [f"replay={self.replay}"]
        if self.at is not None:
            parts.append(f"at={self.at}")
        parts.append(f"view={self.view}")
        if "controls" in self.explicit:
            parts.append(f"controls={int(self.controls)}")
        if "theme" in self.explicit:
            parts.append(f"theme={self.theme}")
        return "&".join(parts)


def parse_link(fragment: str) -> Link:
    """The :class:`Link` of a URL fragment (without ``#``), or :class:`LinkError`."""
    if len(fragment) > MAX_FRAGMENT:
        raise LinkError(f"a link is at most {MAX_FRAGMENT} characters; this one has {len(fragment)}")
    params = dict(parse_qsl(fragment, keep_blank_values=True))
    text = params.get("replay", "")
    if not text:
        raise LinkError("the link holds no replay")
    at = _number(params["at"], "position") if params.get("at") else None
    view = params.get("view") or ALL_HANDS
    if view != ALL_HANDS:
        view = str(_number(view, "view"))
    controls = params.get("controls", "1")
    if controls not in ("0", "1"):
        raise LinkError(f"controls are 0 or 1, not {controls[:12]!r}")
    theme = params.get("theme") or "dark"
    if theme not in THEMES:
        raise LinkError(f"unknown theme {theme[:12]!r}; themes: {', '.join(THEMES)}")
    explicit = tuple(key for key in ("controls", "theme") if key in params)
    return Link(text, at, view, controls == "1", theme, explicit)


def _number(value: str, what: str) -> int:
    """A number in ASCII digits, short enough to mean something."""
    number = ascii_int(value, MAX_DIGITS)
    if number is None:
        raise LinkError(f"the link's {what} is not a number: {value[:12]!r}")
    return number
