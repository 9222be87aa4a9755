"""The source of Farfalia's rules page (``rules.html``, written by ``tools/make_rules_page.py``
in every language): its prose and its live diagrams, each a worked example
(:mod:`farfalia.games.farfalia.records.examples`) at one moment. Only the build reads it."""

from __future__ import annotations

from farfalia.games.farfalia.records.examples import (
    BARBARA,
    DANIEL,
    Example,
    burn_example,
    double_you_example,
    dummy_example,
    worked_example,
)
from farfalia.games.farfalia.records.replay import encode_with_chance
from farfalia.ui.rules_source import Illustrated, RulesSource, Section

WORKED, DUMMY, BURN, DOUBLE_YOU = worked_example(), dummy_example(), burn_example(), double_you_example()

#: A section beside its live diagram, as written here: (heading, explanation, example, position, view).
Shown = tuple[str, str, Example, int, str]


def shown(sections: list[Shown]) -> list[Illustrated]:
    """The sections with their examples written as replays."""
    return [(heading, text, encode_with_chance(example.game, example.names), at, view)
            for heading, text, example, at, view in sections]  # fmt: skip


DIAGRAMS: list[Shown] = [
    (
        "Following suit",
        "Andrew dealt twelve cards to himself and ten to everyone else, set two aside unseen, and named orange "
        "trump; then the proposal was turned: a butterfly, two strawberries, a fish and a seashell. Barbara led "
        "the 3 of blue and Carl followed. Daniel would like to trump, but he holds blue: he must follow suit, so "
        "only his blue cards can be played.",
        WORKED,
        5,
        str(DANIEL),
    ),
    (
        "Winning a trick and picking a card",
        "No trump was played, so Daniel's 11 of blue, the highest card of the suit led, wins. From the trick he "
        "may set aside one card that the proposal wants for his side: any fish, or the red 3 (a strawberry).",
        WORKED,
        8,
        str(DANIEL),
    ),
    (
        "A trick with nothing to take",
        "Daniel led the 4 of green and Emma won with the 13. No card of the trick matches the proposal, so she "
        "takes nothing (the last trick shows on the right).",
        WORKED,
        14,
        "all",
    ),
    (
        "Won by trump, and the side's limit",
        "Emma led the 13 of blue; Andrew, Barbara and Carl had none. Barbara's 7 of orange, the higher trump, "
        "wins. She may take a seashell, or the red 10 as a butterfly, but no fish: her side already holds the "
        "proposal's only fish, which Daniel took.",
        WORKED,
        19,
        str(BARBARA),
    ),
    (
        "Scoring",
        "When the cards run out, each side counts its matching cards: 1, 3, 6, 10 or 15 points for 1 to 5. "
        "Partners both score the side's points; the dealer scores alone. Here Carl and Emma score 10, Barbara "
        "and Daniel 6, Andrew 3.",
        WORKED,
        len(WORKED.game.actions),
        "all",
    ),
    (
        "A dummy",
        "With three players the dealer plays with a dummy opposite him: six cards face down, six face up on "
        "them, a seventh face up. Ada chooses the dummy's cards, from the face-up ones only; its reds lie face "
        "down, so it need not follow red.",
        DUMMY,
        2,
        "0",
    ),
    (
        "The dummy's uncovered card",
        "The dummy played the 1 of green: the card beneath is uncovered, but it stays face down until the trick "
        "is over (and any pick made).",
        DUMMY,
        3,
        "0",
    ),
    (
        "Turned face up",
        "The trick is over: the uncovered card is turned face up and can now be played. When a dummy wins a "
        "trick, its partner picks the card and keeps it in front of himself, and chooses the dummy's lead to "
        "the next trick.",
        DUMMY,
        5,
        "0",
    ),
    (
        "Burnin' Down the House",
        "With this variant every player but a dummy is dealt one wild card each hand, after the play cards: it "
        "may be played at any time but never led, and never wins, and as the tricks are as many as before, "
        "everyone ends the hand with one card unplayed. Chiara played her fish wild card: every fish of the "
        "trick burns and cannot be taken. Dario wins with the 9 of blue, and only the 8 of blue, a butterfly, "
        "can be taken.",
        BURN,
        8,
        "3",
    ),
]


