"""What one seat may know: the information set the UI and the bots work from.

:func:`seat_view` holds a player's own hand, every dummy's face-up cards, the
trick in progress and the hand's past tricks, collections, proposal, trump,
scores and decisions already revealed. It never holds another player's hand, a
dummy's face-down cards, the dealer's discards (but for the dealer), an unplayed
wild card of another player, or a Double You decision not yet revealed.
:func:`omniscient_view` shows everything, for finished games and replays.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from farfalia.core.codes import bits_of
from farfalia.core.errors import ViewError
from farfalia.games.farfalia.engine.actions import Action
from farfalia.games.farfalia.engine.cards import FIRST_WILD, WILD_COUNT, mask_of
from farfalia.games.farfalia.engine.game import Game, Turn
from farfalia.games.farfalia.engine.rules import HandPlan, Settings
from farfalia.games.farfalia.engine.state import (
    DOUBLE_PHASE,
    DRAW_DEALER,
    TRUMP_UNSET,
    HandResult,
    State,
    Trick,
    trick_plays,
)

#: Stands for a card the viewer may not see.
HIDDEN = -2
#: No card at this place (a dummy column already played).
EMPTY = -1


@dataclass(frozen=True)
class SeatInfo:
    """One place at the table as the viewer sees it.

    ``hand`` is None when hidden (``hand_size`` still counts it). A dummy's
    ``layout`` is its seven columns ``(down, up)``: a card, :data:`HIDDEN` for a
    face-down card, or :data:`EMPTY`.
    """

    position: int
    seat: int
    controller: int
    side: int
    is_dummy: bool
    hand: tuple[int, ...] | None
    hand_size: int
    layout: tuple[tuple[int, int], ...] | None
    collection: tuple[int, ...]
    wild: int | None


@dataclass(frozen=True)
class View:
    """A seat's (``viewer``) or the omniscient (``viewer`` None) view of a game."""

    settings: Settings
    viewer: int | None
    phase: str
    hand_number: int
    plan: HandPlan | None
    to_act: Turn | None
    legal_actions: tuple[Action, ...]
    seats: tuple[SeatInfo, ...]
    discards: tuple[int, ...] | None
    trump: int | None
    proposal: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    tricks: tuple[Trick, ...]
    pickable: tuple[int, ...]
    burnt: tuple[int, ...]
    totals: tuple[int, ...]
    results: tuple[HandResult, ...]
    doubles_left: tuple[int, ...]
    doubling: tuple[bool | None, ...]
    winners: tuple[int, ...]
    led: int | None
    #: For the deciding viewer only: why each card cannot be played or taken
    #: (reason codes of :meth:`Game.play_reasons` and :meth:`Game.pick_reasons`).
    reasons: dict[int, str | None]

    def seat(self, seat: int) -> SeatInfo:
        """The :class:`SeatInfo` of ``seat``."""
        return next(info for info in self.seats if info.seat == seat)


def seat_view(game: Game, player: int) -> View:
    """What ``player`` may know now."""
    if not 0 <= player < game.settings.players:
        raise ViewError(f"player {player} is not in this game (0..{game.settings.players - 1})")
    return _view(game, player)


def omniscient_view(game: Game) -> View:
    """Everything, hidden cards included: for finished games and replays."""
    return _view(game, None)


