"""Farfalia's replay texts (:mod:`farfalia.records.replay`'s frame):
``f2.<settings>.<seed>.<count>.<names>.<actions>.<check>``.

- the version: ``f2`` since the rules corrections D7 (revised), D12 and D13.
  ``f1`` texts are read the same way; those of games with Double You are refused
  (:func:`check_rules_edition`), since D7's revised bar may change who decides;
- ``settings``: mode (0-6, :data:`farfalia.games.farfalia.engine.rules.MODES`), variants (0-3: bit 1
  Double You, bit 2 Burnin'), first dealer (a digit, or ``r`` drawn from the seed),
  then ``h<n>`` or ``t<n>`` for ``four``'s hands or target (base 36);
- ``actions``: each action's index among the legal actions sorted (as
  :meth:`Game.legal_actions` gives them): a complete ``basic5`` game takes about a hundred
  characters;
- with ``x`` for a seed, a ``chance`` part: the deals, wild cards, proposals and drawn dealer,
  ``~``-separated (cards one character each of ``0-9A-Za-z``). A running game's finished hands
  are shared this way (:func:`encode_finished_hands`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from farfalia.core.codes import ascii_int
from farfalia.core.errors import FarfaliaError, Message, ReplayError
from farfalia.games.farfalia.engine.actions import Action, Chance, Deal, DealWilds, DrawDealer, TurnProposal
from farfalia.games.farfalia.engine.cards import NO_CARD
from farfalia.games.farfalia.engine.definition import FARFALIA_RULES
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import BURNING, DOUBLE_YOU, MODES, Settings
from farfalia.records.replay import (
    Played,
    Replay,
    base36,
    base36_number,
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

VERSION: Final = "f2"
#: Replay versions read: each names the rules edition its games were played under.
VERSIONS: Final = ("f1", VERSION)

#: Farfalia's own faults of a replay, in English, by key (a page words them through its catalogs).
FARFALIA_REPLAY_PROBLEMS: Final = {
    "replay-old-double-you": "this game was recorded before the Double You rules were corrected (D7, D12) "
    "and cannot be replayed as it was played",
    "replay-option-unknown": "unknown settings option {value}",
    "replay-player-number": "not a player number: {value}",
    "replay-hands-number": "the replay's number of hands is not a base-36 number: {value}",
    "replay-target-number": "the replay's target score is not a base-36 number: {value}",
}


def _fault(key: str, **values: object) -> ReplayError:
    return ReplayError(Message(key, FARFALIA_REPLAY_PROBLEMS[key], **values))


def encode(game: Game, names: tuple[str, ...] | list[str] = ()) -> str:
    """The replay text of ``game``: its seed and actions, or with its chance outcomes
    written out when some were given rather than drawn (a scenario's)."""
    if game.given_chance:
        return encode_with_chance(game, names)
    if game.seed < 0:
        raise ReplayError(f"replays carry seeds of 0 or more, not {game.seed}")
    return _encode(game.settings, game.seed, game.actions, names, ())


def encode_with_chance(game: Game, names: tuple[str, ...] | list[str] = ()) -> str:
    """The replay text of ``game`` with every chance outcome written out (for games
    dealt from given cards, such as :mod:`farfalia.games.farfalia.records.examples`)."""
    chance = [step for step in game.history if isinstance(step, Chance)]
    return _encode(game.settings, None, game.actions, names, chance)


def encode_finished_hands(game: Game, names: tuple[str, ...] | list[str] = ()) -> str:
    """The replay text of ``game``'s finished hands only, chance written out and no
    seed: it shows nothing of the hand in progress, nor of any hand to come."""
    finished = game.progress().rounds
    if not finished:
        raise ReplayError("no hand is finished yet")
    probe = FARFALIA_RULES.new(game.settings, game.seed, game.given_chance)
    for action in game.actions:
        probe.apply(action)
        if probe.progress().rounds == finished:
            break
    history = probe.history
    last_action = max(i for i, step in enumerate(history) if isinstance(step, Action))
    # The chance outcomes after the hand-ending action belong to the hand in progress: left out.
    chance = [step for step in history[:last_action] if isinstance(step, Chance)]
    return _encode(game.settings, None, probe.actions, names, chance)


def _encode(settings: Settings, seed: int | None, actions: list[Action], names: tuple[str, ...] | list[str],
            chance: list[Chance] | tuple[Chance, ...]) -> str:  # fmt: skip
    """The replay text; ``seed`` None when the chance outcomes are written out (as ``x``)."""
    packed = pack_actions(Played(start_game(FARFALIA_RULES, settings, seed, chance)), actions)
    names_part = encode_names(names, settings.players, settings.mode)
    return write_replay(
        VERSION, _encode_settings(settings), seed, len(actions), names_part, packed, encode_chances(chance)
    )


def decode(text: str) -> Replay:
    """The replay a Farfalia text describes; a clear :class:`ReplayError` for anything else."""
    fields = versioned_fields(text, VERSIONS)
    check_body(text, fields)
    try:
        settings = _decode_settings(fields[1])
    except FarfaliaError as error:
        raise replay_problem("replay-settings", error=error) from error
    check_rules_edition(VERSIONS.index(fields[0]) + 1, settings)
    seed, count = seed_and_count(fields)
    chance = decode_chances(fields[6]) if seed is None else ()
    names = decode_names(fields[4], settings.players, settings.mode)
    value = int.from_bytes(from_base64url(fields[5]), "big")
    actions = _unpack(settings, seed, count, value, chance)
    return Replay(FARFALIA_RULES, settings, seed, names, actions, chance)


def check_rules_edition(edition: int, settings: Settings) -> None:
    """Refuse a game recorded under rules edition 1 that the corrections of edition 2
    could replay differently: with Double You, D7's revised bar changes who is asked
    to double, and D12 who wins ``four``. Games without it replay the same (D13 only
    moves where a dummy's picks lie)."""
    if edition < 2 and DOUBLE_YOU in settings.variants:
        raise _fault("replay-old-double-you")


# ------------------------------------------------------------------- actions


def _unpack(
    settings: Settings, seed: int | None, count: int, value: int, chance: tuple[Chance, ...] | list[Chance]
) -> tuple[Action, ...]:
    try:
        game = Game(settings, 0 if seed is None else seed, chance, draw=seed is not None, undoable=False)
    except FarfaliaError as error:
        raise replay_problem("replay-chance-rules", error=error) from error
    return unpack_actions(Played(game), count, value)


# -------------------------------------------------------------------- chance

_CARD_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"  # 62: every card code


def encode_chances(outcomes: Sequence[Chance]) -> str:
    """Chance outcomes as text, ``~``-separated (a replay's chance part, a save's ``chance``)."""
    return "~".join(_encode_chance(outcome) for outcome in outcomes)


def decode_chances(text: str) -> tuple[Chance, ...]:
    """The chance outcomes :func:`encode_chances` wrote; :class:`ReplayError` if malformed."""
    return tuple(_decode_chance(part) for part in text.split("~")) if text else ()


def _encode_chance(outcome: Chance) -> str:
    if isinstance(outcome, DrawDealer):
        return f"d{outcome.dealer}"
    if isinstance(outcome, Deal):
        return "D" + "-".join("".join(_CARD_CHARS[c] for c in hand) for hand in outcome.hands)
    if isinstance(outcome, DealWilds):
        return "W" + "".join("_" if w == NO_CARD else _CARD_CHARS[w] for w in outcome.wilds)
    assert isinstance(outcome, TurnProposal)
    return "P" + "".join(str(f) for f in outcome.subjects)


def _decode_chance(part: str) -> Chance:
    kind, body = part[:1], part[1:]
    try:
        dealer = ascii_int(body, 1)
        if kind == "d" and dealer is not None:
            return DrawDealer(dealer)
        if kind == "D":
            return Deal(tuple(tuple(_CARD_CHARS.index(c) for c in hand) for hand in body.split("-")))
        if kind == "W":
            return DealWilds(tuple(NO_CARD if c == "_" else _CARD_CHARS.index(c) for c in body))
        if kind == "P" and len(body) == 5 and all(c in "01234" for c in body):
            return TurnProposal(tuple(int(c) for c in body))
    except ValueError as error:
        raise replay_problem("replay-chance-malformed", part=repr(part[:20])) from error
    raise replay_problem("replay-chance-malformed", part=repr(part[:20]))


# ------------------------------------------------------------------ settings


def _encode_settings(settings: Settings) -> str:
    variants = (DOUBLE_YOU in settings.variants) + 2 * (BURNING in settings.variants)
    dealer = "r" if settings.first_dealer is None else str(settings.first_dealer)
    text = f"{MODES.index(settings.mode)}{variants}{dealer}"
    if settings.hands is not None:
        text += "h" + base36(settings.hands)
    if settings.target is not None:
        text += "t" + base36(settings.target)
    return text


def _decode_settings(text: str) -> Settings:
    mode = ascii_int(text[:1], 1)
    if len(text) < 3 or mode is None or mode >= len(MODES) or text[1] not in "0123":
        raise replay_problem("replay-settings-unknown", value=repr(text[:12]))
    variants = int(text[1])
    chosen = frozenset(v for bit, v in ((1, DOUBLE_YOU), (2, BURNING)) if variants & bit)
    dealer = None if text[2] == "r" else _digit(text[2])
    hands = target = None
    option = text[3:]
    if option[:1] == "h":
        hands = _number(option[1:], "replay-hands-number")
    elif option[:1] == "t":
        target = _number(option[1:], "replay-target-number")
    elif option:
        raise _fault("replay-option-unknown", value=repr(option[:12]))
    return Settings(MODES[mode], chosen, dealer, hands, target)


def _digit(char: str) -> int:
    number = ascii_int(char, 1)
    if number is None:
        raise _fault("replay-player-number", value=repr(char))
    return number


def _number(text: str, key: str) -> int:
    """A base-36 number of Farfalia's settings (``key``: its fault's)."""
    number = base36_number(text)
    if number is None:
        raise _fault(key, value=repr(text[:24]))
    return number
