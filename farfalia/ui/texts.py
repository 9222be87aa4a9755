"""Every string the site shows a player: the page's own English here, each game's beside its
code (:attr:`farfalia.ui.game.SiteGame.texts`, joined by :func:`add_texts` as the game is
registered), the other languages in gettext catalogs (``locale/*.po``, compiled by
``tools/catalogs.py`` into ``farfalia/locale/*.mo``; see :mod:`farfalia.ui.language`).

Each message is looked up by its key, the catalogs' ``msgctxt``; its English text is the
``msgid``. A message with plural forms is a pair (one, other) read with :func:`plural_text`.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping, Sequence

from farfalia.core.errors import FarfaliaError, Message, SessionError
from farfalia.records.replay import REPLAY_PROBLEMS

TEXT: dict[str, str | tuple[str, str]] = {
    "title": "Farfalia",
    # The first screen: the games, each on a card of its own, then the form of every choice.
    "welcome": "Two card games to play against bots or with friends at one screen: no account, and offline once "
    "visited.",
    "card.players": "{low}–{high} players",
    "card.minutes": "about {minutes} minutes",
    "card.saved": "Your game — {game}",
    "card.continue": "Continue",
    "card.continue-name": "Continue your game of {game}",
    "card.play": "Play",
    "card.play-name": "Play {game}",
    "card.learn": "Learn",
    "card.learn-name": "Learn {game} by playing",
    "card.rules-name": "How to play {game}",
    "card.set-up": "More options",
    "card.set-up-name": "More options for {game}",
    "set-up-title": "Set up a game",
    "pace": "Bot speed",
    "level": "Bots",
    "level.strong": "Strong (thinks up to a second)",
    "level.quick": "Quick (rules of thumb)",
    "level.beginner": "Beginner (still learning)",
    "level.usual": "Bots' level",
    "level-short.beginner": "Beginner",
    "level-short.quick": "Quick",
    "level-short.strong": "Strong",
    "seat-level": "Bot level, {name}",
    "hint": "Hint",
    "hint-thinking": "Looking for a good move…",
    "hint-is": "Hint: {action}",
    "seed": "Seed (optional)",
    "seat.human": "Human",
    "seat.bot": "Bot",
    # A player's partnership at the table, by its letter (both games' seats).
    "team": "team {letter}",
    "pace.slow": "Slow",
    "pace.normal": "Normal",
    "pace.fast": "Fast",
    "pace.instant": "Instant",
    "dealer.random": "Random",
    "start": "Start",
    "saved-games": "Saved games",
    "resume": "Continue",
    "delete-save": "Delete",
    "delete-confirm": "Delete this game for good?",
    "keep-save": "Keep it",
    "game-elsewhere": "This game is open in another tab. Close it there to play it here.",
    "delete-elsewhere": "This game is open in another tab. Close it there to delete it here.",
    "not-your-turn": "It is not your turn to decide.",
    "not-legal-now": "{action}: not possible now.",
    "nothing-to-undo": "There is no decision of yours to take back in this hand.",
    "undo-off": "Undo is off in the settings.",
    "hint-not-now": "A hint is for your own turn.",
    "no-game": "No game is being played.",
    "game-gone": "This saved game is no longer here: it was ended or discarded in another tab.",
    "open-elsewhere": "open in another tab",
    "ago.now": "just now",
    "ago.minute": ("{count} minute ago", "{count} minutes ago"),
    "ago.hour": ("{count} hour ago", "{count} hours ago"),
    "ago.day": ("{count} day ago", "{count} days ago"),
    "save-finished": "{game}, finished",
    "save-broken": "This saved game cannot be read: {reason}. It is kept until you discard it.",
    "save-download": "Download it",
    "save-unread": (
        "Its last change could not be read; it resumes before it (download it to keep it).",
        "Its last {count} changes could not be read; it resumes before them (download it to keep them).",
    ),
    "save-evicted": "Up to {count} games are kept: the one played longest ago ({label}) made room for this one.",
    "save-discard": "Discard it",
    "saves-off": "Saves are off in this browser: this game will not be kept.",
    "rules-link": "How to play",
    "rules-short": "Rules",
    "learn-menu": "Learn by playing",
    "lesson": "Lesson",
    "lesson.title": "Learning {game}, part {part} of {parts}: {name}",
    "lesson.restart": "Start again",
    "lesson.leave": "Leave the lesson",
    "lesson.next": "Next part",
    "lesson.play": "Play a game",
    "lesson.part-done": "Done: {name}",
    "lesson.finished": "Lesson finished: {name}",
    "lesson.other-move": "You chose: {move}. The rules allow it, but the lesson goes on with its own move, so "
    "that each rule comes up in its turn: {script}. Play the marked move.",
    "lesson.own-way": "You chose: {move}. From here the round is yours, and the others play it on as bots do.",
    "lesson.watching": "Done: now {name} plays.",
    "lesson-none": "This game has no lesson.",
    "undo": "Undo",
    "settings": "Settings",
    "setting.autoplay": "Play a forced card by itself",
    "autoplay.off": "Never",
    "autoplay.last": "The hand's last card",
    "autoplay.always": "Whenever only one card may be played",
    "setting.sound": "Sounds",
    "setting.undo": "Undo my last decision (games against bots)",
    "leave-title": "Leave this game?",
    "leave-note": "A new game replaces it: this game and its save will be lost.",
    "keep-playing": "Keep playing",
    "leave-game": "Leave it and start afresh",
    "new-game": "New game",
    "play-again": "Play again",
    "continue": "Continue",
    "scores": "Score sheet",
    "close": "Close",
    "back": "Back",
    "more": "More controls",
    "tools-menu": "Game menu",
    "embed": "Embed",
    "embed-size": "Size",
    "embed-theme": "Colours",
    "theme.dark": "Dark felt",
    "theme.light": "Light",
    "embed-start": "Start at",
    "embed-start.here": "This position",
    "embed-start.start": "The game's start",
    "embed-start.end": "The game's end",
    "embed-controls": "Step buttons",
    "embed-iframe": "As a frame (one diagram):",
    "embed-script": "As a script (many diagrams on one page share one runtime):",
    "embed-note": "The host page's server must let this site's files be loaded from other sites (CORS); "
    "see the README.",
    "embed-preview": "Preview of the embed",
    "embed-title": "Farfalia diagram",
    "editor": "Set up a situation",
    "editor-open": "Set up a situation",
    "editor-hand": "Cards of {name}",
    "editor-hands": "Hands",
    "editor-picker": "Cards: click one to give it to the chosen hand, again to take it back",
    "editor-unheld": "in no hand",
    "editor-plays": "Plays so far",
    "editor-take-back": "Take back a play",
    "editor-fill": "Deal the rest at random",
    "editor-clear": "Empty the hands",
    "editor-preview": "The situation",
    "editor-you": "You play",
    "editor-you.bots": "Nobody (bots only)",
    "editor-play": "Play from here",
    "editor-step": "Step through",
    "editor-ready": "Ready: {name} to {decision}.",
    "editor-edit": "Edit this situation",
    "play-from-here": "Play from here",
    "show-cards": "Show my cards",
    "cover": "Pass the device to {name}.",
    "default-name": "Player {number}",
    "points": "{points} pts",
    "and": "and",
    #: Between the items of a list whose items hold commas (French sets it apart: " ; ").
    "list-separator": "; ",
    "and-against": "and against",
    "waiting": "{name} is thinking…",
    "nothing": "nothing",
    "game-over": "Game over",
    "winners": "Winners: {names}",
    "account.seed": "seed {seed}",
    "account.totals": "Totals: {scores}",
    "winner": "Winner: {names}",
    "total": "Total",
    "error": "Something went wrong: {error}",
    "game-loading": "Loading {game}…",
    "game-load-failed": "{game} could not be loaded: check the connection, then try again.",
    "replay": "Replay",
    "view": "View",
    "view.all": "All hands open",
    "position": "Action {at} of {total}",
    "step.first": "To the start",
    "step.prev-hand": "Previous hand",
    "step.prev-trick": "Previous trick",
    "step.prev": "Previous action",
    "step.next": "Next action",
    "decimal-point": ".",
    # The words the language elides before a word beginning with a vowel, as word>elided pairs
    # separated by spaces ("de>d'"), or "none".
    "elisions": "none",
    "review": "Review",
    "review.running": "Reviewing the game… {percent}%",
    "review.cancel": "Cancel",
    "review.good": "A good play by {name}: {action}.",
    "review.inaccuracy": "An inaccuracy by {name}: {action}.",
    "review.mistake": "A mistake by {name}: {action}.",
    "review.blunder": "A blunder by {name}: {action}.",
    "review.better": "Better: {action}, {loss} points more.",
    "review.all-seen": "With every card seen: {action}, {loss} lost.",
    "review.figures": (
        "{name}: {count} decision judged, accuracy {accuracy}%, {loss} points lost a decision",
        "{name}: {count} decisions judged, accuracy {accuracy}%, {loss} points lost a decision",
    ),
    "review.graph": "Points lost at each decision judged; a bar goes to its position",
    "review.next-mistake": "Next mistake",
    "review.prev-mistake": "Previous mistake",
    "review.show-better": "Show the better play",
    "review.showing-better": "The better play, {action}, instead of {played}.",
    "review.back": "Back to the game",
    "review.none": "No decision of this game could be judged.",
    "review.unread": "This link's review could not be read: review the game again.",
    "review.practise": "Learn from the mistakes",
    "practice": "Learning from the mistakes",
    "practice.title": "Learn from the mistakes: {at} of {count}",
    "practice.task": "{loss} points lost: find a better play.",
    "practice.judging": "Judging the play: {action}…",
    "practice.best": "Well found: {action}. The review's best play here.",
    "practice.found": "Well found: {action}. Within {loss} points of the review's best: {best}.",
    "practice.loses": "Not this one: {action}. It loses {loss} points: try another play.",
    "practice.unjudged": "Not judged: {action}. Try another play.",
    "practice.answer": "The review's better play, marked on the table: {action}.",
    "practice.done": (
        "Done: a better play found for {found} of {count} mistake, without the answer.",
        "Done: a better play found for {found} of {count} mistakes, without the answer.",
    ),
    "practice.show-answer": "Show the answer",
    "practice.skip": "Skip",
    "practice.next": "Next mistake",
    "practice.finish": "Finish",
    "practice.again": "Try them again",
    "practice.leave": "Back to the review",
    "practice.elsewhere": "Not while learning from the mistakes: go back to the review first.",
    "step.next-trick": "Next trick",
    "step.next-hand": "Next hand",
    "step.last": "To the end",
    "share": "Share",
    "export": "Save as a file",
    "import": "Open a replay file:",
    "seek": "Position in the game",
    "share-note": "This link replays the game so far: the finished hands only, never the hand in progress.",
    "bad-link": "This link does not hold a game that can be shown: {error}.",
    "language": "Language",
    # What a screen reader hears as the game goes on (farfalia/ui/announce.py).
    "embed-lang": "Language",
    "embed-lang.reader": "The reader's",
    # Shown before Python runs (assets/loader.js; the build writes them into assets/texts.js).
    "loader.loading": "Loading Python…",
    "loader.failed": "The game could not start: {reason}. Reload the page to try again.",
    "loader.script-failed": "a script failed to load",
    "loader.too-long": "Python took too long to load",
    "loader.storage-refused": "this browser refuses the site its storage (a privacy setting); allow it for this site",
    "update.ready": "A new version of the game is ready.",
    "update.reload": "Reload",
    "keys": "Keys",
    "keys-title": "Keyboard",
    "key.cards": "Left and right arrows: the previous or next playable card; Home and End: the first or last.",
    "key.every-card": "Up and down arrows: every card, the unplayable ones too (their reason shows).",
    "key.play": "Enter or Space: play the card, or press the button, that has the focus.",
    "key.help": "This list of keys.",
    "key.hint": "A hint for your decision.",
    "key.practice-answer": "The answer: the review's better play, marked on the table.",
    "key.sheet": "The score sheet.",
    "key.settings": "The settings.",
    "key.escape": "Close the open panel.",
    "key-enter": "Enter",
    "key-escape": "Esc",
    # The start screen's choice of game.
    "game-choice": "Card game",
    "editor-none": "This game has no situation editor.",
    "share-nothing": "Nothing to share yet: no round is over.",
    # The scenario editor's reasons, and the links'.
    "problem.not-a-card": "{name}: {word} is not a card (e.g. B11, R3)",
    "problem.not-a-play": "{word} is not a play (e.g. B3, pick:B5)",
    "problem.link-long": "a link is at most {limit} characters; this one has {length}",
    "problem.link-empty": "the link holds no replay",
    "problem.link-controls": "controls are 0 or 1, not {value}",
    "problem.link-theme": "unknown theme {value}; themes: {themes}",
    "problem.link-review": "its review cannot be read",
    "problem.link-position": "the link's position is not a number: {value}",
    "problem.link-view": "the link's view is not a number: {value}",
    **{f"problem.{key}": english for key, english in (REPLAY_PROBLEMS).items()},
    "dealer": "Dealer",
}


#: What the games word in a message's values before it is said (a card's reason from its code):
#: each changes the values in place.
WORDINGS: list[Callable[[dict[str, object]], None]] = []


def add_texts(
    texts: Mapping[str, str | tuple[str, str]], wording: Callable[[dict[str, object]], None] | None = None
) -> None:
    """A game's own messages (and how it words its messages' values), joined to the page's."""
    TEXT.update(texts)
    if wording is not None and wording not in WORDINGS:
        WORDINGS.append(wording)


