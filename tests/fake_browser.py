"""Stand-ins for the browser modules (``js``, ``pyscript``, ``pyodide.ffi``), so the
page's glue (``main.py``) runs and is tested in CPython, as PyScript projects do.

The DOM is a small model: elements hold the HTML written into them (not parsed),
``querySelector`` finds only elements registered by id, timers wait in a list
that the test runs by hand.
"""

from __future__ import annotations

import asyncio
import json
import sys
import types
from collections.abc import Callable
from typing import Any

from farfalia.ui.contract import Id


class Dataset:
    """``element.dataset``: attributes set by name."""


class Element:
    """An element with the fields the glue touches."""

    def __init__(self, id_: str = "", **attributes: str) -> None:
        self.id = id_
        self.innerHTML = ""
        self.textContent = ""
        self.hidden = False
        self.value = ""
        self.scrollTop = 0
        self.name = attributes.pop("name", "")
        self.tagName = "DIV"
        self.dataset = Dataset()
        self.clientWidth = 1280
        self.clientHeight = 800
        self.attributes = attributes
        self.classes: set[str] = set()
        self.classList = types.SimpleNamespace(add=self.classes.add, toggle=self._toggle)
        #: Elements appended to this one (the live region's sentences).
        self.children: list[Element] = []
        self.parent: Element | None = None
        #: Whether the element is an open popover (the phone's menu of tools), and whether it
        #: lies outside that menu (``closest`` finds the element itself for any other selector).
        self.popover_open = False
        self.outside_menu = False

    def appendChild(self, child: Element) -> None:
        child.parent = self
        self.children.append(child)

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.children.remove(self)
            self.parent = None

    @property
    def childElementCount(self) -> int:
        return len(self.children)

    @property
    def firstElementChild(self) -> Element | None:
        return self.children[0] if self.children else None

    def _toggle(self, name: str, on: bool) -> None:
        if on:
            self.classes.add(name)
        else:
            self.classes.discard(name)

    def select(self) -> None:
        pass

    def hasAttribute(self, name: str) -> bool:
        return name in self.attributes

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name)

    def closest(self, selector: str) -> Element | None:
        return None if self.outside_menu and f"#{Id.TOOLS}" in selector else self

    def matches(self, selector: str) -> bool:
        return selector == ":popover-open" and self.popover_open

    def hidePopover(self) -> None:
        self.popover_open = False

    def querySelector(self, _selector: str) -> None:
        return None

    def querySelectorAll(self, _selector: str) -> list[Element]:
        return []

    def focus(self, *_options: object) -> None:
        pass


class Document:
    """``document``: elements by id and the listeners of each event."""

    def __init__(self, ids: list[str]) -> None:
        self.elements = {id_: Element(id_) for id_ in ids}
        #: Elements found in the HTML written so far, by id.
        self.written: dict[str, Element] = {}
        self.body = Element("body")
        self.documentElement = Element("html")
        #: The focused element (None: the page's body).
        self.activeElement: Element | None = None
        self.listeners: dict[str, Callable[[Any], None]] = {}

    def getElementById(self, id_: str) -> Element | None:
        """A static element, or an element the HTML written so far holds (a fresh, empty one)."""
        if id_ in self.elements:
            return self.elements[id_]
        written = any(f'id="{id_}"' in element.innerHTML for element in self.elements.values())
        return self.written.setdefault(id_, Element(id_)) if written else None

    def querySelector(self, _selector: str) -> None:
        return None

    def querySelectorAll(self, _selector: str) -> list[Element]:
        return []

    def createElement(self, tag: str) -> Element:
        element = Element()
        element.tagName = tag.upper()
        return element

    def addEventListener(self, kind: str, listener: Callable[[Any], None]) -> None:
        self.listeners[kind] = listener

    def click(self, target: Element, detail: int = 1, at: float = 0.0) -> None:
        """Dispatch a click on ``target`` (``detail``: the clicks in a row, 2 in a double-click;
        ``at``: its time stamp, ms)."""
        event = types.SimpleNamespace(target=target, detail=detail, timeStamp=at, preventDefault=lambda: None)
        self.listeners["click"](event)

    def press(self, target: Element, key: str) -> None:
        """A key pressed with the focus on ``target``."""
        event = types.SimpleNamespace(target=target, key=key, ctrlKey=False, metaKey=False, altKey=False, repeat=False,
                                      timeStamp=0.0, preventDefault=lambda: None)  # fmt: skip
        self.listeners["keydown"](event)

    def tap(self, target: Element) -> None:
        """A finger's press on ``target``, then its click."""
        self.listeners["pointerdown"](types.SimpleNamespace(target=target))
        self.listeners["pointerup"](types.SimpleNamespace(target=target))
        self.click(target)


