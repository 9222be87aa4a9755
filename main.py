"""Browser glue of the game page and the embed: events in; HTML/SVG, the URL, storage and timers out.

What the page decides is :class:`farfalia.ui.controller.Controller`'s, what waits on the browser
(the journal, the timers, the focus, the keys) :class:`farfalia.ui.runtime.Runtime`'s, both tested
in CPython: this file listens to events, writes the screen and carries out the runtime's effects.
The element ids and data attributes it uses are named in :mod:`farfalia.ui.contract`.
"""

import asyncio
import sys
import traceback
from collections.abc import Callable, Coroutine
from typing import Any

from js import Object, Promise, Worker
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

import farfalia.site  # noqa: F401 (the site's games, registered)
from farfalia.core.errors import FarfaliaError, GameNotLoaded
from farfalia.ui import archives, contract, rehearsal
from farfalia.ui import runtime as rt
from farfalia.ui.contract import Command, Data, Id
from farfalia.ui.controller import Controller
from farfalia.ui.game import LazyGame
from farfalia.ui.keyboard import IDENTITY, PANEL_BUTTON, next_card, selector_for
from farfalia.ui.memory import settle
from farfalia.ui.saves import Entry, Stored, WebStorage
from farfalia.ui.seating import clean_name
from farfalia.ui.tabs import LEASE_PREFIX
from farfalia.ui.texts import error_note, text

#: The pages' DOM chores that need no decision (``assets/dom.js``).
dom = window.farfaliaDom
#: The phone's menu of tools and its "⋯" button (a press or the focus there stays with the menu).
MENU_PARTS = f"#{Id.TOOLS}, #{Id.TOOLS_TOGGLE}"
#: The forms whose fields a command reads.
FORMS: dict[str, Id] = {Command.START: Id.START_FORM, Command.EDITOR: Id.START_FORM,
                        Command.EDITOR_PLAY: Id.EDITOR_FORM}  # fmt: skip


def element(id_: Id) -> Any:
    return document.getElementById(id_)


#: The action waiting for a game's code, if any (:class:`farfalia.ui.archives.Waiting`).
waiting = archives.Waiting()
LazyGame.in_steps = True  # a game's code is never imported at once as a handler first needs it: no long task


def guarded(handler: Callable[..., object], *args: Any, again: bool = False) -> None:
    """Run a handler; turn any failure into a readable message, never a blank page. Where a game's
    code is not here yet, it is loaded, then the handler runs ``again`` (once: a second miss is a
    failure to load), unless the person did something else meanwhile."""
    try:
        handler(*args)
    except GameNotLoaded as missing:
        game = text(f"game.{missing.game}")
        if again:
            element(Id.NOTE).textContent = text("game-load-failed", game=game)
            return
        loading = text("game-loading", game=game)
        element(Id.NOTE).textContent = loading
        ticket = waiting.ticket()

        def again_if_still_wanted() -> None:
            note = element(Id.NOTE)
            if note.textContent == loading:  # it came (what was said since stays)
                note.textContent = ""
            if waiting.still_wanted(ticket):
                guarded(handler, *args, again=True)

        begin(load_then([missing.game], again_if_still_wanted))
    except FarfaliaError as error:
        element(Id.NOTE).textContent = error_note(error)
    except Exception as error:
        window.console.error(traceback.format_exc())
        element(Id.NOTE).textContent = text("error", error=str(error))


#: The coroutines under way, held until they end (a task nobody holds may be collected before).
RUNNING: set[asyncio.Future[None]] = set()


def begin(work: Coroutine[Any, Any, None]) -> None:
    """Run ``work`` on the page's event loop."""
    task = asyncio.ensure_future(work)
    RUNNING.add(task)
    task.add_done_callback(RUNNING.discard)


#: The archives on their way, by game: a click and the idle preload wait for the same one.
FETCHING: dict[str, Any] = {}


async def fetch_archive(name: str) -> bytes:
    """A game's archive, as the site serves it (``assets/archives.js``)."""
    if name not in FETCHING:
        FETCHING[name] = window.farfaliaArchives.fetch(name)
    try:
        return bytes((await FETCHING[name]).to_bytes())
    finally:
        FETCHING.pop(name, None)  # a failure is fetched anew next time


async def load_games(names: list[str]) -> list[str]:
    """The games ``names`` loaded (:func:`farfalia.ui.archives.load`); returns those still not here
    (the network, the host, an archive that is none: said in the console)."""
    try:
        await archives.load(names, fetch_archive)
    except Exception as error:
        window.console.warn(f"a game's archive was not loaded: {error}")
    return archives.missing(names)


