"""Languages: every catalog complete, plural forms, the choice of language, and a pseudo-
language render of every screen that finds no text left in English."""

from __future__ import annotations

import dataclasses
import gettext
import io
import itertools
import json
import random
import re
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

from farfalia.core.errors import FarfaliaError, ScenarioError
from farfalia.games.farfalia.engine.actions import parse_action
from farfalia.games.farfalia.page.explain import result_line
from farfalia.games.farfalia.page.texts import action_text, points_text
from farfalia.games.farfalia.records.examples import worked_example
from farfalia.games.farfalia.records.replay import decode, encode, encode_with_chance
from farfalia.games.farfalia.records.scenario import Scenario
from farfalia.games.papillon.page.words import ATOUT_NAMES
from farfalia.ui.contract import Command, Id
from farfalia.ui.controller import Controller
from farfalia.ui.diagrams import Diagrams
from farfalia.ui.embeds import read_still
from farfalia.ui.game import loaded_games
from farfalia.ui.language import LANGUAGES, SOURCE, choose_language, early_texts, set_language, speaking
from farfalia.ui.links import parse_link
from farfalia.ui.saves import SLOT_PREFIX, MemoryStorage
from farfalia.ui.texts import TEXT, error_note, error_text, message_text, plural_text, text, use_catalog
from tools.catalogs import ROOT, RULES_TEMPLATE, TEMPLATE, keyed, rules_catalogs, rules_template, template, translations
from tools.fuzz_links import fragments, real_replays

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def placeholders(message: str | tuple[str, ...]) -> set[str]:
    return set(PLACEHOLDER.findall(message if isinstance(message, str) else " ".join(message)))


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != SOURCE])
def test_every_catalog_translates_every_message(code: str) -> None:
    catalog = translations()[code]
    for key, english in TEXT.items():
        message = catalog.get(english if isinstance(english, str) else english[0], context=key)
        assert message is not None, f"{code}: {key} is missing"
        assert not message.fuzzy, f"{code}: {key} is fuzzy"
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert len(forms) == (1 if isinstance(english, str) else 2) and all(forms), f"{code}: {key} is untranslated"
        assert placeholders(message.string) == placeholders(english), f"{code}: {key} changes its placeholders"
    assert not catalog.obsolete and len(catalog) == len(TEXT)


def test_the_template_is_up_to_date() -> None:
    written = io.BytesIO()
    write_po(written, template(), width=100, sort_output=False)
    assert TEMPLATE.read_bytes() == written.getvalue(), "run: python tools/catalogs.py template && … update"
    written = io.BytesIO()
    write_po(written, rules_template(), width=100, sort_output=False)
    assert RULES_TEMPLATE.read_bytes() == written.getvalue(), "run: python tools/catalogs.py template && … update"


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != SOURCE])
def test_the_rules_catalogs_translate_every_paragraph(code: str) -> None:
    catalog = rules_catalogs()[code]
    english = {message.id for message in rules_template() if message.id}
    translated = {message.id for message in catalog if message.id and message.string and not message.fuzzy}
    assert translated == english and not catalog.obsolete


def test_french_keeps_its_spaced_punctuation_on_the_line_of_the_word_before() -> None:
    """French sets a space before ":", ";", "!" and "?": a no-break one, so that a narrow window
    never starts a line with the mark (the rules page's ": n'importe quel poisson")."""
    loose = re.compile(r"[ \u202f][:;!?]")
    for catalog in (translations()["fr"], rules_catalogs()["fr"]):
        for message in catalog:
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            assert not any(loose.search(form) for form in forms if form), message.id


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("en", ["0 points", "1 point", "2 points"]),
        ("fr", ["0 point", "1 point", "2 points"]),  # French: 0 is singular
        ("it", ["0 punti", "1 punto", "2 punti"]),
        ("de", ["0 Punkte", "1 Punkt", "2 Punkte"]),
    ],
)
def test_plural_forms_for_0_1_and_2(code: str, expected: list[str]) -> None:
    set_language(code)
    assert [points_text(n) for n in (0, 1, 2)] == expected
    leaves = [plural_text("family-count.leaf", n) for n in (0, 1, 2)]
    zero = leaves[1].replace("1", "0", 1) if code == "fr" else leaves[2].replace("2", "0", 1)
    assert leaves[1] != leaves[2] and leaves[0] == zero


