"""The webauthn library's reasons for refusing a passkey's answer, told in our own words as
catalogue messages (issue 32: a page shows every refusal in the reader's language), so that
"the passkey was refused: {reason}" is one sentence in Spanish or German too.

The library words its reasons in English and fills some with what the browser sent (an
origin, a type); :func:`passkey_reason` recognises each by its fixed start and never echoes the
filled part.  A reason not listed (a newer library's) is passed on in the library's words and
logged, so that a maintainer can add it here.
"""

from __future__ import annotations

import logging

from netjer.i18n import N_
from netjer.i18n_sentences import Sentence

_log = logging.getLogger("netjer.server")

#: The fixed start of each of the library's reasons (webauthn 2.x, ``verify_registration_response``
#: and ``verify_authentication_response``), lower-cased, and what it means for the player.
LIBRARY_REASONS: tuple[tuple[str, str], ...] = (
    ("id and raw_id were not equivalent", N_("the answer's two copies of the passkey's identifier differ")),
    ("unexpected credential type", N_("the answer is not a passkey's")),
    ("unexpected client data type", N_("the answer belongs to another step (creating a passkey, or signing in)")),
    ("client data challenge was not expected challenge", N_("the answer does not answer this server's request")),
    ("unexpected client data origin", N_("the answer was made on another site (its origin is not this server's)")),
    ("unexpected token_binding status", N_("the browser's token binding is not accepted")),
    ("unexpected rp id hash", N_("the passkey belongs to another site (its RP ID is not this server's)")),
    ("user presence was required", N_("the device did not confirm that someone was there: touch it when asked")),
    ("user was not present", N_("the device did not confirm that someone was there: touch it when asked")),
    (
        "user verification is required",
        N_("the device did not verify that it is you (a PIN, a fingerprint or a face), which this server requires"),
    ),
    ("authenticator did not provide", N_("the device did not send the passkey's key")),
    ("unsupported credential public key alg", N_("the passkey's kind of key is not supported here")),
    ("unsupported attestation type", N_("the device's proof of what it is could not be checked")),
    ("malformed attestation type", N_("the device's proof of what it is could not be checked")),
    ("none attestation had unexpected", N_("the device's proof of what it is could not be checked")),
    ("attestation statement could not be verified", N_("the device's proof of what it is could not be checked")),
    ("could not verify authentication signature", N_("the signature does not match the passkey registered here")),
)


def passkey_reason(said: str) -> str:
    """The library's reason ``said`` as a catalogue sentence (:data:`LIBRARY_REASONS`), else
    ``said`` itself (a value, told as it is in every language; logged for a maintainer).

    Args:
        said: ``str()`` of the library's ``InvalidRegistrationResponse`` or
            ``InvalidAuthenticationResponse``.

    Returns:
        a :class:`~netjer.i18n_sentences.Sentence`, or ``said`` when its reason is not known.
    """
    lowered = said.lower()
    found = next((message for start, message in LIBRARY_REASONS if lowered.startswith(start)), None)
    if found is None:
        _log.info("passkey refused for a reason not translated: %r", said)
        return said
    return Sentence(found)
