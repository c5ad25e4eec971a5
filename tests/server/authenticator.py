"""A software WebAuthn authenticator for the server's tests: it makes ES256 passkeys with
'none' attestation and signs assertions, as W3C Web Authentication Level 2 describes them
(section 6.1, the authenticator data; 6.5.4, 'none' attestation; 5.8.1, the client data),
built with the ``cryptography`` package; whatever a test wants wrong (the origin, the relying
party id, the counter, the user handle, user verification) it can make wrong."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import struct
from dataclasses import dataclass, field
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

#: The authenticator data's flags (section 6.1).
UP, UV, AT = 0x01, 0x04, 0x40


def b64url(data: bytes) -> str:
    """Base64url without padding (what ``toJSON()`` gives)."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    """The bytes of a base64url text (padding optional)."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Passkey:
    """One credential the authenticator holds: its id, private key, counter and user handle."""

    id: bytes
    key: ec.EllipticCurvePrivateKey
    user_handle: bytes
    counter: int = 0


@dataclass
class Authenticator:
    """A platform authenticator holding discoverable ES256 credentials.

    Args:
        origin: the origin the browser reports (the page's).
    """

    origin: str
    passkeys: dict[bytes, Passkey] = field(default_factory=dict)

    def _client_data(self, kind: str, challenge: str, origin: str | None) -> bytes:
        body = {"type": kind, "challenge": challenge, "origin": origin or self.origin, "crossOrigin": False}
        return json.dumps(body).encode()

    def create(
        self, options: dict[str, Any], *, origin: str | None = None, rp_id: str | None = None, verified: bool = True
    ) -> dict[str, Any]:
        """A new credential for ``navigator.credentials.create(options)``, as ``toJSON()``
        gives it (``rp_id``: the relying party id hashed into it, by default the options')."""
        key = ec.generate_private_key(ec.SECP256R1())
        numbers = key.public_key().public_numbers()
        cose = cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})
        cred = Passkey(secrets.token_bytes(32), key, unb64url(options["user"]["id"]))
        self.passkeys[cred.id] = cred
        rp_hash = hashlib.sha256((rp_id or options["rp"]["id"]).encode()).digest()
        flags = UP | AT | (UV if verified else 0)
        auth_data = rp_hash + bytes([flags]) + struct.pack(">I", 0) + bytes(16)
        auth_data += struct.pack(">H", len(cred.id)) + cred.id + cose
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        client_data = self._client_data("webauthn.create", options["challenge"], origin)
        return {
            "id": b64url(cred.id),
            "rawId": b64url(cred.id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(client_data),
                "attestationObject": b64url(attestation),
                "transports": ["internal"],
            },
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        }

    def get(
        self,
        options: dict[str, Any],
        rp_id: str,
        *,
        credential: bytes | None = None,
        origin: str | None = None,
        counter: int | None = None,
        user_handle: bytes | None = None,
        verified: bool = True,
    ) -> dict[str, Any]:
        """An assertion for ``navigator.credentials.get(options)`` by ``credential`` (by
        default the first held that the options allow, else the first held: a client
        answering with a passkey it was not asked for), its counter one more than
        last time unless ``counter`` is given."""
        allowed = [unb64url(c["id"]) for c in options.get("allowCredentials") or []]
        usable = [c for c in allowed if c in self.passkeys] or list(self.passkeys)
        chosen = self.passkeys[credential or usable[0]]
        chosen.counter = chosen.counter + 1 if counter is None else counter
        rp_hash = hashlib.sha256(rp_id.encode()).digest()
        auth_data = rp_hash + bytes([UP | (UV if verified else 0)]) + struct.pack(">I", chosen.counter)
        client_data = self._client_data("webauthn.get", options["challenge"], origin)
        signature = chosen.key.sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64url(chosen.id),
            "rawId": b64url(chosen.id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(client_data),
                "authenticatorData": b64url(auth_data),
                "signature": b64url(signature),
                "userHandle": b64url(user_handle if user_handle is not None else chosen.user_handle),
            },
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        }
