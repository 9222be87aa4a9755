"""rules.html: up to date with its generator, every diagram shows what its text says, and
the page's diagrams step in one runtime."""

from __future__ import annotations

import re
import sys
from html import escape, unescape
from pathlib import Path

import pytest

from farfalia.engine.cards import parse_card
from farfalia.engine.views import EMPTY, HIDDEN
from farfalia.records.replay import decode
from farfalia.ui.diagrams import STEPS, Diagram, Diagrams
from farfalia.ui.language import LANGUAGES, SOURCE, rules_page, speaking
from farfalia.ui.render import render_table
from farfalia.ui.texts import text
from farfalia.ui.viewer import ReplayViewer, ViewerMove

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import make_rules_page  # noqa: E402


def diagrams() -> list[ReplayViewer]:
    page = (ROOT / "rules.html").read_text()
    fragments = re.findall(r'data-farfalia="([^"]+)"', page)
    viewers = []
    for fragment in fragments:
        params = dict(part.split("=", 1) for part in unescape(fragment).split("&"))
        viewers.append(ReplayViewer(decode(params["replay"]), int(params["at"]), params["view"]))
    return viewers


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_rules_page_is_generated_from_the_examples(code: str) -> None:
    """One page per language, each up to date with its generator and its catalog."""
    path = ROOT / rules_page(code)
    assert path.read_text() == make_rules_page.page(code), "run: python tools/make_rules_page.py"


#: Names the translations keep as they are (the variants', a mode's).
SAME_IN_EVERY_LANGUAGE = {"Chinkway!", "Double You", "Burnin' Down the House"}


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != SOURCE])
def test_each_rules_page_speaks_its_language(code: str) -> None:
    """Every paragraph and heading translated, the diagrams the same as the English page's
    (their pictures in the page's language), and links to the other languages."""
    page, english = (ROOT / rules_page(code)).read_text(), (ROOT / "rules.html").read_text()
    left = [m for m in make_rules_page.messages() if escape(m) in page and m not in SAME_IN_EVERY_LANGUAGE]
    assert not left, left
    assert f'<html lang="{code}">' in page
    assert re.findall(r'data-farfalia="([^"]+)"', page) == re.findall(r'data-farfalia="([^"]+)"', english)
    with speaking(code):
        assert f">{escape(text('proposal'))}<" in page
    assert all(f'href="{rules_page(other)}"' in page for other in LANGUAGES if other != code)


def test_every_diagram_shows_its_moment() -> None:
    following, picking, nothing, trump, scoring, dummy, uncovered, turned, burn, doubled = diagrams()
    assert set(following.view().reasons.values()) == {None, "follow-suit"}
    assert sorted(a.card for a in picking.view().legal_actions if a.kind == "pick") == sorted(
        parse_card(c) for c in ("B2", "B3", "B5", "B11", "R3")
    )
    last = nothing.view().tricks[-1]
    assert last.picked == -1 and nothing.view().seats[last.winner].seat == 4  # Emma
    view = trump.view()
    assert view.to_act.player == 1 and view.reasons[parse_card("B13")] == "side-full"
    assert scoring.finished_hand().player_points == (3, 6, 10, 6, 10)
    assert dummy.view().to_act.decision == "play-dummy"
    assert uncovered.view().seat(3).layout[0] == (HIDDEN, EMPTY)
    assert turned.view().seat(3).layout[0] == (parse_card("R1"), EMPTY)
    assert burn.view().burnt == tuple(sorted(parse_card(c) for c in ("B3", "B5", "B9")))
    assert doubled.view().doubling == (False, True, False, False, True)  # Barbara and Emma, marked
    assert render_table(doubled.view(), doubled.names()).count('class="doubled-mark"') == 2
    doubled.move(ViewerMove.LAST)
    assert doubled.view().totals == (3, 12, 10, 6, 20)  # the worked example's 3, 6, 10, 6, 10


def test_the_page_holds_each_picture_and_the_card_art_once() -> None:
    page = (ROOT / "rules.html").read_text()
    figures = len(make_rules_page.DIAGRAMS) + len(make_rules_page.VARIANT_DIAGRAMS)
    assert page.count("<figure") == figures == page.count("<svg") - 1  # one more: the art
    assert page.count('id="sym-fish"') == 1 and 'class="shared-defs"' in page
    assert page.count("<iframe") == 0 and page.count('<script type="py"') == 1  # one runtime for the page
    assert page.count(" disabled>") == figures * len(STEPS)  # alive once Python runs


def test_diagrams_step_by_button_and_key_and_a_bad_link_is_a_message() -> None:
    page = (ROOT / "rules.html").read_text()
    fragments = [unescape(f) for f in re.findall(r'data-farfalia="([^"]+)"', page)]
    board = Diagrams([fragments[0], "replay=nonsense&at=3"])
    first = board.diagrams[0]
    assert isinstance(first, Diagram) and first.viewer.at == 5 and " disabled" not in board.html(0)
    assert "Action 6 of" in board.step(0, ViewerMove.NEXT)
    assert "Action 5 of" in (board.key(0, "ArrowLeft") or "")
    assert board.key(0, "x") is None and board.step(0, "jump-around") == board.html(0)
    assert board.html(1).startswith('<p class="diagram-error" role="alert">This link does not hold')
    assert board.step(1, ViewerMove.NEXT) == board.html(1) and board.key(1, "ArrowRight") is None
