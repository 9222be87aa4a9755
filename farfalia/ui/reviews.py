"""A replay's review in the page: the review of :mod:`farfalia.bots.review` judged a part at a time
by the worker (:mod:`farfalia.ui.answers`), or here a slice at a time where no worker answers (its
progress, cancelled at will), then its verdicts as marks by position, read in words (with a
symbol and a colour, so that they read without colour and to a screen reader), the graph of the
points each decision lost, the way to the next and previous mistake, and a compact text that a
link carries so that its recipient opens the replay annotated without computing it again. The page
imports it when a replay has a review to show or one is asked for (a first visit never does).

The compact text (``review=`` in a link) is ``1.`` then base64url bytes: for each judged decision,
as unsigned LEB128 numbers, the gap since the previous one's index, the loss and the loss with
every card seen in tenths of a point, and the better action's and the better action with every
card seen's places among the legal actions of that position. Neither the player (the replay says
who acted) nor the grade (the game's thresholds give it from the loss) is written.
"""

from __future__ import annotations

import itertools
import pickle
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from html import escape
from typing import Any, Final

from farfalia.bots.review import MISTAKES, Grade, Review, Reviewing, Thresholds, Verdict
from farfalia.core.errors import FarfaliaError, LinkError, Message, ReplayError
from farfalia.records.replay import Replay, from_base64url, to_base64url
from farfalia.ui.contract import Command
from farfalia.ui.links import MAX_REVIEW
from farfalia.ui.screens import button, review_offer
from farfalia.ui.texts import TEXT, catalog_in_use, decimal, plural_text, text
from farfalia.ui.thinking import ReviewAsked, Reviewed

#: The compact text's version, and the numbers it writes a judged decision.
VERSION: Final = "1"
ROW: Final = 5
#: The symbol beside each grade (the chess annotators' marks); a good decision has none.
SYMBOLS: Final = {Grade.GOOD: "", Grade.INACCURACY: "?!", Grade.MISTAKE: "?", Grade.BLUNDER: "??"}
#: Seconds of review between two yields to the browser: shorter than a bot's slice, as a review's
#: step (a playout, a set-up) may run over it and the progress is drawn after it (no task over 100 ms).
REVIEW_SLICE_SECONDS: Final = 0.03
#: The graph's size in its own units (it stretches to the bar's width).
GRAPH_WIDTH: Final = 600
GRAPH_HEIGHT: Final = 60


@dataclass(frozen=True)
class Mark:
    """A judged decision as the page shows it: the action at ``index``, who took it, what it lost
    (by what they knew, and with every card seen) and the better actions."""

    index: int
    player: int
    action: Any
    grade: Grade
    loss: float
    seen_loss: float
    best: Any
    seen_best: Any


