"""The review of a finished (or unfinished) game: the search's verdict on every decision, after
lichess's computer analysis and the bridge sites' double-dummy column.

For each decision of the chosen seats, the actions worth comparing (:meth:`Reviewing.compared`:
mostly the search model's candidates, with the action taken added when they leave it out) are valued twice, each time by
playing every action out on the same sampled deals with the same luck (common random numbers):

- **from what the seat knew**: deals sampled from its seat view, as its bot would search them,
  with the game's review budget (:attr:`Reviewing.playouts`, each game's own, as large as a whole
  game's review in seconds allows: ``docs/bots.md``, "The review");
- **with every card seen**: the deal as it really was (the other hands, the cards still to be
  drawn), its future play left to chance. This column is labelled as such wherever it is shown:
  nobody at the table could know it.

A decision's *loss* is the best action's value less the chosen one's, in the game's points (the
acting side's margin: its points less the opponents' mean, as the search values a playout). Its
:class:`Grade` comes from the game's :class:`Thresholds` (set from measured distributions:
``docs/bots.md``). A player's *accuracy* is the mean over their judged decisions of
``100 × 2^(−loss / blunder threshold)``: 100 for a decision that loses nothing, 50 for one that
loses a blunder's worth. Decisions the model does not search (a single legal action, Farfalia's
discards, a table too crowded to list) are not judged.

A :class:`Review` runs in steps (a step of a search, or the game moved on to the next judged
decision), so that the page draws between them; its outcome depends on the replay, the seats and
its seed only, never on time: the same in CPython and in the page. Each decision's deals are drawn
from its own seed, so a review may be split where a decision begins (:attr:`Review.next_index`): a
review started there (``start``) judges the rest as the whole review would, and the first takes
its verdicts (:meth:`Review.adopt`). The page's worker judges a review that way, a part at a time.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Final, Protocol

from farfalia.bots.search import Sampler, Search, SearchModel
from farfalia.core.interface import Progress
from farfalia.records.replay import Replay


class Grade(enum.Enum):
    """A decision's class by what it lost."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


#: The grades a "next mistake" stops at (an inaccuracy is worth knowing, not worth stopping at).
MISTAKES: Final = frozenset((Grade.MISTAKE, Grade.BLUNDER))


@dataclass(frozen=True)
class Thresholds:
    """The least loss (in the game's points) of each grade worse than good."""

    inaccuracy: float
    mistake: float
    blunder: float

    def grade(self, loss: float) -> Grade:
        """The grade of a decision that lost ``loss`` points."""
        if loss >= self.blunder:
            return Grade.BLUNDER
        if loss >= self.mistake:
            return Grade.MISTAKE
        if loss >= self.inaccuracy:
            return Grade.INACCURACY
        return Grade.GOOD

    def accuracy(self, loss: float) -> float:
        """One decision's accuracy: 100 when it lost nothing, halved by every blunder's worth lost."""
        return 100.0 * 2.0 ** (-max(loss, 0.0) / self.blunder)


class Reviewing(Protocol):
    """What a game gives its review: its module ``bots/review.py`` (the page imports it when a
    review is asked for)."""

    #: The game's search model (its candidates, samplers and playouts).
    model: SearchModel
    #: Playouts for each of a decision's two valuations (a bot's decision spends fewer).
    playouts: int
    #: Its grades' thresholds.
    thresholds: Thresholds

    def compared(self, view: Any) -> tuple[Any, ...]:
        """The actions a review compares at ``view``'s decision (after the model's :meth:`prepare`):
        none where the review does not judge it."""

    def all_seen(self, game: Any, player: int) -> Sampler:
        """The deal as it is in ``game`` (every hand, the cards still to come), as a sampler whose
        every sample is that deal, for ``player``'s decision."""

    def notation(self, action: Any) -> str:
        """An action's notation (what the command line prints and a review's record holds)."""


@dataclass(frozen=True)
class Valuation:
    """The actions compared at one decision and each one's mean value (the acting side's margin)."""

    actions: tuple[Any, ...]
    values: tuple[float, ...]

    def best(self) -> Any:
        """The action of the highest value (the first of equals)."""
        return self.actions[self.values.index(max(self.values))]

    def loss(self, action: Any) -> float:
        """What ``action`` lost against the best."""
        return max(self.values) - self.values[self.actions.index(action)]


