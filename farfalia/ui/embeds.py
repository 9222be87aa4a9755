"""The viewer's embed builder: the options an author picks and the two snippets they give,
an ``<iframe>`` of ``embed.html`` and a script embed (``assets/embed.js`` turning
``<div data-farfalia>`` elements into diagrams). Pure text: tested in CPython.

Both snippets carry a still picture of the table in their link (``still=``): the table's
SVG at the embed's start, deflated and in base64url, about 4,000 characters. The embed
shows it as an image (``assets/still.js``) until Python draws the live table.
"""

from __future__ import annotations

import dataclasses
import zlib
from dataclasses import dataclass
from html import escape

from farfalia.core.codes import ascii_int
from farfalia.records.replay import from_base64url, to_base64url
from farfalia.ui.language import LANGUAGES, speaking
from farfalia.ui.layout import Layout, layout_for
from farfalia.ui.links import ALL_HANDS, MAX_STILL, THEMES, Link
from farfalia.ui.texts import text
from farfalia.ui.viewer import Stepper

#: The height of an embed's compact bar (``#bar`` in embed.html, as ``assets/style.css`` draws
#: it; ``e2e/test_embeds.py`` measures it): the table has the rest of the frame.
EMBED_BAR_HEIGHT = 38

#: The frame sizes offered (width x height, CSS pixels): from the smallest an embed fits.
SIZES = ("320x240", "400x300", "640x400", "800x500")
#: Where the embed starts: the position the viewer shows, the game's start, or its end.
STARTS = ("here", "start", "end")


@dataclass(frozen=True)
class EmbedOptions:
    """What an embed shows: its frame ``size``, ``theme``, whose ``view``, where it
    ``start``\\ s and whether its step ``controls`` show."""

    size: str = "640x400"
    theme: str = "light"
    view: str = ALL_HANDS
    start: str = "here"
    controls: bool = True
    #: The embed's language ("": its reader's).
    lang: str = ""

    def updated(self, fields: dict[str, str], players: int) -> EmbedOptions:
        """The options as the builder's form now reads (unknown values keep the old ones)."""
        view = fields.get("view", self.view)
        seat = ascii_int(view, 1)
        return EmbedOptions(
            size=fields["size"] if fields.get("size") in SIZES else self.size,
            theme=fields["theme"] if fields.get("theme") in THEMES else self.theme,
            view=view if view == ALL_HANDS or (seat is not None and seat < players) else self.view,
            start=fields["start"] if fields.get("start") in STARTS else self.start,
            controls=fields.get("controls") == "on",
            lang=fields["lang"] if fields.get("lang") in LANGUAGES else "",
        )

    def link(self, replay_text: str, here: int, total: int) -> Link:
        """The embed's link."""
        at = {"here": here, "start": 0, "end": total}[self.start]
        return Link(replay_text, at, self.view, self.controls, self.theme, ("controls", "theme"), lang=self.lang)

    def layout(self) -> Layout:
        """How the embed's table is arranged in its frame."""
        return layout_for(self.width, self.height - (EMBED_BAR_HEIGHT if self.controls else 0))

    @property
    def width(self) -> int:
        """The frame's width."""
        return int(self.size.split("x")[0])

    @property
    def height(self) -> int:
        """The frame's height."""
        return int(self.size.split("x")[1])


def still_picture(svg: str) -> str:
    """An SVG as a link's ``still`` value: raw deflate, then base64url without padding."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    return to_base64url(packer.compress(svg.encode()) + packer.flush())


def read_still(still: str) -> str:
    """The SVG of a link's ``still`` value (what ``assets/still.js`` does in the browser)."""
    return zlib.decompress(from_base64url(still), -zlib.MAX_WBITS).decode()


def with_still(link: Link, svg: str) -> Link:
    """The link carrying ``svg`` as its still picture, unless the picture is too long for it."""
    still = still_picture(svg)
    return dataclasses.replace(link, still=still) if len(still) <= MAX_STILL else link


def embed_link(options: EmbedOptions, viewer: Stepper, replay_text: str) -> Link:
    """The link of an embed of ``viewer``'s replay (``replay_text``) with these options,
    carrying the still picture of the table where it starts."""
    link = options.link(replay_text, viewer.at, viewer.total)
    start = viewer.view_at(link.at or 0, options.view)
    with speaking(options.lang):
        table = viewer.draw(start, options.layout(), options.theme)
    return with_still(link, table)


def site_base(address: str) -> str:
    """The site's address (ends with ``/``) from the page's own."""
    return address.split("#")[0].rsplit("/", 1)[0] + "/"


def iframe_snippet(address: str, options: EmbedOptions, link: Link) -> str:
    """The ``<iframe>`` to paste: ``embed.html`` at the chosen size."""
    source = f"{site_base(address)}embed.html#{link.fragment()}"
    return (
        f'<iframe src="{escape(source)}" width="{options.width}" height="{options.height}"'
        f' style="border:0;max-width:100%" title="{escape(text("embed-title"))}" loading="lazy"></iframe>'
    )


def script_snippet(address: str, options: EmbedOptions, link: Link) -> str:
    """The script embed to paste: a ``<div>`` for the diagram (as many as wanted, one
    runtime for all) and the one ``<script>``."""
    return (
        f'<div data-farfalia="{escape(link.fragment())}" style="max-width:{options.width}px"></div>\n'
        f'<script src="{escape(site_base(address))}assets/embed.js" defer></script>'
    )
