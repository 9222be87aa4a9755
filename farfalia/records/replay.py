"""Replay text: a whole game as one short, versioned, URL-safe string.

``f2.<settings>.<seed>.<count>.<names>.<actions>.<check>``, every field in the
URL-safe alphabet (``A-Z a-z 0-9 - _``) and dots:

- the version: ``f2`` since the rules corrections D7 (revised), D12 and D13.
  ``f1`` texts are read the same way; those of games with Double You are refused
  (:func:`check_rules_edition`), since D7's revised bar may change who decides;

- ``settings``: mode (0-6, :data:`farfalia.engine.rules.MODES`), variants (0-3: bit 1
  Double You, bit 2 Burnin'), first dealer (a digit, or ``r`` drawn from the seed),
  then ``h<n>`` or ``t<n>`` for ``four``'s hands or target (base 36);
- ``seed`` and ``count`` (the number of player actions): base 36; a seed of ``x``
  means the chance outcomes are written out instead (see below);
- ``names``: the players' names, UTF-8, newline-separated, base64url;
- ``actions``: each action's index among the legal actions sorted (as
  :meth:`Game.legal_actions` gives them), packed mixed-radix into one integer,
  base64url: a forced move costs nothing, so a complete ``basic5`` game takes
  about a hundred characters;
- with ``x`` for a seed, a ``chance`` part: the deals, wild cards, proposals and
  drawn dealer, ``~``-separated (cards one character each of ``0-9A-Za-z``). A
  running game's finished hands are shared this way (:func:`encode_finished_hands`):
  without the seed, nothing in the text deals the hand in progress;
- ``check``: six characters of SHA-256 over everything before it, so a truncated
  or altered text is refused instead of decoding into some other game.

Decoding replays every action through :class:`~farfalia.engine.game.Game`, so it only
ever yields games that replay legally; anything else raises :class:`ReplayError`.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from farfalia.engine.actions import Action, Chance, Deal, DealWilds, DrawDealer, TurnProposal
from farfalia.engine.cards import NO_CARD, ascii_int
from farfalia.engine.definition import FARFALIA
from farfalia.engine.errors import FarfaliaError, Message, ReplayError
from farfalia.engine.game import Game
from farfalia.engine.rules import BURNING, DOUBLE_YOU, MODES, Settings

VERSION = "f2"
#: Replay versions read: each names the rules edition its games were played under.
VERSIONS = ("f1", VERSION)
#: Longer texts are refused before any work: a complete chinkway10 game takes under 1,200.
MAX_LENGTH = 8000
#: The longest player name, in characters (the page's form and saves keep to it too).
MAX_NAME = 24
#: More actions than the longest game allowed (P13: 40 hands of ``four``) can hold.
MAX_ACTIONS = 10_000
_DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"
#: The seed part of a replay whose chance outcomes are written out.
CHANCE_WRITTEN = "x"


@dataclass(frozen=True)
class Replay:
    """A decoded game: settings, seed (None when the chance outcomes are written out),
    player names, actions, and the written-out chance outcomes."""

    settings: Settings
    seed: int | None
    names: tuple[str, ...]
    actions: tuple[Action, ...]
    chance: tuple[Chance, ...] = ()

    def start(self) -> Game:
        """The game before its first action."""
        return _start(self.settings, self.seed, self.chance)

    def game(self) -> Game:
        """The game, replayed (with written-out chance, it stops where they end)."""
        game = self.start()
        for action in self.actions:
            game.apply(action)
        return game


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
    dealt from given cards, such as :mod:`farfalia.records.examples`)."""
    chance = [step for step in game.history if isinstance(step, Chance)]
    return _encode(game.settings, None, game.actions, names, chance)


def encode_finished_hands(game: Game, names: tuple[str, ...] | list[str] = ()) -> str:
    """The replay text of ``game``'s finished hands only, chance written out and no
    seed: it shows nothing of the hand in progress, nor of any hand to come."""
    finished = game.progress().rounds
    if not finished:
        raise ReplayError("no hand is finished yet")
    probe = FARFALIA.new(game.settings, game.seed, game.given_chance)
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
    fields = [
        VERSION,
        _encode_settings(settings),
        CHANCE_WRITTEN if seed is None else base36(seed),
        base36(len(actions)),
        encode_names(names, settings.players, settings.mode),
        to_base64url(int_bytes(pack_actions(Played(_start(settings, seed, chance)), actions))),
    ]
    if chance:
        fields.append(encode_chances(chance))
    body = ".".join(fields)
    return f"{body}.{checksum(body)}"