class Marks:
    """A finished review's marks, by the index of the action each judges."""

    def __init__(self, marks: Collection[Mark], thresholds: Thresholds, describe: Describer) -> None:
        self.by_index = {mark.index: mark for mark in marks}
        self.thresholds = thresholds
        self.describe = describe
        #: Each mark's actions in words (played, better, better with every card seen), and the
        #: catalog they were worded in (a change of language words them again).
        self._words: dict[int, tuple[str, str, str]] = {}
        self._worded_in: object = None

    def words(self, index: int) -> tuple[str, str, str]:
        """The actions of the mark at ``index`` in words: the one played, the better one, and the
        better one with every card seen."""
        if self._worded_in is not catalog_in_use():
            self._words, self._worded_in = self.describe(self.by_index), catalog_in_use()
        return self._words[index]

    def __len__(self) -> int:
        return len(self.by_index)

    def at(self, position: int) -> Mark | None:
        """The mark of the action that led to ``position`` (the game after that many actions)."""
        return self.by_index.get(position - 1)

    def mistakes(self) -> list[Mark]:
        """The mistakes and blunders, in the game's order."""
        return [mark for _, mark in sorted(self.by_index.items()) if mark.grade in MISTAKES]

    def mistake_after(self, position: int, forward: bool) -> int | None:
        """The position just after the next (or previous) mistake or blunder, None if there is none."""
        after = [mark.index + 1 for mark in self.mistakes()]
        if forward:
            return next((there for there in after if there > position), None)
        return next((there for there in reversed(after) if there < position), None)

    def player_figures(self, player: int) -> tuple[int, float, float] | None:
        """A player's judged decisions, mean loss and accuracy (None: none of theirs was judged)."""
        own = [mark for mark in self.by_index.values() if mark.player == player]
        if not own:
            return None
        mean = sum(mark.loss for mark in own) / len(own)
        return len(own), mean, sum(self.thresholds.accuracy(mark.loss) for mark in own) / len(own)

    # ------------------------------------------------------------ showing

    def line(self, position: int, names: list[str]) -> str:
        """The verdict on the action that led to ``position``, in words, its grade marked ("" when it
        was not judged)."""
        mark = self.at(position)
        if mark is None:
            return ""
        grade = mark.grade
        words = text(
            f"review.{grade.value}",
            name=names[mark.player],
            action=self.words(mark.index)[0],
        )
        if grade is not Grade.GOOD:
            words += " " + text("review.better", action=self.words(mark.index)[1], loss=decimal(mark.loss))
        seen = ""
        if mark.seen_best != mark.best or mark.seen_loss >= self.thresholds.inaccuracy:
            seen = text("review.all-seen", action=self.words(mark.index)[2], loss=decimal(mark.seen_loss))
            seen = f' <span class="all-seen">{escape(seen)}</span>'
        symbol = SYMBOLS[grade]
        shown = f'<span class="grade-symbol" aria-hidden="true">{symbol}</span> ' if symbol else ""
        return f'<p class="verdict grade-{grade.value}" data-grade="{grade.value}">{shown}{escape(words)}{seen}</p>'

    def figures(self, names: list[str]) -> str:
        """Each judged player's accuracy and points lost a decision, a line each."""
        lines = []
        for player, name in enumerate(names):
            figures = self.player_figures(player)
            if figures is not None:
                count, mean, accuracy = figures
                lines.append(
                    plural_text("review.figures", count, name=name, accuracy=f"{accuracy:.0f}", loss=decimal(mean))
                )
        return "".join(f"<li>{escape(line)}</li>" for line in lines)

    def graph(self, position: int, total: int, names: list[str]) -> str:
        """The points each judged decision lost, a bar at its place in the game, and where the viewer
        stands. A click anywhere goes to the judged decision nearest it: each has the graph's whole
        height from halfway to the one before to halfway to the next (a bar a pixel wide on a phone
        is no target)."""
        width = GRAPH_WIDTH / max(total, 1)
        judged = sorted(self.by_index)
        middles = [(a + b + 1) / 2 * width for a, b in itertools.pairwise(judged)]
        slots = "".join(
            f'<rect class="slot" data-command="jump" data-at="{index + 1}" x="{left:.1f}" y="0"'
            f' width="{right - left:.1f}" height="{GRAPH_HEIGHT}"/>'
            for index, left, right in zip(judged, [0.0, *middles], [*middles, float(GRAPH_WIDTH)], strict=True)
        )
        bars = []
        for index, mark in sorted(self.by_index.items()):
            height = max(2.0, self._height(mark.loss))
            label = text(f"review.{mark.grade.value}", name=names[mark.player], action=self.words(index)[0])
            bars.append(
                f'<rect class="loss grade-{mark.grade.value}" data-command="jump" data-at="{index + 1}"'
                f' x="{index * width:.1f}" y="{GRAPH_HEIGHT - height:.1f}" width="{max(width - 1, 2):.1f}"'
                f' height="{height:.1f}"><title>{escape(f"{index + 1}. {label} (−{decimal(mark.loss)})")}'
                "</title></rect>"
            )
        here = position * width
        line = GRAPH_HEIGHT - self._height(self.thresholds.mistake)
        return (
            f'<svg class="review-graph" viewBox="0 0 {GRAPH_WIDTH} {GRAPH_HEIGHT}" preserveAspectRatio="none"'
            f' role="img" aria-label="{escape(text("review.graph"))}">'
            f'<line class="threshold" x1="0" x2="{GRAPH_WIDTH}" y1="{line:.1f}" y2="{line:.1f}"/>'
            + slots
            + "".join(bars)
            + f'<line class="here" x1="{here:.1f}" x2="{here:.1f}" y1="0" y2="{GRAPH_HEIGHT}"/></svg>'
        )

    def _height(self, loss: float) -> float:
        top = self.thresholds.blunder * 2
        return min(loss, top) / top * (GRAPH_HEIGHT - 4)

    # ------------------------------------------------------------ links

    def compact(self, replay: Replay) -> str:
        """The marks as a link's ``review=`` text ("" when longer than :data:`MAX_REVIEW`)."""
        data = bytearray()
        last = -1
        legal = _positions(replay, self.by_index)
        for index, mark in sorted(self.by_index.items()):
            actions = legal[index][1]
            for number in (
                index - last - 1,
                round(mark.loss * 10),
                round(mark.seen_loss * 10),
                actions.index(mark.best),
                actions.index(mark.seen_best),
            ):
                data += leb128(number)
            last = index
        written = f"{VERSION}.{to_base64url(bytes(data))}"
        return written if len(written) <= MAX_REVIEW else ""


