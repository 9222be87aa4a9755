"""The page's controller: everything the page decides that is not a DOM call, for any game of the
site (each found in the registry, :mod:`farfalia.ui.game`).

It holds what the page shows (the start screen, a game at the table, a replay, a situation being
set up) and the one dialog open over it (:class:`~farfalia.ui.panels.Panel`), turns the page's
commands, clicks, keys and links into changes, and says what to draw as a
:class:`~farfalia.ui.screen.Screen`. Its parts do the rest: the replays and situations shown
instead of a game (:class:`~farfalia.ui.studio.Studio`), the saved games and the tabs
(:class:`~farfalia.ui.shelf.Shelf`), the bots' and the hint's searches
(:class:`~farfalia.ui.thinking.Thinker`), what is remembered (:mod:`farfalia.ui.preferences`).
What waits on the browser (journal writes, timers, the focus) is :mod:`farfalia.ui.runtime`'s.
Pure and typed: tested in CPython.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import Any, Final

from farfalia.core.codes import ascii_int
from farfalia.core.errors import ReplayError, SessionError, SettingsError
from farfalia.ui.archives import games_named, require
from farfalia.ui.contract import Command, Id
from farfalia.ui.game import SiteGame, site_games
from farfalia.ui.kept_reviews import KeptReviews
from farfalia.ui.keyboard import REVIEW_KEYS, SHORTCUTS
from farfalia.ui.language import LANGUAGES, choose_language, set_language
from farfalia.ui.layout import WIDE, layout_for
from farfalia.ui.lessons import LessonRun, fragment_game, kept_place, lesson_end, lesson_strip
from farfalia.ui.panels import CLOSED_BY, TOGGLED_BY, Panel
from farfalia.ui.preferences import AUTOPLAY, PREFERENCES_KEY, Preferences, remember_choices, remembered_choices
from farfalia.ui.saves import Entry, Forget, GuardedStorage, Storage, Stored
from farfalia.ui.screen import MOTION, Download, Screen
from farfalia.ui.screens import (
    SavedGame,
    confirm_leave,
    cover,
    games_and_saves,
    help_panel,
    settings_panel,
    share_panel,
    start_screen,
    tools_bar,
)
from farfalia.ui.seating import PACES, PUT_BACK, Player, Table, clean_name
from farfalia.ui.shelf import Shelf
from farfalia.ui.studio import Studio
from farfalia.ui.texts import text
from farfalia.ui.thinking import SLICE_SECONDS, Answer, Reviewed, Thinker, delay, forced_action
from farfalia.ui.viewer import VIEWER_KEYS, Stepper

#: Seeds drawn for new games lie in ``0 .. SEED_LIMIT - 1``.
SEED_LIMIT: Final = 2**31
#: The game the start screen offers first, where nothing was chosen before.
FIRST_GAME: Final = 0


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
        #: What is shown instead: a replay, a situation being set up, or why a link cannot be shown.
        self.studio = Studio(address, embedded, KeptReviews(self.storage))
        #: The dialog open over the page.
        self.panel = Panel.NONE
        #: The link to share (the share panel's).
        self.share_link: str | None = None
        self.theme = "dark"
        self.layout = WIDE
        #: The stage's width over its height (0 until measured).
        self.stage_aspect = 0.0
        self.preferences = Preferences.from_text(self.storage.get(PREFERENCES_KEY))
        #: The language spoken: the player's choice, else the browser's (``languages``).
        self.language = ""
        self._speak(choose_language(self.preferences.language, languages))
        self._heard = -1  # the state id last sounded
        #: A message for the note line (a hint, an error), or None to leave it.
        self.note: str | None = None
        #: The action the last hint named, to mark on the table.
        self._hint: str | None = None
        #: The lesson under way (its table is :attr:`table`), None outside a lesson.
        self.lesson: LessonRun | None = None
        #: The lesson's words last told to the screen reader.
        self._lesson_told = ""
        self.thinker = Thinker()
        #: The game whose "More options" was pressed on the first screen ("": none): the form shows it.
        self.setting_up = ""
        #: The form field the focus goes to after the next draw, once (None: the usual place).
        self._focus_field: str | None = None
        self._commands: dict[Command, Callable[[Mapping[str, str]], None]] = {
            Command.START: self._start,
            Command.RESUME: self._resume,
            Command.PLAY: self._play,
            Command.CONTINUE_GAME: self._resume,
            Command.SET_UP: self._set_up,
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
            Command.HINT: lambda _form: self._ask_hint(),
            Command.SETTINGS: lambda _form: self._open(Panel.SETTINGS),
            Command.CLOSE_SETTINGS: lambda _form: self._close(),
            Command.UNDO: lambda _form: self._undo(),
            Command.DISCARD_SAVE: lambda form: self.shelf.discard(form.get("slot", "")),
            Command.CONFIRM_DISCARD: lambda form: self.shelf.confirm_discard(form.get("slot", "")),
            Command.KEEP_SAVE: lambda _form: self.shelf.keep(),
            Command.EDITOR: self._new_editor,
            Command.EDITOR_CARD: lambda form: self.studio.editing().toggle(form.get("card", "")),
            Command.EDITOR_FILL: lambda _form: self.studio.editing().fill(self.rng),
            Command.EDITOR_CLEAR: lambda _form: self.studio.editing().clear(),
            Command.EDITOR_TAKE_BACK: lambda _form: self.studio.editing().take_back(),
            Command.EDITOR_PLAY: lambda form: self._play_on(*self.studio.play_scenario(form)),
            Command.EDITOR_STEP: lambda _form: self.open_replay(self.studio.scenario_link().fragment()),
            Command.EDITOR_SHARE: lambda _form: self._share_fragment(self.studio.scenario_link().fragment()),
            Command.PLAY_FROM_HERE: lambda _form: self._play_on(*self.studio.play_from_here()),
            Command.EDIT_POSITION: lambda _form: self._edit_position(),
            Command.EMBED: lambda _form: self._open_embed(),
            Command.CLOSE_EMBED: lambda _form: self._close(),
            Command.HELP: lambda _form: self._open(Panel.HELP),
            Command.CLOSE_HELP: lambda _form: self._close(),
            Command.LAST_TRICK: lambda _form: self._last_trick(),
            Command.REVIEW: lambda _form: self._review(),
            Command.REVIEW_CANCEL: lambda _form: self.studio.cancel_review(),
            Command.NEXT_MISTAKE: lambda _form: self.studio.to_mistake(True),
            Command.PREV_MISTAKE: lambda _form: self.studio.to_mistake(False),
            Command.JUMP: lambda form: self.studio.jump(form.get("at", "")),
            Command.SHOW_BETTER: lambda _form: self.studio.show_better(),
            Command.BACK_TO_GAME: lambda _form: self.studio.back_to_game(),
            Command.PRACTISE: lambda _form: self._practise(),
            Command.PRACTICE_ANSWER: lambda _form: self.studio.practising().show_answer(),
            Command.PRACTICE_NEXT: lambda _form: self.studio.practising().next(),
            Command.PRACTICE_AGAIN: lambda _form: self.studio.practising().again(),
            Command.PRACTICE_LEAVE: lambda _form: self._leave_practice(),
            Command.LEARN: self._learn,
            Command.LESSON_NEXT: lambda _form: self._lesson_change(LessonRun.next_part),
            Command.LESSON_RESTART: lambda _form: self._lesson_change(LessonRun.restart),
            Command.LESSON_LEAVE: lambda _form: self.show_start(),
        }

    # ------------------------------------------------------------------ opening

    def open(self, fragment: str) -> None:
        """Start the page: a replay when the link holds one, else the start screen
        (the embed page shows replays only)."""
        if self.embedded or fragment.startswith("replay="):
            self.open_replay(fragment)
        else:
            self.show_start()
            self._learn_from(fragment)

    def follow(self, fragment: str) -> None:
        """The address changed under the open page (a link pasted into its address bar, or
        Back; the page's own writing of it tells nothing): open the replay it holds; any other
        fragment changes nothing. A game under way is saved at every decision: the start
        screen offers it again."""
        if fragment.startswith("replay="):
            self.open_replay(fragment)
        else:
            self._learn_from(fragment)

    def show_start(self) -> None:
        """The start screen, offering to resume a saved game."""
        self.thinker.stop()
        self.studio.close()
        self.lesson = None
        self._sit(None, None)
        self.panel = Panel.NONE
        self.share_link = None

    def open_replay(self, fragment: str) -> None:
        """Open the replay a link's fragment holds, or say plainly why it cannot be shown (its game
        loaded first: :func:`~farfalia.ui.archives.require`)."""
        require(games_named(fragment))
        self.show_start()
        link = self.studio.open_replay(fragment)
        if link is not None:
            if self.embedded and link.lang:  # an embed speaks the language its author chose
                self._speak(link.lang)
            self.theme = link.theme

    def open_replay_text(self, content: str) -> None:
        """A replay file was opened: show it (or why it cannot be shown)."""
        self.open_replay("replay=" + content.strip())

    # ----------------------------------------------------------------- showing

    def screen(self) -> Screen:
        """What the page shows now, in the language spoken."""
        return dataclasses.replace(self._screen(), lang=self.language)

    def _screen(self) -> Screen:
        if self.studio.showing:
            screen = self.studio.screen(self.panel, self.share_link, self.layout, self.theme, self.stage_aspect)
            practice = self.studio.practice
            if practice is None or self.panel == Panel.NONE:
                return screen
            panel = self._panel_html(practice.table, practice.game)  # the score sheet, the help
            return dataclasses.replace(screen, overlay=panel, modal=True, deciding=False, picked="")
        if self.table is None or self.game is None:
            return Screen(overlay=start_screen(self.saved_games(), self._choices(), self.language, self.setting_up))
        return self._table_screen(self.table, self.game)

    def _table_screen(self, table: Table, game: SiteGame) -> Screen:
        """The table with its bar, its tools and the panel over it: the one a person opened, else
        a hot seat's cover, else the game's own (a round's summary, its end; in a lesson, the end
        of its part once the summary is read); a lesson's words above the bar's."""
        panel = self._panel_html(table, game)
        if not panel and table.needs_cover():
            return Screen(overlay=cover(table), waiting="human", modal=True)
        lesson = self.lesson
        if not panel and lesson is not None and lesson.done() and table.summary_pending() is None:
            panel = lesson_end(lesson, game.name)
        panel = panel or table.panel()
        sound = None
        if self.preferences.sound and table.state_id != self._heard:
            sound = "card" if self._heard >= 0 else None
            self._heard = table.state_id
        return Screen(
            drawing=partial(table.draw, self.layout, self.theme, self.stage_aspect),
            bar=(lesson_strip(lesson, game.name) if lesson is not None else "") + table.bar(),
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
            practice = self.studio.practice  # (at a review's mistake, its table's shortcuts only)
            if practice is None:
                return help_panel(game)
            return help_panel(game, practice.commands, practice.keys_worded)
        if self.panel == Panel.SETTINGS:
            undo_allowed = len(table.humans()) == 1
            return settings_panel(table.pace, prefs.autoplay, prefs.sound, prefs.undo, undo_allowed, self.language)
        if self.panel == Panel.SHARE and self.share_link is not None:
            return share_panel(self.share_link, game.share_note)
        if self.panel == Panel.SHEET:
            return table.sheet()
        return ""

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
        """Carry out a button's ``data-command`` (``form``: the start screen's fields); at a
        review's mistake, only those of :attr:`~farfalia.ui.practice.Practice.commands`."""
        practice = self.studio.practice
        if practice is not None and (name not in practice.commands or name in practice.game.unused_shortcuts):
            raise SessionError(text("practice.elsewhere"))
        if self.studio.move(name):
            return
        try:
            command = Command(name)
        except ValueError as error:
            raise SessionError(f"unknown command {name!r}") from error
        self._commands[command](form or {})

    def act(self, action: str) -> None:
        """A person clicked a card or a choice (a replay's cards take no action, but a try at its
        review's mistake); in the situation editor, the preview's play is played on."""
        if self.studio.act(action):
            return
        if self.studio.editor is not None and self.table is None:
            self.studio.editor.play(action)
        elif self.table is not None:
            before = len(self.table.game.actions)
            self.table.human_action(action)
            self._hint = None
            if self.lesson is not None:
                self.lesson.learner_moved(before)
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
        if self.studio.viewer is not None:
            return self.studio.news()
        news = self.table.news() if self.table is not None else []
        if self.lesson is not None and self.lesson.note() != self._lesson_told:
            self._lesson_told = self.lesson.note()
            news.append(self._lesson_told)
        return news

    def key(self, key: str) -> bool:
        """A key pressed outside a form field (without Ctrl, Alt or Meta): True if the
        page used it. Escape closes the open panel; at the table, the shortcuts of
        :data:`~farfalia.ui.keyboard.SHORTCUTS`; in a replay, the viewer's steps."""
        closing = self._closing()
        practice = self.studio.practice
        table = self.table if practice is None else practice.table
        if key == "Escape":
            if closing is not None:
                self.command(closing)
                return True
            if practice is not None and practice.over:  # the tally's dialog closed: back to the review
                self.command(Command.PRACTICE_LEAVE)
                return True
            if table is not None and table.picked() and table.deciding():
                self.act(PUT_BACK)  # the card picked up is put back
                return True
            return False
        viewer = self.studio.viewer
        if viewer is not None and practice is None:
            if key in VIEWER_KEYS and self.panel != Panel.EMBED:
                self.studio.move(VIEWER_KEYS[key])
                return True
            if key.lower() in REVIEW_KEYS and self.panel != Panel.EMBED and self.studio.marks is not None:
                self.command(REVIEW_KEYS[key.lower()])
                return True
            return False
        command = SHORTCUTS.get(key if key == "?" else key.lower())
        game = self.game if practice is None else practice.game  # (a mistake's table: its cards' keys are the page's)
        if command is None or table is None or game is None or table.needs_cover() or command in game.unused_shortcuts:
            return False
        if practice is None and self.studio.showing:
            return False
        if practice is not None and (practice.over or command not in practice.commands):
            return False  # the tally's dialog is open; the settings are a game's
        if closing is not None:  # one panel at a time: only its own key closes it
            if TOGGLED_BY.get(command) != self.panel:
                return False
            command = closing
        elif command == Command.HINT and not (
            practice.answer_offered if practice is not None else table.actor() is not None and not table.bot_to_act()
        ):
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
        self.studio.update(form, fields, Id.EDITOR_FORM, Id.EMBED_FORM)

    def seek(self, at: int) -> None:
        """The viewer's slider moved."""
        self._replay_shown()
        self.studio.seek(at)

    def set_view(self, view: str) -> None:
        """The viewer's seat choice changed."""
        self._replay_shown()
        self.studio.set_view(view)

    def _practise(self) -> None:
        """Learn from the review's mistakes: their table instead of the replay (no dialog over it)."""
        self._close()
        self.studio.start_practice()

    def _leave_practice(self) -> None:
        """Back to the replay from the mistakes (a dialog open over their table closes)."""
        self._close()
        self.studio.leave_practice()

    def _replay_shown(self) -> None:
        """Refuse a replay's control at a review's mistake: the replay rests behind its table."""
        if self.studio.practice is not None:
            raise SessionError(text("practice.elsewhere"))

    @property
    def viewer(self) -> Stepper | None:
        """The replay shown, None if none is."""
        return self.studio.viewer

    @property
    def editor(self) -> Any:
        """The situation being set up, None if none is."""
        return self.studio.editor

    def export(self, slot: str | None = None) -> Download | None:
        """The replay being viewed, as a text file; on the start screen, the save in
        ``slot`` as it is stored (one that cannot be read can be kept this way)."""
        if self.studio.viewer is not None:
            return self.studio.export()
        kept = self.shelf.kept_text(slot or "") if self.table is None else None
        return Download(f"farfalia-save-{slot}.json", kept) if kept is not None else None

    # ---------------------------------------------------------- saved games

    def saved_games(self) -> list[SavedGame]:
        """The start screen's list of saved games, the one played last first."""
        return self.shelf.rows()

    def saved_list(self) -> str:
        """The first screen's games and saved games, alone (HTML): what another tab's save changes."""
        return games_and_saves(self.saved_games(), self.language)

    def refresh_saves(self, journal: Iterable[Stored], elsewhere: Iterable[str]) -> None:
        """Another tab may have saved: read the saved games again (on the start screen only: a
        game being played here keeps its own slot's account), and which are open elsewhere."""
        self.shelf.refresh(journal, elsewhere, reread=self.table is None)

    def lost_slot(self, slot: str) -> None:
        """Another tab is playing the game this page just opened: leave it to that tab."""
        if self.shelf.lost(slot):
            self.thinker.stop()
            self._sit(None, None)
            self.studio.message = text("game-elsewhere")

    def page_hidden(self) -> None:
        """The page is being hidden: write the whole save now."""
        self.shelf.page_hidden()

    def page_closed(self) -> None:
        """The page is going away: write the whole save, let go of the game for other tabs."""
        self.shelf.page_closed()

    def page_shown(self) -> None:
        """The page put away is shown again: its game is to be held again."""
        self.shelf.page_shown()

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
        self.studio.close_embed()

    def _start(self, form: Mapping[str, str]) -> None:
        self._sit_at(*new_table(form, self.rng))
        remember_choices(self.storage, form)
        self.setting_up = ""

    def _play(self, form: Mapping[str, str]) -> None:
        """The first screen's "Play": a game of the game named (``form["game"]``) at once, with
        the choices remembered from last time (the seats, names, level, pace, its settings), its
        defaults where none were made: the person against strong bots."""
        self._start({**self._choices(), "game": _chosen_game(form).name})

    def _set_up(self, form: Mapping[str, str]) -> None:
        """The first screen's "More options": the form of every choice, set to the game named, the
        focus on its choice of game (which brings the form into sight)."""
        self.setting_up = _chosen_game(form).name
        self._focus_field = "game"

    def take_focus(self) -> str | None:
        """The form field the focus should go to after this draw, once (None: the usual place)."""
        field, self._focus_field = self._focus_field, None
        return field

    def _choices(self) -> dict[str, str]:
        """The start screen's last choices (none if unreadable)."""
        return remembered_choices(self.storage)

    def _last_trick(self) -> None:
        practice = self.studio.practice
        self.note = (practice.table if practice is not None else self._seated()).last_trick()

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
        self._hint = None
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
        if self.lesson is not None:  # a lesson keeps its place: nothing to confirm
            self.show_start()
            return
        if self.studio.viewer is None and table is not None and not table.game.is_over():
            self.panel = Panel.CONFIRM_LEAVE
            return
        if self.studio.viewer is None:
            self.shelf.forget_game()
        self.show_start()

    def _share(self) -> None:
        try:
            shared = self._seated().share()
        except ReplayError:  # none yet (Table.share)
            assert self.game is not None
            self.note = text(self.game.share_none)
            return
        self._share_fragment(f"replay={shared}")

    def _share_fragment(self, fragment: str) -> None:
        self.share_link = f"{self.address}#{fragment}"
        self.panel = Panel.SHARE

    # ------------------------------------------------- scenarios and embeds

    def _new_editor(self, form: Mapping[str, str]) -> None:
        """A situation of the game chosen on the start screen (its ``form``, else the choices
        last remembered) set up, for its players and table."""
        choices = {**self._choices(), **form}
        self.show_start()
        self.studio.new_editor(choices, _chosen_game(choices))

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
        self._sit(table, game)
        self.shelf.new_game()
        self._save()
        evicted = self.shelf.take_eviction()
        if evicted is not None:
            self.note = evicted

    def _edit_position(self) -> None:
        """Edit the round (a game's first hand) of the replay shown as a situation, with its
        plays up to the position shown."""
        self.studio.edit_position()
        self.panel, self.share_link = Panel.NONE, None

    def _open_embed(self) -> None:
        self.studio.open_embed()
        self.panel = Panel.EMBED

    def _ask_hint(self) -> None:
        """The hint: the search's best action for the person to decide (trying a review's mistake
        again, the review's better action)."""
        if self.studio.practice is not None:
            self.studio.practice.show_answer()
            return
        table = self._seated()
        self.note = text("hint-thinking")
        question = table.hint_question()
        self.thinker.begin(table, question, table.search_for(question), self._hint_found)

    @property
    def hint(self) -> str | None:
        """The card or button to mark on the table: the last hint's, else a lesson's move (or a
        review's better action, once its answer is asked for)."""
        if self.studio.practice is not None:
            return self.studio.practice.mark()
        if self._hint is None and self.lesson is not None:
            return self.lesson.mark()
        return self._hint

    def _hint_found(self, best: Any) -> None:
        self.note, self._hint = self._seated().hint(best)

    def _save(self) -> None:
        """Save the game at the table; a lesson keeps its place instead (never a saved game)."""
        if self.lesson is not None:
            self.lesson.keep(self.storage)
        elif self.table is not None:
            self.shelf.save(self.table)

    # ---------------------------------------------------------------- lessons

    def _learn(self, form: Mapping[str, str]) -> None:
        """The lesson of the game named (``form["game"]``), resumed where it was left."""
        game = _chosen_game(form)
        lesson = game.lesson()
        if lesson is None:
            raise SessionError(text("lesson-none"))
        part, at = kept_place(self.storage, game.name) or (0, 0)
        self.show_start()
        self.lesson = LessonRun(lesson, game.table, part, at)
        self._sit(self.lesson.table, game)
        self._save()

    def _learn_from(self, fragment: str) -> None:
        """Open the lesson an address fragment names (``learn=<game>``, the rules pages' link)."""
        name = fragment_game(fragment)
        if name is not None and name in {game.name for game in site_games()}:
            self._learn({"game": name})

    def _lesson_change(self, change: Callable[[LessonRun], object]) -> None:
        """The lesson's next part, or its beginning again: its new table seated, its place kept."""
        if self.lesson is None:
            raise SessionError(text("lesson-none"))
        change(self.lesson)
        self._sit(self.lesson.table, self.game)
        self._save()

    # ------------------------------------------------------------------- bots

    def _bot_may_move(self) -> bool:
        lesson_over = self.lesson is not None and self.lesson.done()
        return self.table is not None and self.table.bot_to_act() and self.panel != Panel.SHEET and not lesson_over

    def _paused(self) -> bool:
        """A panel is open over the game: nothing moves by itself."""
        return self.studio.viewer is not None or self.panel != Panel.NONE

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
            question = table.bot_question()
            search = table.bot_search(question)
            self.thinker.begin(table, question, search, lambda decided: self._bot_decided(table, decided))

    def _bot_decided(self, table: Table, decided: Any) -> None:
        self.thinker.bot_decided(table, decided)
        self._save()

    @property
    def thinking(self) -> bool:
        """Whether a search (a bot's decision, a hint or a replay's review) is under way."""
        return self.thinker.thinking or self.studio.reviewing

    @property
    def think_times(self) -> list[float]:
        """How long each bot decision of the page took, in seconds."""
        return self.thinker.times

    def take_question(self) -> bytes | None:
        """The search under way (or the review's next part) as a question for the worker, once
        (None: none to send, or no worker answers)."""
        if self.studio.reviewing:
            return self.studio.review_question() if self.thinker.remote else None
        return self.thinker.take_question(self.game.name) if self.game is not None else None

    @property
    def awaiting_answer(self) -> bool:
        """Whether the worker has the search under way (or a part of the review), and has not answered yet."""
        return self.thinker.awaiting or self.studio.review_awaiting

    @property
    def works_meanwhile(self) -> bool:
        """Whether there is work here while the worker has its part (a review judged from its end too)."""
        return self.studio.review_meanwhile

    def use_worker(self, ready: bool) -> None:
        """A worker answers the searches and reviews begun from now on (``ready``), or none does any more."""
        if ready:
            self.thinker.remote = True
        else:
            self.thinker.worker_lost()
            self.studio.review_worker_lost()

    def answered(self, message: bytes) -> bool:
        """The worker's answer: True once its decision is applied (or its part of the review
        taken); False when stale."""
        reply: Answer | Reviewed = pickle.loads(message)
        if isinstance(reply, Reviewed):
            return self.studio.review_answered(reply)
        return self.thinker.answered(reply, self.table)

    def think(self, seconds: float = SLICE_SECONDS) -> bool:
        """Run the search under way for about ``seconds``; True once it is done and applied (a
        review: whenever its progress shows), False while it needs more (or when it was dropped:
        its game moved on)."""
        if self.studio.reviewing:
            return self.studio.work(seconds)
        return self.thinker.think(self.table, seconds)

    def _review(self) -> None:
        """Review the replay shown, or the game just finished at the table (from its seat)."""
        table = self.table
        if self.studio.viewer is None and table is not None:
            humans = table.humans()
            view = str(humans[0]) if len(humans) == 1 else "all"
            self.open_replay(f"replay={table.share()}&view={view}")
        self.studio.start_review()


