"""Papillon on the page, without a browser: the start screen's choice, a whole game played
by clicks against bots and in hot seat, the capture chooser's arithmetic, the orange layout's
targets, and a table drawing that names no hidden card."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import re
import xml.etree.ElementTree as ET
from html import escape, unescape

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from farfalia.core.errors import FarfaliaError, SessionError
from farfalia.core.interface import random_play
from farfalia.games.farfalia.page.render import SVG_NS
from farfalia.games.papillon.bots.heuristic import ranked
from farfalia.games.papillon.engine.cards import BASIC_COUNT, card_name
from farfalia.games.papillon.engine.game import PapillonGame, action_name
from farfalia.games.papillon.engine.rules import PapillonSettings
from farfalia.games.papillon.engine.views import PAPILLON_RULES, seat_view
from farfalia.games.papillon.page.editor import PapillonEditor
from farfalia.games.papillon.page.render import (
    CARD_H,
    CARD_W,
    MINI_STEP,
    PAPILLON_COLOURS,
    TALL_HAND_ROW,
    TALL_STEP,
    frame_for,
    layout_spots,
    papillon_card,
    render_papillon,
    strip_rolls,
)
from farfalia.games.papillon.page.screens import (
    cards_taken,
    papillon_bar,
    papillon_sheet,
    round_summary,
    score_lines,
    signed,
    table_choices,
)
from farfalia.games.papillon.page.session import PapillonSession
from farfalia.games.papillon.page.viewer import PapillonViewer
from farfalia.games.papillon.page.words import DROP, MOST_OFFERED, PICK, card_of, card_words
from farfalia.games.papillon.records.examples import blue_example
from farfalia.games.papillon.records.replay import decode_papillon, encode_finished_rounds, encode_papillon
from farfalia.ui import thinking
from farfalia.ui.contract import Command
from farfalia.ui.controller import Controller
from farfalia.ui.embeds import read_still
from farfalia.ui.layout import WIDE, layout_for
from farfalia.ui.links import parse_link
from farfalia.ui.panels import Panel
from farfalia.ui.saves import MemoryStorage
from farfalia.ui.screen import Download
from farfalia.ui.seating import Player
from farfalia.ui.shelf import load_table
from farfalia.ui.texts import text
from farfalia.ui.viewer import ViewerMove
from tests.support import A, blue_position, cards, orange_position

FORM = {"game": "papillon", "players": "2", "kind-0": "human", "kind-1": "bot", "name-0": "Ann", "name-1": "Bot",
        "seed": "4", "pace": "instant", "level": "quick"}  # fmt: skip


def controller() -> Controller:
    return Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(1))


def started() -> tuple[Controller, PapillonSession]:
    """A page where Ann has just started a game of two against a bot, and its table."""
    page = controller()
    page.open("")
    page.command(Command.START, FORM)
    assert page.table is not None
    return page, page.table


def actions_on(html: str) -> list[str]:
    """Every click a drawing or a bar offers (``data-action`` values)."""
    return re.findall(r'data-action="([^"]*)"', html)


def play_by_clicks(page: Controller, rng: random.Random, limit: int = 3000) -> int:
    """Play on as a person would until the game ends (see :func:`step`). Returns the clicks."""
    clicks = 0
    for _ in range(limit):
        table = page.table
        assert table is not None
        if table.game.is_over():
            return clicks
        clicks += step(page, rng)
    raise AssertionError("the game did not end")


def step(page: Controller, rng: random.Random) -> bool:
    """One thing a person would do: let a bot move, continue past a summary, show the hand
    when covered, or click something the screen offers (a card, then a choice; True)."""
    table = page.table
    assert table is not None
    if page.bot_delay() is not None:  # a bot's decision, or the person's forced action taken by itself
        page.bot_move()
        while page.thinking and not page.think(1.0):
            pass
        return False
    screen = page.screen()
    if 'data-command="show-cards"' in screen.overlay:
        page.command(Command.SHOW_CARDS)
    elif 'data-command="continue"' in screen.overlay:
        page.command(Command.CONTINUE)
    else:
        offered = [a for a in actions_on(screen.table) + actions_on(screen.bar) if a != "drop"]
        assert offered, (table.game.situation(), screen.bar)
        page.act(rng.choice(offered))
        return True
    return False


def test_the_start_screen_chooses_the_game() -> None:
    page = controller()
    page.open("")
    overlay = page.screen().overlay
    assert 'name="game"' in overlay and 'value="papillon"' in overlay and 'name="players"' in overlay
    assert 'name="forced-capture"' in overlay and 'name="rounds"' in overlay
    assert Controller.seat_count({"game": "papillon", "players": "5"}) == 5
    assert Controller.seat_count({"game": "farfalia", "mode": "four"}) == 4


@pytest.mark.parametrize("players", [2, 5])
def test_a_whole_game_against_bots_by_clicks(players: int) -> None:
    page = controller()
    page.open("")
    form = {**FORM, "players": str(players), **{f"kind-{k}": "bot" for k in range(1, players)}}
    page.command(Command.START, form)
    assert page.game is not None and page.game.name == "papillon"
    clicks = play_by_clicks(page, random.Random(players))
    assert clicks > 10
    assert "The orange round is over" in page.screen().overlay
    page.command(Command.CONTINUE)
    over = page.screen().overlay
    assert "Game over" in over and "Blue round" in over and "Orange round" in over and "Total" in over
    page.command(Command.PLAY_AGAIN)
    assert page.table is not None and not page.table.game.is_over()
    page.command(Command.NEW_GAME)  # a game under way: asked first
    assert page.panel == Panel.CONFIRM_LEAVE
    page.command(Command.LEAVE_GAME)
    assert page.table is None and 'name="game"' in page.screen().overlay


def strip_words(drawing: str) -> list[str]:
    """The words of a table's information (its panel, or its strip when tall)."""
    info = ET.fromstring(drawing).find(".//*[@class='info']")
    assert info is not None
    return [label.text or "" for label in info.iter(f"{{{SVG_NS}}}text")]


def test_a_rounds_summary_is_read_over_the_table_before_the_next_deal() -> None:
    """At two players the orange round is dealt as soon as the blue one is scored (no direction
    to choose, P-D4): its hands stay hidden under the summary, in the game and in the viewer; the
    table under it is the blue round's, in its colour and under its heading (the game already
    counts the orange round as under way)."""
    page, table = started()
    rng = random.Random(2)
    while table.summary_pending() is None:
        step(page, rng)
    dealt = table.game.hands[0]
    assert dealt and table.game.colour == "orange"
    drawing = page.screen().table
    assert not table.view().hand and not any(f'data-card="{card_name(card)}"' in drawing for card in dealt)
    assert not [words for words in strip_words(drawing) if "Draw pile" in words]  # not "Draw pile: 0"
    assert strip_words(drawing)[0].startswith("Blue round") and "round-blue" in drawing
    assert table.last_play()
    page.command(Command.CONTINUE)
    assert not table.last_play()  # the blue round's last capture is not the orange round's last play
    assert set(table.view().hand) == set(dealt)
    assert all(f'data-card="{card_name(card)}"' in page.screen().table for card in dealt)
    assert f"Draw pile: {table.view().draw_pile}" in strip_words(page.screen().table)
    viewer = PapillonViewer(decode_papillon(encode_papillon(table.game)), at=len(table.game.actions))
    assert viewer.finished_round() == 0 and not any(viewer.view().hands) and viewer.view().colour == "blue"


