"""Plain Tricks' rules: a game under way (:class:`TricksGame`, a
:class:`~farfalia.core.interface.Play`), its rules object and its seat views. Each round's deal
is a chance outcome in the history (a :class:`Deal`, drawn from the game's one generator or given)."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from farfalia.core.errors import IllegalActionError, NotationError, SettingsError, ViewError
from farfalia.core.interface import CHANCE, TERMINAL, Progress

SUITS: Final = "ABC"
RANKS: Final = 7
DECK: Final = len(SUITS) * RANKS
HAND: Final = 5
ROUNDS: Final = 2


def card_name(card: int) -> str:
    """``A1`` … ``C7``."""
    return f"{SUITS[card // RANKS]}{card % RANKS + 1}"


def parse_card(text: str) -> int:
    """A card from its name; :class:`NotationError` otherwise."""
    if not isinstance(text, str) or len(text) != 2 or text[0] not in SUITS or text[1] not in "1234567":
        raise NotationError(f"not a card: {text!r:.20}")
    return SUITS.index(text[0]) * RANKS + int(text[1]) - 1


@dataclass(frozen=True)
class TricksSettings:
    """How many play."""

    players: int = 3

    def __post_init__(self) -> None:
        if self.players not in (2, 3):
            raise SettingsError(f"Plain Tricks is for 2 or 3 players, not {self.players!r:.10}")


@dataclass(frozen=True)
class Deal:
    """A round's chance outcome: the deck in the order it is dealt."""

    order: tuple[int, ...]


