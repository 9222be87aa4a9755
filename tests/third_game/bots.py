"""Plain Tricks' bots: a heuristic (win the trick as cheaply as it can, else throw the lowest
card), a random bot, and the search model the generic searching bot uses; its tournaments' deal
is a whole game; and the replays worth fuzzing."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from farfalia.bots.review import Thresholds
from farfalia.bots.roster import named_bot
from farfalia.bots.search import SearchBot
from farfalia.core.interface import random_play
from tests.third_game.engine import (
    DECK,
    HAND,
    RANKS,
    TRICKS_RULES,
    TricksGame,
    TricksSettings,
    TricksView,
    card_name,
    seat_view,
)
from tests.third_game.records import encode

#: Playouts a decision of the strong bot (a small game: few are needed).
PLAYOUTS: Final = 60


class HeuristicBot:
    """The cheapest card that wins the trick, else the lowest."""

    def choose(self, view: TricksView, rng: random.Random) -> int:
        legal = sorted(view.legal_actions)
        if view.trick:
            led = view.trick[0][1] // RANKS
            best = max(card for _, card in view.trick if card // RANKS == led)
            winning = [card for card in legal if card // RANKS == led and card > best]
            if winning:
                return winning[0]
        return min(legal, key=lambda card: card % RANKS)


class RandomBot:
    """Any legal card."""

    def choose(self, view: TricksView, rng: random.Random) -> int:
        return rng.choice(sorted(view.legal_actions))


class Worlds:
    """The hands the view does not show, dealt at random among the other players."""

    def __init__(self, view: TricksView) -> None:
        self.view = view

    def sample(self, rng: random.Random) -> TricksGame:
        view = self.view
        game = TricksGame(view.settings, 0, draw=False)
        seen = set(view.hand) | set(view.played)
        unseen = [card for card in range(DECK) if card not in seen]
        rng.shuffle(unseen)
        for player, size in enumerate(view.hand_sizes):
            if player == view.player:
                game.hands[player] = list(view.hand)
            else:
                game.hands[player], unseen = sorted(unseen[:size]), unseen[size:]
        game.trick, game.played, game.points = list(view.trick), list(view.played), list(view.points)
        game.leader = view.trick[0][0] if view.trick else view.to_act
        game.scores = [list(score) for score in view.round_scores]  # type: ignore[misc]
        return game


class TricksSearch:
    """Plain Tricks' :class:`~farfalia.bots.search.SearchModel`: every legal card, played out to
    the round's end at random."""

    def prepare(self, view: TricksView) -> Iterator[None]:
        return iter(())

    def candidates(self, view: TricksView) -> tuple[int, ...]:
        return view.legal_actions if len(view.legal_actions) > 1 else ()

    def prior(self, view: TricksView, rng: random.Random) -> int:
        return HeuristicBot().choose(view, rng)

    def sampler(self, view: TricksView) -> Worlds:
        return Worlds(view)

    def budget(self, view: TricksView, playouts: int) -> int:
        return playouts

    def playout(self, view: TricksView, world: TricksGame, action: int, luck: float) -> float:
        game = copy.deepcopy(world)
        rounds = len(game.scores)
        rng = random.Random(int(luck * 2**53))  # an int: a float seeds by its hash, 32-bit in Pyodide
        game.apply(action, check=False)
        while len(game.scores) == rounds and game.current_player() >= 0:
            game.apply(rng.choice(game.legal_actions()), check=False)
        points = game.scores[rounds] if len(game.scores) > rounds else game.points
        others = [p for p in range(game.players) if p != view.player]
        return points[view.player] - sum(points[p] for p in others) / len(others)


TRICKS_SEARCH: Final = TricksSearch()


class TricksSearchBot(SearchBot):
    """The strong bot: the search with :data:`PLAYOUTS` playouts a decision."""

    model = TRICKS_SEARCH

    def __init__(self, playouts: int = PLAYOUTS) -> None:
        super().__init__(playouts)


#: The review's (:class:`~farfalia.bots.review.Reviewing`): the search model, its budget, the grades.
model: Final = TRICKS_SEARCH
playouts: Final = 120
thresholds: Final = Thresholds(inaccuracy=0.5, mistake=1.0, blunder=2.0)


def compared(view: TricksView) -> tuple[int, ...]:
    """The search's candidates: every legal card."""
    return TRICKS_SEARCH.candidates(view)


class TrueHands:
    """The hands as they are."""

    def __init__(self, game: TricksGame) -> None:
        self.game = game

    def sample(self, rng: random.Random) -> TricksGame:
        return copy.deepcopy(self.game)


def all_seen(game: TricksGame, player: int) -> TrueHands:
    """The deal as it is."""
    return TrueHands(game)


def notation(action: int) -> str:
    """A card's name."""
    return card_name(action)


BOTS: Final = {"random": RandomBot, "heuristic": HeuristicBot, "strong": TricksSearchBot}


def bot(name: str) -> Any:
    """A bot of :data:`BOTS` by name."""
    return named_bot(BOTS, name)


def play_deal(
    settings: TricksSettings, seed: int, bots: Sequence[Any], choose: Callable[[Any, int], Any]
) -> tuple[int, ...]:
    """A whole game ``seed`` deals, each decision ``choose(view, player)``'s."""
    game = TricksGame(settings, seed)
    while not game.is_over():
        player = game.current_player()
        game.apply(choose(seat_view(game, player), player))
    return game.returns()


def sample_replays(seed: int) -> list[str]:
    """Whole games and games under way, at two and three players, of random and heuristic play."""
    texts = []
    for players in (2, 3):
        settings = TricksSettings(players)
        game = random_play(TRICKS_RULES, settings, seed + players)
        texts.append(encode(game, [f"P{k}" for k in range(players)]))
        while len(game.actions) > HAND:
            game.undo()
        texts.append(encode(game))
        heuristic, rng = HeuristicBot(), random.Random(seed)
        played = TricksGame(settings, seed)
        while not played.is_over():
            played.apply(heuristic.choose(seat_view(played, played.current_player()), rng))
        texts.append(encode(played))
    return texts
