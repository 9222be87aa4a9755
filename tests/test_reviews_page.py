"""A replay's review in the page (:mod:`farfalia.ui.reviews`, through the controller): run a slice at a
time and cancelled at will, its marks read in words and symbols, the mistakes stepped through, the
better play shown on the table, carried by its link and kept by the page, and a link whose review
cannot be read still opened."""

from __future__ import annotations

import functools
import itertools
import pickle
import random
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from farfalia.bots.review import MISTAKES, Review
from farfalia.core.errors import LinkError
from farfalia.core.interface import random_play
from farfalia.records.replay import read_replay, to_base64url
from farfalia.ui.answers import Reviews
from farfalia.ui.contract import Command
from farfalia.ui.controller import Controller
from farfalia.ui.game import find_game
from farfalia.ui.kept_reviews import REVIEWS_KEY
from farfalia.ui.links import parse_link
from farfalia.ui.reviews import PageReview, leb128, read_marks
from farfalia.ui.saves import MemoryStorage
from farfalia.ui.thinking import ReviewAsked
from tests.support import Ticks

GAMES = ("farfalia", "papillon")


pytestmark = pytest.mark.usefixtures("quick_reviews")


def page(storage: MemoryStorage | None = None) -> Controller:
    return Controller(storage or MemoryStorage(), "http://site/index.html", rng=random.Random(3))


def reviewed(controller: Controller, fragment: str) -> int:
    """Open ``fragment``, review it to the end; the slices it took."""
    controller.open(fragment)
    controller.command(Command.REVIEW)
    slices = 0
    while controller.thinking:
        controller.think()
        slices += 1
    return slices


def sample(game: str) -> str:
    return find_game(game).sample_replays(1)[0]


@pytest.mark.parametrize("game", GAMES)
def test_a_review_runs_in_slices_then_marks_the_replay_and_its_link_carries_it(game: str) -> None:
    text = sample(game)
    first = page()
    first.open(f"replay={text}&view=0&at=0")
    assert 'data-command="review"' in first.screen().bar and first.screen().review == ""
    first.command(Command.REVIEW)
    assert first.thinking and first.screen().review == "running" and "<progress" in first.screen().bar
    slices = reviewed(first, f"replay={text}&view=0&at=0")
    marks = first.studio.marks
    assert slices > 10 and marks is not None and len(marks) > 5 and first.screen().review == "done"
    assert {mark.player for mark in marks.by_index.values()} == {0}  # the seat viewed
    fragment = first.screen().fragment
    assert fragment is not None and "review=1." in fragment
    # The recipient sees the same marks at once, nothing computed again.
    second = page()
    second.open(fragment)
    assert not second.thinking and second.studio.marks is not None
    assert second.studio.marks.by_index.keys() == marks.by_index.keys()
    for index, mark in marks.by_index.items():
        other = second.studio.marks.by_index[index]
        assert (other.best, other.seen_best, other.player, other.action) == (
            mark.best,
            mark.seen_best,
            mark.player,
            mark.action,
        )
        assert other.loss == pytest.approx(mark.loss, abs=0.05) and other.grade == marks.thresholds.grade(other.loss)


def test_the_mistakes_are_stepped_through_and_the_better_play_is_shown_on_the_table() -> None:
    controller = page()
    reviewed(controller, f"replay={sample('farfalia')}&view=0&at=0")
    marks, viewer = controller.studio.marks, controller.studio.viewer
    assert marks is not None and viewer is not None
    mistakes = sorted(index + 1 for index, mark in marks.by_index.items() if mark.grade in MISTAKES)
    assert mistakes, "the sample's random play makes mistakes"
    controller.command(Command.NEXT_MISTAKE)
    assert viewer.at == mistakes[0]
    bar = controller.screen().bar
    line = re.search(r'<p class="verdict grade-(\w+)" data-grade="\w+">(.*?)</p>', bar)
    assert line is not None and line.group(1) in ("mistake", "blunder")
    assert ("??" if line.group(1) == "blunder" else "?") in line.group(2) and "Better:" in line.group(2)
    assert controller.key("n") and viewer.at == (mistakes[1] if len(mistakes) > 1 else mistakes[0])
    assert controller.key("p") and viewer.at == mistakes[0]
    mark = marks.at(viewer.at)
    assert mark is not None
    controller.command(Command.SHOW_BETTER)
    better = controller.studio.viewer
    assert better is not viewer and better is not None and better.replay.actions[-1] == mark.best
    assert better.at == mark.index + 1 and 'data-command="back-to-game"' in controller.screen().bar
    controller.command(Command.BACK_TO_GAME)
    assert controller.studio.viewer is viewer and viewer.at == mark.index + 1
    controller.command(Command.SHOW_BETTER)
    assert controller.screen().at == mark.index + 1  # the bar is the replay's, at its position
    assert controller.key("ArrowLeft")  # a step gives the better play up for the replay
    assert controller.studio.viewer is viewer and viewer.at == mark.index
    controller.command(Command.JUMP, {"at": "3"})
    assert viewer.at == 3
    assert 'data-command="jump" data-at="' in controller.screen().bar  # the graph's bars