@pytest.mark.parametrize(
    ("code", "one", "two"),
    [("fr", "Carl gagne.", "Carl et Emma gagnent."), ("de", "Carl gewinnt.", "Carl und Emma gewinnen."),
     ("it", "vince Carl.", "vincono Carl e Emma.")],
)  # fmt: skip
def test_a_lost_game_names_its_winners_with_their_verb_in_the_plural(code: str, one: str, two: str) -> None:
    """A five-player game has two winners or three: "Joueur 2 et Joueur 3 gagne" read wrong."""
    names = ["Barbara", "Carl", "Emma"]
    with speaking(code):
        assert result_line([1], [0], names).endswith(one)
        assert result_line([1, 2], [0], names).endswith(two)


def test_french_elides_de_before_a_name_that_begins_with_a_vowel() -> None:
    """ "Joueur fictif d'Ada", "Main d'Émile", but "de Bruno", "de E3" (a card's code), and no
    elision in a language whose catalog names none."""
    with speaking("fr"):
        assert text("dummy-of", name="Ada") == "Joueur fictif d'Ada"
        assert text("dummy-of", name="Émile") == "Joueur fictif d'Émile"
        assert text("dummy-of", name="Bruno") == "Joueur fictif de Bruno"
        assert text("dummy-of", name="E3") == "Joueur fictif de E3"
    with speaking("it"):
        assert text("dummy-of", name="Ada") == "Morto di Ada"
    assert text("dummy-of", name="Ada") == "Dummy of Ada"


def test_the_language_follows_the_choice_then_the_browser() -> None:
    assert choose_language(None, ["fr-CH", "en"]) == "fr"
    assert choose_language(None, ["pt-BR", "DE"]) == "de"
    assert choose_language(None, ["pt-BR"]) == choose_language(None, []) == "en"
    assert choose_language("it", ["de"]) == "it" and choose_language("xx", ["de"]) == "de"


def test_a_chosen_language_is_spoken_at_once_and_remembered() -> None:
    page = Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(1), languages=["de-AT"])
    page.open("")
    screen = page.screen()
    assert screen.lang == "de" and "Spielen" in screen.overlay and 'data-setting="language"' in screen.overlay
    page.set_preference("language", "fr")
    assert page.screen().lang == "fr" and ">Jouer<" in page.screen().overlay
    again = Controller(page.storage, "http://site/index.html", languages=["de"])
    assert again.screen().lang == "fr" and text("start") == "Jouer"


# ---------------------------------------------------------------- pseudo-language

#: Words the catalogs rightly leave alone: the names the test gives, each language's own
#: name, and the notation of cards and plays (``R3``, ``pick:B5``), which is the same in
#: every language.
#: Left alone too: Papillon's atouts keep the names printed on them in every language (on the
#: first screen's picture of it).
LEFT_ALONE = re.compile(
    r"\b(Ann|Ben|English|Français|Italiano|Deutsch|pick|discard|trump|W[RGBOF]\d|"
    + "|".join(re.escape(word) for name in ATOUT_NAMES for word in name.split())
    + r")\b"
)
#: Two ASCII letters in a row: English, since the pseudo-language has none.
ENGLISH = re.compile(r"[A-Za-z]{2,}")
#: The pseudo-language's letters: the full-width forms of ASCII's (``Ｓｔａｒｔ``).
FULL_WIDTH = {code: code + 0xFEE0 for code in range(ord("A"), ord("z") + 1) if chr(code).isalpha()}
#: ... and of the apostrophe, so that a quote left is one around a value given (``'x9'``).
PSEUDO = FULL_WIDTH | {ord("'"): ord("＇")}


def pseudo(message: str) -> str:
    """A message in the pseudo-language: its letters full-width, its placeholders kept."""
    parts = re.split(r"(\{\w+\})", message)
    return "⟦" + "".join(part if PLACEHOLDER.fullmatch(part) else part.translate(PSEUDO) for part in parts) + "⟧"


def pseudo_catalog() -> gettext.GNUTranslations:
    """Every message in the pseudo-language: a word of English left on a screen was never
    looked up in a catalog."""
    catalog = Catalog(locale="en", domain="farfalia")
    for key, english in TEXT.items():
        catalog.add(english, string=pseudo(english) if isinstance(english, str) else tuple(map(pseudo, english)),
                    context=key)  # fmt: skip
    compiled = io.BytesIO()
    write_mo(compiled, keyed(catalog))
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


