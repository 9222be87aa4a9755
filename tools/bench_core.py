"""Every game's rules core beside a baseline's, measured in one run (``python -m farfalia bench``
of each, interleaved, so both meet the same machine).

The baseline is a commit of this repository, exported to a temporary folder and run by the
same interpreter. Each round runs the baseline's benchmark then today's, game by game; a
figure is the best of the rounds. Printed as a Markdown table: each measure, the baseline's
figure, today's, and their ratio (a measure the baseline lacks shows "–").

Usage: ``python tools/bench_core.py [--baseline REF] [--rounds N] [--seconds S]``
(``make bench-core``; docs/speed.md keeps the figures).
"""

from __future__ import annotations

import argparse
import io
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import farfalia.site  # noqa: F401 (the site's games, registered)
from farfalia.ui.game import site_games

ROOT = Path(__file__).resolve().parent.parent
#: A benchmark's line: what it measures, its figure, the unit, and any words after it.
LINE = re.compile(r"^(?P<label>.*?)\s+(?P<figure>\d+(?:\.\d+)?) (?P<unit>\S+/s)(?P<rest>.*)$")


def exported(ref: str, into: Path) -> Path:
    """The repository's files at commit ``ref``, written under ``into``."""
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def measured(root: Path, game: str, seconds: float) -> dict[str, tuple[float, str]]:
    """``python -m farfalia bench --game game`` of the code under ``root``: each measure's
    figure and unit, by its words."""
    command = [sys.executable, "-m", "farfalia", "bench", "--game", game, "--seconds", str(seconds)]
    environment = {**os.environ, "PYTHONPATH": str(root)}
    output = subprocess.run(command, cwd=root, env=environment, check=True, capture_output=True, text=True).stdout
    figures = {}
    for line in output.splitlines():
        if match := LINE.match(line.strip()):
            label = f"{match['label']}{match['rest']}".strip()
            figures[label] = (float(match["figure"]), match["unit"])
    return figures


def best(runs: list[dict[str, tuple[float, str]]]) -> dict[str, tuple[float, str]]:
    """Each measure's highest figure over ``runs``."""
    kept: dict[str, tuple[float, str]] = {}
    for run in runs:
        for label, (figure, unit) in run.items():
            if label not in kept or figure > kept[label][0]:
                kept[label] = (figure, unit)
    return kept


def table(baseline: dict[str, tuple[float, str]], today: dict[str, tuple[float, str]], ref: str) -> list[str]:
    """The Markdown table of today's measures beside the baseline's."""
    lines = [f"| measure | baseline ({ref}) | today | today / baseline |", "|---|---:|---:|---:|"]
    for label, (figure, unit) in today.items():
        before = baseline.get(label)
        then = f"{before[0]:,.0f} {unit}" if before else "–"
        ratio = f"{figure / before[0]:.2f}×" if before and before[0] else "–"
        lines.append(f"| {label} | {then} | {figure:,.0f} {unit} | {ratio} |")
    return lines


def main() -> None:
    """Measure, then print a table a game."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default="HEAD", help="the commit to compare with (default: HEAD)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each, interleaved (default: 2)")
    parser.add_argument("--seconds", type=float, default=1.0, help="time each measure takes a run")
    parser.add_argument("--game", action="append", help="a game to measure (again for more; default: every one)")
    args = parser.parse_args()
    games = args.game or [game.name for game in site_games()]
    with tempfile.TemporaryDirectory(prefix="farfalia-baseline-") as folder:
        baseline_root = exported(args.baseline, Path(folder))
        for game in games:
            runs: dict[Path, list[dict[str, tuple[float, str]]]] = {baseline_root: [], ROOT: []}
            for _ in range(args.rounds):
                for root, kept in runs.items():
                    kept.append(measured(root, game, args.seconds))
            print(f"\n{game}, {args.rounds} rounds of {args.seconds:g} s a measure, the best of each:\n")
            print("\n".join(table(best(runs[baseline_root]), best(runs[ROOT]), args.baseline)), flush=True)


if __name__ == "__main__":
    main()
