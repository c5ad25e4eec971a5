"""Who may sit at a rated table, and its sound settings (issue 31; docs/decisions/0023-ratings.md).

A rated game counts only between distinct signed-in accounts (:func:`netjer.server.db.ratings.rated_accounts`).
Instead of letting a guest or a second seat of the same account silently make it unrated when it
ends, a rated table admits only what can count, and says why it refuses (as lichess and Board Game
Arena do):

* at creation, the creator holds at most one seat (the others open or invited:
  :func:`creation_refusal`), and a player whose time runs out is out (``on_timeout`` ``"out"``:
  a computer standing in would play part of a rated game; an explicit ``"computer"`` is
  refused, an omitted one is set to ``"out"``: :func:`rated_clock`);
* a seat is taken (joined from the lobby, claimed by an invitation) only by a signed-in account
  that holds no other seat of the table (:func:`seat_refusal`).
"""

from __future__ import annotations

from dataclasses import replace

from netjer.i18n import N_
from netjer.server.clocks import ClockSettings
from netjer.server.runtime import TableError, TableRuntime

#: Why a rated table refuses a seat or a setting (marked: the page shows them in its language).
NEEDS_ACCOUNT = N_("this table is rated: sign in to take a seat (a rated game is between signed-in players)")
ONE_SEAT = N_("this table is rated: you already hold another seat of it (one seat per player)")
ONE_OWN_SEAT = N_("a rated game gives each player one seat: open or invite the other seats")
NO_STAND_IN = N_(
    "a rated game cannot let the computer play for a player whose time runs out: the seat is out (on_timeout 'out')"
)


def creation_refusal(own_seats: int, on_timeout: str | None) -> str | None:
    """Why a rated table cannot be created as asked, or ``None``.

    Args:
        own_seats: how many seats the creator would hold (neither open nor invited).
        on_timeout: the clock's ``on_timeout`` as the request gave it (``None``: not given).
    """
    if own_seats > 1:
        return ONE_OWN_SEAT
    if on_timeout == "computer":
        return NO_STAND_IN
    return None


def rated_clock(settings: ClockSettings) -> ClockSettings:
    """A rated table's clock settings: the seat whose time runs out is out (it loses; at a table
    of three or more the others play on, :mod:`netjer.server.retired_seats`)."""
    return replace(settings, on_timeout="out")


def seat_refusal(rt: TableRuntime, seat: int, account: int | None) -> None:
    """Refuse ``account`` (``None``: a guest) taking ``seat`` of ``rt`` if ``rt`` is rated and
    it could not count.

    Raises:
        TableError: 403 ``rated_account`` for a guest, 409 ``one_seat`` for an account that
            holds another seat of the table.
    """
    if not rt.rated:
        return
    if account is None:
        raise TableError(403, "rated_account", NEEDS_ACCOUNT)
    if any(info.account == account for i, info in enumerate(rt.seats) if i != seat):
        raise TableError(409, "one_seat", ONE_SEAT)
