"""The first screen (issue 34, point 1): each game presented to someone who has never played it,
"Play" at once, "Continue" a saved game, "How to play", and every other choice one press away in
the form below, whose fields keep the page's test hooks."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from html import escape

import pytest

from farfalia.ui import runtime as rt
from farfalia.ui.contract import Command
from farfalia.ui.controller import Controller
from farfalia.ui.game import find_game, site_games
from farfalia.ui.keyboard import FIRST_CHOICE
from farfalia.ui.language import LANGUAGES, set_language
from farfalia.ui.saves import SLOT_PREFIX, MemoryStorage
from farfalia.ui.texts import text

#: The start screen's hooks that checks outside the e2e suite rely on (the brief's list).
HOOKS = ('id="game"', 'id="mode"', 'id="players"', 'id="level"', 'id="pace"', 'id="seed"', 'id="dealer"',
         'name="kind-0"', 'name="kind-4"', 'data-command="start"')  # fmt: skip
FARFALIA_FOUR = {"game": "farfalia", "mode": "four", "kind-0": "human", "dealer": "0", "seed": "7",
                 "pace": "instant", "level": "quick", "name-0": "Ann"}  # fmt: skip


def controller() -> Controller:
    return Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(1))


def card_of(overlay: str, game: str) -> str:
    """The HTML of ``game``'s card on the first screen."""
    found = re.search(rf'<section class="game-card" data-game="{game}".*?</section>', overlay, re.S)
    assert found, f"no card for {game}"
    return found.group(0)


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_each_game_is_presented_with_its_picture_words_and_ways_in(language: str) -> None:
    page = controller()
    page._speak(language)
    overlay = page.screen().overlay
    for game in site_games():
        card = card_of(overlay, game.name)
        assert f'<h2 id="game-title-{game.name}">{text(f"game.{game.name}")}</h2>' in card
        assert escape(text(game.pitch)) in card and text(game.pitch) != game.pitch  # its own line, in words
        assert text("card.players", low=game.min_players, high=game.max_players) in card
        assert text("card.minutes", minutes=game.minutes) in card
        assert card.count('class="game-picture"') == 1 and card.count("<g class=") >= 3  # drawn from its cards
        play = f'data-command="{Command.PLAY}" data-game="{game.name}"'
        assert play in card and f'data-command="{Command.SET_UP}" data-game="{game.name}"' in card
        assert 'class="btn primary" ' + play in card  # nothing saved: "Play" is the way in
        page_name = game.rules_page + ("" if language == "en" else f".{language}")
        assert f'href="{page_name}.html"' in card
        assert Command.CONTINUE_GAME not in card
    for hook in HOOKS:
        assert hook in overlay, hook
    assert overlay.index('class="game-cards"') < overlay.index('id="start-form"')  # the games come first


def test_the_pictures_are_whole_drawings_that_share_no_name() -> None:
    """Both pictures are on one screen: each uses its own art only, and no id is defined twice."""
    ids: list[str] = []
    for game in site_games():
        svg = ET.fromstring(game.picture())
        own = [element.get("id") for element in svg.iter() if element.get("id")]
        used = {element.get("href", "").lstrip("#") for element in svg.iter() if element.get("href")}
        assert used and used <= set(own), f"{game.name} uses art it does not hold: {used - set(own)}"
        assert svg.get("aria-hidden") == "true"  # the game's name is beside it
        ids += own
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize(("game", "players"), [("farfalia", 5), ("papillon", 2)])
def test_play_seats_the_person_against_strong_bots_at_once(game: str, players: int) -> None:
    page = controller()
    page.command(Command.PLAY, {"game": game})
    assert page.game is find_game(game) and page.table is not None
    assert [p.bot for p in page.table.players] == [False] + [True] * (players - 1)
    assert page.table.level == "strong" and page.screen().shows_bar


