"""The translation layer (netjer.i18n): every marked text in every catalogue, each language complete where required."""

from __future__ import annotations

import json
import re
import tokenize
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from fastapi.testclient import TestClient

from netjer import i18n
from netjer.i18n_tools import extract, source_files
from netjer.server.app import create_app
from tests.language_check import cited

#: The domains whose texts may stay English in a language, declared here on purpose (none today:
#: Spanish and German are complete). Every other domain of every language with catalogues must
#: be complete.
ENGLISH_ONLY: dict[str, set[str]] = {"es": set(), "de": set()}
#: The translations: every language with catalogues but the message ids' own.
TRANSLATED = [lang for lang in i18n.languages() if lang != i18n.DEFAULT_LANGUAGE]
PLACEHOLDER = re.compile(r"\{(\w*)\}")
NILE_TEXTS = Path(__file__).resolve().parents[1] / "src" / "netjer" / "games" / "nile" / "texts"


def _ids(catalog: Catalog) -> dict[str, object]:
    """message id (a plural's singular) -> the message."""
    return {(m.id if isinstance(m.id, str) else m.id[0]): m for m in catalog if m.id}


@pytest.fixture(scope="module")
def templates() -> dict[str, Catalog]:
    return {domain: extract(domain) for domain in i18n.DOMAINS}


def test_the_languages_are_english_spanish_and_german() -> None:
    assert i18n.languages()[:1] == ["en"] and {"es", "de"} <= set(i18n.languages())


def test_every_translation_is_declared_complete_or_partly_english() -> None:
    """A new language's folder must say here which domains it leaves English for now."""
    assert set(TRANSLATED) == set(ENGLISH_ONLY)


#: A marking call with a literal text inside an f-string's braces: ``f"{_('Dev')} {n}"`` (a call
#: on a variable, ``_(NAMES[k])``, translates a text marked where it is written).
MARKED_IN_FSTRING = re.compile(r"""\{[^{}]*\b(?:_|N_|gettext|ngettext)\(\s*[rbuRBU]*['"]""")


def test_no_text_is_marked_inside_an_f_string() -> None:
    """Babel's extractor does not read inside an f-string (one token to it before Python 3.12):
    a ``_('Dev')`` there is translated by no catalogue and still counted complete, as the Ankh
    screen's compact header was. Mark the text outside, as one message with placeholders."""
    found = []
    files = {path for domain in i18n.DOMAINS for path, method in source_files(domain) if method == "python"}
    for path in sorted(files):
        with path.open("rb") as f:
            for token in tokenize.tokenize(f.readline):
                fstring = token.type == tokenize.STRING and re.match(r"(?i)[rb]*f", token.string)
                if fstring and MARKED_IN_FSTRING.search(token.string):
                    found.append(f"{path.name}:{token.start[0]}: {token.string[:60]}")
    assert not found, found


@pytest.mark.parametrize("domain", i18n.DOMAINS)
@pytest.mark.parametrize("language", i18n.languages())
def test_every_marked_text_is_in_the_catalogue(templates: dict[str, Catalog], domain: str, language: str) -> None:
    """Babel's extraction from the source against the catalogue: a text added to the code and not
    to a catalogue (``make i18n`` then a translation) fails here, naming it."""
    wanted = _ids(templates[domain])
    catalog = i18n.catalog(language, domain)
    assert catalog is not None, f"no {language}/LC_MESSAGES/{domain}.po: run make i18n"
    have = _ids(catalog)
    missing = sorted(set(wanted) - set(have))
    assert not missing, f"{language}/{domain}.po lacks {len(missing)} texts (run make i18n): {missing[:10]}"
    if language == i18n.DEFAULT_LANGUAGE or domain in ENGLISH_ONLY.get(language, set()):
        return
    untranslated = sorted(
        key
        for key, m in have.items()
        if key in wanted and (m.fuzzy or not m.string or (isinstance(m.string, tuple) and not all(m.string)))  # type: ignore[attr-defined]
    )
    assert not untranslated, f"{language}/{domain}.po leaves {len(untranslated)} untranslated: {untranslated[:10]}"


