"""Farfalia's bots in tournaments and tests (:class:`~farfalia.ui.game.ContestBots`): each by its
name, one deal played by them (the first hand of the game the deal's seed deals, player 0
dealing), and the replays worth fuzzing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from farfalia.bots.roster import named_bot
from farfalia.games.farfalia.bots.heuristic import BeginnerBot, HeuristicBot, RandomBot
from farfalia.games.farfalia.bots.model import FarfaliaSearchBot, OmniscientBot
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import Settings
from farfalia.games.farfalia.engine.views import omniscient_view, seat_view
from farfalia.games.farfalia.records.samples import sample_replays

#: Farfalia's bots, by name: ``omniscient`` sees every card (a yardstick, never offered to players).
BOTS: Final = {
    "random": RandomBot,
    "beginner": BeginnerBot,
    "heuristic": HeuristicBot,
    "strong": FarfaliaSearchBot,
    "omniscient": OmniscientBot,
}


def bot(name: str) -> Any:
    """A bot of :data:`BOTS` by name (``strong:N``: N playouts a decision)."""
    return named_bot(BOTS, name)


def play_deal(settings: Settings, seed: int, bots: Sequence[Any], choose: Callable[[Any, int], Any]) -> tuple[int, ...]:
    """Each player's points in the first hand of the game ``seed`` deals, each decision
    ``choose(view, player)``'s (an omniscient bot is shown every card)."""
    game = Game(settings, seed)
    while not game.state.results:
        acting = game.to_act()
        assert acting is not None
        player = acting.player
        sees_all = getattr(bots[player], "sees_all", False)
        game.apply(choose(omniscient_view(game) if sees_all else seat_view(game, player), player))
    return game.state.results[0].player_points


#: What it gives a game of the site (``sample_replays`` from the game's own samples module).
__all__ = ["BOTS", "bot", "play_deal", "sample_replays"]