#: What a link's, a file's or a save's reader meets most, in English, by key (the page words each through its
#: catalogs as ``problem.<key>``, see ``farfalia.ui.texts.message_text``); rarer faults stay English.
REPLAY_PROBLEMS: dict[str, str] = {
    "replay-long": "a replay is at most {limit} characters; this text has {length}",
    "replay-ascii": "a replay is plain ASCII text (letters, digits and . - _ ~)",
    "replay-version": "unsupported replay version {version}",
    "replay-not": "this is not a Farfalia replay",
    "replay-parts": "the replay is truncated or malformed (it has the wrong number of parts)",
    "replay-damaged": "the replay is damaged: its check does not match (truncated or altered)",
    "replay-old-double-you": "this game was recorded before the Double You rules were corrected (D7, D12) "
    "and cannot be replayed as it was played",
    "replay-fit": "the replay's actions do not fit its game",
    "replay-illegal": "the replay's actions break the rules",
    "replay-crowded": "this replay reaches a table that offers more captures than a {version} replay can be read "
    "at (a table that discards have filled): it cannot be opened",
    "replay-too-many": "the replay has more actions than its game allows",
    "replay-settings": "bad settings in the replay: {error}",
    "replay-seed-chance": "the replay's seed and chance parts do not agree",
    "replay-count": "a replay holds at most {limit} actions, not {count}",
    "replay-chance-rules": "the replay's chance outcomes break the rules",
    "replay-chance-unused": "the replay has chance outcomes that its actions never reach",
    "replay-chance-malformed": "a chance outcome of the replay is malformed: {part}",
    "replay-settings-unknown": "unknown settings {value}",
    "replay-option-unknown": "unknown settings option {value}",
    "replay-player-number": "not a player number: {value}",
    "replay-name": "a player's name is 1 to {limit} printable characters: {name}",
    "replay-names-text": "the replay's names are not text",
    "replay-names-count": "{mode} has {players} players, the replay names {count}",
    "replay-seed-number": "the replay's seed is not a base-36 number: {value}",
    "replay-count-number": "the replay's action count is not a base-36 number: {value}",
    "replay-hands-number": "the replay's number of hands is not a base-36 number: {value}",
    "replay-target-number": "the replay's target score is not a base-36 number: {value}",
    "replay-base64": "a replay part is not base64url text",
    "save-json": "it is not readable JSON",
    "save-long": "it is longer than a save can be ({length} characters; at most {limit})",
    "save-nested": "it is nested deeper than a save can be (more than {limit} levels)",
    "save-format": "its format {found} is not one this page reads",
    "save-game": "it is a game of {game}, which this page does not play",
    "save-malformed": "one of its fields is malformed ({kind})",
    "save-field": "its field {field} is missing or not what it should be",
    "save-moves": "its moves or its deals do not replay under the rules",
}


def replay_problem(key: str, **values: object) -> ReplayError:
    """The :class:`ReplayError` of the fault ``key`` of :data:`REPLAY_PROBLEMS`."""
    return ReplayError(problem(key, **values))


def problem(key: str, **values: object) -> Message:
    """The fault ``key`` of :data:`REPLAY_PROBLEMS` (a replay's, or a save's), with its values."""
    return Message(key, REPLAY_PROBLEMS[key], **values)


def decode(text: str) -> Replay:
    """The replay a text describes; a clear :class:`ReplayError` for anything else."""
    fields = replay_fields(text)
    if not fields or fields[0] not in VERSIONS:
        version = fields[0][:8] if fields and fields[0][:1] == "f" else ""
        raise replay_problem("replay-version", version=repr(version)) if version else replay_problem("replay-not")
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
    return Replay(settings, seed, names, actions, chance)


