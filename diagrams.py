"""Browser glue of a page of diagrams (the rules pages, another site's page with the script embed):
one runtime for all its figures. The build wrote each figure's first picture; here each comes to
life, a narrow figure is drawn again upright as it comes into view (and as the window's width
changes), and a step redraws only its own figure. What a diagram shows and does is
:class:`farfalia.ui.diagrams.Diagrams`' (tested in CPython)."""

import asyncio
from typing import Any

from js import IntersectionObserver, Object
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

import farfalia.site  # noqa: F401 (the site's games, registered)
from farfalia.ui import archives
from farfalia.ui.contract import Data, dataset_key
from farfalia.ui.diagrams import BUILT_ATTRIBUTE, DIAGRAM_ATTRIBUTE, STEP_ATTRIBUTE, Diagrams
from farfalia.ui.language import choose_language, set_language
from farfalia.ui.memory import settle


class DiagramPage:
    """The DOM side of a page of diagrams."""

    def __init__(self) -> None:
        set_language(choose_language(None, [str(document.documentElement.lang or "")]))  # the page's own
        self.figures = list(document.querySelectorAll(f"[{DIAGRAM_ATTRIBUTE}]"))
        self.diagrams = Diagrams([str(figure.getAttribute(DIAGRAM_ATTRIBUTE)) for figure in self.figures])
        if not document.querySelector(".shared-defs"):  # another site's page: the card art, once
            document.body.insertAdjacentHTML("afterbegin", self.diagrams.shared_defs())
        for index, figure in enumerate(self.figures):
            figure.dataset.diagram = index
            figure.classList.add("diagram")
            if not figure.hasAttribute("tabindex"):
                figure.setAttribute("tabindex", "0")
            if self.diagrams.drawn_by_the_build(index, bool(figure.hasAttribute(BUILT_ATTRIBUTE))):
                for button in figure.querySelectorAll(f"[{STEP_ATTRIBUTE}]"):
                    button.disabled = False
            elif index in self.diagrams.pictures_kept and figure.querySelector("svg"):
                figure.insertAdjacentHTML("beforeend", self.diagrams.html(index))  # under the build's picture
            else:
                figure.innerHTML = self.diagrams.html(index)
        document.addEventListener("click", create_proxy(self.click))
        document.addEventListener("keydown", create_proxy(self.key))
        #: The figures in view or coming (a screen's height above or below it), kept fitted to
        #: their width, most of them before they show.
        self.near: set[int] = set()
        around = to_js({"rootMargin": "100% 0px"}, dict_converter=Object.fromEntries)
        self.watcher = IntersectionObserver.new(create_proxy(self.seen), around)
        for figure in self.figures:
            self.watcher.observe(figure)
        window.addEventListener("resize", create_proxy(self.resized))

    def seen(self, entries: Any, _observer: Any) -> None:
        """Figures coming near the view (each fitted to its width) or leaving it."""
        for entry in entries:
            index = int(entry.target.dataset.diagram)
            if entry.isIntersecting:
                self.near.add(index)
                self.fit(index)
            else:
                self.near.discard(index)

    def resized(self, _event: Any) -> None:
        """The window's width changed: the figures near the view fitted again (the others as they come)."""
        for index in list(self.near):
            self.fit(index)

    def fit(self, index: int) -> None:
        """Draw figure ``index`` again where its width asks for another arrangement
        (:meth:`Diagrams.fit`). A figure wholly above the view changes height there: the page is
        scrolled by as much, so that what the reader sees stays in place (where the browser has
        not anchored the scroll itself). A step button that had the focus keeps it."""
        figure = self.figures[index]
        content = self.diagrams.fit(index, float(figure.clientWidth))
        if content is None:
            return
        active = document.activeElement
        focused = bool(figure.contains(active))
        step = str(active.getAttribute(STEP_ATTRIBUTE)) if focused and active.hasAttribute(STEP_ATTRIBUTE) else None
        seen = (
            document.elementFromPoint(window.innerWidth / 2, 1) if figure.getBoundingClientRect().bottom <= 0 else None
        )
        was = seen.getBoundingClientRect().top if seen else 0.0
        figure.innerHTML = content
        if seen and seen.isConnected:
            window.scrollBy(0, seen.getBoundingClientRect().top - was)
        still = to_js({"preventScroll": True}, dict_converter=Object.fromEntries)
        if step is not None:
            figure.querySelector(f'[{STEP_ATTRIBUTE}="{step}"]').focus(still)
        elif focused:
            figure.focus(still)

    def figure_of(self, target: Any) -> tuple[int, Any] | None:
        """The diagram an event's target lies in, and its figure."""
        figure = target.closest(f"[{DIAGRAM_ATTRIBUTE}]") if hasattr(target, "closest") else None
        return (int(figure.dataset.diagram), figure) if figure else None

    def click(self, event: Any) -> None:
        button = event.target.closest(f"[{STEP_ATTRIBUTE}]")
        found = self.figure_of(event.target)
        if not button or found is None:
            return
        index, figure = found
        move = str(button.getAttribute(STEP_ATTRIBUTE))
        figure.innerHTML = self.diagrams.step(index, move)
        figure.querySelector(f'[{STEP_ATTRIBUTE}="{move}"]').focus()  # the focus stays on the button

    def key(self, event: Any) -> None:
        found = self.figure_of(event.target)
        if found is None or (event.target.tagName == "BUTTON" and event.key in ("Enter", " ")):
            return
        index, figure = found
        content = self.diagrams.key(index, str(event.key))
        if content is not None:
            event.preventDefault()
            figure.innerHTML = content
            figure.focus()


async def fetch_archive(name: str) -> bytes:
    """A game's archive, as the site serves it (``assets/archives.js``)."""
    return bytes((await window.farfaliaArchives.fetch(name)).to_bytes())


async def open_page() -> None:
    """The games the page's diagrams show loaded (:mod:`farfalia.ui.archives`), then its diagrams."""
    fragments = [
        str(figure.getAttribute(DIAGRAM_ATTRIBUTE)) for figure in document.querySelectorAll(f"[{DIAGRAM_ATTRIBUTE}]")
    ]
    try:
        await archives.load([name for fragment in fragments for name in archives.games_named(fragment)], fetch_archive)
    except Exception as error:  # each diagram of a game not loaded says so in its figure
        window.console.warn(f"a game's archive was not loaded: {error}")
    window.farfaliaPage = DiagramPage()  # for debugging in the console
    settle()
    setattr(document.body.dataset, dataset_key(Data.READY), "1")


#: The page's opening, held until it ends (a task nobody holds may be collected before).
OPENING = {asyncio.ensure_future(open_page())}