def remove_texts(
    texts: Mapping[str, str | tuple[str, str]], wording: Callable[[dict[str, object]], None] | None = None
) -> None:
    """A game's own messages (and its wording) taken out of the page's again (a test's game, gone)."""
    for key in texts:
        TEXT.pop(key, None)
    if wording in WORDINGS:
        WORDINGS.remove(wording)


#: The catalog in use: English (no translation) until :func:`use_catalog` sets another.
_catalog: gettext.NullTranslations = gettext.NullTranslations()
#: The elisions of the catalog in use (its ``elisions`` message, read once by :func:`use_catalog`):
#: (word, elided) pairs; none in English.
_elisions: list[tuple[str, str]] = []


def use_catalog(catalog: gettext.NullTranslations) -> gettext.NullTranslations:
    """Speak the language of ``catalog`` from now on (see :func:`farfalia.ui.language.set_language`);
    the catalog spoken until now."""
    global _catalog, _elisions
    before, _catalog = _catalog, catalog
    rules = [rule.partition(">") for rule in translated("elisions").split()]
    _elisions = [(word, short) for word, arrow, short in rules if arrow]
    return before


def catalog_in_use() -> gettext.NullTranslations:
    """The catalog the page speaks now (what was worded in another must be worded again)."""
    return _catalog


