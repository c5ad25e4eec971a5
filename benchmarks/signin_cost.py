"""The server's CPU time per sign-in check: a passkey's assertion (ES256, checked by the
``webauthn`` package) against a password (Argon2id, argon2-cffi's defaults).

    python benchmarks/signin_cost.py [--assertions 300] [--passwords 10]

CPU time of the process (``time.process_time``: every thread's, so Argon2id's parallel lanes
count in full), per check; the software authenticator's signing is timed apart and taken off.
"""

from __future__ import annotations

import argparse
import secrets
import time

from tests.server.authenticator import Authenticator, b64url
from webauthn import verify_authentication_response, verify_registration_response
from webauthn.helpers import base64url_to_bytes

from netjer.server.accounts.passwords import hash_password, verify_password

RP_ID, ORIGIN = "netjer.test", "https://netjer.test"


def main() -> None:
    """Measure and print both costs (milliseconds of CPU per check)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--assertions", type=int, default=300)
    parser.add_argument("--passwords", type=int, default=10)
    args = parser.parse_args()
    key = Authenticator(ORIGIN)
    made = key.create({"rp": {"id": RP_ID}, "user": {"id": "AAAA"}, "challenge": "AAAA"})
    passkey = verify_registration_response(
        credential=made, expected_challenge=base64url_to_bytes("AAAA"), expected_rp_id=RP_ID,
        expected_origin=ORIGIN, require_user_verification=True,
    )  # fmt: skip
    answers = []
    start = time.process_time()
    for _ in range(args.assertions):
        challenge = secrets.token_bytes(32)
        answers.append((challenge, key.get({"challenge": b64url(challenge)}, RP_ID)))
    signing = time.process_time() - start
    start = time.process_time()
    for count, (challenge, answer) in enumerate(answers):
        verify_authentication_response(
            credential=answer, expected_challenge=challenge, expected_rp_id=RP_ID, expected_origin=ORIGIN,
            credential_public_key=passkey.credential_public_key, credential_current_sign_count=count,
            require_user_verification=True,
        )  # fmt: skip
    checking = time.process_time() - start
    stored = hash_password("lapis lazuli of the south")
    start = time.process_time()
    for _ in range(args.passwords):
        verify_password(stored, "lapis lazuli of the south")
    password = time.process_time() - start
    print(f"authenticator signing (not the server's): {1000 * signing / args.assertions:.3f} ms per assertion")
    print(f"passkey assertion checked: {1000 * checking / args.assertions:.3f} ms CPU")
    print(f"password checked (Argon2id): {1000 * password / args.passwords:.1f} ms CPU")


if __name__ == "__main__":
    main()
