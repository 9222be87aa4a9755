"""What one Papillon player may know (§4 of ``docs/PAPILLON.md``, P-D25), and Papillon as a
game of the site (:data:`PAPILLON_RULES`, a :class:`farfalia.core.interface.Rules`).

Public: everything placed, taken or discarded (the table, the piles, the orange layout),
every hand's size and, in the orange round, how many of its cards have orange backs, the
draw pile's size and how many orange cards lie on its top, the scores. Private: the other
hands, and the order of every undealt card.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Final

from farfalia.core.errors import ViewError
from farfalia.games.papillon.engine.cards import BLUE, ORANGE, deck_of
from farfalia.games.papillon.engine.game import (
    PapillonChance,
    PapillonGame,
    blue_actions,
    crowded,
    offered_blue_actions,
    pile_points,
)
from farfalia.games.papillon.engine.rules import PapillonSettings


@dataclass(frozen=True)
class PapillonView:
    """One player's view of a Papillon game."""

    settings: PapillonSettings
    player: int
    colour: str
    phase: str
    to_act: int | None
    #: The legal actions (none unless the player decides now); None for a blue turn's, which
    #: follow from the hand and the table and are found when first asked (:attr:`legal_actions`).
    actions: tuple[int, ...] | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    orange_backs: tuple[int, ...]
    sides: tuple[int, ...]
    direction: int
    starter: int
    # blue round
    table: tuple[int, ...]
    set_aside: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    last_capturer: int | None
    deals_done: int
    undealt: int
    # orange round
    layout: tuple[tuple[int, ...], ...]
    draw_pile: int
    draw_pile_orange: int
    tour: int
    carnage: bool
    attack: tuple[int, int] | None
    counter_open: bool
    #: The player whose Chat Noir's attack the player to act answers now, None if none.
    attacked_by: int | None
    tour_points: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    #: The last roll of the dice: who rolled, and each one's pair (blue, orange).
    last_roll: tuple[tuple[int, ...], tuple[tuple[int, int], ...]] | None
    #: The game's public state (:meth:`~farfalia.games.papillon.engine.game.PapillonGame.public_state`),
    #: from which a search builds the worlds this view could be looking at.
    public: dict[str, object] = field(repr=False)
    #: Every hand, when all are seen (a replay's view of every hand); empty in a seat's view.
    hands: tuple[tuple[int, ...], ...] = ()

    @cached_property
    def legal_actions(self) -> tuple[int, ...]:
        """The player's legal actions, ascending (a blue turn's from the hand and the table);
        :class:`~farfalia.core.errors.TooManyActionsError` at a crowded table (:attr:`crowded`)."""
        if self.actions is not None:
            return self.actions
        return blue_actions(self.hand, self.table, self.settings.yang, self.settings.forced_capture)

    @cached_property
    def offered_actions(self) -> tuple[int, ...]:
        """The actions to choose among: the legal actions, or at a crowded blue table a selection
        (:func:`~farfalia.games.papillon.engine.game.offered_blue_actions`; a search finds them in steps
        first)."""
        if self.actions is not None:
            return self.actions
        return offered_blue_actions(self.hand, self.table, self.settings.yang, self.settings.forced_capture)

    @cached_property
    def crowded(self) -> bool:
        """Whether the player decides at a blue table whose captures are too many to list."""
        return self.actions is None and crowded(self.hand, self.table, self.settings.yang)

    def points_so_far(self, seat: int) -> int:
        """The points ``seat`` has so far in the round under way: in the blue round its side's
        pile's (its cards', the Yin and Yang's, the Chat Noir's once it is taken; the most cards'
        10 and the ambulance come at the round's end, P-R23, P-R25); in the orange round its own
        (the penalties of the tours others won, P-R39; its cards in hand are counted at the end, P-R43)."""
        if self.colour == "orange":
            return self.tour_points[seat]
        side = self.sides[seat]
        chat_noir = self.public.get("chat_noir") or []
        assert isinstance(chat_noir, list)
        return sum(pile_points(self.piles[side])) + (chat_noir[side] if side < len(chat_noir) else 0)

    def public_cards(self) -> set[int]:
        """Every card this view names (the player's own hand and what lies face up)."""
        found = set(self.hand) | set(self.table) | set(self.set_aside)
        for pile in (*self.piles, *self.layout):
            found |= set(pile)
        return found


