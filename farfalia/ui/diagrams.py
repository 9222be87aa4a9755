"""Diagrams in a page: replays shown at one moment, many to a page, all driven by one
Python runtime.

A diagram is a ``<figure data-farfalia="replay=…&at=…&view=…">`` (the link grammar of
:mod:`farfalia.ui.links`), of either game: a Papillon replay is drawn with Papillon's table and
says, under it, what its last action did. The build writes each figure's first picture into the page
(:func:`diagram_figure`), so the page is complete at first paint and without scripts,
its step buttons disabled; once Python runs, :class:`Diagrams` brings them to life and
redraws only the figure that moves. The card art is defined once per page
(:func:`shared_defs`), every diagram's SVG refers to it.
"""

from __future__ import annotations

from html import escape

from farfalia.engine.errors import FarfaliaError
from farfalia.records.papillon_replay import read_replay
from farfalia.ui.language import speaking
from farfalia.ui.layout import WIDE
from farfalia.ui.links import parse_link
from farfalia.ui.papillon_render import render_papillon, render_papillon_defs
from farfalia.ui.render import THEME_COLOURS, render_defs, render_table
from farfalia.ui.texts import error_text, text
from farfalia.ui.viewer import VIEWER_KEYS, PapillonViewer, ViewerMove, open_viewer

#: The attribute of a diagram's figure: its link (the fragment of an embed's address).
DIAGRAM_ATTRIBUTE = "data-farfalia"
#: The attribute of a diagram's step buttons: a :class:`~farfalia.ui.viewer.ViewerMove`.
STEP_ATTRIBUTE = "data-step"
#: A diagram's step buttons, in the bar's order, with their symbols.
STEPS = {
    ViewerMove.FIRST: "|◀",
    ViewerMove.PREV_TRICK: "◀◀",
    ViewerMove.PREV: "◀",
    ViewerMove.NEXT: "▶",
    ViewerMove.NEXT_TRICK: "▶▶",
    ViewerMove.LAST: "▶|",
}


class Diagram:
    """One diagram: its link and the replay stepped through."""

    def __init__(self, fragment: str) -> None:
        self.link = parse_link(fragment)
        self.viewer = open_viewer(read_replay(self.link.replay), self.link.at, self.link.view)
        self.colours = THEME_COLOURS[self.link.theme]

    def html(self, live: bool = True) -> str:
        """The figure's content: the table at the diagram's moment and, unless the link
        hides them, its step bar (disabled until ``live``)."""
        with speaking(self.link.lang):  # a diagram's link may name its language (lang=)
            return self._html(live)

    def _html(self, live: bool) -> str:
        viewer = self.viewer
        last = ""
        if isinstance(viewer, PapillonViewer):
            table = render_papillon(viewer.view(), viewer.names(), WIDE, defs=False)
            last = f'<p class="diagram-last">{escape(viewer.last_play()) or "&nbsp;"}</p>'
        else:
            table = render_table(viewer.view(), viewer.names(), self.colours, defs=False, interactive=False)
        if not self.link.controls:
            return table
        disabled = "" if live else " disabled"
        steps = "".join(
            f'<button type="button" class="btn step" {STEP_ATTRIBUTE}="{move}" aria-label="{escape(label)}"'
            f' title="{escape(label)}"{disabled}>{symbol}</button>'
            for move, symbol in STEPS.items()
            for label in [viewer.step_label(move)]
        )
        where = escape(text("position", at=viewer.at, total=viewer.total))
        return (
            f'{table}<div class="diagram-bar" role="toolbar" aria-label="{escape(text("replay"))}">'
            f'{steps}<span class="position" role="status">{where}</span></div>{last}'
        )

    def step(self, move: str) -> None:
        """A step button was pressed (an unknown move is ignored)."""
        if move in ViewerMove.__members__.values():
            self.viewer.move(ViewerMove(move))

    def key(self, key: str) -> bool:
        """A key pressed in the diagram: True if it stepped."""
        move = VIEWER_KEYS.get(key)
        if move is not None:
            self.viewer.move(move)
        return move is not None


def diagram_figure(fragment: str, label: str) -> str:
    """A diagram as the build writes it into a page: its first picture, controls disabled."""
    return (
        f'<figure class="diagram" {DIAGRAM_ATTRIBUTE}="{escape(fragment)}" tabindex="0" aria-label="{escape(label)}">'
        f"{Diagram(fragment).html(live=False)}</figure>"
    )


def shared_defs(theme: str = "light", papillon: bool = False) -> str:
    """The card art every diagram of a page (in ``theme``; of Papillon) refers to, once, in a hidden SVG."""
    return render_papillon_defs() if papillon else render_defs(THEME_COLOURS[theme])


class Diagrams:
    """The page's diagrams, by their order in the page. A link that cannot be shown
    becomes a readable message in its figure; the others work on."""

    def __init__(self, fragments: list[str]) -> None:
        self.diagrams: list[Diagram | str] = []
        for fragment in fragments:
            try:
                self.diagrams.append(Diagram(fragment))
            except FarfaliaError as error:
                self.diagrams.append(text("bad-link", error=error_text(error)))

    def shared_defs(self) -> str:
        """The card art for these diagrams (Farfalia's in the first one's theme, Papillon's
        if one is of Papillon), once for the page."""
        shown = [d for d in self.diagrams if isinstance(d, Diagram)]
        farfalia = [d for d in shown if not isinstance(d.viewer, PapillonViewer)]
        art = shared_defs(farfalia[0].link.theme) if farfalia or not shown else ""
        return art + (shared_defs(papillon=True) if len(farfalia) < len(shown) else "")

    def html(self, index: int) -> str:
        """Diagram ``index``'s content, live (or why it cannot be shown)."""
        diagram = self.diagrams[index]
        if isinstance(diagram, str):
            return f'<p class="diagram-error" role="alert">{escape(diagram)}</p>'
        return diagram.html()

    def step(self, index: int, move: str) -> str:
        """Step diagram ``index``; its new content."""
        diagram = self.diagrams[index]
        if isinstance(diagram, Diagram):
            diagram.step(move)
        return self.html(index)

    def key(self, index: int, key: str) -> str | None:
        """A key pressed in diagram ``index``: its new content, or None if the key does nothing."""
        diagram = self.diagrams[index]
        return self.html(index) if isinstance(diagram, Diagram) and diagram.key(key) else None
