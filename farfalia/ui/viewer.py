"""Stepping through a replay of any game: by action, by step (a trick, a turn), by round (a
hand), or straight to any position, seen with every hand open or from one seat. Position ``k``
is the game after its first ``k`` actions. Each game's viewer (:class:`Stepper`) draws its own
table; the page, the embeds and the diagrams ask nothing else of it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from enum import StrEnum
from typing import Any

from farfalia.core import registry
from farfalia.core.codes import ascii_int
from farfalia.records.replay import Replay
from farfalia.ui.layout import Layout
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


#: The keys that step through a replay.
VIEWER_KEYS = {"ArrowLeft": ViewerMove.PREV, "ArrowRight": ViewerMove.NEXT, "Home": ViewerMove.FIRST,
               "End": ViewerMove.LAST}  # fmt: skip


class Stepper(ABC):
    """A replay and the position and view it is shown at: the moves through it (by action, by
    step, by round) and the seats it may be seen from. A game's viewer adds how it is drawn."""

    def __init__(self, replay: Replay, at: int | None = None, view: str = ALL) -> None:
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

    #: Whether the game's undo is cheaper than replaying from the start.
    cheap_undo = True
    #: Whether its table has a light and a dark theme (an embed may choose), and whether it tells
    #: the last play under the position (the bar keeps a line for it).
    themed = True
    tells_plays = False

    @property
    def game_name(self) -> str:
        """The game's name (a replay's file is named after it)."""
        return str(self.replay.rules.name)

    @property
    def game(self) -> Any:
        """The game at the current position."""
        return self._game

    def _fresh(self) -> Any:
        return self.replay.start()

    def _passing(self, game: Any, action: int) -> None:  # noqa: B027 (a hook, nothing by default)
        """Called once for each action, with the game before it, as the replay is first read."""

    def _apply(self, game: Any, action: int) -> None:
        """Take the replay's next action, unchecked: reading the replay's text checked them all."""
        game.apply(action, check=False)

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

    @abstractmethod
    def view(self) -> Any:
        """The current position as the chosen view sees it."""

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

    # --------------------------------------------------------- the game's own

    @abstractmethod
    def draw(self, view: Any, layout: Layout, theme: str, aspect: float = 0.0, defs: bool = True) -> str:
        """The table's SVG for ``view`` (one of this replay's), without its card art where ``defs``
        is False (a page of diagrams defines it once: :func:`card_art`)."""

    @abstractmethod
    def card_art(self, theme: str) -> str:
        """The card art its tables refer to, in a hidden SVG (a page of diagrams holds it once)."""

    @abstractmethod
    def summary(self) -> str:
        """The finished round's account where the last action finished one (a region beside the
        controls), else ""."""

    @abstractmethod
    def news(self) -> list[str]:
        """What a screen reader should hear since the last call (once)."""

    def last_play(self) -> str:
        """The action that led to this position, told as it happened, where the game tells it
        under the position (else "")."""
        return ""

    def editable(self) -> bool:
        """Whether "Edit this situation" is offered at this position."""
        return True


def open_viewer(replay: Replay, at: int | None = None, view: str = ALL) -> Stepper:
    """The viewer of a replay, its game's own (found by the replay's rules' name)."""
    viewer: Stepper = registry.find(replay.rules.name).viewer(replay, at, view)
    return viewer


def _neighbour(marks: list[int], at: int, forward: bool, total: int) -> int:
    if forward:
        return next((mark for mark in marks if mark > at), total)
    return next((mark for mark in reversed(marks) if mark < at), 0)
