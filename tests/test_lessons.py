"""The lessons (:mod:`farfalia.ui.lessons`): each game's guided first game, through the page's
controller as the page drives it: played through by its marked moves, every note said in its turn,
a move off the script told and taken back (or, late in a round, kept), a refused card named with
its rule, left and resumed, offered from the first screen, the table's tools and a link."""

from __future__ import annotations

import json
import random
import re
from html import escape

import pytest

import farfalia.site  # noqa: F401 (the site's games, registered)
from farfalia.games.papillon.engine.game import action_name, split_blue
from farfalia.ui.contract import Command
from farfalia.ui.controller import Controller
from farfalia.ui.game import site_games
from farfalia.ui.lessons import LESSON_KEY, LessonRun
from farfalia.ui.saves import MemoryStorage
from farfalia.ui.texts import text

GAMES = [game.name for game in site_games() if game.lesson() is not None]


def page(storage: MemoryStorage | None = None) -> Controller:
    controller = Controller(storage or MemoryStorage(), "http://site/index.html", rng=random.Random(1))
    controller.open("")
    return controller


def learning(controller: Controller, game: str) -> LessonRun:
    controller.command(Command.LEARN, {"game": game})
    assert controller.lesson is not None
    return controller.lesson


def move_on(controller: Controller) -> None:
    """Let the bots play (a lesson's script) until the learner decides or the part is over."""
    run = controller.lesson
    assert run is not None
    while controller._bot_may_move():
        controller.bot_move()
        while controller.thinking:
            controller.think(1)
    assert run.done() or run.learner_deciding()


def play_to(controller: Controller, at: int) -> None:
    """Play the lesson's marked moves until its game has ``at`` actions and the learner decides."""
    run = controller.lesson
    assert run is not None
    move_on(controller)
    while len(run.table.game.actions) < at:
        play_marked(controller)
        move_on(controller)
    assert len(run.table.game.actions) == at


def play_marked(controller: Controller) -> None:
    """Play the lesson's marked move."""
    mark = controller.hint
    assert mark is not None, "the learner decides, and the lesson marks no move"
    screen = controller.screen()
    assert f'data-action="{escape(mark)}"' in screen.bar + screen.table, "the marked move is on screen"
    controller.act(mark)


@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_plays_through_by_its_marks_saying_each_note_in_its_turn(game: str) -> None:
    controller = page()
    run = learning(controller, game)
    lesson = run.lesson
    said: set[str] = set()
    for part_index, part in enumerate(lesson.parts):
        assert run.part_index == part_index
        while not run.done():
            move_on(controller)
            said.add(run.note())
            if not run.done():
                screen = controller.screen()
                assert 'class="lesson"' in screen.bar and escape(text(part.title)) in screen.bar
                play_marked(controller)
        while run.table.summary_pending() is not None:  # the round's own scoring first
            controller.command(Command.CONTINUE)
        overlay = controller.screen().overlay
        assert "lesson-end" in overlay and escape(text(part.end)) in overlay
        last = part_index == len(lesson.parts) - 1
        assert (f'data-command="play" data-game="{game}"' in overlay) == last
        if not last:
            controller.command(Command.LESSON_NEXT)
    notes = {text(key) for part in lesson.parts for key in part.notes.values()}
    assert notes <= said  # each said when its move came


@pytest.mark.parametrize("game", GAMES)
def test_every_part_says_its_first_note_from_its_first_moment(game: str) -> None:
    """Farfalia's first part opens with Andrew's discards and trump (its first note comes with
    the learner's lead): the box said nothing meanwhile, seconds at the lesson's pace."""
    controller = page()
    run = learning(controller, game)
    for part_index, part in enumerate(run.lesson.parts):
        assert run.part_index == part_index and run.table.game.actions == []
        assert run.note() == text(part.notes[min(part.notes)])
        run.next_part()  # each part from its beginning


@pytest.mark.parametrize("game", GAMES)
def test_while_the_others_play_on_after_the_learners_move_the_strip_says_whose_turn_it_is(game: str) -> None:
    """A note that told the learner what to play stayed as it was while the bots played on after
    the move, as if it were still to be made (found by a newcomer's walk). It stays, the part's
    story, but begins "Done: now Marc plays." until the learner decides again or a new note comes."""
    controller = page()
    run = learning(controller, game)
    move_on(controller)
    seen = 0
    while not run.done() and seen < 3:
        assert run.watched() is None and "lesson-watching" not in controller.screen().bar  # the learner decides
        noted = run.note()
        play_marked(controller)
        while controller._bot_may_move() and run.note() == noted and not run.done():
            actor = run.table.actor()
            assert actor is not None
            name = run.table.names()[actor]
            assert run.watched() == name
            assert f'<strong class="lesson-watching">{escape(text("lesson.watching", name=name))}</strong> ' in (
                controller.screen().bar
            )
            seen += 1
            controller.bot_move()
            while controller.thinking:
                controller.think(1)
        move_on(controller)
    assert seen >= 3


