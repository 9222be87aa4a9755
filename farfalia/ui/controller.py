"""The page's controller: everything the page decides that is not a DOM call, for any game of the
site (each found in the registry, :mod:`farfalia.ui.game`).

It holds what the page shows (the start screen, a game at the table, a replay, a situation being
set up) and the one dialog open over it (:class:`~farfalia.ui.panels.Panel`), turns the page's
commands, clicks, keys and links into changes, and says what to draw as a :class:`Screen`. Its
parts do the rest: the saved games and the tabs (:class:`~farfalia.ui.shelf.Shelf`), the bots'
and the hint's searches (:class:`~farfalia.ui.thinking.Thinker`), what is remembered
(:mod:`farfalia.ui.preferences`). What waits on the browser (journal writes, timers, the focus) is
:mod:`farfalia.ui.runtime`'s. Pure and typed: tested in CPython.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from farfalia.bots.search import Search
from farfalia.core.codes import ascii_int
from farfalia.core.errors import FarfaliaError, SessionError, SettingsError
from farfalia.records.replay import MAX_NAME, read_replay
from farfalia.ui.contract import Command, Data, Id, dataset_key
from farfalia.ui.embeds import EmbedOptions, embed_link, iframe_snippet, script_snippet, site_base
from farfalia.ui.game import SiteGame, find_game, site_games
from farfalia.ui.keyboard import SHORTCUTS
from farfalia.ui.language import LANGUAGES, choose_language, set_language
from farfalia.ui.layout import WIDE, layout_for
from farfalia.ui.links import Link, parse_link
from farfalia.ui.panels import CLOSED_BY, TOGGLED_BY, Panel
from farfalia.ui.preferences import AUTOPLAY, PREFERENCES_KEY, Preferences, remember_choices, remembered_choices
from farfalia.ui.saves import Entry, Forget, GuardedStorage, Storage, Stored
from farfalia.ui.screens import (
    SavedGame,
    confirm_leave,
    cover,
    embed_panel,
    help_panel,
    message_panel,
    saved_list,
    settings_panel,
    share_panel,
    start_screen,
    tools_bar,
    viewer_bar,
)
from farfalia.ui.seating import PACES, PUT_BACK, Player, Table, clean_name
from farfalia.ui.shelf import Shelf
from farfalia.ui.texts import error_text, text
from farfalia.ui.thinking import SLICE_SECONDS, Thinker, delay, forced_action
from farfalia.ui.viewer import VIEWER_KEYS, Stepper, ViewerMove, open_viewer

#: How long a card's glide takes at each pace (ms): "Instant" has none.
MOTION: Final = {"slow": 450, "normal": 320, "fast": 160, "instant": 0}
#: Seeds drawn for new games lie in ``0 .. SEED_LIMIT - 1``.
SEED_LIMIT: Final = 2**31
#: The game the start screen offers first, where nothing was chosen before.
FIRST_GAME: Final = 0


@dataclass(frozen=True)
class Screen:
    """What the page shows: the table's SVG, the bar's and the overlay's HTML
    (an empty overlay is hidden), and the values of the body's test hooks."""

    table: str = ""
    bar: str = ""
    #: The game's tools, beside the bar (written apart: they stay while the game moves on).
    tools: str = ""
    overlay: str = ""
    #: Whether the overlay is a modal dialog: the table and the bar are inert meanwhile.
    modal: bool = False
    #: Whether the person whose cards are shown must decide now (the focus goes to the decision).
    deciding: bool = False
    #: Whether the bar is hidden though it holds something (an embed without controls).
    bar_hidden: bool = False
    #: The decision the screen asks for (``data-decision``), empty if none.
    decision: str = ""
    #: Who the game waits for (``data-waiting``): ``bot`` or ``human``.
    waiting: str = "human"
    #: The replay's position (``data-at``), None outside the viewer.
    at: int | None = None
    #: The URL fragment the page's address should show ("": none), None to leave it as it is.
    fragment: str | None = ""
    #: The colour theme (``light`` on embeds that ask for it).
    theme: str = "dark"
    #: The table's arrangement (``data-layout``).
    layout: str = "wide"
    #: A sound to play (``card``) when sounds are on and the game moved on.
    sound: str | None = None
    #: How long moved cards take to glide to their new places (ms; 0: no motion).
    motion: int = 0
    #: How many actions the game played here has (``data-actions``).
    actions: int = 0
    #: Whether the field being typed in keeps the focus across the redraw (a form being filled).
    keep_focus: bool = False
    #: The language spoken (``<html lang>``).
    lang: str = "en"
    #: The card the person has picked up (its notation, ``data-picked``), "" if none.
    picked: str = ""

    def painted(self, think_times: Sequence[float], hint: str | None, announcements: list[str]) -> dict[str, object]:
        """What the page's ``farfaliaDom.paint`` writes (``assets/dom.js``): the table, the overlay,
        the theme and language, the address, the body's data attributes (the page's test hooks,
        by their ``dataset`` keys; ``think_times``: the bots' decisions timed in the page, seconds),
        the ``hint``'s control marked, the ``announcements`` for the live region, and the sound."""
        hooks: dict[Data, object] = {Data.DECISION: self.decision, Data.ACTIONS: self.actions, Data.PICKED: self.picked,
                                     Data.LAYOUT: self.layout, Data.WAITING: self.waiting}  # fmt: skip
        if think_times:
            hooks |= {Data.THINK_COUNT: len(think_times), Data.THINK_LONGEST: round(max(think_times) * 1000)}
        if self.at is not None:
            hooks[Data.AT] = self.at
        return {
            "table": self.table,
            "motion": self.motion,
            "overlay": self.overlay,
            "modal": self.modal,
            "keepFocus": self.keep_focus,
            "theme": self.theme,
            "lang": self.lang,
            "fragment": self.fragment,
            "data": {dataset_key(key): str(value) for key, value in hooks.items()},
            "hint": hint or "",
            "announcements": announcements,
            "sound": bool(self.sound),
        }

    @property
    def shows_bar(self) -> bool:
        """Whether the bar shows: an empty one (the start screen's, the editor's) gives its room
        to the overlay."""
        return not self.bar_hidden and bool(self.bar or self.tools)


