"""Diagrams in a page: replays shown at one moment, many to a page, all driven by one
Python runtime.

A diagram is a ``<figure data-farfalia="replay=…&at=…&view=…">`` (the link grammar of
:mod:`farfalia.ui.links`), of any game: each is drawn with its game's table (a game that tells
its plays says, under it, what its last action did). The build writes each figure's first picture into the page
(:func:`diagram_figure`), so the page is complete at first paint and without scripts,
its step buttons disabled; once Python runs, :class:`Diagrams` brings them to life (a picture
the build drew only has its buttons enabled: :meth:`Diagrams.drawn_by_the_build`) and
redraws only the figure that moves. The card art is defined once per page
(:func:`shared_defs`), every diagram's SVG refers to it.

The build draws each table wide. A figure narrower than :data:`UPRIGHT_BELOW` (a phone held
upright) has its table drawn again upright as it comes into view (:meth:`Diagrams.fit`): the wide
picture at a phone's width wrote its words 3 to 5 px high. Drawing every figure again as the page
starts would make its start slow; one figure at a time, as it is reached, is a short task.
"""

from __future__ import annotations

from html import escape
from typing import Final

from farfalia.core.errors import FarfaliaError, GameNotLoaded
from farfalia.records.replay import read_replay
from farfalia.ui.language import speaking
from farfalia.ui.layout import TALL_HEIGHT, TALL_WIDTH, WIDE, Layout, layout_for
from farfalia.ui.links import parse_link
from farfalia.ui.screen import page_markup
from farfalia.ui.texts import error_text, text
from farfalia.ui.viewer import VIEWER_KEYS, ViewerMove, open_viewer

#: The attribute of a diagram's figure: its link (the fragment of an embed's address).
DIAGRAM_ATTRIBUTE = "data-farfalia"
#: The attribute of a figure whose content is the build's picture of its link (:func:`diagram_figure`).
BUILT_ATTRIBUTE = "data-built"
#: The attribute of a diagram's step buttons: a :class:`~farfalia.ui.viewer.ViewerMove`.
STEP_ATTRIBUTE = "data-step"
#: Below this width (CSS px), a figure's table is drawn upright (:meth:`Diagrams.fit`): a phone
#: held upright (up to about 430 px) and a small tablet's narrow column, not a phone on its side.
UPRIGHT_BELOW: Final = 560.0
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

    def html(self, live: bool = True, layout: Layout = WIDE) -> str:
        """The figure's content: the table at the diagram's moment, arranged by ``layout``, and,
        unless the link hides them, its step bar (disabled until ``live``)."""
        with speaking(self.link.lang):  # a diagram's link may name its language (lang=)
            return self._html(live, layout)

    def _html(self, live: bool, layout: Layout) -> str:
        viewer = self.viewer
        # The picture in a box of its own, which shows a wide table's sides (assets/diagrams.css).
        table = f'<div class="diagram-picture">{viewer.draw(viewer.view(), layout, self.link.theme, defs=False)}</div>'
        last = f'<p class="diagram-last">{escape(viewer.last_play()) or "&nbsp;"}</p>' if viewer.tells_plays else ""
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
        f'<figure class="diagram" {DIAGRAM_ATTRIBUTE}="{escape(fragment)}" {BUILT_ATTRIBUTE} tabindex="0"'
        f' aria-label="{escape(label)}">{Diagram(fragment).html(live=False)}</figure>'
    )


class Diagrams:
    """The page's diagrams, by their order in the page. A link that cannot be shown
    becomes a readable message in its figure; the others work on."""

    def __init__(self, fragments: list[str]) -> None:
        self.diagrams: list[Diagram | str] = []
        #: How each diagram's table is arranged now: wide as the build drew it, until :meth:`fit`.
        self.layouts: list[Layout] = [WIDE] * len(fragments)
        #: The diagrams whose game's code could not be fetched: the picture the build wrote in
        #: their figure (if any: another site's figure may have none) stays, their message beside it.
        self.pictures_kept: set[int] = set()
        for fragment in fragments:
            try:
                self.diagrams.append(Diagram(fragment))
            except FarfaliaError as error:
                self.diagrams.append(text("bad-link", error=error_text(error)))
            except GameNotLoaded as missing:  # its game's archive could not be fetched
                self.pictures_kept.add(len(self.diagrams))
                self.diagrams.append(text("game-load-failed", game=text(f"game.{missing.game}")))

    def drawn_by_the_build(self, index: int, built: bool) -> bool:
        """Whether figure ``index``, holding the build's picture of its link (``built``: it has
        :data:`BUILT_ATTRIBUTE`), comes to life by enabling its step buttons alone: its picture is
        the one :meth:`html` would draw, but for them (a diagram that cannot be shown is drawn as
        why, in its place or under the picture: :attr:`pictures_kept`)."""
        return built and isinstance(self.diagrams[index], Diagram)

    def shared_defs(self) -> str:
        """The card art for these diagrams, once for the page: each game's (in the theme of its
        first diagram)."""
        art: dict[str, str] = {}
        for diagram in self.diagrams:
            if isinstance(diagram, Diagram) and diagram.viewer.game_name not in art:
                art[diagram.viewer.game_name] = diagram.viewer.card_art(diagram.link.theme)
        return page_markup("".join(art.values()))

    def html(self, index: int) -> str:
        """Diagram ``index``'s content, live (or why it cannot be shown), as the page writes it
        (:func:`~farfalia.ui.screen.page_markup`)."""
        diagram = self.diagrams[index]
        if isinstance(diagram, str):
            return page_markup(f'<p class="diagram-error" role="alert">{escape(diagram)}</p>')
        return page_markup(diagram.html(layout=self.layouts[index]))

    def fit(self, index: int, width: float) -> str | None:
        """Diagram ``index``, its figure ``width`` CSS px wide, come into view (or the window
        resized): its new content where its table is to be arranged otherwise (upright below
        :data:`UPRIGHT_BELOW`, else wide), None where it stays as it is (a figure 0 px wide is
        not laid out: it stays)."""
        if width <= 0 or not isinstance(self.diagrams[index], Diagram):
            return None
        # Upright, for the figure's pixels as a phone's table is (Layout.stage: a drawing may grow its words with them).
        layout = layout_for(width, width * TALL_HEIGHT / TALL_WIDTH) if width < UPRIGHT_BELOW else WIDE
        if layout == self.layouts[index]:
            return None
        self.layouts[index] = layout
        return self.html(index)

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
