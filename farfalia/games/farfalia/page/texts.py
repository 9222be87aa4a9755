"""Farfalia's own words (the catalogs translate them): its modes and variants, suits and families,
cards and actions, tricks and hands, the reasons a card cannot be played, the screen reader's
sentences, and its faults."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from farfalia.games.farfalia.engine.actions import NO_TRUMP_SUIT, Action
from farfalia.games.farfalia.engine.cards import FAMILY_NAMES, FAMILY_OF, FIRST_WILD, NUMBER_OF, SUIT_NAMES, SUIT_OF
from farfalia.games.farfalia.engine.rules import SETTINGS_PROBLEMS
from farfalia.games.farfalia.page.first_screen import FARFALIA_FIRST_TEXTS, name_mode
from farfalia.games.farfalia.records.replay import FARFALIA_REPLAY_PROBLEMS
from farfalia.games.farfalia.records.scenario import PROBLEMS
from farfalia.ui.texts import plural_text, text

#: Farfalia's messages, by key (the catalogs' ``msgctxt``), in English.
FARFALIA_TEXTS: Final[dict[str, str | tuple[str, str]]] = {
    **FARFALIA_FIRST_TEXTS,
    "resume-label": "{mode}, hand {number} of {total}",
    "resume-label-target": "{mode}, hand {number}",
    "editor-help": "Give each hand its cards: type them (R3 G12 O7) or choose a hand and click cards below. "
    "Then play on from the table on the right, or type the plays (B3 B5 pick:B5).",
    "editor-proposal": "Proposal (five of R G B O F)",
    "editor-discards": "Dealer's discards ({count})",
    "editor-trump.unset": "Choose…",
    "editor-trump.R": "Red",
    "editor-trump.G": "Green",
    "editor-trump.B": "Blue",
    "editor-trump.O": "Orange",
    "editor-trump.none": "No trump",
    "editor-wild": "Wild card of {name}",
    "editor-double": "{name} doubles",
    "editor-hand-over": "Ready: the hand is over.",
    "decision.play": "play",
    "decision.play-dummy": "play for the dummy",
    "decision.pick": "take a card or none",
    "decision.discard": "discard",
    "decision.trump": "name trump",
    "decision.double-you": "double or not",
    "dummy-of": "Dummy of {name}",
    "trump": "Trump",
    "trump-suit": "Trump: {suit}",
    "no-trump": "No trump",
    "proposal": "Proposal",
    "cards-left": ("{count} card", "{count} cards"),
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
    "you-lost": ("You lost: {names} won.", "You lost: {names} won."),
    "doubled-mark": "×2",
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
    "missing": "Missing: {families}.",
    "doubled": "doubled",
    "partnership-total": "Partnership",
    "winners-side": "Winners: {names}, the partnership with {points} points",
    "burnt": "burnt",
    "face-down": "face-down card",
    "hand-of": "Hand of {name}",
    "collection-of": "Collection of {name}",
    "share-none": "Nothing to share yet: the first hand is still being played.",
    "account.header": "{mode}, {origin}: {names}",
    "account.finished": "finished hands",
    "account.hand": "Hand {number}: {dealer} deals, {trump}, proposal {proposal}",
    "account.trump": "trump {suit}",
    "account.trick": "  trick {number}: {played}; {winner} wins{pick}",
    "account.picks": ", picks {card}",
    "account.points": "  points: {scores}",
    "account.in-progress": "In progress: hand {number}, {actions} actions",
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
    "key.last-trick": "Read out the last trick.",
    # The lesson (farfalia/games/farfalia/page/lesson.py): its parts' titles, then what it says as each
    # new thing first matters, by part.
    "lesson.fa.hand": "a hand for five",
    "lesson.fa.lead": "You are Barbara, at a table of five. Andrew deals: ten cards to each of you, twelve to "
    "himself; he set two aside unseen and named orange trump. Then the proposal was turned: a butterfly, two "
    "strawberries, a fish and a seashell, the cards the magazine wants this hand. The dealer plays alone; you "
    "play with Daniel against Carl and Emma. You sit at the dealer's left, so you lead the first trick: play "
    "the marked 3 of blue.",
    "lesson.fa.follow": "Daniel's 11 of blue, the highest card of the suit led, won the first trick, and he set it "
    "aside for your side: the proposal wants a fish. Now he led green. You hold green, so you must follow "
    "suit: only your green cards can be played.",
    "lesson.fa.trump": "Emma's 13 of green won that trick; none of its cards matched the proposal, so nobody took "
    "one. Now she led blue and you hold none: you may play any card. Orange is trump, and a trump beats "
    "every card of another suit: play your 7 of orange.",
    "lesson.fa.pick": "Your 7 of orange, the highest trump, won the trick. Set aside one of its cards for your "
    "side, if the proposal wants it: a seashell, or the red 10, which shows a butterfly (an 8, 10 or 12 "
    "counts only as a butterfly). Not a fish: your side holds the proposal's only fish already, and a side "
    "never holds more cards of a family than the proposal shows. Take the red 10.",
    "lesson.fa.own-way": "The winner leads the next trick. From here the hand is yours: play any card the rules "
    "allow (the marked one is the rulebook example's), and see what your side collects.",
    "lesson.fa.scoring": "The hand is over. Each side counts the cards it set aside: 1, 3, 6, 10 or 15 points for "
    "1 to 5 of them. Both partners score their side's points; the dealer scores alone. A game for five has "
    "three hands, each with a new dealer and new partners; the third counts double, and the two highest "
    "totals win together.",
    "lesson.fa.dummy": "the dummy",
    "lesson.fa.dummy-deal": "With three players the dealer, you, Ada, plays with a dummy opposite: six cards face "
    "down, six face up on them, a seventh face up. First name trump: no trump, the marked choice.",
    "lesson.fa.dummy-card": "Bruno led the 13 of red. You choose the dummy's cards, from its face-up ones only. "
    "Its reds lie face down, so it need not follow red: play the dummy's 1 of green.",
    "lesson.fa.dummy-uncovered": "The card under the dummy's 1 of green is uncovered, but it stays face down until "
    "the trick is over. Now play your own card.",
    "lesson.fa.dummy-turn": "The dummy's turn again: you play it, from its face-up cards. Play the marked card.",
    "lesson.fa.own-turn": "Your own turn: play the marked card from your hand.",
    "lesson.fa.dummy-pick": "The dummy won this trick. As its partner you set aside the card for your side and "
    "keep it in front of you, and you choose the dummy's lead to the next trick.",
    "lesson.fa.dummy-end": "That is the dummy: its partner plays it and keeps what it takes. Farfalia for two "
    "gives each player a dummy too.",
    "lesson.fa.double-you": "Double You, in short",
    "lesson.fa.double": "Double You is a variant. Everyone receives two wild cards at the start of the game, and "
    "before a hand is dealt each may spend one to double his own score for that hand (four times in the "
    "last hand of a game for five); the player with the highest total may not, unless all are equal. Double "
    "this hand: the marked choice.",
    "lesson.fa.double-end": "You and Emma doubled. In this hand, the rulebook's example, you would score 12 "
    "instead of 6, Emma 20 instead of 10.",
    "lesson.fa.burning": "Burnin' Down the House, in short",
    "lesson.fa.burn": "Burnin' Down the House is a variant: everyone but a dummy is dealt one wild card a hand. "
    "It may be played at any time but never led, and it never wins. Play your fish wild card: every fish of "
    "the trick burns and cannot be taken.",
    "lesson.fa.burn-end": "Dario won with the 9 of blue, and only the 8 of blue, a butterfly, could be taken: "
    "the fishes burned. As the tricks are as many as before, everyone ends the hand with one card unplayed.",
    "editor-trump": "Trump",
    **{f"problem.{key}": english for key, english in (PROBLEMS | SETTINGS_PROBLEMS | FARFALIA_REPLAY_PROBLEMS).items()},
}


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


def reason_text(reason: str, card: int, led: int | None) -> str:
    """Why ``card`` cannot be played or taken, from a reason code of
    :meth:`farfalia.games.farfalia.engine.game.Game.play_reasons` or
    :meth:`~farfalia.games.farfalia.engine.game.Game.pick_reasons`."""
    return text(f"reason.{reason}", suit=suit_text(led) if led is not None else "", family=family_text(FAMILY_OF[card]))


def word_values(values: dict[str, object]) -> None:
    """A message's values in words: its mode named (``mode``), its reason worded from its code
    (``code``, ``card``, ``led``: a scenario's refused play)."""
    name_mode(values)
    code, card, led = values.get("code"), values.get("card"), values.get("led")
    if isinstance(code, str) and isinstance(card, int):
        values["reason"] = reason_text(code, card, led if isinstance(led, int) else None)
