"""Write the rules pages: Farfalia's (``rules.html``) and Papillon's (``papillon.html``), each
in every language, taught with live diagrams, each a worked example
(:mod:`farfalia.records.examples`, :mod:`farfalia.records.papillon_examples`) at one moment
(:mod:`farfalia.ui.diagrams`). Every diagram's picture is written into the page, which reads
complete before Python runs; then one runtime for the whole page brings their step buttons
to life (``tests/test_rules_page.py`` checks the pages are up to date and that every diagram
shows what its text says)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from farfalia.records.examples import (  # noqa: E402
    BARBARA,
    DANIEL,
    Example,
    burn_example,
    double_you_example,
    dummy_example,
    worked_example,
)
from farfalia.records.papillon_examples import PapillonExample, blue_example, orange_example  # noqa: E402
from farfalia.records.papillon_replay import encode_papillon_with_chance  # noqa: E402
from farfalia.records.replay import encode_with_chance  # noqa: E402
from farfalia.ui.diagrams import diagram_figure, shared_defs  # noqa: E402
from farfalia.ui.language import LANGUAGES, SOURCE, rules_page, speaking  # noqa: E402
from tools.catalogs import rules_translations  # noqa: E402

WORKED, DUMMY, BURN, DOUBLE_YOU = worked_example(), dummy_example(), burn_example(), double_you_example()

#: A section of prose: (heading, paragraphs).
Section = tuple[str, list[str]]
#: A section beside its live diagram: (heading, explanation, example, position, view).
Illustrated = tuple[str, str, Example | PapillonExample, int, str]

DIAGRAMS: list[Illustrated] = [
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
    ("Turned face up", "The trick is over: the uncovered card is turned face up and can now be played.", DUMMY, 5, "0"),
    (
        "Burnin' Down the House",
        "With this variant everyone holds one wild card, which may be played at any time but never led, and "
        "never wins. Chiara played her fish wild card: every fish of the trick burns and cannot be taken. Dario "
        "wins with the 9 of blue, and only the 8 of blue, a butterfly, can be taken.",
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
            "three tricks. Play four hands (or a multiple of four, or to a target score); the partnership with "
            "the most points wins.",
        ],
    ),
    (
        "Farfalia for three and for two",
        [
            "With three players the dealer plays with a dummy sitting opposite him, against the two others: "
            "13 cards each, the dummy's laid out as six face down under six face up, and a seventh face up. The "
            "dealer names trump after seeing his hand and the dummy's face-up cards. Six hands, the deal "
            "passing to the left; no card is taken from the first three tricks. The short game plays three "
            "such hands, then one with everyone alone: the lowest total deals 18 cards to himself and 17 to "
            "the others, names trump and sets one card aside.",
            "With two players each has a dummy facing him, and trump comes from the first subject card, as for "
            "four. Four hands; the deal alternates.",
        ],
    ),
]

#: The variants after the modes (the burn is shown with the tricks, above).
VARIANT_DIAGRAMS: list[Illustrated] = [
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


#: The pages' own words around the sections.
OTHER_LANGUAGES = "Other languages"


@dataclass(frozen=True)
class RulesPage:
    """One game's rules page: its title, introduction, link to play, link to the other game's
    rules, and its parts in order (prose, or sections each beside a diagram)."""

    game: str
    title: str
    intro: str
    play: str
    other: str
    parts: tuple[list[Section] | list[Illustrated], ...]

    def messages(self) -> list[str]:
        """Every English text of the page, in order."""
        found = [self.title, self.intro, self.play, self.other, OTHER_LANGUAGES]
        for part in self.parts:
            for heading, second, *_ in part:
                found += [heading, *second] if isinstance(second, list) else [heading, second]
        return found


FARFALIA_PAGE = RulesPage(
    "farfalia",
    "How to play Farfalia",
    "A trick-taking game by Derek Carver for two to five players. Each hand, the magazine Farfalia proposes five "
    "subjects; the players take tricks and set aside cards that match them. The diagrams below are live: step "
    "through them with their buttons or the arrow keys.",
    "Play the game, or set up a situation of your own there and share it.",
    "How to play Papillon, the other game of the same rulebooks",
    (BASICS, DIAGRAMS, GAME, VARIANT_DIAGRAMS),
)

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
            "Two or three players play alone (three may also play two against one); four play two against two, "
            "partners facing each other; five play three against two, the winner of the first roll choosing his "
            "two partners. Partners share one pile of captured cards and one score.",
            "The dealer deals every hand of the game. At the start of each round everyone rolls the two dice: the "
            "highest total starts the blue round, the lowest starts the orange round, and the starter chooses the "
            "direction of play. Only the Chrysalide changes it.",
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

PAPILLON_BLUE: list[Illustrated] = [
    (
        "Taking with a sign",
        "With a sign (Plus, Moins or Multiplier/Diviser), on the table or in your hand, you may play two cards and "
        "take by one operation. This is the rulebook's own example: Anna plays her Moins and her Yin (12) to take "
        "the Chat Noir (22) and the 10, since 22 − 10 = 12. Step forward to see it.",
        BLUE,
        0,
        "all",
    ),
    (
        "Laying down, and taking by a sum",
        "The table was empty, so Marc and then Anna laid a card down (you may do so even when you could capture). "
        "Now Marc's 11 takes the 5 and the 6: one card from your hand takes any table cards whose numbers add up "
        "to its own.",
        BLUE,
        3,
        "all",
    ),
    (
        "Taking by the same number",
        "Anna laid her 3 down, and Marc takes it with his own 3. Every 3 is worth 10 points at the end.",
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
            "The Chrysalide is played on its own: it goes straight to your pile, and the direction of play reverses.",
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
            "A side without any points receives 10 points from each player of the other sides.",
        ],
    ),
]

PAPILLON_BLUE_SCORE: list[Illustrated] = [
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
            "a table, with room between them: the centre. Beside each starting card are two sequences, and "
            "beside each sequence a place for a sign. The blue deck is the draw pile (at three and five players, "
            "with 2 or 1 orange cards face down on top of it).",
            "On your turn you must place a card if you can, then a second one if you can. If you cannot place "
            "any, draw one card and place it if it goes.",
        ],
    ),
]

PAPILLON_ORANGE: list[Illustrated] = [
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
        "Marc holds the Papillon. Played at once against the Chat Noir, it makes the attacker draw six cards: "
        "Anna now holds nine. Played at any other time, the Papillon makes its own player draw three, and ends "
        "the turn.",
        ORANGE,
        9,
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
            "players, three at three, two at four, one at five. The round ends when a player goes out in the "
            "last tour.",
            "If the draw pile runs out, all the orange cards left are dealt at once and the tour is the last. If "
            "nobody can play any more, the round ends there.",
        ],
    ),
    (
        "Scoring the orange round and the game",
        [
            "Each player adds his penalty points to the numbers of the cards left in his hand: the Chat Noir "
            "costs 22, the Chenille 1, Yin and Yang 12 each, the other atouts nothing. A Papillon still held "
            "first draws three cards; a Couteau Suisse still held costs a roll of the two dice. Low is good: "
            "partners add theirs together.",
            "The game's score is the blue round's points minus the orange round's. The highest score wins.",
        ],
    ),
]

PAPILLON_ORANGE_SCORE: list[Illustrated] = [
    (
        "The orange round's scores",
        "Played to the end: Marc went out in three tours and Anna in the last one. Anna takes 60 penalty points, "
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

PAPILLON_PAGE = RulesPage(
    "papillon",
    "How to play Papillon",
    "A French card game for two to five players. A game is two rounds: in the blue round you capture cards from "
    "the table by their numbers, by sums or by arithmetic; in the orange round you shed your cards onto shared "
    "sequences. Your score is the blue round's points minus the orange round's. The diagrams below are live: "
    "step through them with their buttons or the arrow keys.",
    "Play Papillon against bots or with friends at one screen.",
    "How to play Farfalia, the other game of the same rulebooks",
    (
        PAPILLON_BASICS,
        PAPILLON_BLUE,
        PAPILLON_BLUE_END,
        PAPILLON_BLUE_SCORE,
        PAPILLON_ORANGE_START,
        PAPILLON_ORANGE,
        PAPILLON_ORANGE_END,
        PAPILLON_ORANGE_SCORE,
        PAPILLON_OPTIONS,
    ),
)

#: Every rules page, by game.
PAGES = {page.game: page for page in (FARFALIA_PAGE, PAPILLON_PAGE)}


def messages() -> list[str]:
    """Every English text of the pages, in order: the ``msgid`` of the rules catalogs
    (``locale/rules.pot``, ``locale/rules-<code>.po``; see ``tools/catalogs.py``)."""
    return list(dict.fromkeys(text for rules in PAGES.values() for text in rules.messages()))


def prose(sections: list[Section], say: Callable[[str], str]) -> str:
    """Sections of text alone."""
    return "\n".join(
        f"<section><h2>{escape(say(heading))}</h2>" + "".join(f"<p>{escape(say(p))}</p>" for p in paragraphs)
        + "</section>"
        for heading, paragraphs in sections
    )  # fmt: skip


def diagram(example: Example | PapillonExample, at: int, view: str, title: str) -> str:
    """A live diagram of ``example`` at position ``at`` seen by ``view``."""
    if isinstance(example, PapillonExample):
        replay = encode_papillon_with_chance(example.game, example.names)
    else:
        replay = encode_with_chance(example.game, example.names)
    return diagram_figure(f"replay={replay}&at={at}&view={view}&controls=1&theme=light", title)


def illustrated(diagrams: list[Illustrated], say: Callable[[str], str]) -> str:
    """Sections of text, each beside its live diagram."""
    return "\n".join(
        f"<section><h2>{escape(say(heading))}</h2><p>{escape(say(text))}</p>\n"
        f"{diagram(example, at, view, say(heading))}</section>"
        for heading, text, example, at, view in diagrams
    )


def part_html(part: list[Section] | list[Illustrated], say: Callable[[str], str]) -> str:
    """A part of a page: prose, or sections beside their diagrams."""
    if part and isinstance(part[0][1], list):
        return prose(part, say)  # type: ignore[arg-type]
    return illustrated(part, say)  # type: ignore[arg-type]


def languages_nav(code: str, game: str, say: Callable[[str], str]) -> str:
    """Links to the page in the other languages, each named in itself."""
    links = "".join(
        f'<li><a href="{rules_page(other, game)}" lang="{other}" hreflang="{other}">{escape(name)}</a></li>'
        for other, name in LANGUAGES.items()
        if other != code
    )
    return f'<nav class="languages" aria-label="{escape(say(OTHER_LANGUAGES))}"><ul>{links}</ul></nav>'


def page(code: str = SOURCE, game: str = "farfalia") -> str:
    """``game``'s rules page in the language ``code`` (its words from the rules catalog, its
    diagrams' pictures in that language too)."""
    table = rules_translations(code)

    def say(english: str) -> str:
        return table.get(english) or english

    with speaking(code):
        return _page(code, PAGES[game], say)


