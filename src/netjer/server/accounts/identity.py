"""Who a request comes from when it carries no seat token but a signed-in session, and the
cookies and header that carry a session (:mod:`netjer.server.accounts`).

A seat's requests carry the seat's token (``Authorization: Bearer``); a signed-in player's
browser may instead carry its session cookie, and :func:`netjer.server.routes.common.bearer_token`
then hands the routes a :class:`SignedIn` in place of the token: a seat held by that account
(``SeatInfo.account``) accepts it (:meth:`netjer.server.tables.TableManager.check_token`), any
other seat refuses it as a wrong token.
"""

from __future__ import annotations

#: The session cookie: the session's random token (HttpOnly: no script reads it).
SESSION_COOKIE = "netjer_session"
#: The CSRF cookie: the session's CSRF token, which the pages read and send back as
#: :data:`CSRF_HEADER` with every state-changing request (a page of another site can neither
#: read it nor set the header).
CSRF_COOKIE = "netjer_csrf"
#: The header carrying the CSRF token.
CSRF_HEADER = "X-CSRF-Token"
#: The HTTP methods that change nothing (no CSRF token needed).
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class SignedIn(str):
    """A signed-in account standing where a seat token would: the text ``account:<id>`` (never
    any seat's token), with the account's id and name.

    Args:
        account: the account's id.
        name: its name.
    """

    account: int
    name: str

    def __new__(cls, account: int, name: str) -> SignedIn:
        made = super().__new__(cls, f"account:{account}")
        made.account = account
        made.name = name
        return made


def account_of(token: str | None) -> int | None:
    """The account a request's identity stands for (None: a seat token, or nobody)."""
    return token.account if isinstance(token, SignedIn) else None
