"""The page's contract: the element ids, ``body`` data attributes and commands that
the HTML pages, ``main.py``, ``assets/loader.js`` and the e2e driver share.

Other checks outside the e2e suite rely on these names: add, never rename
(``body[data-ready]``, ``data-decision``, ``data-waiting``, ``data-draws``,
``.card.legal``, ``#bar``, the start screen's ids, ``[data-command=start]``).
A test checks that the HTML pages and the loader use them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Id(StrEnum):
    """Element ids."""

    STAGE = "stage"
    TABLE = "table"
    BAR = "bar"
    #: The game's tools: in the bar, or on a phone a menu behind a "⋯" button (a popover).
    TOOLS = "tools"
    TOOLS_TOGGLE = "tools-toggle"
    OVERLAY = "overlay"
    NOTE = "note"
    #: The one polite live region: what the screen reader hears as the game goes on.
    ANNOUNCE = "announce"
    LOADER = "loader"
    LOADER_TEXT = "loader-text"
    LOADER_PROGRESS = "loader-progress"
    START_FORM = "start-form"
    GAME = "game"
    MODE = "mode"
    PLAYERS = "players"
    DEALER = "dealer"
    LEVEL = "level"
    PACE = "pace"
    SEED = "seed"
    IMPORT_FILE = "import-file"
    SHARE_LINK = "share-link"
    #: The first screen's games and its list of saved games (redrawn alone when another tab saves).
    SAVED_GAMES = "saved-games"
    SEEK = "seek"
    VIEW_SELECT = "view-select"
    POSITION = "position"
    #: The offer of a new deploy, and its button (written by assets/loader.js).
    UPDATE = "update"
    UPDATE_RELOAD = "update-reload"
    #: The scenario editor's form, and its line saying whether the scenario can be played.
    EDITOR_FORM = "editor-form"
    EDITOR_STATUS = "editor-status"
    #: The embed builder's form, its snippets and its live preview.
    EMBED_FORM = "embed-form"
    EMBED_IFRAME = "embed-iframe"
    EMBED_SCRIPT = "embed-script"
    EMBED_PREVIEW = "embed-preview"


class Data(StrEnum):
    """The ``body`` element's data attributes (``data-<value>``), the page's test hooks."""

    #: Set once Python has drawn the first screen.
    READY = "ready"
    #: Set by the loader when the runtime failed to start.
    FAILED = "failed"
    #: Counts the draws: a test waits for it to change after a click.
    DRAWS = "draws"
    #: The decision the screen asks for (``play``, ``pick``…), empty if none.
    DECISION = "decision"
    #: Who the game waits for: ``bot`` or ``human``.
    WAITING = "waiting"
    #: The replay viewer's position.
    AT = "at"
    #: Bot decisions timed in this page, and the longest in milliseconds.
    THINK_COUNT = "think-count"
    THINK_LONGEST = "think-longest"
    #: How many searches (bot decisions and hints) the worker answered, and its state
    #: (:class:`~farfalia.ui.runtime.Worker`).
    THINK_REMOTE = "think-remote"
    WORKER = "worker"
    #: ``embed`` on the embed page.
    PAGE = "page"
    #: The table's arrangement for the window: ``wide`` or ``tall`` (see :mod:`farfalia.ui.layout`).
    LAYOUT = "layout"
    #: ``ready`` when a new deploy waits for a reload; ``offline=unavailable`` when the browser
    #: refused the service worker (both written by assets/loader.js).
    UPDATE = "update"
    OFFLINE = "offline"
    #: How many actions the game played here has, and how many of them the journal holds
    #: on disk (a crash resumes at least there).
    ACTIONS = "actions"
    SAVED = "saved"
    #: The card the person has picked up (its notation; a game whose cards go somewhere), empty if none.
    PICKED = "picked"
    #: The replay's review: ``running``, ``done`` (its marks shown), empty if none.
    REVIEW = "review"
    #: How many parts of the page's finished reviews (and of its tries at their mistakes) the worker judged.
    REVIEW_REMOTE = "review-remote"
    #: Learning from a review's mistakes: ``trying``, ``judging``, ``found``, ``done``; empty outside it.
    PRACTICE = "practice"
    #: The games whose first table the idle page has rehearsed (:mod:`farfalia.ui.rehearsal`),
    #: space-separated, as each is.
    REHEARSED = "rehearsed"


class Command(StrEnum):
    """The page's commands: the ``data-command`` of its buttons (the viewer's moves
    are :class:`~farfalia.ui.viewer.ViewerMove`)."""

    START = "start"
    RESUME = "resume"
    #: The first screen's buttons of one game (``data-game``): play it at once (the choices
    #: remembered, else its defaults), go on with its latest saved game (``data-slot``), or open
    #: the form of every choice set to it.
    PLAY = "play"
    CONTINUE_GAME = "continue-game"
    SET_UP = "set-up"
    SHOW_CARDS = "show-cards"
    CONTINUE = "continue"
    SHEET = "sheet"
    CLOSE_SHEET = "close-sheet"
    PLAY_AGAIN = "play-again"
    NEW_GAME = "new-game"
    KEEP_PLAYING = "keep-playing"
    LEAVE_GAME = "leave-game"
    SHARE = "share"
    CLOSE_SHARE = "close-share"
    EXPORT = "export"
    HINT = "hint"
    SETTINGS = "settings"
    CLOSE_SETTINGS = "close-settings"
    UNDO = "undo"
    #: Forget a saved game (``data-slot``): at once if it cannot be read, else once confirmed.
    DISCARD_SAVE = "discard-save"
    CONFIRM_DISCARD = "confirm-discard"
    KEEP_SAVE = "keep-save"
    #: The scenario editor: open it, give a card (``data-card``) to the hand being filled,
    #: deal the rest, empty the hands, take back a play, then play on, step through or share.
    EDITOR = "editor"
    EDITOR_CARD = "editor-card"
    EDITOR_FILL = "editor-fill"
    EDITOR_CLEAR = "editor-clear"
    EDITOR_TAKE_BACK = "editor-take-back"
    EDITOR_PLAY = "editor-play"
    EDITOR_STEP = "editor-step"
    EDITOR_SHARE = "editor-share"
    #: The viewer: play on from the position shown, or edit its hand as a scenario.
    PLAY_FROM_HERE = "play-from-here"
    EDIT_POSITION = "edit-position"
    #: The viewer's embed builder (its form's changes go to the controller's ``edit``).
    EMBED = "embed"
    CLOSE_EMBED = "close-embed"
    #: The keyboard: the help dialog of shortcuts, and the last trick read out.
    HELP = "help"
    CLOSE_HELP = "close-help"
    LAST_TRICK = "last-trick"
    #: The review of a game (from its last screen, or of the replay shown): start it, cancel it,
    #: go to the next or previous mistake, a position of its graph (``data-at``), the better
    #: action shown on the table and back.
    REVIEW = "review"
    REVIEW_CANCEL = "review-cancel"
    NEXT_MISTAKE = "next-mistake"
    PREV_MISTAKE = "prev-mistake"
    JUMP = "jump"
    SHOW_BETTER = "show-better"
    BACK_TO_GAME = "back-to-game"
    #: Learning from the review's mistakes (:mod:`farfalia.ui.practice`): begin, the answer shown,
    #: on to the next mistake (skipping the one under way), every mistake again, and back to the review.
    PRACTISE = "practise"
    PRACTICE_ANSWER = "practice-answer"
    PRACTICE_NEXT = "practice-next"
    PRACTICE_AGAIN = "practice-again"
    PRACTICE_LEAVE = "practice-leave"
    #: A game's lesson (``data-game``): open it (resumed where it was left), its next part, from
    #: its beginning again, and leave it (kept).
    LEARN = "learn"
    LESSON_NEXT = "lesson-next"
    LESSON_RESTART = "lesson-restart"
    LESSON_LEAVE = "lesson-leave"


#: The attribute of a card or button that plays an action (its notation).
ACTION_ATTRIBUTE: Final = "data-action"
#: The attribute of a button that runs a :class:`Command` or a viewer move.
COMMAND_ATTRIBUTE: Final = "data-command"
#: The attribute of a settings field: the setting it changes (see :class:`farfalia.ui.controller.Preferences`).
SETTING_ATTRIBUTE: Final = "data-setting"
#: The attribute of a saved game's buttons: its slot (see :mod:`farfalia.ui.saves`).
SLOT_ATTRIBUTE: Final = "data-slot"
#: The attribute of a first screen's button: the game it is for.
GAME_ATTRIBUTE: Final = "data-game"
#: The attribute of a graph's bar: the position it goes to.
AT_ATTRIBUTE: Final = "data-at"
#: The attribute of an unplayable card that says why.
REASON_ATTRIBUTE: Final = "data-reason"
EMBED_PAGE: Final = "embed"


def dataset_key(attribute: Data) -> str:
    """The JavaScript ``dataset`` key of a data attribute (``think-count`` → ``thinkCount``)."""
    head, *rest = attribute.value.split("-")
    return head + "".join(part.title() for part in rest)