def review_section(
    marks: Marks | None,
    running: PageReview | None,
    position: int,
    total: int,
    names: list[str],
    better: Mark | None = None,
    unread: bool = False,
    embedded: bool = False,
) -> str:
    """The viewer's part for the review: the "Review" button; the progress while it runs; then the
    verdict on the action that led to the position, the graph, the way to the mistakes, the
    better play and each player's figures. ``better``: the mark whose better play is on the table.
    Embedded, the verdict alone."""
    if embedded:
        return f'<div class="review">{marks.line(position, names)}</div>' if marks is not None else ""
    if better is not None:
        played, best, _ = marks.words(better.index) if marks is not None else ("", "", "")
        words = text("review.showing-better", action=best, played=played)
        return (
            f'<div class="review" id="review"><p class="verdict">{escape(words)}</p>'
            f"{button(text('review.back'), command=Command.BACK_TO_GAME, primary=True)}</div>"
        )
    if running is not None:
        return f'<div class="review" id="review">{running.progress_bar()}</div>'
    if marks is None:
        return review_offer(unread)
    if not len(marks):
        return f'<div class="review" id="review"><p class="verdict">{escape(text("review.none"))}</p></div>'
    mark = marks.at(position)
    show = mark is not None and mark.best != mark.action
    steps = (
        button(text("review.prev-mistake"), command=Command.PREV_MISTAKE,
               disabled=marks.mistake_after(position, False) is None)
        + button(text("review.next-mistake"), command=Command.NEXT_MISTAKE,
                 disabled=marks.mistake_after(position, True) is None)
        + (button(text("review.show-better"), command=Command.SHOW_BETTER) if show else "")
        + (button(text("review.practise"), command=Command.PRACTISE) if marks.mistakes() else "")
    )  # fmt: skip
    return (
        f'<div class="review" id="review">{marks.graph(position, total, names)}'
        f'<div class="review-line" aria-live="polite">{marks.line(position, names)}</div>'
        f'<div class="review-steps">{steps}</div><ul class="review-figures">{marks.figures(names)}</ul></div>'
    )


#: Words for the actions of marks (by index): the one played, the better one, the better one with
#: every card seen (:func:`describer`).
Describer = Callable[[Mapping[int, Mark]], dict[int, tuple[str, str, str]]]


def describer(replay: Replay, words: Callable[[Any, Any], str]) -> Describer:
    """Marks' actions in words, ``words(game, action)`` at each mark's position of ``replay``."""

    def describe(marks: Mapping[int, Mark]) -> dict[int, tuple[str, str, str]]:
        found, game = {}, replay.start()
        last = max(marks, default=-1)
        for index, action in enumerate(replay.actions[: last + 1]):
            mark = marks.get(index)
            if mark is not None:
                found[index] = (words(game, mark.action), words(game, mark.best), words(game, mark.seen_best))
            game.apply(action, check=False)
        return found

    return describe


def marks_of(review: Review, describe: Describer) -> Marks:
    """A finished review's marks."""
    reviewing = review.reviewing
    return Marks(
        [
            Mark(v.index, v.player, v.action, v.grade, v.loss, v.seen_loss, v.best, v.seen.best())
            for v in review.verdicts
        ],
        reviewing.thresholds,
        describe,
    )


