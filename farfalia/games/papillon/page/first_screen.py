"""Papillon's part of the first screen, which the site shows before its code is loaded (its
``about``): the words of its card and its settings' fields."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Final

from farfalia.games.papillon.engine.rules import DEALS, ROUNDS
from farfalia.ui.contract import Id
from farfalia.ui.screens import checkbox, select_options
from farfalia.ui.texts import text

#: The words of its first screen, in English (the rest of its texts, :mod:`.texts`, join them as it loads).
PAPILLON_FIRST_TEXTS: Final[dict[str, str | tuple[str, str]]] = {
    "game.papillon": "Papillon",
    "pa.pitch": "A French game in two rounds: capture cards from the table by their number or their sum, then shed "
    "your hand onto shared sequences.",
    "pa.players": "Players",
    "pa.players-count": "{count} players",
    "pa.two-against-one": "Two against one (three players)",
    "pa.forced-capture": "Captures are forced",
    "pa.rounds": "Rounds",
    "pa.rounds.both": "Blue, then orange (a whole game)",
    "pa.rounds.blue": "The blue round only (practice)",
    "pa.rounds.orange": "The orange round only (practice)",
}


def start_options(chosen: Mapping[str, str]) -> str:
    """How many players, the rounds, and its house rules (P-D5, P-D8, P-D13)."""
    players = select_options(
        [str(n) for n in DEALS], lambda n: text("pa.players-count", count=n), chosen.get("players", "2")
    )
    rounds = select_options(list(ROUNDS), lambda r: text(f"pa.rounds.{r}"), chosen.get("rounds", "both"))
    boxes = "".join(
        checkbox(name, text(f"pa.{name}"), chosen.get(name) == "on") for name in ("two-against-one", "forced-capture")
    )
    return (
        f'<label>{escape(text("pa.players"))} <select name="players" id="{Id.PLAYERS}">{players}</select></label>'
        f'<label>{escape(text("pa.rounds"))} <select name="rounds">{rounds}</select></label>'
        f'<fieldset class="variants">{boxes}</fieldset>'
    )
