"""Papillon's bots in tournaments and tests (:class:`~farfalia.ui.game.ContestBots`): each by its
name, one deal played by them (the whole game the deal's seed deals), and the replays worth fuzzing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from farfalia.bots.roster import named_bot
from farfalia.games.papillon.bots.heuristic import PapillonBeginnerBot, PapillonHeuristicBot, PapillonRandomBot
from farfalia.games.papillon.bots.model import (
    AllSeen,
    PapillonBlueSeenBot,
    PapillonHandsSeenBot,
    PapillonOmniscientBot,
    PapillonOrangeSeenBot,
    PapillonSearchBot,
)
from farfalia.games.papillon.bots.samples import sample_replays
from farfalia.games.papillon.engine.game import PapillonGame
from farfalia.games.papillon.engine.rules import PapillonSettings
from farfalia.games.papillon.engine.views import seat_view

#: Papillon's bots, by name: ``omniscient`` sees every card, ``hands-seen`` every hand but not the
#: cards to come, ``blue-seen`` and ``orange-seen`` every card in one round only (yardsticks,
#: never offered to players).
BOTS: Final = {
    "random": PapillonRandomBot,
    "beginner": PapillonBeginnerBot,
    "heuristic": PapillonHeuristicBot,
    "strong": PapillonSearchBot,
    "omniscient": PapillonOmniscientBot,
    "hands-seen": PapillonHandsSeenBot,
    "blue-seen": PapillonBlueSeenBot,
    "orange-seen": PapillonOrangeSeenBot,
}


def bot(name: str) -> Any:
    """A bot of :data:`BOTS` by name (``strong:N``: N playouts a decision)."""
    return named_bot(BOTS, name)


def play_deal(
    settings: PapillonSettings, seed: int, bots: Sequence[Any], choose: Callable[[Any, int], Any]
) -> tuple[int, ...]:
    """Each player's score in the whole game ``seed`` deals, each decision ``choose(view, player)``'s."""
    game = PapillonGame(settings, seed)
    while not game.is_over():
        player = game.current_player()
        view = seat_view(game, player)
        game.apply(choose(AllSeen(view, game) if getattr(bots[player], "sees_all", False) else view, player))
    return game.returns()


#: What it gives a game of the site (``sample_replays`` from the game's own samples module).
__all__ = ["BOTS", "bot", "play_deal", "sample_replays"]
