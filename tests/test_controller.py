"""The page's controller, without a browser: commands, panels, saves, links, bots."""

from __future__ import annotations

import json
import random

import pytest

from farfalia.core.errors import FarfaliaError, LinkError, SessionError
from farfalia.games.farfalia.engine.rules import Settings
from farfalia.games.farfalia.records.replay import decode, encode
from farfalia.ui.contract import Command
from farfalia.ui.controller import Controller, new_table
from farfalia.ui.links import parse_link
from farfalia.ui.panels import Panel
from farfalia.ui.runtime import KEY_GUARD_SECONDS, InputGuard
from farfalia.ui.saves import LEGACY_SAVE_KEY, MemoryStorage
from farfalia.ui.texts import text
from farfalia.ui.viewer import ViewerMove
from tests.support import FailingStorage, random_game

FORM = {"mode": "four", "kind-0": "human", "kind-1": "bot", "kind-2": "bot", "kind-3": "bot", "dealer": "0",
        "seed": "7", "pace": "instant", "level": "quick", "name-0": "  Ann   Lee ", "variants": "burning"}  # fmt: skip


def controller() -> Controller:
    return Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(1))


def saved(page: Controller) -> str | None:
    """The save of the game played on ``page`` as its slot keeps it, None without one."""
    slot = page.shelf.saves.slots.get(page.shelf.slot or "")
    return None if slot is None else slot.save_text()


def play_bots(page: Controller) -> None:
    """Let the bots move until a human must act."""
    while page.bot_delay() is not None:
        page.bot_move()
        while not page.think(1.0):
            pass


def test_start_screen_offers_resume_only_with_a_save() -> None:
    page = controller()
    page.open("")
    assert 'data-command="resume"' not in page.screen().overlay
    assert not page.screen().shows_bar  # an empty bar gives the start screen its room
    page.command(Command.START, FORM)
    assert page.screen().shows_bar
    page.command(Command.NEW_GAME)  # a running game: asked first
    assert page.panel == Panel.CONFIRM_LEAVE and "Leave this game?" in page.screen().overlay
    assert page.bot_delay() is None
    page.command(Command.KEEP_PLAYING)
    assert page.table is not None and page.panel != Panel.CONFIRM_LEAVE and saved(page)
    page.command(Command.NEW_GAME)
    page.command(Command.LEAVE_GAME)
    assert not page.shelf.saves.slots and 'data-command="resume"' not in page.screen().overlay
    page.command(Command.START, FORM)
    slot = page.shelf.slot
    page.show_start()
    overlay = page.screen().overlay
    assert (
        f'data-command="resume" data-slot="{slot}"' in overlay
        and "Farfalia for four (partners), hand 1 of 4" in overlay
    )
    assert "Ann Lee, Player 2, Player 3, Player 4 · just now" in overlay
    page.command(Command.RESUME, {"slot": slot})
    assert page.table is not None and page.table.names()[0] == "Ann Lee" and page.shelf.slot == slot


def test_the_start_screen_remembers_the_last_choices() -> None:
    page = controller()
    page.command(Command.START, FORM | {"name-1": "Bea", "kind-2": "human"})
    page.show_start()
    overlay = page.screen().overlay
    assert '<option value="four" selected>' in overlay and 'value="burning" checked' in overlay
    assert 'name="name-1" value="Bea"' in overlay and 'name="name-0" value="  Ann   Lee "' in overlay
    assert 'name="kind-2" aria-label="Player 3"><option value="human" selected>' in overlay
    assert '<option value="instant" selected>' in overlay and 'value="7"' not in overlay  # the seed is not kept
    page.storage.set("farfalia.choices", "{broken")
    assert '<option value="basic5" selected>' in page.screen().overlay  # unreadable: the defaults


def test_start_form_builds_the_session_it_names() -> None:
    session = new_table(FORM, random.Random(0))[0]
    settings = session.game.settings
    assert (settings.mode, settings.variants, settings.first_dealer) == ("four", frozenset({"burning"}), 0)
    assert session.game.seed == 7 and session.pace == "instant" and session.level == "quick"
    assert [p.bot for p in session.players] == [False, True, True, True]
    drawn = new_table(FORM | {"seed": "", "dealer": ""}, random.Random(0))[0]
    assert drawn.game.seed == random.Random(0).randrange(2**31) and drawn.game.settings.first_dealer is None


