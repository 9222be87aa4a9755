"""Embeds' links: the still picture an embed shows before Python runs."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from farfalia.games.farfalia.page.render import TYPE, render_table
from farfalia.games.farfalia.page.viewer import FarfaliaViewer
from farfalia.games.farfalia.records.examples import worked_example
from farfalia.games.farfalia.records.replay import decode, encode_with_chance
from farfalia.ui.embeds import EmbedOptions, read_still, still_picture, with_still
from farfalia.ui.links import MAX_STILL, Link, parse_link


@given(st.text())
def test_a_still_picture_reads_back_as_written(svg: str) -> None:
    still = still_picture(svg)
    assert read_still(still) == svg
    assert parse_link(Link("f2.x", 3, still=still).fragment()).still == still


def test_a_link_keeps_its_still_only_while_it_shows_that_position() -> None:
    link = parse_link("replay=f2.x&at=4&view=all&still=AbC-_9")
    assert link.still == "AbC-_9" and link.fragment().endswith("&still=AbC-_9")
    assert link.with_position(4, "all").still == "AbC-_9"
    assert link.with_position(5, "all").still == "" and link.with_position(4, "2").still == ""
    for damaged in ("not base64!", "<svg>", "A" * (MAX_STILL + 1)):
        assert parse_link(f"replay=f2.x&at=4&still={damaged}").still == ""  # the replay still opens


def test_a_still_too_long_for_a_link_is_left_out() -> None:
    rng = random.Random(1)
    noise = "".join(rng.choice("0123456789abcdef") for _ in range(3 * MAX_STILL))
    link = Link("f2.x", 0)
    assert with_still(link, noise) == link
    assert with_still(link, "<svg/>").still


def test_a_table_needs_no_stylesheet_to_read_as_in_the_page() -> None:
    """Every text carries its size (an image of the SVG sees no stylesheet), and the still
    of a whole five-player table stays well inside a link."""
    example = worked_example()
    viewer = FarfaliaViewer(decode(encode_with_chance(example.game, example.names)), 8)
    svg = render_table(viewer.view(), viewer.names(), layout=EmbedOptions().layout())
    root = ET.fromstring(svg)
    assert root.get("font-family")
    texts = root.iter("{http://www.w3.org/2000/svg}text")
    assert all(t.get("font-size") == str(TYPE[t.get("class", "")][0]) for t in texts)
    assert len(still_picture(svg)) < MAX_STILL