def test_a_new_part_or_a_restart_watches_nothing_until_the_learner_moves_and_a_resumed_one_says_it() -> None:
    """The others' opening moves of a part set its scene: nothing is "done" before the learner's
    move (Farfalia's Burnin' part opens with four of them). A lesson left while the others played
    on after the learner's move says it again when resumed."""
    storage = MemoryStorage()
    controller = page(storage)
    run = learning(controller, "farfalia")
    play_to(controller, 3)  # Barbara leads
    play_marked(controller)
    watched = run.watched()
    assert run.table.bot_to_act() and watched is not None
    controller._save()  # the place kept, as the page keeps it at each move
    resumed = learning(page(storage), "farfalia")
    assert len(resumed.table.game.actions) == 4 and resumed.watched() == watched
    run.restart()
    controller._sit(run.table, controller.game)
    assert run.table.bot_to_act() and run.watched() is None
    while run.next_part():
        pass  # to the last part, whose others move first
    controller._sit(run.table, controller.game)
    assert run.part.title == "lesson.fa.burning" and run.table.bot_to_act() and run.watched() is None


def test_a_move_of_ones_own_is_told_then_the_others_play_on_and_the_next_move_says_who() -> None:
    """Past the last note the learner's own move stands: its message shows (not "Done"); after the
    learner's next move, while the others play, "Done: now … plays." again."""
    controller = page()
    run = learning(controller, "papillon")
    play_to(controller, max(run.part.notes))
    game = run.table.game
    other = next(action for action in game.offered_actions() if action != run.table.scripted())
    controller.act(action_name(other))
    assert run.free and run.note().startswith("You chose: ") and run.watched() is None
    assert "lesson-watching" not in controller.screen().bar
    move_on(controller)
    assert not run.done()
    controller.act(action_name(run.table.game.offered_actions()[0]))
    actor = run.table.actor()
    assert run.message is None and run.table.bot_to_act() and actor is not None
    assert run.watched() == run.table.names()[actor]


def test_a_move_off_the_script_is_told_taken_back_and_the_scripts_move_marked_again() -> None:
    """Papillon's first decision: the rulebook's capture by a sign is marked; laying a card down
    instead is allowed, told, and taken back, so that the capture's rule comes up."""
    controller = page()
    run = learning(controller, "papillon")
    move_on(controller)
    game = run.table.game
    scripted = run.table.scripted()
    other = next(action for action in game.legal_actions() if action != scripted)
    controller.act(action_name(other))
    assert len(run.table.game.actions) == 0 and run.table.scripted() == scripted
    assert run.note().startswith("You chose: ") and "its own move" in run.note()
    while not run.table.game.actions:  # the card marked picked up, then its capture
        play_marked(controller)
    assert run.table.game.actions == [scripted] and "You chose" not in run.note()


def test_late_in_a_round_the_learner_plays_his_own_way_and_the_bots_play_on() -> None:
    """From the part's last note on, a move of one's own stands: the script is left, the bots play
    at their level, and the part ends with its round."""
    controller = page()
    run = learning(controller, "papillon")
    play_to(controller, max(run.part.notes))
    game = run.table.game
    scripted = run.table.scripted()
    other = next(action for action in game.offered_actions() if action != scripted)
    controller.act(action_name(other))
    game = run.table.game
    assert game.actions[-1] == other and run.free and run.table.script == ()
    assert run.note().startswith("You chose: ") and controller.hint is None
    for _ in range(200):
        move_on(controller)
        if run.done():
            break
        game = run.table.game
        controller.act(action_name(random.Random(len(game.actions)).choice(game.offered_actions())))
    assert run.done() and run.table.game.progress().rounds == 1


def test_a_capture_of_ones_own_is_told_and_kept_and_the_lesson_resumes_where_it_left_the_script() -> None:
    """Late in Papillon's blue round, a capture other than the script's: told with its arithmetic
    (worked out at the table it was made at), kept; left and resumed, the lesson takes up the
    script where the learner left it."""
    storage = MemoryStorage()
    controller = page(storage)
    run = learning(controller, "papillon")
    play_to(controller, max(run.part.notes))

    def other_captures() -> list[int]:
        scripted = run.table.scripted()
        return [a for a in run.table.game.offered_actions() if a != scripted and split_blue(a).taken]

    for _ in range(20):  # the script's moves, until the learner could capture otherwise
        if other_captures():
            break
        play_marked(controller)
        move_on(controller)
    captures = other_captures()
    assert captures, "a capture other than the script's is offered"
    left_at, scripted = len(run.table.game.actions), run.table.scripted()
    controller.act(action_name(captures[0]))
    assert run.table.game.actions[-1] == captures[0] and run.free
    assert run.note().startswith("You chose: ") and ("=" in run.note() or "Papillon" in run.note())
    assert run.position() == left_at
    controller.command(Command.LESSON_LEAVE)
    resumed = learning(page(storage), "papillon")
    assert len(resumed.table.game.actions) == left_at and resumed.table.scripted() == scripted