@dataclass(frozen=True)
class Verdict:
    """One judged decision: which action of the game it was, who took it, and its two valuations."""

    #: The action's index among the game's actions (the viewer's position before it).
    index: int
    #: Where the game stood (rounds finished, steps of the round under way).
    at: Progress
    player: int
    action: Any
    #: From what the seat knew.
    known: Valuation
    #: With every card seen.
    seen: Valuation
    grade: Grade

    @property
    def loss(self) -> float:
        """Points lost by what the seat knew."""
        return self.known.loss(self.action)

    @property
    def best(self) -> Any:
        """The best action by what the seat knew."""
        return self.known.best()

    @property
    def seen_loss(self) -> float:
        """Points lost with every card seen."""
        return self.seen.loss(self.action)


@dataclass(frozen=True)
class PlayerSummary:
    """A player's figures over their judged decisions."""

    player: int
    decisions: int
    #: Mean points lost a decision (by what they knew; with every card seen).
    mean_loss: float
    mean_seen_loss: float
    accuracy: float
    #: How many decisions of each grade.
    grades: dict[Grade, int]


def summarise(verdicts: Sequence[Verdict], thresholds: Thresholds, players: int) -> list[PlayerSummary]:
    """Each player's figures (a player with no judged decision: zeros, accuracy 100)."""
    summaries = []
    for player in range(players):
        own = [verdict for verdict in verdicts if verdict.player == player]
        count = len(own)
        grades = {grade: sum(verdict.grade is grade for verdict in own) for grade in Grade}
        summaries.append(
            PlayerSummary(
                player=player,
                decisions=count,
                mean_loss=sum(v.loss for v in own) / count if count else 0.0,
                mean_seen_loss=sum(v.seen_loss for v in own) / count if count else 0.0,
                accuracy=sum(thresholds.accuracy(v.loss) for v in own) / count if count else 100.0,
                grades=grades,
            )
        )
    return summaries


