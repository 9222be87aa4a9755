"""Command line, for every game of the site (``--game``, the first by default): ``simulate`` random
games, ``replay`` texts (encode a random game, decode one), ``analyse`` a replay text (the review of
its decisions), ``bench`` the rules core, ``tournament`` between bots. Each game adds its settings'
options (its :class:`farfalia.ui.game.CommandLine`'s ``add_arguments``)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from json import dumps
from typing import Any

import farfalia.site  # noqa: F401 (the site's games, registered)
from farfalia.bots.review import Grade, Review
from farfalia.bots.tournament import tournament
from farfalia.core.errors import FarfaliaError, SettingsError
from farfalia.core.interface import random_play
from farfalia.records.replay import read_replay
from farfalia.ui.game import SiteGame, find_game, site_games


def parser_for(game: SiteGame) -> argparse.ArgumentParser:
    """The command line's parser, with ``game``'s settings' options."""
    parser = argparse.ArgumentParser(prog="python -m farfalia", description="The site's games: their engines' tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    names = [g.name for g in site_games()]
    sim = commands.add_parser("simulate", help="play complete games with random legal actions: one JSON object a game")
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--seed", type=int, default=0)
    rep = commands.add_parser("replay", help="replay texts: encode a random game, or decode one")
    replays = rep.add_subparsers(dest="replay_command", required=True)
    enc = replays.add_parser("encode", help="play a random game and print its replay text")
    enc.add_argument("--seed", type=int, default=0)
    dec = replays.add_parser("decode", help="print a readable account of a replay text (of any game)")
    dec.add_argument("text")
    ana = commands.add_parser("analyse", help="review a replay text (of any game): every decision's loss and grade")
    ana.add_argument("text")
    ana.add_argument(
        "--seat", type=int, action="append", help="a seat to review (0-based; again for more; default: all)"
    )
    ana.add_argument("--json", action="store_true", help="one JSON object a decision, then one a player")
    ana.add_argument("--seed", type=int, default=0, help="the review's own seed (its sampled deals)")
    ana.add_argument("--playouts", type=int, help="playouts a valuation (default: the game's)")
    ben = commands.add_parser("bench", help="random-play throughput of the rules core")
    ben.add_argument("--seconds", type=float, default=2.0, help="time spent on each measure")
    tour = commands.add_parser("tournament", help="duplicate deals between bots, with 95%% confidence intervals")
    tour.add_argument("--bots", default="heuristic,random", help=f"comma-separated, from: {', '.join(game.bot_names)}"
                      "; strong:N searches N playouts")  # fmt: skip
    tour.add_argument("--deals", type=int, default=100, help="what a deal is depends on the game")
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: every core)")
    for command in (sim, enc, ben, tour):
        command.add_argument("--game", choices=names, default=names[0])
        game.command_line().add_arguments(command)
    return parser


def chosen_game(argv: Sequence[str]) -> SiteGame:
    """The game ``--game`` names (the site's first, where it names none or one unknown: the full
    parser then says so)."""
    first = argparse.ArgumentParser(add_help=False)
    first.add_argument("--game", default=site_games()[0].name)
    known, _ = first.parse_known_args(argv)
    try:
        return find_game(known.game)
    except SettingsError:
        return site_games()[0]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    game = chosen_game(argv)
    parser = parser_for(game)
    args = parser.parse_args(argv)
    commands = game.command_line()
    try:
        if args.command == "replay" and args.replay_command == "decode":
            replay = read_replay(args.text)
            print(find_game(replay.rules.name).command_line().describe(replay))
            return 0
        if args.command == "analyse":
            print("\n".join(analysis_lines(args)))
            return 0
        if args.command == "bench":
            for line in commands.bench(args):
                print(line, flush=True)
            return 0
        settings = commands.settings_from(args)
        if args.command == "simulate":
            for seed in range(args.seed, args.seed + args.games):
                print(dumps(commands.summary(random_play(game.rules, settings, seed), seed)))
        elif args.command == "replay":
            print(game.encode_replay(random_play(game.rules, settings, args.seed)))
        else:
            names = args.bots.split(",")
            if len(names) < 2:
                parser.error("--bots takes two bots or more")
            try:
                for name in names:
                    game.bot(name)
            except SettingsError as error:
                parser.error(str(error))
            report = tournament(game.name, settings, names, args.deals, args.seed, args.workers)
            print(f"{commands.describe_settings(settings)}, seed {args.seed}")
            print("\n".join(report.lines()))
    except FarfaliaError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


