"""The rules pages (rules.html, papillon.html): up to date with their generator, every diagram
shows what its text says, and a page's diagrams step in one runtime."""

from __future__ import annotations

import re
import sys
from html import escape, unescape
from pathlib import Path

import pytest

from farfalia.games.farfalia.engine.cards import parse_card
from farfalia.games.farfalia.engine.views import EMPTY, HIDDEN
from farfalia.games.farfalia.page.render import render_table
from farfalia.games.farfalia.page.viewer import FarfaliaViewer
from farfalia.games.farfalia.records.replay import decode
from farfalia.games.papillon.engine.cards import card_name as papillon_card_name
from farfalia.games.papillon.engine.cards import parse_card as parse_papillon_card
from farfalia.games.papillon.page.viewer import PapillonViewer
from farfalia.games.papillon.records.replay import decode_papillon
from farfalia.ui.archives import lazy_games
from farfalia.ui.diagrams import STEPS, UPRIGHT_BELOW, Diagram, Diagrams
from farfalia.ui.language import LANGUAGES, SOURCE, rules_page, speaking
from farfalia.ui.texts import text
from farfalia.ui.viewer import ViewerMove

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import make_rules_page  # noqa: E402
from catalogs import rules_catalogs  # noqa: E402


def diagrams() -> list[FarfaliaViewer]:
    page = (ROOT / "rules.html").read_text()
    fragments = re.findall(r'data-farfalia="([^"]+)"', page)
    viewers = []
    for fragment in fragments:
        params = dict(part.split("=", 1) for part in unescape(fragment).split("&"))
        viewers.append(FarfaliaViewer(decode(params["replay"]), int(params["at"]), params["view"]))
    return viewers


GAMES = ("farfalia", "papillon")
#: Each game's rules page's file stem.
STEMS = make_rules_page.STEMS


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_rules_page_is_generated_from_the_examples(code: str, game: str) -> None:
    """One page per game and language, each up to date with its generator and its catalog."""
    path = ROOT / rules_page(code, STEMS[game])
    assert path.read_text() == make_rules_page.page(code, game), "run: python tools/make_rules_page.py"


#: Names the translations keep as they are (the variants', a mode's, a word French shares).
SAME_IN_EVERY_LANGUAGE = {"Chinkway!", "Double You", "Burnin' Down the House", "Options"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != SOURCE])
def test_each_rules_page_speaks_its_language(code: str, game: str) -> None:
    """Every paragraph and heading translated, the diagrams the same as the English page's
    (their pictures in the page's language), and links to the other languages and game."""
    page, english = (
        (ROOT / rules_page(code, STEMS[game])).read_text(),
        (ROOT / rules_page(SOURCE, STEMS[game])).read_text(),
    )
    left = [m for m in make_rules_page.messages() if escape(m) in page and m not in SAME_IN_EVERY_LANGUAGE]
    assert not left, left
    assert f'<html lang="{code}">' in page
    assert re.findall(r'data-farfalia="([^"]+)"', page) == re.findall(r'data-farfalia="([^"]+)"', english)
    with speaking(code):
        shown = text("proposal") if game == "farfalia" else text("pa.round.blue")
        assert f">{escape(shown)}" in page
    assert all(f'href="{rules_page(other, STEMS[game])}"' in page for other in LANGUAGES if other != code)
    other_game = GAMES[1 - GAMES.index(game)]
    assert f'href="{rules_page(code, STEMS[other_game])}"' in page


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != SOURCE])
def test_each_translation_gives_the_english_pages_numbers(code: str) -> None:
    """Every translated paragraph of the rules pages has the numbers of its English (whose worked
    numbers the diagram tests check against the engine): a scoring's 130 and 60 stay 130 and 60."""
    wrong = [
        (message.id, message.string)
        for message in rules_catalogs()[code]
        if message.id
        and message.string
        and sorted(re.findall(r"\d+", str(message.id))) != sorted(re.findall(r"\d+", str(message.string)))
    ]
    assert not wrong, wrong


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
    # The hand is scored and the next waits to be dealt: the sidebar names hand 1 and its proposal.
    scored = scoring.view()
    assert scored.phase == "deal" and scored.hand_number == 1 and scored.proposal == ()
    sidebar = render_table(scored, scoring.names()).split('class="info"', 1)[1].split('class="seat', 1)[0]
    assert ">Hand 1<" in sidebar and sidebar.count('class="card subject') == 5
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
    figures = len(make_rules_page.PAGES["farfalia"].diagrams())
    assert page.count("<figure") == figures == page.count("<svg") - 1  # one more: the art
    assert page.count('id="sym-fish"') == 1 and 'class="shared-defs"' in page
    assert page.count("<iframe") == 0 and page.count('<script type="py"') == 1  # one runtime for the page
    assert page.count(" disabled>") == figures * len(STEPS)  # alive once Python runs