@pytest.mark.parametrize("seed", ["²", "٣", "12x", "9" * 40])
def test_a_seed_that_is_not_ascii_digits_is_drawn(seed: str) -> None:
    session = new_table(FORM | {"seed": seed}, random.Random(0))[0]
    assert 0 <= session.game.seed < 2**31


def test_unknown_mode_or_command_is_a_clear_error() -> None:
    with pytest.raises(FarfaliaError, match="unknown mode"):
        new_table(FORM | {"mode": "six"}, random.Random(0))
    with pytest.raises(FarfaliaError, match="unknown command"):
        controller().command("_command_start")


def test_bots_play_until_the_human_and_a_stale_search_is_dropped() -> None:
    page = controller()
    page.command(Command.START, FORM | {"dealer": "3"})  # player 0 leads: the human acts first
    assert page.screen().waiting == "human" and page.bot_delay() is None
    page.act(str(page.table.game.legal_actions()[0]))
    assert page.screen().waiting == "bot" and page.bot_delay() == 0
    page.bot_move()
    assert page.thinking
    page.command(Command.PLAY_AGAIN)  # another game meanwhile
    assert page.think() is False and not page.thinking  # dropped, never applied
    assert page.table.game.actions == []
    page.command(Command.START, FORM | {"dealer": "3"})
    page.act(str(page.table.game.legal_actions()[0]))
    play_bots(page)
    assert page.table.actor() == 0 and page.screen().decision == "play"
    assert json.loads(saved(page) or "") == json.loads(page.table.to_save())


def test_hint_names_a_legal_move() -> None:
    page = controller()
    page.command(Command.START, FORM | {"dealer": "3"})
    page.command(Command.HINT)
    assert page.note == "Looking for a good move…"
    while not page.think(1.0):
        pass
    assert page.hint in {str(a) for a in page.table.game.legal_actions()}
    assert page.note and page.note.startswith("Hint: ")


def test_sheet_pauses_the_bots_and_share_holds_only_finished_hands() -> None:
    page = controller()
    page.command(Command.START, FORM | {"kind-0": "bot"})
    assert page.bot_delay() == 0
    page.command(Command.SHEET)
    assert page.bot_delay() is None and "Score sheet" in page.screen().overlay
    page.command(Command.CLOSE_SHEET)
    page.command(Command.SHARE)
    assert page.note == "Nothing to share yet: the first hand is still being played."
    assert page.share_link is None


def test_viewer_moves_and_keys_follow_the_link() -> None:
    game = random_game(Settings("two"), 3)
    page = controller()
    page.open(f"replay={encode(game)}&at=5&view=1&theme=light")
    screen = page.screen()
    assert screen.at == 5 and screen.fragment.endswith("&at=5&view=1&theme=light") and screen.theme == "light"
    page.command(ViewerMove.NEXT_TRICK)
    assert page.viewer.at in page.viewer.trick_ends
    assert page.key("Home") and page.viewer.at == 0
    assert not page.key("x")
    page.command(ViewerMove.LAST)
    assert page.screen().at == len(game.actions)
    assert page.export().content == encode(game)


def test_a_finished_game_offers_play_from_here_before_its_end_only() -> None:
    """At a whole game's end there is nothing to play: "Play from here" showed each hand's summary
    again, then saved the finished game as a new one (making an old one give way)."""
    game = random_game(Settings("two"), 3)
    page = controller()
    page.open(f"replay={encode(game)}")
    assert game.is_over() and 'data-command="play-from-here"' not in page.screen().bar
    with pytest.raises(SessionError, match="Game over"):
        page.command(Command.PLAY_FROM_HERE)
    assert page.table is None and page.viewer is not None
    page.command(ViewerMove.PREV)
    assert 'data-command="play-from-here"' in page.screen().bar
    page.command(Command.PLAY_FROM_HERE)
    assert page.table is not None and len(page.table.game.actions) == len(game.actions) - 1


