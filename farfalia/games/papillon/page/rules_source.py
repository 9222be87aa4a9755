"""The source of Papillon's rules page (``papillon.html``, written by ``tools/make_rules_page.py``
in every language): its prose and its live diagrams, each a worked example
(:mod:`farfalia.games.papillon.records.examples`) at one moment. Only the build reads it."""

from __future__ import annotations

from farfalia.games.papillon.records.examples import PapillonExample, blue_example, counter_example, orange_example
from farfalia.games.papillon.records.replay import encode_papillon_with_chance
from farfalia.ui.rules_source import Illustrated, RulesSource, Section

#: A section beside its live diagram, as written here: (heading, explanation, example, position, view).
Shown = tuple[str, str, PapillonExample, int, str]


def shown(sections: list[Shown]) -> list[Illustrated]:
    """The sections with their examples written as replays."""
    return [(heading, text, encode_papillon_with_chance(example.game, example.names), at, view)
            for heading, text, example, at, view in sections]  # fmt: skip


BLUE, BLUE_END = blue_example(), blue_example(finish=True)
ORANGE, ORANGE_END = orange_example(), orange_example(finish=True)

PAPILLON_BASICS: list[Section] = [
    (
        "The cards",
        [
            "Two decks of 58 cards, one with blue backs for the blue round and one with orange backs for the "
            "orange round. Each has four families numbered 0 to 11: Éléments (blue), Découvertes (red), Serpents "
            "(black) and Formes (green). The 7 of Serpents is the Dragon.",
            "Each deck also has ten atouts (violet), one of each: the Couteau Suisse, a joker; the Chat Noir, "
            "worth 22; the Chenille, the Chrysalide and the Papillon; the three signs Plus, Moins and "
            "Multiplier/Diviser; and Yin and Yang, worth 12 each.",
        ],
    ),
    (
        "Players and sides",
        [
            "Two or three players play alone (three may also play two against one, the winner of the first roll "
            "choosing his partner); four play two against two, "
            "partners facing each other; five play three against two, the winner of the first roll choosing his "
            "two partners. Partners share one pile of captured cards and one score.",
            "The dealer deals every hand of the game. At the start of each round everyone rolls the two dice: the "
            "highest total starts the blue round, the lowest starts the orange round (players tied for it roll "
            "again), and the starter chooses the direction of play. Only the Chrysalide changes it.",
        ],
    ),
    (
        "The blue round: capturing",
        [
            "Each player receives 7 cards at two players, 6 at three, 7 at four or 11 at five, and 2, 4, 2 or 3 "
            "cards are laid face up on the table. When every hand is empty, the dealer deals again onto the same "
            "table: four deals at two players, three at three, two at four, one at five.",
            "You cannot pass. On your turn you capture, play the Papillon or the Chrysalide, or lay one card face "
            "up on the table. The most important rule: the result of a capture always comes from your hand; table "
            "cards are only ever taken. Captured cards and the cards that took them go face down to your side's "
            "pile.",
        ],
    ),
]

PAPILLON_BLUE: list[Shown] = [
    (
        "Taking with a sign",
        "With a sign (Plus, Moins or Multiplier/Diviser), on the table or in your hand, you may take by one "
        "operation on two numbers whose result comes from your hand, in one of three ways: the sign and the "
        "result from your hand, both numbers on the table; the sign and both numbers on the table, the result "
        "from your hand; or the sign and one number on the table, the other number and the result from your "
        "hand. A sign on the table is taken too. This is the rulebook's own example: Anna plays her Moins and "
        "her Yin (12) to take the Chat Noir (22) and the 10, since 22 − 10 = 12. Step forward to see it.",
        BLUE,
        0,
        "all",
    ),
    (
        "Laying down, and taking by a sum",
        "The table was empty, so Marc laid a card down; Anna laid one down too, though she could have captured "
        "(you may). "
        "Now Marc's 11 takes the 5 and the 6: one card from your hand takes any table cards whose numbers add up "
        "to its own.",
        BLUE,
        3,
        "all",
    ),
    (
        "Taking by the same number",
        "Anna laid her 3 down, and Marc takes it with his own 3: a match takes just one card of the same number. "
        "Every 3 is worth 10 points at the end.",
        BLUE,
        5,
        "all",
    ),
    (
        "The Papillon",
        "The strongest card: it takes every card on the table. Anna plays it and takes the 2 and the 9. On an "
        "empty table it is simply laid down.",
        BLUE,
        8,
        "all",
    ),
    (
        "The Couteau Suisse",
        "The Couteau Suisse stands for any number from 0 to 11. Marc laid the Dragon down; Anna's Couteau Suisse "
        "takes it as a 7.",
        BLUE,
        10,
        "all",
    ),
]