class TricksGame:
    """A game of Plain Tricks."""

    def __init__(self, settings: TricksSettings, seed: int, chance: Iterable[Deal] = (), draw: bool = True) -> None:
        self.settings, self.seed, self.draw = settings, seed, draw
        self.rng = random.Random(seed)
        #: Every deal given or drawn so far, in order, and how many the game has dealt.
        self.known: list[Deal] = list(chance)
        self.used = 0
        #: Whether its deals were given (a replay's written out): its text writes them out too.
        self.given = bool(self.known)
        self.history: list[Any] = []
        self.hands: list[list[int]] = [[] for _ in range(settings.players)]
        self.trick: list[tuple[int, int]] = []
        self.played: list[int] = []
        self.scores: list[list[int]] = []
        self.points = [0] * settings.players
        self.leader = 0
        self._deal()

    # ------------------------------------------------------------- the protocol

    @property
    def players(self) -> int:
        return self.settings.players

    @property
    def actions(self) -> list[int]:
        return [step for step in self.history if isinstance(step, int)]

    @property
    def chance_left(self) -> int:
        return len(self.known) - self.used

    def current_player(self) -> int:
        if len(self.scores) == ROUNDS:
            return TERMINAL
        if not any(self.hands) and not self.trick:
            return CHANCE
        return (self.leader + len(self.trick)) % self.players

    def legal_actions(self) -> list[int]:
        player = self.current_player()
        if player < 0:
            return []
        hand = self.hands[player]
        if self.trick:
            led = self.trick[0][1] // RANKS
            following = [card for card in hand if card // RANKS == led]
            return sorted(following or hand)
        return sorted(hand)

    def apply(self, action: Any, check: bool = True) -> None:
        if isinstance(action, str):
            action = parse_card(action)
        if check and (type(action) is not int or action not in self.legal_actions()):
            raise IllegalActionError(f"{action!r:.20} is not a legal action now")
        try:
            self._play(action)
        except IllegalActionError:  # the next round's deal, given, breaks the rules: change nothing
            self.undo()
            raise

    def _play(self, action: int) -> None:
        player = self.current_player()
        self.hands[player].remove(action)
        self.trick.append((player, action))
        self.played.append(action)
        self.history.append(action)
        if len(self.trick) == self.players:
            led = self.trick[0][1] // RANKS
            winner = max((card, who) for who, card in self.trick if card // RANKS == led)[1]
            self.points[winner] += 1
            self.leader, self.trick = winner, []
            if not any(self.hands):
                self.scores.append(tuple(self.points))  # type: ignore[arg-type]
                self.points = [0] * self.players
                self.leader = len(self.scores) % self.players
                self.played = []
                if len(self.scores) < ROUNDS:
                    self._deal()

    def undo(self) -> int:
        actions = self.actions
        if not actions:
            raise IllegalActionError("nothing to undo")
        again = TricksGame(self.settings, self.seed, self.known, draw=False)  # the deals met stay as dealt
        for action in actions[:-1]:
            again.apply(action, check=False)
        again.draw, again.rng, again.given = self.draw, self.rng, self.given
        self.__dict__.update(again.__dict__)
        return actions[-1]

    def decisions(self) -> list[tuple[int, int]]:
        out, game = [], TricksGame(self.settings, self.seed, self.known, draw=False)
        for action in self.actions:
            out.append((game.current_player(), len(game.scores)))
            game.apply(action, check=False)
        return out

    def is_over(self) -> bool:
        return len(self.scores) == ROUNDS

    def returns(self) -> tuple[int, ...]:
        return tuple(sum(score[p] for score in self.scores) for p in range(self.players))

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.is_over():
            return ()
        best = max(self.returns())
        return tuple(p for p, total in enumerate(self.returns()) if total == best)

    def round_scores(self) -> list[tuple[int, ...]]:
        return [tuple(score) for score in self.scores]

    def progress(self) -> Progress:
        return Progress(len(self.scores), len(self.played) // self.players)

    # ----------------------------------------------------------------- chance

    def _deal(self) -> None:
        if self.used < len(self.known):
            deal = self.known[self.used]
            if not isinstance(deal, Deal) or sorted(deal.order) != list(range(DECK)):
                raise IllegalActionError(f"a deal of the {DECK} cards is due, not {deal!r:.40}")
        elif self.draw:
            order = list(range(DECK))
            self.rng.shuffle(order)
            deal = Deal(tuple(order))
            self.known.append(deal)
        else:
            return
        self.used += 1
        self.history.append(deal)
        for player in range(self.players):
            self.hands[player] = sorted(deal.order[player * HAND : (player + 1) * HAND])


@dataclass(frozen=True)
class TricksView:
    """What one player may know: their hand, every hand's size, the trick, the cards played this
    round, the scores, and their legal actions when it is their turn."""

    settings: TricksSettings
    player: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    played: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    to_act: int
    legal_actions: tuple[int, ...]


def seat_view(game: TricksGame, player: int) -> TricksView:
    """What ``player`` may know now."""
    if not 0 <= player < game.players:
        raise ViewError(f"player {player} is not in this game")
    to_act = game.current_player()
    return TricksView(game.settings, player, tuple(game.hands[player]), tuple(len(h) for h in game.hands),
                      tuple(game.trick), tuple(game.played), tuple(game.round_scores()), tuple(game.points),
                      to_act, tuple(game.legal_actions()) if to_act == player else ())  # fmt: skip


def hidden_twin(game: TricksGame, player: int, rng: random.Random) -> TricksGame:
    """The game with the cards ``player`` cannot see (the other hands, the cards not dealt) dealt
    again among them."""
    twin = copy.deepcopy(game)
    others = [p for p in range(game.players) if p != player]
    seen = {card for hand in game.hands for card in hand} | set(game.played)
    pool = [card for p in others for card in twin.hands[p]] + [card for card in range(DECK) if card not in seen]
    rng.shuffle(pool)
    for p in others:
        size = len(twin.hands[p])
        twin.hands[p], pool = sorted(pool[:size]), pool[size:]
    return twin


class TricksRules:
    """Plain Tricks' :class:`~farfalia.core.interface.Rules`."""

    name = "tricks"

    def players(self, settings: TricksSettings) -> int:
        return settings.players

    def new(self, settings: TricksSettings, seed: int, chance: Iterable[Deal] = (), draw: bool = True) -> TricksGame:
        return TricksGame(settings, seed, chance, draw)

    def seat_view(self, game: TricksGame, player: int) -> TricksView:
        return seat_view(game, player)


TRICKS_RULES: Final = TricksRules()


def replayed(settings: TricksSettings, seed: int, actions: Sequence[int], chance: Sequence[Deal] = ()) -> TricksGame:
    """A game from its settings, seed (or given deals) and actions, each checked."""
    game = TricksGame(settings, seed, chance)
    for action in actions:
        game.apply(action)
    return game
