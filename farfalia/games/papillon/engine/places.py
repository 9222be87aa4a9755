"""The orange round's layout (P-R28): the two starting piles, four sequences, their four sign
places and the centre, by number and by the name the notation gives them."""

from __future__ import annotations

from typing import Final

#: The layout's places by number, named as the notation writes them.
PLACE_NAMES: Final = ("A1", "A2", "S1", "S2", "S3", "S4", "sign1", "sign2", "sign3", "sign4", "C")
PLACES: Final = len(PLACE_NAMES)
STARTS: Final = (0, 1)
SEQUENCES: Final = (2, 3, 4, 5)
SIGN_PLACES: Final = (6, 7, 8, 9)
CENTRE: Final = 10
