"""Command line, for every game of the site (``--game``, the first by default): ``simulate`` random
games, ``replay`` texts (encode a random game, decode one), ``bench`` the rules core, ``tournament``
between bots. Each game adds its settings' options (:meth:`farfalia.ui.game.SiteGame.add_arguments`)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from json import dumps

import farfalia.site  # noqa: F401 (the site's games, registered)
from farfalia.bots.tournament import tournament
from farfalia.core.errors import FarfaliaError, SettingsError
from farfalia.core.interface import random_play
from farfalia.records.replay import read_replay
from farfalia.ui.game import SiteGame, find_game, site_games

COMMANDS = ("simulate", "replay", "bench", "tournament")


def parser_for(game: SiteGame) -> argparse.ArgumentParser:
    """The command line's parser, with ``game``'s settings' options."""
    parser = argparse.ArgumentParser(prog="python -m farfalia", description="The site's games: their engines' tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    names = [g.name for g in site_games()]
    sim = commands.add_parser("simulate", help="play complete games with random legal actions")
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--json", action="store_true", help="one JSON object a game (the default output)")
    rep = commands.add_parser("replay", help="replay texts: encode a random game, or decode one")
    replays = rep.add_subparsers(dest="replay_command", required=True)
    enc = replays.add_parser("encode", help="play a random game and print its replay text")
    enc.add_argument("--seed", type=int, default=0)
    dec = replays.add_parser("decode", help="print a readable account of a replay text (of any game)")
    dec.add_argument("text")
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