def test_a_cancelled_review_leaves_the_replay_as_it_was() -> None:
    controller = page()
    controller.open(f"replay={sample('papillon')}&view=1")
    controller.command(Command.REVIEW)
    controller.think()
    controller.command(Command.REVIEW_CANCEL)
    assert not controller.thinking and controller.studio.marks is None
    assert controller.screen().review == "" and 'data-command="review"' in controller.screen().bar


def test_the_page_keeps_its_reviews_and_forgets_what_it_cannot_read() -> None:
    storage = MemoryStorage()
    text = sample("farfalia")
    reviewed(page(storage), f"replay={text}&view=2")
    again = page(storage)
    again.open(f"replay={text}&view=2")  # the link without its review: the page kept it
    assert again.studio.marks is not None and not again.thinking and again.screen().review == "done"
    storage.set(REVIEWS_KEY, "[" * 5000)
    unreadable = page(storage)
    unreadable.open(f"replay={text}&view=2")
    assert unreadable.studio.marks is None and 'data-command="review"' in unreadable.screen().bar


@settings(max_examples=30, deadline=None)
@given(review=st.text(alphabet="1.AQgw_-z9", max_size=40))
def test_a_links_review_that_cannot_be_read_leaves_the_replay_open(review: str) -> None:
    text = sample("farfalia")
    controller = page()
    controller.open(f"replay={text}&review={review}")
    assert controller.studio.viewer is not None  # the replay opens whatever the review says
    if controller.studio.marks is None and review:
        assert controller.studio.review_unread
        assert "review could not be read" in controller.screen().bar


def test_a_compact_review_refers_to_legal_actions_only() -> None:
    game = find_game("papillon")
    replay = game.decode_replay(sample("papillon"))
    controller = page()
    reviewed(controller, f"replay={sample('papillon')}&view=0")
    marks = controller.studio.marks
    assert marks is not None
    written = marks.compact(replay)
    assert parse_link(f"replay=x&review={written}").review == written
    shorter = random_play(game.rules, replay.settings, 1)  # another game: its positions differ
    other = game.decode_replay(game.encode_replay(shorter))
    try:
        read = read_marks(written, other, game.reviewing(), lambda marks: {})
    except Exception as error:
        assert type(error).__name__ == "LinkError"
    else:
        for index, mark in read.by_index.items():
            assert mark.action == other.actions[index]


def test_a_finished_game_is_reviewed_from_its_last_screen() -> None:
    controller = page()
    controller.open("")
    controller.command(Command.START, {"game": "papillon", "players": "2", "rounds": "blue", "kind-0": "bot",
                                       "kind-1": "bot", "pace": "instant", "level": "quick", "seed": "4"})  # fmt: skip
    table = controller.table
    assert table is not None
    while not table.game.is_over():
        if table.summary_pending() is not None:
            table.dismiss_summary()
        else:
            table.bot_action()
    while table.summary_pending() is not None:  # the last round's summary, then the game's end
        assert 'data-command="review"' not in table.panel()
        table.dismiss_summary()
    assert 'data-command="review"' in table.panel()
    controller.command(Command.REVIEW)
    assert controller.studio.viewer is not None and controller.studio.viewer.at == len(table.game.actions)
    while controller.thinking:
        controller.think()
    assert controller.studio.marks is not None and len(controller.studio.marks) > 5


@functools.cache
def positions(game_name: str) -> tuple[tuple[list[object], ...], tuple[int, ...]]:
    """The legal actions before each action of the game's first sample, and who took it."""
    replay = find_game(game_name).decode_replay(sample(game_name))
    played, legal, players = replay.start(), [], []
    for action in replay.actions:
        legal.append(list(played.legal_actions()))
        players.append(played.current_player())
        played.apply(action, check=False)
    return tuple(legal), tuple(players)