def _page(code: str, rules: RulesPage, say: Callable[[str], str]) -> str:
    other = "papillon" if rules.game == "farfalia" else "farfalia"
    parts = "\n".join(part_html(part, say) for part in rules.parts)
    return f"""<!doctype html>
<html lang="{code}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{escape(say(rules.title))}</title>
  <link rel="icon" href="./assets/icon.svg" type="image/svg+xml">
  <link rel="manifest" href="./manifest.webmanifest">
  <link rel="apple-touch-icon" href="./assets/icon-192.png">
  <meta name="theme-color" content="#12382b">
  <link rel="stylesheet" href="./assets/table.css">
  <link rel="stylesheet" href="./assets/diagrams.css">
  <link rel="stylesheet" href="./assets/rules.css">
  <link rel="stylesheet" href="./vendor/pyscript/core.css">
  <script type="module" src="./vendor/pyscript/core.js"></script>
  <script type="module" src="./assets/no-eval.js"></script>
</head>
<body>
{shared_defs(papillon=rules.game == "papillon")}
{languages_nav(code, rules.game, say)}
<main>
<h1>{escape(say(rules.title))}</h1>
<p>{escape(say(rules.intro))}</p>
<p><a href="index.html">{escape(say(rules.play))}</a></p>
<!-- Generated by tools/make_rules_page.py from its English and the rules catalogs (locale/rules-*.po). -->
{parts}
<p><a href="{rules_page(code, other)}">{escape(say(rules.other))}</a></p>
</main>
<script type="py" src="./main.py" config="./pyscript.toml"></script>
</body>
</html>
"""


if __name__ == "__main__":
    for game in PAGES:
        for language in LANGUAGES:
            (ROOT / rules_page(language, game)).write_text(page(language, game))
            print(f"{rules_page(language, game)} written")
