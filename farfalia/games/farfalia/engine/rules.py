"""The modes of the rulebook as data: settings, and the plan of every hand.

A :class:`HandPlan` says who sits where in one hand (clockwise from the dealer),
who decides for each place, the sides, how many cards each place is dealt, and
how trump is fixed. The state machine in :mod:`farfalia.games.farfalia.engine.state` only follows plans.
Decision tags (D1…D13, P1…) refer to ``docs/RULES.md``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from farfalia.core.errors import Message, SettingsError

DOUBLE_YOU: Final = "double-you"
BURNING: Final = "burning"
VARIANTS: Final = (DOUBLE_YOU, BURNING)

MODES: Final = ("basic5", "chinkway10", "chinkway5", "four", "three", "three-short", "two")

#: Default number of hands of each mode, extra hands included.
DEFAULT_HANDS: Final = {
    "basic5": 3,
    "chinkway10": 11,
    "chinkway5": 5,
    "four": 4,
    "three": 6,
    "three-short": 4,
    "two": 4,
}
PLAYERS: Final = {"basic5": 5, "chinkway10": 5, "chinkway5": 5, "four": 4, "three": 3, "three-short": 3, "two": 2}


#: The longest games ``four`` offers (P13): 40 hands, or a target of 300 points.
MAX_HANDS: Final = 40
MAX_TARGET: Final = 300

#: The faults of settings, in English, by key (a page words them through its catalogs).
SETTINGS_PROBLEMS: Final = {
    "settings-mode": "unknown mode {value}",
    "settings-variant": "unknown variant {value}",
    "settings-dealer": "first dealer {dealer} is not a player of {mode} (0..{last})",
    "settings-four-only": "hands and target are options of 'four', not of {mode}",
    "settings-hands-and-target": "choose a number of hands or a target score, not both",
    "settings-hands": "four plays a multiple of 4 hands up to {limit}, not {hands}",
    "settings-target": "a target score is 1 to {limit}, not {target}",
}


def _fault(key: str, **values: object) -> SettingsError:
    return SettingsError(Message(key, SETTINGS_PROBLEMS[key], **values))


def check_mode(mode: str) -> None:
    """Raise :class:`SettingsError` unless ``mode`` is one of :data:`MODES`."""
    if mode not in MODES:
        raise _fault("settings-mode", value=repr(mode)[:24])


@dataclass(frozen=True)
class Settings:
    """Everything that fixes the rules of one game (the seed is given apart).

    ``first_dealer`` is a player index, or None to draw it from the game's seed.
    ``hands`` (a multiple of 4) or ``target`` (a score that ends the game) are
    the options of ``four``.
    """

    mode: str = "basic5"
    variants: frozenset[str] = field(default_factory=frozenset)
    first_dealer: int | None = None
    hands: int | None = None
    target: int | None = None

    def __post_init__(self) -> None:
        check_mode(self.mode)
        variants = frozenset(self.variants)
        unknown = sorted(variants - set(VARIANTS))
        if unknown:
            raise _fault("settings-variant", value=repr(unknown[0])[:24])
        object.__setattr__(self, "variants", variants)
        players = PLAYERS[self.mode]
        if self.first_dealer is not None and not 0 <= self.first_dealer < players:
            raise _fault("settings-dealer", dealer=self.first_dealer, mode=self.mode, last=players - 1)
        if (self.hands is not None or self.target is not None) and self.mode != "four":
            raise _fault("settings-four-only", mode=self.mode)
        if self.hands is not None and self.target is not None:
            raise _fault("settings-hands-and-target")
        if self.hands is not None and not (4 <= self.hands <= MAX_HANDS and self.hands % 4 == 0):
            raise _fault("settings-hands", limit=MAX_HANDS, hands=self.hands)
        if self.target is not None and not 1 <= self.target <= MAX_TARGET:
            raise _fault("settings-target", limit=MAX_TARGET, target=self.target)

    @property
    def players(self) -> int:
        """Number of players (dummies are not players)."""
        return PLAYERS[self.mode]

    @property
    def total_hands(self) -> int | None:
        """Hands in the game, or None when a target score ends it."""
        if self.target is not None:
            return None
        return self.hands if self.hands is not None else DEFAULT_HANDS[self.mode]

    @property
    def double_you(self) -> bool:
        """Whether the Double You variant is played."""
        return DOUBLE_YOU in self.variants

    @property
    def burning(self) -> bool:
        """Whether Burnin' Down the House is played."""
        return BURNING in self.variants