@pytest.mark.parametrize(
    ("fragment", "message"),
    [
        ("replay=", "no replay"),
        ("replay=f2.x&at=%C2%B2", "position is not a number"),
        ("replay=f2.x&view=%D9%A3", "view is not a number"),
        ("replay=f2.x&at=" + "9" * 50, "position is not a number"),
        ("replay=f2.x&controls=2", "controls are 0 or 1"),
        ("replay=f2.x&theme=pink", "unknown theme"),
        ("replay=" + "a" * 30_000, "at most"),
    ],
)
def test_bad_links_are_refused_clearly(fragment: str, message: str) -> None:
    with pytest.raises(LinkError, match=message):
        parse_link(fragment)
    page = controller()
    page.open(fragment)
    screen = page.screen()
    assert "This link does not hold a game" in screen.overlay and screen.fragment is None


def _human_turn(page: Controller) -> None:
    """Let bots (and forced cards) move until the human must decide."""
    while page.bot_delay() is not None:
        page.bot_move()
        while page.thinking and not page.think(1.0):
            pass


def test_the_last_card_of_a_hand_plays_itself_by_default() -> None:
    page = controller()
    assert page.preferences.autoplay == "last"
    page.command(Command.START, FORM | {"dealer": "3", "variants": ""})  # (Burnin' leaves a choice to the end)
    game = page.table.game
    while game.progress().rounds == 0:
        _human_turn(page)
        if game.progress().rounds:
            break
        turn = game.to_act()
        if len(game.state.tricks) == game.plan.tricks - 1 and turn and turn.decision == "play":
            pytest.fail("the human was asked to play the hand's last card")
        page.act(str(game.legal_actions()[0]))
    assert game.progress().rounds == 1  # the hand ended without the human's last click


def test_settings_are_kept_and_change_the_pace() -> None:
    page = controller()
    page.command(Command.START, FORM)
    page.command(Command.SETTINGS)
    assert page.bot_delay() is None and 'data-setting="autoplay"' in page.screen().overlay
    page.set_preference("pace", "slow")
    page.set_preference("autoplay", "always")
    page.set_preference("sound", True)
    assert page.table.pace == "slow"
    again = Controller(page.storage, rng=random.Random(2))
    assert (again.preferences.autoplay, again.preferences.sound, again.preferences.undo) == ("always", True, False)
    with pytest.raises(FarfaliaError, match="unknown setting"):
        page.set_preference("autoplay", "sometimes")


def test_undo_takes_back_the_human_decision_and_the_bots_after_it_hidden_cards_unchanged() -> None:
    page = controller()
    page.set_preference("undo", True)
    page.set_preference("autoplay", "off")
    page.command(Command.START, FORM | {"dealer": "3"})
    session, game = page.table, page.table.game
    _human_turn(page)
    hands_before = list(game.state.hands)
    history_before = list(game.history)
    page.act(str(game.legal_actions()[-1]))
    _human_turn(page)  # the bots answer
    assert len(game.history) > len(history_before) + 1 and 'data-command="undo"' in page.screen().tools
    page.command(Command.UNDO)
    assert game.history == history_before and game.state.hands == hands_before
    _human_turn(page)
    assert game.history == history_before  # the human decides again; no bot moved
    page.act(str(game.legal_actions()[-1]))
    _human_turn(page)
    assert session.can_undo()


def test_undo_is_off_in_hot_seat() -> None:
    page = controller()
    page.set_preference("undo", True)
    page.command(Command.START, FORM | {"kind-1": "human", "dealer": "3"})
    page.table.show_cards()
    page.act(str(page.table.game.legal_actions()[0]))
    assert not page.table.can_undo() and 'data-command="undo"' not in page.screen().tools


def play_a_few_decisions(page: Controller, count: int) -> None:
    for _ in range(count):
        play_bots(page)
        assert page.table is not None
        page.act(str(page.table.game.legal_actions()[0]))


@pytest.mark.parametrize("storage", [FailingStorage(refuse_reads=True), FailingStorage(writes=0)])
def test_with_storage_refused_the_game_starts_plays_and_says_so_once(storage: FailingStorage) -> None:
    page = Controller(storage, rng=random.Random(3))
    page.open("")
    page.command(Command.START, FORM)
    assert page.take_note() == text("saves-off")
    play_a_few_decisions(page, 6)
    assert page.take_note() is None  # said once
    assert page.table is not None and len(page.table.game.actions) >= 6