def test_play_keeps_the_choices_remembered_but_the_seed() -> None:
    page = controller()
    page.command(Command.START, FARFALIA_FOUR)
    page.command(Command.NEW_GAME)
    page.command(Command.LEAVE_GAME)
    page.command(Command.PLAY, {"game": "farfalia"})
    table = page.table
    assert table is not None and table.game.settings.mode == "four" and table.names()[0] == "Ann"
    assert table.level == "quick" and table.pace == "instant"
    seeds = {table.game.seed}
    page.command(Command.NEW_GAME)
    page.command(Command.LEAVE_GAME)
    page.command(Command.PLAY, {"game": "farfalia"})
    assert page.table is not None and page.table.game.seed not in seeds  # each game dealt anew
    page.command(Command.NEW_GAME)
    page.command(Command.LEAVE_GAME)
    page.command(Command.PLAY, {"game": "papillon"})  # the other game: the seats and bots as chosen
    assert page.game is find_game("papillon") and page.table is not None and page.table.names()[0] == "Ann"
    page.command(Command.NEW_GAME)
    page.command(Command.LEAVE_GAME)
    assert 'data-game="papillon"' in page.screen().overlay.split('id="start-form"')[1][:200]  # remembered


def test_continue_goes_on_with_each_games_latest_save() -> None:
    page = controller()
    page.command(Command.START, FARFALIA_FOUR)
    farfalia_slot = page.shelf.slot
    page.show_start()
    page.command(Command.PLAY, {"game": "papillon"})
    papillon_slot = page.shelf.slot
    page.show_start()
    overlay = page.screen().overlay
    for game, slot in (("farfalia", farfalia_slot), ("papillon", papillon_slot)):
        card = card_of(overlay, game)
        assert f'class="btn primary" data-command="{Command.CONTINUE_GAME}" data-slot="{slot}"' in card
        assert f'class="btn" data-command="{Command.PLAY}"' in card  # "Play" a new one stays, second
        assert text("card.saved", game="") in card
    assert overlay.count(f'data-command="{Command.RESUME}"') == 2  # the saved games' list, as before
    page.command(Command.CONTINUE_GAME, {"slot": farfalia_slot or ""})
    assert page.game is find_game("farfalia") and page.shelf.slot == farfalia_slot


def test_a_save_open_in_another_tab_or_unreadable_offers_no_continue_here() -> None:
    page = controller()
    page.command(Command.START, FARFALIA_FOUR)
    slot = page.shelf.slot or ""
    page.show_start()
    page.refresh_saves([], [slot])
    card = card_of(page.screen().overlay, "farfalia")
    assert f'data-command="{Command.CONTINUE_GAME}" data-slot="{slot}" data-game="farfalia"' in card
    assert re.search(rf'data-command="{Command.CONTINUE_GAME}"[^>]* disabled', card)
    page.storage.set(SLOT_PREFIX + slot, "{not json")  # damaged: listed with its download, not continued
    page.refresh_saves([], [])
    overlay = page.screen().overlay
    assert Command.CONTINUE_GAME not in card_of(overlay, "farfalia") and 'class="saved broken"' in overlay


def test_more_options_sets_the_form_to_that_game_and_brings_the_focus_to_it() -> None:
    page = controller()
    runtime = rt.Runtime(page)
    page.command(Command.SET_UP, {"game": "papillon"})
    form = page.screen().overlay.split('id="start-form"')[1]
    assert form.startswith(' class="start" data-game="papillon"') and '<option value="papillon" selected>' in form
    assert runtime.focus(page.screen(), '[data-command="set-up"]', "") == rt.Focus(field="game")
    assert runtime.focus(page.screen(), None, "").field is None  # once
    page.command(Command.START, {"game": "papillon", "kind-0": "human", "seed": "3"})
    page.show_start()
    assert page.setting_up == ""  # a game started: the form shows the choices remembered


def test_the_focus_starts_on_the_way_back_into_the_game_played_last() -> None:
    """Nothing saved: the first game's "Play" is the likeliest choice; a saved game: its
    "Continue", whichever card it is on (one choice only is marked)."""
    page = controller()
    runtime = rt.Runtime(page)
    assert runtime.focus(page.screen(), None, "").order[0] == FIRST_CHOICE
    first = re.findall(r"<button [^>]*autofocus[^>]*>", page.screen().overlay)
    assert len(first) == 1 and f'data-command="{Command.PLAY}" data-game="{site_games()[0].name}"' in first[0]
    page.command(Command.PLAY, {"game": "papillon"})
    page.show_start()
    first = re.findall(r"<button [^>]*autofocus[^>]*>", page.screen().overlay)
    assert len(first) == 1 and f'data-command="{Command.CONTINUE_GAME}"' in first[0]
    assert 'data-game="papillon"' in first[0]
