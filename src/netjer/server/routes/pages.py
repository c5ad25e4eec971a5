"""The browser's pages: the lobby (``/``), a table (``/table/{id}``), the account
(``/account``), a player's profile (``/player/{name}``) and their static files
(``/static``, from ``netjer/web``)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

WEB = Path(str(resources.files("netjer") / "web"))

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby() -> FileResponse:
    """The lobby page."""
    return FileResponse(WEB / "index.html")


@router.get("/table/{table_id}")
async def table_page(table_id: str) -> FileResponse:
    """A table's page (the seat and token follow in the address's fragment)."""
    return FileResponse(WEB / "table.html")


@router.get("/account")
async def account_page() -> FileResponse:
    """The account's page: sign up, sign in, and the signed-in player's account."""
    return FileResponse(WEB / "account.html")


@router.get("/player/{name}")
async def player_page(name: str) -> FileResponse:
    """A player's profile page (its data: ``GET /api/players/{name}``)."""
    return FileResponse(WEB / "player.html")


def mount_static(app: FastAPI) -> None:
    """Serve ``netjer/web/static`` under ``/static`` (when the package has it)."""
    if (WEB / "static").is_dir():
        app.mount("/static", StaticFiles(directory=WEB / "static"), name="static")
