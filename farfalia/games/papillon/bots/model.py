"""Papillon's search model (:class:`~farfalia.bots.search.SearchModel`) and its strong bot: the
same determinized search as Farfalia's. It deals the cards the view hides (other hands, the
undealt cards, the draw pile, honouring the orange backs it shows) at random, plays each
candidate out for a few turns with random actions and values the position then: the blue points
each side has taken, or the cost of each side's hands in the orange round.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import ClassVar, Final, NamedTuple

from farfalia.bots.search import Sampler, Search, SearchBot
from farfalia.games.papillon.bots.heuristic import COUTEAU_COST, pile_worth, ranked
from farfalia.games.papillon.engine.cards import BLUE, COUTEAU, ORANGE, deck_cards, face, hand_value
from farfalia.games.papillon.engine.game import PapillonGame, offered_blue_actions_in_steps
from farfalia.games.papillon.engine.views import PapillonView

#: Candidates the search compares at most (the heuristic's best); the blue round can offer dozens.
MOST_CANDIDATES: Final = 8
#: At five players, the heuristic's best 4 only, each with twice the playouts: with 8, the strong bot
#: was not measurably better than the heuristic over some deals (tournaments: docs/bots.md).
FIVE_PLAYER_CANDIDATES: Final = 4
#: Actions a step of the search's set-up ranks (about 10 ms in the page).
RANK_STEP: Final = 2000
#: Decisions each playout plays on per player at the table before the position is valued.
HORIZON: Final = 3
#: Playouts a decision may use: the thinking time 300 took before the rules core was made twice
#: as fast, measured stronger than 300 at two and four players (docs/bots.md, docs/speed.md).
PAPILLON_PLAYOUTS: Final = 900
#: At five players (three against two), playouts of one turn a player, twice as many: three turns
#: a player said too little about a decision (measured by tournaments: docs/bots.md).
SHORT_HORIZON_PLAYERS: Final = 5


class PapillonSampler:
    """Worlds the view could be looking at: the cards it does not show, dealt at random to
    the places it hides, each of the deck its backs show."""

    def __init__(self, view: PapillonView) -> None:
        self.view = view
        seen = {*view.hand, *view.table, *view.set_aside}
        for group in (*view.piles, *view.layout):
            seen.update(group)
        self.unseen = {deck: [card for card in deck_cards(deck) if card not in seen] for deck in (BLUE, ORANGE)}
        self.others = [player for player in range(view.settings.players) if player != view.player]
        self.round_deck = BLUE if view.colour == "blue" else ORANGE

    def sample(self, rng: random.Random) -> PapillonGame:
        """A full game in the view's public state, with the hidden cards dealt at random."""
        view = self.view
        pools = {deck: rng.sample(cards, len(cards)) for deck, cards in self.unseen.items()}

        def deal(deck: int, count: int) -> list[int]:
            dealt, pools[deck] = pools[deck][:count], pools[deck][count:]
            return dealt

        hands = self._hands(deal)
        deck = deal(self.round_deck, view.undealt)
        draw_pile = deal(ORANGE, view.draw_pile_orange) + deal(BLUE, view.draw_pile - view.draw_pile_orange)
        return PapillonGame.from_public(view.public, hands, deck, draw_pile, rng.getrandbits(32))

    def _hands(self, deal: Callable[[int, int], list[int]]) -> list[list[int]]:
        """Every hand: the view's own, the others' dealt (``deal(deck, count)``) by the backs they show."""
        view = self.view
        hands: list[list[int]] = [[] for _ in range(view.settings.players)]
        hands[view.player] = list(view.hand)
        for player in self.others:
            orange = view.orange_backs[player]
            hands[player] = deal(ORANGE, orange) + deal(BLUE, view.hand_sizes[player] - orange)
        return hands


