"""The game's gettext catalogs: ``locale/farfalia.pot`` (the template, from the English
messages of :mod:`farfalia.ui.texts`), ``locale/<code>.po`` (a translation, kept in the
repository) and ``farfalia/locale/<code>.mo`` (compiled, shipped in the package; built,
not kept).

Each message's ``msgctxt`` is its key in :data:`farfalia.ui.texts.TEXT`, its ``msgid`` the
English text (with ``msgid_plural`` for messages with plural forms). The compiled catalogs are
keyed by the key alone (:func:`keyed`): the page holds the English already, and the ``.mo``
files it downloads need not hold it three times again.

The rules page has catalogs of its own, ``locale/rules.pot`` and ``locale/rules-<code>.po``:
its paragraphs (``tools/make_rules_page.py``), read when the page is written, one page per
language (``rules.html``, ``rules.fr.html``…).

Usage: ``python tools/catalogs.py template`` (write the template), ``update`` (bring every
``.po`` in line with it: new messages appear untranslated, changed ones fuzzy) and
``compile`` (the ``.mo`` files; ``tools/build_site.py`` and the tests run it).
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import farfalia.site  # noqa: E402, F401 (the site's games, registered: their messages too)
from farfalia.ui.game import loaded_games  # noqa: E402
from farfalia.ui.language import LANGUAGES, SOURCE  # noqa: E402
from farfalia.ui.texts import TEXT  # noqa: E402

loaded_games()  # every game's messages, not its first screen's only

SOURCES = ROOT / "locale"
COMPILED = ROOT / "farfalia" / "locale"
TEMPLATE = SOURCES / "farfalia.pot"
DOMAIN = "farfalia"
#: The rules page's catalogs (``locale/rules.pot``, ``locale/rules-<code>.po``).
RULES_TEMPLATE = SOURCES / "rules.pot"
RULES_DOMAIN = "rules"
#: The template's date, fixed so the same messages give the same file.
DATE = datetime(2026, 11, 25, tzinfo=UTC)


def _empty(domain: str, project: str) -> Catalog:
    return Catalog(domain=domain, project=project, version="1", charset="utf-8", creation_date=DATE,
                   copyright_holder="Farfalia contributors")  # fmt: skip


def template() -> Catalog:
    """The catalog of every English message, untranslated."""
    catalog = _empty(DOMAIN, "Farfalia")
    for key, english in TEXT.items():
        catalog.add(english, context=key)
    return catalog


def rules_template() -> Catalog:
    """The rules page's English, paragraph by paragraph, untranslated (its own domain:
    the page is written at build time, nothing of it ships in the package)."""
    from tools.make_rules_page import messages  # here: the page's generator reads this module

    catalog = _empty(RULES_DOMAIN, "Farfalia rules")
    for english in messages():
        catalog.add(english)
    return catalog


def _source(domain: str, code: str) -> Path:
    """The translation of ``domain`` into ``code`` (``fr.po``, ``rules-fr.po``)."""
    return SOURCES / (f"{code}.po" if domain == DOMAIN else f"{domain}-{code}.po")


def _read(domain: str) -> dict[str, Catalog]:
    catalogs = {}
    for code in LANGUAGES:
        if code != SOURCE:
            with _source(domain, code).open("rb") as source:
                catalogs[code] = read_po(source, locale=code, domain=domain)
    return catalogs


def translations() -> dict[str, Catalog]:
    """Every translation of the game's messages, by language code."""
    return _read(DOMAIN)


def rules_catalogs() -> dict[str, Catalog]:
    """Every translation of the rules page, by language code."""
    return _read(RULES_DOMAIN)


def rules_translations(code: str) -> dict[str, str]:
    """The rules page's translations into ``code``, English → translated (English: none)."""
    if code == SOURCE:
        return {}
    catalog = rules_catalogs()[code]
    return {str(message.id): str(message.string) for message in catalog if message.id and not message.fuzzy}


#: Each domain's template file and how to make it.
TEMPLATES = {DOMAIN: (TEMPLATE, template), RULES_DOMAIN: (RULES_TEMPLATE, rules_template)}


def write_template() -> None:
    for path, make in TEMPLATES.values():
        with path.open("wb") as target:
            write_po(target, make(), width=100, omit_header=False, sort_output=False)


def update() -> None:
    """Every translation (the game's and the rules page's) brought in line with its template."""
    for domain, (_path, make) in TEMPLATES.items():
        for code, catalog in _read(domain).items():
            catalog.update(make())
            with _source(domain, code).open("wb") as target:
                write_po(target, catalog, width=100, ignore_obsolete=True)


def keyed(catalog: Catalog) -> Catalog:
    """``catalog`` as the page reads it (:func:`farfalia.ui.texts.text`): each translated message
    by its key as ``msgid``, without context or English (a message with plural forms under its key
    twice, singular and plural); fuzzy and untranslated ones left out."""
    compiled = Catalog(locale=catalog.locale, domain=catalog.domain)
    for message in catalog:
        if not message.id or message.fuzzy or not message.context or not all(message.string or ("",)):
            continue
        key = message.context
        compiled.add((key, key) if isinstance(message.id, tuple) else key, message.string)
    return compiled


def compile_catalogs(target: Path = COMPILED) -> list[Path]:
    """Compile every translation into ``target``, keyed (:func:`keyed`); the files written."""
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for code, catalog in translations().items():
        path = target / f"{code}.mo"
        with path.open("wb") as out:
            write_mo(out, keyed(catalog))
        written.append(path)
    return written


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "compile"
    {"template": write_template, "update": update, "compile": compile_catalogs}[command]()
