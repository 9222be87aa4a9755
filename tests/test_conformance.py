"""Every game of the site, checked through what it gives the registry alone (after OpenSpiel's
random-simulation test, run over every game): random complete games through the checked API
(replay and undo identity at every step), an action refused unchanged where the chance outcome
given for what it leads to breaks the rules, saves that load back, links that decode back and
mutated links refused cleanly, seat views that never show a hidden card, a table and a viewer
drawn at every kind of decision, a whole game played through the page's controller, and a
search's decision within its budget. The test suite's own third game (:mod:`tests.third_game`)
is registered for these tests: a game joins the site, and passes them, from its own folder."""

from __future__ import annotations

import itertools
import json
import pickle
import random
import time
from collections.abc import Iterator

import pytest

from farfalia.bots.review import Grade, Review
from farfalia.cli import main
from farfalia.core.errors import FarfaliaError, SessionError
from farfalia.core.interface import random_play
from farfalia.records.replay import read_replay
from farfalia.ui.answers import answer_message
from farfalia.ui.contract import Command
from farfalia.ui.controller import Controller
from farfalia.ui.game import SiteGame, find_game, site_games
from farfalia.ui.layout import WIDE
from farfalia.ui.saves import MemoryStorage
from farfalia.ui.seating import HINT_LEVEL, Player, Table
from farfalia.ui.shelf import load_table
from farfalia.ui.thinking import Asked
from farfalia.ui.viewer import ALL, ViewerMove, open_viewer
from tests.support import check_random_game
from tests.third_game import site as third_game
from tools.fuzz_links import fragments, open_link

#: Every game the site registers, and the test suite's own.
GAMES = [*(game.name for game in site_games()), third_game.TRICKS_SITE.name]
#: Settings a game is checked at: those of its sample replays, at most this many.
SETTINGS_EACH = 3
#: Mutated links opened per game.
MUTATED_LINKS = 1000
#: Given in place of a chance outcome: no outcome of any game.
NOT_AN_OUTCOME = ("no", "outcome")


@pytest.fixture(autouse=True, scope="module")
def with_the_third_game() -> Iterator[None]:
    third_game.register()
    yield
    third_game.unregister()


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> SiteGame:
    return find_game(request.param)


def settings_of(game: SiteGame) -> list[object]:
    """Distinct settings the game's sample replays are played at (its variety, as it chose it)."""
    found: list[object] = []
    for text in game.sample_replays(0):
        settings = game.decode_replay(text).settings
        if settings not in found:
            found.append(settings)
    return found[:SETTINGS_EACH]


def bots(count: int) -> list[Player]:
    return [Player(f"Bot {k + 1}", True) for k in range(count)]


def play_out(table: Table, limit: int = 5000) -> Iterator[Table]:
    """The table at each of its moments, its bots (the heuristic) deciding, summaries dismissed."""
    for _ in range(limit):
        yield table
        if table.game.is_over():
            return
        if table.summary_pending() is not None:
            table.dismiss_summary()
        else:
            table.bot_action()
    raise AssertionError("the game did not end")


def test_random_games_through_the_checked_api_replay_and_undo_to_the_same_game(game: SiteGame) -> None:
    for seed, settings in enumerate(settings_of(game)):
        played = check_random_game(game.rules, settings, seed)
        assert played.is_over() and played.winners


