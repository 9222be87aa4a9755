"""Farfalia's HTML around the table: the turn bar, the end-of-hand summary, the score sheet and
the game's end. Pure functions of a
:class:`~farfalia.games.farfalia.page.session.Session`; every string comes from the catalogs
and every name is escaped."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from farfalia.games.farfalia.engine.cards import FAMILY_OF
from farfalia.games.farfalia.engine.rules import game_partnerships
from farfalia.games.farfalia.engine.state import HandResult
from farfalia.games.farfalia.engine.views import View
from farfalia.games.farfalia.page.explain import (
    needs_line,
    notices,
    partnership_line,
    result_line,
    trick_line,
    turn_status,
)
from farfalia.games.farfalia.page.render import collection_figure
from farfalia.games.farfalia.page.texts import action_text, card_text, count_text, family_text, points_text
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
from farfalia.ui.texts import text

if TYPE_CHECKING:  # the session draws itself with these
    from farfalia.games.farfalia.page.session import Session


def turn_bar(session: Session) -> str:
    """What the players are waiting for, and the buttons for non-card decisions."""
    game = session.game
    names = session.names()
    turn = game.to_act()
    if turn is None or session.summary_pending() is not None:
        return ""
    view = session.view()
    status = turn_status(view, names, game.plan.discards - len(game.state.discards))
    waiting = session.players[turn.player].bot
    decisions = [] if waiting else [a for a in game.legal_actions() if a.kind in ("trump", "double", "decline", "pass")]
    buttons = "".join(button(action_text(action), action=str(action)) for action in decisions) + hint_button(waiting)
    return (
        f'<p class="status">{escape(status)}</p><div class="choices">{buttons}</div>'
        f'<p class="info-line">{escape(" ".join(info_lines(view, names)))}</p>'
    )


def info_lines(view: View, names: list[str]) -> list[str]:
    """Beside the status: at a hand's start who plays with whom, between tricks who
    won the last, else what the viewer's side needs; then the rules that apply now."""
    started = bool(view.tricks) or len(view.trick) > 1
    first = trick_line(view, names) or (needs_line(view) if started else partnership_line(view, names))
    return [line for line in (first, *notices(view)) if line]


def hand_summary(session: Session) -> str:
    """The hand just played: each side's collection and points, and "continue"."""
    result = session.summary_pending()
    if result is None:
        return ""
    return summary_panel(result, session.names(), button(text("continue"), command=Command.CONTINUE, primary=True))


def summary_panel(result: HandResult, names: list[str], buttons: str = "") -> str:
    """A finished hand's proposal, and each side's collection (as cards against the
    proposal, with what was missing) and points: a dialog in the game (with its ``buttons``),
    a region beside the replay's controls in the viewer (:func:`~farfalia.ui.screens.summary_box`)."""
    plan = result.plan
    lines = ""
    for side, line in zip(sorted(set(plan.sides)), side_lines(result, names), strict=True):
        cards = [c for row, k in zip(result.collections, plan.sides, strict=True) if k == side for c in row]
        missing = list(result.proposal)
        for card in cards:
            missing.remove(FAMILY_OF[card])
        counts = [count_text(f, missing.count(f)) for f in sorted(set(missing))]
        note = f"<span class='missing'>{escape(text('missing', families=', '.join(counts)))}</span>" if counts else ""
        lines += f"<li>{escape(line)} {note}{collection_figure(result.proposal, cards)}</li>"
    title = text("hand-over", number=result.plan.number + 1)
    return summary_box(title, f"<p>{escape(proposal_line(result))}</p><ul>{lines}</ul>", buttons)


def score_sheet(session: Session) -> str:
    """Every hand's points per player, and the totals, in a dialog."""
    return sheet_dialog(_sheet_table(session))


def _sheet_table(session: Session) -> str:
    head = "".join(f"<th scope='col'>{escape(name)}</th>" for name in session.names())
    rows = "".join(
        f"<tr><th scope='row'>{k + 1}</th>" + "".join(f"<td>{p}</td>" for p in points) + "</tr>"
        for k, points in enumerate(session.score_sheet())
    )
    totals = "".join(f"<td>{t}</td>" for t in session.game.totals)
    sides = ""
    partnership = _partnership_scores(session)
    if partnership:  # D12: a partnership's score is the sum of its players' totals
        cells = "".join(f"<td>{partnership[p]}</td>" for p in range(len(session.names())))
        sides = f"<tr><th scope='row'>{escape(text('partnership-total'))}</th>{cells}</tr>"
    return scores_table(head, rows, totals, sides)


def _partnership_scores(session: Session) -> dict[int, int]:
    """Each player's partnership score where partnerships last the game (D12), else empty."""
    totals = session.game.totals
    return {
        player: sum(totals[p] for p in side) for side in game_partnerships(session.game.settings) for player in side
    }


def game_over(session: Session) -> str:
    """The winners, the score sheet, a link to the whole game, and the way to another game."""
    names = session.names()
    winners = [names[p] for p in session.game.winners]
    partnership = _partnership_scores(session)
    if partnership and len(winners) < len(names):  # D12: the partnership wins together
        line = text("winners-side", names=" & ".join(winners), points=partnership[session.game.winners[0]])
    else:
        line = text("winners" if len(winners) > 1 else "winner", names=", ".join(winners))
    verdict = result_line(session.game.winners, session.humans(), names)
    verdict_html = f"<p class='verdict'>{escape(verdict)}</p>" if verdict else ""
    return (
        f'<div class="panel over" {DIALOG} aria-label="{escape(text("game-over"))}">'
        f"<h2>{escape(text('game-over'))}</h2>{verdict_html}<p class='winners'>{escape(line)}</p>"
        f"{_sheet_table(session)}"
        f"{over_buttons()}</div>"
    )


def side_lines(result: HandResult, names: list[str]) -> list[str]:
    """One line per side of a finished hand: who, the cards they collected
    against the proposal, and the points."""
    plan = result.plan
    lines = []
    for side in sorted(set(plan.sides)):
        players = [
            s for s, k, dummy in zip(plan.seats, plan.sides, plan.dummies, strict=True) if k == side and not dummy
        ]
        who = ", ".join(names[p] + (f" ({text('doubled')})" if result.doubled[p] else "") for p in players)
        cards = [c for row, k in zip(result.collections, plan.sides, strict=True) if k == side for c in row]
        collected = text("list-separator").join(card_text(c) for c in cards) or text("nothing")
        points = result.side_points[side]
        lines.append(text("side-collected", names=who, count=len(cards), cards=collected, points=points_text(points)))
    return lines


def proposal_line(result: HandResult) -> str:
    """The hand's proposal, family by family."""
    return text("proposal-was", families=", ".join(family_text(f) for f in result.proposal))
