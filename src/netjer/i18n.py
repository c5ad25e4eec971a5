"""The player's language: one translation layer for the terminal and the web table.

Every player-facing text outside the rules texts (:mod:`netjer.core.texts`, one TOML file per
game and language) is an English *message id* written in the code and translated through
gettext catalogues kept with Babel:

* ``src/netjer/locale/<domain>.pot`` — the templates, extracted from the source by Babel's own
  extractors (Python, Babel's JavaScript extractor for ``t(...)``/``tn(...)``, and
  :func:`extract_html` for the two HTML pages), as configured in ``src/netjer/locale/<domain>.cfg``
  (``make i18n`` extracts and updates the catalogues);
* ``src/netjer/locale/<language>/LC_MESSAGES/<domain>.po`` — one catalogue per language and
  domain: ``common`` (the lobby, the table's and the terminal's common words), ``nile``, ``aton``
  and ``ankh`` (each game's table).

The ``.po`` files are read as they are, with Babel's :func:`~babel.messages.pofile.read_po`, and
compiled in memory (:func:`~babel.messages.mofile.write_mo`) into standard
:class:`gettext.GNUTranslations`: no compiled ``.mo`` file is built or committed, so ``make run``
and ``make test`` work from a fresh clone with no extra step, and a catalogue edited by hand
is used at the next start.

Message ids use ``{name}`` placeholders (``_("Round {n}").format(n=3)``), the same syntax the
browser's ``t("Round {n}", {n: 3})`` (``static/common.js``) fills.  A message missing from a
catalogue (or left empty, or marked fuzzy) falls back to its English id.

The language: ``--lang`` in the terminal (else the environment variable ``NETJER_LANG``, else
English); in the browser the lobby's selector (kept in localStorage), else the browser's
languages (``navigator.languages``), else the request's ``Accept-Language``, else English:
:func:`negotiate` picks among :func:`languages`.
"""

from __future__ import annotations

import ast
import gettext as _gettext
import io
import logging
import os
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from importlib import resources
from typing import IO, Any

from babel import Locale, UnknownLocaleError, numbers
from babel.core import negotiate_locale
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

#: The language of the message ids, complete by construction, and the fallback.
DEFAULT_LANGUAGE = "en"
#: The catalogues' domains, in the order they are merged (a game's words after the common ones).
DOMAINS = ("common", "nile", "aton", "ankh")
#: The environment variable the terminal reads when ``--lang`` is not given.
ENV_VARIABLE = "NETJER_LANG"
#: The functions that mark a message, for Babel's extractors: Python's ``_``, ``gettext``,
#: ``ngettext``, ``pgettext`` (Babel's defaults) and ``N_`` (marked, translated later), the browser's ``t``,
#: ``tn`` (singular, plural, count) and ``tc`` (context, message).
JS_KEYWORDS: dict[str, Any] = {"t": None, "tn": (1, 2), "tc": ((1, "c"), 2)}
#: Python's markers beyond Babel's defaults: ``Nn_`` (a plural message marked, translated later)
#: and ``Nc_`` (a message in a context, marked, translated later with :func:`pgettext`).
PY_KEYWORDS: dict[str, Any] = {"Nn_": (1, 2), "Nc_": ((1, "c"), 2)}
#: What joins a context and its message in a compiled catalogue (gettext's own separator), and
#: in the browser's catalogue (:func:`as_json`).
CONTEXT_SEPARATOR = "\x04"
#: CLDR's plural categories in the order gettext numbers a catalogue's plural forms.
PLURAL_ORDER = ("zero", "one", "two", "few", "many", "other")

_current = DEFAULT_LANGUAGE
_log = logging.getLogger("netjer.i18n")
#: The (language, message) pairs already logged as untranslated (each is logged once).
_MISSING_LOGGED: set[tuple[str, str]] = set()


def _locale_dir() -> Any:
    return resources.files("netjer").joinpath("locale")


def languages() -> list[str]:
    """The languages with catalogues (folders of ``netjer/locale``), English always first."""
    folder = _locale_dir()
    found = {p.name for p in folder.iterdir() if p.is_dir() and p.joinpath("LC_MESSAGES").is_dir()}
    return [DEFAULT_LANGUAGE, *sorted(found - {DEFAULT_LANGUAGE})]


