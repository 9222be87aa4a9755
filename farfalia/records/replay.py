"""Replay texts, whatever the game: a whole game as one short, versioned, URL-safe string.

``<version>.<settings>.<seed>.<count>.<names>.<actions>.<check>``, every field in the URL-safe
alphabet (``A-Z a-z 0-9 - _``) and dots, the version's first letter naming the game (its
:attr:`~farfalia.records.replay.ReplayFormat.replay_prefix`, one letter a game):

- ``settings``: the game's own (its codec writes and reads them);
- ``seed`` and ``count`` (the number of player actions): base 36; a seed of ``x`` means the
  chance outcomes are written out instead, in an eighth part before the check (a game shared
  under way, a scenario), so nothing in the text deals what is still to come;
- ``names``: the players' names, UTF-8, newline-separated, base64url;
- ``actions``: each decision's number (:class:`Choices`: usually its index among the legal
  actions, ascending), packed mixed-radix into one integer, base64url: a forced move costs
  nothing;
- ``check``: six characters of SHA-256 over everything before it, so a truncated or altered
  text is refused instead of decoding into some other game.

This module holds the frame every game's codec shares (:func:`write_replay`,
:func:`versioned_fields`, :func:`pack_actions`…), the decoded :class:`Replay`, and
:func:`read_replay`, which finds the game of a text among those registered
(:mod:`farfalia.core.registry`). Decoding replays every action, so it only ever yields games
that replay legally; anything else raises :class:`ReplayError`.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from farfalia.core import registry
from farfalia.core.errors import FarfaliaError, Message, ReplayError
from farfalia.core.interface import Rules

#: Longer texts are refused before any work: a complete chinkway10 game takes under 1,200.
MAX_LENGTH = 8000
#: The longest player name, in characters (the page's form and saves keep to it too).
MAX_NAME = 24
#: More actions than the longest game allowed can hold (Farfalia's P13: 40 hands of ``four``).
MAX_ACTIONS = 10_000
_DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"
#: The seed part of a replay whose chance outcomes are written out.
CHANCE_WRITTEN = "x"


@dataclass(frozen=True)
class Replay:
    """A decoded game of any game of the site: its rules, settings, seed (None when the chance
    outcomes are written out), player names, actions (legal: the codec took each one from the
    game's choices) and the written-out chance outcomes."""

    rules: Rules[Any]
    settings: Any
    seed: int | None
    names: tuple[str, ...]
    actions: tuple[Any, ...]
    chance: tuple[Any, ...] = ()

    def start(self) -> Any:
        """The game before its first action."""
        return start_game(self.rules, self.settings, self.seed, self.chance)

    def game(self) -> Any:
        """The game, replayed (with written-out chance, it stops where they end)."""
        game = self.start()
        for action in self.actions:
            game.apply(action, check=False)  # checked as the text was read
        return game

    def before(self, index: int) -> Replay:
        """The game before its action ``index``: its first ``index`` actions and, of its written-out
        chance outcomes, those used by then (the rest follow the game as it was played, which
        another action there may leave: a tie's roll where another play ends the round untied)."""
        head = replace(self, actions=self.actions[:index])
        if not self.chance:
            return head  # (drawn from the seed: nothing to count)
        used = len(self.chance) - head.game().chance_left
        return replace(head, chance=self.chance[:used])


class ReplayFormat(Protocol):
    """What :func:`read_replay` needs of a game: the first letter of its texts' versions, and its codec."""

    name: str
    replay_prefix: str

    def decode_replay(self, text: str) -> Replay:
        """The replay a text of this game describes; :class:`ReplayError` for anything else."""


def read_replay(text: str) -> Replay:
    """The replay a text describes, of whichever registered game its version names; a clear
    :class:`ReplayError` otherwise."""
    version = replay_fields(text)[0]  # (a split is never empty)
    for game in registry.games():
        codec: ReplayFormat = game
        if version[:1] == codec.replay_prefix:
            return codec.decode_replay(text)
    raise replay_problem("replay-not")


def start_game(rules: Rules[Any], settings: Any, seed: int | None, chance: Sequence[Any]) -> Any:
    """The game a replay starts from: drawn from its seed, or from its written-out chance (no seed)."""
    if seed is None:
        return rules.new(settings, 0, chance, draw=False)
    return rules.new(settings, seed)


def write_replay(
    version: str, settings: str, seed: int | None, count: int, names: str, packed: int, chance: str
) -> str:
    """A replay text from its parts (``seed`` None: the chance outcomes written out as ``chance``)."""
    fields = [version, settings, CHANCE_WRITTEN if seed is None else base36(seed), base36(count), names]
    fields.append(to_base64url(int_bytes(packed)))
    if seed is None:
        fields.append(chance)
    body = ".".join(fields)
    return f"{body}.{checksum(body)}"


#: What a link's, a file's or a save's reader meets most, in English, by key (the page words each through its
#: catalogs as ``problem.<key>``, see ``farfalia.ui.texts.message_text``); rarer faults stay English.
REPLAY_PROBLEMS: dict[str, str] = {
    "replay-long": "a replay is at most {limit} characters; this text has {length}",
    "replay-ascii": "a replay is plain ASCII text (letters, digits and . - _ ~)",
    "replay-version": "unsupported replay version {version}",
    "replay-not": "this is not a replay of a game of this site",
    "replay-parts": "the replay is truncated or malformed (it has the wrong number of parts)",
    "replay-damaged": "the replay is damaged: its check does not match (truncated or altered)",
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
    "replay-name": "a player's name is 1 to {limit} printable characters: {name}",
    "replay-names-text": "the replay's names are not text",
    "replay-names-count": "{mode} has {players} players, the replay names {count}",
    "replay-seed-number": "the replay's seed is not a base-36 number: {value}",
    "replay-count-number": "the replay's action count is not a base-36 number: {value}",
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


def replay_fields(text: str) -> list[str]:
    """A replay text's ``.``-separated parts, once it is ASCII text of a bearable length
    (what every game's replay text shares)."""
    if not isinstance(text, str):
        raise ReplayError("a replay is text")
    if len(text) > MAX_LENGTH:
        raise replay_problem("replay-long", limit=MAX_LENGTH, length=len(text))
    if not text.isascii():
        raise replay_problem("replay-ascii")
    return text.strip().split(".")


def versioned_fields(text: str, versions: Collection[str]) -> list[str]:
    """:func:`replay_fields` of a text whose version (its first part) is one of ``versions``."""
    fields = replay_fields(text)
    if fields[0] not in versions:
        raise replay_problem("replay-version", version=repr(fields[0][:8]))
    return fields


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


# ------------------------------------------------------------------- actions


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
    action (a :class:`~farfalia.core.interface.Play` seen through :class:`Played`, or a view of
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


def base36_number(text: str) -> int | None:
    """The number ``text`` writes in base 36 (at most 20 digits), else None."""
    if not text or len(text) > 20 or any(c not in _DIGITS36 for c in text):
        return None
    return int(text, 36)


def from_base36(text: str, key: str) -> int:
    """A base-36 number of the replay (``key``: its fault's in :data:`REPLAY_PROBLEMS`)."""
    number = base36_number(text)
    if number is None:
        raise replay_problem(key, value=repr(text[:24]))
    return number


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
