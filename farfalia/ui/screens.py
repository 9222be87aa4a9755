"""HTML for everything around the table: the start screen, the turn bar, the
hot-seat cover, the end-of-hand summary, the score sheet and the game's end.
Pure functions of a :class:`~farfalia.ui.session.Session`; every string comes from
:mod:`farfalia.ui.texts` and every name is escaped."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape

from farfalia.engine.cards import FAMILY_NAMES, FAMILY_OF
from farfalia.engine.rules import MODES, PLAYERS, VARIANTS, game_partnerships
from farfalia.engine.state import HandResult
from farfalia.engine.views import View
from farfalia.records.replay import MAX_NAME
from farfalia.ui.contract import SLOT_ATTRIBUTE, Command, Id
from farfalia.ui.explain import needs_line, notices, partnership_line, result_line, trick_line, turn_status
from farfalia.ui.render import collection_figure
from farfalia.ui.session import LEVELS, PACES, Session, proposal_line, side_lines
from farfalia.ui.texts import action_text, count_text, text
from farfalia.ui.viewer import ReplayViewer, ViewerMove

MAX_PLAYERS = max(PLAYERS.values())


def _button(
    label: str,
    *,
    command: Command | ViewerMove | None = None,
    action: str | None = None,
    primary: bool = False,
    slot: str | None = None,
    disabled: bool = False,
) -> str:
    attributes = f' data-command="{command}"' if command else f' data-action="{escape(action or "")}"'
    if slot is not None:
        attributes += f' {SLOT_ATTRIBUTE}="{escape(slot)}"'
    if disabled:
        attributes += " disabled"
    kind = " primary" if primary else ""
    return f'<button type="button" class="btn{kind}"{attributes}>{escape(label)}</button>'


@dataclass(frozen=True)
class SavedGame:
    """A row of the start screen's saved games."""

    slot: str
    #: What the game is ("Farfalia for five, hand 2 of 5"), or why its save cannot be read.
    label: str
    #: Who plays it ("" when it cannot be read).
    players: str
    #: When it was last played, in words ("" if unknown).
    when: str
    readable: bool
    #: Whether the game is open in another tab (it cannot be resumed here).
    elsewhere: bool = False
    #: Whether the page asks to confirm its delete.
    deleting: bool = False


#: The start screen's choices before any were made (field name → value).
DEFAULT_CHOICES: dict[str, str] = {
    "mode": "basic5",
    "dealer": "",
    "level": "strong",
    "pace": "normal",
    "kind-0": "human",
}


def _options(values: Sequence[str], label: Callable[[str], str], chosen: str, extra: str = "") -> str:
    return "".join(
        f'<option value="{escape(v)}"{" selected" if v == chosen else ""}{extra.format(v)}>{escape(label(v))}</option>'
        for v in values
    )


def start_screen(saved: Sequence[SavedGame] = (), choices: Mapping[str, str] | None = None) -> str:
    """The form that sets up a game (mode, variants, seats, first dealer, bots' level and
    pace), filled in with the last ``choices``, under the list of ``saved`` games."""
    chosen = {**DEFAULT_CHOICES, **(choices or {})}
    modes = _options(MODES, lambda m: text(f"mode.{m}"), chosen["mode"])
    picked = set(chosen.get("variants", "").split(","))
    variants = "".join(
        f'<label class="check"><input type="checkbox" name="variant" value="{v}"{" checked" if v in picked else ""}> '
        f"{escape(text(f'variant.{v}'))}</label>"
        for v in VARIANTS
    )
    seats = "".join(_seat_row(k, chosen) for k in range(MAX_PLAYERS))
    names = [chosen.get(f"name-{k}") or text("default-name", number=k + 1) for k in range(MAX_PLAYERS)]
    dealers = _options([""], lambda _: text("dealer.random"), chosen["dealer"]) + _options(
        [str(k) for k in range(MAX_PLAYERS)], lambda k: names[int(k)], chosen["dealer"], ' data-seat-option="{}"'
    )
    paces = _options(list(PACES), lambda p: text(f"pace.{p}"), chosen["pace"])
    levels = _options(list(LEVELS), lambda v: text(f"level.{v}"), chosen["level"])
    top = f'<div id="{Id.SAVED_GAMES}">{saved_list(saved)}</div>' + (
        f'<label class="import">{escape(text("import"))} '
        f'<input type="file" id="{Id.IMPORT_FILE}" accept=".txt,text/plain"></label>'
        f'<a class="rules-link" href="rules.html" target="_blank" rel="noopener">{escape(text("rules-link"))}</a>'
    )
    return (
        f'<form id="{Id.START_FORM}" class="start" aria-label="{escape(text("new-game"))}">'
        f"<h1>{escape(text('title'))}</h1>{top}"
        f'<label>{escape(text("mode"))} <select name="mode" id="{Id.MODE}">{modes}</select></label>'
        f'<fieldset class="variants">{variants}</fieldset>'
        f'<fieldset class="seats">{seats}</fieldset>'
        f'<label>{escape(text("dealer"))} <select name="dealer" id="{Id.DEALER}">{dealers}</select></label>'
        f'<label>{escape(text("level"))} <select name="level" id="{Id.LEVEL}">{levels}</select></label>'
        f'<label>{escape(text("pace"))} <select name="pace" id="{Id.PACE}">{paces}</select></label>'
        f'<label class="seed">{escape(text("seed"))} '
        f'<input name="seed" id="{Id.SEED}" inputmode="numeric" autocomplete="off"></label>'
        f"{_button(text('start'), command=Command.START, primary=True)}</form>"
    )


