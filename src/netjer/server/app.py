"""The FastAPI application: lobby REST API, one WebSocket per seat, the browser table's files.

API (JSON; a seat's requests carry its secret token as ``Authorization: Bearer <token>``, or,
for a seat a signed-in account holds, the session cookie and, when they change something, its
CSRF token as ``X-CSRF-Token``):

========================================  ====================================================
``GET  /api/games``                      games, their options (JSON Schema), seat counts, agents,
                                         the server's caps on computer players (``ai_limits``)
``GET  /api/health``                     the database and the AI pool: 200 fine, 503 not
``POST /api/tables``                     create a table; returns its id, the tokens of the
                                         creator's own human seats (neither open nor invited),
                                         the invitation links, and the creator key
``DELETE /api/tables/{id}``              delete a table before its first action (the creator
                                         key as the bearer token)
``GET  /api/tables?status=open``         tables (``open``: a human seat is free; ``playing``,
                                         ``finished``, or all)
``GET  /api/tables?ids=a,b``             those tables (at most 50; unknown ids are left
                                         out), with whose turn it is and the clocks: the
                                         lobby's "Your tables"
``POST /api/tables/{id}/join``           claim an open human seat; returns its token
``GET  /api/tables/{id}/view?seat=N``    seat N's view (token required); without ``seat``: the
                                         spectators' view
``POST /api/tables/{id}/moves``          play ``{"seat", "version", "action"|"index", "step"?}``
                                         (``step``: in a window of simultaneous choices,
                                         the view's ``step``; every seat in ``choosing``
                                         may move)
``POST /api/tables/{id}/takeback``       ``{"seat"}``: the person takes the seat back from the
                                         computer that plays it since its time ran out
``POST /api/tables/{id}/rematch``        ``{"seat"}`` (its token): offer a rematch of a
                                         finished table: same game, options, clock and seats,
                                         seat order rotated; returns the new seat's token
``POST /api/tables/{id}/rematch/accept`` ``{"seat"}`` (its token): take one's seat at the
                                         rematch; returns the new seat's token and link
``POST /api/tables/{id}/chat``           ``{"seat": N|null, "text", "name"?}``: a chat message
                                         (a seat with its token; ``null``: a spectator, who
                                         may give a ``name``)
``GET  /api/tables/{id}/replay?seat=N``  every step as seat N (or a spectator) saw it, undos
                                         included (``"undo": true``)
``/api/tables/{id}/reviews``, ``/hint``  a finished game's reviews and hints:
                                         :mod:`netjer.server.reviews`
``GET  /api/i18n``                       the languages of the pages (code, name in itself)
``GET  /api/i18n/{langs}``               the catalogue of the first of ``langs`` (comma-
                                         separated tags) or of ``Accept-Language`` that
                                         Netjer has, else English (netjer.i18n.as_json)
``/api/account``, ``/api/account/...``   sign up, in and out, change the password, delete the
                                         account, its tables and the export of its games:
                                         :mod:`netjer.server.routes.accounts`; its passkeys
                                         and signing in with one:
                                         :mod:`netjer.server.routes.passkeys`
``/api/tables/{id}/invitations``, ``/claim``  invitations to seats: shown again, renewed,
                                         revoked, claimed: :mod:`netjer.server.routes.invitations`
``GET  /api/challenges``                 the open challenges with the creator's rating,
                                         ``?game=&rated=&sort=``: :mod:`netjer.server.routes.challenges`
``/api/account/follows``, ``/notices``   follow a table or a player; the turn notices of
                                         those followed: :mod:`netjer.server.routes.social`
``WS   /ws/tables/{id}``                 send ``{"type": "hello", "seat": N|null, "token": ...}``,
                                         then receive a ``view`` after every change and send
                                         ``{"type": "move", "version", "action"|"index"}``,
                                         ``{"type": "takeback"}`` or ``{"type": "chat",
                                         "text", "name"?}`` (spectators too)
``WS   /ws/echo``                        echoes every message (a latency reference)
========================================  ====================================================

Every address served to ``GET`` answers ``HEAD`` too (health checks).  Errors are
``{"error": code, "message": ..., "rule": ...}`` with 403 (missing or wrong
token or creator key), 404 (unknown table, seat or address), 405 (method not accepted at
that address), 409 (stale version, not your turn, seat taken, game over, time out, seat
played by the computer, table already started, rematch already offered), 413 (body too
large), 422 (illegal or malformed move, bad table or clock, a computer seat over the
server's cap, empty or too long chat, malformed request) or 429 (tables created too fast
from one address, chat messages too fast from one seat or spectator; with ``Retry-After``);
on the WebSocket an ``error`` message
carrying the current view.  A seat only ever receives ``observation(seat)``.

The routes live in :mod:`netjer.server.routes`, one router per concern; this module builds
the application: the services on ``app.state``, their start and stop, the middleware and the
error handlers.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from fastapi import FastAPI

from netjer.server.accounts.passkeys import PasskeyConfig, Passkeys
from netjer.server.accounts.service import Accounts
from netjer.server.ai_service import DEFAULT_MAX_ITERATIONS, DEFAULT_MAX_SECONDS
from netjer.server.chat import CHAT_PER_MINUTE, Chat
from netjer.server.db import Store
from netjer.server.follows import Follows
from netjer.server.invitations import Invitations
from netjer.server.leases import DEFAULT_TTL, Leases
from netjer.server.limits import RateLimiter
from netjer.server.middleware import MAX_BODY_BYTES, BodyLimit, HeadAsGet
from netjer.server.notify import Notifier, libpq_url
from netjer.server.rematch import Rematches
from netjer.server.reviews import ReviewService
from netjer.server.routes import ROUTERS
from netjer.server.routes.common import ServerSettings
from netjer.server.routes.errors import install_error_handlers
from netjer.server.routes.pages import mount_static
from netjer.server.sockets import stop_task, watch
from netjer.server.tables import TableManager

__all__ = ["MAX_BODY_BYTES", "create_app"]

log = logging.getLogger("netjer.server")


def create_app(
    db_url: str = "sqlite:///netjer.db",
    ai_workers: int = 1,
    clock: Callable[[], float] = time.time,
    *,
    max_ai_seconds: float = DEFAULT_MAX_SECONDS,
    max_ai_iterations: int = DEFAULT_MAX_ITERATIONS,
    create_limiter: RateLimiter | None = None,
    lease_seconds: float = DEFAULT_TTL,
    chat_per_minute: float = CHAT_PER_MINUTE,
    secure_cookies: bool = False,
    signin_limiters: tuple[RateLimiter, RateLimiter] | None = None,
    passkeys: PasskeyConfig | None = None,
    notices_limiter: RateLimiter | None = None,
) -> FastAPI:
    """The web table's application.

    Args:
        db_url: a SQLAlchemy URL; the schema is created or upgraded here.
        ai_workers: worker processes for computer seats, shared in fair turn by every
            table (0: one thread, for tests).
        clock: seconds since the epoch, for the tables' clocks (tests pass a fake time).
        max_ai_seconds: the most thinking time per move a table may give a computer seat.
        max_ai_iterations: the most search iterations per move a table may give one.
        create_limiter: the rate limit of table creation per client address (None: none).
        lease_seconds: on PostgreSQL, how long this process's lease on a table's computer
            seats lasts unless renewed: after its death, another process takes them over
            within about this time (:mod:`netjer.server.leases`).
        chat_per_minute: chat messages a seat (or a spectator's connection) may send a minute
            (0: no limit); over it, 429 with ``Retry-After`` (REST) or an ``error`` message.
        secure_cookies: mark the session's cookies ``Secure`` always (behind a proxy that
            ends TLS but sends no ``X-Forwarded-Proto``); else only on HTTPS requests.
        signin_limiters: the sign-in rate limits per account and per address (None: the
            defaults of :mod:`netjer.server.accounts.service`).
        passkeys: the relying party of the passkeys (None: ``localhost``, its pages on any
            port; :class:`~netjer.server.accounts.passkeys.PasskeyConfig`).
        notices_limiter: the rate limit of ``GET /api/notices`` per client address (None:
            none); over it, 429 with ``Retry-After``.

    On PostgreSQL several processes may serve the same tables: each listens for the others'
    news (:mod:`netjer.server.notify`) and holds leases on computer seats.

    Raises:
        sqlalchemy.exc.SQLAlchemyError: if the database cannot be opened or migrated.
    """

    store = Store(db_url)  # created (and migrated) now, so that a bad database fails early

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        manager = TableManager(
            store,
            ai_workers=ai_workers,
            max_seconds=max_ai_seconds,
            max_iterations=max_ai_iterations,
            clock=clock,
        )
        app.state.manager = manager
        app.state.chat = Chat(manager, chat_per_minute)
        app.state.rematches = Rematches(manager)
        app.state.accounts = Accounts(store, *(signin_limiters or (None, None)))
        app.state.passkeys = Passkeys(app.state.accounts, passkeys or PasskeyConfig(), clock)
        app.state.invitations = Invitations(manager)
        app.state.follows = Follows(manager)
        keeper: asyncio.Task[None] | None = None
        if store.shared:  # PostgreSQL: other server processes may serve the same tables
            manager.leases = Leases(store.engine, store.origin, lease_seconds)
            manager.news = Notifier(
                libpq_url(store.engine.url),
                store.origin,
                manager.catch_up,
                manager.resync,
                loaded=manager.tables.__contains__,
            )
            await manager.news.start()
        app.state.reviews = ReviewService(manager)
        if manager.news is not None:  # news of the reviews other processes run, and of their pages
            manager.news.on_review = app.state.reviews.heard
            manager.news.on_presence = manager.presence.heard
        resumed = await manager.resume_all()
        if resumed:
            log.info("resumed %d unfinished tables", resumed)
        if reviewing := await app.state.reviews.resume():
            log.info("resumed %d reviews", reviewing)
        if manager.leases is not None:
            keeper = watch(asyncio.create_task(manager.leases.run(manager)), "the lease sweep")
        # PostgreSQL: the leases on the reviews computed here, renewed; abandoned ones taken over
        reviewer = watch(asyncio.create_task(app.state.reviews.run()), "the review sweep") if store.shared else None
        # PostgreSQL: this process's presence rows renewed, the others' read again (netjer.server.presence)
        heartbeat = watch(asyncio.create_task(manager.presence.run()), "the presence sweep") if store.shared else None
        try:
            yield
        finally:
            for task in (reviewer, keeper, heartbeat):
                if task is not None:
                    await stop_task(task)
            await app.state.reviews.close()
            await manager.close()
            await manager.presence.close()  # the others stop counting this process's pages at once
            if manager.leases is not None:
                await manager.leases.close()  # the others take this process's tables over at once
            if manager.news is not None:
                await manager.news.close()
            store.engine.dispose()

    app = FastAPI(title="Netjer", lifespan=lifespan)
    app.state.settings = ServerSettings(
        max_ai_seconds, max_ai_iterations, create_limiter, secure_cookies, notices_limiter=notices_limiter
    )
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    app.add_middleware(HeadAsGet)  # added last, so it runs first
    install_error_handlers(app)
    # Each router's routes are the application's own (not a nested router, which FastAPI's
    # include_router makes): ``app.routes`` lists every address with its methods, which the
    # HEAD and OPTIONS answers and the tests read.  The routers have no prefix or dependencies
    # of their own, so their routes are complete as they are.
    for router in ROUTERS:
        app.router.routes.extend(router.routes)
    mount_static(app)
    return app