def test_the_common_and_nile_domains_have_texts(templates: dict[str, Catalog]) -> None:
    assert len(_ids(templates["common"])) > 200 and len(_ids(templates["nile"])) > 80
    assert "Your turn" in _ids(templates["common"])  # JavaScript (table.js)
    assert "Create the table" in _ids(templates["common"])  # the lobby's HTML page
    assert "Legal actions:" in _ids(templates["common"])  # Python (the terminal)
    assert "{god} ends the turn." in _ids(templates["nile"])  # the engine's narration


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", i18n.DOMAINS)
def test_translations_keep_the_placeholders(domain: str, language: str) -> None:
    catalog = i18n.catalog(language, domain)
    assert catalog is not None
    for m in catalog:
        if not m.id or not m.string:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        wanted = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        for text in strings:
            if not text:  # untranslated (the completeness test says where that is allowed)
                continue
            assert set(PLACEHOLDER.findall(text)) <= wanted, (m.id, text)
            assert set(PLACEHOLDER.findall(text)) >= set(PLACEHOLDER.findall(ids[0])) - {"n"}, (m.id, text)


def test_babels_javascript_extractor_sees_every_t_call(templates: dict[str, Catalog]) -> None:
    """A guard on the extraction itself: each ``t("...")`` / ``tn("...")`` literal found by a plain
    search of the JavaScript is among the extracted texts (Babel's JavaScript extractor does not
    see a call nested in another call's parameters)."""
    call = re.compile(r'\btn?\("((?:[^"\\]|\\.)*)"')
    for domain in i18n.DOMAINS:
        ids = _ids(templates[domain])
        for path, method in source_files(domain):
            if method != "javascript":
                continue
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.lstrip().startswith("//"):
                    continue
                for found in call.finditer(line):
                    text = json.loads(f'"{found[1]}"')
                    assert text in ids, f"{path.name}: t({text!r}) is not extracted"


#: A count written before a plural English word ("{n} stones", "{n} of Blue's stones", "({n} left)").
COUNTED = re.compile(r"\{n\}(?: [a-z]+s\b| left\b| of [^().·]*s\b)")
#: The page messages whose {n} is never 1, so one form is right in every language.
ALWAYS_MANY = {
    "the marker's start with {n} players",  # 2 to 5 players
    "A loss of {loss} of the chance to win (± {error}: searched again with {n} iterations per search).",
}


def test_a_page_message_that_counts_is_a_plural_message() -> None:
    """Issue 32: "Rojo retira 1 piedras de Azul": a page text holding a count before a counted
    word is a ``tn(singular, plural, n)`` message (each language's plural forms, as ngettext),
    never ``t()`` with ``{n}`` in it, unless its count is never 1 (ALWAYS_MANY)."""
    call = re.compile(r'(?<![\w.])t\("((?:[^"\\]|\\.)*)"')
    wrong = []
    for domain in i18n.DOMAINS:
        for path, method in source_files(domain):
            if method != "javascript":
                continue
            for line in path.read_text(encoding="utf-8").splitlines():
                for found in call.finditer(line):
                    text = json.loads(f'"{found[1]}"')
                    if COUNTED.search(text) and text not in ALWAYS_MANY:
                        wrong.append(f"{path.name}: t({text!r})")
    assert not wrong, "counted with t(), not tn(): " + "; ".join(wrong)


def test_babels_javascript_extractor_sees_every_tc_call_with_its_context(templates: dict[str, Catalog]) -> None:
    """Each ``tc("context", "...")`` of the JavaScript is extracted as a message in that context."""
    call = re.compile(r'\btc\("((?:[^"\\]|\\.)*)", "((?:[^"\\]|\\.)*)"')
    found = 0
    for domain in i18n.DOMAINS:
        catalogue = templates[domain]
        for path, method in source_files(domain):
            if method != "javascript":
                continue
            for match in call.finditer(path.read_text(encoding="utf-8")):
                found += 1
                context, text = json.loads(f'"{match[1]}"'), json.loads(f'"{match[2]}"')
                assert catalogue.get(text, context=context) is not None, f"{path.name}: tc({context!r}, {text!r})"
    assert found >= 5  # the Ankh table's event and action track letters


