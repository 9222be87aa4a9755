"""Browser glue: events in; HTML/SVG, the URL, storage and timers out.

Everything the page decides lives in :class:`farfalia.ui.controller.Controller`
(tested in CPython); this file only touches the DOM. The element ids and data
attributes it uses are named in :mod:`farfalia.ui.contract`.
"""

import sys
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

from js import Object
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from farfalia.engine.errors import FarfaliaError, StorageError
from farfalia.ui.contract import (
    ACTION_ATTRIBUTE,
    COMMAND_ATTRIBUTE,
    EMBED_PAGE,
    REASON_ATTRIBUTE,
    SETTING_ATTRIBUTE,
    SLOT_ATTRIBUTE,
    Command,
    Data,
    Id,
    dataset_key,
)
from farfalia.ui.controller import Controller, InputGuard, Screen
from farfalia.ui.diagrams import DIAGRAM_ATTRIBUTE, STEP_ATTRIBUTE, Diagrams
from farfalia.ui.keyboard import CARD_KEYS, IDENTITY, PANEL_BUTTON, focus_order, next_card, selector_for
from farfalia.ui.language import choose_language, set_language
from farfalia.ui.papillon_screens import cards_taken
from farfalia.ui.saves import Entry, Stored
from farfalia.ui.session import clean_name
from farfalia.ui.texts import error_note, text

T = TypeVar("T")
#: The longest a bot's decision waits for the journal's last write (ms).
DISK_WAIT = 2000
#: How many sentences the live region keeps (older ones have long been read).
ANNOUNCED_KEPT = 60
#: The phone's menu of tools and its "⋯" button (a press or the focus there stays with the menu).
MENU_PARTS = f"#{Id.TOOLS}, #{Id.TOOLS_TOGGLE}"


def stored(operation: Callable[[], T]) -> T:
    """Run a ``localStorage`` operation; any refusal of the browser's (storage off, full,
    failing) becomes a ``StorageError``, which the controller turns into "saves are off"."""
    try:
        return operation()
    except Exception as error:
        raise StorageError(str(error)) from error


class BrowserStorage:
    """``localStorage`` as the controller's :class:`~farfalia.ui.controller.Storage`."""

    def get(self, key: str) -> str | None:
        value = stored(lambda: window.localStorage.getItem(key))
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        stored(lambda: window.localStorage.setItem(key, value))

    def remove(self, key: str) -> None:
        stored(lambda: window.localStorage.removeItem(key))

    def all_keys(self) -> list[str]:
        return stored(lambda: [str(window.localStorage.key(k)) for k in range(window.localStorage.length)])


def element(id_: Id) -> Any:
    """The page's element with this id."""
    return document.getElementById(id_)


def set_data(attribute: Data, value: object) -> None:
    """Set one of the body's data attributes."""
    setattr(document.body.dataset, dataset_key(attribute), str(value))


