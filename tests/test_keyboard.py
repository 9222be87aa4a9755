"""The keyboard: moving between cards, where the focus goes after a redraw, the
shortcuts, and dialogs that Escape closes."""

from __future__ import annotations

import random

from farfalia.ui.contract import Command
from farfalia.ui.controller import Controller
from farfalia.ui.keyboard import (
    DECISION_BUTTON,
    DECISION_CARD,
    MARKED,
    PANEL_BUTTON,
    SHORTCUTS,
    TABLE,
    focus_order,
    next_card,
    selector_for,
)
from farfalia.ui.panels import Panel
from farfalia.ui.saves import MemoryStorage
from farfalia.ui.texts import text

#: A hand as the page lists its focusable cards: playable (True) or not.
HAND = [False, True, False, True, True, False]


def test_left_and_right_skip_unplayable_cards_up_and_down_visit_every_card() -> None:
    assert next_card(HAND, 1, "ArrowRight") == 3
    assert next_card(HAND, 4, "ArrowRight") is None  # the last playable card: the focus stays
    assert next_card(HAND, 3, "ArrowLeft") == 1
    assert next_card(HAND, 1, "ArrowLeft") is None
    assert next_card(HAND, 1, "ArrowDown") == 2 and next_card(HAND, 2, "ArrowUp") == 1
    assert next_card(HAND, 0, "ArrowUp") is None
    assert (next_card(HAND, 3, "Home"), next_card(HAND, 1, "End")) == (1, 4)
    assert next_card([False, False], 0, "End") is None


def test_a_control_is_found_again_by_what_it_does() -> None:
    assert selector_for({"id": "seek", "data-command": "x"}) == "#seek"
    assert selector_for({"data-action": "B11"}) == '[data-action="B11"]'
    assert selector_for({"data-command": "resume", "data-slot": "s1"}) == '[data-command="resume"][data-slot="s1"]'
    assert selector_for({"data-card": "R3"}) == '[data-card="R3"]'
    assert selector_for({"class": "btn"}) is None


def test_the_focus_stays_moves_to_the_decision_and_comes_back_from_dialogs() -> None:
    card = '[data-action="B11"]'
    # others play: the focus stays on the table, or on the button the player was on
    assert focus_order(TABLE, None, modal=False, opened=False, deciding=False)[0] == TABLE
    assert focus_order('[data-command="sheet"]', None, False, False, True)[0] == '[data-command="sheet"]'
    # the player's turn comes while the focus rests on the table: to the decision, the move a hint
    # or a lesson marks first
    assert focus_order(TABLE, None, False, False, True)[:3] == [MARKED, DECISION_CARD, DECISION_BUTTON]
    # a card just played is gone: after it, the decision if any, else the table
    assert focus_order(card, None, False, False, False)[-1] == TABLE
    # a dialog opens: its first button; it closes: back to what opened it
    assert focus_order(card, None, modal=True, opened=True, deciding=False) == [PANEL_BUTTON]
    assert focus_order(None, '[data-command="sheet"]', False, False, False)[0] == '[data-command="sheet"]'


def started(mode: str = "four") -> Controller:
    controller = Controller(MemoryStorage(), rng=random.Random(3))
    controller.command(Command.START, {"mode": mode, "kind-0": "human", "seed": "11", "dealer": "1"})
    return controller


def test_shortcuts_open_and_escape_closes_each_dialog() -> None:
    controller = started()
    assert set(SHORTCUTS) == {"?", "h", "s", "l", "o"}
    assert controller.key("?") and controller.panel == Panel.HELP and controller.screen().modal
    help_panel = controller.screen().overlay
    assert 'aria-modal="true"' in help_panel and "<kbd>h</kbd>" in help_panel and text("key.hint") in help_panel
    assert not controller.key("s")  # one panel at a time
    assert controller.key("Escape") and controller.panel != Panel.HELP and not controller.screen().modal
    assert controller.key("S") and controller.panel == Panel.SHEET  # a shortcut is the same in capitals
    assert controller.key("s") and controller.panel != Panel.SHEET  # its own key closes it
    assert controller.key("o") and controller.panel == Panel.SETTINGS
    assert controller.key("Escape") and controller.panel != Panel.SETTINGS
    assert not controller.key("Escape")  # nothing left to close
    assert not controller.key("x")


def test_the_last_trick_is_read_out_and_a_hint_asked() -> None:
    controller = started()
    assert controller.key("l") and controller.take_note() == text("no-last-trick")
    session = controller.table
    assert session is not None
    while not session.game.state.tricks or session.bot_to_act():
        session.game.apply(session.game.legal_actions()[0])
    controller.key("l")
    note = controller.take_note()
    assert note is not None and note.startswith(text("last-trick-line", plays="", won="")[:10])
    trick = session.game.state.tricks[-1]
    assert note.count(" by ") == len(trick.cards)
    assert controller.key("h") and controller.thinking


def test_escape_continues_after_a_hands_summary() -> None:
    controller = started("two")
    session = controller.table
    assert session is not None
    while session.summary_pending() is None:
        actor = session.actor()
        assert actor is not None
        session.game.apply(session.game.legal_actions()[0])
    assert controller.screen().modal and controller.key("Escape")
    assert session.summary_pending() is None


def test_a_card_picked_up_gives_the_focus_to_its_first_choice() -> None:
    card = '[data-action="pick:E5"]'
    assert focus_order(card, None, False, False, True, picked=True)[:3] == [MARKED, DECISION_BUTTON, card]
    assert focus_order(card, None, False, False, True)[0] == card  # a redraw meanwhile: it stays
    assert focus_order(card, None, modal=True, opened=True, deciding=True, picked=True) == [PANEL_BUTTON]