class Promise:
    """A promise already settled: ``then`` calls back at once."""

    def __init__(self, value: Any = None, error: Exception | None = None) -> None:
        self.value, self.error = value, error

    @classmethod
    def new(cls, executor: Callable[[Any, Any], None]) -> Promise:
        """``new Promise(executor)``: settled once ``executor`` resolves it (here, at once or never)."""
        promise = cls()
        executor(lambda value=None: setattr(promise, "value", value), lambda error: setattr(promise, "error", error))
        return promise

    def then(self, done: Callable[[Any], Any], failed: Callable[[Any], Any] | None = None) -> Promise:
        if self.error is None:
            return Promise(done(self.value))
        if failed is not None:
            failed(self.error)
        return self

    def catch(self, failed: Callable[[Any], Any]) -> Promise:
        return self.then(lambda value: value, failed)


class SavesStore:
    """``window.farfaliaStore`` (assets/store.js): the journal in a dict keyed as IndexedDB keys it
    (``[slot, writer, seq]``), locks in a set (``others``: slots held by other tabs); ``failing``
    makes every write fail."""

    def __init__(self) -> None:
        self.journal: dict[tuple[str, str, int], str] = {}
        self.held: set[str] = set()
        self.others: set[str] = set()
        self.failing = False
        self.locks = True
        self.onchange: Callable[[], None] | None = None

    def snapshot(self) -> Promise:
        entries = [(*key, self.journal[key]) for key in sorted(self.journal)]
        return Promise(types.SimpleNamespace(entries=entries, elsewhere=sorted(self.others)))

    def write(self, text: str, length: int) -> Promise:
        if self.failing:
            return Promise(error=RuntimeError("QuotaExceededError"))
        entry = json.loads(text)
        slot, writer, seq = entry["slot"], entry["writer"], entry["seq"]
        if entry["base"]:
            self.forget(slot, writer, seq - 1)
        self.journal[slot, writer, seq] = text
        return Promise(length)

    def forget(self, slot: str, writer: str | None = None, upto: int | None = None) -> Promise:
        for key in list(self.journal):
            if key[0] == slot and (writer is None or (key[1] == writer and key[2] <= (upto or 0))):
                del self.journal[key]
        return Promise()

    def hold(self, slot: str) -> Promise:
        if slot in self.others:
            return Promise(False)
        self.held.add(slot)
        return Promise(True)

    def release(self, slot: str) -> None:
        self.held.discard(slot)


