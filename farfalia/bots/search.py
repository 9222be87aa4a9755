"""The searching bot of every game: determinized Monte Carlo over worlds consistent with a seat view.

A game gives the search its :class:`SearchModel`: the actions worth comparing, a prior choice
(its heuristic's), worlds sampled from what the view hides, and playouts. For each sampled
world, every candidate is played out with the same random draws, so that the candidates are
compared on the same cards and the same luck. The candidate with the best mean margin (its
side's points minus its opponents' mean) wins, the prior being preferred when the difference
is within :data:`PRIOR_BONUS` points.

A :class:`Search` runs in steps (``step``: a playout, or a piece of the set-up, where a
model ranks thousands of actions first) so that the page can yield to the browser between
them; its outcome depends on the iteration budget only, never on time, so a decision
is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, NamedTuple, Protocol

#: Points of mean margin by which the prior's choice is preferred.
PRIOR_BONUS = 0.3


class Sampler(Protocol):
    """A seat view's hidden information, dealt at random consistently with it."""

    def sample(self, rng: random.Random) -> Any:
        """A full game state the view could be looking at."""


class SearchModel(Protocol):
    """What a game gives the search, through its seat views alone: the actions worth
    comparing, a prior choice, a determinizing sampler, and playouts that say how
    well an action turned out for the player to act."""

    def prepare(self, view: Any) -> Iterator[None]:
        """Work to do before :meth:`candidates` and :meth:`prior` are asked, a step per item
        (the page draws between steps); nothing, where they are quick."""

    def candidates(self, view: Any) -> tuple[Any, ...]:
        """The actions to compare (none: the prior decides alone)."""

    def prior(self, view: Any, rng: random.Random) -> Any:
        """The choice without search (the heuristic's), preferred on near-ties."""

    def sampler(self, view: Any) -> Sampler:
        """Deals of the hidden cards consistent with ``view``."""

    def budget(self, view: Any, playouts: int) -> int:
        """The playouts to spend on ``view``'s decision, given the bot's ``playouts``."""

    def playout(self, view: Any, world: Any, action: Any, luck: float) -> float:
        """Apply ``action`` to a copy of ``world``, play on at random from ``luck``,
        and return the margin of the player to act (own points minus the opponents' mean)."""


class Chooser(Protocol):
    """A bot: a decision from a seat view."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        """The action it takes at ``view``."""


class Unsearched:
    """A bot that does not search, as a :class:`SearchModel`: no candidates, its choice the prior
    (the page runs every level's decision as a search: :class:`Level`)."""

    def __init__(self, bot: Chooser) -> None:
        self.bot = bot

    def prepare(self, view: Any) -> Iterator[None]:
        """Nothing to prepare."""
        return iter(())

    def candidates(self, view: Any) -> tuple[Any, ...]:
        """None: the prior decides."""
        return ()

    def prior(self, view: Any, rng: random.Random) -> Any:
        """The bot's choice."""
        return self.bot.choose(view, rng)

    def sampler(self, view: Any) -> Sampler:
        """Never asked (no candidates)."""
        raise AssertionError("an unsearched bot samples nothing")

    def budget(self, view: Any, playouts: int) -> int:
        """None."""
        return 0

    def playout(self, view: Any, world: Any, action: Any, luck: float) -> float:
        """Never asked (no candidates)."""
        raise AssertionError("an unsearched bot plays nothing out")


class Level(NamedTuple):
    """A bot level of the page: a search model and its playouts a decision (0: its prior alone)."""

    model: SearchModel
    playouts: int


class Search:
    """One decision's search, run a slice at a time: for each sampled deal, every
    candidate is played out with the same luck (common random numbers)."""

    def __init__(self, view: Any, rng: random.Random, playouts: int, model: SearchModel) -> None:
        self.view = view
        self.rng = rng
        self.model = model
        self.playouts = playouts
        #: Deals played out for every candidate.
        self.done = 0
        #: The model's set-up still to run, a step each (None once run).
        self._preparing: Iterator[None] | None = model.prepare(view)
        self._cut = False
        self.fallback: Any = None
        self.candidates: tuple[Any, ...] = ()
        self.iterations = 0
        self.sampler: Sampler | None = None
        self.margins: list[float] = []
        #: The deal under way, its luck and its candidates' margins so far (None between deals).
        self._deal: tuple[Any, float, list[float]] | None = None

    def _set_up(self) -> None:
        """Ask the prepared model for the prior, the candidates and the budget."""
        view, model = self.view, self.model
        self.fallback = model.prior(view, self.rng)
        self.candidates = model.candidates(view)
        budget = model.budget(view, self.playouts)
        self.iterations = -(-budget // len(self.candidates)) if self.candidates and not self._cut else 0
        self.sampler = model.sampler(view) if self.iterations else None
        self.margins = [0.0] * len(self.candidates)

    @property
    def finished(self) -> bool:
        """Whether the set-up is done and the budget spent."""
        return self._preparing is None and self.done >= self.iterations

    def step(self) -> None:
        """The next piece of work, short enough for the page to draw after it: a step of the
        set-up, or one candidate's playout on the deal under way (a deal counts once every
        candidate is played out on it)."""
        if self._preparing is not None:
            if next(self._preparing, StopIteration) is StopIteration:
                self._preparing = None
                self._set_up()
            return
        if self.finished:
            return
        if self._deal is None:
            assert self.sampler is not None
            world = self.sampler.sample(self.rng)
            self._deal = (world, self.rng.random(), [])
        world, luck, margins = self._deal
        margins.append(self.model.playout(self.view, world, self.candidates[len(margins)], luck))
        if len(margins) == len(self.candidates):
            self.margins = [total + margin for total, margin in zip(self.margins, margins)]
            self.done += 1
            self._deal = None

    def complete(self) -> None:
        """Run the set-up and the whole budget."""
        while not self.finished:
            self.step()

    def conclude(self) -> None:
        """Stop at the deals already played out for every candidate (the page's time limit); a
        set-up under way still ends, with no deal to play out after it."""
        self._cut = True
        self.iterations = self.done
        self._deal = None

    def best(self) -> Any:
        """The chosen action (the prior's, where the search has nothing to add); only once
        :attr:`finished`."""
        assert self.finished, "the search is under way"
        if not self.candidates or not self.done:
            return self.fallback

        def value(k: int) -> float:
            bonus = PRIOR_BONUS if self.candidates[k] == self.fallback else 0.0
            return self.margins[k] / self.done + bonus

        return self.candidates[max(range(len(self.candidates)), key=value)]


class SearchBot:
    """The strong bot: :class:`Search` with its game's :attr:`model` and a budget of ``playouts`` a
    decision (each game's bot sets its model and its usual budget)."""

    #: Whether the bot must be shown every card (only the omniscient reference bot).
    sees_all = False
    #: The game's search model.
    model: SearchModel

    def __init__(self, playouts: int) -> None:
        self.playouts = playouts

    def choose(self, view: Any, rng: random.Random) -> Any:
        """Search to the end of the budget and return the best action."""
        search = Search(view, rng, self.playouts, self.model)
        search.complete()
        return search.best()
