"""Fuzz what a link can carry into the page: forged, re-signed replays of every game of the site
and hostile parameters, opened through the page's own controller in CPython.

Every input must either open or be refused with a clear message, quickly. Inputs start from real
replays (each game's :meth:`~farfalia.ui.game.SiteGame.sample_replays`: every mode and table, games
of random play, of bots and of the worst play, games shared under way) and are altered: characters and
runs of characters replaced or inserted (ASCII, Unicode digits such as "²" and "٣", full-width
digits, lone surrogates), whole fields replaced by huge numbers, and the check re-computed so the
decoder cannot lean on it; the ``at``, ``view``, ``controls`` and ``theme`` parameters get the same
treatment. ``tests/test_links_fuzz.py`` runs a few thousand in CI; by hand:

    .venv/bin/python tools/fuzz_links.py --inputs 100000 --game papillon

prints how many opened, how many were refused, the slowest input and any failure. ``--slow``
searches for slow links instead of sampling them: it keeps the slowest links met so far and
alters those (their actions' numbers, counts, settings and names above all), so that each round
starts from the worst yet; it prints the slowest it found (``tests/test_links_fuzz.py`` keeps them).
"""

from __future__ import annotations

import argparse
import random
import string
import time
from collections.abc import Iterator

import farfalia.site  # noqa: F401 (the site's games, registered)
from farfalia.records import replay
from farfalia.ui.controller import Controller
from farfalia.ui.game import site_games
from farfalia.ui.saves import MemoryStorage

ALPHABET = string.ascii_letters + string.digits + "-_.~&=%#+ \n" + "²٣０١\ud800\udfffé€ß\x00"
HUGE = ("z" * 20, "9" * 19, "zzzzzzzzzzzz", "1" + "0" * 30, "-1", "0", "", "²", "\ud800", "٣٣")
PARAMETERS = ("at", "view", "controls", "theme", "replay")


def real_replays(seed: int = 0, games: tuple[str, ...] = ()) -> list[str]:
    """Real replays of the ``games`` named (every game of the site where none is), each game's
    :meth:`~farfalia.ui.game.SiteGame.sample_replays`."""
    return [text for game in site_games() if not games or game.name in games for text in game.sample_replays(seed)]


def resign(text: str) -> str:
    """``text`` with its check recomputed (when it can be: a surrogate cannot be hashed)."""
    body = text.rpartition(".")[0]
    try:
        return f"{body}.{replay.checksum(body)}"
    except UnicodeEncodeError:
        return text


def junk(rng: random.Random, longest: int = 24) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(1, longest)))


def altered_replay(rng: random.Random, text: str) -> str:
    """``text`` altered at random (a character, a run, a field replaced), re-signed."""
    kind = rng.randrange(4)
    if kind == 0:  # one character
        index = rng.randrange(len(text))
        return resign(text[:index] + rng.choice(ALPHABET) + text[index + 1 :])
    if kind == 1:  # a run inserted
        index = rng.randrange(len(text))
        return resign(text[:index] + junk(rng) + text[index:])
    fields = text.split(".")
    index = rng.randrange(len(fields) - 1)
    if kind == 2:  # a field replaced by a huge or odd number
        fields[index] = rng.choice(HUGE) if rng.random() < 0.7 else fields[index][:3] + rng.choice(HUGE)
    else:  # a field replaced by junk
        fields[index] = junk(rng, 40)
    return resign(".".join(fields))


#: The characters of a replay's base64url and base-36 parts.
BASE64 = string.ascii_letters + string.digits + "-_"
BASE36 = string.digits + string.ascii_lowercase


def grown_replay(rng: random.Random, text: str) -> str:
    """``text`` altered where a link's work lies, still well formed, re-signed: its actions' number
    (bytes replaced, added, made all zeros or all ones: every decision the first or last action),
    its count of actions, its players and options, its seed, its names."""
    fields = text.split(".")
    if len(fields) < 7:
        return altered_replay(rng, text)
    kind = rng.randrange(6)
    actions = fields[5]
    if kind == 0 and actions:  # some characters of the actions replaced
        index = rng.randrange(len(actions))
        fields[5] = (
            actions[:index] + "".join(rng.choice(BASE64) for _ in range(rng.randrange(1, 4))) + actions[index + 3 :]
        )
    elif kind == 1:  # more actions: characters added
        fields[5] = actions + "".join(rng.choice(BASE64) for _ in range(rng.randrange(1, 40)))
    elif kind == 2:  # every decision the first action, or the last
        fields[5] = "" if rng.random() < 0.5 else "_" * rng.randrange(1, 3 * len(actions) + 20)
    elif kind == 3:  # another count
        count = int(fields[3], 36) if fields[3].isalnum() and len(fields[3]) < 8 else 0
        fields[3] = replay.base36(max(0, count + rng.choice((-5, -1, 1, 5, 50, 400, count))))
    elif kind == 4:  # other settings: a digit of them
        settings = fields[1]
        index = rng.randrange(len(settings))
        fields[1] = settings[:index] + rng.choice(BASE36[:10] + "ryht") + settings[index + 1 :]
    else:  # another seed
        fields[2] = replay.base36(rng.randrange(36 ** rng.randrange(1, 8)))
    return resign(".".join(fields))


