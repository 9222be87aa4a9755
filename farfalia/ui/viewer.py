"""Stepping through a replay: by action, by trick, by hand, or straight to any
position, seen with every hand open or from one seat. Position ``k`` is the game
after its first ``k`` actions."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from farfalia.engine.cards import ascii_int
from farfalia.engine.game import Game
from farfalia.engine.papillon.game import PapillonGame
from farfalia.engine.papillon.views import PapillonView, all_hands_view, at_round_end
from farfalia.engine.papillon.views import seat_view as papillon_seat_view
from farfalia.engine.state import HandResult
from farfalia.engine.views import View, omniscient_view, seat_view
from farfalia.records.papillon_replay import PapillonReplay
from farfalia.records.replay import Replay
from farfalia.ui.papillon_session import play_words
from farfalia.ui.texts import text

#: The ``view`` of every hand open.
ALL = "all"


class ViewerMove(StrEnum):
    """The viewer's moves: the ``data-command`` of its step buttons."""

    FIRST = "first"
    PREV_HAND = "prev-hand"
    PREV_TRICK = "prev-trick"
    PREV = "prev"
    NEXT = "next"
    NEXT_TRICK = "next-trick"
    NEXT_HAND = "next-hand"
    LAST = "last"


#: The moves that Papillon's viewer names by round and turn (its ``pa.step.`` texts).
ROUND_AND_TURN = frozenset((ViewerMove.PREV_HAND, ViewerMove.PREV_TRICK, ViewerMove.NEXT_TRICK, ViewerMove.NEXT_HAND))

#: The keys that step through a replay.
VIEWER_KEYS = {"ArrowLeft": ViewerMove.PREV, "ArrowRight": ViewerMove.NEXT, "Home": ViewerMove.FIRST,
               "End": ViewerMove.LAST}  # fmt: skip


class Stepper:
    """A replay of either game and the position and view it is shown at: the moves through
    it (by action, by step, by round) and the seats it may be seen from."""

    def __init__(self, replay: Replay | PapillonReplay, at: int | None = None, view: str = ALL) -> None:
        self.replay = replay
        self.total = len(replay.actions)
        self.view_name = ALL
        game = self._fresh()
        #: Positions after which a trick, and a hand, was complete.
        self.trick_ends: list[int] = []
        self.hand_ends: list[int] = []
        for position, action in enumerate(replay.actions, 1):
            before = game.progress()
            self._passing(game, action)
            self._apply(game, action)
            after = game.progress()
            if after.rounds > before.rounds:
                self.hand_ends.append(position)
                self.trick_ends.append(position)
            elif after.steps > before.steps:
                self.trick_ends.append(position)
        self._game = game
        self.at = self.total
        self.jump(self.total if at is None else at)
        self.set_view(view)

    #: Whether the game's undo is cheaper than replaying from the start (Papillon's replays).
    cheap_undo = True
    #: The game's name: a replay's file is named after it.
    game_name = "farfalia"

    def _fresh(self) -> Any:
        return self.replay.start()

    def _passing(self, game: Any, action: int) -> None:
        """Called once for each action, with the game before it, as the replay is first read."""

    def _apply(self, game: Any, action: int) -> None:
        """Take the replay's next action."""
        game.apply(action)

    # ------------------------------------------------------------------ moving

    def jump(self, at: int) -> None:
        """Go to position ``at`` (clamped to the replay)."""
        at = max(0, min(self.total, at))
        if at < self.at:
            if self.at - at > at or not self.cheap_undo:  # nearer from the start
                self._game = self._fresh()
                self.at = 0
            else:
                while self.at > at:
                    self._game.undo()
                    self.at -= 1
        while self.at < at:
            self._apply(self._game, self.replay.actions[self.at])
            self.at += 1

    def step(self, delta: int) -> None:
        """``delta`` actions on or back."""
        self.jump(self.at + delta)

    def move(self, move: ViewerMove) -> None:
        """Make one of the viewer's moves."""
        if move in (ViewerMove.FIRST, ViewerMove.LAST):
            self.jump(0 if move == ViewerMove.FIRST else self.total)
        elif move in (ViewerMove.PREV, ViewerMove.NEXT):
            self.step(1 if move == ViewerMove.NEXT else -1)
        elif move in (ViewerMove.PREV_TRICK, ViewerMove.NEXT_TRICK):
            self.step_trick(move == ViewerMove.NEXT_TRICK)
        else:
            self.step_hand(move == ViewerMove.NEXT_HAND)

    def step_trick(self, forward: bool) -> None:
        """To the end of the next trick, or of the previous one."""
        self.jump(_neighbour(self.trick_ends, self.at, forward, self.total))

    def step_hand(self, forward: bool) -> None:
        """To the end of the next hand, or of the previous one."""
        self.jump(_neighbour(self.hand_ends, self.at, forward, self.total))

    def set_view(self, view: str) -> None:
        """``all``, or a player's number as text; anything else means ``all``."""
        players = self.replay.settings.players
        player = ascii_int(view, 1)
        self.view_name = view if player is not None and player < players else ALL

    # ----------------------------------------------------------------- showing

    def step_label(self, move: ViewerMove) -> str:
        """What a step button does, in words ("Next trick")."""
        return text("step." + move)

    def view(self) -> Any:
        """The current position as the chosen view sees it."""
        raise NotImplementedError

    def view_at(self, at: int, view: str) -> Any:
        """Position ``at`` as ``view`` sees it, the viewer left where it was."""
        here, seen = self.at, self.view_name
        self.jump(at)
        self.set_view(view)
        try:
            return self.view()
        finally:
            self.jump(here)
            self.view_name = seen

    def finished_round(self) -> int | None:
        """The hand or round (0 the first) that the last action finished, if it did."""
        return self.hand_ends.index(self.at) if self.at in self.hand_ends else None

    def names(self) -> list[str]:
        """The players' names (numbered when the replay names nobody)."""
        players = self.replay.settings.players
        return list(self.replay.names) or [text("default-name", number=k + 1) for k in range(players)]


