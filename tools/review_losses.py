"""How much the review finds lost by each kind of player: games played entirely by one bot
(every seat), each reviewed for every seat, and the losses' distribution printed a bot a line
(the grades' thresholds in ``docs/bots.md`` come from these figures).

    python tools/review_losses.py --game farfalia --form mode=basic5 --bots strong,heuristic,random --games 6
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import farfalia.site  # noqa: F401 (the site's games)
from farfalia.bots.review import Grade, Review
from farfalia.bots.roster import play_game
from farfalia.records.replay import Replay
from farfalia.ui.game import find_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="farfalia")
    parser.add_argument("--form", default="", help="the start screen's fields, key=value,… (mode=basic5)")
    parser.add_argument("--bots", default="strong,heuristic,random")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=9000, help="first deal (the tests use seeds below 1000)")
    args = parser.parse_args()
    site = find_game(args.game)
    form = dict(pair.split("=", 1) for pair in args.form.split(",") if pair)
    settings = site.settings_of(form)
    reviewing = site.reviewing()
    for name in args.bots.split(","):
        losses: list[float] = []
        grades = {grade: 0 for grade in Grade}
        started = time.perf_counter()
        for seed in range(args.seed, args.seed + args.games):
            bots = [site.bot(name) for _ in range(site.rules.players(settings))]
            game = play_game(site.rules, settings, seed, bots)
            replay = Replay(site.rules, settings, seed, (), tuple(game.actions))
            review = Review(replay, reviewing, seed=seed).complete()
            losses += [verdict.loss for verdict in review.verdicts]
            for verdict in review.verdicts:
                grades[verdict.grade] += 1
        cuts = statistics.quantiles(losses, n=20)
        print(
            f"{name:>10}: {len(losses)} decisions, mean loss {statistics.fmean(losses):.2f}, "
            f"median {cuts[9]:.2f}, 75% {cuts[14]:.2f}, 90% {cuts[17]:.2f}, 95% {cuts[18]:.2f}; "
            + ", ".join(f"{grade.value} {count / len(losses):.0%}" for grade, count in grades.items())
            + f" ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
