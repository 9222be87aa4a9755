"""Farfalia as the first screen and the catalogs see it while its engine, bots and table are still
to come (:class:`~farfalia.ui.game.GameAbout`): its card, its modes and variants, its dealer. The
game itself (:mod:`.site`) is imported from the archive ``games/farfalia.zip`` once a page needs it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from farfalia.games.farfalia.engine.rules import PLAYERS
from farfalia.games.farfalia.page.first_screen import FARFALIA_FIRST_TEXTS, name_mode, start_options
from farfalia.ui.game import GameAbout, LazyGame


class FarfaliaAbout(GameAbout):
    """Farfalia before its code: 2 to 5 players, its modes (``basic5``, ``chinkway10``…) and variants."""

    name: ClassVar[str] = "farfalia"
    replay_prefix: ClassVar[str] = "f"
    rules_page: ClassVar[str] = "rules"
    min_players: ClassVar[int] = min(PLAYERS.values())
    max_players: ClassVar[int] = max(PLAYERS.values())
    pitch: ClassVar[str] = "farfalia.pitch"
    minutes: ClassVar[int] = 15
    teaches: ClassVar[bool] = True
    level_names: ClassVar[tuple[str, ...]] = ("beginner", "quick", "strong")
    #: Its tournaments' bots (:data:`farfalia.games.farfalia.bots.contest.BOTS`, imported only for them).
    bot_names: ClassVar[tuple[str, ...]] = ("random", "beginner", "heuristic", "strong", "omniscient")
    command_module: ClassVar[str] = "farfalia.games.farfalia.command"
    contest_module: ClassVar[str] = "farfalia.games.farfalia.bots.contest"
    review_module: ClassVar[str] = "farfalia.games.farfalia.bots.review"
    #: Its link shares finished hands only.
    share_none: ClassVar[str] = "share-none"
    deal_unit: ClassVar[str] = "hand"
    #: The saves written before the site had a second game are its own.
    reads_unnamed_saves: ClassVar[bool] = True
    texts: ClassVar[Mapping[str, str | tuple[str, str]]] = FARFALIA_FIRST_TEXTS

    def word(self, values: dict[str, object]) -> None:
        """Its modes named."""
        name_mode(values)

    def start_options(self, chosen: Mapping[str, str]) -> str:
        """The mode, the variants and the first dealer."""
        return start_options(chosen)

    def seats(self, form: Mapping[str, str]) -> int:
        """The players of the mode chosen (the most, where none is)."""
        return PLAYERS.get(form.get("mode", ""), self.max_players)


#: Farfalia before its code, the one instance.
FARFALIA_ABOUT: Final = FarfaliaAbout()
#: Farfalia as the site registers it (:mod:`farfalia.site`): its about, its code loaded when needed.
FARFALIA_GAME: Final = LazyGame(FARFALIA_ABOUT, f"{__package__}.site:FARFALIA_SITE")