def test_storage_full_mid_game_stops_saving_and_the_game_goes_on() -> None:
    storage = FailingStorage(writes=2)  # the first checkpoint and the start screen's choices
    page = Controller(storage, rng=random.Random(3))
    page.command(Command.START, FORM)
    play_a_few_decisions(page, 8)
    assert page.take_note() == text("saves-off")
    slot = page.shelf.slot
    assert page.table is not None
    played = list(page.table.game.actions)
    play_a_few_decisions(page, 3)
    assert page.table.game.actions[: len(played)] == played  # the table and the game never diverge
    page.show_start()
    assert 'data-command="resume"' not in page.screen().overlay  # no stale save offered
    assert Controller(storage, rng=random.Random(3)).shelf.saves.slots[slot].actions != played  # saves stopped


def valid_save() -> str:
    page = controller()
    page.command(Command.START, FORM)
    play_a_few_decisions(page, 2)
    text_ = saved(page)
    assert text_ is not None
    return text_


def broken_saves() -> list[str]:
    good = json.loads(valid_save())
    shapes = ["{broken", "[" * 100_000 + "]" * 100_000, '{"format": 2', "null", '"text"', "[]", "{}"]
    for key, value in [("seen_hands", -5), ("seed", "x"), ("players", [[[]]]), ("actions", "ZZZ"), ("mode", 7),
                       ("format", 99), ("variants", {"a": 1}), ("pace", None)]:  # fmt: skip
        shapes.append(json.dumps(good | {key: value}))
    return shapes


@pytest.mark.parametrize("broken", broken_saves(), ids=range(len(broken_saves())))
def test_a_broken_save_is_found_at_load_kept_and_never_crashes_the_page(broken: str) -> None:
    storage = MemoryStorage()
    storage.set(LEGACY_SAVE_KEY, broken)  # as the page before slots kept it
    page = Controller(storage, rng=random.Random(5))
    page.open("")
    overlay = page.screen().overlay
    assert "This saved game cannot be read: " in overlay and 'data-command="resume"' not in overlay
    [slot] = page.shelf.saves.slots
    download = page.export(slot)
    assert download is not None and download.content == broken
    page.command(Command.START, FORM)  # a new game does not overwrite the broken save
    page.show_start()
    assert "cannot be read" in page.screen().overlay and page.export(slot) is not None
    page.command(Command.DISCARD_SAVE, {"slot": slot})  # discarded at once: there is no game to lose
    assert "cannot be read" not in page.screen().overlay and page.export(slot) is None
    assert 'data-command="resume"' in page.screen().overlay  # the new game is still there


def test_one_press_one_decision() -> None:
    guard = InputGuard()
    assert guard.accepts_key(10.0, repeat=False)
    assert not guard.accepts_key(10.05, repeat=False)  # the same press bouncing, or pressed again unseen
    assert not guard.accepts_key(11.0, repeat=True)  # auto-repeat never acts
    assert guard.accepts_key(10.0 + KEY_GUARD_SECONDS + 0.01, repeat=False)
    assert guard.accepts_click(1, 20.0) and guard.accepts_click(0, 20.1)  # a click; a key's click
    assert not guard.accepts_click(2, 20.2)  # the second click of a double-click
    assert guard.accepts_click(1, 30.0)
    assert not guard.accepts_key(30.1, repeat=False)  # Enter right after a click: the same decision twice
    assert guard.accepts_key(30.0 + KEY_GUARD_SECONDS + 0.01, repeat=False)


def test_a_finished_game_is_shared_whole_from_its_last_screen() -> None:
    page = controller()
    page.command(Command.START, FORM | {"mode": "two", "kind-0": "bot"})
    for _ in range(500):
        if page.table.game.is_over():
            break
        play_bots(page)
        if 'data-command="continue"' in page.screen().overlay:
            page.command(Command.CONTINUE)
    over = page.screen().overlay
    assert "Game over" in over and 'data-command="share"' in over  # the bar is inert behind the panel
    page.command(Command.SHARE)
    assert page.share_link is not None
    shared = decode(parse_link(page.share_link.partition("#")[2]).replay)
    assert shared.seed == page.table.game.seed and list(shared.actions) == page.table.game.actions
    page.command(Command.CLOSE_SHARE)
    assert "Game over" in page.screen().overlay
