"""Learning from a review's mistakes (:mod:`farfalia.ui.practice`, through the controller): each
mistake set up again from its seat's view, a try judged as the review judged that action (here or
in the worker), found or taken back, the answer shown on the table, the tally, and back to the
replay."""

from __future__ import annotations

import dataclasses
import pickle
import random
from functools import partial
from html import escape

import pytest

from farfalia.bots.review import Grade, Review, Verdict
from farfalia.core.errors import SessionError
from farfalia.records.replay import read_replay
from farfalia.ui.answers import answer_message
from farfalia.ui.contract import Command
from farfalia.ui.controller import Controller
from farfalia.ui.game import find_game
from farfalia.ui.panels import Panel
from farfalia.ui.practice import Practice, Stage
from farfalia.ui.reviews import Mark, Marks
from farfalia.ui.saves import MemoryStorage
from farfalia.ui.texts import text
from farfalia.ui.thinking import ReviewAsked, Reviewed

GAMES = ("farfalia", "papillon")


pytestmark = pytest.mark.usefixtures("quick_reviews")


def reviewed_page(game: str) -> tuple[Controller, dict[int, Verdict]]:
    """A page showing a sample replay of ``game`` reviewed for its first seat, and that review's
    verdicts (each with every compared action's value) by action index."""
    text = find_game(game).sample_replays(1)[0]
    page = Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(3))
    page.open(f"replay={text}&view=0&at=0")
    page.command(Command.REVIEW)
    while page.thinking:
        page.think()
    viewer = page.studio.stepping()
    review = Review(viewer.replay, find_game(game).reviewing(), {0}).complete()
    return page, {verdict.index: verdict for verdict in review.verdicts}


def practising(page: Controller) -> Practice:
    practice = page.studio.practice
    assert practice is not None
    return practice


def press(page: Controller, action: object) -> None:
    """Play ``action`` at the mistake as a person would: its card, then its choice where it asks
    for one (what a hint marks, a click at a time)."""
    practice = practising(page)
    index, before = practice.mistake.index, practice.told
    for _ in range(3):
        page.act(practice.table.hint(action)[1])
        if practice.told is not before or practice.stage is not Stage.TRYING:
            return  # judged at once, or being judged
        assert len(practice.table.game.actions) == index  # a card picked up
    raise AssertionError(f"{action!r} could not be played")


def judged(page: Controller) -> None:
    while page.thinking:
        page.think()


@pytest.mark.parametrize("game", GAMES)
def test_each_try_is_judged_as_the_review_judged_that_action_and_taken_back_unless_good(game: str) -> None:
    page, verdicts = reviewed_page(game)
    assert 'data-command="practise"' in page.screen().bar
    page.command(Command.PRACTISE)
    practice = practising(page)
    mark = practice.mistake
    verdict = verdicts[mark.index]
    assert (verdict.action, verdict.best, verdict.grade) == (mark.action, mark.best, mark.grade)
    assert practice.table.viewer() == mark.player == 0  # the mistaken seat's view only
    assert page.screen().practice == "trying" and page.screen().decision
    thresholds = practice.marks.thresholds
    known = verdict.known
    worst_first = sorted(known.actions, key=lambda action: known.values[known.actions.index(action)])
    for action in worst_first:
        press(page, action)
        judged(page)
        loss = known.loss(action)
        told = practice.told
        assert told is not None and (told.action, told.loss) == (action, pytest.approx(loss, abs=1e-9))
        if thresholds.grade(loss) is Grade.GOOD:
            assert practice.stage is Stage.FOUND and practice.table.game.actions[mark.index] == action
            assert practice.found == 1 and page.screen().practice == "found"
            break
        assert practice.stage is Stage.TRYING and len(practice.table.game.actions) == mark.index
        assert practice.table.deciding()
    else:
        raise AssertionError("the review's best action was never found")


@pytest.mark.parametrize("game", GAMES)
def test_a_try_judged_in_the_worker_is_judged_as_here(game: str) -> None:
    page, verdicts = reviewed_page(game)
    page.command(Command.PRACTISE)
    practice = practising(page)
    mark = practice.mistake
    known = verdicts[mark.index].known
    other = next(action for action in known.actions if action not in (mark.best, mark.action))
    page.thinker.remote = True
    press(page, other)
    assert page.thinking and practice.stage is Stage.JUDGING
    question = page.take_question()
    assert question is not None and page.awaiting_answer and page.take_question() is None
    asked = pickle.loads(question)
    assert isinstance(asked, ReviewAsked) and asked.start == mark.index and asked.seats == {0}
    # a part of another review (a cancelled one's, late) changes nothing
    assert not page.answered(pickle.dumps(Reviewed(asked.number - 1, (), asked.start + 1)))
    while page.awaiting_answer:
        assert page.answered(answer_message(question))
        question = page.take_question() if page.thinking else None
    told = practice.told
    assert not page.thinking and told is not None
    assert (told.action, told.loss) == (other, pytest.approx(known.loss(other), abs=1e-9))


