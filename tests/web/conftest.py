"""Browser tests of the web table: Debian's Chromium driven by Playwright, against a real server.

The set-up installs what it needs: Chromium with apt-get when ``/usr/bin/chromium`` is
missing (the tests run as root on the project's machines), skipping with the reason only if
that is impossible.  Each test session starts ``netjer serve`` as a subprocess on a free port
with its own SQLite file.  Screenshots go to ``$NETJER_SCREENSHOTS`` when it is set (``make
screenshots`` sets it to ``docs/screenshots``), else to a temporary folder.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from netjer.server import process

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1280, "height": 800}


def _install_chromium() -> str | None:
    """Install Debian's chromium with apt-get; return why it could not be done, or None."""
    apt = shutil.which("apt-get")
    if apt is None:
        return "apt-get is not available on this machine"
    if os.geteuid() != 0:
        return "installing chromium needs root (run: apt-get install -y chromium chromium-driver)"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = [apt, "install", "-y", "-q", "chromium", "chromium-driver"]
    # Two pytest-xdist workers may both get here: one installs, the other waits for it.
    with open("/tmp/netjer-chromium-install.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if CHROMIUM.exists():
            return None
        done = subprocess.run(install, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            subprocess.run([apt, "update", "-q"], env=env, capture_output=True, check=False)
            done = subprocess.run(install, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            return f"apt-get install chromium failed: {done.stderr.strip()[-500:]}"
        if not CHROMIUM.exists():
            return f"apt-get installed chromium, but there is no {CHROMIUM}"
    return None


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """The path of Debian's Chromium, installed first if needed."""
    if not CHROMIUM.exists():
        reason = _install_chromium()
        if reason is not None:
            pytest.skip(f"browser tests need Debian's chromium at {CHROMIUM}: {reason}")
    return str(CHROMIUM)


def start_server(folder: Path, port: int) -> subprocess.Popen[bytes]:
    """Start ``netjer serve`` on ``port`` with the database in ``folder``; fail the test
    (with the server's output) if it does not come up."""
    log_path = folder / f"server-{port}.log"
    with open(log_path, "ab") as log:
        try:
            return process.start_server(folder / "n.db", port, ai_workers=1, output=log)
        except RuntimeError as err:
            pytest.fail(f"{err}:\n{log_path.read_text()}")


kill_server = process.kill_server
stop_server = process.stop_server
free_port = process.free_port


def fresh_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A running ``netjer serve`` on a free loopback port; yields its base URL."""
    port = free_port()
    process = start_server(tmp_path_factory.mktemp("server"), port)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_server(process)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One server for a worker's browser tests.  A test module that signs players up or in
    takes a server of its own (a module fixture ``server`` over :func:`fresh_server`): every
    sign-up and sign-in comes from 127.0.0.1, whose sign-in rate limit (a burst of 30) the
    modules together exceeded in an order that depended on the run."""
    yield from fresh_server(tmp_path_factory)


@pytest.fixture(scope="module")
def browser(chromium_path: str) -> Iterator[Any]:
    """A headless Chromium for one test module.

    Not for the whole session: Playwright's synchronous API keeps an asyncio event loop
    running in the thread while it is open, and a test of another module that calls
    ``asyncio.run`` after a browser test (in random order, on the same worker) would fail."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="the dev extras install playwright")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


class PageErrors(list[str]):
    """JavaScript exceptions and console errors seen on a page."""


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser profile (its own localStorage) at 1280x800."""
    ctx = browser.new_context(viewport=VIEWPORT)
    ctx.set_default_timeout(20_000)
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture
def page_errors() -> PageErrors:
    return PageErrors()


def new_page(browser: Any, page_errors: PageErrors, **options: Any) -> Iterator[Any]:
    """A page of a fresh browser profile made with Playwright's ``new_context(**options)``:
    ``locale="es-ES"`` (the browser's language: ``navigator.languages`` and
    ``Accept-Language``), ``viewport``, ``has_touch`` and ``is_mobile`` for a phone.  Its
    JavaScript exceptions go to ``page_errors``, and the test fails if any happened.  A
    generator: ``yield from`` it in a fixture, or ``for page in new_page(...)`` in a test."""
    ctx = browser.new_context(**options)
    ctx.set_default_timeout(20_000)
    pg = ctx.new_page()
    pg.on("pageerror", lambda err: page_errors.append(f"page error: {err}"))
    try:
        yield pg
    finally:
        ctx.close()
    assert not list(page_errors), "\n".join(page_errors)


@pytest.fixture
def spanish(browser: Any, page_errors: PageErrors) -> Iterator[Any]:
    """A desktop-sized page of a browser whose language is Spanish."""
    yield from new_page(browser, page_errors, viewport=VIEWPORT, locale="es-ES")


@pytest.fixture
def german(browser: Any, page_errors: PageErrors) -> Iterator[Any]:
    """A desktop-sized page of a browser whose language is German."""
    yield from new_page(browser, page_errors, viewport=VIEWPORT, locale="de-DE")


@pytest.fixture
def english(browser: Any, page_errors: PageErrors) -> Iterator[Any]:
    """A desktop-sized page of a browser whose language is English (British: no catalogue of its own)."""
    yield from new_page(browser, page_errors, viewport=VIEWPORT, locale="en-GB")


@pytest.fixture
def page(context: Any, page_errors: PageErrors) -> Iterator[Any]:
    """A page that records JavaScript errors; the test fails if any happened."""
    pg = context.new_page()
    pg.on("pageerror", lambda err: page_errors.append(f"page error: {err}"))

    def on_console(msg: Any) -> None:
        # Network failures (a refused request, a dropped socket) are expected in some tests.
        if msg.type == "error" and "Failed to load resource" not in msg.text and "WebSocket" not in msg.text:
            page_errors.append(f"console error: {msg.text}")

    pg.on("console", on_console)
    yield pg
    assert not list(page_errors), "\n".join(page_errors)


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: $NETJER_SCREENSHOTS, or a temporary folder."""
    target = os.environ.get("NETJER_SCREENSHOTS")
    folder = Path(target) if target else tmp_path_factory.mktemp("screenshots")
    with contextlib.suppress(FileExistsError):
        folder.mkdir(parents=True)
    return folder