@settings(max_examples=40, deadline=None)
@given(rows=st.lists(st.tuples(*[st.integers(0, n) for n in (30, 300, 300, 4, 4)]), max_size=12))
@example(rows=[(6, 10, 20, 0, 1), (3, 0, 0, 1, 0)])
def test_any_well_formed_review_is_read_as_legal_marks_or_refused(rows: list[tuple[int, ...]]) -> None:
    game = find_game("farfalia")
    replay = game.decode_replay(sample("farfalia"))
    written = "1." + to_base64url(b"".join(leb128(number) for row in rows for number in row))
    try:
        marks = read_marks(written, replay, game.reviewing(), lambda marks: {})
    except LinkError:
        return
    legal, players = positions("farfalia")
    for index, mark in marks.by_index.items():
        assert mark.best in legal[index] and mark.seen_best in legal[index] and mark.action == replay.actions[index]
        assert mark.player == players[index] and len(legal[index]) > 1
        assert mark.grade == marks.thresholds.grade(mark.loss)
        assert (mark.best != mark.action or not mark.loss) and (mark.seen_best != mark.action or not mark.seen_loss)


def test_a_review_that_marks_a_forced_play_or_a_play_better_than_itself_is_refused() -> None:
    """A forged ``review=`` showed "?? A blunder … Better: (the play itself), 26843545.5 points more",
    and a blunder at a play the rules forced."""
    game = find_game("farfalia")
    replay = game.decode_replay(sample("farfalia"))
    legal, _ = positions("farfalia")
    chosen = next(k for k, actions in enumerate(legal) if len(actions) > 1)
    played = legal[chosen].index(replay.actions[chosen])
    other = 1 - min(played, 1)
    forced = next(k for k, actions in enumerate(legal) if len(actions) == 1)

    def read(row: tuple[int, ...]) -> object:
        return read_marks("1." + to_base64url(b"".join(map(leb128, row))), replay, game.reviewing(), lambda marks: {})

    for row in [(chosen, 10, 0, played, other), (chosen, 0, 10, other, played), (forced, 0, 0, 0, 0)]:
        with pytest.raises(LinkError):
            read(row)
    assert read((chosen, 10, 10, other, other))  # a mark that could be a review's


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("slices", "lost"), [(1, False), (3, False), (8, False), (8, True)])
def test_a_review_judged_from_both_ends_meets_with_the_verdicts_of_one_run(game: str, slices: int, lost: bool) -> None:
    """While the worker judges a part, the page judges the decisions from the end (``slices`` a
    part); where they meet, or once the worker is ``lost`` (as soon as a decision was judged from
    the end) and the page goes on alone to meet them, the review holds the verdicts of one review
    run from the start, to the last digit."""
    replay = read_replay(sample(game))
    reviewing = find_game(game).reviewing()
    alone = Review(replay, reviewing, {0}).complete().verdicts
    review, worker = PageReview(replay, reviewing, {0}, game, 1, clock=Ticks()), Reviews()
    while not review.review.finished:
        if lost and review.tail:
            review.worker_lost()
            review.work(0.03)
            continue
        asked: ReviewAsked = pickle.loads(review.question())
        for _ in range(slices):
            review.work(0.03)
        assert review.answered(worker.part(asked, Ticks()))
    assert review.review.verdicts == alone and review.progress == 1.0 and not review.meanwhile
    assert review.tail and review.tail_from < len(replay.actions)  # some were judged from the end


def test_a_click_anywhere_on_the_graph_goes_to_the_judged_decision_nearest_it() -> None:
    """On a phone a bar is a pixel wide: each judged decision's target is the graph's whole height,
    halfway to its neighbours', so the targets tile the graph and each holds its own bar."""
    controller = page()
    reviewed(controller, f"replay={sample('farfalia')}")
    marks, viewer = controller.studio.marks, controller.studio.viewer
    assert marks is not None and viewer is not None and len(marks) > 2
    graph = marks.graph(viewer.at, viewer.total, viewer.names())
    slots = [
        (float(x), float(x) + float(width), int(at))
        for at, x, width in re.findall(
            r'class="slot" data-command="jump" data-at="(\d+)" x="([\d.]+)" y="0"'
            r' width="([\d.]+)"',
            graph,
        )
    ]
    assert [at for _, _, at in slots] == [index + 1 for index in sorted(marks.by_index)]
    assert slots[0][0] == 0 and slots[-1][1] == pytest.approx(600, abs=0.2)
    assert all(right == pytest.approx(left, abs=0.2) for (_, right, _), (left, _, _) in itertools.pairwise(slots))
    width = 600 / viewer.total
    for left, right, at in slots:  # its own bar's middle inside its target
        assert left - 0.1 <= (at - 0.5) * width <= right + 0.1