def test_the_bar_keeps_the_hint_greyed_while_others_play_and_the_last_play_in_the_choices_room() -> None:
    players = [Player("Ann", False), Player("Bot", True)]
    sessions = [PapillonSession(PapillonSettings(2), seed, players, "instant", "quick") for seed in range(6)]
    waiting = next(table for table in sessions if table.actor() == 1)
    deciding = next(table for table in sessions if table.actor() == 0)
    assert 'data-command="hint" disabled>' in papillon_bar(waiting)
    assert 'data-command="hint">' in papillon_bar(deciding)
    room = '<div class="choices reserved"><p class="info-line">'  # the last play, nothing to choose
    assert room in papillon_bar(waiting) and room in papillon_bar(deciding)
    legal = deciding.game.legal_actions()
    choosy = next(card for card in sorted(deciding.playable_cards()) if sum(card in card_of(a) for a in legal) > 1)
    deciding.human_action(f"pick:{card_name(choosy)}")
    assert deciding.picked_card == choosy and "info-line" not in papillon_bar(deciding)  # its choices in the room


def plates_points(table: PapillonSession) -> dict[int, int]:
    """The points so far each seat's plate says on the drawn table (the person's: its own line)."""
    svg = table.draw(WIDE, "dark", 1.6)
    points = {
        int(seat): int(n)
        for seat, n in re.findall(r'data-seat="(\d)" role="group" aria-label="[^"]*?, (\d+) points(?:, [^"]*)?"', svg)
    }
    points[table.viewer()] = int(re.findall(r'class="points">[^<]*?(\d+) points</text>', svg)[-1])
    return points


def test_the_score_sheet_shows_the_round_under_way_as_the_plates_do() -> None:
    """Mid-round the sheet said 0 to 0 while the plates said "50 points" (found by a newcomer's
    walk): a row under the totals now gives each side's points so far as the drawn table's plates
    say them (a blue pile's worth, on each of its side's plates; the orange round's penalties of
    tours, which a side loses together), and goes once the round is scored, into its own row and
    the totals."""
    players = [Player("Ann", False), Player("Bot", True), Player("Bob", True), Player("Cy", True)]
    table = PapillonSession(PapillonSettings(4), 3, players, "instant", "quick")
    rng = random.Random(3)
    shown = {"blue": 0, "orange": 0}
    while not table.game.is_over():
        sheet = papillon_sheet(table)
        rows = re.findall(r"<tr class='so-far'><th scope='row'>([^<]+)</th>((?:<td>[^<]+</td>)+)</tr>", sheet)
        if table.summary_pending() is not None:
            assert not rows  # scored: in its row and the totals
            table.dismiss_summary()
            continue
        view = table.view()
        if view.piles or view.colour == "orange":  # dealt (as the plates, which then say their points)
            ((label, cells),) = rows
            assert unescape(label) == text("pa.so-far", round=text(f"pa.round.{view.colour}"))
            plates = plates_points(table)
            sides = [[seat for seat in range(4) if view.sides[seat] == side] for side in (0, 1)]
            if view.colour == "blue":
                assert all(len({plates[seat] for seat in side}) == 1 for side in sides)  # one pile a side
                worth = [plates[side[0]] for side in sides]
            else:
                worth = [-sum(plates[seat] for seat in side) for side in sides]
            assert re.findall(r"<td>([^<]+)</td>", cells) == [str(points).replace("-", "−") for points in worth]
            shown[view.colour] += bool(any(worth))
        else:
            assert not rows  # not dealt yet
        if table.bot_to_act():
            table.bot_action()
        else:
            table.human_action(action_name(rng.choice(table.game.legal_actions())))
    assert shown["blue"] > 5 and shown["orange"] > 0, shown


@pytest.mark.parametrize("forced", [False, True])
def test_the_cards_that_can_be_picked_up_and_their_choices_are_those_of_the_legal_actions(forced: bool) -> None:
    """At every decision of Ann's in a game against two quick bots, forced capture on and off
    (P-D13), the hand cards offered are those some legal action plays (a blue turn's found
    without its captures where any card may go) and a picked card's choices, asked twice,
    those of its legal actions."""
    players = [Player("Ann", False), Player("Bot", True), Player("Bob", True)]
    table = PapillonSession(PapillonSettings(3, forced_capture=forced), 5, players, "instant", "quick")
    rng = random.Random(5)
    decisions = 0
    while not table.game.is_over():
        if table.summary_pending() is not None:
            table.dismiss_summary()
        elif table.bot_to_act():
            table.bot_action()
        else:
            legal = table.game.legal_actions()
            assert table.playable_cards() == {card for action in legal for card in card_of(action)}
            for card in sorted(table.playable_cards())[:3]:
                table.picked_card = card
                mine = [action for action in legal if card in card_of(action)]
                assert table.choices() == mine and table.choices() == mine
            table.picked_card = None
            table.human_action(action_name(rng.choice(legal)))
            decisions += 1
    assert decisions > 20


@pytest.mark.parametrize(("seed", "kept"), [(0, True), (2, False)])
def test_a_later_round_is_offered_to_the_editor_from_its_deal_or_from_a_moment(seed: int, kept: bool) -> None:
    """Five players, some plays into the orange round: the editor opens on that round, its
    starter choosing the game's sides as partners (P-E13); where the starter stands on the
    smaller side, which no practice round's deal gives, at the moment its last turn began, with
    the plays since (P-E19). Either way the practice round stands where the game does."""
    game = PapillonGame(PapillonSettings(5), seed)
    rng = random.Random(seed)
    while game.round_index == 0 or len([r for _, r in game.decisions() if r == 1]) < 4:
        game.apply(rng.choice(game.legal_actions()))
    page = controller()
    page.open("replay=" + encode_papillon(game, ["Ann", "Bo", "Cy", "Di", "Ed"]))
    page.command(Command.EDIT_POSITION)
    editor = page.editor
    assert isinstance(editor, PapillonEditor) and editor.settings.rounds == "orange"
    assert editor.moment is not kept
    problems, build = editor.build()
    assert problems == []
    practice = build()
    assert practice.sides == game.sides and practice.hands == game.hands and practice.layout == game.layout
    assert practice.draw_pile == game.draw_pile and practice.current == game.current