async def load_then(names: list[str], then: Callable[[], None]) -> None:
    """The games ``names`` loaded (their modules imported in steps), then ``then``; if one cannot
    be, the note line says so, and ``then`` waits for the next try."""
    if not_here := await load_games(names):
        element(Id.NOTE).textContent = text("game-load-failed", game=text(f"game.{not_here[0]}"))
        return
    await import_in_steps(names)
    then()


async def import_in_steps(names: list[str]) -> None:
    """The games ``names``, whose code is here, imported a module at a time: the page paints
    between two (:attr:`~farfalia.ui.game.LazyGame.in_steps`)."""
    for _ in archives.preload(names=names):
        await asyncio.sleep(0)


def idle() -> Any:
    """A promise resolved once the browser is idle (after a second, where it cannot say)."""

    def wait(resolve: Any, _reject: Any) -> None:
        if getattr(window, "requestIdleCallback", None):
            window.requestIdleCallback(resolve, js_object({"timeout": 5000}))
        else:
            window.setTimeout(resolve, 1000)

    return Promise.new(create_once_callable(wait))


def load_the_rest(page: "Page") -> None:
    """Every other game's code, once the page is idle, so that choosing one waits for nothing: its
    archive fetched, then its modules imported one at a time, each when the page is idle again
    (a failure is quiet: the choice loads it again); then each game's first table rehearsed in an
    idle moment of its own (:mod:`farfalia.ui.rehearsal`)."""

    async def quietly() -> None:
        await idle()
        await load_games([game.name for game in archives.lazy_games()])
        steps = archives.preload()  # (an archive that did not come: its game is left out)
        while True:
            await idle()
            if next(steps, None) is None:
                break
        rehearsed: list[str] = []
        for name in rehearsal.loaded_game_names():
            await idle()
            try:
                rehearsal.rehearse(name, *page.stage(), page.controller.language)
            except Exception as error:  # a rehearsal is no part of the page: said, never shown
                window.console.warn(f"{name}'s first table was not rehearsed: {error!r}")
            else:
                rehearsed.append(name)
                set_data(Data.REHEARSED, " ".join(rehearsed))

    begin(quietly())


def proxy(handler: Callable[..., object]) -> Any:
    """A JavaScript callback running ``handler`` guarded."""
    return create_proxy(lambda *args: guarded(handler, *args))


