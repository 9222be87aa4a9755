"""The bots' levels: the beginner plays like a person still learning (its decisions are the ones its
docstring promises), every level is a search model with its playouts, and each seat's bot may have
a level of its own, chosen on the start screen and kept by the save."""

from __future__ import annotations

import json
import random

import pytest

from farfalia.core.errors import FarfaliaError
from farfalia.games.farfalia.bots.heuristic import BeginnerBot, Table
from farfalia.games.farfalia.engine.cards import FIRST_WILD, NUMBER_OF, SUIT_OF
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import Settings
from farfalia.games.farfalia.engine.views import seat_view
from farfalia.games.papillon.bots.heuristic import PapillonBeginnerBot
from farfalia.games.papillon.engine.game import BLUE_MOVES, blue_masks
from farfalia.games.papillon.engine.rules import PapillonSettings
from farfalia.games.papillon.engine.views import PAPILLON_RULES
from farfalia.ui.contract import Command
from farfalia.ui.controller import Controller
from farfalia.ui.game import find_game, site_games
from farfalia.ui.saves import MemoryStorage
from farfalia.ui.shelf import load_table


@pytest.mark.parametrize("seed", range(4))
def test_the_farfalia_beginner_follows_high_and_never_ruffs(seed: int) -> None:
    game, rng, seen = Game(Settings("four"), seed), random.Random(seed), 0
    while not game.is_over() and seen < 40:
        view = seat_view(game, game.to_act().player)  # type: ignore[union-attr]
        action = BeginnerBot().choose(view, rng)
        assert action in view.legal_actions
        if action.kind == "play" and view.trick and len(view.legal_actions) > 1:
            table, card = Table(view), action.card
            assert card is not None
            following = [c for c in table.legal if c < FIRST_WILD and SUIT_OF[c] == table.led]
            if following:  # its highest card of the suit led, whatever the trick
                assert card == max(following, key=lambda c: NUMBER_OF[c])
            elif any(c < FIRST_WILD and SUIT_OF[c] != table.trump for c in table.legal):
                assert card >= FIRST_WILD or SUIT_OF[card] != table.trump  # it does not ruff
            seen += 1
        game.apply(action)
    assert seen


def test_the_papillon_beginner_takes_the_most_cards_one_card_of_its_hand_takes() -> None:
    game = PAPILLON_RULES.new(PapillonSettings(3), 5)
    rng, checked = random.Random(5), 0
    while not game.is_over() and checked < 30:
        view = PAPILLON_RULES.seat_view(game, game.current_player())
        action = PapillonBeginnerBot().choose(view, rng)
        blue = [a for a in view.offered_actions if a >= BLUE_MOVES]
        single = [a for a in blue if blue_masks(a)[0].bit_count() == 1]
        if single:  # a sign's combination of two cards escapes it, however much it would take
            most = max(blue_masks(a)[1].bit_count() for a in single)
            assert blue_masks(action)[0].bit_count() == 1 and blue_masks(action)[1].bit_count() == most
            checked += 1
        game.apply(action)
    assert checked


def test_every_games_levels_are_ordered_weakest_first_and_search_their_own_model() -> None:
    for game in site_games():
        names = list(game.levels)
        assert names[-1] == "strong" and names.index("quick") < names.index("strong")
        assert game.levels["strong"].playouts > 0 and game.levels["quick"].playouts == 0


def test_a_seat_may_have_its_own_level_and_its_save_keeps_it() -> None:
    page = Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(1))
    page.open("")
    page.command(Command.START, {"game": "papillon", "players": "3", "kind-0": "bot", "kind-1": "bot", "kind-2": "bot",
                                 "level-1": "beginner", "level-2": "wizard", "level": "quick", "pace": "instant",
                                 "seed": "3"})  # fmt: skip
    table = page.table
    assert table is not None
    assert [player.level for player in table.players] == ["", "beginner", ""]  # an unknown level: the table's
    record = table.to_record()
    assert record["players"][1] == {"name": "Player 2", "bot": True, "level": "beginner"}
    again, _ = load_table(json.dumps(record))
    assert [player.level for player in again.players] == ["", "beginner", ""]
    while table.actor() != 1:
        table.bot_action()
    search = table.bot_search()  # the beginner's: no candidates, its own choice
    search.complete()
    view = PAPILLON_RULES.seat_view(table.game, 1)  # type: ignore[arg-type]
    assert not search.candidates and search.best() == PapillonBeginnerBot().choose(view, random.Random(0))
    record["players"][1]["level"] = "wizard"
    with pytest.raises(FarfaliaError):
        find_game("papillon").load_table(record)


def test_the_start_screen_offers_each_seat_a_level() -> None:
    page = Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(1))
    page.open("")
    overlay = page.screen().overlay
    for seat in range(5):
        assert f'<select name="level-{seat}" class="seat-level"' in overlay
    assert '<option value="beginner">Beginner</option>' in overlay
