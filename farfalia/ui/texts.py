"""Every string the game shows a player, in one place: English here, the other languages
of the rulebook in gettext catalogs (``locale/*.po``, compiled by ``tools/catalogs.py``
into ``farfalia/locale/*.mo``; see :mod:`farfalia.ui.language`).

Each message is looked up by its key, the catalogs' ``msgctxt``; its English text is the
``msgid``. A message with plural forms is a pair (one, other) read with :func:`plural_text`.
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence

from farfalia.engine.actions import NO_TRUMP_SUIT, Action
from farfalia.engine.cards import FAMILY_NAMES, FAMILY_OF, FIRST_WILD, NUMBER_OF, SUIT_NAMES, SUIT_OF
from farfalia.engine.errors import FarfaliaError, Message, SessionError
from farfalia.engine.papillon.rules import PAPILLON_SETTINGS_PROBLEMS
from farfalia.engine.rules import SETTINGS_PROBLEMS
from farfalia.records.papillon_scenario import PAPILLON_PROBLEMS
from farfalia.records.replay import REPLAY_PROBLEMS
from farfalia.records.scenario import PROBLEMS

TEXT: dict[str, str | tuple[str, str]] = {
    "title": "Farfalia",
    "mode": "Game",
    "pace": "Bot speed",
    "level": "Bots",
    "level.strong": "Strong (thinks up to a second)",
    "level.quick": "Quick (rules of thumb)",
    "hint": "Hint",
    "hint-thinking": "Looking for a good move…",
    "hint-is": "Hint: {action}",
    "seed": "Seed (optional)",
    "mode.basic5": "Farfalia (5 players, 3 hands)",
    "mode.chinkway10": "Chinkway! (5 players, 10 + 1 hands)",
    "mode.chinkway5": "Chinkway! (5 players, 5 hands)",
    "mode.four": "Farfalia for four (partners)",
    "mode.three": "Farfalia for three (with a dummy)",
    "mode.three-short": "Farfalia for three, short game",
    "mode.two": "Farfalia for two (two dummies)",
    "variant.double-you": "Double You",
    "variant.burning": "Burnin' Down the House",
    "seat.human": "Human",
    "seat.bot": "Bot",
    "pace.slow": "Slow",
    "pace.normal": "Normal",
    "pace.fast": "Fast",
    "pace.instant": "Instant",
    "dealer.random": "Random",
    "start": "Start",
    "saved-games": "Saved games",
    "resume": "Resume",
    "delete-save": "Delete",
    "delete-confirm": "Delete this game for good?",
    "keep-save": "Keep it",
    "game-elsewhere": "This game is open in another tab. Close it there to play it here.",
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
    "resume-label": "{mode}, hand {number} of {total}",
    "resume-label-target": "{mode}, hand {number}",
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
    "editor-help": "Give each hand its cards: type them (R3 G12 O7) or choose a hand and click cards below. "
    "Then play on from the table on the right, or type the plays (B3 B5 pick:B5).",
    "editor-hand": "Cards of {name}",
    "editor-hands": "Hands",
    "editor-picker": "Cards: click one to give it to the chosen hand, again to take it back",
    "editor-unheld": "in no hand",
    "editor-proposal": "Proposal (five of R G B O F)",
    "editor-discards": "Dealer's discards ({count})",
    "editor-trump": "Trump",
    "editor-trump.unset": "Choose…",
    "editor-trump.R": "Red",
    "editor-trump.G": "Green",
    "editor-trump.B": "Blue",
    "editor-trump.O": "Orange",
    "editor-trump.none": "No trump",
    "editor-wild": "Wild card of {name}",
    "editor-double": "{name} doubles",
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
    "editor-hand-over": "Ready: the hand is over.",
    "editor-edit": "Edit this situation",
    "play-from-here": "Play from here",
    "decision.play": "play",
    "decision.play-dummy": "play for the dummy",
    "decision.pick": "take a card or none",
    "decision.discard": "discard",
    "decision.trump": "name trump",
    "decision.double-you": "double or not",
    "show-cards": "Show my cards",
    "cover": "Pass the device to {name}.",
    "dummy-of": "Dummy of {name}",
    "default-name": "Player {number}",
    "trump": "Trump",
    "no-trump": "No trump",
    "proposal": "Proposal",
    "dealer": "Dealer",
    "cards-left": ("{count} card", "{count} cards"),
    "points": "{points} pts",
    "hand-number": "Hand {number}",
    "trick": "Trick",
    "played-by": "played by {name}",
    "last-trick": "Last trick: {name}",
    "won": "won the trick",
    "taken": "taken for the collection",
    "turn.double-you": "Your turn: play a wild card to double your score this hand? You have {left} left.",
    "turn.discard": "Your turn: set aside a card ({left} to go).",
    "turn.trump": "Your turn: choose trump.",
    "turn.play": "Your turn: play a card.",
    "turn.play-dummy": "Your turn: play a card for your dummy.",
    "turn.pick": "Your turn: take one card for your side's collection, or none.",
    "sides": "Sides: {sides}.",
    "and": "and",
    "and-against": "and against",
    "you-play-with": "You play with {partners} against {opponents}.",
    "you-play-alone": "You play alone against {opponents}.",
    "side-needs": "Your side needs: {families}.",
    "side-complete": "Your side has every card the proposal asks for.",
    "notice.double-hand": "Last hand: every score counts double.",
    "notice.butterfly-no-trump": "No trump this hand: the first subject card is a butterfly.",
    "notice.no-trump": "No trump this hand.",
    "notice.no-picks": "No card is taken from the first {tricks} tricks.",
    "trick-won": "{name} won the trick.",
    "trick-won-taken": "{name} won the trick and took the {card}.",
    "you-won": "You won!",
    "you-won-with": "You won, with {names}!",
    "you-lost": "You lost: {names} won.",
    "doubled-mark": "×2",
    "team": "team {letter}",
    "waiting": "{name} is thinking…",
    "action.double": "Double my score",
    "action.decline": "Not this hand",
    "action.pass": "Take none",
    "action.trump": "Trump {suit}",
    "action.notrump": "No trump",
    "action.play": "Play {card}",
    "action.pick": "Take {card}",
    "action.discard": "Set aside {card}",
    "reason.follow-suit": "You must follow {suit}.",
    "reason.wild-lead": "A wild card cannot lead a trick.",
    "reason.burnt": "Burnt by a wild card: it cannot be taken.",
    "reason.side-full": "Your side already has every {family} the proposal asks for.",
    "reason.not-wanted": "The proposal shows no {family}.",
    "hand-over": "End of hand {number}",
    "side-collected": "{names}: {count} of 5 ({cards}) — {points}",
    "point-count": ("{count} point", "{count} points"),
    "proposal-was": "Proposal: {families}.",
    "nothing": "nothing",
    "missing": "Missing: {families}.",
    "doubled": "doubled",
    "game-over": "Game over",
    "winners": "Winners: {names}",
    "winner": "Winner: {names}",
    "total": "Total",
    "partnership-total": "Partnership",
    "winners-side": "Winners: {names}, the partnership with {points} points",
    "error": "Something went wrong: {error}",
    "burnt": "burnt",
    "face-down": "face-down card",
    "hand-of": "Hand of {name}",
    "collection-of": "Collection of {name}",
    "replay": "Replay",
    "view": "View",
    "view.all": "All hands open",
    "position": "Action {at} of {total}",
    "step.first": "To the start",
    "step.prev-hand": "Previous hand",
    "step.prev-trick": "Previous trick",
    "step.prev": "Previous action",
    "step.next": "Next action",
    "step.next-trick": "Next trick",
    "step.next-hand": "Next hand",
    "step.last": "To the end",
    "share": "Share",
    "export": "Save as a file",
    "import": "Open a replay file:",
    "seek": "Position in the game",
    "share-note": "This link replays the game so far: the finished hands only, never the hand in progress.",
    "share-none": "Nothing to share yet: the first hand is still being played.",
    "bad-link": "This link does not hold a Farfalia game that can be shown: {error}.",
    "account.header": "{mode}, {origin}: {names}",
    "account.seed": "seed {seed}",
    "account.finished": "finished hands",
    "account.hand": "Hand {number}: {dealer} deals, {trump}, proposal {proposal}",
    "account.trump": "trump {suit}",
    "account.trick": "  trick {number}: {played}; {winner} wins{pick}",
    "account.picks": ", picks {card}",
    "account.points": "  points: {scores}",
    "account.in-progress": "In progress: hand {number}, {actions} actions",
    "account.totals": "Totals: {scores}",
    "language": "Language",
    "suit.red": "red",
    "suit.green": "green",
    "suit.blue": "blue",
    "suit.orange": "orange",
    "family.strawberry": "strawberry",
    "family.leaf": "leaf",
    "family.fish": "fish",
    "family.seashell": "seashell",
    "family.butterfly": "butterfly",
    "family-count.strawberry": ("{count} strawberry", "{count} strawberries"),
    "family-count.leaf": ("{count} leaf", "{count} leaves"),
    "family-count.fish": ("{count} fish", "{count} fishes"),
    "family-count.seashell": ("{count} seashell", "{count} seashells"),
    "family-count.butterfly": ("{count} butterfly", "{count} butterflies"),
    "card": "{suit} {number}, {family}",
    "wild-card": "wild card, {family}",
    "wild-letter": "W",
    "dealer-letter": "D",
    # What a screen reader hears as the game goes on (farfalia/ui/announce.py).
    "embed-lang": "Language",
    "embed-lang.reader": "The reader's",
    # Shown before Python runs (assets/loader.js; the build writes them into assets/texts.js).
    "loader.loading": "Loading Python…",
    "loader.failed": "The game could not start: {reason}. Reload the page to try again.",
    "loader.script-failed": "a script failed to load",
    "loader.too-long": "Python took too long to load",
    "update.ready": "A new version of the game is ready.",
    "update.reload": "Reload",
    "say.play": "{name} plays {card}.",
    "say.wins": "{name} wins the trick.",
    "say.takes": "{name} takes {card}.",
    "say.takes-nothing": "{name} takes nothing from the trick.",
    "say.discard": "{name} sets a card aside.",
    "say.trump": "{name} names {suit} as trump.",
    "say.no-trump": "{name} chooses to play without trump.",
    "say.doubles": "Doubling this hand: {names}.",
    "say.no-doubles": "Nobody doubles this hand.",
    "say.hand": "Hand {number}.",
    "say.hand-over": "Hand {number} is over.",
    "say.game-over": ("The game is over: {names} wins.", "The game is over: {names} win."),
    "say.tricks-played": ("{count} trick played.", "{count} tricks played."),
    "say.trump-is": "Trump: {suit}.",
    "say.trump-none": "No trump this hand.",
    "playable": "could be played",
    "no-last-trick": "No trick has been played yet this hand.",
    "card-by": "{card} by {name}",
    "last-trick-line": "Last trick: {plays}. {won}",
    "keys": "Keys",
    "keys-title": "Keyboard",
    "key.cards": "Left and right arrows: the previous or next playable card; Home and End: the first or last.",
    "key.every-card": "Up and down arrows: every card, the unplayable ones too (their reason shows).",
    "key.play": "Enter or Space: play the card, or press the button, that has the focus.",
    "key.help": "This list of keys.",
    "key.hint": "A hint for your decision.",
    "key.sheet": "The score sheet.",
    "key.last-trick": "Read out the last trick.",
    "key.settings": "The settings.",
    "key.escape": "Close the open panel.",
    "pa.key.play": "Enter or Space: pick up the card (a card with one use is played), or press the button, "
    "that has the focus.",
    "pa.key.escape": "Close the open panel, or put back the card picked up.",
    "key-enter": "Enter",
    "key-escape": "Esc",
    # Papillon: the start screen, the table, the bar's choices and the round's end.
    "game-choice": "Card game",
    "game.farfalia": "Farfalia",
    "game.papillon": "Papillon",
    "pa.title": "Papillon",
    "pa.players": "Players",
    "pa.players-count": "{count} players",
    "pa.two-against-one": "Two against one (three players)",
    "pa.forced-capture": "Captures are forced",
    "pa.rounds": "Rounds",
    "pa.rounds.both": "Blue, then orange (a whole game)",
    "pa.rounds.blue": "The blue round only (practice)",
    "pa.rounds.orange": "The orange round only (practice)",
    "pa.card": "{number} of {family}",
    "pa.orange-back": "orange back",
    "pa.place.A1": "the first starting pile",
    "pa.place.A2": "the second starting pile",
    "pa.place.sequence": "sequence {number}",
    "pa.place.sign": "the sign of sequence {number}",
    "pa.place.C": "the centre",
    "pa.centre-short": "Centre",
    "pa.start-short": "Start {number}",
    "pa.sequence-short": "Seq. {number}",
    "pa.sign-short": "Sign {number}",
    "pa.clockwise": "Play clockwise",
    "pa.counterclockwise": "Play counter-clockwise",
    "pa.draw-three": "Draw 3 cards",
    "pa.partners": "Partners: {names}",
    "pa.place": "{card} on {place}",
    "pa.place-as": "{card} as a {number} on {place}",
    "pa.chrysalide": "Play the Chrysalide: the direction of play reverses",
    "pa.lay": "Lay {card} on the table",
    "pa.papillon-takes": "The Papillon takes every table card: {cards}",
    "pa.take": "Take {cards} ({equation})",
    "pa.play-take": "Play {played}, take {cards} ({equation})",
    "pa.drop": "Put the card back",
    "pa.told.clockwise": "{name} chooses to play clockwise.",
    "pa.told.counterclockwise": "{name} chooses to play counter-clockwise.",
    "pa.told.draw-three": "{name} draws 3 cards.",
    "pa.told.partners": "{name} chooses as partners: {names}.",
    "pa.told.place": "{name} places {card} on {place}.",
    "pa.told.place-as": "{name} places {card} as a {number} on {place}.",
    "pa.told.chrysalide": "{name} plays the Chrysalide: the direction of play reverses.",
    "pa.told.lay": "{name} lays {card} on the table.",
    "pa.told.papillon-takes": "{name} plays the Papillon, which takes every table card: {cards}.",
    "pa.told.play-take": "{name} plays {played} and takes {cards} ({equation}).",
    "pa.task.blue": "Your turn: pick a card to capture with, or to lay on the table.",
    "pa.task.orange": "Your turn: pick a card to place.",
    "pa.task.direction": "Your turn: choose the direction of play.",
    "pa.task.partners": "Your turn: choose your partners.",
    "pa.task.attacked": "The Chat Noir attacks you: counter with a Papillon, or draw 3 cards.",
    "pa.task.attacked-forced": "The Chat Noir attacks you: with no Papillon to counter with, draw 3 cards.",
    "pa.task.picked": "{card}: choose what it does.",
    "pa.waiting": "{name} is playing…",
    "pa.information": "The round",
    "pa.round.blue": "Blue round",
    "pa.round.orange": "Orange round",
    "pa.deal": "deal {number}",
    "pa.tour": "tour {number}",
    "pa.carnage": "Carnage",
    "pa.direction.cw": "clockwise",
    "pa.direction.ccw": "counter-clockwise",
    "pa.die": "a die showing {value}",
    "pa.undealt": "To deal: {count}",
    "pa.draw-pile": "Draw pile: {count}",
    "pa.draw-short": "Pile {count}",
    "pa.scores": "Scores",
    "pa.cards": "{count} in hand",
    "pa.pile-size": ("{count} card", "{count} cards"),
    "pa.pile": "{count} taken",
    "pa.to-play": "to play",
    "pa.table": ("The table: {count} card", "The table: {count} cards"),
    "pa.table-empty": "The table is empty",
    "pa.layout": "The orange layout",
    "pa.empty": "empty",
    "pa.hand-of": "{name}'s hand",
    "pa.resume-label.blue": "Papillon for {players}: the blue round",
    "pa.resume-label.orange": "Papillon for {players}: the orange round",
    "pa.round-over.blue": "The blue round is over",
    "pa.round-over.orange": "The orange round is over",
    "pa.detail.line": "{who}: {parts} = {total}",
    "pa.detail.taken": ("{count} card taken, worth {points}", "{count} cards taken, worth {points}"),
    "pa.detail.most": "most cards +10",
    "pa.detail.yin-yang": "Yin and Yang +30",
    "pa.detail.yin-or-yang": "Yin or Yang +10",
    "pa.detail.chat-noir": "Chat Noir {points}",
    "pa.detail.ambulance": "ambulance {points}",
    "pa.detail.left": ("{count} card left in hand, worth {points}", "{count} cards left in hand, worth {points}"),
    "pa.detail.loses": "{who} loses {points}: {parts}",
    "pa.detail.together": "{names} together: {total}",
    "pa.detail.tours": "tours others won {points}",
    "pa.detail.couteau": "Couteau Suisse's rolls {points}",
    "pa.score": "{name}: {points}",
    "pa.new-cards": "New in your hand: {cards}.",
    "pa.share-note": "This link replays the game so far: the finished rounds only, never the round in progress.",
    "pa.share-none": "Nothing to share yet: the first round is still being played.",
    "pa.editor-help": "Set up a practice round: give each hand, and the table or the starting cards, their cards: "
    "type them (E5 S11 CN for the blue deck, E5o for the orange) or choose a hand and click cards below. "
    "Then play on with the plays that may follow, or type them (MO+YIxCN+E10, D5o@A1).",
    "pa.not-a-card": "{name}: {word} is not a card of this round's deck "
    "(e.g. E5, S11, CN; E5o, CNo in the orange round)",
    "pa.not-a-play": "{word} is not a play (e.g. MO+YIxCN+E10, E7, D5o@A1)",
    "pa.editor-middle.blue": "The table",
    "pa.editor-middle.orange": "The starting cards",
    "pa.editor-starter": "Wins the starting roll",
    "pa.editor-direction": "Direction of play",
    "pa.editor-partners": "The winner's partners",
    "pa.editor-next": "Plays that may follow",
    "pa.editor-more": "The likeliest {shown} of {total} plays: type any other in the plays above.",
    "pa.more-choices": "The likeliest {shown} of {total} plays of this card.",
    "pa.crowded-choices": "The likeliest {shown} plays of this card: the table offers too many to list them all.",
    "pa.editor-crowded": "The likeliest {shown} plays: the table offers too many to list; type any other above.",
    "pa.editor-over": "Ready: the round is over.",
    "pa.decision.blue": "capture or lay a card",
    "pa.decision.orange": "place a card",
    "pa.decision.attacked": "counter the Chat Noir or draw 3 cards",
    "pa.step.prev-hand": "Previous round",
    "pa.step.prev-trick": "Previous turn",
    "pa.step.next-trick": "Next turn",
    "pa.step.next-hand": "Next round",
    # The scenario editor's reasons: its own, then every one of farfalia.records.scenario.PROBLEMS.
    "problem.not-a-card": "{name}: {word} is not a card (e.g. B11, R3)",
    "problem.not-a-play": "{word} is not a play (e.g. B3, pick:B5)",
    "problem.link-long": "a link is at most {limit} characters; this one has {length}",
    "problem.link-empty": "the link holds no replay",
    "problem.link-controls": "controls are 0 or 1, not {value}",
    "problem.link-theme": "unknown theme {value}; themes: {themes}",
    "problem.link-position": "the link's position is not a number: {value}",
    "problem.link-view": "the link's view is not a number: {value}",
    **{
        f"problem.{key}": english
        for key, english in (
            PROBLEMS | PAPILLON_PROBLEMS | REPLAY_PROBLEMS | SETTINGS_PROBLEMS | PAPILLON_SETTINGS_PROBLEMS
        ).items()
    },
}


#: The catalog in use: English (no translation) until :func:`use_catalog` sets another.
_catalog: gettext.NullTranslations = gettext.NullTranslations()


def use_catalog(catalog: gettext.NullTranslations) -> gettext.NullTranslations:
    """Speak the language of ``catalog`` from now on (see :func:`farfalia.ui.language.set_language`);
    the catalog spoken until now."""
    global _catalog
    before, _catalog = _catalog, catalog
    return before


def text(key: str, **values: object) -> str:
    """The message ``key`` in the current language, with ``values`` filled in."""
    english = TEXT[key]
    assert isinstance(english, str), f"{key} has plural forms: use plural_text"
    return _catalog.pgettext(key, english).format(**values)


def plural_text(key: str, count: int, **values: object) -> str:
    """The message ``key`` in the plural form for ``count`` (filled in as ``{count}``)."""
    forms = TEXT[key]
    assert isinstance(forms, tuple), f"{key} has no plural forms: use text"
    one, other = forms
    return _catalog.npgettext(key, one, other, count).format(count=count, **values)


def suit_text(suit: int) -> str:
    """A suit's name: "red"."""
    return text(f"suit.{SUIT_NAMES[suit]}")


