"""Playing with the keyboard: the game's shortcuts, moving the focus between cards with
the arrow keys, and where the focus goes after the page is redrawn.

The page (``main.py``) asks these pure functions and only moves the DOM's focus.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from farfalia.ui.contract import ACTION_ATTRIBUTE, COMMAND_ATTRIBUTE, SETTING_ATTRIBUTE, SLOT_ATTRIBUTE, Command, Id

#: A replay's keys (as :data:`SHORTCUTS`, either case) to the next and previous mistake, once a review is shown.
REVIEW_KEYS: dict[str, Command] = {"n": Command.NEXT_MISTAKE, "p": Command.PREV_MISTAKE}

#: The game's shortcuts (a key pressed outside a form field, without Ctrl, Alt or Meta)
#: and what each does; the help dialog (``?``) lists them in this order.
SHORTCUTS: dict[str, Command] = {
    "?": Command.HELP,
    "h": Command.HINT,
    "s": Command.SHEET,
    "l": Command.LAST_TRICK,
    "o": Command.SETTINGS,
}
#: The keys that move the focus between the cards the player decides about: left and right
#: between playable cards, Home and End to the first and last, up and down through every
#: card, unplayable ones included (their reason shows when they have the focus).
CARD_KEYS = frozenset(("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"))
#: The page's table area: where the focus rests while others play (it is never redrawn).
TABLE = f"#{Id.TABLE}"
#: The card that is the decision's tab stop (render.py gives it tabindex 0).
DECISION_CARD = f"#{Id.TABLE} .card[tabindex='0']"
#: The first of a decision's buttons in the bar (trump, Double You, a picked-up card's choices).
DECISION_BUTTON = f"#{Id.BAR} .choices button"
#: The card or button a hint or a lesson marks (``hint``: ``assets/dom.js``), the decision's first choice.
MARKED = f"#{Id.TABLE} .card.hint, #{Id.BAR} .choices button.hint"
#: The first button of the panel over the table.
PANEL_BUTTON = f"#{Id.OVERLAY} button"
#: The control a screen marks as its likeliest choice (``autofocus``: the first screen's way back
#: into the game played last, else its first game's "Play"), ahead of its first button.
FIRST_CHOICE = f"#{Id.OVERLAY} [autofocus]"
#: The attributes that tell one control from another across redraws, best first.
IDENTITY = ("id", ACTION_ATTRIBUTE, COMMAND_ATTRIBUTE, SETTING_ATTRIBUTE, "data-card")


def next_card(playable: Sequence[bool], current: int, key: str) -> int | None:
    """Which card (an index into ``playable``, the cards in the page's order) the ``key``
    moves the focus to from the card at ``current``; None if it stays."""
    moves = range(len(playable))
    if key in ("Home", "End"):
        ends = [k for k in moves if playable[k]]
        return (ends[0] if key == "Home" else ends[-1]) if ends else None
    forward = key in ("ArrowRight", "ArrowDown")
    every = key in ("ArrowUp", "ArrowDown")
    ahead = moves[current + 1 :] if forward else reversed(moves[:current])
    return next((k for k in ahead if every or playable[k]), None)


def selector_for(attributes: Mapping[str, str]) -> str | None:
    """A CSS selector that finds the same control after a redraw, from its attributes."""
    for name in IDENTITY:
        value = attributes.get(name)
        if value:
            selector = f"#{value}" if name == "id" else f'[{name}="{value}"]'
            slot = attributes.get(SLOT_ATTRIBUTE)
            return selector + (f'[{SLOT_ATTRIBUTE}="{slot}"]' if slot and name != "id" else "")
    return None


def focus_order(
    focused: str | None, opener: str | None, modal: bool, opened: bool, deciding: bool, picked: bool = False
) -> list[str]:
    """Where to put the focus after a redraw, best first (the page takes the first that
    exists and can take it).

    ``focused``: the control that had it (its :func:`selector_for`); ``opener``: the one
    that had it when the dialog now closed was opened; ``modal``: a dialog is open,
    ``opened``: it has just opened; ``deciding``: the player shown must decide now;
    ``picked``: a card has just been picked up (a game whose cards go somewhere), its choices now in the bar.
    A dialog that opens takes the focus; one that closes gives it back; a card picked up
    gives it to its first choice; otherwise the focus stays where it was, but moves to the
    decision when the player's turn comes while it rested on the table (and to a screen's likeliest
    choice, where nothing had it). Where a hint or a lesson marks a move, the decision's focus
    goes to it first."""
    if modal:
        return [PANEL_BUTTON] if opened or focused is None else [focused, PANEL_BUTTON]
    order = [MARKED, DECISION_BUTTON] if picked else []
    order += [opener] if opener else []
    if focused and not (deciding and focused == TABLE):
        order.append(focused)
    if deciding:
        order += [MARKED, DECISION_CARD, DECISION_BUTTON]
    return [*order, FIRST_CHOICE, PANEL_BUTTON, TABLE]