def test_the_answer_is_marked_and_the_tally_counts_only_what_was_found_without_it() -> None:
    page, _ = reviewed_page("farfalia")
    page.command(Command.PRACTISE)
    practice = practising(page)
    count = len(practice.mistakes)
    assert count >= 2
    first = practice.mistake
    assert page.hint is None
    assert not page.key("End") and page.studio.stepping().at == 0  # the replay's keys rest
    assert page.key("h")  # the hint, here: the answer
    assert practice.shown and page.hint == practice.table.hint(first.best)[1]
    assert 'data-command="practice-answer" disabled' in page.screen().bar
    told = practice.note()
    page.set_preference("language", "fr")  # what was told is said again in the language chosen
    assert practice.note() != told and "marqué sur la table" in practice.note()
    page.set_preference("language", "en")
    assert practice.note() == told
    press(page, first.best)  # found at once, with the answer's help
    assert practice.stage is Stage.FOUND and practice.found == 0 and page.hint is None
    page.command(Command.PRACTICE_NEXT)
    second = practice.mistake
    assert second.index > first.index and practice.stage is Stage.TRYING and not practice.shown
    assert len(practice.table.game.actions) == second.index
    press(page, second.best)
    assert practice.stage is Stage.FOUND and practice.found == 1
    for _ in range(count - 2):
        page.command(Command.PRACTICE_NEXT)  # skipped
    page.command(Command.PRACTICE_NEXT)
    assert practice.stage is Stage.DONE and page.screen().practice == "done"
    assert f"1 of {count} mistakes" in page.screen().overlay and page.screen().modal
    page.act(practice.table.hint(second.best)[1])  # nothing to try any more
    assert practice.stage is Stage.DONE
    page.command(Command.PRACTICE_AGAIN)
    assert practice.stage is Stage.TRYING and practice.mistake == first and practice.found == 0
    assert not page.key("Escape")  # while trying, Escape leaves nothing
    for _ in range(count):
        page.command(Command.PRACTICE_NEXT)
    assert practice.over and page.key("Escape")  # the tally closed: back to the review
    screen = page.screen()
    assert page.studio.practice is None and screen.practice == "" and screen.at == practice.mistakes[-1].index + 1
    assert "review-graph" in screen.bar


def test_learning_is_offered_only_where_the_review_found_a_mistake() -> None:
    page, _ = reviewed_page("farfalia")
    marks = page.studio.marks
    assert marks is not None and marks.mistakes()
    for mark in marks.mistakes():
        marks.by_index[mark.index] = dataclasses.replace(mark, grade=Grade.GOOD)
    assert 'data-command="practise"' not in page.screen().bar
    with pytest.raises(SessionError, match="no mistake"):
        page.command(Command.PRACTISE)
    assert page.studio.practice is None


#: A Papillon game of three shared under way (its chance written out): its last action, a tie's
#: roll after it, ends the blue round tied; another play there ends it untied.
WRITTEN_OUT = (
    "p1.3000.x.1h..E1HlbQNsjhevEo-ODtk.S0m0Z0N0r090k0X0l0s0u0J0j0g0q0R0H0O060Q0E0G030U0W0a080f050F0S01"
    "0V0T000L0K0C0v0h0t0e0b0A0M070I0D040p0P0c0d0n0Y0i0o020B~R433626~R1544.nuJksO"
)