class VisibleText(HTMLParser):
    """The text a page shows or reads out: text nodes, and labels, titles and placeholders
    (not the embed builder's snippets: code to copy)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.in_code = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.in_code = tag == "textarea"
        for name, value in attrs:
            if name in ("aria-label", "title", "placeholder", "alt") and value:
                self.found.append(value)

    def handle_endtag(self, tag: str) -> None:
        self.in_code = False

    def handle_data(self, data: str) -> None:
        if data.strip() and not self.in_code:
            self.found.append(data.strip())


def english_left(html: str) -> list[str]:
    parser = VisibleText()
    parser.feed(html)
    return [found for found in parser.found if ENGLISH.search(LEFT_ALONE.sub("", found))]


def every_screen(page: Controller) -> list[str]:
    """English words on the screen, and in what the screen reader hears and the note line says."""
    screen = page.screen()
    said = "".join(f"<p>{escape(line)}</p>" for line in [*page.take_announcements(), page.take_note() or ""])
    return english_left(screen.overlay + screen.bar + screen.tools + screen.table + said)


def test_every_screen_in_a_pseudo_language_shows_no_english() -> None:
    page = Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(5))
    use_catalog(pseudo_catalog())  # (the controller spoke English, the browser's language)
    page.open("")
    found = every_screen(page)
    form = {"mode": "basic5", "kind-0": "human", "name-0": "Ann", "name-1": "Ben", "seed": "3", "pace": "instant",
            "level": "quick", "dealer": "1", "variants": "double-you,burning"}  # fmt: skip
    form |= {f"kind-{k}": "bot" for k in range(1, 5)}
    page.command(Command.START, form)
    session = page.table
    assert session is not None
    for command in (Command.SHEET, Command.SETTINGS, Command.HELP):
        page.command(command)
        found += every_screen(page)
        page.key("Escape")
    while not session.game.is_over():
        while page.bot_delay() is not None:
            page.bot_move()
            while page.thinking and not page.think(1.0):
                pass
        found += every_screen(page)
        if session.game.is_over():
            break
        if page.screen().overlay and 'data-command="continue"' in page.screen().overlay:
            page.command(Command.CONTINUE)
            continue
        page.act(str(session.game.legal_actions()[0]))
        page.key("l")  # the last trick, read out
    page.open("replay=" + encode(session.game))
    found += every_screen(page)
    page.command(Command.EMBED)
    found += every_screen(page)
    page.command(Command.CLOSE_EMBED)
    page.command(Command.EDIT_POSITION)
    found += every_screen(page)
    editor = page.editor
    assert editor is not None
    for fields in ({"hand-1": "R1 R2 X9"}, {"plays": "B3 99"}, {"plays": "G13 G13"}, {"trump": ""}):
        page.edit(Id.EDITOR_FORM, {"mode": editor.mode, "dealer": str(editor.dealer), **fields})
        found += every_screen(page)  # the editor's reasons, in the pseudo-language
    assert not sorted(set(found)), "\n".join(sorted(set(found)))


def test_a_scenario_s_reason_is_worded_in_the_language_spoken() -> None:
    """The records layer keys its reasons; the page words them, an illegal pick's from its code."""
    example = worked_example()
    scenario = Scenario.from_replay(decode(encode_with_chance(example.game, example.names)))
    plays = list(scenario.plays[:16])  # Daniel took the only fish: Barbara may not take another
    set_language("fr")
    with pytest.raises(ScenarioError) as refused:
        dataclasses.replace(scenario, plays=(*plays, parse_action("pick:B13"))).check()
    assert str(refused.value).startswith("play 17 (pick:B13): ")  # English where nothing words it
    worded = error_text(refused.value)
    assert worded.startswith("coup 17 (pick:B13)\u00a0: ")  # a no-break space before the colon
    assert worded.endswith(text("reason.side-full", family="poisson"))
    short = dataclasses.replace(scenario, hands=(scenario.hands[0], scenario.hands[1][:-1], *scenario.hands[2:]))
    assert message_text(short.problems()[0]) == "Barbara a 9\u00a0; chaque main reçoit 10 cartes"


