"""Play N random games of every mode x variant combination through the checked
API and report any error: the engine's soak test (``make simulate``)."""

from __future__ import annotations

import argparse
import itertools
import time

from farfalia.core.interface import random_play
from farfalia.games.farfalia.engine.definition import FARFALIA_RULES
from farfalia.games.farfalia.engine.rules import MODES, VARIANTS, Settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    combos = [frozenset(c) for k in range(len(VARIANTS) + 1) for c in itertools.combinations(VARIANTS, k)]
    for mode, variants in itertools.product(MODES, combos):
        start = time.perf_counter()
        settings = Settings(mode, variants)
        games = [random_play(FARFALIA_RULES, settings, seed) for seed in range(args.seed, args.seed + args.games)]
        hands = sum(len(game.state.results) for game in games)
        label = "+".join(sorted(variants)) or "plain"
        print(
            f"{mode:<12} {label:<20} {len(games)} games, {hands} hands, {time.perf_counter() - start:.1f} s", flush=True
        )


if __name__ == "__main__":
    main()
