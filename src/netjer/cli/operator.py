"""The operator's commands: ``netjer audit TABLE`` (who did what at a table, from the audit
log, :mod:`netjer.server.audit`) and ``netjer reports`` (the chat lines players reported,
:mod:`netjer.server.moderation`).  Both read the server's database directly (``--db``, the
URL ``netjer serve`` was given): they are for whoever runs the server, never for players
over the network.  docs/deploy.md says how to use them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from netjer import i18n
from netjer.cli.language import LangOption, use_language
from netjer.core.errors import ConfigError
from netjer.i18n import N_, _
from netjer.i18n_sentences import sentence_of

if TYPE_CHECKING:
    from netjer.server.db import Store

console = Console()
err_console = Console(stderr=True)

DB_HELP = N_("SQLAlchemy database URL of the server (as given to netjer serve).")
#: ``--db`` that is neither a database's URL nor a file's path (``serve``, ``reports``,
#: ``audit``): SQLAlchemy's reason, in its English words, is not shown; this says what to give.
BAD_DB = N_(
    "cannot use the database {db}: it is neither a database URL (sqlite:///FILE, "
    "postgresql+psycopg://user@host/db) nor the path of a SQLite file (docs/deploy.md)"
)


def _fail(message: str) -> typer.Exit:
    """Print ``message`` as a one-line error on stderr; the exit (status 2) to raise."""
    err_console.print(Text.assemble((_("error:") + " ", "bold red"), message), highlight=False)
    return typer.Exit(code=2)


def _use(lang: str | None) -> None:
    """Make ``lang`` the language of the texts shown (a one-line error for one without catalogues)."""
    try:
        use_language(lang)
    except ConfigError as err:
        raise _fail(sentence_of(err).told(i18n.get_language())) from None


def _open(db: str) -> Store:
    """The server's database at URL ``db`` (upgraded to the current schema, as ``serve`` would).

    Raises:
        typer.Exit: code 2, with the reason, for a URL that is malformed or cannot be opened.
    """
    from sqlalchemy.exc import SQLAlchemyError  # noqa: PLC0415 (the server's packages load only here)

    from netjer.server.db import Store, database_url  # noqa: PLC0415

    try:
        url = database_url(db)  # a plain path names a SQLite file
    except ValueError:
        raise _fail(_(BAD_DB).format(db=repr(db))) from None
    from sqlalchemy.engine import make_url  # noqa: PLC0415

    parsed = make_url(url)
    # The operator's commands read a server's database: a plain path naming no file is a
    # mistyped --db ("nonsense"), refused (opening it would create an empty database beside the
    # real one). A URL is taken as written, as `serve` takes it.
    if url != db and parsed.database and not Path(parsed.database).is_file():
        raise _fail(_("there is no database file {path}").format(path=repr(parsed.database)))
    try:
        return Store(url)
    except SQLAlchemyError as err:
        reason = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise _fail(_("cannot open --db {db}: {reason}").format(db=repr(db), reason=reason)) from None


def _who(seat: int | None, account: int | None, name: str | None) -> str:
    """A guest seat, a signed-in player (account id) or a spectator, in one cell."""
    who = name or "?"
    if account is not None:
        who += f" (#{account})"
    return who if seat is None else _("seat {seat}: {who}").format(seat=seat, who=who)


def audit(
    table: Annotated[str, typer.Argument(metavar=N_("table"), help=N_("The table's id."))],
    db: Annotated[str, typer.Option(help=DB_HELP)] = "sqlite:///netjer.db",
    lang: LangOption = None,
) -> None:
    """Print a table's audit log: joins, seat claims, take-backs, undos, endings, deletion and
    chat, with who (seat, account) and when (UTC), oldest first."""
    _use(lang)
    store = _open(db)
    entries = store.audit(table)
    if not entries:
        console.print(_("No audit entries for table {table}.").format(table=table), highlight=False)
        raise typer.Exit(1)
    out = Table(title=_("Audit log of table {table}").format(table=table), title_justify="left")
    for column in (_("when (UTC)"), _("what"), _("who"), _("detail")):
        out.add_column(column)
    for e in entries:
        out.add_row(f"{e.created_at:%Y-%m-%d %H:%M:%S}", e.kind, _who(e.seat, e.account_id, e.name), e.detail)
    console.print(out)


def reports(
    db: Annotated[str, typer.Option(help=DB_HELP)] = "sqlite:///netjer.db",
    limit: Annotated[int, typer.Option(min=1, help=N_("How many of the newest reports."))] = 200,
    lang: LangOption = None,
) -> None:
    """Print the chat lines players reported, newest first: the line as it was said, its
    table and author, the reporter and when."""
    _use(lang)
    store = _open(db)
    rows = store.reports(limit)
    if not rows:
        console.print(_("No chat line has been reported."), highlight=False)
        return
    out = Table(title=_("Reported chat lines"), title_justify="left")
    for column in (_("when (UTC)"), _("table"), _("line"), _("said by"), _("reported by")):
        out.add_column(column)
    for r in rows:
        reporter = store.account(r.reporter_id)
        reporter_name = reporter.name if reporter is not None and reporter.name else "?"
        out.add_row(
            f"{r.created_at:%Y-%m-%d %H:%M:%S}",
            r.table_id,
            r.text,
            _who(r.seat, r.author_id, r.author),
            f"{reporter_name} (#{r.reporter_id})",
        )
    console.print(out)