def language_name(language: str) -> str:
    """A language's name in itself (``"español"``, ``"English"``), from Babel's CLDR data."""
    try:
        name = Locale.parse(language).get_display_name(language) or language
    except (UnknownLocaleError, ValueError):
        return language
    return name[:1].upper() + name[1:] if language == DEFAULT_LANGUAGE else name


def negotiate(preferred: Iterable[str]) -> str:
    """The first of ``preferred`` (language tags, best first: ``"es-ES"``, ``"es"``, ``"fr_FR"``)
    that has catalogues, by language when the region is not available; English if none.

    Uses :func:`babel.core.negotiate_locale`."""
    available = languages()
    wanted = [p.strip().replace("_", "-") for p in preferred if p and p.strip()]
    found = negotiate_locale(wanted, available, sep="-")
    return found if found in available else DEFAULT_LANGUAGE


def parse_accept_language(header: str | None) -> list[str]:
    """The language tags of an HTTP ``Accept-Language`` header, best first (by ``q``, then
    order); a malformed part is skipped.  ``"es-ES,es;q=0.9,en;q=0.5"`` → ``["es-ES", "es", "en"]``."""
    weighted: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "").split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                quality = float(params[2:])
            except ValueError:
                continue
        if tag and tag != "*" and quality > 0 and len(tag) <= 35:
            weighted.append((-quality, i, tag))
    return [tag for _, _, tag in sorted(weighted)]


def check_language(language: str) -> str:
    """``language`` if it has catalogues, else raise.

    Raises:
        ValueError: naming the languages there are.
    """
    if language not in languages():
        raise ValueError(f"no translation into {language!r}; languages: {', '.join(languages())}")
    return language


def _po_path(language: str, domain: str) -> Any:
    return _locale_dir().joinpath(language, "LC_MESSAGES", f"{domain}.po")


@cache
def catalog(language: str, domain: str) -> Catalog | None:
    """The catalogue of ``domain`` in ``language`` as Babel reads it (``None`` if there is none).

    Raises:
        babel.messages.pofile.PoFileError: if the file is not a valid ``.po`` file.
    """
    path = _po_path(language, domain)
    if not path.is_file():
        return None
    with path.open("rb") as fh:
        return read_po(fh, locale=language, domain=domain, abort_invalid=True)


def _compiled(cat: Catalog) -> IO[bytes]:
    buffer = io.BytesIO()
    write_mo(buffer, cat)  # fuzzy entries left out, as msgfmt does
    buffer.seek(0)
    return buffer


@cache
def translations(language: str) -> _gettext.NullTranslations:
    """Every domain's catalogue of ``language`` merged into one :class:`babel.support.Translations`
    (English or an unknown language: the message ids themselves)."""
    merged: Translations | None = None
    if language != DEFAULT_LANGUAGE:
        for domain in DOMAINS:
            cat = catalog(language, domain)
            if cat is None:
                continue
            part = Translations(_compiled(cat), domain="netjer")
            if merged is None:
                merged = part
            else:
                merged.merge(part)
    return merged if merged is not None else _gettext.NullTranslations()


def set_language(language: str) -> None:
    """Make ``language`` the process's language (the terminal's ``--lang``); the server never
    calls it and passes a language to each call instead.

    Raises:
        ValueError: if there are no catalogues for it (see :func:`check_language`).
    """
    global _current  # noqa: PLW0603 - the terminal's one language, as gettext.install would
    _current = check_language(language)


def get_language() -> str:
    """The process's language (English unless :func:`set_language` was called)."""
    return _current


def language_from_environment() -> str | None:
    """The language named by ``NETJER_LANG`` if it has catalogues (``"es_ES.UTF-8"`` → ``"es"``)."""
    value = os.environ.get(ENV_VARIABLE, "").split(".")[0]
    return negotiate([value]) if value else None


def _key(message: Message) -> str:
    """A catalogue message's key: its id (a plural's singular id), after its context and
    :data:`CONTEXT_SEPARATOR` if it has one."""
    singular = str(message.id[0]) if isinstance(message.id, (tuple, list)) else str(message.id)
    return f"{message.context}{CONTEXT_SEPARATOR}{singular}" if message.context else singular