class _Judged:
    """A game's search model comparing the review's actions, the action taken among them (where
    there are any), and ``tried`` after them (where not None), on as many deals as without it; for
    the valuation with every card seen, the true deal as its only world."""

    def __init__(self, reviewing: Reviewing, chosen: Any, world: Sampler | None, tried: Any = None) -> None:
        self.reviewing, self.chosen, self.world, self.tried = reviewing, chosen, world, tried
        self.model = reviewing.model

    def prepare(self, view: Any) -> Iterator[None]:
        return self.model.prepare(view)

    def candidates(self, view: Any) -> tuple[Any, ...]:
        compared = self._compared(view)
        return (*compared, self.tried) if compared and self.tried not in (None, *compared) else compared

    def _compared(self, view: Any) -> tuple[Any, ...]:
        """The review's own candidates (without the action tried)."""
        found = self.reviewing.compared(view)
        return (*found, self.chosen) if found and self.chosen not in found else found

    def prior(self, view: Any, rng: random.Random) -> Any:
        return self.model.prior(view, rng)

    def sampler(self, view: Any) -> Sampler:
        return self.world if self.world is not None else self.model.sampler(view)

    def budget(self, view: Any, playouts: int) -> int:
        """The model's budget; with an action tried beside the review's, as many deals as the
        review plays out (a deal is played out for every candidate: the same deals, the same
        figures for the review's candidates)."""
        budget = self.model.budget(view, playouts)
        if self.tried is None:
            return budget
        compared, candidates = len(self._compared(view)), len(self.candidates(view))
        return budget if candidates == compared else -(-budget // compared) * candidates

    def playout(self, view: Any, world: Any, action: Any, luck: float) -> float:
        return self.model.playout(view, world, action, luck)


def valuation(search: Search) -> Valuation:
    """A finished search's candidates and their mean values."""
    return Valuation(search.candidates, tuple(total / search.done for total in search.margins))


class Review:
    """The review of ``replay``'s decisions by the players ``seats`` (None: every player), from its
    action ``start`` on, run a step at a time (:meth:`step`) or at once (:meth:`complete`);
    ``seed`` fixes its deals. ``tried``: an action valued too at the decision ``start``, on the
    same deals as the actions the review compares there, which keep their figures (a try at a
    mistake: :mod:`farfalia.ui.practice`)."""

    def __init__(
        self,
        replay: Replay,
        reviewing: Reviewing,
        seats: Collection[int] | None = None,
        seed: int = 0,
        playouts: int | None = None,
        start: int = 0,
        tried: Any = None,
    ) -> None:
        self.replay = replay
        self.start, self.tried = start, tried
        self.reviewing = reviewing
        self.seats = seats
        self.seed = seed
        self.playouts = playouts if playouts is not None else reviewing.playouts
        self.verdicts: list[Verdict] = []
        self._game: Any = replay.start()  # a Play whose apply takes check=False (the replay's actions are checked)
        #: The index of the next action of the replay to judge or apply.
        self._next = 0
        #: The decision being judged: its two searches (what the seat knew, every card seen).
        self._searches: tuple[Search, Search] | None = None
        self._at = Progress(0, 0)
        self._skip_to(start)

    @property
    def finished(self) -> bool:
        """Whether every decision has been judged."""
        return self._next >= len(self.replay.actions) and self._searches is None

    @property
    def next_index(self) -> int:
        """The index of the replay's action judged now, or next (where a part of it may start)."""
        return self._next

    @property
    def progress(self) -> float:
        """How far the review has come, from 0 to 1."""
        total = len(self.replay.actions)
        return self._next / total if total else 1.0

    @cached_property
    def decision_indices(self) -> tuple[int, ...]:
        """The indices of the replay's actions the review judges (its seats'), the game played out once."""
        game, indices = self.replay.start(), []
        for index, action in enumerate(self.replay.actions):
            if self._judges(game.current_player()):
                indices.append(index)
            game.apply(action, check=False)
        return tuple(indices)

    def _judges(self, player: int) -> bool:
        """Whether the review judges ``player``'s decisions."""
        return self.seats is None or player in self.seats

    def step(self) -> None:
        """The next piece of work: a step of the decision's searches, or the game moved on to the
        next decision to judge (applying the ones between)."""
        if self._searches is None:
            self._begin_next()
            return
        known, seen = self._searches
        if not known.finished:
            known.step()
        elif not seen.finished:
            seen.step()
        else:
            self._conclude(known, seen)

    def complete(self) -> Review:
        """Run the whole review; returns itself."""
        while not self.finished:
            self.step()
        return self

    def adopt(self, verdicts: Sequence[Verdict], upto: int) -> None:
        """Take ``verdicts``, judged elsewhere by a review of the same replay, seats, seed and
        budget started at :attr:`next_index`, which has come to its action ``upto`` (the
        search under way here, if any, is dropped)."""
        assert upto >= self._next, "a part of the review that ends before it began"
        self._searches = None
        self.verdicts.extend(verdicts)
        self._skip_to(upto)

    def _skip_to(self, index: int) -> None:
        """The game moved on to before the replay's action ``index``, judging none on the way."""
        game, actions = self._game, self.replay.actions
        while self._next < min(index, len(actions)):
            game.apply(actions[self._next], check=False)
            self._next += 1

    def _begin_next(self) -> None:
        """Apply the actions no seat of the review took, and start the searches of the next one."""
        game, actions = self._game, self.replay.actions
        while self._next < len(actions):
            if self._judges(game.current_player()):
                break
            game.apply(actions[self._next], check=False)
            self._next += 1
        else:
            return
        index, player = self._next, game.current_player()
        self._at = game.progress()
        chosen = actions[index]
        view = self.replay.rules.seat_view(game, player)
        searches = []
        tried = self.tried if index == self.start else None
        for world in (None, self.reviewing.all_seen(game, player)):
            rng = random.Random(f"review:{self.seed}:{index}")
            searches.append(Search(view, rng, self.playouts, _Judged(self.reviewing, chosen, world, tried)))
        self._searches = (searches[0], searches[1])

    def _conclude(self, known: Search, seen: Search) -> None:
        """Record the decision's verdict (when its model judged it) and move past it."""
        index = self._next
        action = self.replay.actions[index]
        player = self._game.current_player()
        if known.candidates and known.done and seen.done:
            judged = valuation(known)
            grade = self.reviewing.thresholds.grade(judged.loss(action))
            self.verdicts.append(Verdict(index, self._at, player, action, judged, valuation(seen), grade))
        self._game.apply(action, check=False)
        self._next += 1
        self._searches = None

    def summaries(self) -> list[PlayerSummary]:
        """Each player's figures so far."""
        return summarise(self.verdicts, self.reviewing.thresholds, self._game.players)