class Page:
    """The DOM side of the one page."""

    def __init__(self, embedded: bool, store: Any, saves: tuple[list[Stored], list[str]]) -> None:
        address = str(window.location.href).split("#")[0]
        languages = [str(tag) for tag in window.navigator.languages or [window.navigator.language]]
        self.controller = Controller(BrowserStorage(), address, embedded, journal=saves[0], languages=languages)
        self.controller.elsewhere = frozenset(saves[1])
        #: The saves' journal and tab locks (assets/store.js), None on pages without it.
        self.store = store
        #: The slot whose lock this tab holds.
        self.held: str | None = None
        #: Journal writes not yet on disk: the game does not move on by itself meanwhile.
        self.unsaved = 0
        self.waiting_for_disk = False
        self.saved_proxy = create_proxy(self._saved)
        self.journal_failed_proxy = create_proxy(self._journal_failed)
        self.disk_wait = create_proxy(lambda: self._guarded(self._schedule, True))
        self.refreshed_proxy = create_proxy(lambda snapshot: self._guarded(self._refreshed, snapshot))
        self.draws = 0
        #: Whether a modal dialog shows, and the control focused when it opened (it gets the focus back).
        self.modal = False
        #: The card picked up at the last redraw (Papillon), to give its choices the focus once.
        self.picked = ""
        self.opener: str | None = None
        #: The bar's two parts (the turn's status and choices, the game's tools) and what each holds.
        self.bar_parts: list[Any] = []
        self.bar_written = ["", ""]
        self.timer: int | None = None
        self.input_guard = InputGuard()
        self.bot_step = create_proxy(lambda: self._guarded(self._bot_move))
        self.think_step = create_proxy(lambda: self._guarded(self._think))
        document.addEventListener("click", create_proxy(self._on_click))
        document.addEventListener("keydown", create_proxy(self._on_key))
        document.addEventListener("focusin", create_proxy(self._on_focus))
        document.addEventListener("pointerover", create_proxy(self._mark_taken))
        document.addEventListener("change", create_proxy(self._on_change))
        #: A pointer is down: a form's redraw waits for its click (it would replace the button pressed).
        self.pressing = False
        self.pending_draw = False
        self.flush_proxy = create_proxy(self._flush)
        #: A press outside the open menu of tools, which it closes: its click does nothing more.
        self.dismissing = False
        document.addEventListener("pointerdown", create_proxy(self._on_pointer_down))
        document.addEventListener("pointerup", create_proxy(self._on_pointer_up))
        window.addEventListener("resize", create_proxy(lambda _event: self._guarded(self._resize)))
        document.addEventListener("visibilitychange", create_proxy(self._on_visibility))
        window.addEventListener("pagehide", create_proxy(lambda _event: self.controller.page_hidden()))
        window.addEventListener("hashchange", create_proxy(lambda _event: self._guarded(self._follow_address)))
        if store:
            store.onchange = create_proxy(self._refresh)
        self._measure()

    def _measure(self) -> bool:
        """Tell the controller the stage's size (the table is arranged for it); True if
        the table must be drawn again."""
        stage = element(Id.STAGE)
        return self.controller.resize(stage.clientWidth, stage.clientHeight)

    def _resize(self) -> None:
        if self._measure():
            self.draw()

    # ------------------------------------------------------------------ drawing

    def draw(self) -> None:
        """Write out the controller's screen, then schedule what comes next."""
        controller = self.controller
        self.pending_draw = False
        focused = self._focused()
        screen: Screen = controller.screen()
        bar = element(Id.BAR)
        self._write_bar(bar, screen)
        bar.hidden = not screen.shows_bar
        if self._measure():  # the bar's new height changes the stage's
            screen = controller.screen()
        motion = getattr(window, "farfaliaMotion", None)
        if motion:
            motion.capture()
        element(Id.TABLE).innerHTML = screen.table
        if motion:
            motion.play(screen.motion)
        overlay = element(Id.OVERLAY)
        active = document.activeElement
        typing = str(active.getAttribute("name") or "") if screen.keep_focus and active else ""
        before = overlay.firstElementChild.id if overlay.firstElementChild and not overlay.hidden else ""
        scrolled = 0 if overlay.hidden else overlay.scrollTop  # a panel that appears shows from its top
        overlay.innerHTML = screen.overlay
        overlay.hidden = not screen.overlay
        after = overlay.firstElementChild.id if overlay.firstElementChild else ""
        if before and after and before != after:  # another form (the start screen's, then the editor)
            overlay.scrollTop = 0
        elif screen.keep_focus or not scrolled:  # a form redrawn as it is filled in stays where it was
            overlay.scrollTop = scrolled  # (once shown: a hidden element keeps no scroll position set)
        element(Id.TABLE).inert = bar.inert = screen.modal  # a dialog holds the page until closed
        document.body.classList.toggle("light", screen.theme == "light")
        document.documentElement.lang = screen.lang
        set_data(Data.DECISION, screen.decision)
        set_data(Data.ACTIONS, screen.actions)
        set_data(Data.PICKED, screen.picked)
        set_data(Data.LAYOUT, screen.layout)
        set_data(Data.WAITING, screen.waiting)
        if screen.at is not None:
            set_data(Data.AT, screen.at)
        if screen.fragment is not None:
            address = "#" + screen.fragment if screen.fragment else window.location.pathname
            window.history.replaceState(None, "", address)
        self._fit_seats()
        self._focus(screen, typing, focused)
        self._show_note()  # after the focus, whose reason line would clear it
        self._announce(controller.take_announcements())
        if screen.sound:
            self._beep()
        self.draws += 1
        set_data(Data.DRAWS, self.draws)
        self._write_saves()
        self._schedule()

    # -------------------------------------------------------------- saves

    def _write_saves(self) -> None:
        """Send the journal what changed, and hold the lock of the game played here."""
        controller, store = self.controller, self.store
        if not store:
            return
        for write in controller.take_writes():
            if isinstance(write, Entry):
                self.unsaved += 1
                store.append(write.slot, write.writer, write.seq, write.to_text(), write.base, write.length).then(
                    self.saved_proxy, self.journal_failed_proxy
                )
            else:
                store.forget(write.slot, write.writer, write.upto).catch(self.journal_failed_proxy)
        if controller.slot != self.held:
            if self.held is not None:
                store.release(self.held)
            self.held = slot = controller.slot
            if slot is not None:
                store.hold(slot).then(create_proxy(lambda ok: None if ok else self._guarded(self._lost, slot)))

    def _saved(self, length: int) -> None:
        set_data(Data.SAVED, length)
        self._written()

    def _journal_failed(self, _error: Any) -> None:
        self.controller.journal_failed()
        self._written()

    def _written(self) -> None:
        """A journal write settled: once none is pending, the game may move on."""
        self.unsaved -= 1
        if self.unsaved == 0 and self.waiting_for_disk:
            self._guarded(self._schedule)

    def _lost(self, slot: str) -> None:
        self.held = None
        self.controller.lost_slot(slot)
        self.draw()

    def _refresh(self, *_args: Any) -> None:
        """Another tab changed the saved games (or this one came back to view): read them again."""
        if self.store:
            self.store.snapshot().then(self.refreshed_proxy)

    def _refreshed(self, snapshot: Any) -> None:
        """Show the saved games as they are now (the list alone: a form being filled in stays)."""
        self.controller.refresh_saves(*read_snapshot(snapshot))
        listing = element(Id.SAVED_GAMES)
        if listing:
            listing.innerHTML = self.controller.saved_list()

    def _follow_address(self) -> None:
        """A link pasted into the address bar of the open page (no reload): show its replay."""
        self.controller.follow(str(window.location.hash)[1:])
        self.draw()

    def _on_visibility(self, _event: Any) -> None:
        if document.visibilityState == "hidden":
            self.controller.page_hidden()
        else:
            self._refresh()

    def _announce(self, sentences: list[str]) -> None:
        """Add what happened to the live region (it is never redrawn: only what is new is read)."""
        region = element(Id.ANNOUNCE)
        if not region:
            return
        for sentence in sentences:
            line = document.createElement("p")
            line.textContent = sentence
            region.appendChild(line)
        while region.childElementCount > ANNOUNCED_KEPT:
            region.firstElementChild.remove()

    def _beep(self) -> None:
        """A short, quiet tick made in the page (no file, no network): a card was played."""
        context = getattr(self, "audio", None) or window.AudioContext.new()
        self.audio = context
        tone = context.createOscillator()
        volume = context.createGain()
        volume.gain.value = 0.04
        tone.frequency.value = 660
        tone.connect(volume)
        volume.connect(context.destination)
        tone.start()
        tone.stop(context.currentTime + 0.06)

    def _show_note(self) -> None:
        controller = self.controller
        note = controller.take_note()
        if note is not None:
            element(Id.NOTE).textContent = note
        if controller.hint is not None:
            marked = document.querySelector(f'[{ACTION_ATTRIBUTE}="{controller.hint}"]')
            if marked:  # None or jsnull
                marked.classList.add("hint")

    def _write_bar(self, bar: Any, screen: Screen) -> None:
        """The bar's two parts, each rewritten only when it changed: a control that keeps
        its place keeps the focus (and a screen reader does not read it again)."""
        if not self.bar_parts:
            self.bar_parts = [document.createElement("div") for _ in range(2)]
            bar.innerHTML = ""
            for part in self.bar_parts:
                part.className = "bar-part"
                bar.appendChild(part)
        for k, content in enumerate((screen.bar, screen.tools)):
            if self.bar_written[k] != content:
                self.bar_parts[k].innerHTML = self.bar_written[k] = content

    def _focused(self) -> str | None:
        """A selector that finds the focused control again after a redraw (None: nothing)."""
        active = document.activeElement
        if not active or active == document.body:
            return None
        names = (*IDENTITY, SLOT_ATTRIBUTE)
        return selector_for({name: str(active.getAttribute(name)) for name in names if active.hasAttribute(name)})

    def _focus(self, screen: Screen, typing: str, focused: str | None) -> None:
        """Put the focus where :func:`~farfalia.ui.keyboard.focus_order` says: the field
        being filled in stays (a form redrawn as it changes); the link to share is selected
        and copied; a dialog takes the focus and gives it back when it closes; the turn
        brings it to the decision."""
        if screen.keep_focus:
            field = element(Id.OVERLAY).querySelector(f'[name="{typing}"]') if typing else None
            if field:
                field.focus()
            return
        opened = screen.modal and not self.modal
        if opened:
            self.opener = focused
        opener = self.opener if self.modal and not screen.modal else None
        if not screen.modal:
            self.opener = None
        self.modal = screen.modal
        share = element(Id.SHARE_LINK)
        if share:  # (after the bookkeeping: closing it gives the focus back as any dialog does)
            share.focus()
            share.select()
            if window.navigator.clipboard:
                window.navigator.clipboard.writeText(share.value).catch(create_proxy(lambda _error: None))
            return
        picked = bool(screen.picked) and screen.picked != self.picked  # a card just picked up
        self.picked = screen.picked
        for selector in focus_order(focused, opener, screen.modal, opened, screen.deciding, picked):
            target = document.querySelector(selector)
            if target:  # querySelector's null is the falsy jsnull
                if target != document.activeElement:  # a form and a dialog that opens show from their top
                    still = selector == PANEL_BUTTON and (opened or not screen.modal)
                    target.focus(to_js({"preventScroll": still}, dict_converter=Object.fromEntries))
                if target == document.activeElement:
                    return

    def _move_between_cards(self, event: Any) -> bool:
        """The arrow keys, Home and End on a card: the focus to another card (the tab stop with it)."""
        card = event.target.closest(".card[tabindex]") if event.target.closest else None
        if not card or event.key not in CARD_KEYS:
            return False
        cards = list(element(Id.TABLE).querySelectorAll(".card[tabindex]"))
        here = next((k for k, other in enumerate(cards) if other == card), None)
        if here is None:
            return False
        there = next_card([other.hasAttribute(ACTION_ATTRIBUTE) for other in cards], here, str(event.key))
        if there is not None:
            card.setAttribute("tabindex", "-1")
            cards[there].setAttribute("tabindex", "0")
            cards[there].focus()
        return True

    def _fit_seats(self) -> None:
        """Show the chosen game's fields, and as many seat rows and dealer choices as it has players."""
        form = element(Id.START_FORM)
        if not form:
            return
        fields = self._form_fields(form)
        form.dataset.game = fields.get("game", "farfalia")
        count = self.controller.seat_count(fields)
        for row in document.querySelectorAll("[data-seat-row]"):
            row.hidden = int(row.dataset.seatRow) >= count
        for option in document.querySelectorAll("[data-seat-option]"):
            option.hidden = int(option.dataset.seatOption) >= count

    # ------------------------------------------------------------------- timers

    def _schedule(self, disk_waited: bool = False) -> None:
        """Set the timer of what comes next by itself: a bot's decision, or a search's next
        slice. A decision waits until the journal has the last one on disk (at most
        :data:`DISK_WAIT` ms, after which the journal is taken to be stuck)."""
        self._cancel_timer()
        self.waiting_for_disk = bool(self.unsaved) and not disk_waited
        if self.waiting_for_disk:
            self.timer = window.setTimeout(self.disk_wait, DISK_WAIT)
            return
        if self.controller.thinking:
            self.timer = window.setTimeout(self.think_step, 0)
            return
        delay = self.controller.bot_delay()
        if delay is not None:
            self.timer = window.setTimeout(self.bot_step, delay)

    def _cancel_timer(self) -> None:
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None

    def _bot_move(self) -> None:
        self.timer = None
        self.controller.bot_move()
        if self.controller.thinking:
            self._think()
        else:  # a forced card played at once (or nothing, paused): shown, and what comes next scheduled
            self.draw()

    def _think(self) -> None:
        self.timer = None
        controller = self.controller
        if controller.think():
            times = controller.think_times
            if times:
                set_data(Data.THINK_COUNT, len(times))
                set_data(Data.THINK_LONGEST, round(max(times) * 1000))
            self.draw()
        elif controller.thinking:
            self.timer = window.setTimeout(self.think_step, 0)

    # ------------------------------------------------------------------- events

    def _open_menu(self) -> Any:
        """The phone's menu of tools when it is open, else None."""
        menu = element(Id.TOOLS)
        return menu if menu and menu.matches(":popover-open") else None

    def _on_click(self, event: Any) -> None:
        if self.dismissing:  # the press closed the menu of tools (a card under it is not played)
            self.dismissing = False
            return
        menu = self._open_menu()
        if menu and event.target.closest(f"#{Id.TOOLS} a, #{Id.TOOLS} button"):
            menu.hidePopover()  # a tool chosen (the rules' link too): the menu closes
        target = event.target.closest(f"[{ACTION_ATTRIBUTE}], [{COMMAND_ATTRIBUTE}]")
        if not target:  # None or jsnull: Pyodide reads JavaScript's null as the falsy jsnull
            return
        if not self.input_guard.accepts_click(int(event.detail), float(event.timeStamp) / 1000):
            event.preventDefault()
            return
        self._guarded(self._activate, target)

    def _activate(self, target: Any) -> None:
        menu = target.closest("details")
        if menu:  # a menu closes once one of its items is chosen (the bar keeps its place otherwise)
            menu.open = False
        # (Pyodide reads a missing attribute as jsnull, not None: ask hasAttribute.)
        if target.hasAttribute(ACTION_ATTRIBUTE):
            self.controller.act(target.getAttribute(ACTION_ATTRIBUTE))
        else:
            command = target.getAttribute(COMMAND_ATTRIBUTE)
            slot = target.getAttribute(SLOT_ATTRIBUTE) if target.hasAttribute(SLOT_ATTRIBUTE) else None
            if command == Command.EXPORT:
                self._download(slot)
                return
            if command == Command.RESUME and self.store:  # read the game as the journal has it now
                resume = create_proxy(lambda snapshot: self._guarded(self._resume, snapshot, slot))
                self.store.snapshot().then(resume)
                return
            if command in (Command.START, Command.EDITOR):  # a game, or a situation, of the table chosen
                form = self._form_fields(element(Id.START_FORM))
            elif command == Command.EDITOR_PLAY:
                form = self._form_fields(element(Id.EDITOR_FORM))
            else:
                card = target.getAttribute("data-card") if target.hasAttribute("data-card") else ""
                form = {"slot": slot or "", "card": str(card)}
            self.controller.command(command, form)
        self.draw()

    def _resume(self, snapshot: Any, slot: str) -> None:
        self.controller.refresh_saves(*read_snapshot(snapshot))
        self.controller.command(Command.RESUME, {"slot": slot})
        self.draw()

    def _form_fields(self, form: Any) -> dict[str, str]:
        """A form's fields by name: checkboxes ``on`` when checked, the checked radio's value,
        the variants ticked comma-separated."""
        fields = {}
        for field in form.querySelectorAll("input[name], select[name]"):
            if field.type == "radio":
                if field.checked:
                    fields[field.name] = field.value
            elif field.type == "checkbox":
                fields[field.name] = "on" if field.checked else ""
            else:
                fields[field.name] = field.value
        fields["variants"] = ",".join(box.value for box in form.querySelectorAll("input[name=variant]:checked"))
        return fields

    def _on_key(self, event: Any) -> None:
        # A field keeps its keys, but for Escape: from a checkbox, a choice, the link to share, it closes
        # the dialog (an open choice's list is closed by the browser, which keeps that Escape).
        if event.target.tagName in ("INPUT", "SELECT", "TEXTAREA") and event.key != "Escape":
            return
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        if self._move_between_cards(event):
            event.preventDefault()
            return
        activates = event.key in ("Enter", " ") and event.target.closest(f"[{ACTION_ATTRIBUTE}], [{COMMAND_ATTRIBUTE}]")
        # When the key was pressed (not when this handler runs, late on a busy page).
        if activates and not self.input_guard.accepts_key(float(event.timeStamp) / 1000, bool(event.repeat)):
            event.preventDefault()  # also keeps a button from clicking itself again
            return
        if self.controller.key(event.key):
            event.preventDefault()
            self._guarded(self.draw)
        elif event.key in ("Enter", " ") and event.target.closest and event.target.closest(f"svg [{ACTION_ATTRIBUTE}]"):
            event.preventDefault()
            self._guarded(self._activate, event.target.closest(f"[{ACTION_ATTRIBUTE}]"))

    def _on_focus(self, event: Any) -> None:
        target = event.target
        closest = getattr(target, "closest", None)
        if closest and closest(MENU_PARTS):
            return  # the note stays: emptied, it moved the menu (anchored to its button) under the finger
        menu = self._open_menu()
        if menu:
            menu.hidePopover()  # the focus left the menu of tools (Tab past its last tool)
        has = getattr(target, "hasAttribute", None)
        reason = target.getAttribute(REASON_ATTRIBUTE) if has and has(REASON_ATTRIBUTE) else ""
        element(Id.NOTE).textContent = reason
        self._mark_taken(event)

    def _mark_taken(self, event: Any) -> None:
        """A capture's button pointed at or focused (Papillon): the table cards it takes are marked."""
        for card in document.querySelectorAll(f"#{Id.TABLE} .would-take"):
            card.classList.remove("would-take")
        closest = getattr(event.target, "closest", None)
        choice = closest(f"#{Id.BAR} .choices [{ACTION_ATTRIBUTE}]") if closest else None
        if choice:
            for name in cards_taken(str(choice.getAttribute(ACTION_ATTRIBUTE))):
                card = document.querySelector(f'#{Id.TABLE} .blue-table [data-card="{name}"]')
                if card:
                    card.classList.add("would-take")

    def _on_change(self, event: Any) -> None:
        target, controller = event.target, self.controller
        if target.hasAttribute(SETTING_ATTRIBUTE):
            value = bool(target.checked) if target.type == "checkbox" else str(target.value)
            controller.set_preference(target.getAttribute(SETTING_ATTRIBUTE), value)
            self._guarded(self.draw)
        elif target.id == Id.SEEK:
            controller.seek(int(target.value))
            self._guarded(self.draw)
        elif target.id == Id.VIEW_SELECT:
            controller.set_view(target.value)
            self._guarded(self.draw)
        elif target.id == Id.IMPORT_FILE and target.files.length:
            target.files.item(0).text().then(create_proxy(self._import_text))
        elif target.id in (Id.MODE, Id.GAME, Id.PLAYERS):
            self._fit_seats()
        elif target.form and target.form.id in (Id.EDITOR_FORM, Id.EMBED_FORM):
            self._guarded(controller.edit, target.form.id, self._form_fields(target.form))
            if self.pressing:  # the field lost the focus to a press: redraw after its click
                self.pending_draw = True
            else:  # after the focus has moved on (a Tab out of the field): the redraw keeps it there
                window.setTimeout(create_proxy(lambda: self._guarded(self.draw)), 0)
        elif (target.name or "").startswith("name-"):  # the first-dealer choices follow the names typed
            index = target.name[5:]
            option = document.querySelector(f"[data-seat-option='{index}']")
            option.textContent = clean_name(target.value, int(index))

    def _on_pointer_down(self, event: Any) -> None:
        self.pressing = True
        self.dismissing = bool(self._open_menu()) and not event.target.closest(MENU_PARTS)

    def _on_pointer_up(self, _event: Any) -> None:
        self.pressing = False
        if self.pending_draw:
            window.setTimeout(self.flush_proxy, 0)  # after the click this press makes

    def _flush(self) -> None:
        if self.pending_draw:
            self._guarded(self.draw)

    def _import_text(self, content: str) -> None:
        self.controller.open_replay_text(content)
        self._guarded(self.draw)

    def _download(self, slot: str | None = None) -> None:
        download = self.controller.export(slot)
        if download is None:
            return
        options = to_js({"type": "text/plain"}, dict_converter=Object.fromEntries)
        blob = window.Blob.new(to_js([download.content]), options)
        link = document.createElement("a")
        link.href = window.URL.createObjectURL(blob)
        link.download = download.name
        link.click()
        window.URL.revokeObjectURL(link.href)

    def _guarded(self, handler: Any, *args: Any) -> None:
        """Run a handler; turn any failure into a readable message, never a blank page."""
        try:
            handler(*args)
        except FarfaliaError as error:
            element(Id.NOTE).textContent = error_note(error)
        except Exception as error:
            window.console.error(traceback.format_exc())
            element(Id.NOTE).textContent = text("error", error=str(error))