@cache
def translated_ids(language: str) -> frozenset[str]:
    """The message ids (a plural's singular id; a message in a context keyed as :func:`_key`
    does) that ``language``'s catalogues translate (not empty, not fuzzy)."""
    found: set[str] = set()
    for domain in DOMAINS:
        for m in catalog(language, domain) or ():
            if not m.id or m.fuzzy:
                continue
            forms = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
            if forms and all(forms):
                found.add(_key(m))
    return frozenset(found)


def _fallback(message: str, language: str) -> None:
    """Log, once per language and message, that ``message`` is shown in English in ``language``
    (at INFO on the ``netjer.i18n`` logger: ``netjer i18n status`` counts what is left)."""
    key = (language, message)
    if key not in _MISSING_LOGGED and message not in translated_ids(language):
        _MISSING_LOGGED.add(key)
        _log.info("no %s translation of %r: shown in English", language, message)


def gettext(message: str, language: str | None = None) -> str:
    """``message`` in ``language`` (default: the process's), or the message itself (a missing
    translation is logged once, :func:`_fallback`)."""
    language = language or _current
    if language == DEFAULT_LANGUAGE:  # the ids are English: no lookup (engines' narration is hot)
        return message
    found = translations(language).gettext(message)
    if found is message:
        _fallback(message, language)
    return found


