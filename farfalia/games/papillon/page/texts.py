"""Papillon's own words (the catalogs translate them): its table, its cards and places, every
decision as offered and as taken, its rounds' scores, its editor, and its faults."""

from __future__ import annotations

from typing import Final

from farfalia.games.papillon.engine.position import POSITION_PROBLEMS
from farfalia.games.papillon.engine.rules import PAPILLON_SETTINGS_PROBLEMS
from farfalia.games.papillon.page.first_screen import PAPILLON_FIRST_TEXTS
from farfalia.games.papillon.records.scenario import PAPILLON_PROBLEMS

#: Papillon's messages, by key (the catalogs' ``msgctxt``), in English.
PAPILLON_TEXTS: Final[dict[str, str | tuple[str, str]]] = {
    "pa.account.header": "Papillon for {players}, {origin}: {names}",
    "pa.account.finished": "finished rounds",
    "pa.key.play": "Enter or Space: pick up the card (a card with one use is played), or press the button, "
    "that has the focus.",
    "pa.key.escape": "Close the open panel, or put back the card picked up.",
    **PAPILLON_FIRST_TEXTS,
    # The lesson (farfalia/games/papillon/page/lesson.py): its parts' titles, then what it says as each
    # new thing first matters, by part.
    "lesson.pa.blue": "the blue round: capturing",
    "lesson.pa.sign": "You are Anna, against Marc, in the blue round: you capture cards for your pile. On the "
    "table lie the Chat Noir (22) and a 10. The result of a capture always comes from your hand. With a "
    "sign, one operation takes cards: play your Moins and your Yin (12) to take the Chat Noir and the 10, "
    "since 22 − 10 = 12. The Chat Noir taken on purpose is worth 30 points to your pile.",
    "lesson.pa.lay": "The table was empty, so Marc laid a card down. You need not capture: you may always lay "
    "one card face up on the table instead. Lay down your 6 of Formes.",
    "lesson.pa.sum": "Marc's 11 took your 6 and his 5: one card from the hand takes table cards whose numbers "
    "add up to its own. Lay down your 3 of Éléments.",
    "lesson.pa.match": "Marc's 3 took your 3: a card takes a card of the same number. Each 3 is worth 10 points "
    "in the pile, and so is the Dragon, the 7 of Serpents. Lay down your 2 of Formes.",
    "lesson.pa.papillon": "Marc laid down his 9. Your Papillon takes every card on the table, whatever their "
    "numbers: play it. On an empty table it would simply lie down.",
    "lesson.pa.couteau": "Marc laid the Dragon down. Your Couteau Suisse is a joker, any number from 0 to 11: take "
    "the Dragon with it, as a 7.",
    "lesson.pa.blue-own-way": "The dealer dealt again onto the same table. From here the round is yours: play "
    "any move the rules allow (the marked one is the example's). When the last deal is played out, whoever "
    "captured last takes the cards left on the table.",
    "lesson.pa.blue-scoring": "The blue round is scored. Each pile counts 10 points for each 3, for the Dragon and "
    "for each atout but the Chat Noir; the Yin and the Yang 10 points alone, 30 together; the Chat Noir +30 "
    "taken on purpose, −30 taken by the Papillon or the last sweep; and 10 more for the most cards. A side "
    "with no points or fewer receives 10 from each opponent: the ambulance.",
    "lesson.pa.orange": "the orange round: shedding",
    "lesson.pa.place": "The orange round: now you want to get rid of your cards. Two starting cards were "
    "turned, a 5 and an 8, each with two sequences beside it and a place for a sign beside each sequence. On "
    "a starting card only the same number goes; on a sequence, the same number as its top card, one more or "
    "one less (its first card counts from the starting card). Marc placed a 5 on the 5, then a 6 beside it. "
    "Place your 6 on his 6.",
    "lesson.pa.second": "You place one card, then a second if one goes. Place your 7 on the 6: sequences go up or "
    "down as the players like.",
    "lesson.pa.chat-noir": "Marc laid his Moins beside that sequence: from now on only the same number or one less "
    "goes there. The Chat Noir, the Papillon and the Chrysalide go in the centre. Place your Chat Noir: "
    "Marc, who plays next, must draw three cards before he plays, unless he counters with a Papillon.",
    "lesson.pa.nine": "Then a second card: your 9 beside the starting 8.",
    "lesson.pa.orange-own-way": "Marc countered at once with his Papillon: you, the attacker, drew six cards, and "
    "his turn ended. From here the round is yours. If no card of yours goes anywhere, you draw one. When a "
    "player has placed all his cards, each opponent takes 20 penalty points (30 in the last tour), and a new "
    "hand is dealt to everyone: the next tour.",
    "lesson.pa.orange-scoring": "The orange round is scored: each player adds his penalty points to the numbers of "
    "the cards left in his hand (the Chat Noir costs 22, the Chenille 1, the Yin and the Yang 12 each, the "
    "other atouts nothing). Low is good. The game's score is the blue round's points minus the orange "
    "round's, and the highest wins.",
    "lesson.pa.counter": "countering after drawing",
    "lesson.pa.attacked": "Another moment of an orange round, set up for this lesson: you are Marc, and Anna's "
    "Chat Noir attacks you. You hold no Papillon: draw your three cards.",
    "lesson.pa.drawn": "One of the three is the Papillon. Placed as your first card, it still counters: Anna "
    "draws three instead of you. Place it in the centre.",
    "lesson.pa.counter-end": "Anna drew three, and your turn ended. Played at any other time, the Papillon makes "
    "its own player draw three. The other atouts: the Chrysalide reverses the direction of play, the "
    "Chenille restarts a sequence at 1, the Couteau Suisse is any number from 0 to 11. You know enough to "
    "play a whole game.",
    "pa.title": "Papillon",
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
    "pa.so-far": "{round}, so far",
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
    "pa.points-so-far": "{points} points",
    "pa.event.took": "{name} took these ({equation})",
    "pa.event.papillon-took": "{name}'s Papillon took every card of the table",
    "pa.event.attack": "Chat Noir! {name} attacks {target}: 3 cards to draw, unless a Papillon counters",
    "pa.event.counter": "Papillon! {name} counters: the Chat Noir turns back on {target}",
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
    "pa.detail.most-rolled": "most cards +10 (a tie, won by the roll)",
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
    "pa.reason.attacked": "Attacked by the Chat Noir: counter with a Papillon, or draw 3 cards (P-D36).",
    "pa.reason.forced": "A capture is possible, and captures are forced at this table (P-D13).",
    "pa.reason.nowhere": "{card} goes nowhere now: a starting pile takes its own number, a sequence the number "
    "of its top card, one more or one less, as its sign allows (P-R29, P-R31).",
    "pa.editor-start": "Starts at",
    "pa.editor-start.deal": "The round's first deal",
    "pa.editor-start.moment": "A moment of the round",
    "pa.editor-moment-help": "Set up a moment of the round, at the start of a player's turn: give each hand, "
    "and each place of the table, its cards, in any number (a Couteau Suisse on the layout with its number: CSo=5). "
    "The cards you leave out are the deals to come and the draw pile.",
    "pa.editor-started": "Started the round",
    "pa.editor-to-act": "Plays now",
    "pa.editor-moment-partners": "The starter's partners",
    "pa.editor-alone": "nobody: alone",
    "pa.editor-last-capturer": "Captured last",
    "pa.editor-nobody": "Nobody",
    "pa.editor-papillon-took-chat-noir": "The Papillon took the Chat Noir (−30, not +30)",
    "pa.editor-tour": "Tour",
    "pa.editor-draw-pile": "Cards in the draw pile",
    "pa.editor-draw-pile-all": "all the others",
    "pa.editor-points": "Tour points of {name}",
    "pa.editor-attacked": "Attacked by the Chat Noir of the player before",
    "pa.editor-pile": "Pile of {names}",
    "pa.editor-place.A1": "Starting pile 1",
    "pa.editor-place.A2": "Starting pile 2",
    "pa.editor-place.sequence": "Sequence {number}",
    "pa.editor-place.sign": "Sign of sequence {number}",
    "pa.editor-place.C": "Centre",
    "pa.decision.blue": "capture or lay a card",
    "pa.decision.orange": "place a card",
    "pa.decision.attacked": "counter the Chat Noir or draw 3 cards",
    "pa.step.prev-hand": "Previous round",
    "pa.step.prev-trick": "Previous turn",
    "pa.step.next-trick": "Next turn",
    "pa.step.next-hand": "Next round",
    **{
        f"problem.{key}": english
        for key, english in (PAPILLON_PROBLEMS | POSITION_PROBLEMS | PAPILLON_SETTINGS_PROBLEMS).items()
    },
}
