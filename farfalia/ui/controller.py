"""The page's controller: everything the page decides that is not a DOM call.

It holds the session (or the replay being viewed), turns the page's commands,
clicks, keys and links into changes, decides which panel shows, when a bot
thinks and whether a search's answer still applies, and says what to draw as a
:class:`Screen`. ``main.py`` only feeds it events and writes its screens,
URL fragments, storage and timers out. Pure and typed: tested in CPython.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from json import dumps

from farfalia.bots.search import Search
from farfalia.engine.actions import Action, Chance
from farfalia.engine.cards import ascii_int
from farfalia.engine.errors import FarfaliaError, SaveError, SessionError
from farfalia.engine.papillon.cards import card_name
from farfalia.engine.papillon.game import PapillonGame, action_name
from farfalia.engine.papillon.rules import DEALS, ROUNDS, PapillonSettings
from farfalia.engine.papillon.views import all_hands_view
from farfalia.engine.rules import PLAYERS, Settings, check_mode
from farfalia.engine.views import omniscient_view
from farfalia.records import replay
from farfalia.records.papillon_replay import (
    encode_finished_rounds,
    encode_papillon,
    encode_papillon_with_chance,
    read_replay,
)
from farfalia.records.replay import MAX_NAME
from farfalia.ui.announce import Narrator
from farfalia.ui.contract import Command, Id
from farfalia.ui.editor import ScenarioEditor
from farfalia.ui.embeds import EmbedOptions, embed_link, iframe_snippet, script_snippet, site_base
from farfalia.ui.explain import last_trick_line
from farfalia.ui.keyboard import NOT_PAPILLON, SHORTCUTS
from farfalia.ui.language import LANGUAGES, choose_language, set_language
from farfalia.ui.layout import TALL, WIDE, layout_for
from farfalia.ui.links import Link, parse_link
from farfalia.ui.papillon_editor import PapillonEditor
from farfalia.ui.papillon_render import render_papillon
from farfalia.ui.papillon_screens import (
    papillon_bar,
    papillon_editor_panel,
    papillon_over,
    papillon_round_over,
    papillon_sheet,
    round_summary,
    table_choices,
)
from farfalia.ui.papillon_session import DROP, PapillonSession, load_save, papillon_hint_target
from farfalia.ui.render import COLOURS, THEME_COLOURS, render_table
from farfalia.ui.saves import MAX_SLOTS, Entry, Forget, GuardedStorage, SavedGames, Slot, Storage, Stored, parse_stored
from farfalia.ui.screens import (
    AUTOPLAY,
    SavedGame,
    confirm_leave,
    cover,
    editor_panel,
    embed_panel,
    game_over,
    hand_summary,
    help_panel,
    message_panel,
    saved_list,
    score_sheet,
    settings_panel,
    share_panel,
    start_screen,
    summary_panel,
    tools_bar,
    turn_bar,
    viewer_bar,
)
from farfalia.ui.session import PACES, Player, Session, clean_name, new_session
from farfalia.ui.texts import action_text, error_text, plural_text, text
from farfalia.ui.viewer import VIEWER_KEYS, PapillonViewer, ReplayViewer, ViewerMove, open_viewer

#: The storage key of the start screen's last choices (JSON: field name → value).
CHOICES_KEY = "farfalia.choices"
#: The panels a shortcut both opens and closes: the command that closes each.
CLOSED_BY = {Command.HELP: Command.CLOSE_HELP, Command.SHEET: Command.CLOSE_SHEET}
#: Seconds of search between two yields to the browser (the page must answer within 200 ms).
SLICE_SECONDS = 0.05
#: A search still running this long after it began decides with what it has played out: a slow
#: machine gets a slightly weaker bot, never one that keeps the table waiting over a second.
THINK_LIMIT_SECONDS = 0.9
#: The storage key of the player's preferences (:class:`Preferences` as JSON).
PREFERENCES_KEY = "farfalia.preferences"
#: How long a card's glide takes at each pace (ms): "Instant" has none.
MOTION = {"slow": 450, "normal": 320, "fast": 160, "instant": 0}
#: The shortest wait before a card is played by itself (ms), so the player sees it happen.
AUTOPLAY_DELAY = 350
#: The start screen's fields remembered for the next game (with every ``name-K`` and ``kind-K``).
CHOICE_FIELDS = frozenset(
    ("game", "mode", "variants", "dealer", "level", "pace", "players", "rounds", "two-against-one", "forced-capture")
)
#: Seeds drawn for new games lie in ``0 .. SEED_LIMIT - 1``.
SEED_LIMIT = 2**31


#: After a decision taken by a key, a key pressed within this many seconds is taken for the
#: same press bouncing or repeating, and ignored.
KEY_GUARD_SECONDS = 0.25


class InputGuard:
    """One press, one decision. A key's auto-repeat never acts; a key pressed within
    :data:`KEY_GUARD_SECONDS` of a decision taken by a key or a click is ignored (the focus has
    moved to the next card, which the player has not seen yet); and the second click of a
    double-click, which lands on whatever control the first one brought up, is ignored."""

    def __init__(self) -> None:
        self._last_decision = -KEY_GUARD_SECONDS

    def accepts_key(self, now: float, repeat: bool) -> bool:
        """Whether a key press at ``now`` (seconds) may act; if so, it is taken as a decision."""
        if repeat or now - self._last_decision < KEY_GUARD_SECONDS:
            return False
        self._last_decision = now
        return True

    def accepts_click(self, clicks: int, now: float) -> bool:
        """Whether a click at ``now`` (``clicks``: the browser's count of clicks in a row) may act;
        if so, it is taken as a decision (a key pressed right after it is not another)."""
        if clicks > 1:
            return False
        self._last_decision = now
        return True


@functools.lru_cache(maxsize=2 * MAX_SLOTS)
def _loaded(saved: str) -> Session | PapillonSession | FarfaliaError:
    """The table a save holds, or why it cannot be read. Cached: the start screen is drawn often,
    and reading replays the game (the table is only read, never played)."""
    try:
        return load_save(saved)
    except FarfaliaError as error:
        return error


def save_readable(saved: str) -> bool:
    """Whether a save reads back as a game."""
    return not isinstance(_loaded(saved), FarfaliaError)


def read_save(saved: str) -> tuple[str, str, bool]:
    """What a save holds ("Farfalia for four, hand 2 of 4", "Papillon for 3: the orange round")
    and who plays it, readable; or why it cannot be read, "", not readable (in the language spoken)."""
    session = _loaded(saved)
    if isinstance(session, FarfaliaError):
        return text("save-broken", reason=error_text(session)), "", False
    if isinstance(session, PapillonSession):
        game = session.game
        label = text(f"pa.resume-label.{game.colour}", players=game.players)
        return label, ", ".join(session.names()), True
    settings, number = session.game.settings, session.game.progress().rounds + 1
    mode = text(f"mode.{settings.mode}")
    total = settings.total_hands
    if total is None:
        label = text("resume-label-target", mode=mode, number=number)
    else:
        label = text("resume-label", mode=mode, number=min(number, total), total=total)
    return label, ", ".join(session.names()), True


def when_text(seconds: float) -> str:
    """How long ago, in words ("just now", "5 minutes ago", "2 days ago")."""
    for unit, length in (("day", 86400), ("hour", 3600), ("minute", 60)):
        count = int(seconds // length)
        if count >= 1:
            return plural_text(f"ago.{unit}", count)
    return text("ago.now")


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
    #: The card the person has picked up (Papillon: its notation, ``data-picked``), "" if none.
    picked: str = ""

    @property
    def shows_bar(self) -> bool:
        """Whether the bar shows: an empty one (the start screen's, the editor's) gives its room
        to the overlay."""
        return not self.bar_hidden and bool(self.bar or self.tools)


@dataclass
class Preferences:
    """The player's settings that outlive a game (the pace is the game's own)."""

    autoplay: str = "last"
    sound: bool = False
    undo: bool = False
    #: The language chosen by the player, None to follow the browser's.
    language: str | None = None

    @classmethod
    def from_text(cls, stored: str | None) -> Preferences:
        """Read stored preferences; anything unreadable keeps the defaults."""
        try:
            data = parse_stored(stored or "{}")
        except SaveError:
            data = {}
        prefs = cls()
        if isinstance(data, dict):
            if data.get("autoplay") in AUTOPLAY:
                prefs.autoplay = data["autoplay"]
            prefs.sound = data.get("sound") is True
            prefs.undo = data.get("undo") is True
            if data.get("language") in LANGUAGES:
                prefs.language = data["language"]
        return prefs


@dataclass(frozen=True)
class Download:
    """A file for the page to offer as a download."""

    name: str
    content: str


class Controller:
    """The one page: a start screen, a table with its panels, or a replay."""

    def __init__(
        self,
        storage: Storage,
        address: str = "",
        embedded: bool = False,
        rng: random.Random | None = None,
        journal: Iterable[Stored] = (),
        clock: Callable[[], float] = time.time,
        languages: Sequence[str] = (),
    ) -> None:
        self.storage = GuardedStorage(storage)
        self.rng = rng or random.Random()
        #: The saved games (``journal``: the entries the page's journal holds), written as this page.
        self.saves = SavedGames(
            self.storage,
            journal,
            clock,
            writer=f"{self.rng.getrandbits(32):08x}",
            verify=lambda save: read_save(save)[2],
        )
        #: The slot of the game played in this page, None without one.
        self.slot: str | None = None
        #: The slots of games open in other tabs of this browser.
        self.elsewhere: frozenset[str] = frozenset()
        #: The saved game whose delete waits for the player's confirmation.
        self.deleting: str | None = None
        #: Whether the page has said that saves are off.
        self._told_saves_off = False
        #: The page's address without its fragment: share links start with it.
        self.address = address
        self.embedded = embedded
        self.session: Session | None = None
        #: The Papillon game being played, None when none is.
        self.papillon: PapillonSession | None = None
        self.viewer: ReplayViewer | PapillonViewer | None = None
        self.link: Link | None = None
        #: The scenario being set up, None when the editor is closed.
        self.editor: ScenarioEditor | PapillonEditor | None = None
        #: The embed builder's options, None when it is closed.
        self.embed_options: EmbedOptions | None = None
        self.colours = COLOURS
        self.layout = WIDE
        #: The stage's width over its height (0 until measured).
        self.stage_aspect = 0.0
        self.sheet_open = False
        self.share_link: str | None = None
        #: Whether the page asks before a running game is left for a new one.
        self.confirming = False
        self.settings_open = False
        #: Whether the keyboard's help dialog is open.
        self.help_open = False
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
        self.think_times: list[float] = []
        #: Tells the screen reader what happens in the game or replay shown.
        self.narrator = Narrator()
        #: The search under way, what to do with its outcome, and the session and state id it started at.
        self._search: tuple[Search, Callable[[Search], None], Session | PapillonSession, int] | None = None
        self._think_started = 0.0
        self._commands: dict[Command, Callable[[Mapping[str, str]], None]] = {
            Command.START: self._start,
            Command.RESUME: self._resume,
            Command.SHOW_CARDS: lambda _form: self._session_change(self._seated().show_cards),
            Command.CONTINUE: lambda _form: self._session_change(self._seated().dismiss_summary),
            Command.SHEET: lambda _form: self._set_sheet(True),
            Command.CLOSE_SHEET: lambda _form: self._set_sheet(False),
            Command.PLAY_AGAIN: lambda _form: self._play_again(),
            Command.NEW_GAME: lambda _form: self._new_game(),
            Command.KEEP_PLAYING: lambda _form: self._set_confirming(False),
            Command.LEAVE_GAME: lambda _form: self._leave_game(),
            Command.SHARE: lambda _form: self._share(),
            Command.CLOSE_SHARE: lambda _form: self._close_share(),
            Command.HINT: lambda _form: self._hint(),
            Command.SETTINGS: lambda _form: self._set_settings_open(True),
            Command.CLOSE_SETTINGS: lambda _form: self._set_settings_open(False),
            Command.UNDO: lambda _form: self._undo(),
            Command.DISCARD_SAVE: self._discard,
            Command.CONFIRM_DISCARD: self._confirm_discard,
            Command.KEEP_SAVE: lambda _form: self._set_deleting(None),
            Command.EDITOR: lambda form: self._open_editor(self._new_editor(form)),
            Command.EDITOR_CARD: lambda form: self._editing().toggle(form.get("card", "")),
            Command.EDITOR_FILL: lambda _form: self._editing().fill(self.rng),
            Command.EDITOR_CLEAR: lambda _form: self._editing().clear(),
            Command.EDITOR_TAKE_BACK: lambda _form: self._editing().take_back(),
            Command.EDITOR_PLAY: self._play_scenario,
            Command.EDITOR_STEP: lambda _form: self._step_scenario(),
            Command.EDITOR_SHARE: lambda _form: self._share_scenario(),
            Command.PLAY_FROM_HERE: lambda _form: self._play_from_here(),
            Command.EDIT_POSITION: lambda _form: self._edit_position(),
            Command.EMBED: lambda _form: self._set_embed(EmbedOptions(view=self._stepping().view_name)),
            Command.CLOSE_EMBED: lambda _form: self._set_embed(None),
            Command.HELP: lambda _form: self._set_help(True),
            Command.CLOSE_HELP: lambda _form: self._set_help(False),
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
        self.stop_thinking()
        self.editor = None
        self.embed_options = None
        self.session = None
        self.papillon = None
        self.slot = None
        self.viewer = None
        self.message = None
        self.confirming = False
        self.sheet_open = False
        self.share_link = None

    def open_replay(self, fragment: str) -> None:
        """Open the replay a link's fragment holds, or say plainly why it cannot be shown."""
        self.stop_thinking()
        self.session = None
        self.papillon = None
        self.editor = None
        self.embed_options = None
        self.share_link = None
        self.slot = None
        self.message = None
        try:
            self.link = parse_link(fragment)
            if self.embedded and self.link.lang:  # an embed speaks the language its author chose
                self._speak(self.link.lang)
            self.colours = THEME_COLOURS[self.link.theme]
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
        session = self.session
        if self.editor is not None:
            return self._editor_screen(self.editor)
        if self.papillon is not None:
            return self._papillon_screen(self.papillon)
        if session is None:
            return Screen(overlay=start_screen(self.saved_games(), self._choices(), self.language))
        if self.confirming:
            return self._table_screen(session, confirm_leave())
        if self.help_open:
            return self._table_screen(session, help_panel())
        if self.settings_open:
            prefs = self.preferences
            panel = settings_panel(
                session.pace, prefs.autoplay, prefs.sound, prefs.undo, len(session.humans()) == 1, self.language
            )
            return self._table_screen(session, panel)
        if self.share_link is not None:
            return self._table_screen(session, share_panel(self.share_link))
        covered = session.needs_cover()
        if covered:
            return Screen(overlay=cover(session), waiting="human", modal=True)
        panel = ""
        if session.summary_pending() is not None:
            panel = hand_summary(session)
        elif session.game.is_over():
            panel = game_over(session)
        elif self.sheet_open:
            panel = score_sheet(session)
        return self._table_screen(session, panel)

    def _table_screen(self, session: Session, panel: str) -> Screen:
        turn = session.game.to_act()
        sound = None
        if self.preferences.sound and session.state_id != self._heard:
            sound = "card" if self._heard >= 0 else None
            self._heard = session.state_id
        return Screen(
            table=render_table(session.view(), session.names(), self.colours, self.layout),
            bar=turn_bar(session),
            tools=tools_bar(self.preferences.undo and session.can_undo(), self.language),
            sound=sound,
            motion=MOTION[session.pace],
            overlay=panel,
            modal=bool(panel),
            deciding=not panel and session.deciding(),
            decision=turn.decision if turn is not None else "",
            actions=len(session.game.actions),
            waiting="bot" if self._bot_may_move() else "human",
            layout=self.layout.kind,
        )

    def _papillon_screen(self, session: PapillonSession) -> Screen:
        """Papillon's table with its bar, tools and the panel open over it."""
        if session.needs_cover() and not (self.confirming or self.help_open or self.settings_open):
            return Screen(overlay=cover(session), waiting="human", modal=True)
        prefs = self.preferences
        panel = ""
        if self.confirming:
            panel = confirm_leave()
        elif self.help_open:
            panel = help_panel(papillon=True)
        elif self.settings_open:
            undo_allowed = len(session.humans()) == 1
            panel = settings_panel(session.pace, prefs.autoplay, prefs.sound, prefs.undo, undo_allowed, self.language)
        elif self.share_link is not None:
            panel = share_panel(self.share_link, "pa.share-note")
        elif session.summary_pending() is not None:
            panel = papillon_round_over(session)
        elif session.game.is_over():
            panel = papillon_over(session)
        elif self.sheet_open:
            panel = papillon_sheet(session)
        actor = session.actor()
        return Screen(
            table=render_papillon(
                session.view(),
                session.names(),
                self.layout,
                table_choices(session),
                aspect=self.stage_aspect,
                mover=session.last[0] if session.last else None,
            ),
            bar=papillon_bar(session),
            tools=tools_bar(prefs.undo and session.can_undo(), self.language, game="papillon"),
            motion=MOTION[session.pace],
            overlay=panel,
            modal=bool(panel),
            deciding=not panel and session.deciding(),
            picked=card_name(session.picked) if session.picked is not None and not panel else "",
            decision=session.game.phase if actor is not None else "",
            actions=len(session.game.actions),
            waiting="bot" if self._bot_may_move() else "human",
            layout=self.layout.kind,
        )

    def _editor_screen(self, editor: ScenarioEditor | PapillonEditor) -> Screen:
        if self.share_link is not None:
            return Screen(overlay=share_panel(self.share_link), fragment=None)
        game, problems = editor.checked()
        names = editor.player_names()
        layout = WIDE if self.layout.kind == "wide" else self.layout  # a phone upright: the tall table, readable
        if isinstance(editor, PapillonEditor):
            # beside the form in a large window, Papillon's tall table: its words half as large again
            shown = TALL if self.layout == WIDE else layout
            preview = render_papillon(all_hands_view(game), names, shown) if game else ""
            panel = papillon_editor_panel(editor, game, problems, preview)
        else:
            preview = render_table(omniscient_view(game), names, self.colours, layout) if game else ""
            panel = editor_panel(editor, game, problems, preview)
        return Screen(overlay=panel, fragment=None, keep_focus=True)

    def _viewer_screen(self, viewer: ReplayViewer | PapillonViewer) -> Screen:
        link = self.link
        assert link is not None
        if isinstance(viewer, PapillonViewer):
            ended = viewer.finished_round()
            overlay = "" if ended is None else round_summary(viewer.game, viewer.names(), ended)
            table = render_papillon(viewer.view(), viewer.names(), self.layout, aspect=self.stage_aspect)
        else:
            finished = viewer.finished_hand()
            overlay = summary_panel(finished, viewer.names()) if finished else ""
            table = render_table(viewer.view(), viewer.names(), self.colours, self.layout, interactive=False)
        if self.embed_options is not None:
            overlay = self._embed_panel(viewer, link, self.embed_options)
        return Screen(
            table=table,
            bar=viewer_bar(viewer, self.embedded),
            overlay=overlay,
            keep_focus=self.embed_options is not None,
            modal=self.embed_options is not None,
            bar_hidden=not link.controls,
            at=viewer.at,
            fragment=link.with_position(viewer.at, viewer.view_name).fragment(),
            theme=link.theme,
            layout=self.layout.kind,
        )

    def resize(self, width: float, height: float) -> bool:
        """The stage (the window less the page's bar) is ``width`` x ``height`` CSS pixels;
        True if the table must be drawn again (its layout changed, or Papillon's proportions)."""
        before = (self.layout, self.stage_aspect)
        self.layout = layout_for(width, height)
        self.stage_aspect = width / height if width > 0 and height > 0 else 0.0
        if self.papillon is not None or (self.viewer is not None and self.viewer.game_name == "papillon"):
            return (self.layout, round(self.stage_aspect, 2)) != (before[0], round(before[1], 2))
        return self.layout != before[0]

    @staticmethod
    def seat_count(form: Mapping[str, str]) -> int:
        """How many seat rows the start screen shows for its fields: the players of the
        Farfalia mode chosen, or of the Papillon table."""
        if form.get("game") == "papillon":
            players = ascii_int(form.get("players", ""))
            return players if players in DEALS else min(DEALS)
        return PLAYERS.get(form.get("mode", ""), max(PLAYERS.values()))

    # ----------------------------------------------------------------- events

    def command(self, name: str, form: Mapping[str, str] | None = None) -> None:
        """Carry out a button's ``data-command`` (``form``: the start screen's fields)."""
        if self.viewer is not None and name in ViewerMove.__members__.values():
            self.viewer.move(ViewerMove(name))
            return
        try:
            command = Command(name)
        except ValueError as error:
            raise FarfaliaError(f"unknown command {name!r}") from error
        self._commands[command](form or {})

    def act(self, action: str) -> None:
        """A human clicked a card or a choice (a replay's cards take no action); in the
        scenario editor, the preview's card is played on."""
        if self.editor is not None and self.session is None:
            self.editor.play(action)
        elif self.papillon is not None or self.session is not None:
            self._seated().human_action(action)
            self.hint = None
            self._save()

    def take_note(self) -> str | None:
        """The note line's new message, once (None to leave the line): the latest
        message, or that saves are off when the browser has just refused one."""
        note, self.note = self.note, None
        if self.storage.off and not self._told_saves_off:
            self._told_saves_off = True
            return text("saves-off") + (f" {note}" if note else "")
        return note

    def take_announcements(self) -> list[str]:
        """What the screen reader should hear since the last call (once): each play, each
        trick's winner and the card taken, a new hand, and whose turn it is when a person
        must decide. A replay tells its steps as the viewer sees them."""
        if isinstance(self.viewer, PapillonViewer):
            return self.viewer.news()
        if self.viewer is not None:
            viewer = self.viewer
            seat = None if viewer.view_name == "all" else int(viewer.view_name)
            return self.narrator.news(viewer.game, seat, viewer.names())
        if self.papillon is not None:
            return self.papillon.news()
        session = self.session
        if session is None:
            self.narrator = Narrator()
            return []
        actor = session.actor()
        deciding = session.deciding()
        return self.narrator.news(session.game, session.viewer(), session.names(), actor if deciding else None)

    def key(self, key: str) -> bool:
        """A key pressed outside a form field (without Ctrl, Alt or Meta): True if the
        page used it. Escape closes the open panel; at the table, the shortcuts of
        :data:`~farfalia.ui.keyboard.SHORTCUTS`; in a replay, the viewer's steps."""
        closing = self._closing()
        if key == "Escape":
            if closing is not None:
                self.command(closing)
                return True
            if self.papillon is not None and self.papillon.picked is not None and self.papillon.deciding():
                self.act(DROP)  # the card picked up is put back
                return True
            return False
        if self.viewer is not None:
            if key in VIEWER_KEYS and self.embed_options is None:
                self.viewer.move(VIEWER_KEYS[key])
                return True
            return False
        command = SHORTCUTS.get(key if key == "?" else key.lower())
        if self.papillon is not None and command in NOT_PAPILLON:
            return False
        session = self._seated() if self.papillon or self.session else None
        if command is None or session is None or self.editor is not None or session.needs_cover():
            return False
        if closing is not None:  # one panel at a time: only its own key closes it
            if CLOSED_BY.get(command) != closing:
                return False
            command = closing
        elif command == Command.HINT and (session.bot_to_act() or session.actor() is None):
            return False
        self.command(command)
        return True

    def _closing(self) -> Command | None:
        """The command that closes the panel open over the table or the replay (a hand's
        summary: continue), None when none is open."""
        closes = [
            (self.help_open, Command.CLOSE_HELP),
            (self.sheet_open, Command.CLOSE_SHEET),
            (self.settings_open, Command.CLOSE_SETTINGS),
            (self.share_link is not None, Command.CLOSE_SHARE),
            (self.confirming, Command.KEEP_PLAYING),
            (self.embed_options is not None, Command.CLOSE_EMBED),
            (
                (self.papillon or self.session) is not None and self._seated().summary_pending() is not None,
                Command.CONTINUE,
            ),
        ]
        return next((command for is_open, command in closes if is_open), None)

    def edit(self, form: str, fields: Mapping[str, str]) -> None:
        """A field of the scenario editor's form, or of the embed builder's, changed: the
        whole form as it now reads."""
        if form == Id.EDITOR_FORM:
            self._editing().update(fields)
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
        kept = self.saves.slots.get(slot or "") if self.session is None and self.papillon is None else None
        return Download(f"farfalia-save-{kept.id}.json", kept.kept_text()) if kept is not None else None

    # ---------------------------------------------------------- saved games

    def saved_games(self) -> list[SavedGame]:
        """The start screen's list of saved games, the one played last first."""
        now = self.saves.clock()
        rows = []
        for slot in self.saves.by_recent():
            label, players, readable = read_save(slot.save_text())
            when = when_text(now - slot.when) if slot.when else ""
            elsewhere, deleting = slot.id in self.elsewhere, slot.id == self.deleting
            rows.append(SavedGame(slot.id, label, players, when, readable, elsewhere, deleting, len(slot.unread)))
        return rows

    def saved_list(self) -> str:
        """The start screen's list of saved games, alone (HTML)."""
        return saved_list(self.saved_games())

    def refresh_saves(self, journal: Iterable[Stored], elsewhere: Iterable[str]) -> None:
        """Another tab may have saved: read the saved games again (on the start screen
        only: a game being played here keeps its own slot's account), and which of them
        are open elsewhere (``elsewhere``: their slots)."""
        self.elsewhere = frozenset(elsewhere)
        if self.session is None:
            self.saves.refresh(journal)

    def lost_slot(self, slot: str) -> None:
        """Another tab is playing the game this page just opened: leave it to that tab."""
        if slot == self.slot:
            self.stop_thinking()
            self.session = None
            self.slot = None
            self.message = text("game-elsewhere")

    def page_hidden(self) -> None:
        """The page is being hidden or closed: write the whole save now."""
        if self.slot is not None:
            self.saves.checkpoint(self.slot)

    def journal_failed(self) -> None:
        """The page's journal refused a write: saves go on as whole checkpoints."""
        self.saves.journal_failed()

    def take_writes(self) -> list[Entry | Forget]:
        """What the page's journal must write, in order (once)."""
        return self.saves.take_writes()

    # --------------------------------------------------------------- commands

    def _game_session(self) -> Session:
        if self.session is None:
            raise SessionError(text("no-game"))
        return self.session

    def _seated(self) -> Session | PapillonSession:
        """The game being played, of either game."""
        if self.papillon is not None:
            return self.papillon
        return self._game_session()

    def _session_change(self, change: Callable[[], None]) -> None:
        change()
        self._save()

    def _start(self, form: Mapping[str, str]) -> None:
        self.sheet_open = False
        if form.get("game") == "papillon":
            self.papillon = start_papillon(form, self.rng)
        else:
            self.session = start_session(form, self.rng)
        self.slot = self._new_slot()
        self._save()
        remembered = {
            key: value for key, value in form.items() if key in CHOICE_FIELDS or key[:5] in ("name-", "kind-")
        }
        self.storage.set(CHOICES_KEY, dumps(remembered))

    def _choices(self) -> dict[str, str]:
        """The start screen's last choices (none if unreadable)."""
        try:
            stored = parse_stored(self.storage.get(CHOICES_KEY) or "{}")
        except SaveError:
            return {}
        if not isinstance(stored, dict):
            return {}
        return {str(k): v[:MAX_NAME] for k, v in stored.items() if isinstance(v, str)}

    def _set_confirming(self, on: bool) -> None:
        self.confirming = on

    def _set_settings_open(self, on: bool) -> None:
        self.settings_open = on

    def _set_help(self, on: bool) -> None:
        self.help_open = on

    def _last_trick(self) -> None:
        session = self._game_session()
        self.note = last_trick_line(session.view(), session.names())

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
        elif name == "pace" and value in PACES and (self.session or self.papillon) is not None:
            self._seated().pace = str(value)
            self._save()
        elif name == "autoplay" and value in AUTOPLAY:
            prefs.autoplay = str(value)
        elif name in ("sound", "undo") and isinstance(value, bool):
            setattr(prefs, name, value)
        else:
            raise FarfaliaError(f"unknown setting {name!r}={value!r}")
        self.storage.set(PREFERENCES_KEY, dumps(dataclasses.asdict(prefs)))

    def _undo(self) -> None:
        session = self._seated()
        if not self.preferences.undo:
            raise SessionError(text("undo-off"))
        self.stop_thinking()
        session.undo()
        self.hint = None
        self._save()

    def _leave_game(self) -> None:
        self._forget_game()
        self.show_start()

    def _forget_game(self) -> None:
        if self.slot is not None:
            self.saves.delete(self.slot)

    def _chosen_slot(self, form: Mapping[str, str]) -> Slot:
        slot = self.saves.slots.get(form.get("slot", ""))
        if slot is None:
            raise SessionError(text("game-gone"))  # ended or discarded in another tab
        return slot

    def _resume(self, form: Mapping[str, str]) -> None:
        slot = self._chosen_slot(form)
        if slot.id in self.elsewhere:
            raise SessionError(text("game-elsewhere"))
        table = load_save(slot.save_text())
        if isinstance(table, PapillonSession):
            self.papillon = table
        else:
            self.session = table
        self.slot = slot.id

    def _discard(self, form: Mapping[str, str]) -> None:
        slot = self._chosen_slot(form)
        if read_save(slot.save_text())[2]:
            self.deleting = slot.id  # a game that can be played again is deleted once confirmed
        else:
            self.saves.delete(slot.id)

    def _confirm_discard(self, form: Mapping[str, str]) -> None:
        self.saves.delete(self._chosen_slot(form).id)
        self.deleting = None

    def _set_deleting(self, slot: str | None) -> None:
        self.deleting = slot

    def _set_sheet(self, open_: bool) -> None:
        self.sheet_open = open_

    def _play_again(self) -> None:
        seed = self.rng.randrange(SEED_LIMIT)
        self._forget_game()
        if self.papillon is not None:
            table = self.papillon
            self.papillon = PapillonSession(table.game.settings, seed, table.players, table.pace, table.level)
        else:
            old = self._game_session()
            self.session = Session(old.game.settings, seed, old.players, old.pace, level=old.level)
        self.slot = self._new_slot()
        self._save()

    def _new_game(self) -> None:
        """To the start screen: leaving a replay keeps the saved game; a running game
        is left only after the player confirms (:data:`Command.LEAVE_GAME`)."""
        playing = self.papillon or self.session
        if self.viewer is None and playing is not None and not playing.game.is_over():
            self.confirming = True
            return
        if self.viewer is None:
            self._forget_game()
        self.link = None
        self.show_start()

    def _share(self) -> None:
        try:
            if self.papillon is not None:
                game, names = self.papillon.game, self.papillon.names()
                text_ = encode_papillon(game, names) if game.is_over() else encode_finished_rounds(game, names)
            else:
                session = self._game_session()
                farfalia, names = session.game, session.names()
                done = farfalia.is_over()
                text_ = replay.encode(farfalia, names) if done else replay.encode_finished_hands(farfalia, names)
        except FarfaliaError:
            self.note = text("pa.share-none" if self.papillon is not None else "share-none")
            return
        self.share_link = f"{self.address}#replay={text_}"

    def _close_share(self) -> None:
        self.share_link = None

    # ------------------------------------------------- scenarios and embeds

    @staticmethod
    def _chosen_names(choices: Mapping[str, str]) -> list[str]:
        return [choices.get(f"name-{k}", "").strip()[:MAX_NAME] or text("default-name", number=k + 1) for k in range(5)]

    @staticmethod
    def _chosen_mode(choices: Mapping[str, str]) -> str:
        mode = choices.get("mode", "basic5")
        return mode if mode in PLAYERS else "basic5"

    def _new_editor(self, form: Mapping[str, str]) -> ScenarioEditor | PapillonEditor:
        """An editor for the game chosen on the start screen (its ``form``, else the choices
        last remembered), its players and table."""
        choices = {**self._choices(), **form}
        if choices.get("game") != "papillon":
            return ScenarioEditor(self._chosen_names(choices), self._chosen_mode(choices))
        players = ascii_int(choices.get("players", ""), 1)
        return PapillonEditor(
            self._chosen_names(choices),
            players if players in DEALS else 2,
            "orange" if choices.get("rounds") == "orange" else "blue",
        )

    def _open_editor(self, editor: ScenarioEditor | PapillonEditor) -> None:
        self.show_start()
        self.link = None
        self.editor = editor

    def _editing(self) -> ScenarioEditor | PapillonEditor:
        if self.editor is None:
            raise FarfaliaError("no scenario is being set up")
        return self.editor

    def _stepping(self) -> ReplayViewer | PapillonViewer:
        """The replay being shown, of either game."""
        if self.viewer is None:
            raise FarfaliaError("no replay is being shown")
        return self.viewer

    def _scenario_link(self) -> Link:
        editor = self._editing()
        game = editor.playable()
        encode = encode_papillon_with_chance if isinstance(editor, PapillonEditor) else replay.encode_with_chance
        return Link(encode(game, editor.player_names()), at=len(game.actions))

    def _step_scenario(self) -> None:
        self.open_replay(self._scenario_link().fragment())

    def _share_scenario(self) -> None:
        self.share_link = f"{self.address}#{self._scenario_link().fragment()}"

    def _play_scenario(self, form: Mapping[str, str]) -> None:
        editor = self._editing()
        you = ascii_int(form.get("you", ""), 1)
        game = editor.playable()
        if isinstance(game, PapillonGame):
            self._papillon_on(game, editor.player_names(), you)
            return
        self._play_on(game.settings, game.given_chance, game.actions, editor.player_names(), you)

    def _play_from_here(self) -> None:
        """Play on from the replay's position: the viewed seat (or the first player) is
        human, the others bots; the deals so far are the replay's own (and those to come,
        when the replay has a seed)."""
        viewer = self._stepping()
        you = ascii_int(viewer.view_name, 1)
        if isinstance(viewer, PapillonViewer):
            self._papillon_on(viewer.game, viewer.names(), 0 if you is None else you)
            return
        game = viewer.game
        self._play_on(game.settings, game.given_chance, game.actions, viewer.names(), 0 if you is None else you,
                      game.seed if not game.given_chance else None)  # fmt: skip

    def _papillon_on(self, game: PapillonGame, names: Sequence[str], you: int | None) -> None:
        """A Papillon table from ``game``'s position, ``you`` the human (None: bots only), the others bots (a game
        shared under way plays its rounds to come from a fresh seed, P-E12)."""
        players = [Player(name, k != you) for k, name in enumerate(names)]
        seed = self.rng.randrange(SEED_LIMIT) if game.given_chance else game.seed
        self._sit_at(PapillonSession(game.settings, seed, players, actions=game.actions, chance=game.given_chance))

    def _play_on(self, settings: Settings, chance: Sequence[Chance], actions: Sequence[Action],
                 names: Sequence[str], you: int | None, seed: int | None = None) -> None:  # fmt: skip
        """A new game at the table from these chance outcomes and actions; ``you`` the human (None: bots only)."""
        players = [Player(name, k != you) for k, name in enumerate(names)]
        seed = self.rng.randrange(SEED_LIMIT) if seed is None else seed
        self._sit_at(Session(settings, seed, players, actions=list(actions), chance=chance))

    def _sit_at(self, table: Session | PapillonSession) -> None:
        """Leave the viewer or the editor for ``table``, a new game saved in a slot of its own."""
        self.show_start()
        self.link = None
        if isinstance(table, PapillonSession):
            self.papillon = table
        else:
            self.session = table
        self.slot = self._new_slot()
        self._save()

    def _edit_position(self) -> None:
        """Edit the first hand (Papillon: the round of the position shown) of the replay
        shown as a scenario, with its plays up to the position shown (all of them past that hand)."""
        viewer = self._stepping()
        if isinstance(viewer, PapillonViewer):
            self._open_editor(PapillonEditor.from_game(viewer.replay.game(), viewer.names(), viewer.at))
            return
        assert self.link is not None
        editor = ScenarioEditor.from_replay_text(self.link.replay)
        setup = len(editor.scenario().setup_actions())
        editor.plays = editor.plays[: max(0, viewer.at - setup)]
        self._open_editor(editor)

    def _set_embed(self, options: EmbedOptions | None) -> None:
        self.embed_options = options

    def _embed_panel(self, viewer: ReplayViewer | PapillonViewer, link: Link, options: EmbedOptions) -> str:
        embedded = embed_link(options, viewer, link.replay)
        iframe = iframe_snippet(self.address, options, embedded)
        script = script_snippet(self.address, options, embedded)
        preview = f"{site_base(self.address)}embed.html#{embedded.fragment()}"
        themed = not isinstance(viewer, PapillonViewer)  # Papillon's table has its own colours
        return embed_panel(options, viewer.names(), iframe, script, preview, themed)

    def _hint(self) -> None:
        session = self._seated()
        self.note = text("hint-thinking")
        self._begin(session.hint_search(), self._hint_found)

    def _hint_found(self, search: Search) -> None:
        best = search.best()
        if self.papillon is not None:
            self.note = text("hint-is", action=self.papillon.words(best, played=True))
            self.hint = papillon_hint_target(best, self.papillon.picked)
        else:
            self.note = text("hint-is", action=action_text(best))
            self.hint = str(best)

    def _new_slot(self) -> str:
        """A slot for a new game; where it made room by forgetting the game played longest ago, the
        note says which."""
        self.saves.evicted = None
        slot = self.saves.new_slot(self.rng, self.elsewhere)
        if self.saves.evicted is not None:
            label = read_save(self.saves.evicted.save_text())[0]
            self.note = text("save-evicted", count=MAX_SLOTS, label=label)
        return slot

    def _save(self) -> None:
        playing = self.papillon or self.session
        if playing is not None and self.slot is not None:
            self.saves.save(self.slot, playing.to_record())

    # ------------------------------------------------------------------- bots

    def _bot_may_move(self) -> bool:
        playing = self.papillon or self.session
        return playing is not None and playing.bot_to_act() and not self.sheet_open

    def _paused(self) -> bool:
        """A panel is open over the game: nothing moves by itself."""
        return (
            self.viewer is not None
            or self.share_link is not None
            or self.confirming
            or self.settings_open
            or self.sheet_open
            or self.help_open
        )

    def _forced_card(self) -> str | None:
        """The action the person to act must take, when the settings take it by itself: a card
        to play (Farfalia), or Papillon's one legal action (a card, an attacked player's draw).
        ``last``: only the hand's last card."""
        playing = self.papillon or self.session
        if playing is None or self.preferences.autoplay == "off" or playing.bot_to_act():
            return None
        actor = playing.actor()
        if playing.needs_cover() or playing.summary_pending() is not None or actor is None:
            return None
        always = self.preferences.autoplay == "always"
        if self.papillon is not None:
            forced = self.papillon.game.offered_actions()
            last = len(self.papillon.game.hands[actor]) == 1
            return action_name(forced[0]) if len(forced) == 1 and (always or last) else None
        game = self._game_session().game
        legal = game.legal_actions()
        if len(legal) != 1 or legal[0].kind != "play":
            return None
        last = len(game.state.tricks) == game.plan.tricks - 1
        return str(legal[0]) if always or last else None

    def bot_delay(self) -> int | None:
        """Milliseconds to wait before the game moves on by itself (a bot's decision,
        or a forced card auto-played), or None if it waits for a person."""
        playing = self.papillon or self.session
        if self._paused() or playing is None:
            return None
        pace = PACES[playing.pace]
        if self._bot_may_move():
            return pace
        return max(pace, AUTOPLAY_DELAY) if self._forced_card() is not None else None

    def bot_move(self) -> None:
        """Move on: play the forced card, or start the decision of the bot to act
        (then :meth:`think` until it is done)."""
        if self._paused():
            return
        forced = self._forced_card()
        if forced is not None:
            self.act(forced)
        elif self._bot_may_move():
            self._begin(self._seated().bot_search(), self._bot_decided)

    def _bot_decided(self, _search: Search) -> None:
        self.think_times.append(time.perf_counter() - self._think_started)
        self._seated().finish_bot()
        self._save()

    def _begin(self, search: Search, done: Callable[[Search], None]) -> None:
        session = self._seated()
        self._search = (search, done, session, session.state_id)
        self._think_started = time.perf_counter()

    @property
    def thinking(self) -> bool:
        """Whether a search (a bot's decision or a hint) is under way."""
        return self._search is not None

    def stop_thinking(self) -> None:
        """Drop the search under way."""
        self._search = None

    def think(self, seconds: float = SLICE_SECONDS) -> bool:
        """Run the search under way for about ``seconds``; True once it is done and
        applied, False while it needs more. A search whose game moved on is dropped
        (one staleness check: the session's state id)."""
        if self._search is None:
            return False
        search, done, session, state_id = self._search
        if (self.papillon or self.session) is not session or session.state_id != state_id:
            self._search = None
            return False
        start = time.perf_counter()
        search.step()  # one at least, however short the slice
        while not search.finished and time.perf_counter() - start < seconds:
            search.step()
        if not search.finished and time.perf_counter() - self._think_started >= THINK_LIMIT_SECONDS:
            search.conclude()
        if not search.finished:
            return False
        self._search = None
        done(search)
        return True