def translated(key: str) -> str:
    """The message ``key`` in the current language, its placeholders left in (a catalog holds
    each translation under its key, ``tools/catalogs.py``; one it lacks is said in English)."""
    english = TEXT[key]
    assert isinstance(english, str), f"{key} has plural forms: use plural_text"
    found = _catalog.gettext(key)
    return english if found == key else found


#: Letters that begin a word a language may elide before ("de Ada" becomes "d'Ada" in French).
VOWELS = frozenset("aeiouyàâäéèêëîïôöùûü")


def elided(template: str, values: Mapping[str, object]) -> str:
    """``template`` with the current language's elisions (its ``elisions`` message: ``word>elided``
    pairs, or ``none``) made before each value that is a word beginning with a vowel: "de {name}"
    becomes "d'{name}" for Ada in French, not for Bruno, nor for a card's code (E3)."""
    if not _elisions:
        return template
    for field, value in values.items():
        if isinstance(value, str) and value[:1].lower() in VOWELS and value[1:2].isalpha() and value[1:2].islower():
            for word, short in _elisions:
                template = template.replace(f"{word} {{{field}}}", f"{short}{{{field}}}")
    return template


def text(key: str, **values: object) -> str:
    """The message ``key`` in the current language, with ``values`` filled in (and elided before)."""
    return elided(translated(key), values).format(**values)