class ReplayViewer(Stepper):
    """A Farfalia replay and the position and view it is shown at."""

    replay: Replay

    @property
    def game(self) -> Game:
        """The game at the current position."""
        return self._game

    def view(self) -> View:
        """The current position as the chosen view sees it: the deciding seat's
        choices show as they did at the table (what could be played, and why not)."""
        game = self._game
        return omniscient_view(game) if self.view_name == ALL else seat_view(game, int(self.view_name))

    def finished_hand(self) -> HandResult | None:
        """The hand that the last action finished, if it did."""
        ended = self.finished_round()
        return None if ended is None else self._game.state.results[ended]


class PapillonViewer(Stepper):
    """A Papillon replay and the position and view it is shown at (a step is a turn, a
    round the blue or the orange one)."""

    replay: PapillonReplay

    cheap_undo = False  # PapillonGame.undo replays the game
    game_name = "papillon"

    def __init__(self, replay: PapillonReplay, at: int | None = None, view: str = ALL) -> None:
        #: Each action with who took it and the table it was taken from (for its words).
        self._plays: list[tuple[int, int, tuple[int, ...]]] = []
        #: The position last told by :meth:`news`.
        self._told: int | None = None
        super().__init__(replay, at, view)

    def _apply(self, game: PapillonGame, action: int) -> None:
        """Take the replay's next action, unchecked: reading the replay's text checked them all
        (a blue table that discards have filled offers over 150,000 actions to check against)."""
        game.apply(action, check=False)

    def _passing(self, game: PapillonGame, action: int) -> None:
        self._plays.append((game.current_player(), action, tuple(game.table)))

    def step_label(self, move: ViewerMove) -> str:
        """What a step button does, in words: Papillon's steps go by turn and round."""
        return text(("pa.step." if move in ROUND_AND_TURN else "step.") + move)

    @property
    def game(self) -> PapillonGame:
        """The game at the current position."""
        return self._game

    def view(self) -> PapillonView:
        """The current position with every hand open, or as one seat saw it (where a round
        ended, before the next one is dealt)."""
        ended = self.finished_round()
        game = self._game if ended is None else self._game.between_rounds()
        if self.view_name == ALL:
            view = all_hands_view(game)
        else:
            view = papillon_seat_view(game, int(self.view_name), deciding=False)
        return view if ended is None else at_round_end(view, ended)

    def last_play(self) -> str:
        """The action that led to this position, told as it happened ("Anna lays …"), or ""."""
        return play_words(self._plays[self.at - 1], self.replay.settings.yang, self.names()) if self.at else ""

    def news(self) -> list[str]:
        """What a screen reader should hear since the last call: a single step forward
        told as the play it was, any other move as the position reached; and a round's end."""
        told, self._told = self._told, self.at
        if told == self.at:
            return []
        last = self.last_play()
        sentences = (
            [last] if told is not None and self.at == told + 1 else [text("position", at=self.at, total=self.total)]
        )
        ended = self.finished_round()
        if ended is not None:
            sentences.append(text(f"pa.round-over.{self.replay.settings.colours[ended]}"))
        return sentences


def open_viewer(
    replay: Replay | PapillonReplay, at: int | None = None, view: str = ALL
) -> ReplayViewer | PapillonViewer:
    """The viewer of a replay of either game (see :func:`~farfalia.records.papillon_replay.read_replay`)."""
    if isinstance(replay, PapillonReplay):
        return PapillonViewer(replay, at, view)
    return ReplayViewer(replay, at, view)


def _neighbour(marks: list[int], at: int, forward: bool, total: int) -> int:
    if forward:
        return next((mark for mark in marks if mark > at), total)
    return next((mark for mark in reversed(marks) if mark < at), 0)