class Dom:
    """``window.farfaliaDom`` (assets/dom.js): the DOM chores main.py hands on, done on the model
    (what a test looks at: the bar's parts, the overlay, the table, the body's test hooks, the
    address, the live region; the focus and the listeners)."""

    def __init__(self, document: Document, window: Window) -> None:
        self.document, self.window = document, window
        #: What the bar's two parts hold.
        self.bar = ["", ""]
        self.menu: Element | None = None
        self.downloads: list[tuple[str, str]] = []

    def listen(self, handlers: dict[str, Callable[[Any], None]]) -> None:
        window_events = ("resize", "hashchange", "pagehide", "pageshow", "storage")
        for kind, handler in handlers.items():
            target = self.window if kind in window_events else self.document
            target.addEventListener(kind, handler)

    def writeBar(self, bar: Element, contents: list[str]) -> None:
        self.bar = list(contents)
        bar.innerHTML = "".join(contents)

    def paint(self, screen: dict[str, Any]) -> str:
        document = self.document
        document.elements[Id.TABLE].innerHTML = screen["table"]
        overlay = document.elements[Id.OVERLAY]
        overlay.innerHTML = screen["overlay"]
        overlay.hidden = not screen["overlay"]
        for key, value in screen["data"].items():
            setattr(document.body.dataset, key, value)
        document.documentElement.lang = screen["lang"]
        if screen["fragment"] is not None:
            self.window.location.hash = "#" + screen["fragment"] if screen["fragment"] else ""
        region = document.elements.get(Id.ANNOUNCE)
        if region is not None:
            for sentence in screen["announcements"]:
                paragraph = document.createElement("p")
                paragraph.textContent = sentence
                region.appendChild(paragraph)
        active = document.activeElement
        return (active.name or "") if screen["keepFocus"] and active is not None else ""

    def formFields(self, form: Element) -> ToPy:
        return ToPy(getattr(form, "fields", {}))

    def download(self, name: str, content: str) -> None:
        self.downloads.append((name, content))

    def focus(self, field: str | None, share: bool, order: list[str], still: str) -> None:
        pass

    def menuOpen(self) -> bool:
        menu = self.document.elements.get(Id.TOOLS)
        return bool(menu is not None and menu.popover_open)

    def closeMenus(self, target: Element) -> None:
        menu = self.document.elements.get(Id.TOOLS)
        if menu is not None and menu.popover_open and not target.outside_menu:
            menu.popover_open = False

    def write(self, element: Element | None, html: str) -> None:
        if element is not None:
            element.innerHTML = html

    def fitSeats(self, form: Element, count: int) -> None:
        form.dataset.seats = count

    def keyFacts(self, event: Any) -> ToPy:
        target = event.target
        return ToPy({"field": target.tagName in ("INPUT", "SELECT", "TEXTAREA"),
                     "modified": event.ctrlKey or event.metaKey or event.altKey, "card": -1, "playable": [],
                     "control": target.hasAttribute("data-action") or target.hasAttribute("data-command"),
                     "tableAction": False})  # fmt: skip

    def moveCard(self, here: int, there: int) -> None:
        pass

    def identity(self, names: list[str]) -> ToPy | None:
        active = self.document.activeElement
        if active is None:
            return None
        return ToPy({name: active.attributes[name] for name in names if name in active.attributes})

    def beep(self) -> None:
        pass


class ToPy(dict):  # type: ignore[type-arg]
    """A JavaScript object read back as Python (``.to_py()``)."""

    def to_py(self) -> dict[str, Any]:
        return dict(self)


