"""The terminal's ``--lang`` option, shared by the commands that take it (``netjer --lang es``,
``netjer play``, ``netjer replay``, ``netjer learn``): the language of every text shown
(:mod:`netjer.i18n`; default ``$NETJER_LANG``, else English)."""

from __future__ import annotations

from netjer import i18n
from netjer.core.errors import ConfigError

#: The option's help: the languages with catalogues, so that a new one is listed by itself.
LANG_HELP = f"Language of the texts shown: {', '.join(i18n.languages())} (default: $NETJER_LANG, else English)."


def use_language(lang: str | None) -> None:
    """Make ``lang`` (a language tag: ``es``, ``es-ES``, ``es_ES.UTF-8``'s ``es_ES``) the
    language of every text shown, negotiated among the catalogues' languages
    (:func:`netjer.i18n.negotiate`); ``None`` leaves the language as it is.

    Raises:
        ConfigError: for a language without catalogues (the message lists those there are).
    """
    if lang is None:
        return
    found = i18n.negotiate([lang])
    if found == i18n.DEFAULT_LANGUAGE and lang.lower().replace("_", "-").split("-")[0] != found:
        raise ConfigError(f"no translation into {lang!r}; languages: {', '.join(i18n.languages())}")
    i18n.set_language(found)