@dataclass(frozen=True)
class HandPlan:
    """Who sits where in one hand, clockwise from the dealer (position 0).

    Seats are players ``0..n-1`` and dummies ``n, n+1``. ``controllers`` gives
    the player who decides for each position (a dummy's partner for a dummy).
    """

    number: int
    dealer: int
    seats: tuple[int, ...]
    controllers: tuple[int, ...]
    sides: tuple[int, ...]
    deal_sizes: tuple[int, ...]
    dummies: tuple[bool, ...]
    discards: int
    trump_from_subject: bool
    trump_before_discard: bool
    first_pick_trick: int
    multiplier: int
    #: Tricks in the hand: the dealer's cards after his discard (Burnin' leaves one card unplayed).
    tricks: int
    #: The position in front of which each position's picks lie: its own, or for a
    #: dummy its partner's, who chose the card (D13).
    keepers: tuple[int, ...]

    @property
    def positions(self) -> int:
        """Places at the table in this hand."""
        return len(self.seats)

    def position_of(self, seat: int) -> int:
        """The position of ``seat`` in this hand."""
        return self.seats.index(seat)


FIVE_TEAMS: Final = {
    "split": (0, 1, 2, 1, 2),  # basic5, chinkway hands 6-10 and extra: (d+1, d+3), (d+2, d+4)
    "neighbours": (0, 1, 1, 2, 2),  # chinkway hands 1-5: (d+1, d+2), (d+3, d+4)
    "flanks": (0, 1, 2, 2, 1),  # chinkway5: (d+1, d+4), (d+2, d+3)
}
FACING: Final = (0, 1, 0, 1)


@functools.lru_cache(maxsize=1024)
def plan_hand(settings: Settings, number: int, dealer: int, ranking: tuple[int, ...] = ()) -> HandPlan:
    """The plan of hand ``number`` (0-based) dealt by ``dealer``.

    ``ranking`` (players best first, see :func:`rank_players`) seats Chinkway's extra hand (D6).
    """
    mode, n = settings.mode, settings.players
    around = tuple((dealer + k) % n for k in range(n))
    if mode in ("basic5", "chinkway10", "chinkway5"):
        if mode == "chinkway10" and number == 10:
            # D6: clockwise 3rd (dealer), 4th, 5th, 1st, 2nd.
            around = tuple(ranking[k] for k in (2, 3, 4, 0, 1))
            teams = FIVE_TEAMS["split"]
        elif mode == "chinkway10":
            teams = FIVE_TEAMS["neighbours" if number < 5 else "split"]
        else:
            teams = FIVE_TEAMS["flanks" if mode == "chinkway5" else "split"]
        double_last = mode == "basic5" and number == 2
        return _plan(number, around, around, teams, (12, 10, 10, 10, 10), 2, False, 0, 2 if double_last else 1)
    if mode == "four":
        return _plan(number, around, around, FACING, (13,) * 4, 0, True, 3, 1)
    if mode in ("three", "three-short"):
        if mode == "three-short" and number == 3:
            # The extra hand: everyone alone, 18-17-17, the dealer discards one (D9).
            return _plan(number, around, around, (0, 1, 2), (18, 17, 17), 1, False, 3, 1, trump_before_discard=True)
        dummy = n
        seats = (around[0], around[1], dummy, around[2])
        controllers = (around[0], around[1], around[0], around[2])
        return _plan(number, seats, controllers, FACING, (13,) * 4, 0, False, 3, 1)
    # two: clockwise dealer, other player, dealer's dummy, other player's dummy (D10).
    seats = (around[0], around[1], n + around[0], n + around[1])
    controllers = (around[0], around[1], around[0], around[1])
    return _plan(number, seats, controllers, FACING, (13,) * 4, 0, True, 3, 1)