def family_text(family: int) -> str:
    """A family's name: "strawberry"."""
    return text(f"family.{FAMILY_NAMES[family]}")


def count_text(family: int, count: int) -> str:
    """``count`` cards of a family in words: "1 leaf", "2 leaves"."""
    return plural_text(f"family-count.{FAMILY_NAMES[family]}", count)


def points_text(count: int) -> str:
    """Points in words: "1 point", "15 points"."""
    return plural_text("point-count", count)


def join_names(names: Sequence[str]) -> str:
    """Names in a sentence: "Anna", "Anna and Bea", "Anna, Bea and Carl"."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {text('and')} " + names[-1]


def seat_label(names: Sequence[str], seat: int, controller: int, dummy: bool) -> str:
    """A seat's display name: its player's, or "Dummy of …" (the one way seats are named)."""
    return text("dummy-of", name=names[controller]) if dummy else names[seat]


def action_text(action: Action) -> str:
    """An action in words, e.g. ``Play blue 11, fish`` or ``Trump red``."""
    suit = action.trump
    if suit is not None:
        return text("action.notrump") if suit == NO_TRUMP_SUIT else text("action.trump", suit=suit_text(suit))
    if action.card is not None:
        return text(f"action.{action.kind}", card=card_text(action.card))
    return text(f"action.{action.kind}")


def card_text(code: int) -> str:
    """A card's accessible name, e.g. ``blue 11, fish`` or ``wild card, butterfly``."""
    family = family_text(FAMILY_OF[code])
    if code >= FIRST_WILD:
        return text("wild-card", family=family)
    return text("card", suit=suit_text(SUIT_OF[code]), number=NUMBER_OF[code], family=family)