def read_marks(written: str, replay: Replay, reviewing: Reviewing, describe: Describer) -> Marks:
    """The marks a link's ``review=`` text holds for ``replay``; a :class:`LinkError` when it is
    not one (a link whose review cannot be read still opens: the page says so and offers a review)."""
    version, dot, body = written.partition(".")
    if version != VERSION or not dot or len(written) > MAX_REVIEW:
        raise _fault()
    try:
        data = from_base64url(body)
    except ReplayError:
        raise _fault() from None
    numbers, value, shift = [], 0, 0
    for byte in data:
        value |= (byte & 0x7F) << shift
        shift += 7
        if shift > 28:
            raise _fault()
        if not byte & 0x80:
            numbers.append(value)
            value, shift = 0, 0
    if shift or len(numbers) % ROW:
        raise _fault()
    rows, index = [], -1
    for start in range(0, len(numbers), ROW):
        gap, tenths, seen_tenths, best, seen_best = numbers[start : start + ROW]
        index += gap + 1
        rows.append((index, tenths, seen_tenths, best, seen_best))
    try:
        positions = _positions(replay, {row[0] for row in rows if row[0] < len(replay.actions)})
    except FarfaliaError:  # a position too crowded to list its actions: never one a review judged
        raise _fault() from None
    marks = []
    for index, tenths, seen_tenths, best, seen_best in rows:
        if index not in positions:
            raise _fault()
        player, actions = positions[index]
        if len(actions) < 2 or best >= len(actions) or seen_best >= len(actions):
            raise _fault()  # a review judges decisions only
        played = replay.actions[index]
        if (tenths and actions[best] == played) or (seen_tenths and actions[seen_best] == played):
            raise _fault()  # the better play cannot be the play, nor lose points against itself
        loss, seen_loss = tenths / 10, seen_tenths / 10
        grade = reviewing.thresholds.grade(loss)
        marks.append(
            Mark(index, player, replay.actions[index], grade, loss, seen_loss, actions[best], actions[seen_best])
        )
    return Marks(marks, reviewing.thresholds, describe)


def _fault() -> LinkError:
    return LinkError(Message("link-review", str(TEXT["problem.link-review"])))


def _positions(replay: Replay, indices: Collection[int]) -> dict[int, tuple[int, list[Any]]]:
    """The player to act and the legal actions before each action of ``indices`` (those within the
    replay)."""
    game, found = replay.start(), {}
    last = max(indices, default=-1)
    for index, action in enumerate(replay.actions[: last + 1]):
        if index in indices:
            found[index] = (game.current_player(), list(game.legal_actions()))
        game.apply(action, check=False)
    return found


def leb128(number: int) -> bytes:
    """An unsigned number in LEB128 (seven bits a byte, the lowest first)."""
    out = bytearray()
    while True:
        byte, number = number & 0x7F, number >> 7
        out.append(byte | (0x80 if number else 0))
        if not number:
            return bytes(out)


