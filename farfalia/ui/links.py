"""The grammar of the page's links:
``#replay=TEXT&at=N&view=all|PLAYER&controls=0|1&theme=light|dark&lang=CODE&review=MARKS&still=PICTURE``.

``review`` is the replay's review, compact (:mod:`farfalia.ui.reviews`): the recipient sees its
marks without computing them. One that cannot be read leaves the replay as it is.

``lang`` (an embed's language) that is not one of the site's is left out: the embed then
speaks its reader's language, and still shows.

``still`` (written by the embed builder, read by ``assets/still.js``) is the table's
picture at the link's position, shown by an embed until Python draws the live table:
Python keeps it but never reads it, and drops one that is not base64url text.

Parsed strictly: numbers in ASCII digits only and bounded, unknown values
refused with a clear :class:`~farfalia.core.errors.LinkError`, so no link of any
length or alphabet can take the page down.
"""

from __future__ import annotations

import dataclasses
import string
from dataclasses import dataclass
from urllib.parse import parse_qsl

from farfalia.core.codes import ascii_int
from farfalia.core.errors import LinkError, Message
from farfalia.ui.language import LANGUAGES
from farfalia.ui.texts import TEXT

#: An embed's still picture longer than this stays out of its link.
MAX_STILL = 8000
#: A review longer than this stays out of its link (its marks are then computed again).
MAX_REVIEW = 4000
#: Longer fragments are refused before any parsing (a replay is at most 8,000 characters).
MAX_FRAGMENT = 9000 + MAX_STILL + MAX_REVIEW
#: Positions and views are written in at most this many digits.
MAX_DIGITS = 6
THEMES = ("dark", "light")
BASE64URL = frozenset(string.ascii_letters + string.digits + "-_")
#: The characters of a review's compact text.
REVIEW_CHARACTERS = BASE64URL | {"."}
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
    #: The table's picture at ``at`` for an embed to show before Python runs ("": none).
    still: str = ""
    #: The language an embed speaks ("": its reader's; see :data:`~farfalia.ui.language.LANGUAGES`).
    lang: str = ""
    #: The replay's review, compact ("": none).
    review: str = ""

    def with_position(self, at: int, view: str) -> Link:
        """The same link pointing at another position and view (its still picture kept
        only while it still shows that position)."""
        still = self.still if (at, view) == (self.at, self.view) else ""
        return dataclasses.replace(self, at=at, view=view, still=still)

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
        if self.lang:
            parts.append(f"lang={self.lang}")
        if self.review:
            parts.append(f"review={self.review}")
        if self.still:
            parts.append(f"still={self.still}")
        return "&".join(parts)


def _problem(key: str, **values: object) -> LinkError:
    """A link's fault: ``problem.<key>`` of :data:`~farfalia.ui.texts.TEXT`, in English (the page words it)."""
    return LinkError(Message(key, str(TEXT[f"problem.{key}"]), **values))


def parse_link(fragment: str) -> Link:
    """The :class:`Link` of a URL fragment (without ``#``), or :class:`LinkError`."""
    if len(fragment) > MAX_FRAGMENT:
        raise _problem("link-long", limit=MAX_FRAGMENT, length=len(fragment))
    params = dict(parse_qsl(fragment, keep_blank_values=True))
    text = params.get("replay", "")
    if not text:
        raise _problem("link-empty")
    at = _number(params["at"], "link-position") if params.get("at") else None
    view = params.get("view") or ALL_HANDS
    if view != ALL_HANDS:
        view = str(_number(view, "link-view"))
    controls = params.get("controls", "1")
    if controls not in ("0", "1"):
        raise _problem("link-controls", value=repr(controls[:12]))
    theme = params.get("theme") or "dark"
    if theme not in THEMES:
        raise _problem("link-theme", value=repr(theme[:12]), themes=", ".join(map(repr, THEMES)))
    explicit = tuple(key for key in ("controls", "theme") if key in params)
    still = params.get("still", "")
    if len(still) > MAX_STILL or not set(still) <= BASE64URL:
        still = ""
    lang = params.get("lang", "")
    review = params.get("review", "")
    if len(review) > MAX_REVIEW or not set(review) <= REVIEW_CHARACTERS:
        review = ""
    return Link(text, at, view, controls == "1", theme, explicit, still, lang if lang in LANGUAGES else "", review)


def _number(value: str, key: str) -> int:
    """A number in ASCII digits, short enough to mean something (``key``: its fault's)."""
    number = ascii_int(value, MAX_DIGITS)
    if number is None:
        raise _problem(key, value=repr(value[:12]))
    return number