def _view(game: Game, viewer: int | None) -> View:
    state = game.state
    plan = state.plan if state.phase != DRAW_DEALER else None  # no hand before the first dealer is drawn
    all_seen = viewer is None
    turn = game.to_act()
    deciding = all_seen or (turn is not None and turn.player == viewer)
    seats: list[SeatInfo] = []
    if plan is not None and state.dealt:
        seats = [_seat_info(game, pos, viewer) for pos in range(plan.positions)]
    dealer_sees = all_seen or (plan is not None and viewer == plan.dealer)
    revealed = state.phase != DOUBLE_PHASE
    # D7: decisions are secret until all are made, then revealed together.
    doubling = tuple(choice if revealed or all_seen or p == viewer else None for p, choice in enumerate(state.doubling))
    trump = None if state.trump == TRUMP_UNSET else state.trump
    trick_start = state.leader
    positions = plan.positions if plan is not None else 0
    return View(
        settings=game.settings,
        viewer=viewer,
        phase=game.phase,
        hand_number=plan.number if plan is not None else 0,
        plan=plan,
        to_act=turn,
        legal_actions=tuple(game.legal_actions()) if deciding else (),
        seats=tuple(seats),
        discards=tuple(state.discards) if dealer_sees else None,
        trump=trump,
        proposal=state.proposal,
        trick=tuple(trick_plays(trick_start, state.trick, positions)),
        tricks=tuple(state.tricks),
        pickable=state.pickable,
        burnt=state.burnt,
        totals=tuple(state.totals),
        results=tuple(state.results),
        doubles_left=tuple(state.doubles_left),
        doubling=doubling,
        winners=state.winners,
        led=state.led if state.trick else None,
        reasons={**game.play_reasons(), **game.pick_reasons()} if deciding else {},
    )


def _seat_info(game: Game, pos: int, viewer: int | None) -> SeatInfo:
    state = game.state
    plan = state.plan
    seat, dummy = plan.seats[pos], plan.dummies[pos]
    hand_mask = state.hands[pos]
    cards = tuple(bits_of(hand_mask))
    own = viewer is None or (not dummy and seat == viewer)
    face_down = _face_down(state, pos)
    if dummy:
        # Face-up cards are public; face-down ones are seen by nobody but the omniscient view.
        hand: tuple[int, ...] | None = tuple(sorted(cards + face_down)) if viewer is None else cards
        layout = _dummy_layout(game, pos, viewer is None)
    else:
        hand, layout = (cards if own else None), None
    size = len(cards) + len(face_down)
    dealt_wild = state.wilds[pos] if state.wilds else EMPTY
    if dealt_wild == EMPTY:
        wild = None
    elif own or not hand_mask >> dealt_wild & 1:
        wild = dealt_wild  # the viewer's own, or already played face up
    else:
        wild = HIDDEN  # still in another player's hand: unseen (D8)
    return SeatInfo(
        position=pos,
        seat=seat,
        controller=plan.controllers[pos],
        side=plan.sides[pos],
        is_dummy=dummy,
        hand=hand,
        hand_size=size,
        layout=layout,
        collection=tuple(state.collections[pos]),
        wild=wild,
    )


def _dummy_layout(game: Game, pos: int, all_seen: bool) -> tuple[tuple[int, int], ...]:
    """The dummy's columns as they lie: face-down cards stay hidden until turned (D3)."""
    state = game.state
    dealt = state.dealt[pos]
    in_hand = state.hands[pos]
    covered = set(_face_down(state, pos))
    columns = []
    for col in range(7):
        up = dealt[6 + col]
        up_shown = up if in_hand >> up & 1 else EMPTY
        if col == 6:
            columns.append((EMPTY, up_shown))
            continue
        down = dealt[col]
        if down in covered:
            down_shown = down if all_seen else HIDDEN
        else:
            down_shown = down if in_hand >> down & 1 else EMPTY
        columns.append((down_shown, up_shown))
    return tuple(columns)


def _face_down(state: State, pos: int) -> tuple[int, ...]:
    """A dummy's cards still face down: covered, or uncovered but not yet turned (D3)."""
    return tuple(state.covers[pos].values()) + tuple(down for p, down in state.pending_reveals if p == pos)