PAPILLON_BLUE_END: list[Section] = [
    (
        "The Chrysalide and the Chat Noir",
        [
            "The Chrysalide is played on its own: it goes straight to your pile, and the direction of play "
            "reverses. It is never laid on the table.",
            "The Chat Noir counts 22. Taken on purpose, by a sum or an operation, it is worth 30 points; taken "
            "otherwise, by the Papillon or with the cards left at the end, it costs 30.",
        ],
    ),
    (
        "Scoring the blue round",
        [
            "When the last deal is played out, the player who captured last takes the cards left on the table. "
            "Each side then scores 10 points for each 3, for the Dragon and for each atout but the Chat Noir in "
            "its pile (Yin and Yang together: 30), 10 for the most cards (a tie is rolled for), and the Chat "
            "Noir's 30 or −30. The other cards score nothing.",
            'A side with 0 points or less ("don\'t shoot the ambulance!") receives 10 points from each player of '
            "the other sides.",
        ],
    ),
]

PAPILLON_BLUE_SCORE: list[Shown] = [
    (
        "The blue round's scores",
        "Anna and Marc played the round to its end: Anna's pile is worth 130 points, Marc's 60. Step back "
        "through the last deals.",
        BLUE_END,
        len(BLUE_END.game.actions),
        "all",
    ),
]

PAPILLON_ORANGE_START: list[Section] = [
    (
        "The orange round: shedding",
        [
            "The orange deck is dealt as the blue one was, but two starting cards are turned face up instead of "
            "a table (an atout turned goes back into the deck for another card), with room between them: the "
            "centre. Beside each starting card are two sequences, and "
            "beside each sequence a place for a sign. The blue deck is the draw pile (at three and five players, "
            "with 2 or 1 orange cards face down on top of it).",
            "On your turn you must place a card if you can, then a second one if you can. If you cannot place "
            "any, draw one card: if it goes, you must place it, then a second card if one goes.",
        ],
    ),
]

PAPILLON_ORANGE: list[Shown] = [
    (
        "Placing cards",
        "On a starting card only the same number goes; on a sequence, the same number as its top card, or one "
        "more, or one less (its first card counts from the starting card beside it). Marc placed a 5 on the "
        "starting 5, then a 6 on the sequence above it.",
        ORANGE,
        2,
        "all",
    ),
    (
        "Two cards a turn",
        "Anna placed a 6 on the 6, then a 7 on that 6. The sequences go up or down as the players like.",
        ORANGE,
        4,
        "all",
    ),
    (
        "Signs",
        "A sign beside a sequence rules it until another sign covers it. Plus: the same number or one more; "
        "Moins: the same or one less; Multiplier/Diviser: a multiple or a divisor of the top card (a 0 or a 1 "
        "goes on anything). Marc placed his Moins beside the 7, then a 7 on it: only a 7 or a 6 may follow.",
        ORANGE,
        6,
        "all",
    ),
    (
        "The Chat Noir attacks",
        "The Chat Noir, the Papillon and the Chrysalide go in the centre. Anna's Chat Noir makes the next player, "
        "Marc, draw three cards before he plays; then she placed a 9 beside the 8.",
        ORANGE,
        8,
        "all",
    ),
    (
        "The Papillon's counter",
        "Marc holds the Papillon. Played at once against the Chat Noir, it makes the attacker draw six cards and "
        "ends Marc's turn: "
        "Anna now holds nine. Had Marc drawn his three cards first, a Papillon placed as his first card, drawn or "
        "held, would have made Anna draw three instead of him. Played at any other time, the Papillon makes its "
        "own player draw three, and ends the turn: placed as your last card, it does not take you out, unless the "
        "draw pile is empty.",
        ORANGE,
        9,
        "all",
    ),
    (
        "Countering after drawing",
        "Another moment, in the second tour: Anna's Chat Noir attacks Marc, who holds no Papillon. He draws his "
        "three cards, and one of them is the Papillon: placed as his first card, it still counters. Anna draws "
        "three instead of him, and Marc's turn ends. Step forward to see the draw, then the counter.",
        counter_example(),
        0,
        "all",
    ),
]