class DiagramPage:
    """The DOM side of a page of diagrams (the rules page): one runtime for all of them.
    The build wrote each figure's first picture; here each comes to life, and a step
    redraws only its own figure."""

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
            figure.innerHTML = self.diagrams.html(index)
        document.addEventListener("click", create_proxy(self._on_click))
        document.addEventListener("keydown", create_proxy(self._on_key))

    def _figure_of(self, target: Any) -> tuple[int, Any] | None:
        figure = target.closest(f"[{DIAGRAM_ATTRIBUTE}]") if hasattr(target, "closest") else None
        return (int(figure.dataset.diagram), figure) if figure else None

    def _on_click(self, event: Any) -> None:
        button = event.target.closest(f"[{STEP_ATTRIBUTE}]")
        found = self._figure_of(event.target)
        if not button or found is None:
            return
        index, figure = found
        move = str(button.getAttribute(STEP_ATTRIBUTE))
        figure.innerHTML = self.diagrams.step(index, move)
        figure.querySelector(f'[{STEP_ATTRIBUTE}="{move}"]').focus()  # the focus stays on the button

    def _on_key(self, event: Any) -> None:
        found = self._figure_of(event.target)
        if found is None or (event.target.tagName == "BUTTON" and event.key in ("Enter", " ")):
            return
        index, figure = found
        content = self.diagrams.key(index, str(event.key))
        if content is not None:
            event.preventDefault()
            figure.innerHTML = content
            figure.focus()