def test_a_message_in_a_context_is_translated_apart_from_the_same_english() -> None:
    """ "S" on Ankh's event track is the start space, "S" on a hex's edge is south: the same
    English, which another language may write differently, so the track's is in a context."""
    assert i18n.pgettext("event track", "K", "es") == "Ca"
    assert i18n.pgettext("event track", "C", "de") == "K"
    assert i18n.pgettext("event track", "K", "en") == "K"
    assert i18n.gettext("K", "de") == "K"  # no message "K" outside the context
    assert i18n.pgettext("no such context", "K", "es") == "K"
    spanish = i18n.as_json("es")["messages"]
    assert spanish[f"action track{i18n.CONTEXT_SEPARATOR}{{n}}P"] == "{n}J"
    assert spanish["S"] == "S"  # the compass point, apart from the start space's letter
    assert f"event track{i18n.CONTEXT_SEPARATOR}S" in i18n.translated_ids("de")


def test_gettext_and_ngettext_in_spanish_and_the_english_fallback() -> None:
    assert i18n.gettext("Your turn", "es") == "Tu turno"
    assert i18n.gettext("Your turn", "en") == "Your turn"
    assert i18n.gettext("a text nobody marked", "es") == "a text nobody marked"
    assert i18n.ngettext("{n} entry", "{n} entries", 1, "es") == "{n} entrada"
    assert i18n.ngettext("{n} entry", "{n} entries", 4, "es") == "{n} entradas"
    assert i18n.ngettext("{n} entry", "{n} entries", 4, "en") == "{n} entries"


def test_the_process_language_is_set_and_checked() -> None:
    try:
        i18n.set_language("es")
        assert i18n._("Legal actions:") == "Acciones legales:"
        with pytest.raises(ValueError, match="languages: en, de, es"):
            i18n.set_language("xx")
    finally:
        i18n.set_language("en")
    assert i18n._("Legal actions:") == "Legal actions:"


@pytest.mark.parametrize(
    ("preferred", "expected"),
    [
        (["es-ES", "en"], "es"),
        (["fr-FR", "es"], "es"),
        (["de", "fr"], "de"),
        (["fr-FR", "de-AT"], "de"),
        (["fr", "it"], "en"),
        ([], "en"),
        (["es_MX"], "es"),
    ],
)
def test_negotiate(preferred: list[str], expected: str) -> None:
    assert i18n.negotiate(preferred) == expected


def test_accept_language_is_read_by_quality() -> None:
    assert i18n.parse_accept_language("en;q=0.5, es-ES, es;q=0.9, *;q=0.1") == ["es-ES", "es", "en"]
    assert i18n.parse_accept_language("es;q=zero, en") == ["en"]
    assert i18n.parse_accept_language(None) == []


def test_the_browser_catalogue_holds_the_translations_and_plural_forms() -> None:
    es = i18n.as_json("es")
    assert es["language"] == "es" and es["name"] == "español"
    assert es["messages"]["Your turn"] == "Tu turno"
    assert es["messages"]["{n} entry"][0] == "{n} entrada" and es["plural_tags"][0] == "one"
    assert es["plural_tags"][-1] == "other" and len(es["messages"]["{n} entry"]) == len(es["plural_tags"])
    assert i18n.as_json("en")["messages"] == {}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'n.db'}", ai_workers=0)) as c:
        yield c


def test_the_api_serves_the_negotiated_catalogue(client: TestClient) -> None:
    assert [x["code"] for x in client.get("/api/i18n").json()["languages"]] == i18n.languages()
    assert client.get("/api/i18n/fr-FR,es-ES").json()["language"] == "es"
    assert client.get("/api/i18n/auto", headers={"Accept-Language": "es-ES,es;q=0.9"}).json()["language"] == "es"
    assert client.get("/api/i18n/auto", headers={"Accept-Language": "de-DE,de"}).json()["language"] == "de"
    assert client.get("/api/i18n/auto", headers={"Accept-Language": "fr"}).json()["language"] == "en"
    assert client.get("/api/i18n/xx").json()["messages"] == {}
    assert client.get("/api/i18n/" + "e" * 300).status_code == 422


# ---------- Dioses del Nilo's rules texts ----------


def _entries(language: str) -> dict[str, dict[str, object]]:
    data = tomllib.loads((NILE_TEXTS / f"{language}.toml").read_text(encoding="utf-8"))
    return {t["id"]: t for t in data["term"]}


