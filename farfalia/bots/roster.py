"""A game's bots by name, as the command line and the tournaments name them: ``random``,
``heuristic``, ``strong`` (``strong:2400``: its playouts a decision)…, and a whole game played by bots."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from farfalia.bots.search import SearchBot
from farfalia.core.codes import ascii_int
from farfalia.core.errors import SettingsError
from farfalia.core.interface import Play, Rules


def named_bot(bots: Mapping[str, Callable[..., Any]], name: str) -> Any:
    """A bot of ``bots`` by its name; a searching bot (a :class:`SearchBot`) may name its playouts
    a decision after a colon (``strong:2400``)."""
    kind, colon, budget = name.partition(":")
    maker = bots.get(kind)
    searches = isinstance(maker, type) and issubclass(maker, SearchBot)
    if kind not in bots or (colon and (not searches or ascii_int(budget) is None)):
        raise SettingsError(f"unknown bot {name!r}; bots: {', '.join(bots)} (strong:N for N playouts a decision)")
    return bots[kind](int(budget)) if budget else bots[kind]()


def play_game(rules: Rules[Any], settings: Any, seed: int, bots: Sequence[Any]) -> Play:
    """A whole game of ``settings`` dealt by ``seed``, each player's decisions ``bots[player]``'s from
    its seat view (each bot's own generator seeded from ``seed``); a bot that must be shown every
    card (``sees_all``: a yardstick, which plays in tournaments only) raises :class:`SettingsError`."""
    shown_all = [bot for bot in bots if getattr(bot, "sees_all", False)]
    if shown_all:
        raise SettingsError(f"{type(shown_all[0]).__name__} sees every card: it plays in tournaments only")
    game = rules.new(settings, seed)
    rngs = [random.Random(f"bot:{seed}:{player}") for player in range(len(bots))]
    while not game.is_over():
        player = game.current_player()
        game.apply(bots[player].choose(rules.seat_view(game, player), rngs[player]))
    return game
