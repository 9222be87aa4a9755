"""Every page-logic module the site's pages and their worker import (``main.py``, ``diagrams.py``,
``assets/thinker.js``), imported here in one place so that the runtime's memory snapshot holds
them: ``assets/memory-snapshot.js`` imports this module and the registry (``farfalia.site``)
before making it, and a returning visit started from the snapshot imports none of them again.
A test holds the list complete."""

import gc

from farfalia.core import errors  # noqa: F401
from farfalia.ui import (  # noqa: F401
    answers,
    contract,
    controller,
    diagrams,
    keyboard,
    language,
    runtime,
    saves,
    seating,
    tabs,
    texts,
)


def settle() -> None:
    """Set what a started page or worker holds (the runtime, the package, the first screen) aside
    from the garbage collector for good (``gc.freeze``). A full collection over those 30,000
    objects took 20 to 30 ms of the page's thread in Pyodide, now and then in the middle of a
    redraw; after this it takes well under 1 ms, and what a game makes is collected as before."""
    gc.freeze()