def message_text(message: object) -> str:
    """A message in the language spoken: a keyed :class:`~farfalia.engine.errors.Message`
    through the catalogs (its mode named, its reason worded from its code), anything else as it is."""
    if not isinstance(message, Message) or f"problem.{message.key}" not in TEXT:
        return str(message)
    values = dict(message.values)
    if "mode" in values:  # a Farfalia mode, or a game of the site named alone
        named = next((key for key in (f"mode.{values['mode']}", f"game.{values['mode']}") if key in TEXT), None)
        values["mode"] = text(named) if named else str(values["mode"])
    code, card, led, error = (values.get(name) for name in ("code", "card", "led", "error"))
    if isinstance(code, str) and isinstance(card, int):
        values["reason"] = reason_text(code, card, led if isinstance(led, int) else None)
    if isinstance(error, FarfaliaError):
        values["error"] = error_text(error)
    return text(f"problem.{message.key}", **values)


def error_text(error: FarfaliaError) -> str:
    """An error's message in the language spoken (where it is a keyed one)."""
    return message_text(error.args[0]) if error.args else str(error)


def error_note(error: FarfaliaError) -> str:
    """What the note line says of a refused command: a click out of turn (a
    :class:`~farfalia.engine.errors.SessionError`, already a sentence) as it is, anything else as a fault."""
    return error_text(error) if isinstance(error, SessionError) else text("error", error=error_text(error))


def reason_text(reason: str, card: int, led: int | None) -> str:
    """Why ``card`` cannot be played or taken, from a reason code of
    :meth:`farfalia.engine.game.Game.play_reasons` or :meth:`~farfalia.engine.game.Game.pick_reasons`."""
    return text(f"reason.{reason}", suit=suit_text(led) if led is not None else "", family=family_text(FAMILY_OF[card]))