def visible_cards(view: View) -> set[int]:
    """Every card code the view shows (for tests of hidden information)."""
    seen: set[int] = set()
    for info in view.seats:
        seen.update(info.hand or ())
        seen.update(info.collection)
        if info.layout:
            seen.update(c for column in info.layout for c in column if c >= 0)
        if info.wild is not None and info.wild >= 0:
            seen.add(info.wild)
    seen.update(view.discards or ())
    seen.update(card for _, card in view.trick)
    for trick in view.tricks:
        seen.update(trick.cards)
    return seen


def with_state(game: Game, state: State) -> Game:
    """A copy of ``game`` standing on ``state`` (to take views of a changed state)."""
    twin = Game.__new__(Game)
    twin.__dict__.update(game.__dict__)
    twin._state = state
    return twin


def hidden_twin(game: Game, player: int, rng: random.Random) -> Game:
    """A copy of ``game`` whose cards hidden from ``player`` are dealt anew among the same
    hidden places (other hands, dummies' face-down cards, the dealer's discards, unplayed wild
    cards, undisclosed doubles): the same counts, so a sound view cannot tell the two apart (the
    conformance suite's secrecy check)."""
    twin = with_state(game, game.state.copy())
    state = twin.state
    plan = state.plan
    if plan is None or not state.dealt:
        return twin
    hidden_positions = [pos for pos, seat in enumerate(plan.seats) if not plan.dummies[pos] and seat != player]
    pool: list[int] = []
    for pos in hidden_positions:
        pool += [c for c in bits_of(state.hands[pos]) if c < FIRST_WILD]
    for cover in state.covers:
        pool += list(cover.values())
    pool += [card for _, card in state.pending_reveals]
    dealer_hidden = plan.dealer != player
    if dealer_hidden:
        pool += state.discards
    rng.shuffle(pool)
    for pos in hidden_positions:
        hand = state.hands[pos]
        suit_count = len([c for c in bits_of(hand) if c < FIRST_WILD])
        state.hands[pos] = (hand & ~((1 << FIRST_WILD) - 1)) | mask_of(pool[:suit_count])
        del pool[:suit_count]
    state.covers = [{up: pool.pop() for up in cover} for cover in state.covers]
    renamed = [(pos, old, pool.pop()) for pos, old in state.pending_reveals]
    state.pending_reveals = [(pos, new) for pos, _, new in renamed]
    # Keep each dummy's dealt layout consistent with its new face-down cards.
    dealt = list(state.dealt)
    for pos, cover in enumerate(state.covers):
        if plan.dummies[pos]:
            layout = list(dealt[pos])
            for col in range(6):
                up = layout[6 + col]
                if up in cover:
                    layout[col] = cover[up]
            for p, old, new in renamed:
                if p == pos:
                    layout[layout.index(old)] = new
            dealt[pos] = tuple(layout)
    state.dealt = tuple(dealt)
    if dealer_hidden:
        state.discards = [pool.pop() for _ in state.discards]
    # Unplayed wild cards of others, and the ones set aside: any of them could be anywhere.
    if state.wilds:
        held = [pos for pos in hidden_positions if state.hands[pos] >> state.wilds[pos] & 1]
        in_hands = {
            state.wilds[pos]
            for pos, hand in enumerate(state.hands)
            if state.wilds[pos] != -1 and hand >> state.wilds[pos] & 1
        }
        unseen = [w for w in range(FIRST_WILD, FIRST_WILD + WILD_COUNT) if w not in in_hands and w not in state.wilds]
        candidates = [state.wilds[pos] for pos in held] + unseen
        rng.shuffle(candidates)
        wilds = list(state.wilds)
        for pos in held:
            new = candidates.pop()
            state.hands[pos] = state.hands[pos] & ~(1 << wilds[pos]) | 1 << new
            wilds[pos] = new
        state.wilds = tuple(wilds)
    # Double You decisions not yet revealed (D7).
    if state.phase == DOUBLE_PHASE:
        state.doubling = [rng.random() < 0.5 if p != player else d for p, d in enumerate(state.doubling)]
    assert not pool
    return twin