def test_the_words_shown_before_python_come_from_the_catalogs() -> None:
    """The loader's and the update banner's messages, in every language, placeholders kept
    (the build writes them into assets/texts.js; assets/loader.js reads every key)."""
    early = early_texts()
    loader = (ROOT / "assets" / "loader.js").read_text()
    assert set(early) == set(LANGUAGES)
    for code, words in early.items():
        assert set(words) == {key for key in TEXT if key.startswith(("loader.", "update."))}
        assert "{reason}" in words["loader.failed"]
        if code != SOURCE:
            assert all(words[key] != TEXT[key] for key in words), code
    assert all(f'words["{key}"]' in loader for key in early["en"])


def test_an_embed_speaks_the_language_its_link_asks_for() -> None:
    """``lang=`` in an embed's link: the embed speaks it; one the game does not speak is
    left out, and the embed speaks its reader's language."""
    game = Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(1))
    game.command(Command.START, {"mode": "four", "kind-0": "bot", "seed": "2"})
    session = game.table
    assert session is not None
    while not session.game.state.results:
        session.game.apply(session.game.legal_actions()[0])
    replay_text = encode(session.game)
    # The embed builder offers the choice; the still picture speaks the embed's language.
    game.open(f"replay={replay_text}")
    game.command(Command.EMBED)
    game.edit(Id.EMBED_FORM, {"size": "640x400", "theme": "light", "view": "all", "start": "end", "lang": "fr"})
    overlay = game.screen().overlay
    assert "lang=fr" in overlay and 'name="lang"' in overlay
    still = re.findall(r"still=([A-Za-z0-9_-]+)", overlay)[0]
    assert ">Proposition<" in read_still(still) and ">Proposal<" in game.screen().table
    # A script embed's diagram speaks its link's language too, whatever the host page speaks.
    diagrams = Diagrams([f"replay={replay_text}&lang=it", f"replay={replay_text}"])
    assert ">Proposta<" in diagrams.html(0) and ">Proposal<" in diagrams.html(1)
    embed = Controller(MemoryStorage(), "http://site/embed.html", embedded=True, languages=["en-GB"])
    embed.open(f"replay={replay_text}&lang=de")
    screen = embed.screen()
    assert screen.lang == "de" and ">Vorgabe<" in screen.table
    assert parse_link(f"replay={replay_text}&lang=xx").lang == ""
    assert parse_link(f"replay={replay_text}&lang=it").fragment().endswith("lang=it")
    other = Controller(MemoryStorage(), "http://site/embed.html", embedded=True, languages=["fr-CH"])
    other.open(f"replay={replay_text}&lang=xx")
    assert other.screen().lang == "fr"


def test_a_broken_link_says_why_in_the_language_spoken() -> None:
    """A link's and a replay's common faults are keyed: a German page says them in German."""
    page = Controller(MemoryStorage(), "http://site/index.html", languages=["de-AT"])
    page.open("replay=f2.000.x.1q.QW5k.damaged.xyz")
    overlay = page.screen().overlay
    assert "die Wiederholung ist beschädigt" in overlay, overlay
    page.open("replay=f2.000&at=x9")
    assert "die Position des Links ist keine Zahl: &#x27;x9&#x27;" in page.screen().overlay
    with pytest.raises(FarfaliaError, match="the link's position is not a number"):  # English elsewhere
        parse_link("replay=f2&at=x9")
    storage = MemoryStorage()
    storage.set(SLOT_PREFIX + "broken", "{not json")  # a damaged save, on the start screen
    start = Controller(storage, "http://site/index.html", languages=["de"])
    start.open("")
    assert "es ist kein lesbares JSON" in start.screen().overlay


#: A quoted value of the input (a name, a number, a word of a forged link): shown as it was given.
QUOTED = re.compile(r"'[^']*'")