#: A figure the build drew: its link, and its picture.
BUILT_FIGURE = r'<figure class="diagram" data-farfalia="([^"]+)" data-built [^>]*>(.*?)</figure>'


def test_a_picture_the_build_drew_comes_to_life_by_its_buttons_alone() -> None:
    """Every figure of every rules page holds the very picture :meth:`Diagrams.html` draws but
    for its disabled step buttons: the page only enables them. A figure the build did not draw,
    or whose link cannot be shown, is drawn."""
    for game, stem in make_rules_page.STEMS.items():
        for code in LANGUAGES:
            page = (ROOT / rules_page(code, stem)).read_text()
            figures = re.findall(BUILT_FIGURE, page, re.S)
            assert len(figures) == page.count("<figure") == len(make_rules_page.PAGES[game].diagrams()), (game, code)
            board = Diagrams([unescape(fragment) for fragment, _ in figures])
            with speaking(code):
                for index, (_, picture) in enumerate(figures):
                    assert board.drawn_by_the_build(index, built=True)
                    assert unescape(board.html(index)) == unescape(picture).replace(" disabled>", ">")
    board = Diagrams([unescape(figures[0][0]), "replay=nonsense&at=3"])
    assert not board.drawn_by_the_build(0, built=False) and not board.drawn_by_the_build(1, built=True)


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


@pytest.mark.parametrize("stem", ["rules", "papillon"])
def test_a_narrow_figure_is_drawn_upright_and_a_wide_one_wide_again(stem: str) -> None:
    """The build's wide picture at a phone's width wrote Farfalia's words 3 to 5 px high: a figure
    narrower than UPRIGHT_BELOW is drawn upright, for its width (the layout's stage), and its
    steps keep it so; wider again (the phone turned), it is drawn wide. A figure
    not laid out (0 px) or whose link cannot be shown stays as it is."""
    page = (ROOT / f"{stem}.html").read_text()
    fragments = [unescape(f) for f in re.findall(r'data-farfalia="([^"]+)"', page)]
    board = Diagrams([fragments[0], "replay=nonsense&at=3"])
    built = board.html(0)
    assert "layout-wide" in built and board.fit(0, 0) is None and board.fit(0, UPRIGHT_BELOW) is None
    upright = board.fit(0, 331)
    assert upright is not None and "layout-tall" in upright and "layout-wide" not in upright
    assert board.fit(0, 331) is None and board.html(0) == upright  # (drawn once)
    assert "layout-tall" in board.step(0, ViewerMove.NEXT) and "layout-tall" in (board.key(0, "ArrowLeft") or "")
    assert board.html(0) == upright  # back at its moment, as drawn
    wider = board.fit(0, 392)  # a larger phone: drawn for it (Papillon's words grow with the width)
    assert wider is not None and "layout-tall" in wider
    assert board.fit(0, 800) == built  # turned: wide, as the build drew it (its buttons live)
    assert board.fit(1, 331) is None  # the bad link's message stays


def test_a_diagram_whose_games_code_did_not_come_keeps_its_picture_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its game's archive could not be fetched (a first visit losing the network): the picture the
    build wrote stays, the message beside it; a bad link's figure is the message alone."""
    page = (ROOT / "rules.html").read_text()
    fragments = [unescape(f) for f in re.findall(r'data-farfalia="([^"]+)"', page)]
    game = next(game for game in lazy_games() if game.name == "farfalia")
    monkeypatch.setattr(game, "_game", None)
    monkeypatch.setitem(sys.modules, game.site_module, None)  # its code not here
    board = Diagrams([fragments[0], "replay=nonsense&at=3"])
    assert board.pictures_kept == {0} and not board.drawn_by_the_build(0, built=True)
    assert board.html(0) == (
        '<p class="diagram-error" role="alert">Farfalia could not be loaded: check the connection, then try again.</p>'
    )
    assert board.html(1).startswith('<p class="diagram-error" role="alert">This link does not hold')


