"""Learning from the mistakes of a reviewed game, after lichess's "learn from your mistakes": each
mistake and blunder of the review (:data:`~farfalia.bots.review.MISTAKES`), in the game's order, set
up again at a table where the seat that made it decides, seen from that seat alone, for the learner
to find a better action.

A try is judged beside the review's own judgement of that decision: the decision reviewed again
(the same seed and budget), the try valued on the same deals as the actions the review compared,
which keep their figures (:attr:`~farfalia.bots.review.Review.tried`), run as the page runs
reviews (:class:`~farfalia.ui.reviews.PageReview`: in the worker, else in slices). So a try of an
action the review compared gets the review's own figure; the review's better action, and the action
played, are judged at once from the mark (a link's figures are in tenths of a point). A try is
*found* when its grade is good (it loses less than an inaccuracy): it stays played on the table.
Else the learner is told what it loses, the table goes back, and he tries again, asks for the answer
(the review's better action, marked on the table as a hint is; a try of it counts as found with the
answer's help) or skips. Where the replay's chance is written out, the outcomes after the mistake
followed the game as it was played: a try draws its own (:meth:`~farfalia.records.replay.Replay.before`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from html import escape
from typing import Any, ClassVar

from farfalia.bots.review import Grade
from farfalia.records.replay import Replay
from farfalia.ui.contract import Command
from farfalia.ui.game import SiteGame
from farfalia.ui.layout import Layout
from farfalia.ui.reviews import Mark, Marks, PageReview
from farfalia.ui.screen import Screen
from farfalia.ui.screens import button
from farfalia.ui.seating import Player, Table
from farfalia.ui.texts import decimal, plural_text, text
from farfalia.ui.thinking import Reviewed


class Stage(enum.Enum):
    """Where the learner stands at a mistake (``data-practice``)."""

    #: The learner decides.
    TRYING = "trying"
    #: A try is being judged.
    JUDGING = "judging"
    #: A good action was found: it is played on the table.
    FOUND = "found"
    #: Every mistake has been tried or skipped: the tally is shown.
    DONE = "done"


@dataclass(frozen=True)
class Told:
    """What the learner was last told at a mistake: its text's key, the action it is about, and
    what that lost (a try judged; worded when shown: in the language spoken then)."""

    key: str
    action: Any
    loss: float = 0.0


class Practice:
    """The mistakes of ``marks`` (a review of ``replay``, a game of ``game`` whose players are
    ``names``; at least one mistake) to try again, one at a time; ``number`` gives each try's
    judging the number of a review of the page (no two alike: a late answer is told from the
    current one)."""

    #: What a person can do at a mistake's table: the strip's and the tally's buttons, the table's
    #: hint (the answer) and last trick, and the dialogs a shortcut opens over it (the score sheet,
    #: the help); the replay behind it rests until the learner goes back to it.
    commands: ClassVar[frozenset[Command]] = frozenset({
        Command.PRACTICE_ANSWER, Command.PRACTICE_NEXT, Command.PRACTICE_AGAIN, Command.PRACTICE_LEAVE,
        Command.HINT, Command.LAST_TRICK, Command.SHEET, Command.CLOSE_SHEET, Command.HELP, Command.CLOSE_HELP,
    })  # fmt: skip
    #: The text keys that tell what a shortcut does here, where it differs from a game's.
    keys_worded: ClassVar[dict[Command, str]] = {Command.HINT: "key.practice-answer"}

    def __init__(
        self, replay: Replay, marks: Marks, game: SiteGame, names: Sequence[str], number: Callable[[], int]
    ) -> None:
        self.replay, self.marks, self.game, self.names = replay, marks, game, list(names)
        self._number = number
        #: The mistakes, in the game's order.
        self.mistakes: list[Mark] = marks.mistakes()
        #: How many were found without the answer shown.
        self.found = 0
        self.place = 0
        self._begin(0)

    def _begin(self, place: int) -> None:
        """Set up the mistake at ``place``: its position on a table where its seat decides."""
        self.place = place
        self.stage = Stage.DONE if place >= len(self.mistakes) else Stage.TRYING
        #: What the learner was told of the last try, or of the answer (None: the task).
        self.told: Told | None = None
        #: Whether the answer was shown at this mistake.
        self.shown = False
        #: The judging of the last try, under way.
        self.judging: PageReview | None = None
        self._heard = ""
        if self.stage is Stage.DONE:
            return  # the last mistake's table stays
        mark, before = self.mistake, self.replay.before(self.mistake.index)
        players = [Player(name, seat != mark.player) for seat, name in enumerate(self.names)]
        seed = before.seed if before.seed is not None else 0  # (chance written out: what a try leads to is drawn)
        #: The table at the mistake's position.
        self.table: Table = self.game.table(
            before.settings, seed, players, actions=before.actions, chance=before.chance
        )
        self._before = before
        self._position: Any = None
        while self.table.summary_pending() is not None:  # the rounds before, read: the mistake is in the next
            self.table.dismiss_summary()

    @property
    def over(self) -> bool:
        """Whether every mistake has been tried or skipped (the tally shows)."""
        return self.stage is Stage.DONE

    @property
    def mistake(self) -> Mark:
        """The mistake being tried again."""
        return self.mistakes[min(self.place, len(self.mistakes) - 1)]

    # ---------------------------------------------------------------- the learner

    def act(self, action: str) -> None:
        """A click on a card or a choice: a try, while the learner decides (a card picked up is
        not one yet)."""
        if self.stage is not Stage.TRYING:
            return
        table, index = self.table, self.mistake.index
        table.human_action(action)
        if len(table.game.actions) > index:
            self._judge(table.game.actions[index])

    def _judge(self, tried: Any) -> None:
        """Judge ``tried``: at once when the mark values it (the better action, the one played),
        else by a review of that decision with it played."""
        mark = self.mistake
        if tried == mark.best:
            self._judged(tried, 0.0)
        elif tried == mark.action:
            self._judged(tried, mark.loss)
        else:
            decision = self.replay.before(mark.index + 1)  # the decision as it was taken, judged again
            self.judging = PageReview(decision, self.game.reviewing(), {mark.player}, self.game.name,
                                      self._number(), start=mark.index, tried=tried)  # fmt: skip
            self.stage = Stage.JUDGING
            self.told = Told("practice.judging", tried)

    def work(self, seconds: float) -> bool:
        """Judge the try here for about ``seconds`` (unless the worker has it); True once judged."""
        judging = self.judging
        if judging is None:
            return False
        judging.work(seconds)
        return self._conclude()

    def answered(self, reply: Reviewed) -> bool:
        """The worker's judging of the try: True once taken; False when stale."""
        judging = self.judging
        if judging is None or not judging.answered(reply):
            return False
        self._conclude()
        return True

    def _conclude(self) -> bool:
        """Once the try's judging is finished (True), tell what it lost."""
        judging = self.judging
        if judging is None or not judging.review.finished:
            return False
        self.judging = None
        review, index = judging.review, self.mistake.index
        valuation = next((v.known for v in review.verdicts if v.index == index), None)
        if valuation is None or review.tried not in valuation.actions:
            self._judged(review.tried, None)  # (not a decision the review judges)
        else:
            self._judged(review.tried, valuation.loss(review.tried))
        return True

    def _judged(self, tried: Any, loss: float | None) -> None:
        """``tried`` lost ``loss`` (None: it could not be judged): found, or taken back to try again."""
        if loss is not None and self.marks.thresholds.grade(loss) is Grade.GOOD:
            self.stage = Stage.FOUND
            if not self.shown:
                self.found += 1
            self.told = Told("practice.best" if round(loss, 1) == 0 else "practice.found", tried, loss)
            return
        self.table.take_back_to(self.mistake.index)
        self.stage = Stage.TRYING
        self.told = Told("practice.unjudged", tried) if loss is None else Told("practice.loses", tried, loss)

    @property
    def position(self) -> Any:
        """The game at the mistake, where its tries are worded (played out when first asked:
        seating a mistake plays the game out for its table already)."""
        if self._position is None:
            self._position = self._before.game()
        return self._position

    def _words(self, action: Any) -> str:
        """``action`` at the mistake, in words."""
        return self.game.action_words(self.position, action, self.names)

    @property
    def answer_offered(self) -> bool:
        """Whether the answer can be shown now: the learner decides, and has not been shown it."""
        return self.stage is Stage.TRYING and not self.shown

    def show_answer(self) -> None:
        """Tell the review's better action, and mark it on the table."""
        if self.answer_offered:
            self.shown = True
            self.told = Told("practice.answer", self.mistake.best)

    def next(self) -> None:
        """On to the next mistake (the one under way skipped, if not found)."""
        self._begin(self.place + 1)

    def again(self) -> None:
        """Every mistake again, from the first."""
        self.found = 0
        self._begin(0)

    # ---------------------------------------------------------------- showing

    def mark(self) -> str | None:
        """The card or button to mark: the better action, once the answer is shown."""
        if self.stage is Stage.TRYING and self.shown:
            return self.table.hint(self.mistake.best)[1]
        return None

    def note(self) -> str:
        """What the learner is told now."""
        if self.stage is Stage.DONE:
            return plural_text("practice.done", len(self.mistakes), found=self.found)
        mark, told = self.mistake, self.told
        played, best, _ = self.marks.words(mark.index)
        if told is not None:
            return text(told.key, action=self._words(told.action), loss=decimal(told.loss), best=best)
        verdict = text(f"review.{mark.grade.value}", name=self.names[mark.player], action=played)
        return f"{verdict} {text('practice.task', loss=decimal(mark.loss))}"

    def news(self) -> list[str]:
        """What a screen reader should hear since the last call (once): the table's news, then
        what the learner is told when it changed."""
        news = self.table.news()
        if self.note() != self._heard:
            self._heard = self.note()
            news.append(self._heard)
        return news

    def strip(self) -> str:
        """The bar's part: which mistake, what the learner is told, and the buttons (the answer,
        skip or next, and back to the review), as a region a screen reader hears."""
        stage = self.stage
        title = text("practice.title", at=min(self.place + 1, len(self.mistakes)), count=len(self.mistakes))
        if stage is Stage.DONE:
            buttons = ""  # the tally's dialog has them
        elif stage is Stage.FOUND:
            last = self.place + 1 >= len(self.mistakes)
            buttons = _button("practice.finish" if last else "practice.next", Command.PRACTICE_NEXT, primary=True)
        else:
            answer = button(text("practice.show-answer"), command=Command.PRACTICE_ANSWER,
                            disabled=not self.answer_offered)  # fmt: skip
            buttons = answer + _button("practice.skip", Command.PRACTICE_NEXT)
        if stage is not Stage.DONE:
            buttons += _button("practice.leave", Command.PRACTICE_LEAVE)
        return (
            f'<section class="lesson practice" role="region" aria-label="{escape(text("practice"))}">'
            f'<h2 class="lesson-title">{escape(title)}</h2>'
            f'<p class="lesson-note" aria-live="polite">{escape(self.note())}</p>'
            f'<div class="lesson-tools">{buttons}</div></section>'
        )

    def tally(self) -> str:
        """The dialog at the end: how many better plays were found, every mistake again, and back
        to the review."""
        return (
            '<div class="panel lesson-end" role="dialog" aria-modal="true" aria-labelledby="practice-end-title">'
            f'<h2 id="practice-end-title">{escape(text("practice"))}</h2><p>{escape(self.note())}</p>'
            f'<div class="panel-actions">{_button("practice.leave", Command.PRACTICE_LEAVE, primary=True)}'
            f"{_button('practice.again', Command.PRACTICE_AGAIN)}</div></div>"
        )

    def screen(self, layout: Layout, theme: str, aspect: float) -> Screen:
        """The table at the mistake (the learner's seat in view), the strip above its bar (while the
        learner decides: once the try is played, its turn is nobody's); at the end, the tally's
        dialog over the last one."""
        table, trying, done = self.table, self.stage is Stage.TRYING, self.stage is Stage.DONE
        return Screen(
            drawing=partial(table.draw, layout, theme, aspect),
            bar=self.strip() + (table.bar() if trying else ""),
            overlay=self.tally() if done else "",
            modal=done,
            deciding=trying and table.deciding(),
            picked=table.picked() if trying else "",
            decision=table.decision() if trying else "",
            actions=len(table.game.actions),
            fragment=None,
            theme=theme,
            layout=layout.kind,
            practice=self.stage.value,
        )


def _button(key: str, command: Command, primary: bool = False) -> str:
    return button(text(key), command=command, primary=primary)