def saved_list(saved: Sequence[SavedGame]) -> str:
    """The saved games, each with its buttons: resume or delete; download or discard a
    save that cannot be read; a game open in another tab cannot be resumed here."""
    if not saved:
        return ""
    rows = []
    for number, game in enumerate(saved):
        slot = game.slot
        details = " · ".join(escape(part) for part in (game.players, game.when) if part)
        if game.elsewhere:
            details += f' · <span class="elsewhere">{escape(text("open-elsewhere"))}</span>'
        if not game.readable:
            buttons = _button(text("save-download"), command=Command.EXPORT, slot=slot) + _button(
                text("save-discard"), command=Command.DISCARD_SAVE, slot=slot
            )
            rows.append(f'<li class="saved broken" role="alert"><p>{escape(game.label)}</p>{buttons}</li>')
            continue
        if game.deleting:
            buttons = (
                f'<span class="confirm-line">{escape(text("delete-confirm"))}</span>'
                + _button(text("delete-save"), command=Command.CONFIRM_DISCARD, slot=slot)
                + _button(text("keep-save"), command=Command.KEEP_SAVE, slot=slot, primary=True)
            )
        else:
            resume = _button(
                text("resume"), command=Command.RESUME, slot=slot, primary=number == 0, disabled=game.elsewhere
            )
            buttons = resume + _button(text("delete-save"), command=Command.DISCARD_SAVE, slot=slot)
        rows.append(
            f'<li class="saved"><p><strong>{escape(game.label)}</strong><br><small>{details}</small></p>'
            f'<div class="saved-buttons">{buttons}</div></li>'
        )
    title = escape(text("saved-games"))
    return f'<section class="saved-games" aria-label="{title}"><h2>{title}</h2><ul>{"".join(rows)}</ul></section>'


def _seat_row(index: int, chosen: Mapping[str, str]) -> str:
    default = text("default-name", number=index + 1)
    name = escape(chosen.get(f"name-{index}") or default)
    kind = chosen.get(f"kind-{index}", "bot")
    kinds = _options(["human", "bot"], lambda k: text(f"seat.{k}"), kind)
    return (
        f'<div class="seat-row" data-seat-row="{index}">'
        f'<input name="name-{index}" value="{name}" maxlength="{MAX_NAME}" aria-label="{escape(default)}">'
        f'<select name="kind-{index}" aria-label="{escape(default)}">{kinds}</select></div>'
    )


def confirm_leave() -> str:
    """Asked before a running game is abandoned for a new one."""
    return (
        f'<div class="panel confirm" role="alertdialog" aria-label="{escape(text("leave-title"))}">'
        f"<h2>{escape(text('leave-title'))}</h2><p>{escape(text('leave-note'))}</p>"
        f"{_button(text('keep-playing'), command=Command.KEEP_PLAYING, primary=True)}"
        f"{_button(text('leave-game'), command=Command.LEAVE_GAME)}</div>"
    )


def turn_bar(session: Session) -> str:
    """What the players are waiting for, and the buttons for non-card decisions."""
    game = session.game
    names = session.names()
    turn = game.to_act()
    if turn is None or session.summary_pending() is not None:
        return ""
    view = session.view()
    status = turn_status(view, names, game.plan.discards - len(game.state.discards))
    buttons = ""
    if not session.players[turn.player].bot:
        buttons = "".join(
            _button(action_text(action), action=str(action))
            for action in game.legal_actions()
            if action.kind in ("trump", "double", "decline", "pass")
        ) + _button(text("hint"), command=Command.HINT)
    return (
        f'<p class="status" role="status">{escape(status)}</p><div class="choices">{buttons}</div>'
        f'<p class="info-line">{escape(" ".join(info_lines(view, names)))}</p>'
    )


