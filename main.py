"""Browser glue: draws the session into the page and passes clicks back.

Thin on purpose: the rules, the views, the replays, the table's SVG and the HTML
of every panel come from the ``farfalia`` package (tested in CPython); this file
only touches the DOM, the URL, localStorage, files, the clipboard and timers.
"""

import random
import time
import traceback

from js import Object
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from farfalia import replay
from farfalia.errors import FarfaliaError
from farfalia.render import COLOURS, LIGHT_COLOURS, render_table
from farfalia.rules import PLAYERS
from farfalia.screens import (
    cover,
    game_over,
    hand_summary,
    message_panel,
    score_sheet,
    share_panel,
    start_screen,
    summary_panel,
    turn_bar,
    viewer_bar,
)
from farfalia.search import Search
from farfalia.session import PACES, Player, Session, clean_name, new_session
from farfalia.texts import action_text, text
from farfalia.viewer import ReplayViewer

SAVE_KEY = "farfalia.save"
VIEWER_MOVES = ("first", "last", "prev", "next", "prev-trick", "next-trick", "prev-hand", "next-hand")
#: Seconds of search between two yields to the browser (the page must answer within 200 ms).
SLICE_SECONDS = 0.05


class Page:
    """The one page: a start screen, or a table with its panels."""

    def __init__(self, embedded: bool = False) -> None:
        self.embedded = embedded
        self.session: Session | None = None
        self.viewer: ReplayViewer | None = None
        self.replay_text = ""
        self.link_extras = ""
        self.colours = COLOURS
        self.sheet_open = False
        self.timer: int | None = None
        self.draws = 0
        #: The search under way (a bot's decision or a hint), what to do with its outcome,
        #: and the history length it was started at (it is dropped if the game moved on).
        self.thinking: tuple[Search, object, int] | None = None
        self.think_started = 0.0
        self.think_times: list[float] = []
        self.bot_step = create_proxy(self._bot_step)
        self.think_step = create_proxy(self._think_step)
        self.area = document.getElementById("table")
        self.bar = document.getElementById("bar")
        self.overlay = document.getElementById("overlay")
        self.note = document.getElementById("note")
        document.addEventListener("click", create_proxy(self._on_click))
        document.addEventListener("keydown", create_proxy(self._on_key))
        document.addEventListener("focusin", create_proxy(self._on_focus))
        document.addEventListener("change", create_proxy(self._on_change))

    # ------------------------------------------------------------------ screens

    def show_start(self) -> None:
        """The start screen, offering to resume a saved game."""
        self._cancel_timer()
        self.session = None
        self.area.innerHTML = ""
        self.bar.innerHTML = ""
        self.overlay.innerHTML = start_screen(bool(window.localStorage.getItem(SAVE_KEY)))
        self.overlay.hidden = False
        self._fit_seats()
        self._mark_drawn()

    def draw(self) -> None:
        """Draw the table and whatever panel the session needs now."""
        session = self.session
        if session is None:
            return
        game = session.game
        covered = session.needs_cover()
        self.area.innerHTML = "" if covered else render_table(session.view(), session.names(), self.colours)
        self.bar.innerHTML = "" if covered else turn_bar(session) + self._bar_buttons()
        panel = ""
        if covered:
            panel = cover(session)
        elif session.summary_pending() is not None:
            panel = hand_summary(session)
        elif game.is_over():
            panel = game_over(session)
        elif self.sheet_open:
            panel = score_sheet(session)
        self.overlay.innerHTML = panel
        self.overlay.hidden = not panel
        document.body.dataset.phase = game.phase
        turn = game.to_act()
        document.body.dataset.decision = turn.decision if turn is not None and not covered else ""
        document.body.dataset.waiting = "bot" if session.bot_to_act() and not self.sheet_open else "human"
        self._mark_drawn()
        focus = self.overlay.querySelector("button") or self.area.querySelector(".card.legal")
        if focus:  # querySelector's null is the falsy jsnull
            focus.focus()
        self._schedule_bot()

    def _bar_buttons(self) -> str:
        return (
            f'<div class="tools"><button type="button" class="btn" data-command="sheet">{text("scores")}</button>'
            f'<button type="button" class="btn" data-command="share">{text("share")}</button>'
            f'<button type="button" class="btn" data-command="new-game">{text("new-game")}</button></div>'
        )

    def show_replay(self, fragment: str) -> None:
        """Open the replay a link's fragment holds, or say plainly why it cannot be shown."""
        params = window.URLSearchParams.new(fragment)
        self.replay_text = params.get("replay") or ""
        at, view = params.get("at"), params.get("view")
        if params.get("theme") == "light":
            document.body.classList.add("light")
            self.colours = LIGHT_COLOURS
        controls = params.get("controls") != "0"
        # Kept in the link as it follows the stepping.
        self.link_extras = "".join(f"&{key}={params.get(key)}" for key in ("controls", "theme") if params.get(key))
        try:
            self.viewer = ReplayViewer(
                replay.decode(self.replay_text), int(at) if at and at.isdigit() else None, view or "all"
            )
        except FarfaliaError as error:
            self.viewer = None
            self.area.innerHTML = ""
            self.bar.innerHTML = ""
            self.overlay.innerHTML = message_panel(text("bad-link", error=str(error)), self.embedded)
            self.overlay.hidden = False
            self._mark_drawn()
            return
        self.bar.hidden = not controls
        self.draw_viewer()

    def draw_viewer(self) -> None:
        """The replay at its position, its controls, and the link kept pointing at it."""
        viewer = self.viewer
        self.area.innerHTML = render_table(viewer.view(), viewer.names(), self.colours)
        self.bar.innerHTML = viewer_bar(viewer, self.embedded)
        finished = viewer.finished_hand()
        self.overlay.innerHTML = summary_panel(finished, viewer.names()) if finished else ""
        self.overlay.hidden = finished is None
        window.history.replaceState(None, "", "#" + viewer.fragment(self.replay_text) + self.link_extras)
        document.body.dataset.at = str(viewer.at)
        self._mark_drawn()

    def _mark_drawn(self) -> None:
        self.draws += 1
        document.body.dataset.draws = str(self.draws)

    # ------------------------------------------------------------------- events

    def _on_click(self, event) -> None:
        target = event.target.closest("[data-action], [data-command]")
        if not target:  # None or jsnull: Pyodide reads JavaScript's null as the falsy jsnull
            return
        self._guarded(self._activate, target)

    def _on_key(self, event) -> None:
        if self.viewer is not None and event.target.tagName not in ("INPUT", "SELECT"):
            moves = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}
            if event.key in moves:
                event.preventDefault()
                self._guarded(self._viewer_step, moves[event.key])
            return
        if event.key in ("Enter", " ") and event.target.closest and event.target.closest("svg [data-action]"):
            event.preventDefault()
            self._guarded(self._activate, event.target.closest("[data-action]"))

    def _on_focus(self, event) -> None:
        target = event.target
        has = getattr(target, "hasAttribute", None)
        self.note.textContent = target.getAttribute("data-reason") if has and has("data-reason") else ""

    def _on_change(self, event) -> None:
        if event.target.id == "seek" and self.viewer is not None:
            self.viewer.jump(int(event.target.value))
            self._guarded(self.draw_viewer)
            return
        if event.target.id == "import-file" and event.target.files.length:
            event.target.files.item(0).text().then(create_proxy(self._import_text))
            return
        if event.target.id == "view-select" and self.viewer is not None:
            self.viewer.set_view(event.target.value)
            self._guarded(self.draw_viewer)
            return
        if event.target.id == "mode":
            self._fit_seats()
        name = event.target.name or ""
        if name.startswith("name-"):  # the first-dealer choices follow the names typed
            option = document.querySelector(f"[data-seat-option='{name[5:]}']")
            option.textContent = clean_name(event.target.value, int(name[5:]))

    def _activate(self, target) -> None:
        # (Pyodide reads a missing attribute as jsnull, not None: ask hasAttribute.)
        if target.hasAttribute("data-action"):
            if self.session is not None:  # a replay's cards show choices but take no action
                self.session.human_action(target.getAttribute("data-action"))
                self._save()
                self.draw()
            return
        command = target.getAttribute("data-command")
        if self.viewer is not None and command in VIEWER_MOVES:
            self._viewer_step(command)
            return
        getattr(self, "_command_" + command.replace("-", "_"))()

    def _viewer_step(self, command: str) -> None:
        viewer = self.viewer
        moves = {
            "first": lambda: viewer.jump(0),
            "last": lambda: viewer.jump(viewer.total),
            "prev": lambda: viewer.step(-1),
            "next": lambda: viewer.step(1),
            "prev-trick": lambda: viewer.step_trick(False),
            "next-trick": lambda: viewer.step_trick(True),
            "prev-hand": lambda: viewer.step_hand(False),
            "next-hand": lambda: viewer.step_hand(True),
        }
        moves[command]()
        self.draw_viewer()

    def _command_start(self) -> None:
        form = document.getElementById("start-form")

        def field(name: str) -> str:
            return form.querySelector(f"[name='{name}']").value

        mode = field("mode")
        variants = frozenset(box.value for box in form.querySelectorAll("input[name=variant]:checked"))
        players = [Player(field(f"name-{k}"), field(f"kind-{k}") == "bot") for k in range(PLAYERS[mode])]
        dealer = field("dealer")
        seed_text = field("seed").strip()
        seed = int(seed_text) if seed_text.isdigit() else random.randrange(2**31)
        self.session = new_session(
            mode, variants, players, seed, int(dealer) if dealer else None, field("pace"), field("level")
        )
        self._save()
        self.draw()

    def _command_resume(self) -> None:
        self.session = Session.from_save(window.localStorage.getItem(SAVE_KEY))
        self.draw()

    def _command_show_cards(self) -> None:
        self.session.show_cards()
        self._save()
        self.draw()

    def _command_continue(self) -> None:
        self.session.dismiss_summary()
        self._save()
        self.draw()

    def _command_sheet(self) -> None:
        self.sheet_open = True
        self.draw()

    def _command_close_sheet(self) -> None:
        self.sheet_open = False
        self.draw()

    def _command_play_again(self) -> None:
        old = self.session
        self.session = Session(old.game.settings, random.randrange(2**31), old.players, old.pace, level=old.level)
        self._save()
        self.draw()

    def _command_new_game(self) -> None:
        if self.viewer is not None:  # leaving a replay: the saved game stays
            self.viewer = None
            window.history.replaceState(None, "", window.location.pathname)
            self.show_start()
            return
        window.localStorage.removeItem(SAVE_KEY)
        self.show_start()

    def _import_text(self, content: str) -> None:
        """A replay file was opened: show it (or why it cannot be shown)."""
        window.history.replaceState(None, "", "#replay=" + content.strip())
        self._guarded(self.show_replay, window.location.hash[1:])

    def _command_export(self) -> None:
        """Download the replay as a text file."""
        blob = window.Blob.new(
            to_js([self.replay_text]), to_js({"type": "text/plain"}, dict_converter=Object.fromEntries)
        )
        link = document.createElement("a")
        link.href = window.URL.createObjectURL(blob)
        link.download = "farfalia-replay.txt"
        link.click()
        window.URL.revokeObjectURL(link.href)

    def _command_share(self) -> None:
        game = self.session.game
        try:
            names = self.session.names()
            text_ = replay.encode(game, names) if game.is_over() else replay.encode_finished_hands(game, names)
        except FarfaliaError:
            self.note.textContent = text("share-none")
            return
        link = window.location.href.split("#")[0] + "#replay=" + text_
        self.overlay.innerHTML = share_panel(link)
        self.overlay.hidden = False
        field = document.getElementById("share-link")
        field.focus()
        field.select()
        if window.navigator.clipboard:
            window.navigator.clipboard.writeText(link).catch(create_proxy(lambda _error: None))

    def _command_close_share(self) -> None:
        self.draw()

    # --------------------------------------------------------------------- bots

    def _schedule_bot(self) -> None:
        self._cancel_timer()
        if self.session is not None and self.session.bot_to_act() and not self.sheet_open:
            self.timer = window.setTimeout(self.bot_step, PACES[self.session.pace])

    def _cancel_timer(self) -> None:
        """Stop the pending bot move or search slice."""
        self.thinking = None
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None

    def _bot_step(self) -> None:
        self.timer = None
        self._guarded(self._bot_move)

    def _bot_move(self) -> None:
        if self.session is not None and self.session.bot_to_act():
            self._think(self.session.bot_search(), self._bot_decided)

    def _bot_decided(self, _search: Search) -> None:
        self.think_times.append(time.perf_counter() - self.think_started)
        document.body.dataset.thinkCount = str(len(self.think_times))
        document.body.dataset.thinkLongest = str(round(max(self.think_times) * 1000))
        self.session.finish_bot()
        self._save()
        self.draw()

    def _command_hint(self) -> None:
        self.note.textContent = text("hint-thinking")
        self._think(self.session.hint_search(), self._hint_found)

    def _hint_found(self, search: Search) -> None:
        best = search.best()
        self.note.textContent = text("hint-is", action=action_text(best))
        card = self.area.querySelector(f'[data-action="{best}"]') or self.bar.querySelector(f'[data-action="{best}"]')
        if card:  # None or jsnull
            card.classList.add("hint")

    def _think(self, search: Search, done) -> None:
        """Run ``search`` in slices of :data:`SLICE_SECONDS`, yielding to the browser
        between them, then hand it to ``done`` (unless the game moved on meanwhile)."""
        self._cancel_timer()
        self.thinking = (search, done, len(self.session.game.history))
        self.think_started = time.perf_counter()
        self._think_step()

    def _think_step(self) -> None:
        self.timer = None
        if self.thinking is None:
            return
        search, done, at = self.thinking
        if self.session is None or len(self.session.game.history) != at:
            self.thinking = None
            return
        start = time.perf_counter()
        while not search.finished and time.perf_counter() - start < SLICE_SECONDS:
            search.advance(1)
        if search.finished:
            self.thinking = None
            self._guarded(done, search)
        else:
            self.timer = window.setTimeout(self.think_step, 0)

    # -------------------------------------------------------------------- helps

    def _save(self) -> None:
        if self.session is not None:
            window.localStorage.setItem(SAVE_KEY, self.session.to_save())

    def _fit_seats(self) -> None:
        """Show as many seat rows and dealer choices as the chosen mode has players."""
        mode = document.getElementById("mode")
        if not mode:
            return
        count = PLAYERS[mode.value]
        for row in document.querySelectorAll("[data-seat-row]"):
            row.hidden = int(row.dataset.seatRow) >= count
        for option in document.querySelectorAll("[data-seat-option]"):
            option.hidden = int(option.dataset.seatOption) >= count

    def _guarded(self, handler, *args) -> None:
        """Run a handler; turn any failure into a readable message, never a blank page."""
        try:
            handler(*args)
        except FarfaliaError as error:
            self.note.textContent = text("error", error=str(error))
        except Exception as error:
            window.console.error(traceback.format_exc())
            self.note.textContent = text("error", error=str(error))


def boot() -> None:
    """Start the page: a replay when the link holds one, else the start screen (the
    embed page shows replays only)."""
    embedded = document.body.getAttribute("data-page") == "embed"
    page = Page(embedded)
    fragment = window.location.hash[1:]
    if embedded or fragment.startswith("replay="):
        page.show_replay(fragment)
    else:
        page.show_start()
    document.getElementById("loader").hidden = True
    document.body.dataset.ready = "1"
    window.farfaliaPage = page  # for debugging in the console


boot()