def plural_text(key: str, count: int, **values: object) -> str:
    """The message ``key`` in the plural form for ``count`` (filled in as ``{count}``)."""
    forms = TEXT[key]
    assert isinstance(forms, tuple), f"{key} has no plural forms: use text"
    found = _catalog.ngettext(key, key, count)
    if found == key:  # not translated: English's forms
        found = forms[0] if count == 1 else forms[1]
    return elided(found, values).format(count=count, **values)


def decimal(value: float) -> str:
    """A number to a tenth, with the language's decimal separator ("8.8", "8,8")."""
    return f"{value:.1f}".replace(".", translated("decimal-point"))


def join_names(names: Sequence[str]) -> str:
    """Names in a sentence: "Anna", "Anna and Bea", "Anna, Bea and Carl"."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {text('and')} " + names[-1]


def message_text(message: object) -> str:
    """A message in the language spoken: a keyed :class:`~farfalia.core.errors.Message`
    through the catalogs (its game named, and its values as each game words them: a mode, a
    reason from its code), anything else as it is."""
    if not isinstance(message, Message) or f"problem.{message.key}" not in TEXT:
        return str(message)
    values = dict(message.values)
    if f"game.{values.get('mode')}" in TEXT:  # a game of the site, named alone (a game words its own modes)
        values["mode"] = text(f"game.{values['mode']}")
    for word in WORDINGS:
        word(values)
    error = values.get("error")
    if isinstance(error, FarfaliaError):
        values["error"] = error_text(error)
    return text(f"problem.{message.key}", **values)


def error_text(error: FarfaliaError) -> str:
    """An error's message in the language spoken (where it is a keyed one)."""
    return message_text(error.args[0]) if error.args else str(error)


def error_note(error: FarfaliaError) -> str:
    """What the note line says of a refused command: a click out of turn (a
    :class:`~farfalia.core.errors.SessionError`, already a sentence) as it is, anything else as a fault."""
    return error_text(error) if isinstance(error, SessionError) else text("error", error=error_text(error))
