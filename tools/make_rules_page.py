"""Write the rules pages of every game of the site that has one (``rules.html``, and the
like), each in every language, from its game's English source
(:class:`farfalia.ui.rules_source.RulesSource`, in the game's folder) and the rules catalogs
(``locale/rules-<code>.po``): taught with live diagrams, each a worked example at one moment
(:mod:`farfalia.ui.diagrams`). Every diagram's picture is written into the page, which reads
complete before Python runs; then one runtime for the whole page brings their step buttons to
life (``tests/test_rules_page.py`` checks the pages are up to date and that every diagram shows
what its text says)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import farfalia.site  # noqa: E402, F401 (the site's games, registered)
from farfalia.ui.diagrams import Diagrams, diagram_figure  # noqa: E402
from farfalia.ui.game import site_games  # noqa: E402
from farfalia.ui.language import LANGUAGES, SOURCE, rules_page, speaking  # noqa: E402
from farfalia.ui.lessons import learn_fragment  # noqa: E402
from farfalia.ui.rules_source import LEARN_BY_PLAYING, OTHER_LANGUAGES, Illustrated, RulesSource, Section  # noqa: E402
from tools.catalogs import rules_translations  # noqa: E402

#: Every rules page, by game.
PAGES = {source.game: source for game in site_games() for source in [game.rules_source()] if source is not None}
#: Each game's rules page's file stem (``rules`` for ``rules.html``), by game.
STEMS = {game.name: game.rules_page for game in site_games()}


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


def fragment(replay: str, at: int, view: str) -> str:
    """A diagram's link: ``replay`` at position ``at`` seen by ``view``, with its step buttons, light."""
    return f"replay={replay}&at={at}&view={view}&controls=1&theme=light"


def illustrated(diagrams: list[Illustrated], say: Callable[[str], str]) -> str:
    """Sections of text, each beside its live diagram."""
    return "\n".join(
        f"<section><h2>{escape(say(heading))}</h2><p>{escape(say(text))}</p>\n"
        f"{diagram_figure(fragment(replay, at, view), say(heading))}</section>"
        for heading, text, replay, at, view in diagrams
    )


def part_html(part: list[Section] | list[Illustrated], say: Callable[[str], str]) -> str:
    """A part of a page: prose, or sections beside their diagrams."""
    if part and isinstance(part[0][1], list):
        return prose(part, say)  # type: ignore[arg-type]
    return illustrated(part, say)  # type: ignore[arg-type]


def languages_nav(code: str, game: str, say: Callable[[str], str]) -> str:
    """Links to the page in the other languages, each named in itself."""
    links = "".join(
        f'<li><a href="{rules_page(other, STEMS[game])}" lang="{other}" hreflang="{other}">{escape(name)}</a></li>'
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


def _page(code: str, rules: RulesSource, say: Callable[[str], str]) -> str:
    art = Diagrams([fragment(replay, at, view) for _, _, replay, at, view in rules.diagrams()]).shared_defs()
    parts = "\n".join(part_html(part, say) for part in rules.parts)
    others = "\n".join(
        f'<p><a href="{rules_page(code, STEMS[other.game])}">{escape(say(other.title))}</a></p>'
        for other in PAGES.values()
        if other.game != rules.game
    )
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
{art}
{languages_nav(code, rules.game, say)}
<main>
<h1>{escape(say(rules.title))}</h1>
<p>{escape(say(rules.intro))}</p>
<p><a href="index.html">{escape(say(rules.play))}</a></p>
<p><a class="learn" href="index.html#{learn_fragment(rules.game)}">{escape(say(LEARN_BY_PLAYING))}</a></p>
<!-- Generated by tools/make_rules_page.py from its English and the rules catalogs (locale/rules-*.po). -->
{parts}
{others}
</main>
<mpy-config src="./pyscript.toml"></mpy-config>
<script type="py" src="./diagrams.py" config="./pyscript.toml"></script>
</body>
</html>
"""


if __name__ == "__main__":
    for game in PAGES:
        for language in LANGUAGES:
            name = rules_page(language, STEMS[game])
            (ROOT / name).write_text(page(language, game))
            print(f"{name} written")
