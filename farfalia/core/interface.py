"""The interface a card game of this site implements (after OpenSpiel's Python games).

Replay texts, saves, the session, the viewer and the search bot talk to a game
through these two protocols only, so a game of the site gets links, saves, the viewer,
embeds and the hint by implementing them:

- :class:`Rules` describes a game: its name, how many players its settings seat,
  how to start a game, read an action's notation and show a seat's view.
- :class:`Play` is one game under way. A game is its settings, its seed and its
  list of actions: chance events (shuffles, draws) are explicit outcomes in its
  history, drawn from one generator seeded by the seed, or given (scenarios,
  replays of finished rounds). ``legal_actions`` are ints in ascending order, so
  a replay can write each action as its index among them.

Each game's folder implements it (in its ``engine``); the conformance suite
(``tests/test_conformance.py``) checks every registered game with the same invariants.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Final, NamedTuple, Protocol, TypeVar, runtime_checkable

#: :meth:`Play.current_player` while a chance outcome is awaited.
CHANCE: Final = -1
#: :meth:`Play.current_player` once the game is over.
TERMINAL: Final = -2


class Progress(NamedTuple):
    """How far a game has come: rounds (Farfalia's hands) finished, and steps
    (tricks) finished in the round under way. The viewer steps by both."""

    rounds: int
    steps: int


@runtime_checkable
class Play(Protocol):
    """One game under way."""

    @property
    def settings(self) -> Any:
        """The settings that fix its rules (hashable, frozen)."""

    @property
    def seed(self) -> int:
        """The seed of its one random generator."""

    @property
    def history(self) -> list[Any]:
        """Every step so far: player actions (ints) and chance outcomes, in order."""

    @property
    def actions(self) -> list[Any]:
        """The player actions so far (the history without chance outcomes)."""

    @property
    def players(self) -> int:
        """How many players it seats."""

    def current_player(self) -> int:
        """The player who acts next, or :data:`CHANCE`, or :data:`TERMINAL`."""

    def legal_actions(self) -> Sequence[int]:
        """The legal actions of the player to act, ascending (empty at chance or the end)."""

    def apply(self, action: Any) -> None:
        """Apply a legal action (an int or its notation); anything else raises a
        :class:`~farfalia.core.errors.FarfaliaError` and changes nothing."""

    def undo(self) -> int:
        """Take back the last player action (and the chance outcomes it led to)."""

    def decisions(self) -> list[tuple[int, int]]:
        """For each player action so far: the player who took it and the round (0-based) it was in."""

    def is_over(self) -> bool:
        """True once the game has ended."""

    def returns(self) -> tuple[int, ...]:
        """Each player's score so far (the final scores once over)."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning players once the game is over, else empty."""

    def round_scores(self) -> list[tuple[int, ...]]:
        """Each finished round's points per player (the score sheet)."""

    def progress(self) -> Progress:
        """Rounds finished, and steps finished in the round under way."""

    @property
    def chance_left(self) -> int:
        """Given chance outcomes not used yet."""


PlayT = TypeVar("PlayT", bound=Play, covariant=True)


class Rules(Protocol[PlayT]):
    """A game of the site: what is needed to start, replay and show one (its plays are ``PlayT``)."""

    #: The game's name in links, saves and the command line.
    name: str

    def players(self, settings: Any) -> int:
        """How many players ``settings`` seat."""

    def new(self, settings: Any, seed: int, chance: Iterable[Any] = (), draw: bool = True) -> PlayT:
        """A game from its settings and seed; ``chance`` lists outcomes to use instead
        of drawing them (with ``draw`` False the game waits where they run out)."""

    def seat_view(self, game: Any, player: int) -> Any:
        """What ``player`` may know now, nothing more (bots and the page see only this)."""


def random_play(rules: Rules[PlayT], settings: Any, seed: int) -> PlayT:
    """A complete game of uniformly random legal actions through the checked API.

    The choices come from their own generator, seeded from ``seed``, so the game
    is reproducible and its chance outcomes are exactly those of ``seed``.
    """
    game = rules.new(settings, seed)
    chooser = random.Random(f"choices-{seed}")
    while not game.is_over():
        game.apply(chooser.choice(game.legal_actions()))
    return game
