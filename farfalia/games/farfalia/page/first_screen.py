"""Farfalia's part of the first screen, which the site shows before its code is loaded (its
``about``): the words of its card, its settings' fields, and its modes named in messages."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Final

from farfalia.games.farfalia.engine.rules import MODES, PLAYERS, VARIANTS
from farfalia.ui.contract import Id
from farfalia.ui.screens import select_options
from farfalia.ui.texts import text

#: The words of its first screen, in English (the rest of its texts, :mod:`.texts`, join them as it loads).
FARFALIA_FIRST_TEXTS: Final[dict[str, str | tuple[str, str]]] = {
    "game.farfalia": "Farfalia",
    "farfalia.pitch": "Derek Carver's trick-taking game: win tricks, and keep from each one card that the hand's "
    "five subjects ask for.",
    "mode": "Game",
    "mode.basic5": "Farfalia (5 players, 3 hands)",
    "mode.chinkway10": "Chinkway! (5 players, 10 + 1 hands)",
    "mode.chinkway5": "Chinkway! (5 players, 5 hands)",
    "mode.four": "Farfalia for four (partners)",
    "mode.three": "Farfalia for three (with a dummy)",
    "mode.three-short": "Farfalia for three, short game",
    "mode.two": "Farfalia for two (two dummies)",
    "variant.double-you": "Double You",
    "variant.burning": "Burnin' Down the House",
}


def start_options(chosen: Mapping[str, str]) -> str:
    """Farfalia's choices on the start screen: the mode, the variants and the first dealer (its
    options name the seats: the page renames them as names are typed)."""
    modes = select_options(MODES, lambda m: text(f"mode.{m}"), chosen.get("mode", "basic5"))
    picked = set(chosen.get("variants", "").split(","))
    variants = "".join(
        f'<label class="check"><input type="checkbox" name="variant" value="{v}"{" checked" if v in picked else ""}> '
        f"{escape(text(f'variant.{v}'))}</label>"
        for v in VARIANTS
    )
    seats = max(PLAYERS.values())
    names = [chosen.get(f"name-{k}") or text("default-name", number=k + 1) for k in range(seats)]
    dealer = chosen.get("dealer", "")
    dealers = select_options([""], lambda _: text("dealer.random"), dealer) + select_options(
        [str(k) for k in range(seats)], lambda k: names[int(k)], dealer, ' data-seat-option="{}"'
    )
    return (
        f'<label>{escape(text("mode"))} <select name="mode" id="{Id.MODE}">{modes}</select></label>'
        f'<fieldset class="variants">{variants}</fieldset>'
        f'<label>{escape(text("dealer"))} <select name="dealer" id="{Id.DEALER}">{dealers}</select></label>'
    )


def name_mode(values: dict[str, object]) -> None:
    """A message's mode (``mode``), named in the page's words."""
    if values.get("mode") in MODES:
        values["mode"] = text(f"mode.{values['mode']}")