def replay_fields(text: str) -> list[str]:
    """A replay text's ``.``-separated parts, once it is ASCII text of a bearable length
    (what every game's replay text shares, :mod:`farfalia.records.papillon_replay`'s too)."""
    if not isinstance(text, str):
        raise ReplayError("a replay is text")
    if len(text) > MAX_LENGTH:
        raise replay_problem("replay-long", limit=MAX_LENGTH, length=len(text))
    if not text.isascii():
        raise replay_problem("replay-ascii")
    return text.strip().split(".")


def check_body(text: str, fields: list[str]) -> None:
    """Seven parts, or eight with the chance written out, and the check that ends them."""
    if len(fields) not in (7, 8):
        raise replay_problem("replay-parts")
    body, check = text.strip().rpartition(".")[::2]
    if checksum(body) != check:
        raise replay_problem("replay-damaged")


def seed_and_count(fields: list[str]) -> tuple[int | None, int]:
    """The seed (None when the chance outcomes are written out) and the count of actions.
    Eight parts: the chance outcomes are written out and the seed part is "x"; seven: the seed
    part is the seed in base 36 (and seed 33 is "x" too: the count of parts tells them apart)."""
    written = len(fields) == 8
    if written and fields[2] != CHANCE_WRITTEN:
        raise replay_problem("replay-seed-chance")
    seed = None if written else from_base36(fields[2], "replay-seed-number")
    count = from_base36(fields[3], "replay-count-number")
    if count > MAX_ACTIONS:
        raise replay_problem("replay-count", limit=MAX_ACTIONS, count=count)
    return seed, count


def check_rules_edition(edition: int, settings: Settings) -> None:
    """Refuse a game recorded under rules edition 1 that the corrections of edition 2
    could replay differently: with Double You, D7's revised bar changes who is asked
    to double, and D12 who wins ``four``. Games without it replay the same (D13 only
    moves where a dummy's picks lie)."""
    if edition < 2 and DOUBLE_YOU in settings.variants:
        raise replay_problem("replay-old-double-you")


# ------------------------------------------------------------------- actions


def _start(settings: Settings, seed: int | None, chance: Sequence[Chance]) -> Game:
    """The game a replay starts from: drawn from its seed, or from its written-out chance (no seed)."""
    if seed is None:
        return FARFALIA.new(settings, 0, chance, draw=False)
    return FARFALIA.new(settings, seed)


class Choices(Protocol):
    """One decision's actions as the numbers a replay writes: ``size`` of them, each action's
    :meth:`index`, and the action :meth:`at` an index."""

    @property
    def size(self) -> int:
        """How many numbers the decision's actions are written with (none: no decision is due)."""

    def index(self, action: Any) -> int:
        """The number ``action`` is written as."""

    def at(self, index: int) -> Any:
        """The action written as ``index``; :class:`ReplayError` if it is no legal action."""


class Listed:
    """The usual :class:`Choices`: each legal action by its index among them, ascending."""

    def __init__(self, legal: Sequence[Any]) -> None:
        self.legal = legal

    @property
    def size(self) -> int:
        """How many legal actions there are."""
        return len(self.legal)

    def index(self, action: Any) -> int:
        """``action``'s index among the legal actions."""
        return self.legal.index(action)

    def at(self, index: int) -> Any:
        """The legal action at ``index``."""
        return self.legal[index]


class Steps(Protocol):
    """What packing a game's actions needs of it: each decision's :class:`Choices`, and taking an
    action (a :class:`~farfalia.engine.interface.Play` seen through :class:`Played`, or a view of
    one that leaves forced actions unwritten)."""

    def choices(self) -> Choices:
        """How the next decision's actions are written."""

    def apply(self, action: Any) -> None:
        """Take a legal action."""

    @property
    def chance_left(self) -> int:
        """Given chance outcomes not used yet."""