class LocalStorage:
    """``localStorage``: texts by key."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str:
        return list(self.items)[index]

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


class Said:
    """What a worker sends the page (``event.data``): its ``kind`` and what comes with it."""

    def __init__(self, kind: str, answer: bytes = b"", reason: str = "") -> None:
        self.kind = kind
        self.answer = types.SimpleNamespace(to_bytes=lambda: answer)
        self.reason = reason


class FakeWorker:
    """``new Worker(url, options)`` (``assets/thinker.js``): the messages the page posts wait in
    :attr:`sent` until the test has the worker answer them, here in CPython by the same module
    (:func:`farfalia.ui.answers.answer_message`), or say it is ready, or that it failed."""

    def __init__(self, url: str, options: dict[str, str]) -> None:
        self.url, self.options = url, options
        self.sent: list[bytes] = []
        self.onmessage: Callable[[Any], None] | None = None
        self.onerror: Callable[[Any], None] | None = None

    def postMessage(self, message: bytes) -> None:
        self.sent.append(message)

    def say(self, said: Said) -> None:
        assert self.onmessage is not None
        self.onmessage(types.SimpleNamespace(data=said))

    def answer_all(self) -> int:
        """Answer every question sent so far, in order; how many."""
        from farfalia.ui.answers import answer_message

        asked, self.sent = self.sent, []
        for message in asked:
            self.say(Said("answer", answer_message(message)))
        return len(asked)


class Window:
    """``window``: storage, timers, history, the console and workers."""

    def __init__(self, href: str) -> None:
        self.localStorage = LocalStorage()
        self.store = self.localStorage.items
        self.farfaliaStore = SavesStore()
        self.timers: dict[int, Callable[[], None]] = {}
        self.delays: dict[int, int] = {}
        self.errors: list[str] = []
        self.warnings: list[str] = []
        self.console = types.SimpleNamespace(error=self.errors.append, warn=self.warnings.append)
        path = href.split("#")[0]
        query = path.partition("?")[2]
        self.location = types.SimpleNamespace(
            href=href, hash=href[len(path) :], pathname=path, search=f"?{query}" if query else ""
        )
        #: The workers the page started.
        self.workers: list[FakeWorker] = []
        self.Worker = types.SimpleNamespace(new=self._new_worker)
        self.history = types.SimpleNamespace(replaceState=self._replace)
        self.navigator = types.SimpleNamespace(clipboard=None, languages=["en-GB", "en"], language="en-GB")
        self.listeners: dict[str, Callable[[Any], None]] = {}

    def _new_worker(self, url: str, options: dict[str, str]) -> FakeWorker:
        self.workers.append(FakeWorker(url, options))
        return self.workers[-1]

    def addEventListener(self, kind: str, listener: Callable[[Any], None]) -> None:
        self.listeners[kind] = listener

    def _replace(self, _state: object, _title: str, address: str) -> None:
        self.location.hash = address if address.startswith("#") else ""

    def setTimeout(self, callback: Callable[[], None], delay: int) -> int:
        key = len(self.timers) + 1 + max(self.timers, default=0)
        self.timers[key] = callback
        self.delays[key] = delay
        return key

    def clearTimeout(self, key: int) -> None:
        self.timers.pop(key, None)

    def run_timers(self, limit: int = 10_000, within: int = 4_000) -> int:
        """Run the timers set for at most ``within`` ms (those they set too), in the order they were
        set, until none is left; how many ran. Longer ones wait (a worker's answer comes first)."""
        ran = 0
        while ran < limit and (due := [key for key in self.timers if self.delays[key] <= within]):
            self.timers.pop(min(due))()
            ran += 1
        return ran


#: The pages' event loops, closed by :func:`close_loops`.
LOOPS: list[asyncio.AbstractEventLoop] = []


def close_loops() -> None:
    """Every page's event loop closed, the work left on it cancelled (a test's pages are gone)."""
    while LOOPS:
        loop = LOOPS.pop()
        left = asyncio.all_tasks(loop)
        for task in left:
            task.cancel()
        loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
        loop.close()
    asyncio.set_event_loop(None)


def install(
    ids: list[str], href: str = "http://site/index.html", window: Window | None = None
) -> tuple[Document, Window]:
    """Put the stand-in modules in ``sys.modules`` and return their document and window
    (``window``: one kept from an earlier page, with its storage and journal: a reload)."""
    document, window = Document(ids), window or Window(href)
    window.loop = asyncio.new_event_loop()  # the page's event loop (Pyodide's WebLoop there): run by a test
    asyncio.set_event_loop(window.loop)
    LOOPS.append(window.loop)
    sys.modules["pyscript"] = types.SimpleNamespace(document=document, window=window)  # type: ignore[assignment]
    js = types.SimpleNamespace(Object=types.SimpleNamespace(fromEntries=dict), Worker=window.Worker, Promise=Promise)
    sys.modules["js"] = js  # type: ignore[assignment]
    window.farfaliaDom = Dom(document, window)
    ffi = types.SimpleNamespace(
        create_proxy=lambda f: f, create_once_callable=lambda f: f, to_js=lambda obj, **_kw: obj
    )
    sys.modules["pyodide"] = types.SimpleNamespace(ffi=ffi)  # type: ignore[assignment]
    sys.modules["pyodide.ffi"] = ffi  # type: ignore[assignment]
    return document, window
