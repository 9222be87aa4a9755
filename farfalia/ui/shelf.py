"""The saved games as the page shows and plays them: the slots (:mod:`farfalia.ui.saves`), the
game this tab plays and saves at every decision, the games other tabs hold (Web Locks, else
leases: :mod:`farfalia.ui.tabs`), a save read back as a table of its game, and the start screen's
list with its buttons (resume, delete with a confirmation, download or discard what cannot be read)."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable
from typing import Final

from farfalia.core.errors import FarfaliaError, SaveError, SessionError
from farfalia.records.replay import problem
from farfalia.ui.game import SiteGame, site_games
from farfalia.ui.saves import MAX_SLOTS, GuardedStorage, SavedGames, Stored
from farfalia.ui.screens import SavedGame
from farfalia.ui.seating import Table, read_record
from farfalia.ui.tabs import Leases
from farfalia.ui.texts import error_text, plural_text, text

#: Each page is a writer of the journal and a tab of its own: this many random bits name it.
TAB_BITS: Final = 32


def load_table(saved: str) -> tuple[Table, SiteGame]:
    """The table a save holds, and its game (named by its ``game`` field; saves from before a
    second game have none, and are the game's that reads them); anything else raises a
    :class:`~farfalia.core.errors.SaveError`."""
    data = read_record(saved)
    if "game" not in data:
        game = next((game for game in site_games() if game.reads_unnamed_saves), None)
    else:
        name = data["game"]
        game = next((game for game in site_games() if game.name == name), None)
    if game is None:
        raise SaveError(problem("save-game", game=repr(data.get("game"))[:24]))
    return game.load_table(data), game


@functools.lru_cache(maxsize=2 * MAX_SLOTS)
def _loaded(saved: str) -> tuple[Table, SiteGame] | FarfaliaError:
    """:func:`load_table`'s table, or why it cannot be read. Cached: the start screen is drawn
    often, and reading replays the game (the table is only read, never played: a resume loads
    its own)."""
    try:
        return load_table(saved)
    except FarfaliaError as error:
        return error


def save_readable(saved: str) -> bool:
    """Whether a save reads back as a game."""
    return not isinstance(_loaded(saved), FarfaliaError)


def read_save(saved: str) -> tuple[str, str, str]:
    """What a save holds ("Farfalia for four, hand 2 of 4", "…, finished" once the game is over:
    the page was left at its end), who plays it and its game's name; or why it cannot be read,
    "", "" (in the language spoken)."""
    loaded = _loaded(saved)
    if isinstance(loaded, FarfaliaError):
        return text("save-broken", reason=error_text(loaded)), "", ""
    table, game = loaded
    label = text("save-finished", game=table.label()) if table.game.is_over() else table.label()
    return label, ", ".join(table.names()), game.name


def when_text(seconds: float) -> str:
    """How long ago, in words ("just now", "5 minutes ago", "2 days ago")."""
    for unit, length in (("day", 86400), ("hour", 3600), ("minute", 60)):
        count = int(seconds // length)
        if count >= 1:
            return plural_text(f"ago.{unit}", count)
    return text("ago.now")


class Shelf:
    """The saved games, and the one this tab plays: its slot, kept in step with the table at every
    decision, held against other tabs (``locks``: the browser's Web Locks, else :class:`Leases`)."""

    def __init__(
        self,
        storage: GuardedStorage,
        journal: Iterable[Stored],
        clock: Callable[[], float],
        rng: random.Random,
        locks: bool = True,
    ) -> None:
        self.rng = rng
        tab = f"{rng.getrandbits(TAB_BITS):08x}"
        self.saves = SavedGames(storage, journal, clock, tab, verify=save_readable)
        #: This tab's leases where the browser has no Web Locks (None: it has them).
        self.leases: Leases | None = None if locks else Leases(storage, tab, clock)
        #: The slot of the game played in this page, None without one.
        self.slot: str | None = None
        #: The slots of games open in other tabs of this browser.
        self.elsewhere: frozenset[str] = frozenset()
        #: The saved game whose delete waits for the player's confirmation.
        self.deleting: str | None = None
        #: The page was closed or put away: it holds no game until it is shown again.
        self.put_away = False
        #: The games the start screen's list shows as open elsewhere (as it was last written).
        self.listed_elsewhere: frozenset[str] = frozenset()
        self._told_saves_off = False

    # --------------------------------------------------------------- listing

    def rows(self) -> list[SavedGame]:
        """The start screen's list of saved games, the one played last first."""
        now = self.saves.clock()
        rows = []
        elsewhere = self.listed_elsewhere = self.others()
        for slot in self.saves.by_recent():
            label, players, game = read_save(slot.save_text())
            when = when_text(now - slot.when) if slot.when else ""
            away, deleting = slot.id in elsewhere, slot.id == self.deleting
            rows.append(SavedGame(slot.id, label, players, when, bool(game), away, deleting, len(slot.unread), game))
        return rows

    def others(self) -> frozenset[str]:
        """The games other tabs hold now."""
        return self.elsewhere | (self.leases.elsewhere() if self.leases is not None else frozenset())

    def list_stale(self) -> bool:
        """Whether the games other tabs hold changed since the list was written (a lease ran out:
        its tab died; nothing tells the others but the clock)."""
        return self.others() != self.listed_elsewhere

    def refresh(self, journal: Iterable[Stored], elsewhere: Iterable[str], reread: bool) -> None:
        """Another tab may have saved or let go of a game: which games are held elsewhere, and
        (where ``reread``: no game is played here) every slot read again."""
        self.elsewhere = frozenset(elsewhere)
        if reread:
            self.saves.refresh(journal)

    def tell_saves_off(self) -> str | None:
        """That saves are off, once, when the browser has just refused one."""
        if self.saves.storage.off and not self._told_saves_off:
            self._told_saves_off = True
            return text("saves-off")
        return None

    def kept_text(self, slot: str) -> str | None:
        """A saved game as kept (what cannot be read with it), to download; None if there is none."""
        kept = self.saves.slots.get(slot)
        return kept.kept_text() if kept is not None else None

    # --------------------------------------------------------------- choosing

    def discard(self, slot: str) -> None:
        """Forget a saved game: at once if it cannot be read (nothing to lose), else once confirmed;
        never one another tab plays (it would save on, after nothing)."""
        chosen = self._held_here_or_nowhere(slot)
        if save_readable(chosen):
            self.deleting = slot
        else:
            self.saves.delete(slot)

    def confirm_discard(self, slot: str) -> None:
        """The delete confirmed."""
        self._held_here_or_nowhere(slot)
        self.saves.delete(slot)
        self.deleting = None

    def keep(self) -> None:
        """The delete called off."""
        self.deleting = None

    def _chosen(self, slot: str) -> str:
        kept = self.saves.slots.get(slot)
        if kept is None:
            raise SessionError(text("game-gone"))  # ended or discarded in another tab
        return kept.save_text()

    def _held_here_or_nowhere(self, slot: str) -> str:
        """:meth:`_chosen`'s save, of a game no other tab plays."""
        saved = self._chosen(slot)
        if slot in self.others():
            raise SessionError(text("delete-elsewhere"))
        return saved

    def resume(self, slot: str) -> tuple[Table, SiteGame]:
        """The table of a saved game, to play here: not one another tab holds."""
        saved = self._chosen(slot)
        if slot in self.others() or (self.leases is not None and not self.leases.take(slot)):
            raise SessionError(text("game-elsewhere"))
        return load_table(saved)

    # --------------------------------------------------------------- playing

    def play(self, slot: str) -> None:
        """This tab plays ``slot`` from now on."""
        self.slot = slot
        if self.leases is not None:
            self.leases.take(slot)

    def new_game(self) -> None:
        """A slot for a new game, played here (room is made for it by its first save)."""
        self.saves.evicted = None
        self.play(self.saves.new_slot(self.rng, self.others()))

    def take_eviction(self) -> str | None:
        """What the note says of the game played longest ago, once forgotten to make room for
        the new one; None if none was."""
        evicted, self.saves.evicted = self.saves.evicted, None
        if evicted is None:
            return None
        return text("save-evicted", count=MAX_SLOTS, label=read_save(evicted.save_text())[0])

    def save(self, table: Table) -> None:
        """Keep the game played here (a journal entry of what changed)."""
        if self.slot is not None:
            self.saves.save(self.slot, table.to_record())

    def forget_game(self) -> None:
        """The game played here is over or left: forget its save."""
        if self.slot is not None:
            self.saves.delete(self.slot)
        self.leave()

    def leave(self) -> None:
        """This tab plays no game any more (another tab may take it)."""
        if self.slot is not None and self.leases is not None:
            self.leases.release(self.slot)
        self.slot = None

    def lost(self, slot: str) -> bool:
        """Another tab took the game this page plays: True if it was this page's (it plays it no more)."""
        if slot != self.slot:
            return False
        self.slot = None
        return True

    def heartbeat(self) -> list[str]:
        """Leases held on (without Web Locks): the games this tab lost meanwhile (its own game
        taken again, should the page have let go of it while it was put away). A page closed or
        put away holds nothing: a beat that comes after it let go (a timer due while the closing
        page was busy) takes nothing again."""
        if self.leases is None or self.put_away:
            return []
        lost = self.leases.renew()
        slot = self.slot
        if slot is not None and slot not in self.leases.held and slot not in lost and not self.leases.take(slot):
            lost.append(slot)
        return lost

    def page_hidden(self) -> None:
        """The page is being hidden: write the whole save now."""
        if self.slot is not None:
            self.saves.checkpoint(self.slot)

    def page_closed(self) -> None:
        """The page is going away (closed, or put away by the browser): the whole save written,
        and its leases let go of at once (other tabs are told by the ``storage`` event)."""
        self.page_hidden()
        self.put_away = True
        if self.leases is not None:
            self.leases.release_all()

    def page_shown(self) -> None:
        """The page put away is shown again (the browser's back-forward cache): its game is to be
        held again (the next heartbeat takes it, or finds it lost)."""
        self.put_away = False