class Page:
    """The DOM side of the game page."""

    def __init__(self, embedded: bool, store: Any, saves: tuple[list[Stored], list[str]], saving: bool = True) -> None:
        """``saving``: whether the page reads and keeps saved games (without, as if storage were off)."""
        languages = [str(tag) for tag in window.navigator.languages or [window.navigator.language]]
        locks = bool(store.locks) if store else True
        address = str(window.location.href).split("#")[0]
        storage = WebStorage(lambda: window.localStorage if saving else saves_left_unread())
        self.controller = Controller(storage, address, embedded, None, saves[0], languages=languages, locks=locks)
        self.controller.shelf.elsewhere = frozenset(saves[1])
        worker = rt.Worker.IDLE if uses_worker() else rt.Worker.OFF
        self.runtime = rt.Runtime(self.controller, journal=bool(store), locks=locks, worker=worker, eager=not embedded)
        self.store = store
        self.worker: Any = None
        self.timers: dict[rt.Timer, int] = {}
        self.fire = {timer: proxy(lambda t=timer: self.run(self.runtime.fired(t))) for timer in rt.Timer}
        handlers: dict[str, Callable[[Any], object]] = {
            "click": self.click, "keydown": self.key, "change": self.change, "pointerdown": self.pointer_down,
            "pointerup": lambda _e: self.run(self.runtime.pointer_up()),
            "visibilitychange": lambda _e: self.controller.page_hidden() if document.hidden else self.refresh(),
            "pagehide": lambda _e: self.controller.page_closed(),
            "pageshow": lambda e: self.run(self.runtime.page_shown()) if e.persisted else None,
            "resize": lambda _e: self.draw() if self.controller.resize(*self.stage()) else None,
            "hashchange": self.follow,
            # another tab's lease changed (a browser without Web Locks)
            "storage": lambda e: self.refresh() if str(e.key).startswith(LEASE_PREFIX) else None,
        }  # fmt: skip
        dom.listen(js_object({kind: proxy(handler) for kind, handler in handlers.items()}))
        if store:
            store.onchange = proxy(self.refresh)
        self.controller.resize(*self.stage())

    def pointer_down(self, event: Any) -> None:
        self.runtime.pointer_down(bool(dom.menuOpen()), bool(event.target.closest(MENU_PARTS)))

    def stage(self) -> tuple[float, float]:
        return element(Id.STAGE).clientWidth, element(Id.STAGE).clientHeight

    def run(self, effects: list[rt.Effect]) -> None:
        """Carry out the runtime's effects (then say the worker's state, which they may have changed)."""
        for effect in effects:
            if isinstance(effect, rt.Draw):
                self.draw()
            elif isinstance(effect, rt.SetTimer | rt.CancelTimer):
                if effect.timer in self.timers:
                    window.clearTimeout(self.timers.pop(effect.timer))
                if isinstance(effect, rt.SetTimer):
                    self.timers[effect.timer] = window.setTimeout(self.fire[effect.timer], effect.ms)
            elif isinstance(effect, rt.WriteEntry):
                self.write(effect.entry)
            elif isinstance(effect, rt.ForgetEntries):
                forget = effect.forget
                self.store.forget(forget.slot, forget.writer, forget.upto).catch(create_proxy(lambda _error: None))
            elif isinstance(effect, rt.Hold):
                self.hold(effect.slot)
            elif isinstance(effect, rt.Release):
                self.store.release(effect.slot)
            elif isinstance(effect, rt.Relist):
                self.refresh()
            elif isinstance(effect, rt.StartWorker):
                self.start_worker()
            elif isinstance(effect, rt.Ask):
                self.worker.postMessage(to_js(effect.message))
        set_data(Data.WORKER, self.runtime.worker)

    def start_worker(self) -> None:
        """The worker that answers the searches (``assets/thinker.js``); the page searches itself until it is ready."""
        try:
            self.worker = Worker.new("assets/thinker.js", js_object({"type": "module"}))
        except Exception:  # workers refused (a policy, a browser without module workers)
            self.run(self.runtime.worker_failed())
            return
        self.worker.onmessage = proxy(self.heard)
        self.worker.onerror = proxy(self.lost)

    def lost(self, _event: Any) -> None:
        """The worker's script could not run (or failed outside a question): the page searches itself."""
        self.run(self.runtime.worker_failed())

    def heard(self, event: Any) -> None:
        """What the worker says: ready, an answer, or that it failed."""
        said = event.data
        if said.kind == "ready":
            self.run(self.runtime.worker_ready())
        elif said.kind == "answer":
            self.run(self.runtime.answered(said.answer.to_bytes()))
        else:
            window.console.warn(f"the worker failed: {said.reason}")
            self.run(self.runtime.worker_failed())

    def hold(self, slot: str) -> None:
        self.store.hold(slot).then(proxy(lambda ok: self.run(self.runtime.held(slot, ok))))

    def write(self, entry: Entry) -> None:
        def written(length: int) -> None:
            set_data(Data.SAVED, length)
            self.run(self.runtime.written())

        failed = proxy(lambda _error: self.run(self.runtime.write_failed()))
        self.store.write(entry.to_text(), entry.length).then(proxy(written), failed)

    def reread(self, then: Callable[[], None]) -> None:
        """The saved games read again as the journal has them now (other tabs write it too), then ``then``."""

        def read(snapshot: Any) -> None:
            self.controller.refresh_saves(*read_snapshot(snapshot))
            then()

        if self.store:
            self.store.snapshot().then(proxy(read))
        else:
            then()

    def refresh(self, *_args: Any) -> None:
        """Another tab changed the saved games, or let go of one: the list read again (alone: a
        form being filled in stays)."""
        self.reread(lambda: dom.write(element(Id.SAVED_GAMES), self.controller.saved_list()))

    def follow(self, _event: Any = None) -> None:
        waiting.acted()
        self.controller.follow(str(window.location.hash)[1:])
        self.draw()

    def open(self) -> None:
        """Open the address's fragment (a replay, a lesson, else the start screen), then draw."""
        try:
            self.controller.open(str(window.location.hash)[1:])
        finally:
            self.draw()

    def draw(self) -> None:
        """Write out the controller's screen, then carry out what comes next."""
        controller, bar = self.controller, element(Id.BAR)
        focused = self.selector()
        screen = controller.screen()
        dom.writeBar(bar, to_js(screen.bar_parts()))
        bar.hidden = not screen.shows_bar
        if controller.resize(*self.stage()):  # the bar's new height changes the stage's
            screen = controller.screen()
        painted = screen.painted(controller.think_times, controller.hint, controller.take_announcements())
        typing = str(dom.paint(js_object(painted)))
        self.fit_seats()
        plan = self.runtime.focus(screen, focused, typing)  # where the focus goes
        dom.focus(plan.field, plan.share, to_js(list(plan.order)), PANEL_BUTTON if plan.still else "")
        note = controller.take_note()
        if note is not None:  # after the focus, whose reason line would clear it
            element(Id.NOTE).textContent = note
        effects = self.runtime.drawn()
        set_data(Data.DRAWS, self.runtime.draws)
        set_data(Data.THINK_REMOTE, controller.thinker.answered_remotely)
        set_data(Data.REVIEW_REMOTE, controller.studio.reviews_remote)
        self.run(effects)

    def selector(self) -> str | None:
        """A selector that finds the focused control again after a redraw (None: nothing)."""
        attributes = dom.identity(to_js([*IDENTITY, contract.SLOT_ATTRIBUTE]))
        return selector_for({str(k): str(v) for k, v in attributes.to_py().items()}) if attributes else None

    def fit_seats(self) -> None:
        """Show the chosen game's fields, and as many seat rows and dealer choices as it has players."""
        form = element(Id.START_FORM)
        if form:
            dom.fitSeats(form, self.controller.seat_count(form_fields(form)))

    def click(self, event: Any) -> None:
        dom.closeMenus(event.target)  # a tool or a menu's item chosen: its menu closes
        target = event.target.closest(f"[{contract.ACTION_ATTRIBUTE}], [{contract.COMMAND_ATTRIBUTE}]")
        control = bool(target)  # None or jsnull (Pyodide reads JavaScript's null as the falsy jsnull): none
        refused = None if control else event.target.closest(f"[{contract.REASON_ATTRIBUTE}]")
        if refused:  # a card the rules refuse now, tapped: its rule in the note line
            element(Id.NOTE).textContent = refused.getAttribute(contract.REASON_ATTRIBUTE)
        decides = control and target.hasAttribute(contract.ACTION_ATTRIBUTE)  # a card or a choice, not a command
        outcome = self.runtime.click(int(event.detail), float(event.timeStamp) / 1000, control, decides)
        if outcome == rt.ClickOutcome.REFUSED:
            event.preventDefault()  # it closed the menu (a card under it is not played), or a double-click's second
        elif outcome == rt.ClickOutcome.ACT:
            self.activate(target)

    def activate(self, target: Any) -> None:
        waiting.acted()
        controller = self.controller
        if target.hasAttribute(contract.ACTION_ATTRIBUTE):
            controller.act(attribute(target, contract.ACTION_ATTRIBUTE))
            self.draw()
            return
        command = target.getAttribute(contract.COMMAND_ATTRIBUTE)
        slot = attribute(target, contract.SLOT_ATTRIBUTE)
        if command == Command.EXPORT:  # a file offered (or none)
            file = controller.export(slot or None)
            if file:
                dom.download(file.name, file.content)
        elif command in (Command.RESUME, Command.CONTINUE_GAME):  # the game as the journal has it now
            self.reread(lambda: self.command(command, {"slot": slot}))
        else:
            card, at = attribute(target, "data-card"), attribute(target, contract.AT_ATTRIBUTE)
            game = attribute(target, contract.GAME_ATTRIBUTE)
            self.command(command, form_fields(element(FORMS[command])) if command in FORMS else
                         {"slot": slot, "card": card, "at": at, "game": game})  # fmt: skip

    def command(self, command: str, fields: dict[str, str]) -> None:
        self.controller.command(command, fields)
        self.draw()

    def key(self, event: Any) -> None:
        facts = dom.keyFacts(event).to_py()
        key, now = str(event.key), float(event.timeStamp) / 1000
        outcome = self.runtime.key(key, rt.KeyFacts.read(facts), bool(event.repeat), now)
        if outcome != rt.KeyOutcome.PASS:
            event.preventDefault()  # a refused key also keeps a button from clicking itself again
        if outcome == rt.KeyOutcome.MOVE_CARD:
            there = next_card(facts["playable"], facts["card"], key)
            if there is not None:
                dom.moveCard(facts["card"], there)
        elif outcome == rt.KeyOutcome.USED:
            self.draw()
        elif outcome == rt.KeyOutcome.ACTIVATE:
            self.activate(event.target.closest(f"[{contract.ACTION_ATTRIBUTE}]"))

    def change(self, event: Any) -> None:
        waiting.acted()
        target, controller, name = event.target, self.controller, str(event.target.name or "")
        if target.hasAttribute(contract.SETTING_ATTRIBUTE):
            value = bool(target.checked) if target.type == "checkbox" else str(target.value)
            controller.set_preference(target.getAttribute(contract.SETTING_ATTRIBUTE), value)
            self.draw()
        elif target.id in (Id.SEEK, Id.VIEW_SELECT):
            controller.seek(int(target.value)) if target.id == Id.SEEK else controller.set_view(str(target.value))
            self.draw()
        elif target.id == Id.IMPORT_FILE and target.files.length:
            target.files.item(0).text().then(proxy(self.open_file))
        elif name.startswith("name-"):  # the first dealer's choices follow the names typed
            option = document.querySelector(f"[data-seat-option='{name[5:]}']")
            if option:
                option.textContent = clean_name(target.value, int(name[5:]))
        elif target.form and target.form.id == Id.START_FORM:
            self.fit_seats()
        elif target.form and target.form.id in (Id.EDITOR_FORM, Id.EMBED_FORM):
            controller.edit(target.form.id, form_fields(target.form))
            self.run(self.runtime.form_changed())

    def open_file(self, content: str) -> None:
        self.controller.open_replay_text(content)
        self.draw()


