"""A game's bots by name, as the command line and the tournaments name them: ``random``,
``heuristic``, ``strong`` (``strong:2400``: its playouts a decision)…"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from farfalia.core.codes import ascii_int
from farfalia.core.errors import SettingsError


def named_bot(bots: Mapping[str, Callable[..., Any]], name: str) -> Any:
    """A bot of ``bots`` by its name; a searching bot may name its playouts a decision after a
    colon (``strong:2400``)."""
    kind, colon, budget = name.partition(":")
    if kind not in bots or (colon and (kind not in ("strong", "omniscient") or ascii_int(budget) is None)):
        raise SettingsError(f"unknown bot {name!r}; bots: {', '.join(bots)} (strong:N for N playouts a decision)")
    return bots[kind](int(budget)) if budget else bots[kind]()
