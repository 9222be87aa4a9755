"""The game's languages: English and those of the rulebook's other editions, French,
Italian and German, each a gettext catalog (``locale/<code>.po``, compiled by
``tools/catalogs.py`` into ``farfalia/locale/<code>.mo``, which ship inside the package).

The language follows the player's choice if they made one, else the browser's
(``navigator.languages``), else English.
"""

from __future__ import annotations

import gettext
import io
import pkgutil
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from farfalia.ui.texts import TEXT, translated, use_catalog

#: Every language, by its code, named in itself (as a language menu shows it).
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "it": "Italiano", "de": "Deutsch"}
#: The language of the messages' source (no catalog).
SOURCE = "en"


def choose_language(chosen: str | None, preferred: Iterable[str]) -> str:
    """The language to speak: ``chosen`` if it is one of ours, else the first of the
    browser's ``preferred`` tags we speak (``fr-CH`` speaks ``fr``), else English."""
    if chosen in LANGUAGES:
        return chosen
    for tag in preferred:
        code = str(tag).split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return SOURCE


def catalog(code: str) -> gettext.NullTranslations:
    """The compiled catalog of ``code`` (English: none). :class:`FileNotFoundError` if it
    was not compiled (run ``tools/catalogs.py``)."""
    if code == SOURCE:
        return gettext.NullTranslations()
    data = pkgutil.get_data("farfalia", f"locale/{code}.mo")
    if data is None:
        raise FileNotFoundError(f"farfalia/locale/{code}.mo")
    return gettext.GNUTranslations(io.BytesIO(data))


def set_language(code: str) -> None:
    """Speak ``code`` (one of :data:`LANGUAGES`) from now on."""
    use_catalog(catalog(code))


def rules_page(code: str, stem: str) -> str:
    """The address of a game's rules page (its file's ``stem``) in ``code``: ``rules.html`` in
    English, ``rules.fr.html`` in French…"""
    return f"{stem}.html" if code == SOURCE else f"{stem}.{code}.html"


#: The messages the page shows before Python runs (``assets/loader.js``), by key prefix.
EARLY = ("loader.", "update.")


def early_texts() -> dict[str, dict[str, str]]:
    """Every language's messages shown before Python runs, placeholders left in (the
    build writes them into ``assets/texts.js`` for ``assets/loader.js``)."""
    keys = [key for key in TEXT if key.startswith(EARLY)]
    early = {}
    for code in LANGUAGES:
        with speaking(code):
            early[code] = {key: translated(key) for key in keys}
    return early


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak ``code`` within the ``with`` block only (an embed's pictures in its own
    language); "" keeps the language spoken."""
    if not code:
        yield
        return
    before = use_catalog(catalog(code))
    try:
        yield
    finally:
        use_catalog(before)