class HandsSeenDeal(PapillonSampler):
    """Every hand as it is in ``game``; the undealt cards and the draw pile dealt at random, each
    of the deck its backs show: what seeing the other hands is worth, the future's chance apart."""

    def __init__(self, view: PapillonView, game: PapillonGame) -> None:
        super().__init__(view)
        self.hands = [list(hand) for hand in game.hands]
        held = {card for hand in game.hands for card in hand}
        self.unseen = {deck: [card for card in cards if card not in held] for deck, cards in self.unseen.items()}

    def _hands(self, deal: Callable[[int, int], list[int]]) -> list[list[int]]:
        """The hands as they are."""
        return [list(hand) for hand in self.hands]


class TrueDeal:
    """The deal as it is in a game: every hand, the undealt cards and the draw pile in their order."""

    def __init__(self, game: PapillonGame) -> None:
        self.game = game

    def sample(self, rng: random.Random) -> PapillonGame:
        """The game's deal, its later chance drawn from ``rng``."""
        game = self.game
        return PapillonGame.from_public(game.public_state(), game.hands, game.deck, game.draw_pile, rng.getrandbits(32))


class PapillonSearch:
    """Papillon's :class:`~farfalia.bots.search.SearchModel`: the heuristic's best few actions
    are compared on sampled worlds, each played on :data:`HORIZON` turns a player at random."""

    def __init__(self) -> None:
        #: The last view ranked, and its best actions: a search asks for its prior, then its
        #: candidates (a table that discards have filled offers 150,000 captures to rank).
        self._ranked: tuple[PapillonView, list[int]] | None = None

    def prepare(self, view: PapillonView) -> Iterator[None]:
        """Find ``view``'s offered actions in steps, if they are a blue turn's, then rank them,
        :data:`RANK_STEP` a step: the best so far are kept and ranked again with the next
        actions (the same best as ranking all at once)."""
        if self._ranked is not None and self._ranked[0] is view:
            return
        if view.actions is None:
            settings = view.settings
            yield from offered_blue_actions_in_steps(view.hand, view.table, settings.yang, settings.forced_capture)
        actions, best = view.offered_actions, list[int]()
        for start in range(0, len(actions), RANK_STEP):
            best = ranked(view, MOST_CANDIDATES, best + list(actions[start : start + RANK_STEP]))
            yield
        self._ranked = (view, best)

    def _best(self, view: PapillonView, count: int) -> list[int]:
        """The heuristic's best ``count`` actions (at most :data:`MOST_CANDIDATES`)."""
        if self._ranked is None or self._ranked[0] is not view:
            self._ranked = (view, ranked(view, MOST_CANDIDATES))
        return self._ranked[1][:count]

    def candidates(self, view: PapillonView) -> tuple[int, ...]:
        """The heuristic's best actions (:data:`MOST_CANDIDATES`, :data:`FIVE_PLAYER_CANDIDATES` at
        five players), when there is a choice; none at a crowded table, where each playout would
        find thousands of captures at every turn (the heuristic decides alone)."""
        if len(view.offered_actions) < 2 or view.phase not in ("blue", "orange", "attacked") or view.crowded:
            return ()
        five = view.settings.players >= SHORT_HORIZON_PLAYERS
        return tuple(self._best(view, FIVE_PLAYER_CANDIDATES if five else MOST_CANDIDATES))

    def prior(self, view: PapillonView, rng: random.Random) -> int:
        """The heuristic's choice (:class:`PapillonHeuristicBot`'s)."""
        return self._best(view, 1)[0]

    def sampler(self, view: PapillonView) -> Sampler:
        """Worlds consistent with ``view``."""
        return PapillonSampler(view)

    def budget(self, view: PapillonView, playouts: int) -> int:
        """The bot's budget, doubled at five players, where each playout is shorter."""
        return playouts * 2 if view.settings.players >= SHORT_HORIZON_PLAYERS else playouts

    def playout(self, view: PapillonView, world: PapillonGame, action: int, luck: float) -> float:
        """The acting player's margin after ``action`` and a few random turns (one a player
        at five players, :data:`HORIZON` otherwise)."""
        seed = int(luck * 2**32)
        game = PapillonGame.from_public(world.public_state(), world.hands, world.deck, world.draw_pile, seed)
        rounds = len(game.round_scores_)
        game.apply(action, check=False)
        players = view.settings.players
        game.random_playout(random.Random(seed), (1 if players >= SHORT_HORIZON_PLAYERS else HORIZON) * players)
        return margin(game, view.player, rounds)