#: The rules before the diagrams.
BASICS: list[Section] = [
    (
        "The cards",
        [
            "52 play cards in four suits numbered 1 to 13: red strawberries, green leaves, blue fishes and orange "
            "seashells. The 8, 10 and 12 of every suit show a butterfly instead of their suit's symbol: for "
            "following suit they are ordinary cards of their suit, but for the proposal they are butterflies.",
            "25 subject cards, five of each family (butterfly, strawberry, leaf, fish, seashell), and ten wild "
            "cards, two of each family, used only by the variants.",
        ],
    ),
    (
        "A hand: deal, trump, proposal",
        [
            "With five players the dealer deals ten cards to everyone and twelve to himself, then sets two aside "
            "unseen and names trump (a suit, or no trump). Then five subject cards are turned face up: this is "
            "the proposal, what the magazine wants this hand.",
            "The dealer plays alone; the other four play in two pairs: the players second and fourth from the "
            "dealer's left against the first and third. Partners change as the deal moves on.",
        ],
    ),
    (
        "Tricks and picks",
        [
            "The player left of the dealer leads. Follow the suit led if you can, otherwise play any card. The "
            "highest trump wins the trick, or with no trump in it the highest card of the suit led; the winner "
            "leads the next trick.",
            "The winner may set aside one card of the trick for his side's collection, if it matches a subject "
            "the side still needs: an 8, 10 or 12 matches only a butterfly, any other card only its suit's "
            "family. A side never holds more cards of a family than the proposal shows; partners share the "
            "limit.",
        ],
    ),
]

#: The rules after the diagrams: the whole game, every mode and variant.
GAME: list[Section] = [
    (
        "Hands, dealers and winners",
        [
            "Farfalia for five plays three hands; the third scores double. The player with the lowest total "
            "deals the next hand (ties: the first met clockwise from the last dealer's left). The two players "
            "with the highest totals win together (ties share).",
            "Points for a side's collection: 1, 3, 6, 10 or 15 for one to five cards. Both partners score the "
            "side's points; the dealer scores alone.",
        ],
    ),
    (
        "Chinkway!",
        [
            "Five players, ten hands and an extra one, the deal passing to the left. In hands 1 to 5 the "
            "dealer's two left neighbours play together against the other two; in hands 6 to 10 the first and "
            "third from the dealer's left against the second and fourth. For the extra hand the players sit by "
            "their totals: the third deals, and the first and fourth play against the second and fifth. The "
            "highest total wins. The short version plays five hands, the first and fourth from the dealer's "
            "left against the second and third.",
        ],
    ),
    (
        "Farfalia for four",
        [
            "Partners sit facing each other for the whole game. Everyone gets 13 cards and nobody discards. "
            "The first subject card turned names trump (a butterfly: no trump). No card is taken from the first "
            "three tricks. Play four hands (or a multiple of four, or to a target score), the deal passing to the "
            "left; the partnership whose two totals add up to more wins (ties share).",
        ],
    ),
    (
        "Farfalia for three and for two",
        [
            "With three players the dealer plays with a dummy sitting opposite him, against the two others: "
            "13 cards each, the dummy's laid out as six face down under six face up, and a seventh face up. The "
            "dealer names trump after seeing his hand and the dummy's face-up cards. Six hands, the deal "
            "passing to the left; no card is taken from the first three tricks; the highest total wins. The short "
            "game plays three such hands, then one with everyone alone: the lowest total deals 18 cards to "
            "himself and 17 to the others, names trump and sets one card aside; the highest total after it "
            "wins.",
            "With two players each has a dummy facing him, and otherwise plays as for four: 13 cards each, trump "
            "from the first subject card, and no card taken from the first three tricks. Four hands; the deal "
            "alternates; the highest total wins.",
        ],
    ),
]

#: The variants after the modes (the burn is shown with the tricks, above).
VARIANT_DIAGRAMS: list[Shown] = [
    (
        "Double You",
        "Everyone receives two wild cards at the start of the game. Before a hand is dealt, each player may "
        "spend one to double his own score for that hand (in the last hand of Farfalia for five: four times). "
        "The decisions are secret and shown together; a player whose total is the highest may not double, "
        "unless all totals are equal. Here, in the worked example's hand, Barbara and Emma doubled: their plates "
        "are marked. Step to the end: Barbara scores 12 instead of 6, Emma 20 instead of 10.",
        DOUBLE_YOU,
        8,
        "all",
    ),
]


RULES_SOURCE = RulesSource(
    "farfalia",
    "How to play Farfalia",
    "A trick-taking game by Derek Carver for two to five players. Each hand, the magazine Farfalia proposes five "
    "subjects; the players take tricks and set aside cards that match them. The diagrams below are live: step "
    "through them with their buttons or the arrow keys.",
    "Play the game, or set up a situation of your own there and share it.",
    (BASICS, shown(DIAGRAMS), GAME, shown(VARIANT_DIAGRAMS)),
)
