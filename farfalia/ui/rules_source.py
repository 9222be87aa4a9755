"""The source of a game's rules page, in English (each game's folder writes its own, in
``page/rules_source.py``, and gives it by :meth:`farfalia.ui.game.SiteGame.rules_source`):
``tools/make_rules_page.py`` writes it out in every language from the rules catalogs. Only the
build reads these: the pages are written, and their diagrams come to life with
:mod:`farfalia.ui.diagrams`.
"""

from __future__ import annotations

from dataclasses import dataclass

#: A section of prose: (heading, paragraphs).
Section = tuple[str, list[str]]
#: A section beside its live diagram: (heading, explanation, replay text, position, view).
Illustrated = tuple[str, str, str, int, str]

#: The pages' own words around the sections.
OTHER_LANGUAGES = "Other languages"
#: The link to the game's lesson (:mod:`farfalia.ui.lessons`), beside the link to play.
LEARN_BY_PLAYING = "Or learn it by playing: a guided first game, step by step"


@dataclass(frozen=True)
class RulesSource:
    """One game's rules page: its game, title, introduction, links to play and to learn by playing
    (its lesson), and its parts in order
    (prose, or sections each beside a diagram). The page links to the other games' pages by their
    titles."""

    game: str
    title: str
    intro: str
    play: str
    parts: tuple[list[Section] | list[Illustrated], ...]

    def messages(self) -> list[str]:
        """Every English text of the page, in order."""
        found = [self.title, self.intro, self.play, LEARN_BY_PLAYING, OTHER_LANGUAGES]
        for part in self.parts:
            for heading, second, *_ in part:
                found += [heading, *second] if isinstance(second, list) else [heading, second]
        return found

    def diagrams(self) -> list[Illustrated]:
        """The page's sections with a diagram, in order."""
        return [section for part in self.parts for section in part if not isinstance(section[1], list)]