def test_every_refusal_of_a_forged_link_or_a_damaged_save_is_worded_by_the_catalogs() -> None:
    """Whatever fault a link or a save has, the page says it in the language spoken: the fault,
    and what it holds (a replay's bad settings), are keyed; only the input itself is quoted."""
    pseudo_language = pseudo_catalog()

    def pseudo_page(storage: MemoryStorage) -> Controller:
        page = Controller(storage, "http://site/index.html", rng=random.Random(0))
        use_catalog(pseudo_language)  # (the controller spoke the browser's language, English)
        return page

    rng = random.Random(16)
    found = []
    for fragment in itertools.islice(fragments(rng, real_replays()), 600):
        page = pseudo_page(MemoryStorage())
        page.open(fragment)
        found += [QUOTED.sub("", line) for line in english_left(page.screen().overlay)]
    session = Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(0))
    session.command(Command.START, {"mode": "three", "kind-0": "human", "seed": "5", "pace": "instant"})
    assert session.table is not None
    good = json.loads(session.table.to_save())
    for broken in (
        {**good, "actions": good["actions"] + " pick:B3 B3 B3"},
        {**good, "actions": "nonsense"},
        {**good, "seed": "7"},
        {**good, "mode": "chess"},
        {**good, "variants": ["burnin"]},
        {**good, "first_dealer": 7},
        {**good, "hands": 8},
        {**good, "players": good["players"][:2]},
        {**good, "players": [{"name": 3, "bot": True}] * 3},
        {**good, "pace": "ludicrous"},
        {**good, "seen_hands": -1},
        {**good, "chance": "zz"},
        {**good, "format": 1, "variants": ["double-you"]},
    ):
        storage = MemoryStorage()
        storage.set(SLOT_PREFIX + "broken", json.dumps(broken))
        start = pseudo_page(storage)
        start.open("")
        overlay = start.screen().overlay
        assert "ｃａｎｎｏｔ ｂｅ ｒｅａｄ" in overlay, broken  # refused, and said so
        found += [QUOTED.sub("", line) for line in english_left(overlay)]
    english = sorted({line for line in found if ENGLISH.search(LEFT_ALONE.sub("", line))})
    assert not english, "\n".join(english[:20])


def test_a_click_the_screen_no_longer_offers_is_told_plainly_in_the_language_spoken() -> None:
    """A stale click (a bot played meanwhile, a card no longer playable, a hint or an undo out of
    turn) is a sentence in the note line, not a fault."""
    page = Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(0), languages=["fr"])
    page.open("")
    form = {"mode": "four", "kind-0": "human", "seed": "5", "pace": "normal", "dealer": "0"}
    page.command(Command.START, form | {f"kind-{k}": "bot" for k in (1, 2, 3)})
    session = page.table
    assert session is not None and session.actor() != 0  # a bot decides first
    notes = []
    for stale in (lambda: page.act("B3"), lambda: page.command(Command.HINT), lambda: page.command(Command.UNDO)):
        with pytest.raises(FarfaliaError) as refused:
            stale()
        notes.append(error_note(refused.value))
    assert notes == [text("not-your-turn"), text("hint-not-now"), text("undo-off")]
    assert notes[0] == "Ce n'est pas à vous de décider."
    while session.actor() != 0:
        session.bot_action()
    legal = session.game.legal_actions()
    unplayable = next(play for play in map(parse_action, ("R1", "G1", "B1", "O1")) if play not in legal)
    with pytest.raises(FarfaliaError) as refused:
        page.act(str(unplayable))
    assert error_note(refused.value) == f"{action_text(unplayable)}\u00a0: impossible maintenant."
    assert session.game.legal_actions() == legal  # and nothing changed


#: A message's key written out where it is said (``text("team", …)``; not a key built from parts).
SAID = re.compile(r"""\b(?:plural_)?text\(\s*(["'])([^"'{}]+)\1\s*[,)]""")


def keys_said(paths: list[Path]) -> set[str]:
    return {match[1] for path in paths for match in SAID.findall(path.read_text())}


def test_each_games_code_says_its_own_words_and_the_sites_only() -> None:
    """A game's code loads when first needed, its words with it: code saying another game's words
    (a Papillon seat's "team", once Farfalia's) fails while that game is still to load, and the
    generic code says the site's words alone."""
    games = loaded_games()
    own = {game.name: set(game.texts) for game in games}
    generic = set(TEXT) - set().union(*own.values())
    folders = {game.name: ROOT / type(game).__module__.rpartition(".")[0].replace(".", "/") for game in games}
    for game in games:
        said = keys_said(sorted(folders[game.name].rglob("*.py")))
        assert len(said) > 50 and said - own[game.name] - generic == set(), game.name
    generic_code = [path for path in (ROOT / "farfalia").rglob("*.py") if "games" not in path.parts]
    said = keys_said([*generic_code, ROOT / "main.py", ROOT / "diagrams.py"])
    assert len(said) > 100 and said - generic == set()
