"""Command line: ``simulate`` random games, ``replay`` texts, ``bench`` the rules core,
``tournament`` between bots. ``simulate`` and ``bench`` play Papillon too (``--game papillon``)."""

from __future__ import annotations

import argparse
import itertools
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from json import dumps
from typing import Final

from farfalia.bots.tournament import BOTS, make_bot, tournament
from farfalia.engine.definition import FARFALIA
from farfalia.engine.errors import FarfaliaError, SettingsError
from farfalia.engine.game import Game
from farfalia.engine.interface import random_play
from farfalia.engine.papillon.captures import capture_codes, run_steps, some_capture_codes_in_steps
from farfalia.engine.papillon.game import OFFERED_EACH
from farfalia.engine.papillon.rules import DEALS, ROUNDS, PapillonSettings
from farfalia.engine.papillon.views import PAPILLON
from farfalia.engine.rules import MODES, VARIANTS, Settings
from farfalia.engine.state import State
from farfalia.records import replay
from farfalia.ui.account import describe


def random_game(settings: Settings, seed: int) -> Game:
    """A complete Farfalia game of random legal actions (see :func:`random_play`)."""
    return random_play(FARFALIA, settings, seed)


def simulate(settings: Settings, games: int, seed: int) -> list[dict[str, object]]:
    """Summaries of ``games`` random games with seeds ``seed, seed + 1, …``."""
    summaries = []
    for offset in range(games):
        game = random_game(settings, seed + offset)
        summaries.append(
            {
                "mode": settings.mode,
                "variants": sorted(settings.variants),
                "seed": seed + offset,
                "hands": len(game.state.results),
                "actions": len(game.actions),
                "scores": list(game.totals),
                "winners": list(game.winners),
            }
        )
    return summaries


def simulate_papillon(settings: PapillonSettings, games: int, seed: int) -> list[dict[str, object]]:
    """Summaries of ``games`` random Papillon games with seeds ``seed, seed + 1, …``."""
    summaries = []
    for offset in range(games):
        game = random_play(PAPILLON, settings, seed + offset)
        summaries.append(
            {
                "game": "papillon",
                "players": settings.players,
                "options": _papillon_options(settings),
                "seed": seed + offset,
                "rounds": len(game.round_scores()),
                "actions": len(game.actions),
                "round_scores": [list(points) for points in game.round_scores()],
                "scores": list(game.returns()),
                "winners": list(game.winners),
            }
        )
    return summaries


def _papillon_options(settings: PapillonSettings) -> list[str]:
    flags = [name for name in ("two_against_one", "forced_capture") if getattr(settings, name)]
    return [flag.replace("_", "-") for flag in flags] + ([] if settings.rounds == "both" else [settings.rounds])


def bench_papillon(players: int, seconds: float, seed: int = 1, rounds: int = 5) -> float:
    """Complete random Papillon games a second through the checked API (seeds ``seed, seed + 1, …``)."""
    settings = PapillonSettings(players=players)
    seeds = itertools.count(seed)

    def one_game() -> int:
        random_play(PAPILLON, settings, next(seeds))
        return 1

    return _best_rate(one_game, seconds, rounds)


#: The blue tables :func:`bench_captures` measures, by their number of cards (the last two crowded).
BENCH_TABLES: Final = (8, 20, 30, 49)


def bench_captures(table_cards: int, seconds: float, rounds: int = 5) -> tuple[int, bool, float]:
    """A blue turn's captures at a table that discards have filled to ``table_cards`` cards
    (2 players, seed 5, every decision the first action offered, a discard): how many are listed
    (all, or at a crowded table the selection offered), whether the table is crowded, and how
    many times a second they are found (not remembered)."""
    game = PAPILLON.new(PapillonSettings(players=2, rounds="blue"), 5)
    while len(game.table) < table_cards or game.phase != "blue":
        game.apply(game.offered_actions()[0])
    hand, table, yang = game.hands[game.current], game.table, game.settings.yang
    crowded = game.crowded

    def find() -> list[int]:
        return (
            run_steps(some_capture_codes_in_steps(hand, table, yang, OFFERED_EACH))
            if crowded
            else capture_codes(hand, table, yang)
        )

    found = len(find())

    def find_all() -> int:
        find()
        return 1

    return found, crowded, _best_rate(find_all, seconds, rounds)


def bench(mode: str, seconds: float, seed: int = 1, rounds: int = 5) -> float:
    """Complete random hands a second in the rules core (:meth:`State.random_playout`)."""
    settings = Settings(mode)
    rng = random.Random(seed)

    def one_game() -> int:
        state = State(settings)
        state.random_playout(rng)
        return len(state.results)

    return _best_rate(one_game, seconds, rounds)


def _best_rate(run: Callable[[], int], seconds: float, rounds: int) -> float:
    """What ``run`` completes a second (it returns how many): the best of ``rounds`` timed
    rounds sharing ``seconds``, as ``timeit`` reports."""
    best = 0.0
    for _ in range(rounds):
        done = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds / rounds:
            done += run()
        best = max(best, done / elapsed)
    return best


def _settings(args: argparse.Namespace) -> Settings:
    return Settings(args.mode, frozenset(args.variant or ()))