def read_snapshot(snapshot: Any) -> tuple[list[Stored], list[str]]:
    """The journal's entries and the slots other tabs hold, from ``farfaliaStore.snapshot()``."""
    entries = [Stored(str(slot), str(writer), int(seq), str(text)) for slot, writer, seq, text in snapshot.entries]
    return entries, [str(slot) for slot in snapshot.elsewhere]


def boot() -> None:
    """A page of diagrams (the rules page, another site's page with the script embed: no
    table of its own) comes to life; the game page reads the saves' journal, then starts."""
    if not element(Id.STAGE):
        window.farfaliaPage = DiagramPage()
        set_data(Data.READY, 1)
        return
    store = getattr(window, "farfaliaStore", None)
    if store:
        failed = create_proxy(lambda _error: start(None, ([], [])))
        store.snapshot().then(create_proxy(lambda snapshot: start(store, read_snapshot(snapshot))), failed)
    else:
        start(None, ([], []))


def start(store: Any, saves: tuple[list[Stored], list[str]]) -> None:
    """Start the page, draw its first screen and say it is ready (``saves``: the journal's
    entries and the slots other tabs hold)."""
    embed = document.body.getAttribute("data-page") == EMBED_PAGE
    try:
        page = Page(embed, store, saves)
    except Exception:  # a store damaged past reading: start without it (left untouched), not at all
        page = Page(embed, None, ([], []))
    page._guarded(page.controller.open, str(window.location.hash)[1:])
    page._guarded(page.draw)
    element(Id.LOADER).hidden = True
    set_data(Data.READY, 1)
    window.farfaliaPage = page  # for debugging in the console
    # What Python has imported: the end-to-end suite records it to keep tools/stdlib-modules.txt true.
    window.farfaliaModules = create_proxy(lambda: ",".join(sorted(sys.modules)))


boot()