def analysis_lines(args: argparse.Namespace) -> list[str]:
    """``analyse``'s output: a row a judged decision, then a line a player (JSON objects with ``--json``)."""
    replay = read_replay(args.text)
    game = find_game(replay.rules.name)
    reviewing = game.reviewing()
    players = replay.rules.players(replay.settings)
    seats = args.seat
    if seats is not None and not all(0 <= seat < players for seat in seats):
        raise SettingsError(f"--seat takes 0 to {players - 1} in this game")
    review = Review(replay, reviewing, seats, args.seed, args.playouts).complete()
    names = replay.names or tuple(f"Player {seat + 1}" for seat in range(players))
    note = reviewing.notation
    rows: list[dict[str, Any]] = [
        {
            "decision": verdict.index + 1,
            "round": verdict.at.rounds + 1,
            "step": verdict.at.steps + 1,
            "player": verdict.player,
            "action": note(verdict.action),
            "best": note(verdict.best),
            "value": round(verdict.known.values[verdict.known.actions.index(verdict.action)], 2),
            "best_value": round(max(verdict.known.values), 2),
            "loss": round(verdict.loss, 2),
            "grade": verdict.grade.value,
            "all_seen_best": note(verdict.seen.best()),
            "all_seen_loss": round(verdict.seen_loss, 2),
        }
        for verdict in review.verdicts
    ]
    summaries = [summary for summary in review.summaries() if seats is None or summary.player in seats]
    if args.json:
        lines = [dumps(row) for row in rows]
        for summary in summaries:
            lines.append(dumps({
                "player": summary.player, "name": names[summary.player], "decisions": summary.decisions,
                "loss_per_decision": round(summary.mean_loss, 3),
                "all_seen_loss_per_decision": round(summary.mean_seen_loss, 3),
                "accuracy": round(summary.accuracy, 1),
                "grades": {grade.value: count for grade, count in summary.grades.items()},
            }))  # fmt: skip
        return lines
    width = max(8, *(len(row["action"]) for row in rows), *(len(row["best"]) for row in rows)) if rows else 8
    lines = [
        f"{game.command_line().describe_settings(replay.settings)}: {len(rows)} decisions judged, "
        f"{review.playouts} playouts a valuation, review seed {args.seed}",
        f"{'#':>4} {'at':>6}  {'player':<10} {'action':<{width}} {'best':<{width}} {'value':>6} {'best':>6} "
        f"{'loss':>5}  {'grade':<10}  all cards seen: {'best':<{width}} {'loss':>5}",
    ]
    for row in rows:
        lines.append(
            f"{row['decision']:>4} {row['round']:>3}.{row['step']:<2}  {names[row['player']][:10]:<10} "
            f"{row['action']:<{width}} {row['best']:<{width}} {row['value']:>6.2f} {row['best_value']:>6.2f} "
            f"{row['loss']:>5.2f}  {row['grade']:<10}  {'':16}"
            f"{row['all_seen_best']:<{width}} {row['all_seen_loss']:>5.2f}"
        )
    for summary in summaries:
        counts = ", ".join(
            f"{count} {grade.value}" for grade, count in summary.grades.items() if grade is not Grade.GOOD
        )
        lines.append(
            f"{names[summary.player]}: {summary.decisions} decisions, {summary.mean_loss:.2f} points lost a decision "
            f"(all cards seen {summary.mean_seen_loss:.2f}), accuracy {summary.accuracy:.0f}%; {counts}"
        )
    return lines
