"""Write ``rules.html``: the rules of Farfalia taught with live diagrams, each a worked
example (:mod:`farfalia.records.examples`) at one moment (:mod:`farfalia.ui.diagrams`).
Every diagram's picture is written into the page, which reads complete before Python
runs; then one runtime for the whole page brings their step buttons to life
(``tests/test_rules_page.py`` checks the page is up to date and that every diagram shows
what its text says)."""

from __future__ import annotations

import sys
from collections.abc import Callable
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
from farfalia.records.replay import encode_with_chance  # noqa: E402
from farfalia.ui.diagrams import diagram_figure, shared_defs  # noqa: E402
from farfalia.ui.language import LANGUAGES, SOURCE, rules_page, speaking  # noqa: E402
from tools.catalogs import rules_translations  # noqa: E402

WORKED, DUMMY, BURN, DOUBLE_YOU = worked_example(), dummy_example(), burn_example(), double_you_example()

#: (heading, explanation, example, position, view)
DIAGRAMS: list[tuple[str, str, Example, int, str]] = [
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


#: The rules before the diagrams: (heading, paragraphs).
BASICS: list[tuple[str, list[str]]] = [
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
GAME: list[tuple[str, list[str]]] = [
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
VARIANT_DIAGRAMS: list[tuple[str, str, Example, int, str]] = [
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


#: The page's own words around the sections.
TITLE = "How to play Farfalia"
INTRO = (
    "A trick-taking game by Derek Carver for two to five players. Each hand, the magazine Farfalia proposes five "
    "subjects; the players take tricks and set aside cards that match them. The diagrams below are live: step "
    "through them with their buttons or the arrow keys."
)
PLAY = "Play the game, or set up a situation of your own there and share it."
OTHER_LANGUAGES = "Other languages"


def messages() -> list[str]:
    """Every English text of the page, in order: the ``msgid`` of the rules catalogs
    (``locale/rules.pot``, ``locale/rules-<code>.po``; see ``tools/catalogs.py``)."""
    found = [TITLE, INTRO, PLAY, OTHER_LANGUAGES]
    for heading, paragraphs in BASICS + GAME:
        found += [heading, *paragraphs]
    for heading, explanation, *_ in DIAGRAMS + VARIANT_DIAGRAMS:
        found += [heading, explanation]
    return list(dict.fromkeys(found))


def prose(sections: list[tuple[str, list[str]]], say: Callable[[str], str]) -> str:
    """Sections of text alone."""
    return "\n".join(
        f"<section><h2>{escape(say(heading))}</h2>" + "".join(f"<p>{escape(say(p))}</p>" for p in paragraphs)
        + "</section>"
        for heading, paragraphs in sections
    )  # fmt: skip


def diagram(example: Example, at: int, view: str, title: str) -> str:
    fragment = f"replay={encode_with_chance(example.game, example.names)}&at={at}&view={view}&controls=1&theme=light"
    return diagram_figure(fragment, title)


def illustrated(diagrams: list[tuple[str, str, Example, int, str]], say: Callable[[str], str]) -> str:
    """Sections of text, each beside its live diagram."""
    return "\n".join(
        f"<section><h2>{escape(say(heading))}</h2><p>{escape(say(text))}</p>\n"
        f"{diagram(example, at, view, say(heading))}</section>"
        for heading, text, example, at, view in diagrams
    )


def languages_nav(code: str, say: Callable[[str], str]) -> str:
    """Links to the page in the other languages, each named in itself."""
    links = "".join(
        f'<li><a href="{rules_page(other)}" lang="{other}" hreflang="{other}">{escape(name)}</a></li>'
        for other, name in LANGUAGES.items()
        if other != code
    )
    return f'<nav class="languages" aria-label="{escape(say(OTHER_LANGUAGES))}"><ul>{links}</ul></nav>'


def page(code: str = SOURCE) -> str:
    """The rules page in the language ``code`` (its words from the rules catalog, its
    diagrams' pictures in that language too)."""
    table = rules_translations(code)

    def say(english: str) -> str:
        return table.get(english) or english

    with speaking(code):
        return _page(code, say)


def _page(code: str, say: Callable[[str], str]) -> str:
    return f"""<!doctype html>
<html lang="{code}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{escape(say(TITLE))}</title>
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
{shared_defs()}
{languages_nav(code, say)}
<main>
<h1>{escape(say(TITLE))}</h1>
<p>{escape(say(INTRO))}</p>
<p><a href="index.html">{escape(say(PLAY))}</a></p>
<!-- Generated by tools/make_rules_page.py from its English and the rules catalogs (locale/rules-*.po). -->
{prose(BASICS, say)}
{illustrated(DIAGRAMS, say)}
{prose(GAME, say)}
{illustrated(VARIANT_DIAGRAMS, say)}
</main>
<script type="py" src="./main.py" config="./pyscript.toml"></script>
</body>
</html>
"""


if __name__ == "__main__":
    for language in LANGUAGES:
        (ROOT / rules_page(language)).write_text(page(language))
        print(f"{rules_page(language)} written")
