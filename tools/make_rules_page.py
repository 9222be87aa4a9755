"""Write ``rules.html``: the rules of Farfalia taught with live diagrams, each a worked
example (:mod:`farfalia.records.examples`) at one moment (:mod:`farfalia.ui.diagrams`).
Every diagram's picture is written into the page, which reads complete before Python
runs; then one runtime for the whole page brings their step buttons to life
(``tests/test_rules_page.py`` checks the page is up to date and that every diagram shows
what its text says)."""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from farfalia.records.examples import (  # noqa: E402
    BARBARA,
    DANIEL,
    Example,
    burn_example,
    dummy_example,
    worked_example,
)
from farfalia.records.replay import encode_with_chance  # noqa: E402
from farfalia.ui.diagrams import diagram_figure, shared_defs  # noqa: E402

WORKED, DUMMY, BURN = worked_example(), dummy_example(), burn_example()

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


def diagram(example: Example, at: int, view: str, title: str) -> str:
    fragment = f"replay={encode_with_chance(example.game, example.names)}&at={at}&view={view}&controls=1&theme=light"
    return diagram_figure(fragment, title)


def page() -> str:
    sections = "\n".join(
        f"<section><h2>{escape(heading)}</h2><p>{escape(text)}</p>\n{diagram(example, at, view, heading)}</section>"
        for heading, text, example, at, view in DIAGRAMS
    )
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>How to play Farfalia</title>
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
<main>
<h1>How to play Farfalia</h1>
<p>A trick-taking game by Derek Carver for two to five players. Each hand, the magazine Farfalia proposes
five subjects; the players take tricks and set aside cards that match them. The diagrams below are live:
step through them with their buttons or the arrow keys. <a href="index.html">Play the game</a>.</p>
<!-- Generated by tools/make_rules_page.py: edit that file, not this one. -->
{sections}
</main>
<script type="py" src="./main.py" config="./pyscript.toml"></script>
</body>
</html>
"""


if __name__ == "__main__":
    (ROOT / "rules.html").write_text(page())
    print("rules.html written")