def ngettext(singular: str, plural: str, n: int, language: str | None = None) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in ``language`` (a missing
    translation: the English form, logged once)."""
    language = language or _current
    if language == DEFAULT_LANGUAGE:
        return singular if n == 1 else plural
    found = translations(language).ngettext(singular, plural, n)
    if found is singular or found is plural:
        _fallback(singular, language)
    return found


def pgettext(context: str, message: str, language: str | None = None) -> str:
    """``message`` in ``language`` (default: the process's) as it is meant in ``context``: for a
    text whose English is also another message's (``"S"``, the start space, and ``"S"``, south),
    which another language may write differently.  A missing translation: ``message``, logged once."""
    language = language or _current
    if language == DEFAULT_LANGUAGE:
        return message
    found = translations(language).pgettext(context, message)
    if found is message:
        _fallback(f"{context}{CONTEXT_SEPARATOR}{message}", language)
    return found


def _(message: str) -> str:
    """``message`` in the process's language (the marker Babel's Python extractor finds)."""
    if _current == DEFAULT_LANGUAGE:
        return message
    return gettext(message, _current)


@dataclass(frozen=True)
class Completeness:
    """How much of a domain a language translates: ``translated`` of ``total`` messages (the
    English catalogue's, a plural message counted once)."""

    language: str
    domain: str
    translated: int
    total: int


def completeness() -> list[Completeness]:
    """Per language (English first) and domain (:data:`DOMAINS`), the messages translated:
    what ``netjer i18n status`` prints.  English translates every message by construction."""
    out: list[Completeness] = []
    for language in languages():
        done = translated_ids(language)
        for domain in DOMAINS:
            english = catalog(DEFAULT_LANGUAGE, domain) or ()
            ids = {_key(m) for m in english if m.id}
            count = len(ids) if language == DEFAULT_LANGUAGE else len(ids & done)
            out.append(Completeness(language, domain, count, len(ids)))
    return out


#: What separates the items of a list inside a message, in every language: a list is a
#: placeholder's value made of items that are each a full message or a name (:func:`join_list`),
#: so that a reader (:mod:`netjer.i18n_lines`, the browser's ``translateLine``) reads each item
#: back; a comma with a space never occurs inside an item (hexes are written ``4,3``).
LIST_SEPARATOR = ", "


def format_number(value: float, language: str | None = None) -> str:
    """``value`` (a count, a rating) as ``language`` (default: the process's) writes numbers:
    its digit grouping and decimal sign, as Babel's CLDR data gives them (``12345`` →
    ``"12,345"`` in English, ``"12.345"`` in German and Spanish; a float keeps up to three
    decimals). Uses :func:`babel.numbers.format_decimal`."""
    return numbers.format_decimal(value, locale=language or _current)


def format_decimal(value: float, digits: int, language: str | None = None, signed: bool = False) -> str:
    """``value`` with exactly ``digits`` decimals in ``language``'s way (``0.25`` → ``"0.25"``,
    ``"0,25"`` in Spanish and German); ``signed`` puts a ``+`` before a positive value (a change,
    a loss). Uses :func:`babel.numbers.format_decimal` with a CLDR pattern."""
    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    if signed:
        pattern = f"+{pattern};-{pattern}"
    return numbers.format_decimal(value, format=pattern, locale=language or _current)


#: The minus sign of an Elo rating below the reference (U+2212, not the hyphen): one sign for
#: every screen that shows an Elo (``netjer levels``, ``simulate``'s table and its HTML report).
ELO_MINUS = "\u2212"


def format_elo(elo: float) -> str:
    """An Elo rating (points against the reference) as every screen shows one: whole points,
    always signed, ``+`` or :data:`ELO_MINUS` (``"+176"``, ``"−287"``, ``"+0"``, ``"−1049"``),
    alike in every language: no thousands separator, which German would write as a decimal
    point (``−1.049``)."""
    return f"{round(elo):+d}".replace("-", ELO_MINUS)


def format_elo_interval(elo: float, interval: tuple[float, float]) -> str:
    """An Elo rating and its 95% interval, ``"+176 [+36, +364]"`` (:func:`format_elo` each)."""
    low, high = (format_elo(v) for v in interval)
    return f"{format_elo(elo)} [{low}, {high}]"


def format_percent(fraction: float, language: str | None = None, digits: int = 0) -> str:
    """``fraction`` (``0.42``) as a percentage in ``language``'s way: ``"42%"`` in English,
    ``"42 %"`` in German and Spanish (their CLDR pattern, with a no-break space), with
    ``digits`` decimals. Uses :func:`babel.numbers.format_percent`."""
    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    locale = Locale.parse(language or _current)
    shown = locale.percent_formats[None].pattern.replace("#,##0", pattern)
    return numbers.format_percent(fraction, format=shown, locale=locale)


def join_list(items: Iterable[str]) -> str:
    """``items`` (each already in the reader's language) as one list placeholder: ``"a, b, c"``."""
    return LIST_SEPARATOR.join(items)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (a constant translated where shown)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural message (``singular``, ``plural``) for extraction without translating it:
    a constant told later with :func:`ngettext` and its count. Returns the pair as given."""
    return singular, plural


def Nc_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for extraction without translating it (a constant told
    later with :func:`pgettext` and the same context). Returns ``message``."""
    del context  # read by the extractor only
    return message


def plural_tags(language: str) -> list[str]:
    """The CLDR plural categories of ``language`` in the order of its catalogue's plural forms
    (what the browser maps ``Intl.PluralRules`` onto): ``["one", "other"]`` for English."""
    try:
        tags = set(Locale.parse(language).plural_form.tags) | {"other"}
    except (UnknownLocaleError, ValueError):
        tags = {"one", "other"}
    return [t for t in PLURAL_ORDER if t in tags]


def as_json(language: str) -> dict[str, Any]:
    """The browser's catalogue of ``language``: ``language``, ``name``, ``plural_tags``,
    ``messages`` (message id → translation; a plural message's singular id → its forms; a
    message in a context under its context, :data:`CONTEXT_SEPARATOR` and its id) and
    ``plurals`` (a plural message's singular id → its English plural id, which the browser's
    ``translateLine`` also recognises), ``domains`` (every message id of every catalogue,
    translated or not → the domains that hold it: the browser's ``translateLine`` reads a game's lines with the
    common and that game's messages only, :mod:`netjer.i18n_lines`) and ``all_plurals`` (every
    plural message's singular id → its plural id).
    Untranslated and fuzzy messages are left out of ``messages`` (the browser shows the English id)."""
    messages: dict[str, str | list[str]] = {}
    plurals: dict[str, str] = {}
    if language != DEFAULT_LANGUAGE:
        for domain in DOMAINS:
            cat = catalog(language, domain)
            if cat is None:
                continue
            for message in cat:
                if not message.id or message.fuzzy:
                    continue
                if isinstance(message.id, (tuple, list)):
                    forms = [str(s) for s in message.string or ()]
                    if forms and all(forms):
                        messages[_key(message)] = forms
                        plurals[_key(message)] = str(message.id[1])
                elif message.string:
                    messages[_key(message)] = str(message.string)
    domains: dict[str, list[str]] = {}
    all_plurals: dict[str, str] = {}
    for domain in DOMAINS:
        for message in catalog(DEFAULT_LANGUAGE, domain) or ():
            if not message.id:
                continue
            singular = _key(message)  # a message in a context is never a line's: not the line reader's
            if isinstance(message.id, (tuple, list)):
                all_plurals.setdefault(singular, str(message.id[1]))
            domains.setdefault(singular, [])
            if domain not in domains[singular]:
                domains[singular].append(domain)
    return {
        "language": language,
        "name": language_name(language),
        "plural_tags": plural_tags(language),
        "messages": messages,
        "plurals": plurals,
        "domains": domains,
        "all_plurals": all_plurals,
    }


# ---------- extraction of the HTML pages ----------


class _HtmlMessages(HTMLParser):
    """The texts marked in an HTML page: the text of an element with ``data-i18n`` and each
    attribute named in ``data-i18n-attr`` (comma-separated: ``placeholder,aria-label``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, int, list[str]] | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        line = self.getpos()[0]
        for name in (values.get("data-i18n-attr") or "").split(","):
            text = values.get(name.strip())
            if name.strip() and text:
                self.found.append((line, " ".join(text.split())))
        if tag in ("input", "meta", "link", "br", "img"):
            return
        self._open.append((tag, line, []) if "data-i18n" in values else None)

    def handle_endtag(self, tag: str) -> None:
        if not self._open:
            return
        top = self._open.pop()
        if top is not None:
            text = " ".join("".join(top[2]).split())
            if text:
                self.found.append((top[1], text))

    def handle_data(self, data: str) -> None:
        for entry in self._open:
            if entry is not None:
                entry[2].append(data)


def extract_html(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel extraction method for Netjer's HTML pages (``[netjer_html: **.html]``
    in a Babel config): yields ``(line, None, message, [])`` for every text marked with
    ``data-i18n`` or ``data-i18n-attr`` (the browser's ``translatePage`` translates the same)."""
    parser = _HtmlMessages()
    parser.feed(fileobj.read().decode(options.get("encoding", "utf-8")))
    parser.close()
    for line, text in parser.found:
        yield line, None, text, []


# ---------- extraction of the rules texts' names ----------


def extract_term_names(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel extraction method for a game's English rules texts (``[netjer_terms: **/en.toml]``):
    yields ``(line, None, name, [comment])`` for the ``name`` of every ``[[term]]``, so that the
    names of gods, cards, powers, Guardians and events are catalogue messages, translated inside
    the sentences that name them (issue 32); the rules texts themselves are translated as data
    (``texts/<language>.toml``, :mod:`netjer.core.texts`)."""
    text = fileobj.read().decode(options.get("encoding", "utf-8"))
    lines = text.splitlines()
    start = 0
    for term in tomllib.loads(text).get("term", []):
        name, ident = term.get("name"), term.get("id")
        if not isinstance(name, str) or not name:
            continue
        wanted = f'id = "{ident}"'
        found = next((i for i in range(start, len(lines)) if lines[i].strip() == wanted), start)
        start = found
        yield found + 1, None, name, [f"{term.get('kind', 'term')} {ident}"]


# ---------- extraction of the terminal commands' help ----------


def extract_command_help(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel extraction method for the terminal's commands (``[netjer_commands: src/netjer/cli/main.py]``):
    yields ``(line, None, help, [comment])`` for the docstring of every top-level function
    decorated with a Typer ``.command(...)`` and of those named in the option ``commands``
    (space-separated: a command registered elsewhere), as Typer shows it (``inspect.cleandoc``):
    the command's help, told in the reader's language when drawn (``netjer.cli.usage_words``)."""
    tree = ast.parse(fileobj.read().decode(options.get("encoding", "utf-8")))
    listed = set(str(options.get("commands", "")).split())
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef):
            continue
        decorated = any(
            isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and d.func.attr == "command"
            for d in node.decorator_list
        )
        doc = ast.get_docstring(node, clean=True)
        if doc and (decorated or node.name in listed):
            yield node.lineno, None, doc, [f"help of the command {node.name}"]