def saves_left_unread() -> Any:
    """What a page that may not read the saved games asks for its storage (raised: storage off)."""
    raise RuntimeError("the saved games are left unread: a game's code could not be loaded")


def uses_worker() -> bool:
    """Whether the searches go to a worker: unless the page's address says ``?worker=off`` (the
    benchmark's baseline: the page searching itself, in slices), where the browser has workers."""
    return "worker=off" not in str(window.location.search) and bool(getattr(window, "Worker", None))


def js_object(mapping: dict[str, Any]) -> Any:
    """A JavaScript object with ``mapping``'s entries."""
    return to_js(mapping, dict_converter=Object.fromEntries)


def attribute(target: Any, name: str) -> str:
    """An element's attribute, "" if it has none (Pyodide reads a missing one as the falsy jsnull)."""
    return str(target.getAttribute(name)) if target.hasAttribute(name) else ""


def set_data(attribute: Data, value: object) -> None:
    setattr(document.body.dataset, contract.dataset_key(attribute), str(value))  # (a test hook)


def form_fields(form: Any) -> dict[str, str]:
    """A form's fields by name (:js:`farfaliaDom.formFields`)."""
    return {str(name): str(value) for name, value in dom.formFields(form).to_py().items()}


def stored_anything() -> bool:
    """Whether the browser keeps anything of the site's (saved games among it, maybe)."""
    try:
        return bool(window.localStorage.length)
    except Exception:  # storage off
        return False


