"""HTML around Papillon's table: the turn bar with the picked-up card's choices, the end of
a round, the score sheet per round and per side, and the game's end. Pure functions of a
:class:`~farfalia.games.papillon.page.session.PapillonSession`; every string comes from
:mod:`farfalia.ui.texts` and every name is escaped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from farfalia.games.papillon.engine.cards import card_name, hand_value
from farfalia.games.papillon.engine.game import PapillonGame, action_name, split_orange
from farfalia.games.papillon.page.render import NO_CHOICES, TableChoices
from farfalia.games.papillon.page.words import DROP, PICK, card_words, offered
from farfalia.ui.contract import Command
from farfalia.ui.screens import (
    DIALOG,
    button,
    hint_button,
    over_buttons,
    scores_table,
    sheet_dialog,
    summary_box,
)
from farfalia.ui.texts import join_names, plural_text, text

if TYPE_CHECKING:  # the session draws itself with these
    from farfalia.games.papillon.page.session import PapillonSession


def table_choices(session: PapillonSession) -> TableChoices:
    """What the person deciding may click on the table: the hand cards to pick up (the one
    picked up: to put it back), and where the picked-up card may go on the orange layout (a
    place that takes it in several ways, a Couteau Suisse's numbers, is marked and chosen in
    the bar)."""
    if not session.deciding():
        return NO_CHOICES
    cards = {card: DROP if card == session.picked_card else PICK + card_name(card) for card in session.playable_cards()}
    places: dict[int, str | None] | None = None
    if session.picked_card is not None and session.game.colour == "orange":
        moves: dict[int, list[int]] = {}
        for action in session.choices():
            moves.setdefault(split_orange(action)[1], []).append(action)
        places = {place: action_name(found[0]) if len(found) == 1 else None for place, found in moves.items()}
    return TableChoices(cards, session.picked_card, places)


def cards_taken(action: str) -> list[str]:
    """The table cards a choice's action (``data-action``, e.g. ``E11xE5+E6``) takes, by name:
    the page marks them while the choice is pointed at or focused."""
    played, _, taken = action.partition("x")
    return taken.split("+") if taken and played else []


def papillon_bar(session: PapillonSession) -> str:
    """What the table waits for, and the hint beside it; below, in a room of its own, every choice
    of the picked-up card (captures with their arithmetic) or of the decision itself for the
    person deciding, else the last play."""
    actor = session.actor()
    if actor is None or session.summary_pending() is not None:
        return ""
    names = session.names()
    buttons = ""
    deciding = session.deciding()
    if deciding:
        picked = session.picked_card
        if picked is not None:
            status = text("pa.task.picked", card=card_words(picked))
        else:
            status = session.task()
        choices = session.choices()
        shown = offered(session.game, choices)
        buttons = "".join(
            button(session.words(action), action=action_name(action), marks=cards_taken(action_name(action)))
            for action in shown
        )
        if session.game.crowded:
            buttons += f'<p class="info-line">{escape(text("pa.crowded-choices", shown=len(shown)))}</p>'
        elif len(shown) < len(choices):
            buttons += (
                f'<p class="info-line">{escape(text("pa.more-choices", shown=len(shown), total=len(choices)))}</p>'
            )
        if picked is not None:
            buttons += button(text("pa.drop"), action=DROP)
    else:
        status = text("pa.waiting", name=names[actor])
    if not buttons:  # nothing to choose: the last play in the choices' room
        buttons = f'<p class="info-line">{escape(session.last_play())}</p>'
    return (
        f'<p class="status">{escape(status)}</p>{hint_button(not deciding)}'
        f'<div class="choices reserved">{buttons}</div>'
    )


def _sides(game: PapillonGame) -> list[list[int]]:
    sides = game.sides
    return [[seat for seat in range(len(sides)) if sides[seat] == side] for side in sorted(set(sides))]


def papillon_sheet_table(game: PapillonGame, names: Sequence[str], under_way: str = "") -> str:
    """Each round's points per side (a side's players share them, P-R44), and the totals; then
    the ``under_way`` row, if any (:func:`round_so_far`)."""
    sides = _sides(game)
    head = "".join(f"<th scope='col'>{escape(join_names([names[p] for p in side]))}</th>" for side in sides)
    colours = game.settings.colours
    rows = "".join(
        f"<tr><th scope='row'>{escape(text(f'pa.round.{colours[k]}'))}</th>"
        + "".join(f"<td>{minus(points[side[0]])}</td>" for side in sides)
        + "</tr>"
        for k, points in enumerate(game.round_scores())
    )
    totals = game.returns()
    foot = "".join(f"<td>{minus(totals[side[0]])}</td>" for side in sides)
    return scores_table(head, rows, foot, under_way)


def round_so_far(session: PapillonSession) -> str:
    """The round under way as a row under the totals: each side's points so far, as the table's
    plates show them (:meth:`PapillonView.points_so_far`: a blue pile's worth, or the orange
    round's penalties of tours, to be taken off), from its deal on; "" before the first deal,
    while a scored round's summary is open and once the game is over. Without it, the sheet said
    0 to 0 while the plates said 50 points."""
    game = session.game
    if game.is_over() or session.summary_pending() is not None:
        return ""
    view = session.view()
    if not (view.piles or view.colour == "orange"):
        return ""
    sides = _sides(game)
    if view.colour == "orange":  # a side loses what its players lose (P-R44)
        points = [-sum(view.points_so_far(seat) for seat in side) for side in sides]
    else:
        points = [view.points_so_far(side[0]) for side in sides]
    cells = "".join(f"<td>{minus(side_points)}</td>" for side_points in points)
    label = text("pa.so-far", round=text(f"pa.round.{view.colour}"))
    return f"<tr class='so-far'><th scope='row'>{escape(label)}</th>{cells}</tr>"


def papillon_sheet(session: PapillonSession) -> str:
    """The score sheet, in a dialog: the rounds scored, and the round under way so far."""
    return sheet_dialog(papillon_sheet_table(session.game, session.names(), round_so_far(session)))


def papillon_round_over(session: PapillonSession) -> str:
    """The round just scored, in a dialog with "continue"."""
    index = session.summary_pending()
    if index is None:
        return ""
    return round_summary(
        session.game, session.names(), index, button(text("continue"), command=Command.CONTINUE, primary=True)
    )


def round_summary(game: PapillonGame, names: Sequence[str], index: int, buttons: str = "") -> str:
    """Round ``index`` scored: each side's points and the sheet so far; a dialog with
    ``buttons`` at the table, a region beside the replay's controls without."""
    colour = game.settings.colours[index]
    title = text(f"pa.round-over.{colour}")
    lines = "".join(f"<li>{escape(line)}</li>" for line in score_lines(game, names, colour))
    return summary_box(title, f"<ul class='sides'>{lines}</ul>{papillon_sheet_table(game, names)}", buttons)


def score_lines(game: PapillonGame, names: Sequence[str], colour: str) -> list[str]:
    """How the round's points came about, a line a side (blue: the cards taken and their worth,
    the most cards, Yin and Yang, the Chat Noir, the ambulance; ending in its total) or a
    player (orange: what each loses, from the cards left in hand, the tours and the Couteau
    Suisse's rolls), then what a side of several loses together."""
    if colour == "blue":
        lines = []
        counts = [detail.cards for detail in game.blue_details]
        tied = counts.count(max(counts)) > 1  # the dice gave the 10 points (P-R23, P-D23)
        for side, detail in zip(_sides(game), game.blue_details, strict=True):
            parts = [plural_text("pa.detail.taken", detail.cards, points=detail.worth)]
            if detail.most:
                parts.append(text("pa.detail.most-rolled" if tied else "pa.detail.most"))
            if detail.yin_yang:
                parts.append(text("pa.detail.yin-yang" if detail.yin_yang == 30 else "pa.detail.yin-or-yang"))
            if detail.chat_noir:  # taken on purpose, or by the Papillon (P-D21)
                parts.append(text("pa.detail.chat-noir", points=signed(detail.chat_noir)))
            if detail.ambulance:
                parts.append(text("pa.detail.ambulance", points=signed(detail.ambulance)))
            who = join_names([names[p] for p in side])
            lines.append(text("pa.detail.line", who=who, parts=" · ".join(parts), total=detail.total))
        return lines
    yang = game.settings.yang
    lines = []
    for side in _sides(game):
        for player in side:
            hand = game.hands[player]
            parts = [plural_text("pa.detail.left", len(hand), points=sum(hand_value(card, yang) for card in hand))]
            if game.tour_points[player]:
                parts.append(text("pa.detail.tours", points=game.tour_points[player]))
            if game.couteau_rolls[player]:
                parts.append(text("pa.detail.couteau", points=game.couteau_rolls[player]))
            lines.append(
                text("pa.detail.loses", who=names[player], parts=" · ".join(parts), points=game.orange_scores[player])
            )
        if len(side) > 1:  # a side loses what its players hold together (P-R44)
            together = sum(game.orange_scores[player] for player in side)
            lines.append(
                text("pa.detail.together", names=join_names([names[p] for p in side]), total=signed(-together))
            )
    return lines


def signed(points: int) -> str:
    """Points with their sign, a true minus ("+30", "−30", "0")."""
    return minus(f"{points:+d}") if points else "0"


def minus(points: int | str) -> str:
    """Points written with a true minus ("−27"), as the summaries write them."""
    return str(points).replace("-", "−")


def papillon_over(session: PapillonSession) -> str:
    """The winners, the sheet, a link to the whole game, and the way to another game."""
    names = session.names()
    winners = [names[p] for p in session.game.winners]
    line = text("winners" if len(winners) > 1 else "winner", names=join_names(winners))
    return (
        f'<div class="panel over" {DIALOG} aria-label="{escape(text("game-over"))}">'
        f"<h2>{escape(text('game-over'))}</h2><p class='winners'>{escape(line)}</p>"
        f"{papillon_sheet_table(session.game, session.names())}"
        f"{over_buttons()}</div>"
    )
