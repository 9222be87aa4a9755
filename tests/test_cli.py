"""The command line: simulate and bench."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from farfalia.cli import main
from farfalia.games.farfalia import command
from farfalia.games.farfalia.engine.rules import MODES, Settings
from farfalia.games.farfalia.engine.state import State
from tools import bench_core

ROOT = Path(__file__).resolve().parent.parent


def test_simulate_prints_one_json_object_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "simulate",
                "--mode",
                "three",
                "--variant",
                "burning",
                "--variant",
                "double-you",
                "--games",
                "3",
                "--seed",
                "9",
            ]
        )
        == 0
    )
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 3
    games = [json.loads(line) for line in lines]
    assert [g["seed"] for g in games] == [9, 10, 11]
    for game in games:
        assert game["mode"] == "three" and game["variants"] == ["burning", "double-you"]
        assert game["hands"] == 6 and len(game["scores"]) == 3
        assert set(game["winners"]) <= {0, 1, 2} and game["winners"]
        assert all(game["scores"][w] == max(game["scores"]) for w in game["winners"])


def test_simulate_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--mode", "basic5", "--games", "2", "--seed", "3"])
    first = capsys.readouterr().out
    main(["simulate", "--mode", "basic5", "--games", "2", "--seed", "3"])
    assert capsys.readouterr().out == first


def test_bench_prints_a_line_per_mode() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "farfalia", "bench", "--seconds", "0.05"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    lines = done.stdout.strip().splitlines()
    assert [line.split()[0] for line in lines] == list(MODES)
    assert all(float(line.split()[1]) > 0 and line.endswith("hands/s") for line in lines)


def test_bench_times_the_variants_named(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    timed = []

    def state(settings: Settings) -> State:
        timed.append(settings)
        return State(settings)

    monkeypatch.setattr(command, "State", state)
    assert main(["bench", "--mode", "four", "--variant", "burning", "--seconds", "0.05"]) == 0
    (line,) = capsys.readouterr().out.strip().splitlines()
    label = bench_core.LINE.match(line)
    assert label is not None and label["label"] == "four burning"
    assert timed and {(settings.mode, settings.variants) for settings in timed} == {("four", frozenset({"burning"}))}


def test_bad_arguments_exit_two() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "farfalia", "simulate", "--mode", "six"], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 2 and "invalid choice" in done.stderr


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_simulate_plays_papillon_at_every_player_count(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    """Random complete games through the checked API, one JSON object each, as Farfalia's;
    partners share their side's score (P-D7) and the best sides win (P-D42)."""
    argv = ["simulate", "--game", "papillon", "--players", str(players), "--games", "3", "--seed", "1"]
    assert main(argv) == 0
    games = [json.loads(line) for line in capsys.readouterr().out.strip().splitlines()]
    assert [game["seed"] for game in games] == [1, 2, 3]
    for game in games:
        scores = game["scores"]
        assert game["game"] == "papillon" and len(scores) == players and game["rounds"] == 2
        assert scores == [blue + orange for blue, orange in zip(*game["round_scores"], strict=True)]
        assert game["winners"] == [p for p in range(players) if scores[p] == max(scores)]
    assert main(argv) == 0 and [json.loads(line) for line in capsys.readouterr().out.splitlines()] == games


def test_simulate_takes_papillon_s_options_as_flags(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "papillon", "--players", "3", "--two-against-one", "--forced-capture"]
    assert main([*argv, "--rounds", "orange", "--seed", "4"]) == 0
    game = json.loads(capsys.readouterr().out)
    assert game["options"] == ["two-against-one", "forced-capture", "orange"] and game["rounds"] == 1
    assert len(set(game["scores"])) <= 2  # two sides
    assert main(["simulate", "--game", "papillon", "--players", "2", "--two-against-one"]) == 2
    assert "2 v 1 is an option of three players" in capsys.readouterr().err


def test_bench_prints_a_line_per_papillon_player_count_and_blue_table() -> None:
    """Games a second through the checked API, then through the search's unchecked playouts, per
    player count; then each blue table's captures found a second."""
    done = subprocess.run(
        [sys.executable, "-m", "farfalia", "bench", "--game", "papillon", "--seconds", "0.2"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    lines = done.stdout.strip().splitlines()
    games, unchecked, tables = lines[:4], lines[4:8], lines[8:]
    assert [line.split()[1] for line in games + unchecked] == ["2", "3", "4", "5"] * 2
    assert all(float(line.split()[3]) > 0 and line.endswith("games/s") for line in games)
    assert all(line.split()[3] == "unchecked" and float(line.split()[4]) > 0 for line in unchecked)
    assert [line.split()[3] for line in tables] == ["8", "20", "30", "49"]
    assert all(float(line.split()[5]) > 0 and line.endswith("captures") for line in tables)
    assert "all" in tables[0] and "(crowded)" in tables[-1]  # a table that discards have filled


def test_the_cores_are_measured_beside_a_baseline() -> None:
    """``tools/bench_core.py`` reads each line of ``bench`` (the words after the figure too) and
    prints today's figure beside the baseline's, with their ratio; a measure new since, without one."""
    lines = ["basic5           13288 hands/s", "blue table of 8 cards   32582.2 times/s all 7 captures"]
    read = [match.groupdict() for line in lines if (match := bench_core.LINE.match(line))]
    assert [(found["label"], found["figure"], found["unit"], found["rest"]) for found in read] == [
        ("basic5", "13288", "hands/s", ""),
        ("blue table of 8 cards", "32582.2", "times/s", " all 7 captures"),
    ]
    best = bench_core.best([{"basic5": (100.0, "hands/s")}, {"basic5": (120.0, "hands/s"), "new": (5.0, "games/s")}])
    assert best == {"basic5": (120.0, "hands/s"), "new": (5.0, "games/s")}
    table = bench_core.table({"basic5": (100.0, "hands/s")}, best, "abc123")
    assert table[0] == "| measure | baseline (abc123) | today | today / baseline |"
    assert table[2:] == ["| basic5 | 100 hands/s | 120 hands/s | 1.20× |", "| new | – | 5 games/s | – |"]