def test_a_short_part_keeps_to_its_script() -> None:
    """The counter after drawing (two moves): any other placement is taken back."""
    controller = page()
    run = learning(controller, "papillon")
    while run.part_index < 2:
        run.next_part()
    controller._sit(run.table, controller.game)
    move_on(controller)
    play_marked(controller)  # the draw
    move_on(controller)
    game = run.table.game
    other = next(action for action in game.legal_actions() if action != run.table.scripted())
    controller.act(action_name(other))
    assert len(run.table.game.actions) == 1 and not run.free and run.note().startswith("You chose: ")


def test_the_dummy_part_says_at_each_turn_whose_card_the_learner_plays() -> None:
    """Farfalia's dummy: Ada plays her dummy's cards and her own by turns; "Now play your own card"
    stayed on screen through the dummy's next turns (and on a phone the status line, which says
    whose card is due, is left to the lesson)."""
    storage = MemoryStorage()
    storage.set(LESSON_KEY, json.dumps({"game": "farfalia", "part": 1, "at": 0}))  # the part left at its start
    controller = page(storage)
    run = learning(controller, "farfalia")
    assert run.part.title == "lesson.fa.dummy"
    turns = 0
    move_on(controller)
    while not run.done():
        turn = run.table.game.to_act()
        if len(run.table.game.actions) > 4 and turn is not None and turn.decision in ("play", "play-dummy"):
            said = {"play": ["lesson.fa.own-turn"], "play-dummy": ["lesson.fa.dummy-turn", "lesson.fa.dummy-pick"]}
            assert run.note() in [text(key) for key in said[turn.decision]], (len(run.table.game.actions), run.note())
            turns += 1
        play_marked(controller)
        move_on(controller)
    assert turns >= 6


def test_a_card_the_rules_refuse_is_named_with_its_rule() -> None:
    """Farfalia: led green, Barbara must follow suit; her other cards say why they cannot go."""
    controller = page()
    run = learning(controller, "farfalia")
    play_to(controller, 12)
    table = controller.screen().table
    reasons = re.findall(r'data-reason="([^"]+)"', table)
    assert reasons and all("follow" in reason for reason in reasons)
    assert run.note() == text("lesson.fa.follow")


def test_a_papillon_card_that_goes_nowhere_says_its_rule() -> None:
    """The orange round: Anna's 2 and 11 go on no starting pile or sequence; each says why."""
    controller = page()
    run = learning(controller, "papillon")
    run.next_part()
    controller._sit(run.table, controller.game)
    play_to(controller, 2)
    reasons = re.findall(r'data-reason="([^"]+)"', controller.screen().table)
    assert len(reasons) == 2 and all("goes nowhere now" in reason and "P-R29" in reason for reason in reasons)
    assert {reason.split(" goes")[0] for reason in reasons} == {"2 of Serpents", "11 of Formes"}


def test_a_lesson_left_is_resumed_where_it_was_and_can_start_again() -> None:
    storage = MemoryStorage()
    controller = page(storage)
    run = learning(controller, "farfalia")
    for _ in range(2):
        move_on(controller)
        play_marked(controller)
    at = len(run.table.game.actions)
    controller.command(Command.LESSON_LEAVE)
    assert controller.lesson is None and controller.table is None and storage.get(LESSON_KEY)
    assert not controller.saved_games()  # a lesson is never a saved game
    again = page(storage)
    resumed = learning(again, "farfalia")
    assert resumed.part_index == 0 and len(resumed.table.game.actions) == at
    again.command(Command.LESSON_RESTART)
    assert again.lesson is not None and len(again.lesson.table.game.actions) == 0
    other = learning(page(storage), "papillon")  # another game's lesson starts at its beginning
    assert other.part_index == 0 and len(other.table.game.actions) == 0


def test_the_lesson_is_offered_on_the_first_screen_in_the_tools_and_by_a_link() -> None:
    controller = page()
    start = controller.screen().overlay
    for game in GAMES:
        assert f'data-command="learn" data-game="{game}"' in start
    link = page()
    link.open("learn=papillon")
    assert link.lesson is not None and link.lesson.lesson.game == "papillon"
    assert 'data-command="learn" data-game="papillon"' in link.screen().tools
    nowhere = page()
    nowhere.open("learn=chess")
    assert nowhere.lesson is None and nowhere.table is None


def test_a_screen_reader_hears_each_new_note_once() -> None:
    controller = page()
    run = learning(controller, "papillon")
    move_on(controller)
    heard = controller.take_announcements()
    assert run.note() in heard and run.note() not in controller.take_announcements()
    strip = controller.screen().bar
    assert 'role="region"' in strip and 'aria-live="polite"' in strip