#: A 2-player blue round where every decision is the first legal action: 56 discards.
ALL_DISCARDS = "p2.2010.5.1k...rQKZaL"


@pytest.mark.parametrize(("at", "offered"), [(6, 0), (53, MOST_OFFERED)])
def test_where_there_are_too_many_plays_to_list_the_likeliest_are_offered(at: int, offered: int) -> None:
    """Early in the round of discards the editor offers every play that may follow, in the
    legal actions' order; three cards before its end the table of 44 cards is crowded (millions
    of captures): the heuristic's best :data:`MOST_OFFERED` of a selection, and says so. Played
    from there, a card picked up offers its likeliest plays the same way, and the bot decides."""
    page = controller()
    page.open(f"replay={ALL_DISCARDS}&at={at}")
    assert page.viewer is not None
    game = page.viewer.game
    legal = game.offered_actions()
    page.command(Command.EDIT_POSITION)
    overlay = page.screen().overlay
    shown = [unescape(name) for name in re.findall(r'data-action="([^"]+)"', overlay)]
    if not offered:
        assert shown == [action_name(action) for action in game.legal_actions()] and "editor-more" not in overlay
        return
    best = ranked(seat_view(game, game.current), offered)
    assert game.crowded and shown == [action_name(action) for action in best]
    assert text("pa.editor-crowded", shown=offered) in unescape(overlay)
    page.command(Command.EDITOR_PLAY, {"you": str(game.current)})
    session = page.table
    assert session is not None
    card = max(session.playable_cards(), key=lambda card: sum(card in card_of(action) for action in legal))
    session.human_action(PICK + card_name(card))
    bar = unescape(page.screen().bar)
    choices = session.choices()
    shown = re.findall(r'data-action="([^"]+)"', bar)
    assert len(choices) > MOST_OFFERED and text("pa.crowded-choices", shown=offered) in bar
    assert shown == [action_name(action) for action in ranked(seat_view(game, game.current), offered, choices)] + [DROP]


def test_hot_seat_covers_the_table_between_people() -> None:
    page = controller()
    page.open("")
    page.command(Command.START, {**FORM, "kind-1": "human", "name-1": "Bea", "rounds": "blue"})
    screen = page.screen()
    assert 'data-command="show-cards"' in screen.overlay and screen.table == ""
    play_by_clicks(page, random.Random(2))
    assert page.table is not None and page.table.game.is_over()


def test_the_capture_chooser_shows_the_arithmetic() -> None:
    # The rulebook's example: the Chat Noir (22) and a 10 on the table with the Moins, the
    # Yin (12) in hand: 22 − 10 = 12 takes all three; the Yin may also be laid down.
    session = PapillonSession(
        blue_position(2, [[], []], [], to_act=A).settings, 1, [Player("Ann", False), Player("Bot", True)]
    )
    session.game = blue_position(2, [["YI", "F5"], ["F4"]], ["CN", "E10", "MO"], to_act=A)
    session.human_action("pick:YI")
    bar = papillon_bar(session)
    assert "22 − 10 = 12" in bar and "Lay Yin on the table" in bar and 'data-action="drop"' in bar
    session.human_action("YIxCN+E10+MO")
    assert session.game.piles[0] == cards("YI") + sorted(cards("CN", "E10", "MO"))
    assert session.last_play() == "Ann plays Yin and takes 10 of Éléments, Chat Noir, Moins (22 − 10 = 12)."


def test_a_card_with_one_use_is_played_at_once_and_stale_clicks_are_refused() -> None:
    session = PapillonSession(
        blue_position(2, [[], []], [], to_act=A).settings, 1, [Player("Ann", False), Player("Bot", True)]
    )
    session.game = blue_position(2, [["F5", "D8"], ["F4"]], ["S11"], to_act=A)
    session.human_action("pick:F5")  # no capture: laying it down is its one use
    assert session.game.table == cards("S11", "F5")
    with pytest.raises(SessionError):
        session.human_action("pick:D8")  # the bot's turn now


def test_the_orange_layout_marks_where_the_picked_card_goes() -> None:
    session = PapillonSession(
        orange_position(2, (4, 8), [[], []], to_act=A).settings, 1, [Player("Ann", False), Player("Bot", True)]
    )
    session.game = orange_position(2, (4, 8), [["E5o", "CSo", "F9o"], ["D1o"]], to_act=A)
    session.human_action("pick:E5o")
    choices = table_choices(session)
    assert choices.places is not None
    # a 5 goes on a sequence growing from the 4 (S1, S2: P-R29), from nothing else
    assert {place for place, click in choices.places.items() if click} == {2, 3}
    svg = render_papillon(session.view(), session.names(), WIDE, choices)
    assert 'data-place="S1"' in svg and "E5o@S1" in svg
    session.human_action("pick:CSo")  # the Couteau Suisse: a 3, 4 or 5 on S1 (chosen in the bar), a 4 on A1
    places = table_choices(session).places or {}
    assert places[0] == "CSo@A1=4" and places[2] is None
    assert "as a 3 on the first starting pile" not in papillon_bar(session)
    assert "as a 4 on the first starting pile" in papillon_bar(session)


@pytest.mark.parametrize("size", [(1366, 657), (390, 844), (844, 390), (768, 1024)])
def test_the_drawing_is_well_formed_and_hides_the_other_hands(size: tuple[int, int]) -> None:
    rng = random.Random(3)
    seats = [Player(name, name != "Ann") for name in ("Ann", "B", "C")]
    session = PapillonSession(orange_position(3, (1, 2), [[], [], []], to_act=A).settings, 5, seats)
    game = session.game
    while not game.is_over():
        view = seat_view(game, 0)
        svg = render_papillon(view, session.names(), layout_for(*size), table_choices(session))
        ET.fromstring(svg)  # well formed
        shown = set(re.findall(r'data-card="([^"]+)"', svg))
        hidden = {card_name(card) for seat in (1, 2) for card in game.hands[seat]}
        hidden |= {card_name(card) for card in game.deck + game.draw_pile}
        assert not shown & (hidden - {card_name(card) for card in view.public_cards()})
        game.apply(rng.choice(game.legal_actions()))


