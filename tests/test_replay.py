"""Replay texts: round trips, sizes, and refusal of every kind of bad link of either game (fuzzed)."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from farfalia.core.errors import ReplayError
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import MODES, VARIANTS, Settings
from farfalia.games.farfalia.page.account import describe
from farfalia.games.farfalia.records.replay import decode, encode
from farfalia.games.papillon.engine.rules import PapillonSettings
from farfalia.games.papillon.records.replay import encode_finished_rounds, encode_papillon
from farfalia.records.replay import MAX_LENGTH, read_replay
from farfalia.ui.seating import clean_name, read_players
from tests.support import finished, random_game, under_way

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Player 1", "Player 2", "Player 3", "Player 4", "Player 5")
ALL_VARIANTS = [frozenset(c) for k in range(3) for c in itertools.combinations(VARIANTS, k)]


@pytest.mark.parametrize(("mode", "variants"), list(itertools.product(MODES, ALL_VARIANTS)))
def test_round_trip_rebuilds_the_game(mode: str, variants: frozenset[str]) -> None:
    game = random_game(Settings(mode, variants), seed=13)
    names = NAMES[: game.settings.players]
    text = encode(game, names)
    replay = decode(text)
    assert (replay.settings, replay.seed, replay.names, list(replay.actions)) == (
        game.settings, 13, names, game.actions,
    )  # fmt: skip
    assert replay.game().state == game.state
    assert all(c.isalnum() or c in "-_." for c in text)  # URL-safe as it stands


def test_a_game_in_progress_round_trips() -> None:
    game = Game(Settings("four", target=40, first_dealer=2), seed=99)
    chooser = random.Random(1)
    for _ in range(77):
        game.apply(chooser.choice(game.legal_actions()))
    assert decode(encode(game)).game().state == game.state


def test_sizes_of_complete_games(capsys: pytest.CaptureFixture[str]) -> None:
    sizes: dict[str, list[int]] = {"basic5": [], "chinkway10": []}
    for mode, seed in itertools.product(sizes, range(12)):
        for variants in (frozenset(), frozenset(VARIANTS)):
            sizes[mode].append(len(encode(random_game(Settings(mode, variants), seed), NAMES)))
    with capsys.disabled():  # shown in every run, not only on failure
        print(f"\nreplay sizes, five names of 8 letters: basic5 {min(sizes['basic5'])}-{max(sizes['basic5'])}, "
              f"chinkway10 {min(sizes['chinkway10'])}-{max(sizes['chinkway10'])} characters")  # fmt: skip
    assert max(sizes["basic5"]) <= 300
    assert max(sizes["chinkway10"]) <= 1200


@pytest.fixture(scope="module")
def valid() -> str:
    return encode(random_game(Settings("three", frozenset({"burning"})), 4), NAMES[:3])


@pytest.fixture(scope="module")
def texts(valid: str) -> list[str]:
    """A replay text of each kind: Farfalia's, Papillon's with its seed, and Papillon's game
    under way (its finished round's chance written out)."""
    papillon = encode_papillon(finished(PapillonSettings(3)), NAMES[:3])
    return [valid, papillon, encode_finished_rounds(under_way(PapillonSettings(2), 4, 2), NAMES[:2])]


def test_every_truncation_is_refused(texts: list[str]) -> None:
    for text in texts:
        for end in range(len(text)):
            with pytest.raises(ReplayError):
                read_replay(text[:end])


@settings(max_examples=300)
@given(st.data())
def test_altering_a_character_is_refused(texts: list[str], data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(texts))
    index = data.draw(st.integers(0, len(text) - 1))
    char = data.draw(st.sampled_from("abcXYZ019-_.~SRp"))
    altered = text[:index] + char + text[index + 1 :]
    if altered != text:
        with pytest.raises(ReplayError):
            read_replay(altered)


@settings(max_examples=400)
@given(st.one_of(st.text(max_size=300), st.text(max_size=200).map(lambda tail: "p1." + tail)))
def test_junk_is_refused_with_a_replay_error(text: str) -> None:
    """Either game's (a Papillon text starts ``p1.``)."""
    try:
        replay = read_replay(text)
    except ReplayError as error:
        assert str(error)
    else:  # only a real replay decodes, and it replays legally
        replay.game()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("f3.02r.7.58..AAAA.xxxxxx", "unsupported replay version 'f3'"),
        ("hello", "not a replay of a game of this site"),
        ("f1.02r.7", "truncated or malformed"),
        ("x" * 100_000, f"at most {MAX_LENGTH} characters"),
        ("p9.2000.1.0..AA.xxxxxx", "'p9'"),
        ("p1.9000.0.0..AA.xxxxxx", "damaged"),
        ("p1.2000.0.0", "truncated or malformed"),
    ],
)
def test_bad_links_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(ReplayError, match=message):
        read_replay(text)


def test_names_must_be_printable_and_short() -> None:
    game = random_game(Settings("two"), 1)
    for bad in (("ok", "two\nlines"), ("ok", "x" * 25), ("ok", "")):
        with pytest.raises(ReplayError):
            encode(game, bad)
    markup = ("<b>bold</b>", "<script>x</script>")
    assert decode(encode(game, markup)).names == markup  # data, escaped where shown
    joined = ("\U0001f469\u200d\U0001f4bb Ann", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645")  # emoji, Persian
    assert decode(encode(game, joined)).names == joined  # their joiners print nothing, yet belong


def test_a_name_as_typed_keeps_only_what_a_link_may_carry() -> None:
    """The start form's names are what a link carries: a control character typed (or pasted) is
    dropped, a joiner kept (an emoji's joined name was taken, then refused when the game was shared)."""
    assert clean_name("\x07Ann\u200b", 0) == "Ann"
    assert clean_name("\U0001f469\u200d\U0001f4bb Ann", 0) == "\U0001f469\u200d\U0001f4bb Ann"
    assert clean_name("\x07", 1) == "Player 2"
    saved = {"players": [{"name": "", "bot": False}, {"name": " \x07 ", "bot": True}]}
    assert [player.name for player in read_players(saved, 2)] == ["Player 1", "Player 2"]  # each by its seat


def test_describe_tells_the_whole_game(valid: str) -> None:
    text = describe(decode(valid))
    assert text.startswith("three (burning), seed 4: Player 1, Player 2, Player 3")
    assert text.count("Hand ") == 6 and "trick 13:" in text and text.splitlines()[-1].startswith("Winners: ")


def test_cli_encode_and_decode() -> None:
    run = [sys.executable, "-m", "farfalia", "replay"]
    text = subprocess.run([*run, "encode", "--mode", "two", "--seed", "5"], capture_output=True, text=True,
                          cwd=ROOT, check=True).stdout.strip()  # fmt: skip
    assert decode(text).settings.mode == "two"
    done = subprocess.run([*run, "decode", text], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0 and "Winners:" in done.stdout
    done = subprocess.run([*run, "decode", text[:-1]], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2 and done.stderr.startswith("error: the replay is damaged")


def test_chance_outcomes_that_break_the_rules_are_refused() -> None:
    from farfalia.records.replay import checksum as _check

    body = "f1.600.x.0...D" + "-".join(["0" * 13] * 4)  # the same card dealt 52 times
    with pytest.raises(ReplayError, match="break the rules"):
        decode(f"{body}.{_check(body)}")


def test_seed_33_written_x_in_base_36_is_not_taken_for_written_out_chance() -> None:
    game = random_game(Settings("basic5"), 33)
    assert encode(game).split(".")[2] == "x"
    assert decode(encode(game)).game().history == game.history
