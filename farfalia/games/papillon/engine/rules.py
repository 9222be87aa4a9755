"""Papillon's settings and the numbers of its deals (P-R7, P-R27, §1 of ``docs/PAPILLON.md``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from farfalia.core.errors import Message, SettingsError

#: The rounds a game may play (P-D5): both, or one as a practice game.
ROUNDS: Final = ("both", "blue", "orange")


class Deal(NamedTuple):
    """Cards per deal (or tour), deals (or tours) in a round, and the blue starting table."""

    cards: int
    deals: int
    table: int


#: By number of players (P-R7): each row uses the 58 cards of a deck (the orange round
#: turns 2 starting cards and lays what is left on the draw pile, P-D26).
DEALS: Final = {2: Deal(7, 4, 2), 3: Deal(6, 3, 4), 4: Deal(7, 2, 2), 5: Deal(11, 1, 3)}


#: The faults of Papillon's settings, in English, by key (a page words them through its catalogs).
PAPILLON_SETTINGS_PROBLEMS: Final = {
    "pa-settings-players": "Papillon seats 2 to 5 players, not {value}",
    "pa-settings-two-against-one": "2 v 1 is an option of three players",
    "pa-settings-rounds": "unknown rounds {value}; rounds: {rounds}",
    "pa-settings-dealer": "dealer {value} is not a seat of {players} players",
    "pa-settings-yang": "the Yang's number is 0 to 22, not {value}",
}


def _fault(key: str, **values: object) -> SettingsError:
    return SettingsError(Message(key, PAPILLON_SETTINGS_PROBLEMS[key], **values))


@dataclass(frozen=True)
class PapillonSettings:
    """Everything that fixes the rules of one Papillon game (the seed is given apart).

    ``two_against_one`` plays 2 v 1 at three players instead of three alone (P-D8);
    ``forced_capture`` forbids discarding when a capture is possible (P-D13, off by
    default); ``rounds`` is ``both`` or a practice game of one round (P-D5); ``dealer``
    is the seat that deals (P-D6); ``yang`` is the Yang's number (P-D9: 12 for now).
    """

    players: int = 2
    two_against_one: bool = False
    forced_capture: bool = False
    rounds: str = "both"
    dealer: int = 0
    yang: int = 12

    def __post_init__(self) -> None:
        if self.players not in DEALS:
            raise _fault("pa-settings-players", value=repr(self.players)[:24])
        if self.two_against_one and self.players != 3:
            raise _fault("pa-settings-two-against-one")
        if self.rounds not in ROUNDS:
            raise _fault("pa-settings-rounds", value=repr(self.rounds)[:24], rounds=", ".join(ROUNDS))
        if not 0 <= self.dealer < self.players:
            raise _fault("pa-settings-dealer", value=repr(self.dealer)[:24], players=self.players)
        if not 0 <= self.yang <= 22:
            raise _fault("pa-settings-yang", value=repr(self.yang)[:24])

    @property
    def deal(self) -> Deal:
        """This player count's deals."""
        return DEALS[self.players]

    @property
    def colours(self) -> tuple[str, ...]:
        """The rounds played, in order: ``blue`` then ``orange`` (P-D5)."""
        return ("blue", "orange") if self.rounds == "both" else (self.rounds,)

    @property
    def partners_to_choose(self) -> int:
        """How many partners the winner of the first roll picks (P-D8): 2 at five, 1 at
        three in 2 v 1, none otherwise (four plays opposite partners)."""
        return 2 if self.players == 5 else 1 if self.two_against_one else 0