def margin(game: PapillonGame, player: int, rounds: int) -> float:
    """How far ahead ``player``'s side is in round ``rounds``: its points less the other sides'
    mean, from the score if the round is over, else from the blue piles or the orange hands."""
    sides = game.sides
    if len(game.round_scores_) > rounds:
        points = game.round_scores_[rounds]
        per_side = {sides[seat]: float(points[seat]) for seat in range(game.players)}
    elif game.colour == "blue":
        per_side = {side: pile_worth(pile) for side, pile in enumerate(game.piles)}
    else:
        per_side = {side: 0.0 for side in sides}
        yang = game.settings.yang
        for seat, hand in enumerate(game.hands):
            cost = sum(COUTEAU_COST if face(card) == COUTEAU else hand_value(card, yang) for card in hand)
            per_side[sides[seat]] -= cost + game.tour_points[seat]
    own = sides[player]
    others = [value for side, value in per_side.items() if side != own]
    return per_side[own] - sum(others) / len(others)


#: Papillon's search model.
PAPILLON_SEARCH: Final = PapillonSearch()


class PapillonSearchBot(SearchBot):
    """The strong bot: the search with :data:`PAPILLON_PLAYOUTS` playouts a decision."""

    model = PAPILLON_SEARCH

    def __init__(self, playouts: int = PAPILLON_PLAYOUTS) -> None:
        super().__init__(playouts)


class AllSeen(NamedTuple):
    """What an omniscient bot is shown: the seat's view, and the game itself."""

    view: PapillonView
    game: PapillonGame


class AllSeenSearch(PapillonSearch):
    """The search with the deal as it is for its only world (``hands_only``: the hands as they
    are, the rest dealt at random)."""

    def __init__(self, game: PapillonGame, hands_only: bool = False) -> None:
        super().__init__()
        self.game = game
        self.hands_only = hands_only

    def sampler(self, view: PapillonView) -> Sampler:
        """The deal as it is (or its hands)."""
        return HandsSeenDeal(view, self.game) if self.hands_only else TrueDeal(self.game)


class PapillonOmniscientBot(PapillonSearchBot):
    """The same search shown every card (every hand, the undealt cards, the draw pile in its
    order): the ceiling the strong bot is measured against, never offered to players."""

    sees_all = True
    #: Whether it sees the hands alone (:class:`PapillonHandsSeenBot`).
    hands_only: ClassVar[bool] = False

    def choose(self, view: AllSeen, rng: random.Random) -> int:
        """Search the deal as it is."""
        search = Search(view.view, rng, self.playouts, AllSeenSearch(view.game, self.hands_only))
        search.complete()
        return search.best()


class PapillonHandsSeenBot(PapillonOmniscientBot):
    """The same search shown every hand, but not the undealt cards nor the draw pile's order (dealt
    at random, as the strong bot deals them): a yardstick of what reading the other hands could
    ever be worth, the omniscient bot's sight of the future's chance apart (``docs/bots.md``)."""

    hands_only = True


class PapillonRoundSeenBot(PapillonOmniscientBot):
    """The omniscient bot in one round (:attr:`seen_colour`), the strong bot in the other: a
    yardstick of which round the omniscient bot's edge is made in (``docs/bots.md``), never
    offered to players."""

    #: The round in which it sees every card ("blue" or "orange").
    seen_colour: ClassVar[str]

    def choose(self, view: AllSeen, rng: random.Random) -> int:
        """Search the deal as it is in its round, the seat's view in the other."""
        if view.view.colour == self.seen_colour:
            return super().choose(view, rng)
        return PapillonSearchBot.choose(self, view.view, rng)


class PapillonBlueSeenBot(PapillonRoundSeenBot):
    """Every card seen in the blue round only."""

    seen_colour = "blue"


class PapillonOrangeSeenBot(PapillonRoundSeenBot):
    """Every card seen in the orange round only."""

    seen_colour = "orange"
