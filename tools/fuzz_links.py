"""Fuzz what a link can carry into the page: forged, re-signed replays and hostile
parameters, opened through the page's own controller in CPython.

Every input must either open or be refused with a clear message, quickly. Inputs start
from real replays of every mode and are altered: characters and runs of characters
replaced or inserted (ASCII, Unicode digits such as "²" and "٣", full-width digits, lone
surrogates), whole fields replaced by huge numbers, and the check re-computed so the
decoder cannot lean on it; the ``at``, ``view``, ``controls`` and ``theme`` parameters get
the same treatment. ``tests/test_links_fuzz.py`` runs a few thousand in CI; by hand:

    .venv/bin/python tools/fuzz_links.py --inputs 1000000

prints how many opened, how many were refused, the slowest input and any failure.
"""

from __future__ import annotations

import argparse
import random
import string
import time
from collections.abc import Iterator

from farfalia.engine.definition import FARFALIA
from farfalia.engine.interface import random_play
from farfalia.engine.rules import MODES, Settings
from farfalia.records import replay
from farfalia.ui.controller import Controller
from farfalia.ui.saves import MemoryStorage

ALPHABET = string.ascii_letters + string.digits + "-_.~&=%#+ \n" + "²٣０١\ud800\udfffé€ß\x00"
HUGE = ("z" * 20, "9" * 19, "zzzzzzzzzzzz", "1" + "0" * 30, "-1", "0", "", "²", "\ud800", "٣٣")
PARAMETERS = ("at", "view", "controls", "theme", "replay")


def real_replays(seed: int = 0) -> list[str]:
    """A replay of a game in progress, and one of a whole game, for every mode."""
    texts = []
    for number, mode in enumerate(MODES):
        game = random_play(FARFALIA, Settings(mode), seed + number)
        texts.append(replay.encode(game))
        while game.history and len(game.history) > 40:
            game.undo()
        texts.append(replay.encode(game))
    return texts


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


def fragments(rng: random.Random, texts: list[str]) -> Iterator[str]:
    """Endless link fragments: a real or altered replay, with real or hostile parameters."""
    while True:
        text = rng.choice(texts)
        if rng.random() < 0.8:
            text = altered_replay(rng, text)
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
        yield "&".join(f"{name}={value}" for name, value in order)


def open_link(fragment: str) -> bool:
    """Open ``fragment`` as the page does and draw the screen: True if a replay shows, False
    if the page says why not. Anything else (an exception) is a failure of the page."""
    controller = Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(0))
    controller.open(fragment)
    controller.screen()
    return controller.viewer is not None


def main() -> None:
    parser = argparse.ArgumentParser(description="Fuzz links through the page's controller.")
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    opened = refused = 0
    slowest = {True: (0.0, ""), False: (0.0, "")}
    failures: list[str] = []
    for _, fragment in zip(range(options.inputs), fragments(rng, real_replays())):
        start = time.perf_counter()
        try:
            shown = open_link(fragment)
        except Exception as error:  # a failure to report, not to stop at
            failures.append(f"{type(error).__name__}: {error} <- {fragment[:80]!r}")
            continue
        opened, refused = opened + shown, refused + (not shown)
        slowest[shown] = max(slowest[shown], (time.perf_counter() - start, fragment[:80]))
    print(f"{options.inputs} links: {opened} opened, {refused} refused with a message, {len(failures)} failed")
    for shown, label in ((False, "refusal"), (True, "opening")):
        print(f"slowest {label}: {slowest[shown][0] * 1000:.0f} ms for {slowest[shown][1]!r}")
    for failure in failures[:20]:
        print(failure)


if __name__ == "__main__":
    main()
