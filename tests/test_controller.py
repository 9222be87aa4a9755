"""The page's controller, without a browser: commands, panels, saves, links, bots."""

from __future__ import annotations

import random

import pytest

from farfalia.cli import random_game
from farfalia.engine.errors import FarfaliaError, LinkError
from farfalia.engine.rules import Settings
from farfalia.records.replay import encode
from farfalia.ui.contract import Command
from farfalia.ui.controller import SAVE_KEY, Controller, start_session
from farfalia.ui.links import parse_link
from farfalia.ui.viewer import ViewerMove


class MemoryStorage:
    """The controller's storage in a dict."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)


FORM = {"mode": "four", "kind-0": "human", "kind-1": "bot", "kind-2": "bot", "kind-3": "bot", "dealer": "0",
        "seed": "7", "pace": "instant", "level": "quick", "name-0": "  Ann   Lee ", "variants": "burning"}  # fmt: skip


def controller() -> Controller:
    return Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(1))


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
    page.command(Command.START, FORM)
    page.command(Command.NEW_GAME)
    assert page.storage.get(SAVE_KEY) is None and 'data-command="resume"' not in page.screen().overlay
    page.command(Command.START, FORM)
    page.show_start()
    assert 'data-command="resume"' in page.screen().overlay
    page.command(Command.RESUME)
    assert page.session is not None and page.session.names()[0] == "Ann Lee"


def test_start_form_builds_the_session_it_names() -> None:
    session = start_session(FORM, random.Random(0))
    settings = session.game.settings
    assert (settings.mode, settings.variants, settings.first_dealer) == ("four", frozenset({"burning"}), 0)
    assert session.game.seed == 7 and session.pace == "instant" and session.level == "quick"
    assert [p.bot for p in session.players] == [False, True, True, True]
    drawn = start_session(FORM | {"seed": "", "dealer": ""}, random.Random(0))
    assert drawn.game.seed == random.Random(0).randrange(2**31) and drawn.game.settings.first_dealer is None


@pytest.mark.parametrize("seed", ["²", "٣", "12x", "9" * 40])
def test_a_seed_that_is_not_ascii_digits_is_drawn(seed: str) -> None:
    session = start_session(FORM | {"seed": seed}, random.Random(0))
    assert 0 <= session.game.seed < 2**31


def test_unknown_mode_or_command_is_a_clear_error() -> None:
    with pytest.raises(FarfaliaError, match="unknown mode"):
        start_session(FORM | {"mode": "six"}, random.Random(0))
    with pytest.raises(FarfaliaError, match="unknown command"):
        controller().command("_command_start")


def test_bots_play_until_the_human_and_a_stale_search_is_dropped() -> None:
    page = controller()
    page.command(Command.START, FORM | {"dealer": "3"})  # player 0 leads: the human acts first
    assert page.screen().waiting == "human" and page.bot_delay() is None
    page.act(str(page.session.game.legal_actions()[0]))
    assert page.screen().waiting == "bot" and page.bot_delay() == 0
    page.bot_move()
    assert page.thinking
    page.session.game.apply(page.session.game.legal_actions()[0])  # the game moves on meanwhile
    assert page.think() is False and not page.thinking  # dropped, never applied
    play_bots(page)
    assert page.session.actor() == 0 and page.screen().decision == "play"
    assert page.storage.get(SAVE_KEY) == page.session.to_save()


def test_hint_names_a_legal_move() -> None:
    page = controller()
    page.command(Command.START, FORM | {"dealer": "3"})
    page.command(Command.HINT)
    assert page.note == "Looking for a good move…"
    while not page.think(1.0):
        pass
    assert page.hint in {str(a) for a in page.session.game.legal_actions()}
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


@pytest.mark.parametrize(
    ("fragment", "message"),
    [
        ("replay=", "no replay"),
        ("replay=f2.x&at=%C2%B2", "position is not a number"),
        ("replay=f2.x&view=%D9%A3", "view is not a number"),
        ("replay=f2.x&at=" + "9" * 50, "position is not a number"),
        ("replay=f2.x&controls=2", "controls are 0 or 1"),
        ("replay=f2.x&theme=pink", "unknown theme"),
        ("replay=" + "a" * 10_000, "at most"),
    ],
)
def test_bad_links_are_refused_clearly(fragment: str, message: str) -> None:
    with pytest.raises(LinkError, match=message):
        parse_link(fragment)
    page = controller()
    page.open(fragment)
    screen = page.screen()
    assert "This link does not hold a Farfalia game" in screen.overlay and screen.fragment is None
