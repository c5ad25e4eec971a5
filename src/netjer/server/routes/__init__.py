"""The server's routes, one FastAPI router per concern (the API as a whole:
:mod:`netjer.server.app`).

=========================  ===============================================================
:mod:`.lobby`              games, rules texts, languages; tables: create, list, join, delete
:mod:`.challenges`         the open challenges: open seats with the creator's rating, filtered
:mod:`.social`             following tables and players; the turn notices of the followed
:mod:`.seats`              a seat's view, moves, undo, take-back, replay; the table WebSocket
:mod:`.chat`               the table's chat over REST
:mod:`.rematch`            offering and accepting a rematch
:mod:`.endings`            resigning, aborting, offering and answering draws and adjournments
:mod:`.reviews`            reviews and hints, and their WebSocket
:mod:`.health`             the health check and the echo WebSocket
:mod:`.lessons`            the guided first games: the lessons worked out, and their page
:mod:`.accounts`           signing up, in and out; the account, its tables and games
:mod:`.passkeys`           an account's passkeys: registered, listed, removed; signing in with one
:mod:`.invitations`        invitations to seats: shown again, renewed, revoked, claimed
:mod:`.moderation`         a player's mutes and blocks; chat lines reported
:mod:`.players`            a player's profile: ratings, their history, finished games
:mod:`.pages`              the browser's pages and static files
=========================  ===============================================================

Shared: :mod:`.common` (the services as dependencies, the caller's token, the error format),
:mod:`.models` (request bodies), :mod:`.errors` (the error handlers).
"""

from fastapi import APIRouter

from netjer.server.routes import (
    accounts,
    challenges,
    chat,
    endings,
    health,
    invitations,
    lessons,
    lobby,
    moderation,
    pages,
    passkeys,
    players,
    rematch,
    reviews,
    seats,
    social,
)

#: Every router, in the order the application includes them.
ROUTERS: tuple[APIRouter, ...] = (
    health.router,
    lobby.router,
    challenges.router,
    accounts.router,
    passkeys.router,
    invitations.router,
    moderation.router,
    social.router,
    players.router,
    rematch.router,
    endings.router,
    seats.router,
    chat.router,
    reviews.router,
    lessons.router,
    pages.router,
)
