"""The Python runtime's memory as a page or the bots' worker starts (a module of its own, light:
the pages import it whatever else they import)."""

import gc


def settle() -> None:
    """Set what a started page or worker holds (the runtime, the package, the first screen) aside
    from the garbage collector for good (``gc.freeze``). A full collection over those 30,000
    objects took 20 to 30 ms of the page's thread in Pyodide, now and then in the middle of a
    redraw; after this it takes well under 1 ms, and what a game makes is collected as before."""
    gc.freeze()
