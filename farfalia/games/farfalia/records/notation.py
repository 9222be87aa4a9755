"""Text notation of whole games: settings, seed and player actions, one line each.

A record reads::

    farfalia mode=basic5 variants=burning seed=42 dealer=0
    discard:G3 discard:R1 trump:O B3 B5 B11 B2 R3 pick:B11 ...

:func:`format_record` and :func:`parse_record` round-trip every game whose chance
outcomes come from its seed. Cards and actions use :func:`farfalia.games.farfalia.engine.cards.card_name`
and :func:`farfalia.games.farfalia.engine.actions.parse_action`.
"""

from __future__ import annotations

from farfalia.core.errors import NotationError
from farfalia.games.farfalia.engine.actions import Action, parse_action
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import Settings

HEADER = "farfalia"


def format_settings(settings: Settings, seed: int) -> str:
    """The header line: ``farfalia mode=… [variants=…] seed=… [dealer=…] [hands=…|target=…]``."""
    words = [HEADER, f"mode={settings.mode}"]
    if settings.variants:
        words.append("variants=" + ",".join(sorted(settings.variants)))
    words.append(f"seed={seed}")
    for key, value in (("dealer", settings.first_dealer), ("hands", settings.hands), ("target", settings.target)):
        if value is not None:
            words.append(f"{key}={value}")
    return " ".join(words)


def parse_settings(line: str) -> tuple[Settings, int]:
    """Parse a header line into settings and seed."""
    words = line.split()
    if not words or words[0] != HEADER:
        raise NotationError(f"a record starts with {HEADER!r}: {line[:40]!r}")
    fields: dict[str, str] = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or key in fields or key not in ("mode", "variants", "seed", "dealer", "hands", "target"):
            raise NotationError(f"bad header field {word!r}")
        fields[key] = value
    try:
        numbers = {key: int(fields[key]) for key in ("seed", "dealer", "hands", "target") if key in fields}
    except ValueError as error:
        raise NotationError(f"a header number is not a whole number: {line!r}") from error
    if "mode" not in fields or "seed" not in numbers:
        raise NotationError("a record header names its mode and its seed")
    variants = frozenset(v for v in fields.get("variants", "").split(",") if v)
    settings = Settings(fields["mode"], variants, numbers.get("dealer"), numbers.get("hands"), numbers.get("target"))
    return settings, numbers["seed"]


def format_actions(actions: list[Action]) -> str:
    """Actions in notation, separated by spaces."""
    return " ".join(str(action) for action in actions)


def parse_actions(text: str) -> list[Action]:
    """Parse space-separated actions."""
    return [parse_action(word) for word in text.split()]


def format_record(game: Game) -> str:
    """The two-line record of ``game``."""
    return format_settings(game.settings, game.seed) + "\n" + format_actions(game.actions)


def parse_record(text: str) -> Game:
    """Rebuild the game a record describes; illegal actions raise :class:`IllegalActionError`."""
    header, _, body = text.strip().partition("\n")
    settings, seed = parse_settings(header)
    return Game.replay(settings, seed, parse_actions(body))
