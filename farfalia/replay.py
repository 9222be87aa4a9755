"""Replay text: a whole game as one short, versioned, URL-safe string.

``f1.<settings>.<seed>.<count>.<names>.<actions>.<check>``, every field in the
URL-safe alphabet (``A-Z a-z 0-9 - _``) and dots:

- ``settings``: mode (0-6, :data:`farfalia.rules.MODES`), variants (0-3: bit 1
  Double You, bit 2 Burnin'), first dealer (a digit, or ``r`` drawn from the seed),
  then ``h<n>`` or ``t<n>`` for ``four``'s hands or target (base 36);
- ``seed`` and ``count`` (the number of player actions): base 36;
- ``names``: the players' names, UTF-8, newline-separated, base64url;
- ``actions``: each action's index among the legal actions sorted (as
  :meth:`Game.legal_actions` gives them), packed mixed-radix into one integer,
  base64url: a forced move costs nothing, so a complete ``basic5`` game takes
  about a hundred characters;
- ``check``: six characters of SHA-256 over everything before it, so a truncated
  or altered text is refused instead of decoding into some other game.

Decoding replays every action through :class:`~farfalia.game.Game`, so it only
ever yields games that replay legally; anything else raises :class:`ReplayError`.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from dataclasses import dataclass

from farfalia.actions import Action
from farfalia.cards import FAMILY_LETTERS, SUIT_NAMES, card_name
from farfalia.errors import FarfaliaError, ReplayError
from farfalia.game import Game
from farfalia.rules import BURNING, DOUBLE_YOU, MODES, Settings
from farfalia.state import HandResult, Trick

VERSION = "f1"
#: Longer texts are refused before any work: a complete chinkway10 game takes under 1,200.
MAX_LENGTH = 8000
MAX_NAME = 24
_DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Replay:
    """A decoded game: its settings, seed, player names and actions."""

    settings: Settings
    seed: int
    names: tuple[str, ...]
    actions: tuple[Action, ...]

    def game(self) -> Game:
        """The game, replayed."""
        return Game.replay(self.settings, self.seed, self.actions)


def encode(game: Game, names: tuple[str, ...] | list[str] = ()) -> str:
    """The replay text of ``game`` (whose chance outcomes all come from its seed)."""
    settings = game.settings
    if game.seed < 0:
        raise ReplayError(f"replays carry seeds of 0 or more, not {game.seed}")
    names = tuple(names) or ()
    if names and len(names) != settings.players:
        raise ReplayError(f"{settings.mode} has {settings.players} players, not {len(names)} names")
    for name in names:
        _check_name(name)
    fields = [
        VERSION,
        _encode_settings(settings),
        _base36(game.seed),
        _base36(len(game.actions)),
        _b64("\n".join(names).encode()),
        _b64(_int_bytes(_pack(settings, game.seed, game.actions))),
    ]
    body = ".".join(fields)
    return f"{body}.{_check(body)}"


def decode(text: str) -> Replay:
    """The replay a text describes; a clear :class:`ReplayError` for anything else."""
    if not isinstance(text, str):
        raise ReplayError("a replay is text")
    if len(text) > MAX_LENGTH:
        raise ReplayError(f"a replay is at most {MAX_LENGTH} characters; this text has {len(text)}")
    fields = text.strip().split(".")
    if not fields or fields[0] != VERSION:
        version = fields[0][:8] if fields and fields[0][:1] == "f" else ""
        raise ReplayError(f"unsupported replay version {version!r}" if version else "this is not a Farfalia replay")
    if len(fields) != 7:
        raise ReplayError("the replay is truncated or malformed (it has the wrong number of parts)")
    body, check = text.strip().rpartition(".")[::2]
    if _check(body) != check:
        raise ReplayError("the replay is damaged: its check does not match (truncated or altered)")
    _, settings_text, seed_text, count_text, names_text, actions_text, _ = fields
    try:
        settings = _decode_settings(settings_text)
    except FarfaliaError as error:
        raise ReplayError(f"bad settings in the replay: {error}") from error
    seed, count = _from_base36(seed_text, "seed"), _from_base36(count_text, "action count")
    names = _decode_names(names_text, settings)
    actions = _unpack(settings, seed, count, int.from_bytes(_from_b64(actions_text), "big"))
    return Replay(settings, seed, names, actions)


# ------------------------------------------------------------------- actions


def _pack(settings: Settings, seed: int, actions: list[Action]) -> int:
    """The actions as one mixed-radix integer of their legal-action indices."""
    game = Game(settings, seed)
    value, weight = 0, 1
    for action in actions:
        legal = game.legal_actions()
        value += legal.index(action) * weight
        weight *= len(legal)
        game.apply(action)
    return value


def _unpack(settings: Settings, seed: int, count: int, value: int) -> tuple[Action, ...]:
    game = Game(settings, seed)
    actions = []
    for _ in range(count):
        legal = game.legal_actions()
        if not legal:
            raise ReplayError("the replay has more actions than its game allows")
        value, index = divmod(value, len(legal))
        actions.append(legal[index])
        game.apply(legal[index])
    if value:
        raise ReplayError("the replay's actions do not fit its game")
    return tuple(actions)


# ------------------------------------------------------------------ settings


def _encode_settings(settings: Settings) -> str:
    variants = (DOUBLE_YOU in settings.variants) + 2 * (BURNING in settings.variants)
    dealer = "r" if settings.first_dealer is None else str(settings.first_dealer)
    text = f"{MODES.index(settings.mode)}{variants}{dealer}"
    if settings.hands is not None:
        text += "h" + _base36(settings.hands)
    if settings.target is not None:
        text += "t" + _base36(settings.target)
    return text


def _decode_settings(text: str) -> Settings:
    if len(text) < 3 or not text[0].isdigit() or int(text[0]) >= len(MODES) or text[1] not in "0123":
        raise ReplayError(f"unknown settings {text[:12]!r}")
    variants = int(text[1])
    chosen = frozenset(v for bit, v in ((1, DOUBLE_YOU), (2, BURNING)) if variants & bit)
    dealer = None if text[2] == "r" else _digit(text[2])
    hands = target = None
    option = text[3:]
    if option[:1] == "h":
        hands = _from_base36(option[1:], "hands")
    elif option[:1] == "t":
        target = _from_base36(option[1:], "target")
    elif option:
        raise ReplayError(f"unknown settings option {option[:12]!r}")
    return Settings(MODES[int(text[0])], chosen, dealer, hands, target)


def _digit(char: str) -> int:
    if not char.isdigit():
        raise ReplayError(f"not a player number: {char!r}")
    return int(char)


# --------------------------------------------------------------------- names


def _check_name(name: str) -> None:
    if not name or len(name) > MAX_NAME or "\n" in name or not name.isprintable():
        raise ReplayError(f"a player's name is 1 to {MAX_NAME} printable characters: {name[:30]!r}")


def _decode_names(text: str, settings: Settings) -> tuple[str, ...]:
    if not text:
        return ()
    try:
        names = tuple(_from_b64(text).decode().split("\n"))
    except UnicodeDecodeError as error:
        raise ReplayError("the replay's names are not text") from error
    if len(names) != settings.players:
        raise ReplayError(f"{settings.mode} has {settings.players} players, the replay names {len(names)}")
    for name in names:
        _check_name(name)
    return names


# ------------------------------------------------------------------- alphabet


def _base36(number: int) -> str:
    digits = ""
    while True:
        number, digit = divmod(number, 36)
        digits = _DIGITS36[digit] + digits
        if not number:
            return digits


def _from_base36(text: str, what: str) -> int:
    if not text or len(text) > 20 or any(c not in _DIGITS36 for c in text):
        raise ReplayError(f"the replay's {what} is not a base-36 number: {text[:24]!r}")
    return int(text, 36)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _from_b64(text: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as error:
        raise ReplayError("a replay part is not base64url text") from error


def _int_bytes(value: int) -> bytes:
    return value.to_bytes((value.bit_length() + 7) // 8, "big")


def _check(body: str) -> str:
    return _b64(hashlib.sha256(body.encode()).digest()[:5])[:6]


def describe(replay: Replay) -> str:
    """A readable account of the game: every hand's dealer, trump, proposal and
    tricks (who played what, who won, what was picked), the scores and the winners."""
    settings = replay.settings
    names = replay.names or tuple(f"Player {k + 1}" for k in range(settings.players))
    game = Game(settings, replay.seed)
    lines = [f"{settings.mode}" + (f" ({', '.join(sorted(settings.variants))})" if settings.variants else "")
             + f", seed {replay.seed}: " + ", ".join(names)]  # fmt: skip
    for action in replay.actions:
        tricks, results = game.state.tricks, len(game.state.results)
        game.apply(action)
        if len(game.state.results) > results:
            lines += _describe_hand(game.state.results[-1], tricks, names)
    state = game.state
    if not game.is_over():
        lines.append(f"In progress: hand {len(state.results) + 1}, {len(replay.actions)} actions")
    lines.append("Totals: " + ", ".join(f"{names[p]} {t}" for p, t in enumerate(game.totals)))
    if game.is_over():
        lines.append("Winners: " + ", ".join(names[p] for p in game.winners))
    return "\n".join(lines)


def _describe_hand(result: HandResult, tricks: list[Trick], names: tuple[str, ...]) -> list[str]:
    plan = result.plan

    def seat_name(position: int) -> str:
        seat = plan.seats[position]
        return f"dummy of {names[plan.controllers[position]]}" if plan.dummies[position] else names[seat]

    trump = "no trump" if result.trump == -1 else f"trump {SUIT_NAMES[result.trump]}"
    proposal = " ".join(FAMILY_LETTERS[f] for f in result.proposal)
    lines = [f"Hand {plan.number + 1}: {names[plan.dealer]} deals, {trump}, proposal {proposal}"]
    for number, trick in enumerate(tricks, 1):
        played = ", ".join(
            f"{seat_name((trick.leader + k) % plan.positions)} {card_name(c)}" for k, c in enumerate(trick.cards)
        )
        pick = f", picks {card_name(trick.picked)}" if trick.picked != -1 else ""
        lines.append(f"  trick {number}: {played}; {seat_name(trick.winner)} wins{pick}")
    lines.append("  points: " + ", ".join(f"{names[p]} {pts}" for p, pts in enumerate(result.player_points)))
    return lines
