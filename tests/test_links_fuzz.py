"""Forged links through the page's controller: each opens or is refused with a message
(``tools/fuzz_links.py`` runs millions by hand)."""

from __future__ import annotations

import itertools
import random

from tools.fuzz_links import fragments, open_link, real_replays, resign


def test_forged_and_hostile_links_open_or_are_refused() -> None:
    rng = random.Random(2026)
    outcomes = [open_link(fragment) for fragment in itertools.islice(fragments(rng, real_replays()), 1500)]
    assert True in outcomes and False in outcomes  # the fuzz reaches both ends


def test_unicode_digits_and_huge_numbers_are_refused_not_crashed() -> None:
    text = real_replays()[0]
    for hostile in ("at=²", "view=٣", "at=9999999999999", "view=-1", "controls=２", "theme=\ud800"):
        assert open_link(f"replay={text}&{hostile}") is False, hostile
    for settings in ("20rh" + "z" * 12, "20rt" + "z" * 12, "²0r", "20\ud800"):
        fields = text.split(".")
        fields[1] = settings
        assert open_link(f"replay={resign('.'.join(fields))}") is False, settings
