"""The viewer's embed builder: the options an author picks and the two snippets they give,
an ``<iframe>`` of ``embed.html`` and a script embed (``assets/embed.js`` turning
``<div data-farfalia>`` elements into diagrams). Pure text: tested in CPython."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from farfalia.ui.links import ALL_HANDS, THEMES, Link

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

    def updated(self, fields: dict[str, str], players: int) -> EmbedOptions:
        """The options as the builder's form now reads (unknown values keep the old ones)."""
        view = fields.get("view", self.view)
        return EmbedOptions(
            size=fields["size"] if fields.get("size") in SIZES else self.size,
            theme=fields["theme"] if fields.get("theme") in THEMES else self.theme,
            view=view if view == ALL_HANDS or (view.isdigit() and int(view) < players) else self.view,
            start=fields["start"] if fields.get("start") in STARTS else self.start,
            controls=fields.get("controls") == "on",
        )

    def link(self, replay_text: str, here: int, total: int) -> Link:
        """The embed's link."""
        at = {"here": here, "start": 0, "end": total}[self.start]
        return Link(replay_text, at, self.view, self.controls, self.theme, ("controls", "theme"))

    @property
    def width(self) -> int:
        """The frame's width."""
        return int(self.size.split("x")[0])

    @property
    def height(self) -> int:
        """The frame's height."""
        return int(self.size.split("x")[1])


def site_base(address: str) -> str:
    """The site's address (ends with ``/``) from the page's own."""
    return address.split("#")[0].rsplit("/", 1)[0] + "/"


def iframe_snippet(address: str, options: EmbedOptions, link: Link) -> str:
    """The ``<iframe>`` to paste: ``embed.html`` at the chosen size."""
    source = f"{site_base(address)}embed.html#{link.fragment()}"
    return (
        f'<iframe src="{escape(source)}" width="{options.width}" height="{options.height}"'
        f' style="border:0;max-width:100%" title="Farfalia diagram" loading="lazy"></iframe>'
    )


def script_snippet(address: str, options: EmbedOptions, link: Link) -> str:
    """The script embed to paste: a ``<div>`` for the diagram (as many as wanted, one
    runtime for all) and the one ``<script>``."""
    return (
        f'<div data-farfalia="{escape(link.fragment())}" style="max-width:{options.width}px"></div>\n'
        f'<script src="{escape(site_base(address))}assets/embed.js" defer></script>'
    )
