"""Browser glue: draws the session into the page and passes clicks back.

Thin on purpose: the rules, the views, the table's SVG and the HTML of every
panel come from the ``farfalia`` package (tested in CPython); this file only
touches the DOM, localStorage and timers.
"""

import random
import traceback

from pyodide.ffi import create_proxy
from pyscript import document, window

from farfalia.errors import FarfaliaError
from farfalia.render import render_table
from farfalia.rules import PLAYERS
from farfalia.screens import cover, game_over, hand_summary, score_sheet, start_screen, turn_bar
from farfalia.session import PACES, Player, Session, clean_name, new_session
from farfalia.texts import text

SAVE_KEY = "farfalia.save"


class Page:
    """The one page: a start screen, or a table with its panels."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.sheet_open = False
        self.timer: int | None = None
        self.draws = 0
        self.bot_step = create_proxy(self._bot_step)
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

    def draw(self) -> None:
        """Draw the table and whatever panel the session needs now."""
        session = self.session
        if session is None:
            return
        game = session.game
        covered = session.needs_cover()
        self.area.innerHTML = "" if covered else render_table(session.view(), session.names())
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
        self.draws += 1
        document.body.dataset.draws = str(self.draws)
        focus = self.overlay.querySelector("button") or self.area.querySelector(".card.legal")
        if focus:  # querySelector's null is the falsy jsnull
            focus.focus()
        self._schedule_bot()

    def _bar_buttons(self) -> str:
        return (
            f'<div class="tools"><button type="button" class="btn" data-command="sheet">{text("scores")}</button>'
            f'<button type="button" class="btn" data-command="new-game">{text("new-game")}</button></div>'
        )

    # ------------------------------------------------------------------- events

    def _on_click(self, event) -> None:
        target = event.target.closest("[data-action], [data-command]")
        if not target:  # None or jsnull: Pyodide reads JavaScript's null as the falsy jsnull
            return
        self._guarded(self._activate, target)

    def _on_key(self, event) -> None:
        if event.key in ("Enter", " ") and event.target.closest and event.target.closest("svg [data-action]"):
            event.preventDefault()
            self._guarded(self._activate, event.target.closest("[data-action]"))

    def _on_focus(self, event) -> None:
        target = event.target
        has = getattr(target, "hasAttribute", None)
        self.note.textContent = target.getAttribute("data-reason") if has and has("data-reason") else ""

    def _on_change(self, event) -> None:
        if event.target.id == "mode":
            self._fit_seats()
        name = event.target.name or ""
        if name.startswith("name-"):  # the first-dealer choices follow the names typed
            option = document.querySelector(f"[data-seat-option='{name[5:]}']")
            option.textContent = clean_name(event.target.value, int(name[5:]))

    def _activate(self, target) -> None:
        # (Pyodide reads a missing attribute as jsnull, not None: ask hasAttribute.)
        if target.hasAttribute("data-action") and self.session is not None:
            self.session.human_action(target.getAttribute("data-action"))
            self._save()
            self.draw()
            return
        getattr(self, "_command_" + target.getAttribute("data-command").replace("-", "_"))()

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
        self.session = new_session(mode, variants, players, seed, int(dealer) if dealer else None, field("pace"))
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
        self.session = Session(old.game.settings, random.randrange(2**31), old.players, old.pace)
        self._save()
        self.draw()

    def _command_new_game(self) -> None:
        window.localStorage.removeItem(SAVE_KEY)
        self.show_start()

    # --------------------------------------------------------------------- bots

    def _schedule_bot(self) -> None:
        self._cancel_timer()
        if self.session is not None and self.session.bot_to_act() and not self.sheet_open:
            self.timer = window.setTimeout(self.bot_step, PACES[self.session.pace])

    def _cancel_timer(self) -> None:
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None

    def _bot_step(self) -> None:
        self.timer = None
        self._guarded(self._bot_move)

    def _bot_move(self) -> None:
        if self.session is not None and self.session.bot_to_act():
            self.session.bot_action()
            self._save()
            self.draw()

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
    """Start the page: resume straight away when a saved game is on the way."""
    page = Page()
    page.show_start()
    document.getElementById("loader").hidden = True
    document.body.dataset.ready = "1"
    window.farfaliaPage = page  # for debugging in the console


boot()
