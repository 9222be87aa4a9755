"""Browser glue of a page of diagrams (the rules pages, another site's page with the script embed):
one runtime for all its figures. The build wrote each figure's first picture; here each comes to
life, and a step redraws only its own figure. What a diagram shows and does is
:class:`farfalia.ui.diagrams.Diagrams`' (tested in CPython)."""

import asyncio
from typing import Any

from pyodide.ffi import create_proxy
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
