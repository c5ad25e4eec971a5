"""Rate limits per client address: a token bucket per address, with an injectable clock.

A bucket holds up to ``burst`` tokens and refills at ``per_minute / 60`` tokens a second; a
request takes one token, or is refused with the seconds until one is back (the 429's
``Retry-After``).  A small own class rather than a library: the rate-limit libraries for
Starlette (slowapi over ``limits``) count fixed or moving windows against the wall clock,
give no token bucket and take no clock to test with.

Which address a request comes from: the peer's, unless the peer is a trusted proxy
(:func:`trusted_proxies`, ``netjer serve --forwarded-allow-ips``); then the one its
``X-Forwarded-For`` names (uvicorn's proxy-headers middleware rewrites the request's client
before the application sees it).  A client could otherwise choose its own bucket by sending
that header.
"""

from __future__ import annotations

import ipaddress
import math
import re
import time
from collections.abc import Callable

_RATE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*/\s*(s|sec|second|m|min|minute|h|hour)\s*$")
_PER_MINUTE = {"s": 60.0, "sec": 60.0, "second": 60.0, "m": 1.0, "min": 1.0, "minute": 1.0, "h": 1 / 60, "hour": 1 / 60}


def parse_rate(text: str) -> float:
    """Requests per minute of a rate written ``N/min`` (also ``N/s``, ``N/hour``); ``0``: none.

    Raises:
        ValueError: with the accepted forms, for anything else or a negative rate.
    """
    match = _RATE.match(text)
    if not match:
        raise ValueError(f"a rate is written like '10/min', '1/s' or '100/hour' (0 for no limit), got {text!r}")
    return float(match.group(1)) * _PER_MINUTE[match.group(2)]


class RateLimiter:
    """Token buckets per key (a client address).

    Args:
        per_minute: the sustained rate allowed (positive).
        burst: requests allowed at once after a quiet spell (default: one minute's worth,
            at least 1).
        clock: seconds, monotonic (injectable for tests).
        max_keys: buckets kept; past it, full buckets (clients quiet long enough) are dropped.

    Raises:
        ValueError: if ``per_minute`` or ``burst`` is not positive.
    """

    def __init__(
        self,
        per_minute: float,
        burst: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = 10_000,
    ) -> None:
        if not per_minute > 0:
            raise ValueError(f"the rate must be positive, got {per_minute}")
        self.per_minute = per_minute
        self.burst = float(burst if burst is not None else max(1, math.floor(per_minute)))
        if not self.burst > 0:
            raise ValueError(f"the burst must be positive, got {burst}")
        self.clock = clock
        self.max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, at)

    def take(self, key: str) -> float:
        """Take a token for ``key``: 0.0 if allowed, else the seconds until one is back."""
        now = self.clock()
        rate = self.per_minute / 60.0
        tokens, at = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * rate)
        if tokens >= 1.0:
            self._buckets[key] = (tokens - 1.0, now)
            if len(self._buckets) > self.max_keys:
                self._prune(now)
            return 0.0
        self._buckets[key] = (tokens, now)
        return (1.0 - tokens) / rate

    def _prune(self, now: float) -> None:
        rate = self.per_minute / 60.0
        full = [k for k, (tokens, at) in self._buckets.items() if tokens + (now - at) * rate >= self.burst]
        for key in full:
            del self._buckets[key]


class RateLimited(Exception):
    """A request refused by a rate limit: answered 429 with ``Retry-After``.

    Attributes:
        retry_after: whole seconds until the client may try again (at least 1).
        message: a sentence for the client, in English.
        message_id: the catalogue message it fills (``N_``-marked, named placeholders).
        params: the placeholders' values.
    """

    def __init__(self, retry_after: float, message: str, **params: int | str) -> None:
        filled = message.format(**params) if params else message
        super().__init__(filled)
        self.retry_after = max(1, math.ceil(retry_after))
        self.message = filled
        self.message_id = message
        self.params: dict[str, int | str] = dict(params)


#: The proxies trusted when none is configured: one on the same machine.
LOOPBACK = ("127.0.0.1", "::1")


def trusted_proxies(option: str | None) -> list[str]:
    """The peer addresses whose ``X-Forwarded-For`` (and ``-Proto``) the server believes.

    Args:
        option: ``--forwarded-allow-ips``: comma-separated IP addresses or networks
            (``10.0.0.5``, ``10.0.0.0/8``, ``::1``), ``*`` for any peer (only behind a proxy
            that is the sole way in), or an empty text for none.  ``None`` (not given): the
            loopback addresses (:data:`LOOPBACK`), a proxy on the same machine; once a proxy
            is configured, loopback is trusted only if listed.

    Returns:
        The trusted addresses and networks, as uvicorn's ``forwarded_allow_ips`` takes them
        (empty: the header is never read).

    Raises:
        ValueError: naming an entry that is neither an address, a network nor ``*``.
    """
    if option is None:
        return list(LOOPBACK)
    trusted = []
    for entry in (e.strip() for e in option.split(",")):
        if not entry:
            continue
        if entry != "*":
            try:
                ipaddress.ip_network(entry, strict=False)
            except ValueError:
                raise ValueError(
                    f"{entry!r} is not an IP address or network (e.g. 10.0.0.5, 10.0.0.0/8, ::1) nor '*'"
                ) from None
        trusted.append(entry)
    return trusted