def fragments(rng: random.Random, texts: list[str]) -> Iterator[str]:
    """Endless link fragments: a real or altered replay, with real or hostile parameters."""
    while True:
        text = rng.choice(texts)
        if rng.random() < 0.8:
            text = grown_replay(rng, text) if rng.random() < 0.4 else altered_replay(rng, text)
        yield with_parameters(rng, text)


def with_parameters(rng: random.Random, text: str) -> str:
    """A link fragment opening ``text``, with real or hostile parameters beside it."""
    parameters = {"replay": text}
    for name in PARAMETERS[:-1]:
        roll = rng.random()
        if roll < 0.3:
            parameters[name] = {"at": "3", "view": "0", "controls": "1", "theme": "light"}[name]
        elif roll < 0.5:
            parameters[name] = rng.choice((*HUGE, "all", "dark", "2"))
        elif roll < 0.6:
            parameters[name] = junk(rng)
    order = list(parameters.items())
    rng.shuffle(order)
    return "&".join(f"{name}={value}" for name, value in order)


def open_link(fragment: str) -> bool:
    """Open ``fragment`` as the page does and draw the screen: True if a replay shows, False
    if the page says why not. Anything else (an exception) is a failure of the page."""
    controller = Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(0))
    controller.open(fragment)
    controller.screen()
    return controller.viewer is not None


def timed_open(fragment: str) -> tuple[float, bool]:
    """The seconds :func:`open_link` takes (the least of two runs: the machine is noisy), and what it returns."""
    best, shown = float("inf"), False
    for _ in range(2):
        start = time.perf_counter()
        shown = open_link(fragment)
        best = min(best, time.perf_counter() - start)
    return best, shown


def search_slow(rng: random.Random, texts: list[str], rounds: int, keep: int = 12) -> list[tuple[float, str]]:
    """The slowest link fragments found by keeping the ``keep`` slowest met so far and altering
    those, ``rounds`` alterations in all."""
    pool = sorted(((timed_open(f"replay={text}")[0], f"replay={text}") for text in texts), reverse=True)[:keep]
    for _ in range(rounds):
        _, fragment = rng.choice(pool)
        text = fragment.removeprefix("replay=")
        candidate = "replay=" + (grown_replay(rng, text) if rng.random() < 0.8 else altered_replay(rng, text))
        seconds, _ = timed_open(candidate)
        if seconds > pool[-1][0]:
            pool = sorted([*pool, (seconds, candidate)], reverse=True)[:keep]
    return pool


def main() -> None:
    parser = argparse.ArgumentParser(description="Fuzz links through the page's controller.")
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--game", choices=[g.name for g in site_games()], action="append", help="the games to fuzz (all by default)"
    )
    parser.add_argument("--slow", action="store_true", help="search for slow links rather than sample links")
    options = parser.parse_args()
    rng = random.Random(options.seed)
    texts = real_replays(games=tuple(options.game or ()))
    if options.slow:
        for seconds, fragment in search_slow(rng, texts, options.inputs):
            print(f"{seconds * 1000:7.1f} ms {fragment}")
        return
    opened = refused = 0
    slowest = {True: (0.0, ""), False: (0.0, "")}
    failures: list[str] = []
    for _, fragment in zip(range(options.inputs), fragments(rng, texts)):
        start = time.perf_counter()
        try:
            shown = open_link(fragment)
        except Exception as error:  # a failure to report, not to stop at
            failures.append(f"{type(error).__name__}: {error} <- {fragment[:80]!r}")
            continue
        opened, refused = opened + shown, refused + (not shown)
        slowest[shown] = max(slowest[shown], (time.perf_counter() - start, fragment[:120]))
    print(f"{options.inputs} links: {opened} opened, {refused} refused with a message, {len(failures)} failed")
    for shown, label in ((False, "refusal"), (True, "opening")):
        print(f"slowest {label}: {slowest[shown][0] * 1000:.0f} ms for {slowest[shown][1]!r}")
    for failure in failures[:20]:
        print(failure)


if __name__ == "__main__":
    main()