def test_a_try_where_the_chance_is_written_out_draws_what_it_leads_to() -> None:
    """The written-out chance outcomes after a mistake follow the game as it was played (here a
    tie's roll): a try sets them aside, at the table and in its judging."""
    replay = read_replay(WRITTEN_OUT)
    assert replay.seed is None and replay.chance
    for index in range(len(replay.actions)):  # another action, anywhere, plays on
        before = replay.before(index)
        assert before.actions == replay.actions[:index] and before.game().chance_left == 0
        legal = before.game().legal_actions()
        for action in {legal[0], legal[-1]}:
            before.game().apply(action)
    last = len(replay.actions) - 1
    position = replay.before(last).game()
    other = next(action for action in position.legal_actions() if action != replay.actions[last])
    game = find_game("papillon")
    # a mark made up: the action played its better one too, so that the other is judged by a review
    played = replay.actions[last]
    mark = Mark(last, position.current_player(), played, Grade.BLUNDER, 20.0, 20.0, played, other)
    marks = Marks([mark], game.reviewing().thresholds, lambda _marks: {last: ("played", "best", "seen")})
    numbers = iter(range(1, 10))
    practice = Practice(replay, marks, game, ["Ann", "Bea", "Cy"], lambda: next(numbers))
    while practice.stage is Stage.TRYING:
        practice.act(practice.table.hint(played)[1])
    assert practice.stage is Stage.FOUND and practice.table.game.actions[last] == played
    practice.again()
    while practice.stage is Stage.TRYING:
        practice.act(practice.table.hint(other)[1])
    assert practice.stage is Stage.JUDGING
    while practice.judging is not None:
        practice.work(1.0)
    told = practice.told
    assert (
        told is not None and told.action == other and told.key in ("practice.loses", "practice.found", "practice.best")
    )
    # The viewer's better play, there: shown where the game was played otherwise.
    page = Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(3))
    shown = Mark(last, position.current_player(), played, Grade.BLUNDER, 20.0, 20.0, other, other)
    compact = Marks([shown], marks.thresholds, marks.describe).compact(replay)
    page.open(f"replay={WRITTEN_OUT}&review={compact}&at={last + 1}")
    page.command(Command.SHOW_BETTER)
    better = page.studio.stepping()
    assert page.studio.main_viewer is not None and better.game.actions[last] == other


@pytest.mark.parametrize("game", GAMES)
def test_the_tables_shortcuts_work_at_a_mistake_and_the_replay_rests_behind_it(game: str) -> None:
    page, verdicts = reviewed_page(game)
    page.command(Command.EMBED)  # a dialog over the replay (sent by hand: it is modal) closes as learning begins
    page.command(Command.PRACTISE)
    practice, viewer = practising(page), page.studio.stepping()
    at = viewer.at
    assert page.panel == Panel.NONE and page.screen().deciding and not page.screen().modal
    for key, closing in (("s", "close-sheet"), ("?", "close-help")):
        assert page.key(key) and f'data-command="{closing}"' in page.screen().overlay and page.screen().modal
        assert not page.screen().deciding and not page.key("h")  # one dialog at a time
        assert page.key(key if key == "s" else "Escape") and page.screen().overlay == ""  # closed again
    page.key("?")
    keys = page.screen().overlay
    assert "<kbd>s</kbd>" in keys and "<kbd>o</kbd>" not in keys  # its keys only
    assert escape(text("key.practice-answer")) in keys and escape(text("key.hint")) not in keys  # h: the answer
    page.key("Escape")
    assert page.screen().deciding and not page.key("o")  # the settings are a game's
    # The replay's controls, sent by hand (none is shown), are refused in words; it stays where it was.
    by_hand = (lambda: page.command("next"), lambda: page.command(Command.NEXT_MISTAKE),
               lambda: page.command(Command.REVIEW), lambda: page.seek(0), lambda: page.set_view("1"),
               *[partial(page.command, unused) for unused in practice.game.unused_shortcuts])  # fmt: skip
    for refused in by_hand:
        with pytest.raises(SessionError, match="go back to the review first"):
            refused()
    assert viewer.at == at and page.studio.practice is practice and practice.stage is Stage.TRYING
    # While a try is judged, the answer's key is not used (nor its button offered).
    known, mark = verdicts[practice.mistake.index].known, practice.mistake
    judged_later = [action for action in known.actions if action not in (mark.best, mark.action)]
    press(page, judged_later[0])
    assert practice.stage is Stage.JUDGING and not page.key("h") and not practice.shown
    assert 'data-command="practice-answer" disabled' in page.screen().bar
    page.key("?")
    page.command(Command.PRACTICE_LEAVE)  # (sent by hand under the dialog) it closes with the mistakes
    assert page.studio.practice is None and page.panel == Panel.NONE


def test_a_papillon_mistakes_table_tells_the_play_before_it_as_the_viewer_does() -> None:
    page, _ = reviewed_page("papillon")
    page.command(Command.PRACTISE)
    practice = practising(page)
    rounds = [round_index for _, round_index in practice.replay.game().decisions()]
    told = 0
    for mistake in practice.mistakes:
        viewer = page.studio.stepping()
        viewer.jump(mistake.index)
        table = practice.table
        if mistake.index and rounds[mistake.index - 1] == rounds[mistake.index]:
            assert table.last_play() == viewer.last_play() != ""
            assert table.last_play() in page.screen().bar and "data-mover" not in page.screen().table
            told += 1
        else:  # a round's first decision: none yet
            assert table.last_play() == ""
        page.command(Command.PRACTICE_NEXT)
    assert told