def seat_view(game: PapillonGame, player: int, deciding: bool = True) -> PapillonView:
    """What ``player`` may know now, nothing more; with ``deciding`` False, a view to look at
    (a replay's), without the legal actions a decision needs (a blue table that discards have
    filled offers over 150,000)."""
    if not 0 <= player < game.players:
        raise ViewError(f"player {player!r} is not at this table of {game.players}")
    to_act = game.current_player()
    pile = game.draw_pile
    orange_on_top = next((index for index, card in enumerate(pile) if deck_of(card) != ORANGE), len(pile))
    blue_turn = deciding and to_act == player and game.phase == "blue"  # its actions found when asked
    return PapillonView(
        settings=game.settings,
        player=player,
        colour=game.colour,
        phase=game.phase,
        to_act=to_act if to_act >= 0 else None,
        actions=None if blue_turn else tuple(game.legal_actions()) if deciding and to_act == player else (),
        hand=tuple(sorted(game.hands[player])),
        hand_sizes=tuple(len(hand) for hand in game.hands),
        orange_backs=tuple(sum(deck_of(card) == ORANGE for card in hand) for hand in game.hands),
        sides=tuple(game.sides),
        direction=game.direction,
        starter=game.starter,
        table=tuple(game.table),
        set_aside=tuple(game.set_aside),
        piles=tuple(tuple(pile) for pile in game.piles),
        last_capturer=game.last_capturer,
        deals_done=game.deals_done,
        undealt=len(game.deck),
        layout=tuple(tuple(place) for place in game.layout),
        draw_pile=len(pile),
        draw_pile_orange=orange_on_top,
        tour=game.tour,
        carnage=game.carnage,
        attack=game.attack,
        counter_open=game.counter_open,
        attacked_by=game.attacked_by,
        tour_points=tuple(game.tour_points),
        round_scores=tuple(game.round_scores()),
        last_roll=game.last_roll,
        public=game.public_state(),
    )


def at_round_end(view: PapillonView, finished: int) -> PapillonView:
    """``view`` of a game between rounds (:meth:`~PapillonGame.between_rounds`) as round
    ``finished`` left it: in that round's colour, not in the next one's, which the game already
    counts as under way."""
    return dataclasses.replace(view, colour=view.settings.colours[finished])


def all_hands_view(game: PapillonGame, seat: int = 0) -> PapillonView:
    """The game seen with every hand open (a replay's, to look at), ``seat`` at the bottom
    throughout (the table does not turn from step to step)."""
    view = seat_view(game, seat, deciding=False)
    return dataclasses.replace(view, hands=tuple(tuple(sorted(hand)) for hand in game.hands))


class PapillonRules:
    """Papillon's rules for the site's replays, saves, session and viewer."""

    name = "papillon"

    def players(self, settings: PapillonSettings) -> int:
        """How many players ``settings`` seat."""
        return settings.players

    def new(
        self, settings: PapillonSettings, seed: int, chance: Iterable[PapillonChance] = (), draw: bool = True
    ) -> PapillonGame:
        """A game from its settings and seed (see :class:`~farfalia.games.papillon.engine.game.PapillonGame`)."""
        return PapillonGame(settings, seed, chance, draw)

    def seat_view(self, game: PapillonGame, player: int) -> PapillonView:
        """What ``player`` may know now."""
        return seat_view(game, player)


#: The one instance: Papillon's rules.
PAPILLON_RULES: Final = PapillonRules()


def hidden_twin(game: PapillonGame, player: int, rng: random.Random) -> PapillonGame:
    """A copy of ``game`` whose cards hidden from ``player`` (the other hands, the undealt cards,
    the draw pile) are dealt anew among the same places, each card's back kept (a blue card's
    place takes a blue card): a sound view cannot tell the two apart (the conformance suite's
    secrecy check)."""
    twin = copy.deepcopy(game)
    places = [hand for seat, hand in enumerate(twin.hands) if seat != player] + [twin.deck, twin.draw_pile]
    for deck in (BLUE, ORANGE):
        pool = [card for place in places for card in place if deck_of(card) == deck]
        rng.shuffle(pool)
        for place in places:
            for index, card in enumerate(place):
                if deck_of(card) == deck:
                    place[index] = pool.pop()
    return twin
