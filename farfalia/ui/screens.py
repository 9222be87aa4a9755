"""HTML for everything around any game's table: the start screen (each game's settings beside
the others'), the hot-seat cover, the tools, the help, the settings, share and embed panels, the
replay's bar. Pure functions; every string comes from :mod:`farfalia.ui.texts` and every name is
escaped. Each game's own screens (its bar, its round's summary, its sheet) are in its folder."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from farfalia.core import registry
from farfalia.records.replay import MAX_NAME
from farfalia.ui.contract import GAME_ATTRIBUTE, SLOT_ATTRIBUTE, Command, Id
from farfalia.ui.editor import HandsEditor
from farfalia.ui.embeds import SIZES, STARTS, EmbedOptions
from farfalia.ui.keyboard import SHORTCUTS
from farfalia.ui.language import LANGUAGES, rules_page
from farfalia.ui.links import THEMES
from farfalia.ui.preferences import AUTOPLAY
from farfalia.ui.seating import PACES
from farfalia.ui.texts import plural_text, text
from farfalia.ui.viewer import Stepper, ViewerMove

if TYPE_CHECKING:
    from farfalia.ui.game import SiteGame
    from farfalia.ui.seating import Table


def site_games() -> tuple[SiteGame, ...]:
    """The games of the site (:func:`farfalia.ui.game.site_games`; read here from the registry,
    which this floor's :mod:`farfalia.ui.game` builds on)."""
    return registry.games()


#: The roles of a panel that holds the page until closed, and of one beside the controls.
DIALOG = 'role="dialog" aria-modal="true"'
REGION = 'role="region" tabindex="0"'  # a replay's summary: it may scroll, so it takes the keyboard too


def summary_box(title: str, body: str, buttons: str = "") -> str:
    """A finished hand's or round's summary (``body``): with ``buttons``, a dialog at the table;
    without, a region beside a replay's controls, which folds to its title (on a phone it lies over
    the table, which a step to another moment would otherwise be the only way to see)."""
    heading = f"<h2>{escape(title)}</h2>"
    if buttons:
        return f'<div class="panel summary" {DIALOG} aria-label="{escape(title)}">{heading}{body}{buttons}</div>'
    return (
        f'<div class="panel summary" {REGION} aria-label="{escape(title)}">'
        f"<details open><summary>{heading}</summary>{body}</details></div>"
    )


def button(
    label: str,
    *,
    command: Command | ViewerMove | None = None,
    action: str | None = None,
    primary: bool = False,
    slot: str | None = None,
    disabled: bool = False,
    marks: Sequence[str] = (),
    game: str | None = None,
    name: str | None = None,
    first: bool = False,
) -> str:
    """A button that runs a ``command`` or takes an ``action`` (``marks``: the table's cards it
    would take, marked while it is pointed at or focused: ``assets/dom.js``; ``slot``: the saved
    game, ``game``: the game it is for; ``name``: its name for a screen reader, where its words
    need more; ``first``: the screen's likeliest choice, which takes the focus)."""
    attributes = f' data-command="{command}"' if command else f' data-action="{escape(action or "")}"'
    if marks:
        attributes += f' data-marks="{escape(" ".join(marks))}"'
    if slot is not None:
        attributes += f' {SLOT_ATTRIBUTE}="{escape(slot)}"'
    if game is not None:
        attributes += f' {GAME_ATTRIBUTE}="{escape(game)}"'
    if name is not None:
        attributes += f' aria-label="{escape(name)}"'
    if first:
        attributes += " autofocus"
    if disabled:
        attributes += " disabled"
    kind = " primary" if primary else ""
    return f'<button type="button" class="btn{kind}"{attributes}>{escape(label)}</button>'


@dataclass(frozen=True)
class SavedGame:
    """A row of the start screen's saved games."""

    slot: str
    #: What the game is ("Farfalia for four (partners), hand 2 of 4"), or why its save cannot be read.
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
    #: How many of the journal's entries past the state shown could not be read (kept for download).
    unread: int = 0
    #: The name of its game ("" when it cannot be read).
    game: str = ""


def select_options(values: Sequence[str], label: Callable[[str], str], chosen: str, extra: str = "") -> str:
    """A select's options: ``values`` worded by ``label``, ``chosen`` selected."""
    return "".join(
        f'<option value="{escape(v)}"{" selected" if v == chosen else ""}{extra.format(v)}>{escape(label(v))}</option>'
        for v in values
    )


def start_screen(
    saved: Sequence[SavedGame] = (),
    choices: Mapping[str, str] | None = None,
    language: str = "en",
    setting_up: str = "",
) -> str:
    """The first screen: a welcome, the site's games and the saved ones (:func:`games_and_saves`),
    then the form of every choice (:func:`start_form`), set to the game whose "More options" was
    pressed (``setting_up``), else filled in with the last ``choices``."""
    form_choices = {**(choices or {}), **({"game": setting_up} if setting_up else {})}
    return (
        f'<div class="first-screen">'
        f'<header class="welcome"><p class="title">{escape(text("title"))}</p>{language_choice(language)}'
        f'<p class="welcome-note">{escape(text("welcome"))}</p></header>'
        f'<div id="{Id.SAVED_GAMES}">{games_and_saves(saved, language)}</div>'
        f"{start_form(form_choices)}</div>"
    )


def games_and_saves(saved: Sequence[SavedGame], language: str) -> str:
    """Each of the site's games presented (:func:`game_card`, with its latest ``saved`` game),
    then the list of the saved games: the part of the first screen that another tab's save
    changes (redrawn alone). The game played last is the likeliest choice (its "Continue"; with
    nothing saved, the first game's "Play")."""
    games = site_games()
    last = saved[0].game if saved and saved[0].game else games[0].name
    cards = "".join(
        game_card(game, next((s for s in saved if s.game == game.name), None), language, game.name == last)
        for game in games
    )
    return f'<div class="game-cards">{cards}</div>{saved_list(saved)}'


def game_card(game: SiteGame, saved: SavedGame | None, language: str, first: bool = False) -> str:
    """A game presented to someone who has never played it: its picture, name, a line about it,
    its players and length; "Continue" its latest ``saved`` game, "Play" it at once, "Learn" it by
    playing (its lesson, where it has one), read "How to play" it (its rules page in ``language``),
    or set up a game of it ("More options"). ``first``:
    its way in is the screen's likeliest choice."""
    title = text(f"game.{game.name}")
    heading = f"game-title-{game.name}"
    facts = " · ".join(
        f"<span>{escape(part)}</span>"
        for part in (
            text("card.players", low=game.min_players, high=game.max_players),
            text("card.minutes", minutes=game.minutes),
        )
    )
    buttons = ""
    if saved is not None:
        buttons += _game_button("continue", Command.CONTINUE_GAME, game, primary=True, slot=saved.slot,
                                disabled=saved.elsewhere, first=first)  # fmt: skip
    buttons += _game_button("play", Command.PLAY, game, primary=saved is None, first=first and saved is None)
    if game.teaches:
        buttons += _game_button("learn", Command.LEARN, game)
    buttons += (
        f'<a class="btn" href="{rules_page(language, game.rules_page)}" target="_blank" rel="noopener"'
        f' aria-label="{escape(text("card.rules-name", game=title))}">{escape(text("rules-link"))}</a>'
    )
    buttons += _game_button("set-up", Command.SET_UP, game)
    resume_line = ""
    if saved is not None:
        where = " · ".join(part for part in (saved.label, saved.when) if part)
        resume_line = f'<p class="game-saved">{escape(text("card.saved", game=where))}</p>'
    return (
        f'<section class="game-card" data-game="{escape(game.name)}" aria-labelledby="{heading}">'
        f'{game.picture()}<h2 id="{heading}">{escape(title)}</h2>'
        f'<p class="pitch">{escape(text(game.pitch))}</p><p class="facts">{facts}</p>'
        f'{resume_line}<div class="game-buttons">{buttons}</div></section>'
    )


def _game_button(
    key: str,
    command: Command,
    game: SiteGame,
    primary: bool = False,
    slot: str | None = None,
    disabled: bool = False,
    first: bool = False,
) -> str:
    """A game card's button: its words ``key``, named with the game's for a screen reader ("Play"
    is on every card of the screen: "Play" and the game's name)."""
    name = text(f"card.{key}-name", game=text(f"game.{game.name}"))
    return button(text(f"card.{key}"), command=command, primary=primary, slot=slot, disabled=disabled,
                  game=game.name, name=name, first=first)  # fmt: skip


def start_form(choices: Mapping[str, str]) -> str:
    """The form of every choice, under the games: the game (each of the site's, with its own
    settings' fields: the page shows the chosen one's), the seats and names, the bots' level
    and pace, a seed, Start; a situation to set up, a replay file to open. Filled in with the
    ``choices``."""
    games = site_games()
    chosen = {"game": games[0].name, "level": "strong", "pace": "normal", "kind-0": "human", **choices}
    game = next((g for g in games if g.name == chosen["game"]), games[0])
    seats = "".join(_seat_row(k, chosen, list(game.level_names)) for k in range(max(g.max_players for g in games)))
    paces = select_options(list(PACES), lambda p: text(f"pace.{p}"), chosen["pace"])
    levels = select_options(list(game.level_names), lambda v: text(f"level.{v}"), chosen["level"])
    options = "".join(
        f'<div class="game-options" data-options-for="{g.name}"{"" if g is game else " hidden"}>'
        f"{g.start_options(chosen)}</div>"
        for g in games
    )
    names = select_options([g.name for g in games], lambda g: text(f"game.{g}"), game.name)
    return (
        f'<form id="{Id.START_FORM}" class="start" data-game="{escape(game.name)}" '
        f'aria-labelledby="set-up-title"><h2 id="set-up-title" class="form-title">{escape(text("set-up-title"))}</h2>'
        f'<label>{escape(text("game-choice"))} <select name="game" id="{Id.GAME}">{names}</select></label>'
        f"{options}"
        f'<fieldset class="seats">{seats}</fieldset>'
        f'<label>{escape(text("level"))} <select name="level" id="{Id.LEVEL}">{levels}</select></label>'
        f'<label>{escape(text("pace"))} <select name="pace" id="{Id.PACE}">{paces}</select></label>'
        f'<label class="seed">{escape(text("seed"))} '
        f'<input name="seed" id="{Id.SEED}" inputmode="numeric" autocomplete="off"></label>'
        f"{button(text('start'), command=Command.START, primary=True)}"
        f"{button(text('editor-open'), command=Command.EDITOR)}"
        f'<label class="import">{escape(text("import"))} '
        f'<input type="file" id="{Id.IMPORT_FILE}" accept=".txt,text/plain"></label></form>'
    )


def saved_list(saved: Sequence[SavedGame]) -> str:
    """The saved games, each with its buttons: resume or delete; download or discard a
    save that cannot be read; a game open in another tab can be neither resumed nor deleted here."""
    if not saved:
        return ""
    rows = []
    for number, game in enumerate(saved):
        slot = game.slot
        details = " · ".join(escape(part) for part in (game.players, game.when) if part)
        if game.elsewhere:
            details += f' · <span class="elsewhere">{escape(text("open-elsewhere"))}</span>'
        if game.unread:
            details += f' · <span class="unread">{escape(plural_text("save-unread", game.unread))}</span>'
        if not game.readable:
            buttons = button(text("save-download"), command=Command.EXPORT, slot=slot) + button(
                text("save-discard"), command=Command.DISCARD_SAVE, slot=slot, disabled=game.elsewhere
            )
            rows.append(f'<li class="saved broken" role="alert"><p>{escape(game.label)}</p>{buttons}</li>')
            continue
        if game.deleting:
            buttons = (
                f'<span class="confirm-line">{escape(text("delete-confirm"))}</span>'
                + button(text("delete-save"), command=Command.CONFIRM_DISCARD, slot=slot)
                + button(text("keep-save"), command=Command.KEEP_SAVE, slot=slot, primary=True)
            )
        else:
            resume = button(
                text("resume"), command=Command.RESUME, slot=slot, primary=number == 0, disabled=game.elsewhere
            )
            delete = button(text("delete-save"), command=Command.DISCARD_SAVE, slot=slot, disabled=game.elsewhere)
            buttons = resume + delete
            if game.unread:
                buttons += button(text("save-download"), command=Command.EXPORT, slot=slot)
        rows.append(
            f'<li class="saved"><p><strong>{escape(game.label)}</strong><br><small>{details}</small></p>'
            f'<div class="saved-buttons">{buttons}</div></li>'
        )
    title = escape(text("saved-games"))
    return f'<section class="saved-games" aria-label="{title}"><h2>{title}</h2><ul>{"".join(rows)}</ul></section>'


def _seat_row(index: int, chosen: Mapping[str, str], levels: list[str]) -> str:
    """A seat's name, whether a person or a bot plays it, and a bot's own level (the bots' level
    below, unless one is chosen; shown for a bot only)."""
    default = text("default-name", number=index + 1)
    name = escape(chosen.get(f"name-{index}") or default)
    kind = chosen.get(f"kind-{index}", "bot")
    kinds = select_options(["human", "bot"], lambda k: text(f"seat.{k}"), kind)
    own = select_options(
        ["", *levels], lambda v: text(f"level-short.{v}" if v else "level.usual"), chosen.get(f"level-{index}", "")
    )
    return (
        f'<div class="seat-row" data-seat-row="{index}">'
        f'<input name="name-{index}" value="{name}" maxlength="{MAX_NAME}" aria-label="{escape(default)}">'
        f'<select name="kind-{index}" aria-label="{escape(default)}">{kinds}</select>'
        f'<select name="level-{index}" class="seat-level" aria-label="{escape(text("seat-level", name=default))}">'
        f"{own}</select></div>"
    )


def confirm_leave() -> str:
    """Asked before a running game is abandoned for a new one."""
    return (
        f'<div class="panel confirm" role="alertdialog" aria-modal="true" aria-label="{escape(text("leave-title"))}">'
        f"<h2>{escape(text('leave-title'))}</h2><p>{escape(text('leave-note'))}</p>"
        f"{button(text('keep-playing'), command=Command.KEEP_PLAYING, primary=True)}"
        f"{button(text('leave-game'), command=Command.LEAVE_GAME)}</div>"
    )


def hint_button(waiting: bool) -> str:
    """The hint, greyed while others play: the bar keeps its height from turn to turn (on a
    narrow window the button has a line of its own, which came and went with each turn)."""
    return button(text("hint"), command=Command.HINT, disabled=waiting)


def cover(session: Table) -> str:
    """Hot seat: hide the table until the next human is at the screen."""
    actor = session.actor()
    name = session.names()[actor] if actor is not None else ""
    return (
        f'<div class="panel cover" {DIALOG} aria-label="{escape(text("cover", name=name))}">'
        f"<p>{escape(text('cover', name=name))}</p>"
        f"{button(text('show-cards'), command=Command.SHOW_CARDS, primary=True)}</div>"
    )


def viewer_bar(viewer: Stepper, embedded: bool = False) -> str:
    """The replay's controls: steps by hand, trick and action, the position, the view, and a
    menu of what to do with the position (play on, edit, embed, save). Embedded, a compact
    bar on one line (the first and last steps, a short position) whose other controls fold
    into the menu, so every control fits a frame from 320 x 240. A game that tells its last play
    tells it under the position; "Edit this situation" is offered where the game can set it up."""
    where = text("position", at=viewer.at, total=viewer.total)
    options = f'<option value="all">{escape(text("view.all"))}</option>' + "".join(
        f'<option value="{k}"{" selected" if viewer.view_name == str(k) else ""}>{escape(name)}</option>'
        for k, name in enumerate(viewer.names())
    )
    seek = (
        f'<input type="range" id="{Id.SEEK}" min="0" max="{viewer.total}" value="{viewer.at}"'
        f' aria-label="{escape(text("seek"))}">'
    )
    view = f'<label>{escape(text("view"))} <select id="{Id.VIEW_SELECT}">{options}</select></label>'
    if embedded:
        main = [ViewerMove.FIRST, ViewerMove.PREV, ViewerMove.NEXT, ViewerMove.LAST]
        more = [ViewerMove.PREV_HAND, ViewerMove.PREV_TRICK, ViewerMove.NEXT_TRICK, ViewerMove.NEXT_HAND]
        return (
            f'<div class="steps" role="toolbar" aria-label="{escape(text("replay"))}">{_steps(main, viewer)}</div>'
            f'<p class="status" id="{Id.POSITION}"><span aria-hidden="true">{viewer.at}/{viewer.total}</span>'
            f'<span class="visually-hidden">{escape(where)}</span></p>'
            + _more_menu(f'<div class="steps">{_steps(more, viewer)}</div>{seek}{view}')
        )
    # The last play's line, a blank one before the first: the bar keeps its height from step to step.
    told = escape(viewer.last_play()) or "&nbsp;" if viewer.tells_plays else ""
    last = f'<p class="info-line">{told}</p>' if told else ""
    tools = (
        ("" if viewer.game.is_over() else button(text("play-from-here"), command=Command.PLAY_FROM_HERE))
        + (button(text("editor-edit"), command=Command.EDIT_POSITION) if viewer.editable() else "")
        + button(text("embed"), command=Command.EMBED)
        + button(text("export"), command=Command.EXPORT)
    )
    return (
        f'<div class="steps" role="toolbar" aria-label="{escape(text("replay"))}">'
        f"{_steps(VIEWER_STEPS, viewer)}</div>{seek}"
        f'<p class="status" id="{Id.POSITION}">{escape(where)}</p>{last}{view}'
        + _more_menu(tools)
        + button(text("new-game"), command=Command.NEW_GAME)
    )


def review_offer(unread: bool = False) -> str:
    """A replay's "Review" button (and, when its link's review could not be read, why it is offered again)."""
    note = f'<p class="verdict">{escape(text("review.unread"))}</p>' if unread else ""
    return f'<div class="review" id="review">{note}{button(text("review"), command=Command.REVIEW)}</div>'


def over_buttons() -> str:
    """A finished game's way on: play again, review it, share it, or a new game."""
    return (
        button(text("play-again"), command=Command.PLAY_AGAIN, primary=True)
        + button(text("review"), command=Command.REVIEW)
        + button(text("share"), command=Command.SHARE)
        + button(text("new-game"), command=Command.NEW_GAME)
    )


def _more_menu(content: str) -> str:
    """A menu of further controls behind a ``⋯`` button, opening above the bar."""
    return (
        f'<details class="more"><summary class="btn" aria-label="{escape(text("more"))}">⋯</summary>'
        f'<div class="more-menu">{content}</div></details>'
    )


def _steps(moves: Iterable[ViewerMove], viewer: Stepper) -> str:
    """The step buttons of ``moves``, in order."""
    return "".join(
        f'<button type="button" class="btn step step-{move}" data-command="{move}" aria-label="{escape(label)}"'
        f' title="{escape(label)}">{VIEWER_STEPS[move]}</button>'
        for move in moves
        for label in [viewer.step_label(move)]
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


def tools_bar(can_undo: bool, language: str, game: SiteGame) -> str:
    """The game's tools: undo (when it may be used), the score sheet, sharing, the settings, the
    keys (which the page's CSS leaves out on a screen only touched), ``game``'s rules (in
    ``language``) and its lesson, and a new game.
    On a phone they fold into a menu behind a ``⋯`` button, which gives the table their line: the
    tools are a popover that the page's CSS shows in the bar everywhere else (and in a browser
    without popovers)."""
    more = escape(text("tools-menu"))
    return (
        f'<div class="tools" id="{Id.TOOLS}" popover>'
        + (button(text("undo"), command=Command.UNDO) if can_undo else "")
        + button(text("scores"), command=Command.SHEET)
        + button(text("share"), command=Command.SHARE)
        + button(text("settings"), command=Command.SETTINGS)
        + button(text("keys"), command=Command.HELP)
        + f'<a class="btn" href="{rules_page(language, game.rules_page)}" target="_blank" rel="noopener">'
        + f"{escape(text('rules-short'))}</a>"
        + (button(text("learn-menu"), command=Command.LEARN, game=game.name) if game.teaches else "")
        + button(text("new-game"), command=Command.NEW_GAME)
        + "</div>"
        + f'<button type="button" class="btn tools-toggle" id="{Id.TOOLS_TOGGLE}" popovertarget="{Id.TOOLS}"'
        + f' aria-label="{more}" title="{more}">⋯</button>'
    )


def language_choice(language: str) -> str:
    """The language menu (each language named in itself), as on the start screen and in the settings."""
    choices = select_options(list(LANGUAGES), lambda code: LANGUAGES[code], language)
    return f'<label>{escape(text("language"))} <select data-setting="language">{choices}</select></label>'


def settings_panel(pace: str, autoplay: str, sound: bool, undo: bool, undo_allowed: bool, language: str) -> str:
    """The game's settings: the bots' pace, auto-play of a forced card, sounds, undo, the language."""
    paces = select_options(list(PACES), lambda p: text(f"pace.{p}"), pace)
    autoplays = select_options(list(AUTOPLAY), lambda a: text(f"autoplay.{a}"), autoplay)

    def box(name: str, on: bool, enabled: bool = True) -> str:
        state = (" checked" if on else "") + ("" if enabled else " disabled")
        label = escape(text(f"setting.{name}"))
        return f'<label class="check"><input type="checkbox" data-setting="{name}"{state}> {label}</label>'

    return (
        f'<div class="panel settings" {DIALOG} aria-label="{escape(text("settings"))}">'
        f"<h2>{escape(text('settings'))}</h2>"
        f'<label>{escape(text("pace"))} <select data-setting="pace">{paces}</select></label>'
        f'<label>{escape(text("setting.autoplay"))} <select data-setting="autoplay">{autoplays}</select></label>'
        f"{box('sound', sound)}{box('undo', undo, undo_allowed)}{language_choice(language)}"
        f"{button(text('close'), command=Command.CLOSE_SETTINGS, primary=True)}</div>"
    )


def help_panel(
    game: SiteGame, usable: Collection[Command] | None = None, worded: Mapping[Command, str] | None = None
) -> str:
    """The keyboard's keys and shortcuts for ``game``, in a dialog (those it has a use for, of
    ``usable`` only where given, each told by the text key ``worded`` gives it, if any, and the
    game's own words for playing a card and for Escape)."""
    worded = worded or {}
    keys = [("← →", "key.cards"), ("↑ ↓", "key.every-card"), (text("key-enter"), game.help_play)]
    keys += [(key, worded.get(command, f"key.{command}")) for key, command in SHORTCUTS.items()
             if command not in game.unused_shortcuts and (usable is None or command in usable)]  # fmt: skip
    keys.append((text("key-escape"), game.help_escape))
    rows = "".join(f"<tr><th scope='row'><kbd>{escape(key)}</kbd></th><td>{escape(text(what))}</td></tr>"
                   for key, what in keys)  # fmt: skip
    return (
        f'<div class="panel help" {DIALOG} aria-label="{escape(text("keys-title"))}">'
        f"<h2>{escape(text('keys-title'))}</h2><table class='keys'>{rows}</table>"
        f"{button(text('close'), command=Command.CLOSE_HELP, primary=True)}</div>"
    )


def message_panel(message: str, embedded: bool = False) -> str:
    """A readable message where a game or a replay could not be shown."""
    leave = "" if embedded else button(text("new-game"), command=Command.NEW_GAME, primary=True)
    return f'<div class="panel message" role="alert"><p>{escape(message)}</p>{leave}</div>'


def share_panel(link: str, note: str = "share-note") -> str:
    """The link to share, ready to copy, and what it holds (the text ``note``)."""
    return (
        f'<div class="panel share" {DIALOG} aria-label="{escape(text("share"))}"><h2>{escape(text("share"))}</h2>'
        f"<p>{escape(text(note))}</p>"
        f'<input id="{Id.SHARE_LINK}" readonly value="{escape(link)}" aria-label="{escape(text("share"))}">'
        f"{button(text('close'), command=Command.CLOSE_SHARE, primary=True)}</div>"
    )


def sheet_dialog(table: str) -> str:
    """A game's score sheet (its ``table``'s HTML) in a dialog, with "close"."""
    return (
        f'<div class="panel sheet" {DIALOG} aria-label="{escape(text("scores"))}">'
        f"<h2>{escape(text('scores'))}</h2>{table}"
        f"{button(text('close'), command=Command.CLOSE_SHEET)}</div>"
    )


def scores_table(head: str, rows: str, totals: str, more: str = "") -> str:
    """A score table: its head's cells, its rows, the totals' cells and ``more`` rows under them.
    A tab stop: on a phone a long one scrolls sideways, and the keyboard must reach its end."""
    return (
        f"<table class='scores' tabindex='0'><thead><tr><td></td>{head}</tr></thead><tbody>{rows}</tbody>"
        f"<tfoot><tr><th scope='row'>{escape(text('total'))}</th>{totals}</tr>{more}</tfoot></table>"
    )


def editor_hands(
    editor: HandsEditor[Any],
    sizes: Sequence[int | None],
    name_of: Callable[[int], str],
    kind_of: Callable[[int], str],
    words_of: Callable[[int], str],
    deck: Iterable[int],
) -> str:
    """The hands being filled (a seat to choose, its cards typed, how many of how many, or how many
    where ``sizes`` gives None: a place of any size) and the
    card picker of ``deck`` (each chip named by its code, as it shows, then in words, and marked
    with the number of the hand that holds it: drawn by the style sheet, told by the name)."""
    seat_names = editor.seat_names()
    hands = "".join(
        f'<div class="editor-seat"><label class="check"><input type="radio" name="seat" value="{k}"'
        f"{' checked' if k == editor.seat else ''}> {k + 1}. {escape(name)} "
        f'<span class="count">{len(editor.hands[k])}{"" if sizes[k] is None else f"/{sizes[k]}"}</span></label>'
        f'<input name="hand-{k}" value="{escape(" ".join(name_of(c) for c in editor.hands[k]))}"'
        f' autocomplete="off" spellcheck="false" aria-label="{escape(text("editor-hand", name=name))}"></div>'
        for k, name in enumerate(seat_names)
    )
    holder = {card: k for k, hand in enumerate(editor.hands) for card in hand}
    where = {card: seat_names[k] for card, k in holder.items()}
    picker = "".join(
        f'<button type="button" class="chip {kind_of(c)}{" held" if c in holder else ""}"'
        f' data-holder="{holder[c] + 1 if c in holder else ""}"'
        f' data-command="{Command.EDITOR_CARD}" data-card="{name_of(c)}"'
        f' aria-label="{name_of(c)}, {escape(words_of(c))}: {escape(where.get(c) or text("editor-unheld"))}">'
        f"{name_of(c)}</button>"
        for c in deck
    )
    return (
        f'<fieldset class="editor-hands"><legend>{escape(text("editor-hands"))}</legend>{hands}</fieldset>'
        f'<div class="picker" role="group" aria-label="{escape(text("editor-picker"))}">{picker}</div>'
    )


def editor_form(
    editor: HandsEditor[Any], help_text: str, top: str, status: str, fields: str, preview: str, blocked: bool
) -> str:
    """A scenario editor's form, either game's: how to use it, the settings (``top``), the engine's ``status``
    line, the ``fields`` (hands, picker, set-up, plays), the tools, the ``preview`` of the
    situation, and who plays it, with play, step through, share and back."""
    players = editor.player_names()
    lines = [line for line in (editor.typing_error or "", *status.split("\n")) if line]  # each a sentence
    you = select_options(["bots", *map(str, range(len(players)))], lambda v: text("editor-you.bots") if v == "bots"
                   else players[int(v)], editor.you)  # fmt: skip
    return (
        f'<form id="{Id.EDITOR_FORM}" class="panel editor" aria-label="{escape(text("editor"))}">'
        f'<h2>{escape(text("editor"))}</h2><p class="editor-help">{escape(help_text)}</p>'
        f'<div class="editor-top">{top}</div>'
        f'<p id="{Id.EDITOR_STATUS}" class="editor-status {"bad" if blocked or editor.typing_error else "ok"}"'
        f' role="status" tabindex="0">{escape(chr(10).join(line[:1].upper() + line[1:] for line in lines))}</p>'
        f'<div class="editor-columns"><div class="editor-fields">{fields}'
        f'<div class="editor-tools">{button(text("editor-take-back"), command=Command.EDITOR_TAKE_BACK)}'
        f"{button(text('editor-fill'), command=Command.EDITOR_FILL)}"
        f"{button(text('editor-clear'), command=Command.EDITOR_CLEAR)}</div></div>"
        f'<div class="editor-preview" aria-label="{escape(text("editor-preview"))}" role="group">{preview}</div></div>'
        f'<div class="editor-actions"><label>{escape(text("editor-you"))} <select name="you">{you}</select></label>'
        f"{button(text('editor-play'), command=Command.EDITOR_PLAY, primary=True, disabled=blocked)}"
        f"{button(text('editor-step'), command=Command.EDITOR_STEP, disabled=blocked)}"
        f"{button(text('share'), command=Command.EDITOR_SHARE, disabled=blocked)}"
        f"{button(text('back'), command=Command.NEW_GAME)}</div></form>"
    )


def checkbox(name: str, label: str, on: bool) -> str:
    """A labelled checkbox of a form."""
    return (
        f'<label class="check"><input type="checkbox" name="{name}"{" checked" if on else ""}> {escape(label)}</label>'
    )


def text_field(name: str, label: str, value: str, placeholder: str = "", wide: bool = False) -> str:
    """A labelled text input of a form (no autocompletion, no spelling check)."""
    return (
        f'<label{" class=wide" if wide else ""}>{escape(label)} <input name="{name}" value="{escape(value)}"'
        f' placeholder="{escape(placeholder)}" autocomplete="off" spellcheck="false"></label>'
    )


def embed_panel(
    options: EmbedOptions, names: Sequence[str], iframe: str, script: str, preview: str, themed: bool = True
) -> str:
    """The embed builder: size, theme (for a ``themed`` table), view, start and controls; the
    two snippets to copy; and a live ``preview`` (the iframe's own address) at the chosen size."""
    sizes = select_options(list(SIZES), lambda s: s.replace("x", " × "), options.size)
    themes = select_options(list(THEMES), lambda t: text(f"theme.{t}"), options.theme)
    views = select_options(["all", *map(str, range(len(names)))], lambda v: text("view.all") if v == "all"
                     else names[int(v)], options.view)  # fmt: skip
    starts = select_options(list(STARTS), lambda s: text(f"embed-start.{s}"), options.start)
    langs = select_options(
        ["", *LANGUAGES], lambda code: LANGUAGES.get(code) or text("embed-lang.reader"), options.lang
    )
    checked = " checked" if options.controls else ""
    return (
        f'<div class="panel embed-builder" {DIALOG} aria-label="{escape(text("embed"))}">'
        f'<h2>{escape(text("embed"))}</h2><form id="{Id.EMBED_FORM}" class="embed-options">'
        f'<label>{escape(text("embed-size"))} <select name="size">{sizes}</select></label>'
        + (f'<label>{escape(text("embed-theme"))} <select name="theme">{themes}</select></label>' if themed else "")
        + f'<label>{escape(text("view"))} <select name="view">{views}</select></label>'
        f'<label>{escape(text("embed-start"))} <select name="start">{starts}</select></label>'
        f'<label>{escape(text("embed-lang"))} <select name="lang">{langs}</select></label>'
        f'<label class="check"><input type="checkbox" name="controls"{checked}>'
        f" {escape(text('embed-controls'))}</label>"
        f"</form>"
        f'<label class="snippet">{escape(text("embed-iframe"))}'
        f'<textarea id="{Id.EMBED_IFRAME}" readonly rows="3">{escape(iframe)}</textarea></label>'
        f'<label class="snippet">{escape(text("embed-script"))}'
        f'<textarea id="{Id.EMBED_SCRIPT}" readonly rows="3">{escape(script)}</textarea></label>'
        f'<p class="embed-note">{escape(text("embed-note"))}</p>'
        f'<div class="embed-preview-box"><iframe id="{Id.EMBED_PREVIEW}" src="{escape(preview)}"'
        f' width="{options.width}"'
        f' height="{options.height}" title="{escape(text("embed-preview"))}"></iframe></div>'
        f"{button(text('close'), command=Command.CLOSE_EMBED, primary=True)}</div>"
    )
