"""Papillon's viewer (:class:`~farfalia.ui.viewer.Stepper`): a replay stepped by action, turn and
round (the blue one, the orange one), seen with every hand open or from one seat, each step told
as the play it was."""

from __future__ import annotations

from typing import Any

from farfalia.games.papillon.engine.game import PapillonGame
from farfalia.games.papillon.engine.views import PapillonView, all_hands_view, at_round_end
from farfalia.games.papillon.engine.views import seat_view as papillon_seat_view
from farfalia.games.papillon.page.render import render_papillon, render_papillon_defs
from farfalia.games.papillon.page.screens import round_summary
from farfalia.games.papillon.page.words import LastPlay, play_words
from farfalia.games.papillon.records.scenario import round_at, sides_kept
from farfalia.records.replay import Replay
from farfalia.ui.layout import Layout
from farfalia.ui.texts import text
from farfalia.ui.viewer import ALL, Stepper, ViewerMove

#: The moves that Papillon's viewer names by round and turn (its ``pa.step.`` texts).
ROUND_AND_TURN = frozenset((ViewerMove.PREV_HAND, ViewerMove.PREV_TRICK, ViewerMove.NEXT_TRICK, ViewerMove.NEXT_HAND))


class PapillonViewer(Stepper):
    """A Papillon replay and the position and view it is shown at (a step is a turn, a
    round the blue or the orange one)."""

    cheap_undo = False  # PapillonGame.undo replays the game
    themed = False  # its cards have their own colours
    tells_plays = True

    def __init__(self, replay: Replay, at: int | None = None, view: str = ALL) -> None:
        #: Each action with who took it and the table it was taken from (for its words).
        self._plays: list[LastPlay] = []
        #: The position last told by :meth:`news`.
        self._told: int | None = None
        super().__init__(replay, at, view)

    def _passing(self, game: PapillonGame, action: int) -> None:
        self._plays.append(LastPlay.before(game, action))

    def step_label(self, move: ViewerMove) -> str:
        """What a step button does, in words: Papillon's steps go by turn and round."""
        return text(("pa.step." if move in ROUND_AND_TURN else "step.") + move)

    @property
    def game(self) -> PapillonGame:
        """The game at the current position."""
        game: PapillonGame = self._game
        return game

    def view(self) -> PapillonView:
        """The current position with every hand open, or as one seat saw it (where a round
        ended, before the next one is dealt)."""
        ended = self.finished_round()
        game = self.game if ended is None else self.game.between_rounds()
        if self.view_name == ALL:
            view = all_hands_view(game)
        else:
            view = papillon_seat_view(game, int(self.view_name), deciding=False)
        return view if ended is None else at_round_end(view, ended)

    def draw(self, view: Any, layout: Layout, theme: str, aspect: float = 0.0, defs: bool = True) -> str:
        """Papillon's table at ``view`` (one theme: its cards have their own colours)."""
        return render_papillon(view, self.names(), layout, aspect=aspect, defs=defs)

    def card_art(self, theme: str) -> str:
        """Papillon's cards' art."""
        return render_papillon_defs()

    def summary(self) -> str:
        """The round the last action finished: each side's points and the sheet."""
        ended = self.finished_round()
        return "" if ended is None else round_summary(self.game, self.names(), ended)

    def last_play(self) -> str:
        """The action that led to this position, told as it happened ("Anna lays …"), or ""."""
        return play_words(self._plays[self.at - 1], self.replay.settings.yang, self.names()) if self.at else ""

    def editable(self) -> bool:
        """Where the round shown can be set up as a practice round with the game's sides: from
        its deal (P-E13), or from a moment once a turn of it has begun (P-E19)."""
        round_index = round_at(self.game, self.at)
        begun = any(index == round_index for _, index in self.game.decisions()[: self.at])
        return begun or sides_kept(self.game, round_index)

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