def papillon_diagrams() -> list[PapillonViewer]:
    page = (ROOT / "papillon.html").read_text()
    viewers = []
    for fragment in re.findall(r'data-farfalia="([^"]+)"', page):
        params = dict(part.split("=", 1) for part in unescape(fragment).split("&"))
        viewers.append(PapillonViewer(decode_papillon(params["replay"]), int(params["at"]), params["view"]))
    return viewers


def names(cards: list[int]) -> list[str]:
    return sorted(papillon_card_name(card) for card in cards)


def test_every_papillon_diagram_shows_its_moment() -> None:
    sign, total, same, papillon, couteau, blue_end, placing, two, signs, chat_noir, counter, drawn, orange_end = (
        papillon_diagrams()
    )
    anna, marc = 0, 1
    # The rulebook's example: Moins and Yin take the Chat Noir and the 10 (22 - 10 = 12).
    assert names(sign.game.table) == ["CN", "E10"] and sign.game.current_player() == anna
    sign.move(ViewerMove.NEXT)
    assert sign.last_play() == "Anna plays Moins + Yin and takes 10 of Éléments, Chat Noir (22 − 10 = 12)."
    assert names(total.game.table) == ["D5", "F6"] and "S11" in names(total.game.hands[marc])
    assert names(same.game.table) == ["E3"] and "D3" in names(same.game.hands[marc])
    assert names(papillon.game.table) == ["F2", "F9"] and "PA" in names(papillon.game.hands[anna])
    assert names(couteau.game.table) == ["S7"] and names(couteau.game.hands[anna]) == ["CS"]
    assert blue_end.game.is_over() and blue_end.game.round_scores() == [(130, 60)]  # Anna 130, Marc 60
    assert names(placing.game.layout[0]) == ["D5o", "E5o"] and names(placing.game.layout[2]) == ["S6o"]
    assert [papillon_card_name(c) for c in two.game.layout[2]] == ["S6o", "D6o", "F7o"]
    assert names(signs.game.layout[6]) == ["MOo"] and signs.game.layout[2][-1] == parse_papillon_card("E7o")
    assert {signs.game.fits(n, 2) for n in (6, 7)} == {True} and not signs.game.fits(8, 2)  # only a 7 or a 6
    assert names(chat_noir.game.layout[10]) == ["CNo"] and chat_noir.game.phase == "attacked"
    assert len(counter.game.hands[anna]) == 9 and names(counter.game.layout[10]) == ["CNo", "PAo"]
    # A moment set up by hand (P-E19): attacked, Marc draws three, the Papillon among them, and counters (P-D36 b).
    assert drawn.game.phase == "attacked" and drawn.game.current == marc and "PA" not in names(drawn.game.hands[marc])
    drawn.move(ViewerMove.NEXT)
    assert "PA" in names(drawn.game.hands[marc]) and len(drawn.game.hands[marc]) == 7
    drawn.move(ViewerMove.NEXT)
    assert names(drawn.game.layout[10]) == ["CNo", "PA"] and len(drawn.game.hands[anna]) == 6
    assert drawn.game.current == anna
    assert orange_end.game.round_scores() == [(-60, -36)] and orange_end.game.tour_points == [60, 30]


def test_the_papillon_page_holds_each_picture_and_its_art_once() -> None:
    page = (ROOT / "papillon.html").read_text()
    figures = len(make_rules_page.PAGES["papillon"].diagrams())
    assert page.count("<figure") == figures == 13 == page.count("<svg") - 1  # one more: the art
    assert page.count('id="pa-E"') == 1 and 'class="shared-defs"' in page and 'id="sym-fish"' not in page
    board = Diagrams([unescape(f) for f in re.findall(r'data-farfalia="([^"]+)"', page)][:1])
    assert "Action 1 of 11" in board.step(0, ViewerMove.NEXT) and "22 &#8722; 10 = 12" in board.html(0)
    assert board.html(0).isascii()  # as the page writes it (farfalia.ui.screen.page_markup)
    assert 'aria-label="Next turn"' in board.html(0)
    assert 'id="pa-E"' in board.shared_defs() and 'id="sym-fish"' not in board.shared_defs()