def _papillon_settings(args: argparse.Namespace) -> PapillonSettings:
    return PapillonSettings(
        players=args.players,
        two_against_one=args.two_against_one,
        forced_capture=args.forced_capture,
        rounds=args.rounds,
        dealer=args.dealer,
        yang=args.yang,
    )


def _papillon_arguments(command: argparse.ArgumentParser) -> None:
    papillon = command.add_argument_group("Papillon's settings")
    papillon.add_argument("--players", type=int, choices=sorted(DEALS), default=2)
    papillon.add_argument("--two-against-one", action="store_true", help="2 v 1 at three players (P-D8)")
    papillon.add_argument("--forced-capture", action="store_true", help="no discard when a capture fits (P-D13)")
    papillon.add_argument("--rounds", choices=ROUNDS, default="both", help="a practice game of one round (P-D5)")
    papillon.add_argument("--dealer", type=int, default=0, help="the dealer's seat (P-D6)")
    papillon.add_argument("--yang", type=int, default=12, help="the Yang's number (P-D9)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m farfalia", description="Farfalia rules engine tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play complete games with random legal actions")
    sim.add_argument("--game", choices=("farfalia", "papillon"), default="farfalia")
    sim.add_argument("--mode", choices=MODES, default="basic5", help="Farfalia's mode")
    sim.add_argument("--variant", action="append", choices=VARIANTS, help="Farfalia's; repeat for both variants")
    _papillon_arguments(sim)
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--json", action="store_true", help="one JSON object a game (the default output)")
    rep = commands.add_parser("replay", help="replay texts: encode a random game, or decode one")
    replays = rep.add_subparsers(dest="replay_command", required=True)
    enc = replays.add_parser("encode", help="play a random game and print its replay text")
    enc.add_argument("--mode", choices=MODES, default="basic5")
    enc.add_argument("--variant", action="append", choices=VARIANTS, help="repeat for both variants")
    enc.add_argument("--seed", type=int, default=0)
    dec = replays.add_parser("decode", help="print a readable summary of a replay text")
    dec.add_argument("text")
    ben = commands.add_parser("bench", help="random-play throughput of the rules core, per mode")
    ben.add_argument("--game", choices=("farfalia", "papillon"), default="farfalia")
    ben.add_argument("--seconds", type=float, default=2.0, help="time spent on each mode")
    ben.add_argument("--mode", choices=MODES, action="append", help="only these modes (Farfalia)")
    ben.add_argument("--players", type=int, choices=sorted(DEALS), action="append", help="only these (Papillon)")
    tour = commands.add_parser("tournament", help="duplicate deals between bots, with 95%% confidence intervals")
    tour.add_argument("--game", choices=("farfalia", "papillon"), default="farfalia")
    tour.add_argument("--mode", choices=MODES, default="basic5")
    tour.add_argument("--variant", action="append", choices=VARIANTS, help="repeat for both variants")
    tour.add_argument(
        "--bots",
        default="heuristic,random",
        help=f"comma-separated, from: {', '.join(BOTS)}; strong:N searches N playouts",
    )
    _papillon_arguments(tour)
    tour.add_argument("--deals", type=int, default=100, help="Papillon: whole games")
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: every core)")
    args = parser.parse_args(argv)
    try:
        if args.command == "simulate" and args.game == "papillon":
            for summary in simulate_papillon(_papillon_settings(args), args.games, args.seed):
                print(dumps(summary))
        elif args.command == "simulate":
            for summary in simulate(_settings(args), args.games, args.seed):
                print(dumps(summary))
        elif args.command == "replay" and args.replay_command == "encode":
            print(replay.encode(random_game(_settings(args), args.seed)))
        elif args.command == "replay":
            print(describe(replay.decode(args.text)))
        elif args.command == "tournament":
            names = args.bots.split(",")
            try:
                for name in names:
                    make_bot(name, args.game)
            except SettingsError as error:
                parser.error(str(error))
            if len(names) < 2:
                parser.error("--bots takes two bots or more")
            settings: Settings | PapillonSettings
            if args.game == "papillon":
                settings = _papillon_settings(args)
                title = f"papillon {settings.players} players {' '.join(_papillon_options(settings))}"
            else:
                settings = Settings(args.mode, frozenset(args.variant or ()), first_dealer=0)
                title = f"{args.mode} {' '.join(sorted(settings.variants))}"
            report = tournament(settings, names, args.deals, args.seed, args.workers)
            print(title.strip() + f", seed {args.seed}")
            print("\n".join(report.lines()))
        elif args.game == "papillon":
            for players in args.players or sorted(DEALS):
                rate = bench_papillon(players, args.seconds)
                print(f"papillon {players} players {rate:>9.1f} games/s", flush=True)
            for cards in BENCH_TABLES:
                found, crowded, rate = bench_captures(cards, args.seconds)
                listed = f"a selection of {found} (crowded)" if crowded else f"all {found}"
                print(f"blue table of {cards} cards {rate:>9.1f} times/s {listed} captures", flush=True)
        else:
            for mode in args.mode or MODES:
                print(f"{mode:<12} {bench(mode, args.seconds):>9.0f} hands/s", flush=True)
    except FarfaliaError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0