def test_a_papillon_game_is_saved_at_every_click_and_resumes_where_it_was() -> None:
    page = controller()
    page.open("")
    page.command(Command.START, {**FORM, "players": "3", "kind-2": "bot", "name-2": "Cy"})
    rng = random.Random(7)
    for _ in range(12):  # a few clicks of the person, the bots answering
        step(page, rng)
    table = page.table
    assert table is not None and table.game.actions
    slot = page.shelf.slot
    page.show_start()
    overlay = page.screen().overlay
    assert f'data-command="resume" data-slot="{slot}"' in overlay and "Papillon for 3: the blue round" in overlay
    assert "Ann, Bot, Cy" in overlay
    page.command(Command.RESUME, {"slot": slot})
    again = page.table
    assert again is not None and page.game is not None and page.game.name == "papillon" and page.shelf.slot == slot
    assert again.game.history == table.game.history and again.players == table.players
    assert again.level == "quick" and again.pace == "instant"
    assert again.last == table.last is not None and again.last_play() == table.last_play()  # the bar tells it again
    play_by_clicks(page, rng)  # and it plays on to the end
    assert again.game.is_over()


def papillon_save(**changes: object) -> str:
    """A saved Papillon game a few decisions in, with ``changes`` to its fields."""
    players = [Player("A", False), Player("B", True), Player("C", True)]
    session = PapillonSession(PapillonSettings(players=3), 5, players, level="quick")
    while len(session.game.actions) < 6:
        if session.bot_to_act():
            session.bot_action()
        else:
            session.human_action(action_name(session.game.legal_actions()[0]))
    return json.dumps({**session.to_record(), **changes})


@pytest.mark.parametrize(
    "changes",
    [
        {"format": 2},
        {"game": "chess"},
        {"settings": {"players": 6}},
        {"settings": {**dataclasses.asdict(PapillonSettings(players=3)), "forced_capture": "yes"}},
        {"settings": {**dataclasses.asdict(PapillonSettings(players=3)), "dealer": 7}},
        {"settings": "3"},
        {"players": [{"name": "A", "bot": False}]},
        {"actions": "E5@S1 nonsense"},
        {"actions": "clockwise clockwise clockwise"},
        {"seed": "5"},
        {"seen_rounds": True},
        {"level": "godlike"},
    ],
)
def test_bad_papillon_saves_are_refused_clearly(changes: dict[str, object]) -> None:
    assert load_table(papillon_save())[0].game.actions  # the save itself reads
    with pytest.raises(FarfaliaError):  # a SaveError, or the SettingsError that names a bad setting
        load_table(papillon_save(**changes))[0]


def game_of_three(**preferences: object) -> tuple[Controller, PapillonSession]:
    """A game of three (the person and two bots) started with these preferences set."""
    page = controller()
    page.open("")
    for name, value in preferences.items():
        page.set_preference(name, value)
    page.command(Command.START, {**FORM, "players": "3", "kind-2": "bot", "name-2": "Cy"})
    assert page.table is not None
    return page, page.table


def test_undo_takes_back_the_persons_decision_and_the_bots_after_it() -> None:
    page, table = game_of_three(undo=True)
    rng = random.Random(3)
    while not (table.deciding() and table.game.phase == "blue" and table.game.decisions()):
        step(page, rng)
    before, hands = list(table.game.history), [list(hand) for hand in table.game.hands]
    last, told = table.last, table.last_play()
    assert last is not None and told  # the bot's play before the person's
    while table.game.history == before or not table.deciding():
        step(page, rng)  # the person's decision, then the bots'
    assert 'data-command="undo"' in page.screen().tools
    page.command(Command.UNDO)
    table = page.table
    assert table is not None and table.game.history == before and table.game.hands == hands
    # The play the person answered is the last again, marked and told as then, and not news.
    assert table.deciding() and table.picked_card is None and table.last == last and table.last_play() == told
    assert told not in table.news() and "data-mover" not in page.screen().table  # (no card moved: none glides)
    # A move taken back (a lesson's, a try at a reviewed mistake) is not the last play any more either.
    played = len(table.game.actions)
    while len(table.game.actions) == played:
        step(page, rng)
    assert table.last not in (None, last)
    table.take_back_to(played)
    assert table.last == last and table.last_play() == told and told not in table.news()
    assert "data-mover" not in page.screen().table


@pytest.mark.parametrize("rounds", ["blue", "orange"])
def test_undo_is_not_offered_once_a_card_has_come_to_the_persons_hand(rounds: str) -> None:
    """§5 (3), P-E18: against a bot, the person may take back a decision of the round only while
    no card has reached his hand since (a deal of the blue round, a draw, a tour's deal): the deck
    replays as it was dealt, and he would play again knowing what comes. Random play; at each of
    his decisions, undo is offered exactly when his hand holds no card it lacked before his last
    one (a deal his last card brought counts: undone, it would be dealt again)."""
    players = [Player("Ann", False), Player("Bot", True)]
    table = PapillonSession(PapillonSettings(2, rounds=rounds), 3, players, "instant", "quick")
    rng = random.Random(4)
    before_mine: list[int] | None = None
    offered = refused = 0
    while table.actor() is not None:
        if table.actor() != 0:
            table.bot_action()
            continue
        hand = table.game.hands[0]
        if before_mine is not None:
            received = any(hand.count(card) > before_mine.count(card) for card in hand)
            assert table.can_undo() is not received
            offered, refused = offered + (not received), refused + received
        before_mine = list(hand)
        table.human_action(action_name(rng.choice(table.game.legal_actions())))
    assert offered and refused


@pytest.mark.parametrize("autoplay", ["off", "last", "always"])
def test_a_forced_action_is_taken_by_itself_as_the_settings_say(autoplay: str) -> None:
    """§5 (4): the setting "Play a forced card by itself" (shown in Papillon's settings, it did
    nothing there): with one legal action (a card, an attacked player's draw), "always" takes it
    after a pause, "last" only with the hand's last card, "off" never. A whole game at three."""
    page, table = game_of_three(autoplay=autoplay)
    rng = random.Random(2)
    taken = 0
    while not table.game.is_over():
        if table.deciding() and table.summary_pending() is None:
            legal = table.game.legal_actions()
            last = len(table.game.hands[table.game.current_player()]) == 1
            forced = autoplay != "off" and len(legal) == 1 and (autoplay == "always" or last)
            assert (page.bot_delay() is not None) is forced
            if forced:
                before = len(table.game.actions)
                page.bot_move()
                assert table.game.actions[before] == legal[0]
                taken += 1
                continue
        step(page, rng)
    assert (taken > 0) is (autoplay != "off")


def test_a_running_papillon_games_save_is_not_exported() -> None:
    """Export hands out a save only from the start screen (a broken one kept): during a game it
    would hand out its seed, and every hand to come (Farfalia's refused, Papillon's did not)."""
    page = controller()
    page.open("")
    page.command(Command.START, FORM)
    [slot] = page.shelf.saves.slots
    assert page.export(slot) is None
    page.show_start()
    assert page.export(slot) is not None


