"""Play N random games of every mode x variant combination through the checked
API and report any error: the engine's soak test (``make simulate``)."""

from __future__ import annotations

import argparse
import itertools
import time

from farfalia.cli import simulate
from farfalia.engine.rules import MODES, VARIANTS, Settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    combos = [frozenset(c) for k in range(len(VARIANTS) + 1) for c in itertools.combinations(VARIANTS, k)]
    for mode, variants in itertools.product(MODES, combos):
        start = time.perf_counter()
        games = simulate(Settings(mode, variants), args.games, args.seed)
        hands = sum(game["hands"] for game in games)  # type: ignore[misc]
        label = "+".join(sorted(variants)) or "plain"
        print(
            f"{mode:<12} {label:<20} {len(games)} games, {hands} hands, {time.perf_counter() - start:.1f} s", flush=True
        )


if __name__ == "__main__":
    main()