@dataclass(frozen=True)
class Download:
    """A file for the page to offer as a download."""

    name: str
    content: str


class Controller:
    """The one page: a start screen, a table with its panel, a replay, or a situation's editor."""

    def __init__(
        self,
        storage: Storage,
        address: str = "",
        embedded: bool = False,
        rng: random.Random | None = None,
        journal: Iterable[Stored] = (),
        clock: Callable[[], float] = time.time,
        languages: Sequence[str] = (),
        locks: bool = True,
    ) -> None:
        self.storage = GuardedStorage(storage)
        self.rng = rng or random.Random()
        #: The saved games and the tabs playing them (``journal``: the entries the page's journal
        #: holds; ``locks``: whether the browser has Web Locks, else the page keeps leases).
        self.shelf = Shelf(self.storage, journal, clock, self.rng, locks)
        #: The page's address without its fragment: share links start with it.
        self.address = address
        self.embedded = embedded
        #: The game at the table, and its game of the site; None when none is being played.
        self.table: Table | None = None
        self.game: SiteGame | None = None
        self.viewer: Stepper | None = None
        self.link: Link | None = None
        #: The situation being set up, None when the editor is closed.
        self.editor: Any = None
        #: The dialog open over the page.
        self.panel = Panel.NONE
        #: The link to share (the share panel's), and the embed builder's options.
        self.share_link: str | None = None
        self.embed_options: EmbedOptions | None = None
        self.theme = "dark"
        self.layout = WIDE
        #: The stage's width over its height (0 until measured).
        self.stage_aspect = 0.0
        self.preferences = Preferences.from_text(self.storage.get(PREFERENCES_KEY))
        #: The language spoken: the player's choice, else the browser's (``languages``).
        self.language = ""
        self._speak(choose_language(self.preferences.language, languages))
        self._heard = -1  # the state id last sounded
        #: Why a link could not be shown, in the page's words.
        self.message: str | None = None
        #: A message for the note line (a hint, an error), or None to leave it.
        self.note: str | None = None
        #: The action the last hint named, to mark on the table.
        self.hint: str | None = None
        self.thinker = Thinker()
        self._commands: dict[Command, Callable[[Mapping[str, str]], None]] = {
            Command.START: self._start,
            Command.RESUME: self._resume,
            Command.SHOW_CARDS: lambda _form: self._table_change(self._seated().show_cards),
            Command.CONTINUE: lambda _form: self._table_change(self._seated().dismiss_summary),
            Command.SHEET: lambda _form: self._open(Panel.SHEET),
            Command.CLOSE_SHEET: lambda _form: self._close(),
            Command.PLAY_AGAIN: lambda _form: self._play_again(),
            Command.NEW_GAME: lambda _form: self._new_game(),
            Command.KEEP_PLAYING: lambda _form: self._close(),
            Command.LEAVE_GAME: lambda _form: self._leave_game(),
            Command.SHARE: lambda _form: self._share(),
            Command.CLOSE_SHARE: lambda _form: self._close(),
            Command.HINT: lambda _form: self._hint(),
            Command.SETTINGS: lambda _form: self._open(Panel.SETTINGS),
            Command.CLOSE_SETTINGS: lambda _form: self._close(),
            Command.UNDO: lambda _form: self._undo(),
            Command.DISCARD_SAVE: lambda form: self.shelf.discard(form.get("slot", "")),
            Command.CONFIRM_DISCARD: lambda form: self.shelf.confirm_discard(form.get("slot", "")),
            Command.KEEP_SAVE: lambda _form: self.shelf.keep(),
            Command.EDITOR: lambda form: self._open_editor(self._new_editor(form)),
            Command.EDITOR_CARD: lambda form: self._editing().toggle(form.get("card", "")),
            Command.EDITOR_FILL: lambda _form: self._editing().fill(self.rng),
            Command.EDITOR_CLEAR: lambda _form: self._editing().clear(),
            Command.EDITOR_TAKE_BACK: lambda _form: self._editing().take_back(),
            Command.EDITOR_PLAY: self._play_scenario,
            Command.EDITOR_STEP: lambda _form: self.open_replay(self._scenario_link().fragment()),
            Command.EDITOR_SHARE: lambda _form: self._share_fragment(self._scenario_link().fragment()),
            Command.PLAY_FROM_HERE: lambda _form: self._play_from_here(),
            Command.EDIT_POSITION: lambda _form: self._edit_position(),
            Command.EMBED: lambda _form: self._open_embed(),
            Command.CLOSE_EMBED: lambda _form: self._close(),
            Command.HELP: lambda _form: self._open(Panel.HELP),
            Command.CLOSE_HELP: lambda _form: self._close(),
            Command.LAST_TRICK: lambda _form: self._last_trick(),
        }

    # ------------------------------------------------------------------ opening

    def open(self, fragment: str) -> None:
        """Start the page: a replay when the link holds one, else the start screen
        (the embed page shows replays only)."""
        if self.embedded or fragment.startswith("replay="):
            self.open_replay(fragment)
        else:
            self.show_start()

    def follow(self, fragment: str) -> None:
        """The address changed under the open page (a link pasted into its address bar, or
        Back; the page's own writing of it tells nothing): open the replay it holds; any other
        fragment changes nothing. A game under way is saved at every decision: the start
        screen offers it again."""
        if fragment.startswith("replay="):
            self.open_replay(fragment)

    def show_start(self) -> None:
        """The start screen, offering to resume a saved game."""
        self.thinker.stop()
        self.editor = None
        self.embed_options = None
        self._sit(None, None)
        self.viewer = None
        self.message = None
        self.panel = Panel.NONE
        self.share_link = None

    def open_replay(self, fragment: str) -> None:
        """Open the replay a link's fragment holds, or say plainly why it cannot be shown."""
        self.show_start()
        try:
            self.link = parse_link(fragment)
            if self.embedded and self.link.lang:  # an embed speaks the language its author chose
                self._speak(self.link.lang)
            self.theme = self.link.theme
            self.viewer = open_viewer(read_replay(self.link.replay), self.link.at, self.link.view)
        except FarfaliaError as error:
            self.viewer = None
            self.message = text("bad-link", error=error_text(error))

    def open_replay_text(self, content: str) -> None:
        """A replay file was opened: show it (or why it cannot be shown)."""
        self.open_replay("replay=" + content.strip())

    # ----------------------------------------------------------------- showing

    def screen(self) -> Screen:
        """What the page shows now, in the language spoken."""
        return dataclasses.replace(self._screen(), lang=self.language)

    def _screen(self) -> Screen:
        if self.viewer is not None:
            return self._viewer_screen(self.viewer)
        if self.message is not None:
            return Screen(overlay=message_panel(self.message, self.embedded), fragment=None, modal=True)
        if self.editor is not None:
            return self._editor_screen()
        if self.table is None or self.game is None:
            return Screen(overlay=start_screen(self.saved_games(), self._choices(), self.language))
        return self._table_screen(self.table, self.game)

    def _table_screen(self, table: Table, game: SiteGame) -> Screen:
        """The table with its bar, its tools and the panel over it: the one a person opened, else
        a hot seat's cover, else the game's own (a round's summary, its end)."""
        panel = self._panel_html(table, game)
        if not panel and table.needs_cover():
            return Screen(overlay=cover(table), waiting="human", modal=True)
        panel = panel or table.panel()
        sound = None
        if self.preferences.sound and table.state_id != self._heard:
            sound = "card" if self._heard >= 0 else None
            self._heard = table.state_id
        return Screen(
            table=table.draw(self.layout, self.theme, self.stage_aspect),
            bar=table.bar(),
            tools=tools_bar(self.preferences.undo and table.can_undo(), self.language, game),
            sound=sound,
            motion=MOTION[table.pace],
            overlay=panel,
            modal=bool(panel),
            deciding=not panel and table.deciding(),
            picked=table.picked() if not panel else "",
            decision=table.decision(),
            actions=len(table.game.actions),
            waiting="bot" if self._bot_may_move() else "human",
            layout=self.layout.kind,
        )

    def _panel_html(self, table: Table, game: SiteGame) -> str:
        """The dialog a person opened over the table ("" if none)."""
        prefs = self.preferences
        if self.panel == Panel.CONFIRM_LEAVE:
            return confirm_leave()
        if self.panel == Panel.HELP:
            return help_panel(game)
        if self.panel == Panel.SETTINGS:
            undo_allowed = len(table.humans()) == 1
            return settings_panel(table.pace, prefs.autoplay, prefs.sound, prefs.undo, undo_allowed, self.language)
        if self.panel == Panel.SHARE and self.share_link is not None:
            return share_panel(self.share_link, game.share_note)
        if self.panel == Panel.SHEET:
            return table.sheet()
        return ""

    def _editor_screen(self) -> Screen:
        if self.panel == Panel.SHARE and self.share_link is not None:
            return Screen(overlay=share_panel(self.share_link), fragment=None)
        return Screen(overlay=self.editor.panel(self.layout, self.theme), fragment=None, keep_focus=True)

    def _viewer_screen(self, viewer: Stepper) -> Screen:
        link = self.link
        assert link is not None
        overlay = viewer.summary()
        embedding = self.panel == Panel.EMBED and self.embed_options is not None
        if embedding:
            overlay = self._embed_panel(viewer, link)
        return Screen(
            table=viewer.draw(viewer.view(), self.layout, self.theme, self.stage_aspect),
            bar=viewer_bar(viewer, self.embedded),
            overlay=overlay,
            keep_focus=embedding,
            modal=embedding,
            bar_hidden=not link.controls,
            at=viewer.at,
            fragment=link.with_position(viewer.at, viewer.view_name).fragment(),
            theme=link.theme,
            layout=self.layout.kind,
        )

    def resize(self, width: float, height: float) -> bool:
        """The stage (the window less the page's bar) is ``width`` x ``height`` CSS pixels;
        True if the table must be drawn again (its layout changed, or its proportions, which a
        table drawn for them follows)."""
        before = (self.layout, round(self.stage_aspect, 2))
        self.layout = layout_for(width, height)
        self.stage_aspect = width / height if width > 0 and height > 0 else 0.0
        return (self.layout, round(self.stage_aspect, 2)) != before

    @staticmethod
    def seat_count(form: Mapping[str, str]) -> int:
        """How many seat rows the start screen shows for its fields: the players its game's
        settings seat."""
        return _chosen_game(form).seats(form)

    # ----------------------------------------------------------------- events

    def command(self, name: str, form: Mapping[str, str] | None = None) -> None:
        """Carry out a button's ``data-command`` (``form``: the start screen's fields)."""
        if self.viewer is not None and name in ViewerMove.__members__.values():
            self.viewer.move(ViewerMove(name))
            return
        try:
            command = Command(name)
        except ValueError as error:
            raise SessionError(f"unknown command {name!r}") from error
        self._commands[command](form or {})

    def act(self, action: str) -> None:
        """A person clicked a card or a choice (a replay's cards take no action); in the
        situation editor, the preview's play is played on."""
        if self.editor is not None and self.table is None:
            self.editor.play(action)
        elif self.table is not None:
            self.table.human_action(action)
            self.hint = None
            self._save()

    def take_note(self) -> str | None:
        """The note line's new message, once (None to leave the line): the latest message, or
        that saves are off when the browser has just refused one."""
        note, self.note = self.note, None
        told = self.shelf.tell_saves_off()
        if told is not None:
            return told + (f" {note}" if note else "")
        return note

    def take_announcements(self) -> list[str]:
        """What the screen reader should hear since the last call (once): each play, a round's
        end, and whose turn it is when a person must decide; a replay tells its steps."""
        if self.viewer is not None:
            return self.viewer.news()
        return self.table.news() if self.table is not None else []

    def key(self, key: str) -> bool:
        """A key pressed outside a form field (without Ctrl, Alt or Meta): True if the
        page used it. Escape closes the open panel; at the table, the shortcuts of
        :data:`~farfalia.ui.keyboard.SHORTCUTS`; in a replay, the viewer's steps."""
        closing = self._closing()
        table = self.table
        if key == "Escape":
            if closing is not None:
                self.command(closing)
                return True
            if table is not None and table.picked() and table.deciding():
                self.act(PUT_BACK)  # the card picked up is put back
                return True
            return False
        if self.viewer is not None:
            if key in VIEWER_KEYS and self.panel != Panel.EMBED:
                self.viewer.move(VIEWER_KEYS[key])
                return True
            return False
        command = SHORTCUTS.get(key if key == "?" else key.lower())
        if command is None or table is None or self.game is None or self.editor is not None or table.needs_cover():
            return False
        if command in self.game.unused_shortcuts:
            return False
        if closing is not None:  # one panel at a time: only its own key closes it
            if TOGGLED_BY.get(command) != self.panel:
                return False
            command = closing
        elif command == Command.HINT and (table.bot_to_act() or table.actor() is None):
            return False
        self.command(command)
        return True

    def _closing(self) -> Command | None:
        """The command that closes the dialog over the table or the replay (a round's summary:
        continue), None when none is open."""
        if self.panel in CLOSED_BY:
            return CLOSED_BY[self.panel]
        if self.table is not None and self.table.summary_pending() is not None:
            return Command.CONTINUE
        return None

    def edit(self, form: str, fields: Mapping[str, str]) -> None:
        """A field of the situation editor's form, or of the embed builder's, changed: the
        whole form as it now reads."""
        if form == Id.EDITOR_FORM:
            self._editing().update(dict(fields))
        elif form == Id.EMBED_FORM and self.embed_options is not None:
            self.embed_options = self.embed_options.updated(dict(fields), len(self._stepping().names()))

    def seek(self, at: int) -> None:
        """The viewer's slider moved."""
        if self.viewer is not None:
            self.viewer.jump(at)

    def set_view(self, view: str) -> None:
        """The viewer's seat choice changed."""
        if self.viewer is not None:
            self.viewer.set_view(view)

    def export(self, slot: str | None = None) -> Download | None:
        """The replay being viewed, as a text file; on the start screen, the save in
        ``slot`` as it is stored (one that cannot be read can be kept this way)."""
        if self.link is not None and self.viewer is not None:
            return Download(f"{self.viewer.game_name}-replay.txt", self.link.replay)
        kept = self.shelf.kept_text(slot or "") if self.table is None else None
        return Download(f"farfalia-save-{slot}.json", kept) if kept is not None else None

    # ---------------------------------------------------------- saved games

    def saved_games(self) -> list[SavedGame]:
        """The start screen's list of saved games, the one played last first."""
        return self.shelf.rows()

    def saved_list(self) -> str:
        """The start screen's list of saved games, alone (HTML)."""
        return saved_list(self.saved_games())

    def refresh_saves(self, journal: Iterable[Stored], elsewhere: Iterable[str]) -> None:
        """Another tab may have saved: read the saved games again (on the start screen only: a
        game being played here keeps its own slot's account), and which are open elsewhere."""
        self.shelf.refresh(journal, elsewhere, reread=self.table is None)

    def lost_slot(self, slot: str) -> None:
        """Another tab is playing the game this page just opened: leave it to that tab."""
        if self.shelf.lost(slot):
            self.thinker.stop()
            self._sit(None, None)
            self.message = text("game-elsewhere")

    def page_hidden(self) -> None:
        """The page is being hidden or closed: write the whole save now."""
        self.shelf.page_hidden()

    def journal_failed(self) -> None:
        """The page's journal refused a write: saves go on as whole checkpoints."""
        self.shelf.saves.journal_failed()

    def take_writes(self) -> list[Entry | Forget]:
        """What the page's journal must write, in order (once)."""
        return self.shelf.saves.take_writes()

    # --------------------------------------------------------------- commands

    def _seated(self) -> Table:
        """The game being played."""
        if self.table is None:
            raise SessionError(text("no-game"))
        return self.table

    def _sit(self, table: Table | None, game: SiteGame | None) -> None:
        self.table, self.game = table, game
        if table is None:
            self.shelf.leave()

    def _table_change(self, change: Callable[[], None]) -> None:
        change()
        self._save()

    def _open(self, panel: Panel) -> None:
        self.panel = panel

    def _close(self) -> None:
        self.panel = Panel.NONE
        self.share_link = None
        self.embed_options = None

    def _start(self, form: Mapping[str, str]) -> None:
        self._sit_at(*new_table(form, self.rng))
        remember_choices(self.storage, form)

    def _choices(self) -> dict[str, str]:
        """The start screen's last choices (none if unreadable)."""
        return remembered_choices(self.storage)

    def _last_trick(self) -> None:
        self.note = self._seated().last_trick()

    def _speak(self, language: str) -> None:
        """Speak ``language`` (one of :data:`~farfalia.ui.language.LANGUAGES`) from now on."""
        set_language(language)
        self.language = language

    def set_preference(self, name: str, value: str | bool) -> None:
        """A field of the settings panel changed: ``pace`` (the game's), ``autoplay``,
        ``sound``, ``undo`` or ``language``; the choice is kept for later games."""
        prefs = self.preferences
        if name == "language" and value in LANGUAGES:
            prefs.language = str(value)
            self._speak(prefs.language)
        elif name == "pace" and value in PACES and self.table is not None:
            self.table.pace = str(value)
            self._save()
        elif name == "autoplay" and value in AUTOPLAY:
            prefs.autoplay = str(value)
        elif name in ("sound", "undo") and isinstance(value, bool):
            setattr(prefs, name, value)
        else:
            raise SettingsError(f"unknown setting {name!r}={value!r}")
        self.storage.set(PREFERENCES_KEY, prefs.to_text())

    def _undo(self) -> None:
        table = self._seated()
        if not self.preferences.undo:
            raise SessionError(text("undo-off"))
        self.thinker.stop()
        table.undo()
        self.hint = None
        self._save()

    def _leave_game(self) -> None:
        self.shelf.forget_game()
        self.show_start()

    def _resume(self, form: Mapping[str, str]) -> None:
        table, game = self.shelf.resume(form.get("slot", ""))
        self.show_start()
        self._sit(table, game)
        self.shelf.play(form.get("slot", ""))

    def _play_again(self) -> None:
        table, game = self._seated(), self.game
        assert game is not None
        seed = self.rng.randrange(SEED_LIMIT)
        self.shelf.forget_game()
        again = game.table(table.game.settings, seed, table.players, table.pace, table.level)
        self._sit_at(again, game)

    def _new_game(self) -> None:
        """To the start screen: leaving a replay keeps the saved game; a running game
        is left only after the player confirms (:data:`Command.LEAVE_GAME`)."""
        table = self.table
        if self.viewer is None and table is not None and not table.game.is_over():
            self.panel = Panel.CONFIRM_LEAVE
            return
        if self.viewer is None:
            self.shelf.forget_game()
        self.link = None
        self.show_start()

    def _share(self) -> None:
        try:
            shared = self._seated().share()
        except FarfaliaError:
            assert self.game is not None
            self.note = text(self.game.share_none)
            return
        self._share_fragment(f"replay={shared}")

    def _share_fragment(self, fragment: str) -> None:
        self.share_link = f"{self.address}#{fragment}"
        self.panel = Panel.SHARE

    # ------------------------------------------------- scenarios and embeds

    def _new_editor(self, form: Mapping[str, str]) -> Any:
        """An editor for the game chosen on the start screen (its ``form``, else the choices
        last remembered), its players and table."""
        choices = {**self._choices(), **form}
        game = _chosen_game(choices)
        names = [choices.get(f"name-{k}", "").strip()[:MAX_NAME] or text("default-name", number=k + 1)
                 for k in range(game.max_players)]  # fmt: skip
        editor = game.editor(names, choices)
        if editor is None:
            raise SessionError(text("editor-none"))
        return editor

    def _open_editor(self, editor: Any) -> None:
        self.show_start()
        self.link = None
        self.editor = editor

    def _editing(self) -> Any:
        if self.editor is None:
            raise SessionError("no situation is being set up")
        return self.editor

    def _stepping(self) -> Stepper:
        """The replay being shown."""
        if self.viewer is None:
            raise SessionError("no replay is being shown")
        return self.viewer

    def _scenario_link(self) -> Link:
        editor = self._editing()
        return Link(editor.replay_text(), at=len(editor.playable().actions))

    def _play_scenario(self, form: Mapping[str, str]) -> None:
        editor = self._editing()
        you = ascii_int(form.get("you", ""), 1)
        self._play_on(find_game(editor.game_name), editor.playable(), editor.player_names(), you)

    def _play_from_here(self) -> None:
        """Play on from the replay's position: the viewed seat (or the first player) is
        human, the others bots; the deals so far are the replay's own (and those to come,
        when the replay has a seed)."""
        viewer = self._stepping()
        you = ascii_int(viewer.view_name, 1)
        self._play_on(find_game(viewer.game_name), viewer.game, viewer.names(), 0 if you is None else you)

    def _play_on(self, game: SiteGame, position: Any, names: Sequence[str], you: int | None) -> None:
        """A new table from ``position``'s game, ``you`` the person (None: bots only), the others
        bots; a game whose chance outcomes were given plays on from a fresh seed."""
        players = [Player(name, k != you) for k, name in enumerate(names)]
        seed = self.rng.randrange(SEED_LIMIT) if position.given_chance else position.seed
        table = game.table(position.settings, seed, players, actions=position.actions, chance=position.given_chance)
        self._sit_at(table, game)

    def _sit_at(self, table: Table, game: SiteGame) -> None:
        """Leave the viewer or the editor for ``table``, a new game saved in a slot of its own."""
        self.show_start()
        self.link = None
        self._sit(table, game)
        evicted = self.shelf.new_game()
        if evicted is not None:
            self.note = evicted
        self._save()

    def _edit_position(self) -> None:
        """Edit the round (Farfalia: the first hand) of the replay shown as a situation, with its
        plays up to the position shown."""
        viewer = self._stepping()
        editor = find_game(viewer.game_name).editor_at(viewer)
        if editor is None:
            raise SessionError(text("editor-none"))
        self._open_editor(editor)

    def _open_embed(self) -> None:
        self.embed_options = EmbedOptions(view=self._stepping().view_name)
        self.panel = Panel.EMBED

    def _embed_panel(self, viewer: Stepper, link: Link) -> str:
        options = self.embed_options
        assert options is not None
        embedded = embed_link(options, viewer, link.replay)
        iframe = iframe_snippet(self.address, options, embedded)
        script = script_snippet(self.address, options, embedded)
        preview = f"{site_base(self.address)}embed.html#{embedded.fragment()}"
        return embed_panel(options, viewer.names(), iframe, script, preview, viewer.themed)

    def _hint(self) -> None:
        table = self._seated()
        self.note = text("hint-thinking")
        self.thinker.begin(table, table.hint_search(), self._hint_found)

    def _hint_found(self, search: Search) -> None:
        self.note, self.hint = self._seated().hint(search.best())

    def _save(self) -> None:
        if self.table is not None:
            self.shelf.save(self.table)

    # ------------------------------------------------------------------- bots

    def _bot_may_move(self) -> bool:
        return self.table is not None and self.table.bot_to_act() and self.panel != Panel.SHEET

    def _paused(self) -> bool:
        """A panel is open over the game: nothing moves by itself."""
        return self.viewer is not None or self.panel != Panel.NONE

    def _forced_action(self) -> str | None:
        return forced_action(self.table, self.preferences.autoplay) if self.table is not None else None

    def bot_delay(self) -> int | None:
        """Milliseconds to wait before the game moves on by itself (a bot's decision,
        or a forced card auto-played), or None if it waits for a person."""
        if self._paused() or self.table is None:
            return None
        return delay(self.table, self._bot_may_move(), self._forced_action())

    def bot_move(self) -> None:
        """Move on: play the forced card, or start the decision of the bot to act
        (then :meth:`think` until it is done)."""
        if self._paused():
            return
        forced = self._forced_action()
        if forced is not None:
            self.act(forced)
        elif self._bot_may_move() and self.table is not None:
            table = self.table
            self.thinker.begin(table, table.bot_search(), lambda _search: self._bot_decided(table))

    def _bot_decided(self, table: Table) -> None:
        self.thinker.bot_decided(table)
        self._save()

    @property
    def thinking(self) -> bool:
        """Whether a search (a bot's decision or a hint) is under way."""
        return self.thinker.thinking

    @property
    def think_times(self) -> list[float]:
        """How long each bot decision of the page took, in seconds."""
        return self.thinker.times

    def stop_thinking(self) -> None:
        """Drop the search under way."""
        self.thinker.stop()

    def think(self, seconds: float = SLICE_SECONDS) -> bool:
        """Run the search under way for about ``seconds``; True once it is done and applied,
        False while it needs more (or when it was dropped: its game moved on)."""
        return self.thinker.think(self.table, seconds)


def new_table(form: Mapping[str, str], rng: random.Random) -> tuple[Table, SiteGame]:
    """The table the start screen's fields ``form`` set, and its game: the game chosen, its
    settings, its players by name and kind, its seed (drawn from ``rng`` where none is given, or
    one that is not a number below :data:`SEED_LIMIT`), the bots' pace and level."""
    game = _chosen_game(form)
    players = [
        Player(clean_name(form.get(f"name-{k}", ""), k), form.get(f"kind-{k}", "human" if k == 0 else "bot") == "bot")
        for k in range(game.max_players)
    ]
    seed = ascii_int(form.get("seed", "").strip())
    seed = rng.randrange(SEED_LIMIT) if seed is None or seed >= SEED_LIMIT else seed
    pace = form.get("pace", "normal")
    settings = game.settings_of(form)
    return game.table(settings, seed, players, pace if pace in PACES else "normal", form.get("level", "strong")), game


def _chosen_game(form: Mapping[str, str]) -> SiteGame:
    """The game the start screen's fields choose (the first of the site's, where they name none)."""
    games = {game.name: game for game in site_games()}
    return games.get(form.get("game", ""), site_games()[FIRST_GAME])