def read_snapshot(snapshot: Any) -> tuple[list[Stored], list[str]]:
    """The journal's entries and the slots other tabs hold, from ``farfaliaStore.snapshot()`` (none without a store)."""
    if snapshot is None:
        return [], []
    entries = [Stored(str(slot), str(writer), int(seq), str(text)) for slot, writer, seq, text in snapshot.entries]
    return entries, [str(slot) for slot in snapshot.elsewhere]


def start(store: Any, saves: tuple[list[Stored], list[str]]) -> None:
    """Start the page once the games its first screen needs are loaded (those its address opens,
    and every game where games may be saved: :func:`farfalia.ui.archives.wanted_first`)."""
    wanted = archives.wanted_first(str(window.location.hash)[1:], bool(saves[0]) or stored_anything())
    if not wanted:
        open_page(store, saves)
        return

    async def loaded_first() -> None:
        not_here = await load_games(wanted)  # the page opens all the same; its saves are left untouched (below)
        await import_in_steps([name for name in wanted if name not in not_here])
        open_page(store, saves)

    begin(loaded_first())


def open_page(store: Any, saves: tuple[list[Stored], list[str]]) -> None:
    """Open the page, draw its first screen and say it is ready."""
    embed = document.body.getAttribute("data-page") == contract.EMBED_PAGE
    try:
        page = Page(embed, store, saves)
    except GameNotLoaded:  # saves of a game whose code could not be loaded: none read, none touched
        page = Page(embed, None, ([], []), saving=False)
    except Exception:  # a store damaged past reading: start without it (left untouched), not at all
        page = Page(embed, None, ([], []))
    guarded(page.open)
    page.run(page.runtime.started())
    element(Id.LOADER).hidden = True
    settle()
    set_data(Data.READY, 1)
    if not embed:  # an embed shows its own game only
        load_the_rest(page)
    window.farfaliaPage = page  # for debugging in the console
    # What Python has imported: the end-to-end suite records it to keep tools/stdlib-modules.txt true.
    window.farfaliaModules = create_proxy(lambda: ",".join(sorted(sys.modules)))


store = getattr(window, "farfaliaStore", None)  # the journal and the tabs (assets/store.js): its entries first
if store:
    store.snapshot().then(proxy(lambda got: start(store, read_snapshot(got))), proxy(lambda _e: start(None, ([], []))))
else:
    start(None, ([], []))