def test_papillons_keys_are_its_own_and_escape_puts_a_card_back() -> None:
    """The keys' dialog of Papillon names its keys (a card picked up, no trick to read out: "l"
    was listed and did nothing), and Escape puts back the card picked up, as it says."""
    page = controller()
    page.open("")
    page.command(Command.START, FORM)
    table = page.table
    assert table is not None
    rng = random.Random(5)
    while table.picked_card is None:  # a card with several uses picked up (one with one use is played)
        legal = table.game.legal_actions() if table.deciding() else []
        several = [card for card in table.playable_cards() if sum(card in card_of(a) for a in legal) > 1]
        if several:
            page.act(f"pick:{card_name(several[0])}")
        else:
            step(page, rng)
    assert page.key("Escape") and table.picked_card is None
    assert not page.key("Escape")  # nothing more to put back or close
    page.key("?")
    keys = page.screen().overlay
    assert "<kbd>l</kbd>" not in keys and "pick up the card" in keys


def test_the_cards_that_come_to_the_persons_hand_are_named_to_a_screen_reader() -> None:
    """A deal or a draw puts cards in the hand on screen: the news names them (a screen reader's
    user had to look for them), and nothing else does: a card played is no news of this kind."""
    page = controller()
    page.open("")
    page.command(Command.START, {**FORM, "rounds": "orange"})
    table = page.table
    assert table is not None
    table.news()
    rng = random.Random(3)
    told = 0
    for _ in range(200):
        hand = list(table.game.hands[0])
        step(page, rng)
        new = [card for card in table.game.hands[0] if card not in hand]
        sentences = [line for line in table.news() if line.startswith("New in your hand")]
        assert sentences == ([f"New in your hand: {', '.join(card_words(c) for c in sorted(new))}."] if new else [])
        told += bool(new)
        if table.game.is_over():
            break
    assert told


def test_undo_is_off_in_papillon_hot_seat() -> None:
    page = controller()
    page.open("")
    page.set_preference("undo", True)
    page.command(Command.START, {**FORM, "kind-1": "human", "name-1": "Bea"})
    rng = random.Random(1)
    for _ in range(8):
        step(page, rng)
    table = page.table
    assert table is not None and not table.can_undo() and 'data-command="undo"' not in page.screen().tools


def test_a_game_ending_with_an_empty_hand_beside_a_long_one_shows_every_hand() -> None:
    """A four-player game ending with hands of 2, 0, 2 and 10 cards, every hand open in the viewer:
    the long hand makes each plate show its cards' indices, and the empty one divided by its rows
    (no row): the screen failed."""
    link = "p1.4023ym.1kh079o.1k.YStiMAp4I3kxCngjeTIK4piDMw.AUhfvZvjp1i_GCeXDvFXvbo.30MEtm"
    assert [len(hand) for hand in decode_papillon(link).game().hands] == [2, 0, 2, 10]
    page = controller()
    page.open(f"replay={link}")
    assert page.viewer is not None and "card-index" in page.screen().table


def test_a_shared_papillon_game_reopens_in_the_viewer() -> None:
    page = controller()
    page.open("")
    page.command(Command.START, FORM)
    page.command(Command.SHARE)
    assert page.note == "Nothing to share yet: the first round is still being played." and page.share_link is None
    rng = random.Random(3)
    table = page.table
    assert table is not None
    while not table.game.round_scores():
        step(page, rng)
    page.command(Command.CONTINUE)
    page.command(Command.SHARE)
    link = page.share_link
    overlay = page.screen().overlay
    assert link is not None and "#replay=p1." in link and link in overlay and "finished rounds only" in overlay
    page.command(Command.CLOSE_SHARE)
    viewer = controller()
    viewer.open(link.partition("#")[2])
    shown = viewer.viewer
    assert isinstance(shown, PapillonViewer) and shown.at == shown.total == shown.hand_ends[0]
    assert shown.game.round_scores() == table.game.round_scores()[:1]
    screen = viewer.screen()
    assert 'aria-label="Previous round"' in screen.bar and 'data-command="edit-position"' in screen.bar
    assert 'data-command="export"' in screen.bar and "Ann" in screen.table
    download = viewer.export()
    assert download == Download("papillon-replay.txt", link.partition("replay=")[2].partition("&")[0])
    opened = controller()
    opened.open_replay_text(download.content + "\n")  # the file, opened on the start screen
    assert isinstance(opened.viewer, PapillonViewer) and opened.viewer.total == shown.total
    assert "The blue round is over" in screen.overlay and "Blue round" in screen.overlay  # its sides and sheet
    assert 'role="region"' in screen.overlay and not screen.modal
    viewer.command(ViewerMove.FIRST)
    viewer.take_announcements()
    viewer.command(ViewerMove.NEXT)
    (told,) = viewer.take_announcements()
    assert told.startswith(("Ann ", "Bot ")) and viewer.screen().at == 1 and viewer.screen().overlay == ""
    play_by_clicks(page, rng)
    page.command(Command.CONTINUE)
    assert 'data-command="share"' in page.screen().overlay  # on the last panel: the bar is inert behind it
    page.command(Command.SHARE)
    whole = controller()
    assert page.share_link is not None
    whole.open(page.share_link.partition("#")[2])
    assert isinstance(whole.viewer, PapillonViewer) and whole.viewer.game.history == table.game.history


def test_a_papillon_replay_is_drawn_again_for_its_stages_proportions() -> None:
    """The viewer's Papillon table follows the stage's proportions as its game's table does
    (a replay opened on a tablet kept the proportions measured before its bar was written:
    bands at the drawing's sides until the first step)."""
    game = PapillonGame(PapillonSettings(players=3, rounds="blue"), seed=2)
    rng = random.Random(2)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    viewer = controller()
    viewer.open("replay=" + encode_papillon(game, ("A", "B", "C")))
    viewer.resize(752, 954)
    before = re.search(r'viewBox="0 0 (\d+)', viewer.screen().table)
    assert viewer.resize(752, 873)
    after = re.search(r'viewBox="0 0 (\d+)', viewer.screen().table)
    assert before and after and int(before[1]) < int(after[1]) == round(860 * 752 / 873)


def test_the_card_picked_up_is_named_for_the_page() -> None:
    """``Screen.picked`` (``data-picked``): the page gives the choices the focus when it changes."""
    page, table = started()
    rng = random.Random(2)
    for _ in range(300):
        if table.picked_card is not None:
            break
        step(page, rng)
    assert table.picked_card is not None
    first = card_name(table.picked_card)
    assert page.screen().picked == first
    # The card picked up is pressed, and its own click puts it back (a second tap: on a phone
    # the bar's "Put the card back" may lie below the choices).
    picked = re.search(rf'<g [^>]*data-card="{first}"[^>]*>', page.screen().table)
    assert picked is not None and 'data-action="drop"' in picked[0] and 'aria-pressed="true"' in picked[0]
    page.act("drop")
    assert table.picked_card is None and page.screen().picked == ""
    assert f'data-action="pick:{first}"' in page.screen().table