def start_session(form: Mapping[str, str], rng: random.Random) -> Session:
    """A new session from the start screen's fields (``mode``, ``variants``
    comma-separated, ``name-K``, ``kind-K``, ``dealer``, ``seed``, ``pace``,
    ``level``); a seed left empty is drawn from ``rng``."""
    mode = form.get("mode", "basic5")
    check_mode(mode)
    variants = frozenset(v for v in form.get("variants", "").split(",") if v)
    players = [
        Player(form.get(f"name-{k}", ""), form.get(f"kind-{k}", "human" if k == 0 else "bot") == "bot")
        for k in range(PLAYERS[mode])
    ]
    dealer = ascii_int(form.get("dealer", ""), 1)
    seed = ascii_int(form.get("seed", "").strip())
    return new_session(
        mode,
        variants,
        players,
        rng.randrange(SEED_LIMIT) if seed is None or seed >= SEED_LIMIT else seed,
        dealer,
        form.get("pace", "normal"),
        form.get("level", "strong"),
    )


def start_papillon(form: Mapping[str, str], rng: random.Random) -> PapillonSession:
    """A new Papillon table from the start screen's fields (``players``, ``rounds``,
    ``two-against-one`` and ``forced-capture`` as ``on``, ``name-K``, ``kind-K``, ``seed``,
    ``pace``, ``level``); a seed left empty is drawn from ``rng``."""
    count = ascii_int(form.get("players", ""))
    settings = PapillonSettings(
        players=count if count in DEALS else min(DEALS),
        two_against_one=form.get("two-against-one") == "on" and count == 3,
        forced_capture=form.get("forced-capture") == "on",
        rounds=form.get("rounds", "both") if form.get("rounds") in ROUNDS else "both",
    )
    players = [
        Player(clean_name(form.get(f"name-{k}", ""), k), form.get(f"kind-{k}", "human" if k == 0 else "bot") == "bot")
        for k in range(settings.players)
    ]
    seed = ascii_int(form.get("seed", "").strip())
    seed = rng.randrange(SEED_LIMIT) if seed is None or seed >= SEED_LIMIT else seed
    return PapillonSession(settings, seed, players, form.get("pace", "normal"), form.get("level", "strong"))