class PageReview:
    """A review under way in the page, of ``replay``'s actions from ``start`` on (``tried`` valued
    too there: :class:`~farfalia.bots.review.Review`): judged a part at a time by the worker where
    one answers, else here a slice at a time (``clock``: seconds; a test's fake). ``game_name`` and
    ``number`` name it in the worker's questions.

    While the worker judges a part, the page judges decisions here too, from the replay's end
    backwards (the machine's other core), a slice at a time: each decision is judged alike wherever
    its review started (its deals come from the review's seed and its index), so where the two
    meet the review takes these verdicts and is finished."""

    def __init__(
        self,
        replay: Replay,
        reviewing: Reviewing,
        seats: Collection[int] | None,
        game_name: str,
        number: int,
        clock: Callable[[], float] = time.perf_counter,
        start: int = 0,
        tried: Any = None,
    ) -> None:
        self.review = Review(replay, reviewing, seats, start=start, tried=tried)
        self.game_name, self.number = game_name, number
        self.clock = clock
        #: Whether a part was asked of the worker, which has not answered yet.
        self.sent = False
        #: How many parts the worker judged.
        self.answered_remotely = 0
        #: The verdicts judged here from the end: every decision from the action :attr:`tail_from` on.
        self.tail: list[Verdict] = []
        self.tail_from = len(replay.actions)
        #: The review of the decision judged here from the end, under way.
        self._behind: Review | None = None

    @property
    def progress(self) -> float:
        """How far the review has come, from 0 to 1 (its part judged from the end included)."""
        review, total = self.review, len(self.review.replay.actions)
        return min(1.0, review.progress + (total - self.tail_from) / total) if total else 1.0

    def work(self, seconds: float) -> bool:
        """Run the review here for about ``seconds`` (:data:`REVIEW_SLICE_SECONDS` at most; a step
        at least): from its end while the worker has a part of it; True once it is finished."""
        review = self.review
        start = self.clock()
        while not self._joined():
            if self.sent:
                if not self._behind_step():
                    break  # met the worker's part: nothing left to judge here
            else:
                review.step()
            if self.clock() - start >= min(seconds, REVIEW_SLICE_SECONDS):
                break
        return review.finished

    @property
    def meanwhile(self) -> bool:
        """Whether there is work here while the worker judges its part (decisions it has not
        reached, judged from the end)."""
        return self.sent and not self.review.finished and self._next_behind() is not None

    def _next_behind(self) -> int | None:
        """The decision to judge next from the end, if any is left beyond the worker's part (the
        one under way, unless the worker's parts have come to it)."""
        first = self._first_decision()  # the worker's part judges it first: not that one
        behind = self._behind
        if behind is not None and behind.start > first:
            return behind.start
        decisions = self.review.decision_indices
        return next((index for index in reversed(decisions) if first < index < self.tail_from), None)

    def _first_decision(self) -> int:
        """The first decision the review has still to judge (from its next action on)."""
        review = self.review
        after = review.next_index
        return next((index for index in review.decision_indices if index >= after), len(review.replay.actions))

    def _behind_step(self) -> bool:
        """A step of the decision judged from the end; False when none is left to judge here."""
        index = self._next_behind()
        if index is None:
            return False
        behind = self._behind
        if behind is None or behind.start != index:  # (none under way, or the worker's parts came to it)
            review = self.review
            behind = self._behind = Review(review.replay, review.reviewing, review.seats, review.seed,
                                           review.playouts, index)  # fmt: skip
        behind.step()
        if behind.next_index > index:  # judged (or not a decision the review judges)
            self.tail[:0] = behind.verdicts
            self.tail_from, self._behind = index, None
        return True

    def _joined(self) -> bool:
        """Whether the review is finished: judged to its end, or to where the decisions judged
        from the end start (their verdicts taken)."""
        review, total = self.review, len(self.review.replay.actions)
        met = self.tail_from < total and self._first_decision() >= self.tail_from
        if met and not review.finished and not self.sent:
            review.adopt([verdict for verdict in self.tail if verdict.index >= review.next_index], total)
        return review.finished

    def question(self) -> bytes:
        """The review's next part as a question for the worker (:class:`ReviewAsked`, pickled),
        from the decision it judges now (its work here on it is given up for the worker's)."""
        self.sent = True
        review = self.review
        seats = None if review.seats is None else frozenset(review.seats)
        asked = ReviewAsked(
            self.game_name, self.number, review.replay, seats, review.seed, review.next_index, review.tried
        )
        return pickle.dumps(asked)

    def answered(self, reply: Reviewed) -> bool:
        """The worker's part: True once its verdicts are taken (with those judged here from the
        end, where the two meet); False when stale (another review's, or none was asked)."""
        if reply.number != self.number or not self.sent:
            return False
        self.sent = False
        self.answered_remotely += 1
        self.review.adopt(reply.verdicts, reply.upto)
        self._joined()
        return True

    def worker_lost(self) -> None:
        """The worker failed: the review goes on here, from the part it had."""
        self.sent = False

    def marks(self, describe: Describer) -> Marks:
        """The finished review's marks."""
        return marks_of(self.review, describe)

    def progress_bar(self) -> str:
        """The progress bar and the button that cancels the review."""
        percent = round(self.progress * 100)
        label = text("review.running", percent=percent)
        return (
            f'<p class="review-progress"><label>{escape(label)} '
            f'<progress max="100" value="{percent}"></progress></label> '
            f"{button(text('review.cancel'), command=Command.REVIEW_CANCEL)}</p>"
        )