def test_a_hint_marks_something_the_screen_offers_with_or_without_a_card_picked_up() -> None:
    """The hint's mark (``Controller.hint``) is a click the screen offers: the hand card to pick
    up, or, once a card is picked up (its own click then puts it back), the choice's button."""
    page = controller()
    page.command(Command.START, FORM | {"level": "quick"})
    table = page.table
    assert table is not None
    rng = random.Random(5)
    hinted = set()
    for _ in range(300):
        if len(hinted) == 2:
            break
        if page.bot_delay() is None and table.deciding():
            page.command(Command.HINT)
            while not page.think(1.0):
                pass
            screen = page.screen()
            assert page.hint in actions_on(screen.table) + actions_on(screen.bar), (page.hint, table.picked_card)
            assert page.hint != "drop"
            hinted.add(table.picked_card is not None)
        step(page, rng)
    assert hinted == {False, True}


def test_a_screen_reader_hears_every_decision_even_when_bots_answer_at_once() -> None:
    page = controller()
    page.open("")
    page.command(Command.START, {**FORM, "players": "3", "kind-2": "bot", "name-2": "Cy"})
    table = page.table
    assert table is not None
    page.take_announcements()
    rng = random.Random(9)
    while len(table.game.actions) < 12:  # the person's clicks and both bots' answers, heard only now
        step(page, rng)
    heard = page.take_announcements()
    told = [line for line in heard if line.startswith(("Ann ", "Bot ", "Cy "))]
    assert len(told) == len(table.game.actions)
    assert page.take_announcements() == []


def test_the_embed_builder_writes_papillon_snippets_with_a_still_picture() -> None:
    game = random_play(PAPILLON_RULES, PapillonSettings(3), 4)
    page = controller()
    page.open(f"replay={encode_papillon(game, ('Ann', 'Bob', 'Cy'))}&at=20")
    assert 'data-command="embed"' in page.screen().bar
    page.command(Command.EMBED)
    overlay = page.screen().overlay
    assert 'name="theme"' not in overlay  # Papillon's table has its own colours
    snippet = unescape(re.search(r'id="embed-iframe"[^>]*>([^<]*)<', overlay).group(1))
    fragment = unescape(re.search(r'embed\.html#([^"]+)"', snippet).group(1))
    link = parse_link(fragment)
    assert link.replay.startswith("p1.") and link.at == 20 and link.still
    still = read_still(link.still)
    assert 'class="table papillon' in still and "Ann" in still
    embedded = Controller(MemoryStorage(), "http://site/embed.html", rng=random.Random(1), embedded=True)
    embedded.open(fragment)
    assert isinstance(embedded.viewer, PapillonViewer) and embedded.viewer.at == 20
    assert 'class="table papillon' in embedded.screen().table


def test_play_from_here_takes_over_a_seat_of_a_shared_position() -> None:
    """A link of a game under way (its blue round, chance written out): playing on from its
    end deals the orange round afresh; the viewed seat is the person's; the game is saved
    with its written-out chance, resumes, takes undo, and plays to its end."""
    game = PapillonGame(PapillonSettings(3), 12)
    rng = random.Random(12)
    while not game.round_scores() or game.progress().steps < 2:
        game.apply(rng.choice(game.legal_actions()))
    page = controller()
    page.open(f"replay={encode_finished_rounds(game, ('Ann', 'Bob', 'Cy'))}&view=2")
    page.command(Command.PLAY_FROM_HERE)
    table = page.table
    assert table is not None and page.viewer is None
    assert [player.bot for player in table.players] == [True, True, False] and table.names() == ["Ann", "Bob", "Cy"]
    shared = list(table.game.actions)  # the blue round's, as the link had them
    assert table.game.round_scores() == game.round_scores()[:1] and shared == game.actions[: len(shared)]
    assert table.game.given_chance and table.game.colour == "orange"  # dealt on from a drawn seed
    while table.bot_to_act() or table.summary_pending() is not None:
        step(page, rng)
    record = table.to_record()
    again = load_table(json.dumps(record))[0]
    assert isinstance(again, PapillonSession) and again.game.history == table.game.history
    for _ in range(40):  # the person decides, the bots answer (until no card came to his hand since, P-E18)
        step(page, rng)
        if table.can_undo():
            break
    table.undo()
    assert table.game.actions[: len(shared)] == shared
    play_by_clicks(page, rng)
    assert table.game.is_over()


def test_a_captures_button_names_the_table_cards_it_takes() -> None:
    assert cards_taken("MO+YIxCN+E10") == ["CN", "E10"]
    assert cards_taken("E5") == [] and cards_taken("clockwise") == [] and cards_taken("E5o@S1") == []


def test_a_bot_still_searching_at_the_time_limit_decides_with_what_it_has(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinking, "THINK_LIMIT_SECONDS", 0.0)
    page = controller()
    page.open("")
    page.command(Command.START, {**FORM, "kind-0": "bot", "level": "strong"})
    table = page.table
    assert table is not None
    while table.game.phase != "blue" or len(table.game.legal_actions()) < 3:  # a decision the search compares
        page.bot_move()
        while not page.think(1.0):
            pass
    before = len(table.game.actions)
    page.bot_move()
    search = page.thinker.search
    assert search is not None and not search.finished
    assert not page.think(0.0)  # a slice of no time: a step of the set-up (the ranking)
    assert page.think(0.0)  # the set-up's end: past the limit, it decides with no deal played out
    assert len(table.game.actions) == before + 1 and search.finished and search.done == 0
    assert len(search.candidates) > 1 and table.game.actions[-1] == search.fallback


@settings(max_examples=300, deadline=None)
@given(st.integers(280, 2600), st.integers(200, 1500), st.sampled_from([4, 30]))
def test_the_orange_layout_fits_its_middle_without_overlaps(width: int, height: int, hand: int) -> None:
    """For any stage, every place of the orange layout (its caption, its card and the ring
    that marks it a target) lies in the middle, apart from the others and above the hand's
    title; on a phone-sized stage or larger its cards are at least half the largest they had before
    they grew with the window (1.35)."""
    frame = frame_for(layout_for(width, height), width / height).holding(hand)
    spots, scale, room = layout_spots(frame)
    x, y, middle_width, middle_height = frame.middle
    boxes = []
    for cx, top in spots.values():
        half = CARD_W * scale / 2 + 5 * scale
        boxes.append((cx - half, top, cx + half, top + 16 * frame.words + 8 + (CARD_H + 5) * scale))
    for left, top, right, bottom in boxes:
        assert x - 0.01 <= left and right <= x + middle_width + 0.01 and y - 0.01 <= top
        assert bottom <= y + middle_height + 0.01
    for k, first in enumerate(boxes):
        for second in boxes[k + 1 :]:
            assert (
                first[2] <= second[0] + 0.01
                or second[2] <= first[0] + 0.01
                or first[3] <= second[1] + 0.01
                or (second[3] <= first[1] + 0.01)
            )
    title_top = frame.hand[1] - 20 - 15 * frame.words
    assert y + middle_height <= title_top
    assert room > 0 and len(spots) == 12
    if min(width, height) >= 380:
        assert scale >= 0.5 * 1.35, (frame.middle, scale)  # half the largest they had before they grew to fill


