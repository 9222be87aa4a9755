"""Farfalia's viewer (:class:`~farfalia.ui.viewer.Stepper`): a replay stepped by action, trick and
hand, seen with every hand open or from one seat, drawn as the table is and told to a screen
reader as the game was."""

from __future__ import annotations

import functools
from typing import Any

from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.state import HandResult
from farfalia.games.farfalia.engine.views import View, omniscient_view, seat_view
from farfalia.games.farfalia.page.announce import Narrator
from farfalia.games.farfalia.page.render import THEME_COLOURS, render_defs, render_table
from farfalia.games.farfalia.page.screens import summary_panel
from farfalia.games.farfalia.records.scenario import sets_up_a_hand
from farfalia.records.replay import Replay
from farfalia.ui.layout import Layout
from farfalia.ui.viewer import ALL, Stepper


class FarfaliaViewer(Stepper):
    """A Farfalia replay and the position and view it is shown at."""

    def __init__(self, replay: Replay, at: int | None = None, view: str = ALL) -> None:
        #: Tells the screen reader each step, as the game's table does.
        self.narrator = Narrator()
        super().__init__(replay, at, view)

    @property
    def game(self) -> Game:
        """The game at the current position."""
        game: Game = self._game
        return game

    def view(self) -> View:
        """The current position as the chosen view sees it: the deciding seat's
        choices show as they did at the table (what could be played, and why not)."""
        game = self.game
        return omniscient_view(game) if self.view_name == ALL else seat_view(game, int(self.view_name))

    @functools.cached_property
    def _sets_up_a_hand(self) -> bool:
        return sets_up_a_hand(self.replay.game().history)

    def editable(self) -> bool:
        """Where the replay deals and sets up a hand (what the editor edits): not one of no action."""
        return self._sets_up_a_hand

    def finished_hand(self) -> HandResult | None:
        """The hand that the last action finished, if it did."""
        ended = self.finished_round()
        return None if ended is None else self.game.state.results[ended]

    def draw(self, view: Any, layout: Layout, theme: str, aspect: float = 0.0, defs: bool = True) -> str:
        """The table at ``view``, its cards not to be played."""
        return render_table(view, self.names(), THEME_COLOURS[theme], layout, defs=defs, interactive=False)

    def card_art(self, theme: str) -> str:
        """The cards' art in ``theme``'s colours."""
        return render_defs(THEME_COLOURS[theme])

    def summary(self) -> str:
        """The hand the last action finished: each side's collection and points."""
        finished = self.finished_hand()
        return summary_panel(finished, self.names()) if finished else ""

    def news(self) -> list[str]:
        """Each step told as the table tells a game's: the card played, the trick won."""
        seat = None if self.view_name == ALL else int(self.view_name)
        return self.narrator.news(self.game, seat, self.names())