def _plan(
    number: int,
    seats: tuple[int, ...],
    controllers: tuple[int, ...],
    sides: tuple[int, ...],
    deal_sizes: tuple[int, ...],
    discards: int,
    trump_from_subject: bool,
    first_pick_trick: int,
    multiplier: int,
    trump_before_discard: bool = False,
) -> HandPlan:
    players = len(set(controllers))
    keepers = tuple(seats.index(controller) for controller in controllers)  # D13
    return HandPlan(
        number=number,
        dealer=seats[0],
        seats=seats,
        controllers=controllers,
        sides=sides,
        deal_sizes=deal_sizes,
        dummies=tuple(seat >= players for seat in seats),
        discards=discards,
        trump_from_subject=trump_from_subject,
        trump_before_discard=trump_before_discard,
        first_pick_trick=first_pick_trick,
        multiplier=multiplier,
        tricks=deal_sizes[0] - discards,
        keepers=keepers,
    )


def lowest_total_dealer(totals: Sequence[int], previous_dealer: int) -> int:
    """D1: the lowest total deals; ties go to the first met clockwise from the
    previous dealer's left neighbour, the previous dealer being met last."""
    n = len(totals)
    low = min(totals)
    for step in range(1, n):
        player = (previous_dealer + step) % n
        if totals[player] == low:
            return player
    return previous_dealer  # met last


def rank_players(totals: Sequence[int], hand_scores: Sequence[Sequence[int]]) -> list[int]:
    """D6: players best first, by total, then the most recent hand's score, then
    the hand before it and so on, then seat order."""
    recent = list(reversed(hand_scores))
    return sorted(range(len(totals)), key=lambda p: (-totals[p], *(-hand[p] for hand in recent), p))


def next_dealer(
    settings: Settings, number: int, previous_dealer: int, totals: Sequence[int], hand_scores: Sequence[Sequence[int]]
) -> int:
    """The dealer of hand ``number`` (at least 1), given the game so far."""
    mode = settings.mode
    if mode == "basic5" or (mode == "three-short" and number == 3):
        return lowest_total_dealer(totals, previous_dealer)  # D1, D9
    if mode == "chinkway10" and number == 10:
        return rank_players(totals, hand_scores)[2]  # D6
    return (previous_dealer + 1) % settings.players  # to the left; D10 for two


def winners(settings: Settings, totals: Sequence[int]) -> tuple[int, ...]:
    """The winning players: basic5's two highest totals (P1); in ``four`` both
    partners of the side with the highest sum of totals (D12); else the highest (D11)."""
    partnerships = game_partnerships(settings)
    if partnerships:
        scores = [sum(totals[p] for p in side) for side in partnerships]
        return tuple(sorted(p for side, score in zip(partnerships, scores) if score == max(scores) for p in side))
    ordered = sorted(totals, reverse=True)
    threshold = ordered[1] if settings.mode == "basic5" else ordered[0]
    return tuple(p for p, total in enumerate(totals) if total >= threshold)


def game_partnerships(settings: Settings) -> tuple[tuple[int, ...], ...]:
    """The partnerships that last the whole game (``four``: partners face each other,
    players p and p + 2), empty where sides change from hand to hand or a player
    plays with a dummy. A partnership's score is the sum of its players' totals (D12)."""
    return ((0, 2), (1, 3)) if settings.mode == "four" else ()


def barred_from_doubling(totals: Sequence[int]) -> frozenset[int]:
    """D7: every player whose total equals the highest may not double; nobody
    when all totals are equal (as at the first hand)."""
    top = max(totals)
    if min(totals) == top:
        return frozenset()
    return frozenset(p for p, total in enumerate(totals) if total == top)


def triangular(collected: int) -> int:
    """Points for ``collected`` matching cards: 1, 3, 6, 10, 15."""
    return collected * (collected + 1) // 2