@pytest.mark.parametrize("size", [(374, 560), (752, 813), (804, 1000), (359, 470), (600, 610)])
def test_the_tall_drawing_is_as_wide_as_its_stage(size: tuple[int, int]) -> None:
    """An upright stage less slender than the tall drawing gets a wider drawing, never bands at
    its sides (a tablet's 752 px stage showed a drawing 530 px wide); its hand keeps one row
    for more cards, each still showing as much."""
    width, height = size
    frame = frame_for(layout_for(width, height), width / height)
    assert frame.width / frame.height == pytest.approx(width / height, abs=0.002)
    step = (frame.hand[2] - CARD_W * frame.hand_scale) / (frame.hand_row - 1)
    assert step >= TALL_STEP and (frame.hand_row == TALL_HAND_ROW or frame.width > 560)


@pytest.mark.parametrize("size", [(390, 560), (375, 470), (768, 791), (1366, 446), (844, 280)])
@pytest.mark.parametrize("count", [8, 11, 16, 22])
def test_a_long_hand_lies_in_rows_of_whole_cards(size: tuple[int, int], count: int) -> None:
    """However long the hand, its cards lie in one row or in two that do not cover each other,
    inside the drawing and below the middle (once the second row hid the first's lower half)."""
    game = orange_position(2, (3, 8), [[], ["E1"]], 0)
    game.hands[0] = list(range(count))
    width, height = size
    drawing = ET.fromstring(
        render_papillon(seat_view(game, 0), ["A", "B"], layout_for(width, height), aspect=width / height)
    )
    frame = frame_for(layout_for(width, height), width / height).holding(count)
    boxes = []
    for card in drawing.iterfind(".//*[@class='hand']/*[@data-card]"):
        x, y, scale = (float(n) for n in re.findall(r"[\d.]+", card.get("transform", "")))
        boxes.append((round(y, 1), x, y, x + CARD_W * scale, y + CARD_H * scale))
    assert len(boxes) == count
    tops = sorted({box[0] for box in boxes})
    assert len(tops) <= 2
    for top, left, upper, right, lower in boxes:
        assert left >= 0 and right <= frame.width and lower <= frame.height
        assert upper >= frame.middle[1] + frame.middle[3]
        if len(tops) == 2 and top == tops[0]:
            assert lower <= tops[1]


@pytest.mark.parametrize("size", [(390, 560), (375, 470), (359, 537), (768, 791), (1366, 446), (844, 280)])
@pytest.mark.parametrize("count", [6, 7, 8, 9, 13])
def test_a_row_of_the_hand_lies_side_by_side_as_smaller_cards_before_they_overlap(
    size: tuple[int, int], count: int
) -> None:
    """A row too long for its cards at full size shrinks them to lay them side by side (eight cards
    on a phone held upright overlapped, an atout's name cut, "Chrysalid…", and a family letter
    hidden), never smaller than two rows' cards (a hand of nine was, at 390 x 844)."""
    game = orange_position(2, (3, 8), [[], ["E1"]], 0)
    game.hands[0] = list(range(40, 40 + count))  # atouts among them
    width, height = size
    frame = frame_for(layout_for(width, height), width / height)
    if count > frame.hand_row:
        return  # two rows (test_a_long_hand_lies_in_rows_of_whole_cards)
    drawing = ET.fromstring(
        render_papillon(seat_view(game, 0), ["A", "B"], layout_for(width, height), aspect=width / height)
    )
    placed = sorted(
        tuple(float(n) for n in re.findall(r"[\d.]+", card.get("transform", "")))
        for card in drawing.iterfind(".//*[@class='hand']/*[@data-card]")
    )
    scale = placed[0][2]
    assert frame.two_rows_scale() - 1e-5 <= scale <= frame.hand_scale  # (the drawing writes six digits)
    overlapping = any(right[0] < left[0] + CARD_W * scale for left, right in itertools.pairwise(placed))
    assert not overlapping or scale == pytest.approx(frame.two_rows_scale(), abs=1e-5)


@pytest.mark.parametrize(("players", "two_against_one"), [(3, False), (3, True), (4, False), (5, False)])
def test_the_table_marks_each_players_side(players: int, two_against_one: bool) -> None:
    """Where sides are teams, each plate and the person's hand carry their side's letter (A:
    the first player's side) and say it in words; three players alone carry none."""
    game = PapillonGame(PapillonSettings(players=players, two_against_one=two_against_one), seed=3)
    rng = random.Random(1)
    while game.phase in ("shuffle", "roll", "partners", "direction", "dealing") or not any(game.hands):
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.sides) == players and game.phase == "blue"
    for player in range(players):
        drawing = ET.fromstring(render_papillon(seat_view(game, player), [f"P{k}" for k in range(players)], WIDE))
        marked = {}
        for group in drawing.iter():
            letters = [badge for badge in group if "team-badge" in badge.get("class", "")]
            if letters:
                seat = int(group.get("data-seat", "-1"))
                marked[seat] = letters[0].get("class", "")[-1]
                assert f"team {marked[seat]}" in group.get("aria-label", "")
        expected = {seat: "AB"[side] for seat, side in enumerate(game.sides)} if players > 3 or two_against_one else {}
        assert marked == expected
        assert not expected or (set(expected.values()) == {"A", "B"} and expected[0] == "A")