def new_table(form: Mapping[str, str], rng: random.Random) -> tuple[Table, SiteGame]:
    """The table the start screen's fields ``form`` set, and its game: the game chosen, its
    settings, its players by name and kind, its seed (drawn from ``rng`` where none is given, or
    one that is not a number below :data:`SEED_LIMIT`), the bots' pace and level."""
    game = _chosen_game(form)
    settings = game.settings_of(form)  # its code loaded first, before any seed is drawn
    players = [
        Player(
            clean_name(form.get(f"name-{k}", ""), k),
            form.get(f"kind-{k}", "human" if k == 0 else "bot") == "bot",
            form.get(f"level-{k}", "") if form.get(f"level-{k}", "") in game.level_names else "",
        )
        for k in range(game.max_players)
    ]
    seed = ascii_int(form.get("seed", "").strip())
    seed = rng.randrange(SEED_LIMIT) if seed is None or seed >= SEED_LIMIT else seed
    pace = form.get("pace", "normal")
    return game.table(settings, seed, players, pace if pace in PACES else "normal", form.get("level", "strong")), game


def _chosen_game(form: Mapping[str, str]) -> SiteGame:
    """The game the start screen's fields choose (the first of the site's, where they name none)."""
    games = {game.name: game for game in site_games()}
    return games.get(form.get("game", ""), site_games()[FIRST_GAME])
