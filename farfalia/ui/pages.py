"""Every page-logic module the site's pages and their worker import (``main.py``, ``diagrams.py``,
``assets/thinker.js``), imported here in one place so that the runtime's memory snapshot holds
them: ``assets/memory-snapshot.js`` imports this module and the registry (``farfalia.site``)
before making it, and a returning visit started from the snapshot imports none of them again.
A test holds the list complete."""

from farfalia.core import errors  # noqa: F401
from farfalia.ui import (  # noqa: F401
    answers,
    archives,
    contract,
    controller,
    diagrams,
    keyboard,
    language,
    memory,
    practice,
    rehearsal,
    reviews,
    runtime,
    saves,
    seating,
    tabs,
    texts,
)
