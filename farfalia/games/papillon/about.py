"""What the site knows of Papillon before its code is loaded (:class:`~farfalia.ui.game.GameAbout`):
its names, its players, its start screen's fields, its picture and their words. The rest of its
folder is loaded when a page first needs it (:class:`~farfalia.ui.game.LazyGame`; in the browser
from an archive of its own: ``farfalia.ui.archives``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from farfalia.core.codes import ascii_int
from farfalia.games.papillon.engine.rules import DEALS
from farfalia.games.papillon.page.first_screen import PAPILLON_FIRST_TEXTS, start_options
from farfalia.ui.contract import Command
from farfalia.ui.game import GameAbout, LazyGame


class PapillonAbout(GameAbout):
    """Papillon before its code: 2 to 5 players, both rounds or a practice round of one, its house rules."""

    name: ClassVar[str] = "papillon"
    replay_prefix: ClassVar[str] = "p"
    rules_page: ClassVar[str] = "papillon"
    min_players: ClassVar[int] = min(DEALS)
    max_players: ClassVar[int] = max(DEALS)
    pitch: ClassVar[str] = "pa.pitch"
    minutes: ClassVar[int] = 10
    teaches: ClassVar[bool] = True
    level_names: ClassVar[tuple[str, ...]] = ("beginner", "quick", "strong")
    #: Its tournaments' bots (:data:`farfalia.games.papillon.bots.contest.BOTS`, imported only for them).
    bot_names: ClassVar[tuple[str, ...]] = (
        "random", "beginner", "heuristic", "strong", "omniscient", "hands-seen", "blue-seen", "orange-seen"
    )  # fmt: skip
    command_module: ClassVar[str] = "farfalia.games.papillon.command"
    contest_module: ClassVar[str] = "farfalia.games.papillon.bots.contest"
    review_module: ClassVar[str] = "farfalia.games.papillon.bots.review"
    texts: ClassVar[Mapping[str, str | tuple[str, str]]] = PAPILLON_FIRST_TEXTS
    #: It has no tricks to read out; its cards are picked up, then placed.
    unused_shortcuts: ClassVar[frozenset[str]] = frozenset((Command.LAST_TRICK,))
    help_play: ClassVar[str] = "pa.key.play"
    help_escape: ClassVar[str] = "pa.key.escape"
    share_note: ClassVar[str] = "pa.share-note"
    share_none: ClassVar[str] = "pa.share-none"

    def start_options(self, chosen: Mapping[str, str]) -> str:
        """How many players, the rounds, and its house rules (P-D5, P-D8, P-D13)."""
        return start_options(chosen)

    def seats(self, form: Mapping[str, str]) -> int:
        """The players chosen (two, where none are)."""
        players = ascii_int(form.get("players", ""))
        return players if players in DEALS else min(DEALS)


#: Papillon before its code, the one instance.
PAPILLON_ABOUT: Final = PapillonAbout()
#: Papillon as the site registers it (:mod:`farfalia.site`): its about, its code loaded when needed.
PAPILLON_GAME: Final = LazyGame(PAPILLON_ABOUT, f"{__package__}.site:PAPILLON_SITE")
