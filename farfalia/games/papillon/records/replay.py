"""Papillon's replay text, in the grammar of Farfalia's (:mod:`farfalia.records.replay`):
``p1.<settings>.<seed>.<count>.<names>.<actions>.<check>``, or with ``x`` for the seed and an
eighth part before the check, the chance outcomes written out.

- ``settings``: the players (2-5), the options (0-3: bit 1 two against one, bit 2 forced
  capture), the rounds (0 both, 1 blue only, 2 orange only, :data:`ROUNDS`), the dealer's
  seat, then ``y<n>`` when the Yang is not 12 (base 36);
- ``seed``, ``count``, ``names``, ``actions`` and ``check`` as in Farfalia's: every action
  is its index among the legal actions, packed mixed-radix into one integer; a forced draw (an
  attacked player with no Papillon, P-E14) is not written, and is taken where it falls. At a
  *crowded* blue table (:func:`~farfalia.games.papillon.engine.game.crowded`: listing its captures would
  gather more than :data:`~farfalia.games.papillon.engine.game.LISTED_WORK` codes, which no game played
  by people comes near), a ``p2`` text spells the action out instead (:class:`_Spelled`: the hand
  cards played, the table cards taken), so reading it never lists millions of captures; a ``p1``
  text, which spells nothing, is refused there. A game that never meets a crowded table is
  written ``p1``, as the site always wrote it, the two versions being the same text then. Both
  ``capture_work`` and ``LISTED_WORK`` are therefore part of the ``p2`` format (pinned by
  ``tests/test_crowded.py``);
- ``chance`` (with ``x``): the shuffles (``S`` and two characters a card), the rolls
  (``R`` and a digit a die) and a round's moment set up by hand (``P``, :func:`position_text`),
  ``~``-separated. :func:`encode_finished_rounds` shares a game
  under way this way: its finished blue round, and nothing of the orange round's cards.

"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from farfalia.core.codes import ascii_int
from farfalia.core.errors import FarfaliaError, ReplayError
from farfalia.games.papillon.engine.game import (
    PLACES,
    TAKE_ATTACK,
    PapillonChance,
    PapillonGame,
    Roll,
    Shuffle,
    blue_move,
    split_blue,
)
from farfalia.games.papillon.engine.position import PapillonPosition
from farfalia.games.papillon.engine.rules import ROUNDS, PapillonSettings
from farfalia.games.papillon.engine.views import PAPILLON_RULES
from farfalia.records.replay import (
    Choices,
    Listed,
    Replay,
    base36,
    base36_number,
    check_body,
    decode_names,
    encode_names,
    from_base36,
    from_base64url,
    pack_actions,
    replay_problem,
    seed_and_count,
    start_game,
    unpack_actions,
    versioned_fields,
    write_replay,
)

#: The versions read: ``p1`` (every action an index among the legal actions) and ``p2`` (a crowded
#: table's actions spelled out); a text is written ``p1`` whenever the two agree.
PAPILLON_VERSIONS: Final = ("p1", "p2")
#: The Yang's number unless the settings say otherwise (P-D9).
USUAL_YANG: Final = PapillonSettings().yang
_CHARS: Final = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def encode_papillon(game: PapillonGame, names: tuple[str, ...] | list[str] = ()) -> str:
    """The replay text of ``game``: its seed and actions, or with its chance outcomes written out
    when some were given rather than drawn (a game played on from a shared position, a scenario)."""
    if game.given_chance:
        return encode_papillon_with_chance(game, names)
    if game.seed < 0:
        raise ReplayError(f"replays carry seeds of 0 or more, not {game.seed}")
    return _encode(game.settings, game.seed, game.actions, names, ())


def encode_papillon_with_chance(game: PapillonGame, names: tuple[str, ...] | list[str] = ()) -> str:
    """The replay text of ``game`` with every chance outcome written out (for games dealt
    from given cards, such as :mod:`farfalia.games.papillon.records.examples`)."""
    chance = [step for step in game.history if not isinstance(step, int)]
    return _encode(game.settings, None, game.actions, names, chance)


def encode_finished_rounds(game: PapillonGame, names: tuple[str, ...] | list[str] = ()) -> str:
    """The replay text of ``game``'s finished rounds only, chance written out and no seed:
    it shows nothing of the round under way (the orange deck's order, the hands; P-E12)."""
    finished = game.progress().rounds
    if not finished:
        raise ReplayError("no round is finished yet")
    probe = PapillonGame(game.settings, game.seed, game.given_chance)
    for action in game.actions:
        probe.apply(action)
        if probe.progress().rounds == finished:
            break
    history = probe.history
    last_action = max(i for i, step in enumerate(history) if isinstance(step, int))
    chance = [step for step in history[:last_action] if not isinstance(step, int)]
    # A tie for the most cards is rolled for after the round's last action (P-R23, P-D3): those rolls
    # belong to the finished round; the next round's shuffle and rolls do not.
    for outcome in [None, *history[last_action + 1 :]]:
        if outcome is not None:
            chance.append(outcome)  # type: ignore[arg-type]  # only chance outcomes follow the last action
        written = start_game(PAPILLON_RULES, game.settings, None, tuple(chance))
        for action in probe.actions:
            written.apply(action)
        if written.progress().rounds == finished:
            break
    return _encode(game.settings, None, probe.actions, names, chance)


def decode_papillon(text: str) -> Replay:
    """The Papillon replay a text describes; a clear :class:`ReplayError` for anything else."""
    fields = versioned_fields(text, PAPILLON_VERSIONS)
    check_body(text, fields)
    settings = _decode_settings(fields[1])
    seed, count = seed_and_count(fields)
    chance = read_chance(fields[6]) if seed is None else ()
    names = decode_names(fields[4], settings.players, PAPILLON_RULES.name)
    try:
        game = start_game(PAPILLON_RULES, settings, seed, chance)
    except FarfaliaError as error:
        raise replay_problem("replay-chance-rules", error=error) from error
    written = _Written(game, spells=fields[0] != PAPILLON_VERSIONS[0])
    unpack_actions(written, count, int.from_bytes(from_base64url(fields[5]), "big"))
    written.draw_if_forced()  # after the last decision too (a game may end with one: an Apocalypse)
    return Replay(PAPILLON_RULES, settings, seed, names, tuple(written.actions), chance)


class _Written:
    """A game as its replay text writes it: a forced draw (an attacked player with no Papillon to
    counter with, :attr:`~PapillonGame.draw_forced`) is not written, and taken where it falls; texts
    written before it was an action (P-E14) hold none either. A crowded table's action is spelled
    out where the text ``spells`` (``p2``), else refused."""

    def __init__(self, game: PapillonGame, spells: bool = True) -> None:
        self.game = game
        self.spells = spells
        #: Every action taken, forced draws included.
        self.actions: list[int] = []
        #: Whether an action was spelled out (a crowded table's): the text is then a ``p2``.
        self.spelled = False

    def draw_if_forced(self) -> None:
        """Take the forced draws that fall now."""
        while self.game.draw_forced:
            self.apply(TAKE_ATTACK)

    def choices(self) -> Choices:
        """How the next written decision's actions are written: spelled out at a crowded table,
        else by their index among the legal actions."""
        self.draw_if_forced()
        if not self.game.crowded:
            return Listed(self.game.legal_actions())
        if not self.spells:
            raise replay_problem("replay-crowded", version=PAPILLON_VERSIONS[0])
        self.spelled = True
        return _Spelled(self.game)

    def apply(self, action: int) -> None:
        """Take ``action``."""
        self.game.apply(action)
        self.actions.append(action)

    @property
    def chance_left(self) -> int:
        """How many written-out chance outcomes remain unused."""
        return self.game.chance_left


class _Spelled:
    """A crowded blue table's action, spelled out: which one or two cards of the hand (ascending)
    it plays, then which cards of the table (ascending) it takes, one bit each: as many numbers as
    ways to choose them, legal or not (:meth:`at` refuses those the rules do not allow)."""

    def __init__(self, game: PapillonGame) -> None:
        self.game = game
        hand = sorted(game.hands[game.current])
        self.plays: list[tuple[int, ...]] = [(card,) for card in hand] + list(combinations(hand, 2))
        self.table = sorted(game.table)

    @property
    def size(self) -> int:
        """The plays from the hand, times the sets of table cards."""
        return len(self.plays) << len(self.table)

    def index(self, action: int) -> int:
        """The number ``action`` is spelled as."""
        played, taken = split_blue(action)
        taken_bits = sum(1 << place for place, card in enumerate(self.table) if card in taken)
        return self.plays.index(tuple(sorted(played))) + len(self.plays) * taken_bits

    def at(self, index: int) -> int:
        """The action spelled as ``index``; :class:`ReplayError` if the rules do not allow it."""
        taken_bits, play = divmod(index, len(self.plays))
        action = blue_move(self.plays[play], [card for place, card in enumerate(self.table) if taken_bits >> place & 1])
        if self.game.why_illegal(action) is not None:
            raise replay_problem("replay-illegal")
        return action


def _encode(
    settings: PapillonSettings,
    seed: int | None,
    actions: list[int],
    names: tuple[str, ...] | list[str],
    chance: list[PapillonChance] | tuple[PapillonChance, ...],
) -> str:
    game = start_game(PAPILLON_RULES, settings, seed, tuple(chance))
    decisions = []
    for action in actions:
        if not game.draw_forced:
            decisions.append(action)
        game.apply(action)
    written = _Written(start_game(PAPILLON_RULES, settings, seed, tuple(chance)))
    packed = pack_actions(written, decisions)
    names_part = encode_names(tuple(names), settings.players, PAPILLON_RULES.name)
    version = PAPILLON_VERSIONS[written.spelled]
    return write_replay(
        version, _encode_settings(settings), seed, len(decisions), names_part, packed, chance_text(chance)
    )


def _encode_settings(settings: PapillonSettings) -> str:
    options = settings.two_against_one + 2 * settings.forced_capture
    text = f"{settings.players}{options}{ROUNDS.index(settings.rounds)}{settings.dealer}"
    return text if settings.yang == USUAL_YANG else f"{text}y{base36(settings.yang)}"


def _decode_settings(text: str) -> PapillonSettings:
    digits = [ascii_int(char, 1) for char in text[:4]]
    rest = text[4:]
    if len(text) < 4 or None in digits or (rest and rest[:1] != "y"):
        raise replay_problem("replay-settings-unknown", value=repr(text[:12]))
    players, options, rounds, dealer = (digit or 0 for digit in digits)
    yang = from_base36(rest[1:], "replay-settings-unknown") if rest else USUAL_YANG
    if options > 3 or rounds >= len(ROUNDS):
        raise replay_problem("replay-settings-unknown", value=repr(text[:12]))
    try:
        return PapillonSettings(players, bool(options & 1), bool(options & 2), ROUNDS[rounds], dealer, yang)
    except FarfaliaError as error:
        raise replay_problem("replay-settings", error=error) from error


def chance_text(outcomes: Sequence[PapillonChance]) -> str:
    """Chance outcomes written out: ``S`` and two characters a card for a shuffle, ``R`` and a
    digit a die for a roll, ``~``-separated (a replay's eighth part, a save's ``chance``)."""
    return "~".join(_encode_chance(outcome) for outcome in outcomes)


def read_chance(text: str) -> tuple[PapillonChance, ...]:
    """The outcomes :func:`chance_text` wrote; a clear :class:`ReplayError` for anything else."""
    return tuple(_decode_chance(part) for part in text.split("~")) if text else ()


def _encode_chance(outcome: PapillonChance) -> str:
    if isinstance(outcome, PapillonPosition):
        return position_text(outcome)
    if isinstance(outcome, Shuffle):
        return "S" + _cards_text(outcome.cards)
    return "R" + "".join(f"{blue}{orange}" for blue, orange in outcome.dice)


def _cards_text(cards: Sequence[int]) -> str:
    """Cards in two characters each."""
    return "".join(_CHARS[card // 62] + _CHARS[card % 62] for card in cards)


def _read_cards(body: str) -> tuple[int, ...] | None:
    """The cards :func:`_cards_text` wrote, or None where it wrote none."""
    if len(body) % 2 or any(char not in _CHARS for char in body):
        return None
    return tuple(_CHARS.index(body[k]) * 62 + _CHARS.index(body[k + 1]) for k in range(0, len(body), 2))


def position_text(position: PapillonPosition) -> str:
    """A round's moment as a chance outcome's text: ``Pb`` (blue) or ``Po`` (orange: it has a
    layout), then ``_``-separated: its numbers in base 36, ``-``-separated (the players, the player to act, the
    starter, the direction 0 or 1 (counterclockwise), the partners' mask, the order's seed, the last
    capturer plus one (0: none), 1 if the Papillon took the Chat Noir, the tour, the draw pile's
    size plus one (0: all it can hold), the attacker plus one (0: none), then each player's tour
    points); each hand, then the table and each side's pile (blue) or the layout's places (orange),
    two characters a card; then each Couteau Suisse's number (its card, then the number in base 36);
    last, where the moment gives it, ``h`` and the order of the cards it does not place."""
    numbers = [
        len(position.hands),
        position.to_act,
        position.starter,
        int(position.direction == -1),
        sum(1 << seat for seat in position.partners),
        position.order,
        _plus_one(position.last_capturer),
        int(position.chat_noir_by_papillon),
        position.tour,
        _plus_one(position.draw_size),
        _plus_one(position.attacked_by),
        *position.tour_points,
    ]
    orange = bool(position.layout)
    groups = [*position.hands, *(position.layout_places() if orange else (position.table, *position.piles))]
    declared = "".join(_cards_text((card,)) + base36(number) for card, number in position.numbers)
    parts = ["-".join(base36(number) for number in numbers), *(_cards_text(cards) for cards in groups), declared]
    if position.hidden_order:
        parts.append("h" + _cards_text(position.hidden_order))
    return ("Po" if orange else "Pb") + "_".join(parts)


def _plus_one(number: int | None) -> int:
    return 0 if number is None else number + 1


def read_position(part: str) -> PapillonPosition:
    """The moment :func:`position_text` wrote; a clear :class:`ReplayError` for anything else."""
    fault = replay_problem("replay-chance-malformed", part=repr(part[:20]))
    kind, *fields = part[2:].split("_") if part[:2] in ("Pb", "Po") else ("", "")
    hidden = _read_cards(fields.pop()[1:]) if fields and fields[-1].startswith("h") else ()
    read = [base36_number(text) for text in kind.split("-")] if kind else []
    numbers = [number for number in read if number is not None]
    groups = [_read_cards(text) for text in fields[:-1]]
    if len(numbers) < 11 or len(numbers) < len(read) or not fields or None in groups:
        raise fault
    players = numbers[0]
    declared = fields[-1]
    pairs = [(declared[k : k + 2], declared[k + 2 : k + 3]) for k in range(0, len(declared), 3)]
    codes = [(_read_cards(card), base36_number(number)) for card, number in pairs]
    malformed = any(card is None or len(card) != 1 or number is None for card, number in codes)
    if (
        hidden is None
        or malformed
        or not 2 <= players <= 5
        or len(groups) < players + (PLACES if part[1] == "o" else 1)
    ):
        raise fault
    to_act, starter, direction, partners, order, capturer, by_papillon, tour, draw, attacker = numbers[1:11]
    cards: list[tuple[int, ...]] = [group or () for group in groups]
    return PapillonPosition(
        hands=tuple(cards[:players]),
        to_act=to_act,
        starter=starter,
        direction=-1 if direction else 1,
        partners=tuple(seat for seat in range(players) if partners >> seat & 1),
        table=() if part[1] == "o" else cards[players],
        piles=() if part[1] == "o" else tuple(cards[players + 1 :]),
        last_capturer=capturer - 1 if capturer else None,
        chat_noir_by_papillon=bool(by_papillon),
        layout=tuple(cards[players:]) if part[1] == "o" else (),
        numbers=tuple((card[0], number) for card, number in codes if card and number is not None),
        tour=tour,
        draw_size=draw - 1 if draw else None,
        tour_points=tuple(numbers[11:]),
        attacked_by=attacker - 1 if attacker else None,
        order=order,
        hidden_order=hidden,
    )


def _decode_chance(part: str) -> PapillonChance:
    kind, body = part[:1], part[1:]
    if kind == "P":
        return read_position(part)
    cards = _read_cards(body) if kind == "S" else None
    if cards is not None:
        return Shuffle(cards)
    if kind == "R" and body and len(body) % 2 == 0 and all(char in "123456" for char in body):
        return Roll(tuple((int(body[k]), int(body[k + 1])) for k in range(0, len(body), 2)))
    raise replay_problem("replay-chance-malformed", part=repr(part[:20]))