def info_lines(view: View, names: list[str]) -> list[str]:
    """Beside the status: at a hand's start who plays with whom, between tricks who
    won the last, else what the viewer's side needs; then the rules that apply now."""
    started = bool(view.tricks) or len(view.trick) > 1
    first = trick_line(view, names) or (needs_line(view) if started else partnership_line(view, names))
    return [line for line in (first, *notices(view)) if line]


def cover(session: Session) -> str:
    """Hot seat: hide the table until the next human is at the screen."""
    actor = session.actor()
    name = session.names()[actor] if actor is not None else ""
    return (
        f'<div class="panel cover" role="dialog" aria-modal="true"><p>{escape(text("cover", name=name))}</p>'
        f"{_button(text('show-cards'), command=Command.SHOW_CARDS, primary=True)}</div>"
    )


def hand_summary(session: Session) -> str:
    """The hand just played: each side's collection and points, and "continue"."""
    result = session.summary_pending()
    if result is None:
        return ""
    return summary_panel(result, session.names(), _button(text("continue"), command=Command.CONTINUE, primary=True))


def summary_panel(result: HandResult, names: list[str], buttons: str = "") -> str:
    """A finished hand's proposal, and each side's collection (as cards against the
    proposal, with what was missing) and points."""
    plan = result.plan
    lines = ""
    for side, line in zip(sorted(set(plan.sides)), side_lines(result, names), strict=True):
        cards = [c for row, k in zip(result.collections, plan.sides, strict=True) if k == side for c in row]
        missing = list(result.proposal)
        for card in cards:
            missing.remove(FAMILY_OF[card])
        counts = [count_text(FAMILY_NAMES[f], missing.count(f)) for f in sorted(set(missing))]
        note = f"<span class='missing'>{escape(text('missing', families=', '.join(counts)))}</span>" if counts else ""
        lines += f"<li>{escape(line)} {note}{collection_figure(result.proposal, cards)}</li>"
    title = text("hand-over", number=result.plan.number + 1)
    return (
        f'<div class="panel summary" role="dialog" aria-label="{escape(title)}"><h2>{escape(title)}</h2>'
        f"<p>{escape(proposal_line(result))}</p><ul>{lines}</ul>{buttons}</div>"
    )


def viewer_bar(viewer: ReplayViewer, embedded: bool = False) -> str:
    """The replay's controls: steps by hand, trick and action, the position, the view."""
    steps = "".join(
        f'<button type="button" class="btn step" data-command="{move}" aria-label="{escape(label)}"'
        f' title="{escape(label)}">{symbol}</button>'
        for move, symbol in VIEWER_STEPS.items()
        for label in [text("step." + move)]
    )
    where = text("position", at=viewer.at, total=viewer.total)
    options = f'<option value="all">{escape(text("view.all"))}</option>' + "".join(
        f'<option value="{k}"{" selected" if viewer.view_name == str(k) else ""}>{escape(name)}</option>'
        for k, name in enumerate(viewer.names())
    )
    leave = (
        ""
        if embedded
        else _button(text("export"), command=Command.EXPORT) + _button(text("new-game"), command=Command.NEW_GAME)
    )
    seek = (
        f'<input type="range" id="{Id.SEEK}" min="0" max="{viewer.total}" value="{viewer.at}"'
        f' aria-label="{escape(text("seek"))}">'
    )
    return (
        f'<div class="steps" role="toolbar" aria-label="{escape(text("replay"))}">{steps}</div>{seek}'
        f'<p class="status" role="status" id="{Id.POSITION}">{escape(where)}</p>'
        f'<label>{escape(text("view"))} <select id="{Id.VIEW_SELECT}">{options}</select></label>{leave}'
    )


#: The symbol on each of the viewer's step buttons, in the bar's order.
VIEWER_STEPS = {
    ViewerMove.FIRST: "|◀",
    ViewerMove.PREV_HAND: "◀◀◀",
    ViewerMove.PREV_TRICK: "◀◀",
    ViewerMove.PREV: "◀",
    ViewerMove.NEXT: "▶",
    ViewerMove.NEXT_TRICK: "▶▶",
    ViewerMove.NEXT_HAND: "▶▶▶",
    ViewerMove.LAST: "▶|",
}


