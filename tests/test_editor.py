"""The scenario editor and the embed builder through the page's controller, as the page drives them."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from farfalia.games.farfalia.page.editor import ScenarioEditor
from farfalia.games.farfalia.page.render import THEME_COLOURS, render_table
from farfalia.games.farfalia.page.viewer import FarfaliaViewer
from farfalia.games.farfalia.records.examples import worked_example
from farfalia.games.farfalia.records.replay import decode, encode_with_chance
from farfalia.games.papillon.engine.cards import parse_card
from farfalia.games.papillon.page.editor import PapillonEditor
from farfalia.games.papillon.records.replay import decode_papillon
from farfalia.ui.contract import Command, Id
from farfalia.ui.controller import Controller
from farfalia.ui.embeds import EmbedOptions, read_still
from farfalia.ui.saves import MemoryStorage


def page() -> Controller:
    return Controller(MemoryStorage(), "http://site/farfalia/index.html", rng=random.Random(3))


def ready_editor(controller: Controller) -> ScenarioEditor:
    controller.command(Command.EDITOR)
    controller.command(Command.EDITOR_FILL)
    editor = controller.editor
    assert editor is not None
    editor.trump = "B"
    assert editor.problem() is None
    return editor


def test_a_scenario_is_built_played_on_and_taken_to_the_table() -> None:
    controller = page()
    editor = ready_editor(controller)
    overlay = controller.screen().overlay
    assert "Ready: Player 2 to play." in overlay
    legal = re.findall(r'data-action="([^"]+)"', overlay)
    assert legal, "the preview offers the playable cards"
    controller.act(legal[0])
    assert [str(a) for a in editor.plays] == [legal[0]]
    controller.command(Command.EDITOR_SHARE)
    assert controller.share_link is not None and "#replay=f2." in controller.share_link
    assert decode(controller.share_link.split("replay=")[1].split("&")[0]).actions[-1] == editor.plays[-1]
    controller.command(Command.CLOSE_SHARE)
    controller.command(Command.EDITOR_PLAY, {"you": "1"})
    session = controller.table
    assert session is not None and controller.editor is None
    assert [str(a) for a in session.game.actions][-1] == legal[0]
    assert [p.bot for p in session.players] == [True, False, True, True, True]
    resumed = session.from_save(session.to_save())  # the deal survives a save
    assert resumed.game.state == session.game.state


def test_an_impossible_scenario_says_why_and_cannot_be_played() -> None:
    controller = page()
    editor = ready_editor(controller)
    fields = {"mode": "basic5", "dealer": "0", "hand-1": "R1 R2 R1 X9"}
    controller.edit(Id.EDITOR_FORM, fields)
    assert editor.typing_error == "Player 2: 'X9' is not a card (e.g. B11, R3)"  # told, left out of the field
    assert "Player 2: &#x27;X9&#x27; is not a card" in controller.screen().overlay
    assert "Player 2 holds 2; each hand is dealt 10 cards" in editor.problems()
    assert 'data-command="editor-play" disabled' in controller.screen().overlay


def assert_still_shows(overlay: str, options: EmbedOptions, position: int) -> None:
    """Both snippets' links carry the same still picture: the table at the embed's start,
    in its theme, as its view sees it, arranged for its frame."""
    stills = re.findall(r"still=([A-Za-z0-9_-]+)", overlay)
    assert len(stills) == 3 and len(set(stills)) == 1  # the iframe, the script embed, the preview
    replay = decode(re.findall(r"replay=([^&]+)&", overlay)[0])
    viewer = FarfaliaViewer(replay, position, options.view)
    expected = render_table(
        viewer.view(), viewer.names(), THEME_COLOURS[options.theme], options.layout(), interactive=False
    )
    assert read_still(stills[0]) == expected


def test_the_viewer_edits_its_position_and_builds_embeds() -> None:
    example = worked_example()
    controller = page()
    controller.open(f"replay={encode_with_chance(example.game, example.names)}&at=8&view=3")
    controller.command(Command.EMBED)
    controller.edit(Id.EMBED_FORM, {"size": "320x240", "theme": "dark", "view": "3", "start": "here"})
    overlay = controller.screen().overlay
    assert 'width="320" height="240"' in overlay
    assert "http://site/farfalia/embed.html#replay=f2." in overlay and "at=8&amp;view=3&amp;controls=0" in overlay
    assert "http://site/farfalia/assets/embed.js" in overlay
    assert_still_shows(overlay, EmbedOptions("320x240", "dark", "3", "here", controls=False), position=8)
    fields = {"size": "800x500", "theme": "light", "view": "all", "start": "start", "controls": "on"}
    controller.edit(Id.EMBED_FORM, fields)
    assert_still_shows(controller.screen().overlay, EmbedOptions("800x500", "light", "all", "start"), position=0)
    controller.command(Command.CLOSE_EMBED)
    controller.command(Command.EDIT_POSITION)
    editor = controller.editor
    assert editor is not None and len(editor.plays) == 5  # two discards and trump, then five plays
    assert editor.problem() is None and editor.seat_names()[3] == "Daniel"


def test_a_papillon_round_is_set_up_played_on_shared_and_taken_to_the_table() -> None:
    controller = page()
    controller.command(Command.EDITOR, {"game": "papillon", "players": "3", "rounds": "orange", "name-0": "Ann"})
    editor = controller.editor
    assert isinstance(editor, PapillonEditor) and editor.settings.players == 3 and editor.settings.rounds == "orange"
    overlay = controller.screen().overlay
    assert "Ann holds 0; each hand is dealt 6 cards" in overlay and 'data-card="E5o"' in overlay
    # The rulebook's orange start: a 5 and an 8, the dealer (Ann) deals; Player 2 wins the roll.
    fields = {"players": "3", "rounds": "orange", "dealer": "0", "starter": "1", "direction": "-1", "seat": "3"}
    controller.edit(Id.EDITOR_FORM, {**fields, "hand-3": "E5o D8o"})
    controller.command(Command.EDITOR_CARD, {"card": "PAo"})  # into the starting cards, where it cannot go
    assert "PAo cannot be a starting card: starting cards have numbers (P-D27)" in editor.problems()
    controller.command(Command.EDITOR_CARD, {"card": "PAo"})  # and out again
    controller.command(Command.EDITOR_FILL)
    assert editor.problem() is None
    overlay = controller.screen().overlay
    assert "Ready: Player 2 to place a card." in overlay and "svg" in overlay
    preview = overlay.split('class="editor-preview"')[1]
    assert "layout-tall" in preview and 'viewBox="0 0 560 860"' in preview  # beside the form, words readable
    offered = re.findall(r'data-action="([^"]+)"', overlay.split('class="editor-next"')[1])
    assert offered and all("@" in action for action in offered)
    controller.act(offered[0])
    assert editor.plays_text() == offered[0]
    game = editor.playable()
    assert game.direction == -1 and game.layout[0][0] == parse_card("E5o") and game.layout[1][0] == parse_card("D8o")
    controller.command(Command.EDITOR_SHARE)
    assert controller.share_link is not None and "#replay=p1." in controller.share_link
    shared = decode_papillon(controller.share_link.split("replay=")[1].split("&")[0])
    assert shared.game().hands == game.hands and shared.names[0] == "Ann"
    controller.command(Command.CLOSE_SHARE)
    # Stepped through in the viewer, then edited again from there: the same deal and plays.
    controller.command(Command.EDITOR_STEP)
    assert controller.viewer is not None and controller.editor is None
    assert 'data-command="edit-position"' in controller.screen().bar
    controller.command(Command.EDIT_POSITION)
    again = controller.editor
    assert isinstance(again, PapillonEditor) and again.plays == editor.plays and again.hands == editor.hands
    controller.command(Command.EDITOR_PLAY, {"you": "0"})
    table = controller.table
    assert table is not None and controller.editor is None
    assert table.game.hands == game.hands and [p.bot for p in table.players] == [False, True, True]


def test_a_papillon_set_up_says_why_it_cannot_be_played() -> None:
    controller = page()
    controller.command(Command.EDITOR, {"game": "papillon", "players": "5"})
    editor = controller.editor
    assert isinstance(editor, PapillonEditor)
    fields = {"players": "5", "rounds": "blue", "dealer": "0", "starter": "0"}
    controller.edit(Id.EDITOR_FORM, {**fields, "hand-0": "E1 E2 E1o X9", "hand-5": "E2 CN"})
    problems = editor.problems()
    assert not any("partners" in problem for problem in problems)  # the first choice until another is made
    assert (
        editor.typing_error
        == "Player 1: 'X9' is not a card of this round's deck (e.g. E5, S11, CN; E5o, CNo in the orange round)"
    )
    assert "Player 1 holds 2; each hand is dealt 11 cards" in problems  # E1, E2: a card is given once
    assert "the table starts with 3 cards, not 1" in problems  # CN
    assert "Player 2 holds 0; each hand is dealt 11 cards" in problems
    assert 'data-command="editor-play" disabled' in controller.screen().overlay
    controller.command(Command.EDITOR_CLEAR)
    controller.command(Command.EDITOR_FILL)
    assert editor.problem() is None
    assert "Partners: " in controller.screen().overlay  # the choice of partners (P-D8)
    controller.edit(Id.EDITOR_FORM, {**fields, "players": "3", "two-against-one": "on"})
    assert "Partners: " in controller.screen().overlay and editor.setup.partners is not None  # P-D8, 2 v 1


def test_a_papillon_moment_is_set_up_place_by_place_checked_shared_and_played() -> None:
    """An orange moment (P-E19): Cy, in the second tour, attacked by Bo's Chat Noir; the engine
    says what is wrong as it is typed (a Couteau Suisse on a sequence without its number), then
    the moment is ready, its link short, and it goes to the table as set up."""
    controller = page()
    controller.command(Command.EDITOR, {"game": "papillon", "players": "3", "rounds": "orange"})
    editor = controller.editor
    assert isinstance(editor, PapillonEditor)
    names = {"name-0": "Ann", "name-1": "Bo", "name-2": "Cy"}
    fields = {"players": "3", "rounds": "orange", "start": "moment", **names}
    controller.edit(Id.EDITOR_FORM, fields)
    assert editor.moment and len(editor.hands) == 3 + 11
    overlay = controller.screen().overlay
    for label in ("Plays now", "Tour", "Cards in the draw pile", "Tour points of Player 1", "Sequence 1", "Centre"):
        assert label in overlay
    assert 'data-card="E5"' in overlay and 'data-card="E5o"' in overlay  # both decks reach the layout
    moment = {
        **fields, "starter": "0", "to-act": "2", "tour": "2", "draw-pile": "5", "points-0": "20", "points-2": "20",
        "attacked": "on", "hand-0": "E9o D2 F3o", "hand-1": "S1o CS", "hand-2": "F4o E4", "hand-3": "E5o D5o",
        "hand-4": "S8o", "hand-5": "E6o E7o", "hand-6": "CSo", "hand-9": "PL", "hand-13": "CNo",
    }  # fmt: skip
    controller.edit(Id.EDITOR_FORM, moment)
    assert editor.problems() == ["the Couteau Suisse on Sequence 2 stands for a number from 0 to 11: write it CSo=5"]
    controller.edit(Id.EDITOR_FORM, {**moment, "hand-6": "CSo=4"})
    assert editor.problem() is None
    overlay = controller.screen().overlay
    assert 'value="CSo=4"' in overlay and "Ready: Player 3 to counter the Chat Noir or draw 3 cards." in overlay
    game = editor.playable()
    assert game.phase == "attacked" and game.tour == 2 and game.tour_points == [20, 0, 20] and len(game.draw_pile) == 5
    assert game.tops[3] == 4  # the Couteau Suisse stands for 4
    controller.command(Command.EDITOR_SHARE)
    assert controller.share_link is not None
    text = controller.share_link.split("replay=")[1].split("&")[0]
    assert ".Po" in text and len(text) <= 200
    assert decode_papillon(text).game().layout == game.layout
    controller.command(Command.CLOSE_SHARE)
    controller.command(Command.EDITOR_PLAY, {"you": "2"})
    table = controller.table
    assert table is not None and table.game.layout == game.layout and table.game.phase == "attacked"


def test_a_papillon_deal_played_on_becomes_a_moment_as_it_stands() -> None:
    """A blue deal set up and played on three plays; "A moment of the round" keeps the round as
    it stands: the same hands, table and piles, the plays folded into the moment."""
    controller = page()
    controller.command(Command.EDITOR, {"game": "papillon"})
    editor = controller.editor
    assert isinstance(editor, PapillonEditor)
    controller.command(Command.EDITOR_FILL)
    for _ in range(3):
        controller.act(
            re.findall(r'data-action="([^"]+)"', controller.screen().overlay.split('class="editor-next"')[1])[0]
        )
    before = editor.playable()
    controller.edit(Id.EDITOR_FORM, {"players": "2", "rounds": "blue", "start": "moment"})
    assert editor.moment and editor.plays == [] and editor.problem() is None
    after = editor.playable()
    assert (after.hands, after.table, after.piles, after.current) == (
        before.hands,
        before.table,
        before.piles,
        before.current,
    )
    assert "Captured last" in controller.screen().overlay
    controller.edit(Id.EDITOR_FORM, {"players": "2", "rounds": "blue", "start": "deal"})
    assert not editor.moment and editor.hands == [[], [], []]


FIELD_NAMES = ["players", "rounds", "dealer", "starter", "direction", "partners", "seat", "you", "plays",
               "two-against-one", "forced-capture", *(f"hand-{k}" for k in range(17)), "start", "to-act",
               "last-capturer", "papillon-took-chat-noir", "tour", "draw-pile", "points-0", "points-2",
               "attacked"]  # fmt: skip


#: Values a form may hold: any text, or one that means something to some field.
FIELD_VALUES = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["0", "1", "2", "3", "4", "5", "9", "-1", "blue", "orange", "both", "on", "bots", "E5 E6 CN S11",
                     "E5o D8o", "CNo PAo E5o", "D5", "E5o@A1", "MO+YIxCN+E10", "clockwise", "18", "E1 " * 30,
                     "moment", "deal", "none", "CSo=5 E4", "CS=12", "1,2", "S4o E5 PL"]),
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.lists(st.dictionaries(st.sampled_from(FIELD_NAMES), FIELD_VALUES), min_size=1, max_size=4))
def test_papillons_editor_takes_any_form_and_says_why_or_plays(forms: list[dict[str, str]]) -> None:
    """Whatever the form says (numbers out of range, junk cards and plays), the editor keeps a
    set-up it can check: a game, or reasons; its screen is drawn either way."""
    controller = page()
    controller.command(Command.EDITOR, {"game": "papillon"})
    editor = controller.editor
    assert isinstance(editor, PapillonEditor)
    for fields in forms:
        controller.edit(Id.EDITOR_FORM, fields)
        game, problems = editor.checked()
        assert (game is None) == bool(problems) and all(isinstance(p, str) and p for p in problems)
        assert len(editor.hands) == editor.place_count() and len(editor.seat_names()) == len(editor.hands)
        assert editor.you == "bots" or int(editor.you) < editor.settings.players
        assert 'id="editor-status"' in controller.screen().overlay
    controller.command(Command.EDITOR_FILL)
    overlay = controller.screen().overlay
    if editor.game() is not None and 'class="editor-next"' in overlay:  # a play chosen from those offered plays on
        controller.act(re.findall(r'data-action="([^"]+)"', overlay.split('class="editor-next"')[1])[0])
        assert editor.problem() is None