def test_the_spanish_nile_texts_have_every_english_entry_translated() -> None:
    english, spanish = _entries("en"), _entries("es")
    assert set(spanish) == set(english), f"es.toml lacks {set(english) - set(spanish)}"
    overview = tomllib.loads((NILE_TEXTS / "es.toml").read_text(encoding="utf-8"))["overview"]
    assert set(overview) == {"title", "goal", "turn", "win", "source"}
    for term_id, entry in english.items():
        assert spanish[term_id]["kind"] == entry["kind"]
        assert cited(spanish[term_id]["source"]) == cited(entry["source"])  # its words in Spanish
        for field in ("line", "rule"):
            assert spanish[term_id][field] != entry[field], f"{term_id}.{field} is not translated"


def test_the_spanish_nile_texts_find_english_and_spanish_names() -> None:
    from netjer.games.registry import make_game  # noqa: PLC0415 - only this test needs the game

    texts = make_game("nile").rules_texts("es")
    assert texts.find("retaguardia") is texts.find("rearguard") is not None
    assert texts.meaning("attack a2 a3").startswith("Ataca")
    assert texts.overview.goal.startswith("Isis y Seth")


def test_no_element_of_the_common_pages_shows_an_unmarked_english_word() -> None:
    """A guard on marking (the domains Spanish must cover): an element built with
    ``el(tag, {...}, "Some words")`` shows a literal that no ``t()`` translates (the phone's
    zoom bar said "drag to pan" on a Spanish table)."""
    literal_child = re.compile(r'\bel\("\w+", \{[^{}]*\}, "([^"]*[A-Za-z][^"]*)"')
    for path, method in [*source_files("common"), *source_files("nile")]:
        if method != "javascript":
            continue
        text = path.read_text(encoding="utf-8")
        found = [m[1] for m in literal_child.finditer(text)]
        assert not found, f"{path.name}: unmarked texts {found}"


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("domain", i18n.DOMAINS)
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_has_the_same_placeholders(domain: str, language: str) -> None:
    """Issue 32 item 4: a translated message names exactly its English id's placeholders (the
    code fills them by name; one left out or added would show a gap or a raw ``{name}``); a
    plural form may leave out its count ``{n}`` ("one move" for ``{n} move``)."""
    catalog = i18n.catalog(language, domain)
    assert catalog is not None
    wrong = []
    for m in catalog:
        if not m.id or not m.string:
            continue
        if isinstance(m.id, tuple):
            wanted = _placeholders(m.id[0]) | _placeholders(m.id[1])
            wrong += [(m.id[0], s) for s in m.string if s and not wanted - {"n"} <= _placeholders(s) <= wanted]
        elif _placeholders(str(m.string)) != _placeholders(m.id):
            wrong.append((m.id, m.string))
    assert not wrong, f"{language}/{domain}.po: {wrong[:5]}"


@pytest.mark.parametrize("domain", i18n.DOMAINS)
@pytest.mark.parametrize("language", i18n.languages())
def test_plural_forms_are_declared(domain: str, language: str) -> None:
    """Issue 32 item 4: each catalogue declares its language's plural forms (``Plural-Forms``,
    as Babel's CLDR data gives them), and a translated plural message gives every form."""
    catalog = i18n.catalog(language, domain)
    assert catalog is not None
    expected = get_plural(language)
    assert catalog.num_plurals == expected.num_plurals, f"{language}/{domain}.po: Plural-Forms"
    assert catalog.plural_expr == expected.plural_expr
    for m in catalog:
        if isinstance(m.id, tuple) and any(m.string):
            assert len(m.string) == catalog.num_plurals and all(m.string), (language, domain, m.id)


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_message_id_has_one_translation_across_catalogues(language: str) -> None:
    """The terminal merges every domain into one catalogue (``i18n.translations``): a message id
    in two domains ("Seth" in Ankh's and Dioses del Nilo's) must be translated the same in both,
    or one game would show the other's word."""
    seen: dict[tuple[str | None, str], tuple[str, object]] = {}
    clashes = []
    for domain in i18n.DOMAINS:
        for m in i18n.catalog(language, domain) or ():
            forms = m.string if isinstance(m.string, tuple) else (m.string,)
            if not m.id or not all(forms):
                continue
            key = (m.context, m.id if isinstance(m.id, str) else m.id[0])  # a context is another message
            if key in seen and seen[key][1] != forms:
                clashes.append((key, seen[key], (domain, forms)))
            seen.setdefault(key, (domain, forms))
    assert not clashes, clashes[:5]
