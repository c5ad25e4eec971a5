"""Keeping the translation catalogues: extraction and update, with Babel's own extractors.

``make i18n`` (``python -m netjer.i18n_tools``) reads each domain's Babel config
(``src/netjer/locale/<domain>.cfg``: which files, by which extraction method), extracts every
marked text with Babel's extractors (``python``; ``javascript``, Babel's JavaScript extractor, for the
browser's ``t``/``tn``; ``netjer_html``, :func:`netjer.i18n.extract_html`, for the HTML pages;
``netjer_terms``, :func:`netjer.i18n.extract_term_names`, for the names in a game's rules texts;
``netjer_commands``, :func:`netjer.i18n.extract_command_help`, for the terminal commands' help), writes the template
``<domain>.pot`` and brings every language's ``<language>/LC_MESSAGES/<domain>.po`` up to date
(new texts added untranslated, texts gone removed).  The tests call :func:`extract` to check that
no catalogue misses a text.

Babel's command line (``pybabel extract -k t``) gives one set of keywords to every method, so
that ``t["start"]`` in Python would be taken for a message; :func:`extract` gives each method
its own (the reason this wrapper exists).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from netjer.i18n import DOMAINS, JS_KEYWORDS, PY_KEYWORDS, languages

#: The repository's root (this file is src/netjer/i18n_tools.py).
ROOT = Path(__file__).resolve().parents[2]
LOCALE = Path(__file__).resolve().parent / "locale"
PROJECT = "Netjer"
COPYRIGHT = "The Netjer developers"
#: Languages every domain has a catalogue for, even before any text is translated.
LANGUAGES = ("en", "es", "de")
#: A comment starting so just above a marked text is a note to its translators (kept in the
#: catalogues: "keep it to 1-3 letters").
COMMENT_TAGS = ("TRANSLATORS:",)
#: The extraction method a config names ``netjer_html`` (Netjer's HTML pages).
HTML_METHOD = "netjer.i18n:extract_html"
#: The extraction method a config names ``netjer_terms`` (the names in a game's rules texts).
TERMS_METHOD = "netjer.i18n:extract_term_names"
#: The extraction method a config names ``netjer_commands`` (the help of the terminal's commands).
COMMANDS_METHOD = "netjer.i18n:extract_command_help"


def _config(domain: str) -> tuple[list[tuple[str, str]], dict[str, dict[str, str]]]:
    with (LOCALE / f"{domain}.cfg").open(encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh, f"{domain}.cfg")  # type: ignore[no-untyped-call]
    return list(method_map), dict(options_map)


def source_files(domain: str, root: Path = ROOT) -> list[tuple[Path, str]]:
    """The files of ``domain`` and their extraction methods, as its Babel config lists them.

    Raises:
        FileNotFoundError: if a pattern of the config matches no file (a file renamed or moved).
    """
    method_map, _options = _config(domain)
    out: list[tuple[Path, str]] = []
    for pattern, method in method_map:
        found = sorted(root.glob(pattern))
        if not found:
            raise FileNotFoundError(f"{domain}.cfg: {pattern} matches no file")
        out.extend((path, method) for path in found)
    return out


def extract(domain: str, root: Path = ROOT) -> Catalog:
    """Every text marked in ``domain``'s files, as a template catalogue (no translations).

    Raises:
        FileNotFoundError: see :func:`source_files`.
    """
    _method_map, options_map = _config(domain)
    template = Catalog(project=PROJECT, copyright_holder=COPYRIGHT, domain=domain, fuzzy=False)
    for path, method in source_files(domain, root):
        keywords = JS_KEYWORDS if method == "javascript" else {**DEFAULT_KEYWORDS, **PY_KEYWORDS}
        relative = path.relative_to(root).as_posix()
        options = next((o for p, o in options_map.items() if path.match(p)), {})
        how = {"netjer_html": HTML_METHOD, "netjer_terms": TERMS_METHOD, "netjer_commands": COMMANDS_METHOD}.get(
            method, method
        )
        found = extract_from_file(how, path, keywords=keywords, comment_tags=COMMENT_TAGS, options=options)
        for lineno, message, comments, context in found:
            template.add(message, None, [(relative, lineno)], auto_comments=comments, context=context)
    return template


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        write_po(fh, catalog, width=0, no_location=True, sort_output=True, ignore_obsolete=True)


def _same_messages(path: Path, template: Catalog) -> bool:
    """True if the template at ``path`` holds the same message ids (and contexts) as ``template``."""
    with path.open("rb") as fh:
        old = read_po(fh)
    return {(m.id, m.context) for m in old if m.id} == {(m.id, m.context) for m in template if m.id}


def update(root: Path = ROOT) -> list[Path]:
    """Write every domain's template and update every language's catalogue from it.

    Returns:
        The files changed (a template whose messages did not change is left as it is, with its
        creation date).
    """
    written: list[Path] = []
    wanted = sorted(set(languages()) | set(LANGUAGES))
    for domain in DOMAINS:
        template = extract(domain, root)
        pot = LOCALE / f"{domain}.pot"
        if not (pot.is_file() and _same_messages(pot, template)):  # else keep its date: no churn
            _write(pot, template)
            written.append(pot)
        for language in wanted:
            po = LOCALE / language / "LC_MESSAGES" / f"{domain}.po"
            if po.is_file():
                with po.open("rb") as fh:
                    catalog = read_po(fh, locale=language, domain=domain)
            else:
                catalog = Catalog(
                    locale=language, domain=domain, project=PROJECT, copyright_holder=COPYRIGHT, fuzzy=False
                )
            before = po.read_bytes() if po.is_file() else b""
            catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
            _write(po, catalog)
            if po.read_bytes() != before:
                written.append(po)
    return written


def main() -> None:
    """``python -m netjer.i18n_tools``: :func:`update`, printing the files written."""
    for path in update():
        sys.stdout.write(f"{path.relative_to(ROOT)}\n")


if __name__ == "__main__":
    main()
