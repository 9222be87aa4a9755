"""Papillon in words: its cards, the orange layout's places and every decision, told as the
table's buttons offer them ("Take 10 of Éléments (22 − 10 = 12)") or as they were taken
("Anna plays Moins + Yin and takes …"); and which plays the bar offers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from farfalia.core.codes import bits_of
from farfalia.games.papillon.bots.heuristic import ranked
from farfalia.games.papillon.engine.captures import equation
from farfalia.games.papillon.engine.cards import BASIC_COUNT, CHRYSALIDE, PAPILLON, card_name, face
from farfalia.games.papillon.engine.game import (
    BLUE_MOVES,
    CLOCKWISE,
    COUNTERCLOCKWISE,
    NO_NUMBER,
    ORANGE_MOVES,
    PARTNERS,
    PLACE_NAMES,
    TAKE_ATTACK,
    PapillonGame,
    action_name,
    blue_masks,
    split_blue,
    split_orange,
)
from farfalia.games.papillon.engine.views import seat_view
from farfalia.ui.seating import PUT_BACK
from farfalia.ui.texts import join_names, text

#: The family names, kept as the game's own (proper names, like the game's).
FAMILY_NAMES: Final = ("Éléments", "Découvertes", "Serpents", "Formes")
ATOUT_NAMES: Final = (
    "Couteau Suisse",
    "Chat Noir",
    "Chenille",
    "Chrysalide",
    "Papillon",
    "Plus",
    "Moins",
    "Multiplier/Diviser",
    "Yin",
    "Yang",
)
#: Plays offered as buttons at most, where there are more (a blue table that discards have filled
#: offers thousands with one card): the heuristic's likeliest; a real game's table rarely offers 40.
MOST_OFFERED: Final = 40
#: A picked-up card's action prefix (``pick:E5``), and letting it go.
PICK: Final = "pick:"
DROP: Final = PUT_BACK


def card_words(card: int) -> str:
    """A card's name for people: "5 of Serpents", "Chat Noir"."""
    kind = face(card)
    if kind < BASIC_COUNT:
        return text("pa.card", number=kind % 12, family=FAMILY_NAMES[kind // 12])
    return ATOUT_NAMES[kind - BASIC_COUNT]


def place_words(place: int) -> str:
    """A place of the orange layout, in words."""
    name = PLACE_NAMES[place]
    if name.startswith("sign"):
        return text("pa.place.sign", number=name[-1])
    if name.startswith("S"):
        return text("pa.place.sequence", number=name[-1])
    return text(f"pa.place.{name}")


class LastPlay(NamedTuple):
    """A decision taken at a table: who took it, the action, the blue table before it, and the
    player whose Chat Noir's attack it answered (None: none)."""

    player: int
    action: int
    table: tuple[int, ...]
    answered: int | None = None

    @classmethod
    def before(cls, game: PapillonGame, action: int) -> LastPlay:
        """``action`` as it is about to be taken at ``game``."""
        return cls(game.current_player(), action, tuple(game.table), game.attacked_by)


def play_words(play: LastPlay, yang: int, names: Sequence[str]) -> str:
    """A decision taken, told as it happened: "Anna plays 5 of Formes and takes 5 of Serpents
    (5 = 5)."."""
    return action_words(play.action, play.table, yang, names, by=names[play.player])


def action_words(
    action: int, table: Sequence[int], yang: int, names: Sequence[str], played: bool = False, by: str | None = None
) -> str:
    """What ``action`` does, in words (a capture with its arithmetic; with ``played``, with the
    cards it plays too: for a hint, where no card has been picked); told as taken ``by`` a player
    ("Anna lays …"), with the cards it plays."""

    def words(key: str, **fields: object) -> str:
        return text(f"pa.{key}", **fields) if by is None else text(f"pa.told.{key}", name=by, **fields)

    if action in (CLOCKWISE, COUNTERCLOCKWISE):
        return words("clockwise" if action == CLOCKWISE else "counterclockwise")
    if action == TAKE_ATTACK:
        return words("draw-three")
    if action < ORANGE_MOVES:
        chosen = [names[seat] for seat in range(len(names)) if (action - PARTNERS) >> seat & 1]
        return words("partners", names=join_names(chosen))
    if action < BLUE_MOVES:
        card, place, number = split_orange(action)
        if number != NO_NUMBER:
            return words("place-as", card=card_words(card), number=number, place=place_words(place))
        return words("place", card=card_words(card), place=place_words(place))
    capture = split_blue(action)
    played_cards = " + ".join(card_words(card) for card in sorted(capture.played))
    if capture.played == {CHRYSALIDE}:
        return words("chrysalide")
    if not capture.taken:
        return words("lay", card=played_cards)
    taken = ", ".join(card_words(card) for card in sorted(capture.taken))
    if PAPILLON in capture.played:
        return words("papillon-takes", cards=taken)
    if played or by is not None:
        return words("play-take", played=played_cards, cards=taken, equation=equation(capture, table, yang))
    return words("take", cards=taken, equation=equation(capture, table, yang))


def offered(game: PapillonGame, actions: Sequence[int]) -> Sequence[int]:
    """Of ``actions`` (the player to act's), those to offer as buttons: all, or, where there are
    more than :data:`MOST_OFFERED`, the heuristic's likeliest first (it sees the actor's seat)."""
    if len(actions) <= MOST_OFFERED:
        return actions
    return ranked(seat_view(game, game.current), MOST_OFFERED, actions)


def papillon_hint_target(action: int, picked: int | None = None) -> str:
    """What the page marks for a hint: the hand card the action plays, else (a table's
    decision, or the card already ``picked`` up) its button."""
    cards = card_of(action)
    return PICK + card_name(cards[0]) if cards and cards[0] != picked else action_name(action)


def card_of(action: int) -> tuple[int, ...]:
    """The hand cards an action plays (none for the table's decisions)."""
    if action >= BLUE_MOVES:
        return tuple(bits_of(blue_masks(action)[0]))
    if action >= ORANGE_MOVES:
        return (split_orange(action)[0],)
    return ()