@pytest.mark.parametrize("size", [(374, 560), (1366, 446)])
def test_an_open_hand_too_long_to_fan_shows_every_cards_index(size: tuple[int, int]) -> None:
    """Every hand open (a replay) at five players: where a plate is too narrow to fan the longest
    hand so that its numbers show (a phone held upright), every plate shows each card's index
    apart from the others, inside the plate; wide plates fan the cards themselves."""
    game = PapillonGame(PapillonSettings(players=5), seed=2)
    rng = random.Random(2)
    while game.phase != "blue":
        game.apply(rng.choice(game.legal_actions()))
    width, height = size
    view = dataclasses.replace(seat_view(game, 0), hands=tuple(tuple(hand) for hand in game.hands))
    drawing = ET.fromstring(render_papillon(view, list("ABCDE"), layout_for(width, height), aspect=width / height))
    kinds = set()
    for plate in drawing.iterfind(".//*[@class='seats']/*"):
        seat = int(plate.get("data-seat", "-1"))
        plate_width = float(next(plate.iter(f"{{{SVG_NS}}}rect")).get("width", "0"))
        indices = [mini for mini in plate if mini.get("class") == "card-index"]
        faces = [card for card in plate if "pa-card" in card.get("class", "")]
        shown = indices or faces
        kinds.add(bool(indices))
        assert len(shown) == len(game.hands[seat]) > 10 and not (indices and faces)
        assert indices or width > height  # a phone upright's plates are too narrow to fan eleven cards
        spots = [[float(n) for n in re.findall(r"[\d.]+", card.get("transform", ""))][:2] for card in shown]
        for (x1, y1), (x2, y2) in itertools.combinations(spots, 2):
            assert abs(x1 - x2) >= (20 if indices else MINI_STEP) or abs(y1 - y2) >= 13
        assert all(x >= 10 and x + (22 if indices else 32) <= plate_width - 10 and 30 <= y <= 84 for x, y in spots)
    assert len(kinds) == 1  # every plate alike


@pytest.mark.parametrize("atout", range(BASIC_COUNT, BASIC_COUNT + 10))
def test_an_atouts_name_is_large_on_its_card(atout: int) -> None:
    """Every atout's name is written in letters of at least 12 units (a fifth of the card's
    width), on two lines where one would be squeezed to under 72% of its width, and
    says the whole name ("Multiplier/Diviser" was once squeezed to 6 px on a phone)."""
    lines = [line for line in papillon_card(atout, PAPILLON_COLOURS, 6).iter("text")]
    assert " ".join(line.text or "" for line in lines).replace("/ ", "/") == card_words(atout)
    for line in lines:
        assert line.text == (line.text or "").strip()
        size = float(line.get("font-size", "0"))
        natural = len(line.text or "") * size * 0.6
        assert size >= 12
        assert float(line.get("textLength", natural)) >= 0.72 * natural
        assert float(line.get("textLength", natural)) <= CARD_W - 6


@pytest.mark.parametrize(
    ("rollers", "dice", "player", "shown"),
    [
        ((2,), ((3, 4),), 0, [2]),  # a Couteau Suisse's roll
        ((3, 1), ((6, 6), (1, 2)), 0, [3, 1]),  # two: both, as thrown
        ((0, 1, 2, 3, 4), ((1, 1), (2, 2), (6, 5), (3, 3), (1, 2)), 0, [0, 2]),  # the winner and mine
        ((0, 1, 2, 3, 4), ((1, 1), (2, 2), (6, 5), (3, 3), (1, 2)), 2, [2, 3]),  # I won: the runner-up
        ((1, 2, 3, 4), ((1, 1), (2, 2), (6, 5), (3, 3)), 0, [3, 4]),  # I did not throw
    ],
)
def test_the_tall_strip_shows_who_won_the_throw_and_the_persons_own(
    rollers: tuple[int, ...], dice: tuple[tuple[int, int], ...], player: int, shown: list[int]
) -> None:
    """The strip of a phone held upright has room for two rolls: of a throw of three or more,
    it shows the winner's and the person's own, and draws them with their throwers' names."""
    game = PapillonGame(PapillonSettings(players=5), seed=1)
    game.last_roll = (rollers, dice)
    view = seat_view(game, player)
    assert [seat for seat, _ in strip_rolls(view)] == shown
    names = [f"P{seat}" for seat in range(5)]
    words = strip_words(render_papillon(view, names, layout_for(390, 560)))
    assert [name for name in names if name in words] == [f"P{seat}" for seat in sorted(shown)]


def test_most_cards_won_by_the_roll_says_so() -> None:
    """The lesson's blue round ends 29 cards to 29: Anna's 10 points for the most cards came from
    the dice (P-R23, P-D23), which the summary did not say."""
    game = blue_example(finish=True).game
    assert [detail.cards for detail in game.blue_details] == [29, 29]
    anna, marc = score_lines(game, ["Anna", "Marc"], "blue")
    assert "most cards +10 (a tie, won by the roll)" in anna and "most cards" not in marc


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_rounds_summary_says_how_each_score_came_about(players: int) -> None:
    """A line a side (blue, ending in its total, the sheet's) or a player (orange: what each loses,
    adding up to each side's points lost, told for a side of several too); each part is a rule's."""
    rng = random.Random(players)
    game = PapillonGame(PapillonSettings(players), players)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    names = ["Ann", "Bo", "Cy", "Di", "Ed"][:players]
    blue, orange = game.round_scores()
    sides = sorted(set(game.sides))
    blue_lines = score_lines(game, names, "blue")
    assert [int(line.rsplit("= ", 1)[1]) for line in blue_lines] == [blue[game.sides.index(s)] for s in sides]
    counts = [detail.cards for detail in game.blue_details]
    for line, detail in zip(blue_lines, game.blue_details, strict=True):
        assert (" · most cards +10" in line) == (detail.most == 10)
        assert ("(a tie, won by the roll)" in line) == (detail.most == 10 and counts.count(max(counts)) > 1)
        assert f"{detail.cards} card" in line and f"worth {detail.worth}" in line
    orange_lines = score_lines(game, names, "orange")
    lost = {name: int(line.split(" loses ")[1].split(":")[0]) for line in orange_lines for name in names
            if line.startswith(f"{name} loses ")}  # fmt: skip
    for side in sides:
        members = [names[seat] for seat in range(players) if game.sides[seat] == side]
        assert -sum(lost[name] for name in members) == orange[game.sides.index(side)]
        if len(members) > 1:  # the side's line: what its players lose together
            assert any(line.endswith(f"together: {signed(orange[game.sides.index(side)])}") for line in orange_lines)
    page = round_summary(game, names, 0)
    assert all(escape(line) in page for line in blue_lines)


def test_the_draw_pile_is_named_once_there_is_one() -> None:
    """Before the orange round's deal (its starter choosing the direction) no place is named
    "Pile 0"; once dealt, the pile's place says how many cards it holds."""
    game = PapillonGame(PapillonSettings(3, rounds="orange"), 1)
    assert game.phase == "direction" and not any(game.layout)

    def pile_words() -> list[str]:
        drawing = ET.fromstring(render_papillon(seat_view(game, 0), ["A", "B", "C"], WIDE))
        pile = drawing.find(".//*[@class='draw-pile']")
        assert pile is not None
        return [words.text or "" for words in pile.iter(f"{{{SVG_NS}}}text")]

    assert pile_words() == []
    game.apply(game.legal_actions()[0])
    assert pile_words() == [f"Pile {len(game.draw_pile)}"]
