"""The command line: simulate and bench."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from farfalia.cli import main
from farfalia.engine.rules import MODES

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
                "--json",
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


def test_bad_arguments_exit_two() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "farfalia", "simulate", "--mode", "six"], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 2 and "invalid choice" in done.stderr