PAPILLON_ORANGE_END: list[Section] = [
    (
        "Other atouts",
        [
            "The Chrysalide reverses the direction of play. The Chenille, placed on a sequence, restarts it at 1. "
            "The Couteau Suisse is placed as any number from 0 to 11; Yin and Yang are numbers too, 12 each.",
        ],
    ),
    (
        "Tours and the end of the round",
        [
            "When a player has placed all his cards, each opponent takes 20 penalty points (30 in the last tour), "
            "and the dealer deals a new hand to everyone, on top of the cards they still hold: four tours at two "
            "players, three at three, two at four, one at five. The starting cards, sequences and signs stay as "
            "they are. The orange round's starter begins every tour. The round ends when a player goes out in the "
            "last tour.",
            "If the draw pile runs out, all the orange cards left are dealt at once and the tour is the last: Mode "
            "Carnage. If nobody can play any more, the round ends there: Mode Apocalypse.",
        ],
    ),
    (
        "Scoring the orange round and the game",
        [
            "Each player adds his penalty points to the numbers of the cards left in his hand: the Chat Noir "
            "costs 22, the Chenille 1, Yin and Yang 12 each, the other atouts nothing. A player still holding a "
            "Papillon first draws three cards, which count too; a Couteau Suisse still held costs a roll of the "
            "two dice. Low is good: partners add theirs together.",
            "The game's score is the blue round's points minus the orange round's. The highest score wins.",
        ],
    ),
]

PAPILLON_ORANGE_SCORE: list[Shown] = [
    (
        "The orange round's scores",
        "Played to the end: Marc went out first in each of the first three tours, and Anna in the last. Anna "
        "takes 60 penalty points, "
        "Marc 30 and the 6 left in his hand: 36.",
        ORANGE_END,
        len(ORANGE_END.game.actions),
        "all",
    ),
]

PAPILLON_OPTIONS: list[Section] = [
    (
        "Options",
        [
            "At three players, two may play against one. A table may agree on forced capture: a player who can "
            "capture may not lay a card down. A practice game plays one round only.",
        ],
    ),
]

RULES_SOURCE = RulesSource(
    "papillon",
    "How to play Papillon",
    "A French card game for two to five players. A game is two rounds: in the blue round you capture cards from "
    "the table by their numbers, by sums or by arithmetic; in the orange round you shed your cards onto shared "
    "sequences. Your score is the blue round's points minus the orange round's. The diagrams below are live: "
    "step through them with their buttons or the arrow keys.",
    "Play Papillon against bots or with friends at one screen.",
    (
        PAPILLON_BASICS,
        shown(PAPILLON_BLUE),
        PAPILLON_BLUE_END,
        shown(PAPILLON_BLUE_SCORE),
        PAPILLON_ORANGE_START,
        shown(PAPILLON_ORANGE),
        PAPILLON_ORANGE_END,
        shown(PAPILLON_ORANGE_SCORE),
        PAPILLON_OPTIONS,
    ),
)
