"""Lessons: a guided first game of each game of the site, the learner making every move.

A :class:`Lesson` is a game's parts (:class:`LessonPart`), each a scripted game written in the
game's own records (its deal written out, its actions the script: the rules pages' worked examples,
a moment set up by hand), so a lesson stays true to the engine. The learner plays one seat; the
bots play the others by the script (:attr:`~farfalia.ui.seating.Seating.script`). As each new
thing first matters, the lesson says it (its notes, by the script's action index), and it marks the
script's move on the table as a hint is marked.

The learner may make any legal move. Before the part's last note the lesson says what that move
does, takes it back and marks the script's move again, so that every rule comes up in its turn;
from it on, in a part that plays its round out, the move stands and the bots play on at their own
level: the learner finishes the round his own way (a short part keeps to its script). A move the
rules refuse is never played: the table names its rule (a card's reason, as at any table). A part
ends with its script or, where it plays on, with its first round; its last note says how that
round is scored.

Where the learner stands (the part, and how far into its script) is kept in storage
(:data:`LESSON_KEY`): a lesson left is resumed there, from the script's position (a round played
on one's own way restarts from where it left the script); "Start again" replays it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from html import escape
from json import dumps
from typing import Any, Final, Protocol

from farfalia.core.errors import SaveError
from farfalia.core.interface import Play
from farfalia.ui.contract import Command
from farfalia.ui.saves import GuardedStorage, parse_stored
from farfalia.ui.screens import button
from farfalia.ui.seating import Player, Table
from farfalia.ui.texts import text

#: Where the page keeps the lesson under way: its game, part and position in the script.
LESSON_KEY: Final = "farfalia.lesson"
#: The bots' pace in a lesson: slow enough to follow each card.
LESSON_PACE: Final = "slow"
#: The bots' level once the learner plays his own way.
LESSON_LEVEL: Final = "quick"


class ScriptedGame(Play, Protocol):
    """A game dealt from chance outcomes written out (a worked example's)."""

    @property
    def given_chance(self) -> tuple[Any, ...]:
        """The chance outcomes it was given."""


class Worked(Protocol):
    """A game's worked example: a scripted game and its players' names."""

    @property
    def game(self) -> ScriptedGame:
        """The game, played to the script's end."""

    @property
    def names(self) -> tuple[str, ...]:
        """Its players' names."""


def from_example(build: Callable[[], Worked]) -> Callable[[], tuple[ScriptedGame, tuple[str, ...]]]:
    """A lesson part's scripted game, from a worked example's builder (run when the part starts)."""

    def example() -> tuple[ScriptedGame, tuple[str, ...]]:
        built = build()
        return built.game, built.names

    return example


@dataclass(frozen=True)
class LessonPart:
    """One scripted game of a lesson: its ``title`` and ``end`` (text keys), the ``example`` that
    builds the scripted game (played to the script's end) and its players' names, the ``learner``'s
    seat, the ``notes`` said from a script's action on (text keys by action index), and the script's
    ``length`` (None: the whole example, which plays to its first round's end)."""

    title: str
    example: Callable[[], tuple[ScriptedGame, tuple[str, ...]]]
    learner: int
    notes: Mapping[int, str]
    end: str
    length: int | None = None


@dataclass(frozen=True)
class Lesson:
    """A game's guided first game, in parts."""

    game: str
    parts: tuple[LessonPart, ...]


class LessonRun:
    """A lesson under way: its part's table, what the lesson says now, and the learner's place."""

    def __init__(self, lesson: Lesson, seat: Callable[..., Table], part: int = 0, at: int = 0) -> None:
        self.lesson = lesson
        #: How the game of the site seats a table (:meth:`~farfalia.ui.game.SiteGame.table`).
        self._seat = seat
        self.part_index = part if 0 <= part < len(lesson.parts) else 0
        #: What the lesson says of the learner's last move, when it left the script (None: nothing).
        self.message: str | None = None
        #: Whether the learner plays on his own way (the script left after its last note).
        self.free = False
        self._seat_part(at)

    @property
    def part(self) -> LessonPart:
        """The part under way."""
        return self.lesson.parts[self.part_index]

    def _seat_part(self, at: int) -> None:
        """The part's table (:attr:`table`) and script (:attr:`script`), the script played ``at``
        actions in (as far as it goes)."""
        part = self.part
        example, names = part.example()
        #: The part's script (the table's own is dropped once the learner plays his own way).
        self.script: tuple[Any, ...] = tuple(example.actions)[: part.length]
        script = self.script
        players = [Player(name, seat != part.learner) for seat, name in enumerate(names)]
        table = self._seat(
            example.settings,
            0,
            players,
            LESSON_PACE,
            LESSON_LEVEL,
            actions=script[: max(0, min(at, len(script)))],
            chance=example.given_chance,
        )
        table.script = script
        self.table = table

    # ---------------------------------------------------------------- reading

    def done(self) -> bool:
        """Whether the part is over: its script played out (a part that stops there), or its
        first round finished."""
        game = self.table.game
        if self.part.length is not None and not self.free:
            return len(game.actions) >= self.part.length
        return game.progress().rounds >= 1

    def learner_deciding(self) -> bool:
        """Whether the learner decides now, the part under way."""
        return not self.done() and self.table.deciding()

    def mark(self) -> str | None:
        """The card or button of the script's move to mark while the learner decides (None: none)."""
        scripted = self.table.scripted()
        if scripted is None or not self.learner_deciding():
            return None
        return self.table.hint(scripted)[1]

    def note(self) -> str:
        """What the lesson says now: of the learner's last move, the part's end, or the latest
        note the script has reached (its first before that: it sets the part's scene, which the
        others' opening moves play out meanwhile)."""
        if self.message is not None:
            return self.message
        if self.done():
            return text(self.part.end)
        return text(self.part.notes[self._latest_note()])

    def _latest_note(self) -> int:
        """The index of the latest note the script has reached (the first before that)."""
        at = len(self.table.game.actions)
        return max([index for index in self.part.notes if index <= at] or [min(self.part.notes)])

    def watched(self) -> str | None:
        """The name of the player who moves now while the learner watches, the move the latest
        note asked for made (the learner's last decision in the game: a lesson resumed from
        storage says it too); None otherwise. The note stays on screen (it tells the part's story,
        which the learner may still be reading), but no longer as what to do now."""
        table = self.table
        if self.message is not None or self.done() or not table.bot_to_act():
            return None
        learner = set(table.humans())
        moved = max(
            (index for index, (actor, _round) in enumerate(table.game.decisions()) if actor in learner), default=-1
        )
        actor = table.actor()
        if actor is None or moved < self._latest_note():
            return None
        return table.names()[actor]

    def position(self) -> int:
        """How far into the script the game is: its actions as far as they follow it (where the
        learner left it, once he plays his own way)."""
        following = 0
        for made, scripted in zip(self.table.game.actions, self.script):
            if made != scripted:
                break
            following += 1
        return following

    # ---------------------------------------------------------------- changes

    def learner_moved(self, before: int) -> None:
        """The learner played, the game having ``before`` actions: a move other than the script's
        is told and taken back before the part's last note, and kept after it."""
        game, script = self.table.game, self.table.script
        if len(game.actions) <= before:
            return  # a card picked up: no move yet
        move = game.actions[before]
        self.message = None
        if before >= len(script) or move == script[before]:
            return
        self.table.take_back_to(before)  # the move told at the table it was made at
        words = self.table.action_words(move)
        if self.part.length is None and before >= max(self.part.notes, default=0):
            self.free = True
            self.table.script = ()
            self.table.play_again(move)
            self.message = text("lesson.own-way", move=words)
            return
        self.message = text("lesson.other-move", move=words, script=self.table.action_words(script[before]))

    def next_part(self) -> bool:
        """On to the next part; False after the last one."""
        if self.part_index + 1 >= len(self.lesson.parts):
            return False
        self.part_index += 1
        self._restart_part()
        return True

    def restart(self) -> None:
        """The lesson from its beginning."""
        self.part_index = 0
        self._restart_part()

    def _restart_part(self) -> None:
        self.message, self.free = None, False
        self._seat_part(0)

    # ---------------------------------------------------------------- storage

    def keep(self, storage: GuardedStorage) -> None:
        """Keep where the learner stands (the part, and the script's position)."""
        kept = {"game": self.lesson.game, "part": self.part_index, "at": self.position()}
        storage.set(LESSON_KEY, dumps(kept))


def kept_place(storage: GuardedStorage, game: str) -> tuple[int, int] | None:
    """The part and script position kept of ``game``'s lesson, None if none (or unreadable)."""
    stored = storage.get(LESSON_KEY)
    try:
        kept = parse_stored(stored) if stored is not None else None
    except SaveError:
        return None
    if not isinstance(kept, dict) or kept.get("game") != game:
        return None
    part, at = kept.get("part"), kept.get("at")
    if type(part) is not int or type(at) is not int or part < 0 or at < 0:
        return None
    return part, at


# ---------------------------------------------------------------------- drawing


def lesson_strip(run: LessonRun, game_name: str) -> str:
    """The bar's lesson: the part's title, what the lesson says now, and its buttons (start again,
    leave), as a region a screen reader finds and hears (polite: it speaks when the note changes).
    While the others play on after the learner's move, the note begins by saying so."""
    lesson, part = run.lesson, run.part
    title = text(
        "lesson.title",
        game=text(f"game.{game_name}"),
        part=run.part_index + 1,
        parts=len(lesson.parts),
        name=text(part.title),
    )
    return (
        f'<section class="lesson" role="region" aria-label="{escape(text("lesson"))}">'
        f'<h2 class="lesson-title">{escape(title)}</h2>'
        f'<p class="lesson-note" aria-live="polite">{_watching(run)}{escape(run.note())}</p>'
        f'<div class="lesson-tools">{_button("lesson.restart", Command.LESSON_RESTART)}'
        f"{_button('lesson.leave', Command.LESSON_LEAVE)}</div></section>"
    )


def _watching(run: LessonRun) -> str:
    """The words "Done: now Marc plays." while the others play on after the learner's move ("" otherwise)."""
    name = run.watched()
    if name is None:
        return ""
    return f'<strong class="lesson-watching">{escape(text("lesson.watching", name=name))}</strong> '


def lesson_end(run: LessonRun, game_name: str) -> str:
    """The dialog at a part's end: what it showed, and on to the next part (or, after the last,
    a game of one's own, or the lesson again)."""
    last = run.part_index + 1 >= len(run.lesson.parts)
    go_on = (
        _button("lesson.play", Command.PLAY, primary=True, game=game_name)
        if last
        else _button("lesson.next", Command.LESSON_NEXT, primary=True)
    )
    heading = text("lesson.finished" if last else "lesson.part-done", name=text(run.part.title))
    return (
        f'<div class="panel lesson-end" role="dialog" aria-modal="true" aria-labelledby="lesson-end-title">'
        f'<h2 id="lesson-end-title">{escape(heading)}</h2><p>{escape(run.note())}</p>'
        f'<div class="panel-actions">{go_on}{_button("lesson.restart", Command.LESSON_RESTART)}'
        f"{_button('lesson.leave', Command.LESSON_LEAVE)}</div></div>"
    )


def _button(key: str, command: Command, primary: bool = False, game: str | None = None) -> str:
    return button(text(key), command=command, primary=primary, game=game)


def learn_fragment(game: str) -> str:
    """The page's address fragment that opens ``game``'s lesson (the rules pages link to it)."""
    return f"learn={game}"


def fragment_game(fragment: str) -> str | None:
    """The game whose lesson an address fragment opens (``learn=<game>``), None if none."""
    key, _, value = fragment.partition("=")
    return value if key == "learn" and value else None