def test_an_action_whose_given_chance_outcome_breaks_the_rules_raises_and_changes_nothing(game: SiteGame) -> None:
    refused = 0
    for seed, settings in enumerate(settings_of(game)):
        played = random_play(game.rules, settings, seed)
        steps = list(played.history)
        outcomes = [k for k, step in enumerate(steps) if not isinstance(step, int)]
        after_an_action = [k for k in outcomes if any(isinstance(step, int) for step in steps[:k])]
        for at in after_an_action[:: max(1, len(after_an_action) // 3)]:
            given = [steps[k] for k in outcomes if k < at] + [NOT_AN_OUTCOME]  # the bad one in place of steps[at]
            replayed = game.rules.new(settings, seed, given, draw=False)
            last = max(k for k in range(at) if isinstance(steps[k], int))  # the action that leads to it
            for action in [step for step in steps[:last] if isinstance(step, int)]:
                replayed.apply(action)
            player = replayed.current_player()
            before = (list(replayed.history), replayed.legal_actions(), game.rules.seat_view(replayed, player))
            with pytest.raises(FarfaliaError):
                replayed.apply(steps[last])
            after = (list(replayed.history), replayed.legal_actions(), game.rules.seat_view(replayed, player))
            assert after == before and replayed.current_player() == player
            refused += 1
    assert refused, "no game reached a chance outcome after an action: the check proves nothing"


def test_a_link_decodes_to_the_same_game_and_mutated_links_are_refused_cleanly(game: SiteGame) -> None:
    for seed, settings in enumerate(settings_of(game)):
        played = random_play(game.rules, settings, seed)
        names = [f"P{k}" for k in range(played.players)]
        replay = read_replay(game.encode_replay(played, names))
        assert replay.rules is game.rules and replay.settings == settings and list(replay.names) == names
        assert replay.game().history == played.history
    rng = random.Random(game.name)
    outcomes = []
    for fragment in itertools.islice(fragments(rng, game.sample_replays(1)), MUTATED_LINKS):
        started = time.perf_counter()
        outcomes.append(open_link(fragment))  # opens, or says why not: anything else fails the test
        assert time.perf_counter() - started < 2.0, fragment  # a guard against unbounded work, not a goal
    assert True in outcomes and False in outcomes


def test_a_save_loads_back_as_the_same_table(game: SiteGame) -> None:
    settings = settings_of(game)[0]
    played = random_play(game.rules, settings, 4)
    for cut in (0, len(played.actions) // 3, len(played.actions)):
        players = [Player("Ann", False), *bots(played.players - 1)]
        table = game.table(settings, played.seed, players, "fast", "quick", played.actions[:cut])
        text = json.dumps(table.to_record())
        again, found = load_table(text)
        assert found is game and again.game.history == table.game.history
        assert again.players == table.players and (again.pace, again.level) == ("fast", "quick")
        assert json.loads(json.dumps(again.to_record())) == json.loads(text)


def test_no_seat_view_shows_a_card_its_seat_cannot_see(game: SiteGame) -> None:
    rng = random.Random(7)
    for seed, settings in enumerate(settings_of(game)):
        played, chooser, differed = game.rules.new(settings, seed), random.Random(seed), 0
        while not played.is_over():
            for player in range(played.players):
                twin = game.hidden_twin(played, player, rng)
                view = game.rules.seat_view(played, player)
                assert game.rules.seat_view(twin, player) == view, (player, len(played.history))
                others = [
                    game.rules.seat_view(twin, p) != game.rules.seat_view(played, p) for p in range(played.players)
                ]
                differed += any(others)
            played.apply(chooser.choice(played.legal_actions()))
        assert differed, "the twins never hid anything: the check proves nothing"


def test_the_table_and_the_viewer_are_drawn_at_every_kind_of_decision(game: SiteGame) -> None:
    kinds: set[str] = set()
    for seed, settings in enumerate(settings_of(game)):
        count = game.rules.players(settings)
        table = game.table(settings, seed, [Player("Ann", False), *bots(count - 1)], "instant", "quick")
        table.players = bots(count)  # the bots play every seat; the screen shows the first
        for moment in play_out(table):
            kinds.add(moment.decision() or "-")
            svg, bar = moment.draw(WIDE, "dark", 1.6), moment.bar()
            assert svg.startswith("<svg") and svg.endswith("</svg>") and isinstance(bar, str)
            assert isinstance(moment.panel(), str) and isinstance(moment.news(), list)
        assert table.game.is_over() and "<" in table.panel() and "<" in table.sheet()
        viewer = open_viewer(read_replay(table.share()), 0, ALL)
        while viewer.at < viewer.total:
            assert viewer.draw(viewer.view(), WIDE, "light").startswith("<svg")
            viewer.move(ViewerMove.NEXT)
        assert viewer.at == viewer.total and viewer.game.is_over()
    assert kinds


def test_the_page_plays_a_whole_game_saves_it_and_shares_it(game: SiteGame) -> None:
    page = Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(3))
    page.open("")
    assert f'value="{game.name}"' in page.screen().overlay  # offered on the start screen
    count = page.seat_count({"game": game.name})
    form = {"game": game.name, "pace": "instant", "level": "quick", **{f"kind-{k}": "bot" for k in range(count)}}
    page.command(Command.START, form)
    assert page.game is game and page.table is not None
    for _ in range(20_000):
        if page.table.game.is_over():
            break
        if page.bot_delay() is None:
            page.command(Command.CONTINUE)
            continue
        page.bot_move()
        while page.thinking and not page.think(1.0):
            pass
    assert page.table.game.is_over() and "<svg" in page.screen().table
    slot = page.shelf.slot
    assert slot is not None and load_table(page.shelf.saves.slots[slot].save_text())[0].game.is_over()
    page.command(Command.SHARE)
    assert page.share_link is not None
    page.open(page.share_link.partition("#")[2])
    assert page.viewer is not None and page.viewer.game_name == game.name and page.screen().at == page.viewer.total


def test_a_search_decides_within_its_budget_from_the_view_alone(game: SiteGame) -> None:
    settings = settings_of(game)[0]
    count = game.rules.players(settings)
    table = game.table(settings, 2, bots(count), "instant", "strong")
    searched = 0
    for moment in itertools.islice(play_out(table), 40):
        if moment.summary_pending() is not None or not moment.bot_to_act():
            continue
        search = moment.bot_search()
        search.complete()
        budget = moment.model.budget(search.view, moment.levels["strong"].playouts)
        assert search.done * len(search.candidates) <= budget + len(search.candidates)
        best = search.best()
        assert best in moment.game.legal_actions() or str(best) in map(str, moment.game.legal_actions())
        searched += bool(search.candidates)
        try:
            moment.finish_bot()  # the search's decision, applied
        except FarfaliaError as error:  # pragma: no cover - a failure of the game, said plainly
            pytest.fail(f"the search's decision was refused: {error}")
    assert searched


def test_the_start_screen_sets_up_a_situation_or_says_the_game_has_none(game: SiteGame) -> None:
    page = Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(3))
    page.open("")
    if game.editor(["A", "B", "C", "D", "E"], {"game": game.name}) is None:
        with pytest.raises(SessionError, match="no situation editor"):
            page.command(Command.EDITOR, {"game": game.name})
        return
    page.command(Command.EDITOR, {"game": game.name})
    page.command(Command.EDITOR_FILL)
    assert page.editor is not None and page.editor.game_name == game.name and page.screen().keep_focus
    page.command(Command.EDITOR_PLAY, {"you": "0"})
    assert page.game is game and page.table is not None and page.editor is None


def test_every_bot_it_names_plays(game: SiteGame) -> None:
    settings = settings_of(game)[0]
    played = game.rules.new(settings, 1)
    view = game.rules.seat_view(played, played.current_player())
    for name in game.bot_names:
        bot = game.bot(name)
        if not getattr(bot, "sees_all", False):
            assert bot.choose(view, random.Random(0)) in played.legal_actions()
    with pytest.raises(FarfaliaError, match="unknown bot"):
        game.bot("wizard")


def test_its_command_line_simulates_encodes_and_decodes(game: SiteGame, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", game.name, "--games", "2", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(line)["seed"] for line in lines] == [3, 4]
    assert main(["replay", "encode", "--game", game.name, "--seed", "5"]) == 0
    text = capsys.readouterr().out.strip()
    assert read_replay(text).rules is game.rules
    assert main(["replay", "decode", text]) == 0 and capsys.readouterr().out.strip()


def test_a_review_judges_decisions_from_the_seat_and_never_marks_the_best(
    game: SiteGame, capsys: pytest.CaptureFixture[str]
) -> None:
    text = game.sample_replays(0)[0]
    replay = read_replay(text)
    reviewing = game.reviewing()
    review = Review(replay, reviewing, seats={0}, seed=1, playouts=60)
    steps = 0
    while not review.finished:
        review.step()
        steps += 1
    assert review.verdicts and steps > len(review.verdicts) and review.progress == 1.0
    for verdict in review.verdicts:
        assert verdict.player == 0 and verdict.action in verdict.known.actions and verdict.loss >= 0
        assert verdict.grade == reviewing.thresholds.grade(verdict.loss)
        if verdict.action == verdict.best:
            assert verdict.loss == 0 and verdict.grade is Grade.GOOD
    again = Review(replay, reviewing, seats=None, seed=1, playouts=60).complete()
    assert [v for v in again.verdicts if v.player == 0] == review.verdicts  # the same, whoever else is judged
    for handed_over in (steps // 3, 2 * steps // 3):  # split where the worker takes a review over
        first = Review(replay, reviewing, seats={0}, seed=1, playouts=60)
        for _ in range(handed_over):
            first.step()
        rest = Review(replay, reviewing, seats={0}, seed=1, playouts=60, start=first.next_index).complete()
        first.adopt(rest.verdicts, rest.next_index)
        assert first.finished and 0 < len(rest.verdicts) < len(review.verdicts)
        assert first.verdicts == review.verdicts
    assert main(["analyse", text, "--seat", "0", "--playouts", "60", "--seed", "1", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["decision"] for row in rows[:-1]] == [v.index + 1 for v in review.verdicts]
    assert rows[-1]["player"] == 0 and rows[-1]["decisions"] == len(review.verdicts)


def test_the_worker_answers_every_games_bots_as_the_page_does(game: SiteGame) -> None:
    """The worker's module finds any registered game's search (``SiteGame.session``) and decides as
    the page does, for the strong level and the hint, from a table of bots of that level."""
    settings = settings_of(game)[0]
    table = game.table(settings, 5, bots(game.rules.players(settings)), level="strong")
    while not table.bot_to_act():  # past a round's summary, if any
        table.dismiss_summary()
    for question in (table.bot_question(), table.bot_question()._replace(level=HINT_LEVEL)):
        here = table.answering(question)
        here.complete()
        reply = pickle.loads(answer_message(pickle.dumps(Asked(game.name, 7, question))))
        assert reply.number == 7 and reply.decided == here.best()
