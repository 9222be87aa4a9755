"""What the tests share: games played at random and checked at every step, Farfalia's random
games, Papillon's positions set up by hand (tests import helpers from here, never from each other)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from farfalia.core.errors import FarfaliaError, StorageError
from farfalia.core.interface import CHANCE, TERMINAL, Play, Rules, random_play
from farfalia.games.farfalia.engine.definition import FARFALIA_RULES
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import Settings
from farfalia.games.papillon.engine.cards import DECK_SIZE, ORANGE, deck_cards, parse_card
from farfalia.games.papillon.engine.game import PapillonGame
from farfalia.games.papillon.engine.rules import PapillonSettings
from farfalia.games.papillon.engine.views import PAPILLON_RULES
from farfalia.ui.saves import MemoryStorage


class Ticks:
    """Fake time that moves on by :data:`TICK` seconds each time it is read: a worker's part of a
    review timed by it is a few steps long, whatever the machine."""

    TICK = 0.05

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.TICK
        return self.now


def random_game(settings: Settings, seed: int) -> Game:
    """A complete Farfalia game of random legal actions."""
    return random_play(FARFALIA_RULES, settings, seed)


#: Values of every kind that are no legal action anywhere.
NOT_ACTIONS: tuple[Any, ...] = (-5, 10**9, "nonsense", None, 3.0, True, [1], {}, {2}, b"B3")


def check_random_game(rules: Rules[Play], settings: Any, seed: int) -> Play:
    """Play a random game through ``rules``' interface, checking it at every step."""
    game = rules.new(settings, seed)
    assert isinstance(game, Play)
    rng = random.Random(seed)
    progress = game.progress()
    while True:
        player = game.current_player()
        legal = list(game.legal_actions())
        if player == TERMINAL:
            assert game.is_over() and not legal and game.winners
            assert len(game.returns()) == game.players == rules.players(settings)
            break
        assert player != CHANCE, "a game resolves its chance outcomes before a player acts"
        assert 0 <= player < game.players and legal and legal == sorted(set(legal))
        assert all(isinstance(action, int) for action in legal)
        before = list(game.history)
        for bad in NOT_ACTIONS:
            with pytest.raises(FarfaliaError):
                game.apply(bad)
            assert game.history == before
        action = rng.choice(legal)
        game.apply(action)
        if rng.random() < 0.05:  # undo sometimes, then play the same action again
            assert game.undo() == action and game.history == before
            game.apply(action)
        assert game.progress() >= progress  # rounds, then steps within a round, only grow
        progress = game.progress()
        rules.seat_view(game, player)  # every player's view can be built at every step
    again = rules.new(settings, seed)
    for action in game.actions:
        again.apply(action)
    assert again.history == game.history and again.returns() == game.returns()
    assert len(game.round_scores()) == game.progress().rounds
    assert [sum(points) for points in zip(*game.round_scores())] == list(game.returns())
    return game


#: Every player count, both 3-player seatings (P-D8), the options (P-D5, P-D13).
PAPILLON_SETTINGS = [
    PapillonSettings(players=2),
    PapillonSettings(players=3),
    PapillonSettings(players=3, two_against_one=True, dealer=2),
    PapillonSettings(players=4, forced_capture=True),
    PapillonSettings(players=5, dealer=4),
    PapillonSettings(players=2, rounds="orange"),
    PapillonSettings(players=5, rounds="blue", forced_capture=True),
]


A, B, C, D = range(4)


def cards(*names: str) -> list[int]:
    return [parse_card(name) for name in names]


def decided(game: PapillonGame) -> PapillonGame:
    """The game past its set-up decisions (partners, direction: clockwise)."""
    while game.phase in ("partners", "direction"):
        game.apply(game.legal_actions()[0])
    return game


def blue_position(
    players: int, hands: list[list[str]], table: list[str], to_act: int, **fields: object
) -> PapillonGame:
    """A blue-round position: these hands and table, nothing left to deal, ``to_act`` to play."""
    game = decided(PapillonGame(PapillonSettings(players=players, rounds="blue"), seed=1))
    game.hands = [cards(*hand) for hand in hands]
    game.table = cards(*table)
    game.deck, game.piles = [], [[] for _ in game.piles]
    game.current = to_act
    for name, value in fields.items():
        setattr(game, name, value)
    return game


def orange_position(players: int, starts: tuple[int, int], hands: list[list[str]], to_act: int) -> PapillonGame:
    """An orange-round position: starting cards of these numbers, no sequence started, no sign."""
    game = decided(PapillonGame(PapillonSettings(players=players, rounds="orange"), seed=1))
    game.hands = [cards(*hand) for hand in hands]
    game.layout = [[] for _ in game.layout]
    for place, number in enumerate(starts):
        game.layout[place] = [ORANGE * DECK_SIZE + number]  # an Éléments card of that number
        game.tops[place] = number
    game.current, game.phase, game.starter, game.direction = to_act, "orange", to_act, 1
    return game


def card_places(game: PapillonGame) -> Counter[int]:
    """How many times each card of both decks lies somewhere: hands, the undealt deck, the
    blue table, piles and cards set aside, the orange layout and the draw pile."""
    places: Counter[int] = Counter()
    for group in (*game.hands, game.deck, game.table, *game.piles, game.set_aside, *game.layout, game.draw_pile):
        places.update(group)
    return places


def check_conservation(game: PapillonGame) -> None:
    """The round's deck (and, in the orange round, the blue deck as draw pile) all there, once each."""
    places = card_places(game)
    assert all(count == 1 for count in places.values()), [card for card, n in places.items() if n > 1]
    if game.is_over() or (game.phase == "chance" and not game.history):
        return
    expected = set(deck_cards(0 if game.colour == "blue" else 1))
    if game.colour == "orange" and (game.tour or game.settings.rounds == "both"):
        expected |= set(deck_cards(0))  # the blue piles, then the draw pile (P-D26)
    if game.current_player() >= 0:  # (a shuffle under way holds its deck)
        assert set(places) == expected, (len(set(places)), len(expected))


def finished(papillon: PapillonSettings, seed: int = 5) -> PapillonGame:
    return random_play(PAPILLON_RULES, papillon, seed)


def under_way(papillon: PapillonSettings, seed: int, turns: int) -> PapillonGame:
    """A game of random actions stopped ``turns`` turns into its second round."""
    game = PapillonGame(papillon, seed)
    chooser = random.Random(seed)
    while game.progress().rounds < 1 or game.progress().steps < turns:
        game.apply(chooser.choice(game.legal_actions()))
    return game


class FailingStorage(MemoryStorage):
    """Storage that refuses everything (``refuse_reads``), or every write after ``writes``."""

    def __init__(self, writes: int = 0, refuse_reads: bool = False) -> None:
        super().__init__()
        self.writes, self.refuse_reads = writes, refuse_reads

    def get(self, key: str) -> str | None:
        if self.refuse_reads:
            raise StorageError("SecurityError: access to localStorage is denied")
        return super().get(key)

    def set(self, key: str, value: str) -> None:
        if self.writes <= 0:
            raise StorageError("QuotaExceededError")
        self.writes -= 1
        super().set(key, value)
