"""Plain Tricks' replay texts, ``t1.<players>.<seed>.<count>.<names>.<actions>[.<deals>].<check>``,
written and read with the generic frame (:mod:`farfalia.records.replay`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from farfalia.core.errors import FarfaliaError
from farfalia.records.replay import (
    Played,
    Replay,
    check_body,
    decode_names,
    encode_names,
    from_base64url,
    pack_actions,
    replay_problem,
    seed_and_count,
    start_game,
    unpack_actions,
    versioned_fields,
    write_replay,
)
from tests.third_game.engine import DECK, TRICKS_RULES, Deal, TricksGame, TricksSettings

VERSION: Final = "t1"
#: A card in a written-out deal.
CARD_CHARS: Final = "0123456789ABCDEFGHIJK"


def encode(game: TricksGame, names: Sequence[str] = ()) -> str:
    """The game's text (its deals written out where they were given, not drawn from its seed)."""
    given = game.known[: game.used] if game.given else []
    seed = None if given else game.seed
    packed = pack_actions(Played(start_game(TRICKS_RULES, game.settings, seed, given)), game.actions)
    chance = "~".join("".join(CARD_CHARS[card] for card in deal.order) for deal in given)
    names_part = encode_names(tuple(names), game.players, TRICKS_RULES.name)
    return write_replay(VERSION, str(game.settings.players), seed, len(game.actions), names_part, packed, chance)


def decode(text: str) -> Replay:
    """The game a ``t1`` text holds; a :class:`ReplayError` for anything else."""
    fields = versioned_fields(text, (VERSION,))
    check_body(text, fields)
    try:
        settings = TricksSettings(int(fields[1]) if fields[1].isdigit() and len(fields[1]) == 1 else -1)
    except FarfaliaError as error:
        raise replay_problem("replay-settings", error=error) from error
    seed, count = seed_and_count(fields)
    chance = _deals(fields[6]) if seed is None else ()
    names = decode_names(fields[4], settings.players, TRICKS_RULES.name)
    value = int.from_bytes(from_base64url(fields[5]), "big")
    try:
        game = start_game(TRICKS_RULES, settings, seed, chance)
    except FarfaliaError as error:
        raise replay_problem("replay-chance-rules", error=error) from error
    actions = unpack_actions(Played(game), count, value)
    return Replay(TRICKS_RULES, settings, seed, names, actions, chance)


def _deals(text: str) -> tuple[Deal, ...]:
    deals = []
    for part in text.split("~"):
        if len(part) != DECK or any(char not in CARD_CHARS for char in part):
            raise replay_problem("replay-chance-malformed", part=repr(part[:24]))
        deals.append(Deal(tuple(CARD_CHARS.index(char) for char in part)))
    return tuple(deals)