def tools_bar(can_undo: bool = False) -> str:
    """The game's tools: undo (when it may be used), the score sheet, sharing, the
    settings, the rules, and a new game."""
    return (
        '<div class="tools">'
        + (_button(text("undo"), command=Command.UNDO) if can_undo else "")
        + _button(text("scores"), command=Command.SHEET)
        + _button(text("share"), command=Command.SHARE)
        + _button(text("settings"), command=Command.SETTINGS)
        + f'<a class="btn" href="rules.html" target="_blank" rel="noopener">{escape(text("rules-short"))}</a>'
        + _button(text("new-game"), command=Command.NEW_GAME)
        + "</div>"
    )


def settings_panel(pace: str, autoplay: str, sound: bool, undo: bool, undo_allowed: bool) -> str:
    """The game's settings: the bots' pace, auto-play of a forced card, sounds, undo."""
    paces = _options(list(PACES), lambda p: text(f"pace.{p}"), pace)
    autoplays = _options(list(AUTOPLAY), lambda a: text(f"autoplay.{a}"), autoplay)

    def box(name: str, on: bool, enabled: bool = True) -> str:
        state = (" checked" if on else "") + ("" if enabled else " disabled")
        label = escape(text(f"setting.{name}"))
        return f'<label class="check"><input type="checkbox" data-setting="{name}"{state}> {label}</label>'

    return (
        f'<div class="panel settings" role="dialog" aria-label="{escape(text("settings"))}">'
        f"<h2>{escape(text('settings'))}</h2>"
        f'<label>{escape(text("pace"))} <select data-setting="pace">{paces}</select></label>'
        f'<label>{escape(text("setting.autoplay"))} <select data-setting="autoplay">{autoplays}</select></label>'
        f"{box('sound', sound)}{box('undo', undo, undo_allowed)}"
        f"{_button(text('close'), command=Command.CLOSE_SETTINGS, primary=True)}</div>"
    )


#: Auto-play of a card when it is the only one that may be played: never, only the hand's last, always.
AUTOPLAY = ("off", "last", "always")


def message_panel(message: str, embedded: bool = False) -> str:
    """A readable message where a game or a replay could not be shown."""
    leave = "" if embedded else _button(text("new-game"), command=Command.NEW_GAME, primary=True)
    return f'<div class="panel message" role="alert"><p>{escape(message)}</p>{leave}</div>'


def share_panel(link: str) -> str:
    """The link to share, ready to copy."""
    return (
        f'<div class="panel share" role="dialog" aria-label="{escape(text("share"))}"><h2>{escape(text("share"))}</h2>'
        f"<p>{escape(text('share-note'))}</p>"
        f'<input id="{Id.SHARE_LINK}" readonly value="{escape(link)}" aria-label="{escape(text("share"))}">'
        f"{_button(text('close'), command=Command.CLOSE_SHARE, primary=True)}</div>"
    )


def score_sheet(session: Session) -> str:
    """Every hand's points per player, and the totals, in a dialog."""
    return (
        f'<div class="panel sheet" role="dialog" aria-label="{escape(text("scores"))}">'
        f"<h2>{escape(text('scores'))}</h2>{_sheet_table(session)}"
        f"{_button(text('close'), command=Command.CLOSE_SHEET)}</div>"
    )


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
    return (
        f"<table class='scores'><thead><tr><th></th>{head}</tr></thead><tbody>{rows}</tbody>"
        f"<tfoot><tr><th scope='row'>{escape(text('total'))}</th>{totals}</tr>{sides}</tfoot></table>"
    )


def _partnership_scores(session: Session) -> dict[int, int]:
    """Each player's partnership score where partnerships last the game (D12), else empty."""
    totals = session.game.totals
    return {
        player: sum(totals[p] for p in side) for side in game_partnerships(session.game.settings) for player in side
    }


def game_over(session: Session) -> str:
    """The winners, the score sheet, and the way to another game."""
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
        f'<div class="panel over" role="dialog" aria-label="{escape(text("game-over"))}">'
        f"<h2>{escape(text('game-over'))}</h2>{verdict_html}<p class='winners'>{escape(line)}</p>"
        f"{_sheet_table(session)}"
        f"{_button(text('play-again'), command=Command.PLAY_AGAIN, primary=True)}"
        f"{_button(text('new-game'), command=Command.NEW_GAME)}</div>"
    )