class Played:
    """A game whose every decision is written as its legal actions' index (:class:`Listed`)."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def choices(self) -> Choices:
        """The legal actions, listed."""
        return Listed(self.game.legal_actions())

    def apply(self, action: Any) -> None:
        """Take ``action``, one of those :meth:`choices` listed (not checked again)."""
        self.game.apply(action, check=False)

    @property
    def chance_left(self) -> int:
        """Given chance outcomes not used yet."""
        return int(self.game.chance_left)


def pack_actions(game: Steps, actions: Sequence[Any]) -> int:
    """``actions`` as one mixed-radix integer of the numbers each decision writes them as
    (:meth:`Steps.choices`), played on ``game`` from where it stands (any game of the site)."""
    value, weight = 0, 1
    for action in actions:
        choices = game.choices()
        value += choices.index(action) * weight
        weight *= choices.size
        game.apply(action)
    return value


def unpack_actions(game: Steps, count: int, value: int) -> tuple[Any, ...]:
    """The ``count`` actions :func:`pack_actions` packed into ``value``, played on ``game``;
    :class:`ReplayError` when they do not fit it."""
    actions = []
    for _ in range(count):
        choices = game.choices()
        if not choices.size:
            raise replay_problem("replay-too-many")
        value, index = divmod(value, choices.size)
        action = choices.at(index)
        actions.append(action)
        try:
            game.apply(action)
        except FarfaliaError as error:  # a written-out chance outcome that breaks the rules
            raise replay_problem("replay-chance-rules", error=error) from error
    if value:
        raise replay_problem("replay-fit")
    if game.chance_left:
        raise replay_problem("replay-chance-unused")
    return tuple(actions)


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
        hands = from_base36(option[1:], "replay-hands-number")
    elif option[:1] == "t":
        target = from_base36(option[1:], "replay-target-number")
    elif option:
        raise replay_problem("replay-option-unknown", value=repr(option[:12]))
    return Settings(MODES[mode], chosen, dealer, hands, target)


def _digit(char: str) -> int:
    number = ascii_int(char, 1)
    if number is None:
        raise replay_problem("replay-player-number", value=repr(char))
    return number


# --------------------------------------------------------------------- names


#: The joiners a name may hold though they print nothing (an emoji sequence, a Persian word).
JOINERS = frozenset("\u200c\u200d")


def name_character(character: str) -> bool:
    """Whether a replay's name may hold ``character``: a printable one, or a joiner."""
    return character.isprintable() or character in JOINERS


def check_name(name: str) -> None:
    """Refuse a player's name that no replay may carry."""
    if not name or len(name) > MAX_NAME or not all(name_character(character) for character in name):
        raise replay_problem("replay-name", limit=MAX_NAME, name=repr(name[:30]))


def decode_names(text: str, players: int, game: str) -> tuple[str, ...]:
    """The names part of a replay of ``game`` for ``players`` players (none, or one each)."""
    if not text:
        return ()
    try:
        names = tuple(from_base64url(text).decode().split("\n"))
    except UnicodeDecodeError as error:
        raise replay_problem("replay-names-text") from error
    if len(names) != players:
        raise replay_problem("replay-names-count", mode=game, players=players, count=len(names))
    for name in names:
        check_name(name)
    return names


def encode_names(names: Sequence[str], players: int, game: str) -> str:
    """The names part of a replay of ``game`` for ``players`` players (none, or one each)."""
    if names and len(names) != players:
        raise ReplayError(f"{game} has {players} players, not {len(names)} names")
    for name in names:
        check_name(name)
    return to_base64url("\n".join(names).encode())


# ------------------------------------------------------------------- alphabet


def base36(number: int) -> str:
    """A number in base 36 (digits, then lower-case letters)."""
    digits = ""
    while True:
        number, digit = divmod(number, 36)
        digits = _DIGITS36[digit] + digits
        if not number:
            return digits


def from_base36(text: str, key: str) -> int:
    """A base-36 number of the replay (``key``: its fault's in :data:`REPLAY_PROBLEMS`)."""
    if not text or len(text) > 20 or any(c not in _DIGITS36 for c in text):
        raise replay_problem(key, value=repr(text[:24]))
    return int(text, 36)


def to_base64url(data: bytes) -> str:
    """``data`` in base64url without padding (the replay's parts, an embed's still picture)."""
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def from_base64url(text: str) -> bytes:
    """The bytes of base64url ``text`` (padding optional); :class:`ReplayError` if it is not."""
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as error:
        raise replay_problem("replay-base64") from error


def int_bytes(value: int) -> bytes:
    """A number's big-endian bytes, as few as hold it."""
    return value.to_bytes((value.bit_length() + 7) // 8, "big")


def checksum(body: str) -> str:
    """A replay's check: six characters of SHA-256 over the text before it."""
    return to_base64url(hashlib.sha256(body.encode()).digest()[:5])[:6]
