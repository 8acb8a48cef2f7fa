"""Fixtures for the torture suite: `galleryc build` and `galleryc serve` under hostile or
unusual conditions (torture/README.md lists what each file covers).

Run with `GALLERYC=<release binary> .venv/bin/python -m pytest -q torture` (`make torture`).
The cases are slow (minutes in all), mount tmpfs, read sparse giants and open thousands of
sockets, so they are not part of `make test`. Helpers the tests import are in
``torture_support.py``.

- ``galleryc``: the binary under test, ``$GALLERYC`` (else ``.build/release/galleryc``); the
  tests are skipped, with the reason, when it does not exist.
- ``serve_site``: ``serve_site(root) -> Server``: makes the e2e suite's small site in
  ``root/content`` and runs ``galleryc serve root/content --port 0 --output root/public``
  (the printed URL gives the port) until the test ends; returns once the first build is done.
- ``raise_open_files(count)``: raises this process's soft ``RLIMIT_NOFILE`` (``ulimit -n``) to
  at least ``count`` for the rest of the session; servers started afterwards inherit it.
  Skips when the hard limit is lower.

Measurements the tests ``record`` (peak memory and time of the image bombs, the builds that
ran at once) are printed in a "torture measurements" section at the end of the run.
"""

from __future__ import annotations

import os
import resource
from pathlib import Path

import pytest

from torture_support import MEASUREMENTS, Server, galleryc_path, make_content


@pytest.fixture(scope="session")
def galleryc() -> Path:
    path = galleryc_path()
    if not (path.is_file() and os.access(path, os.X_OK)):
        pytest.skip(f"galleryc not found at {path}: run `swift build -c release` or set GALLERYC")
    return path


@pytest.fixture
def serve_site(galleryc, tmp_path):
    servers: list[Server] = []

    def start(root: Path | None = None) -> Server:
        root = root or tmp_path / f"site-{len(servers)}"
        content = make_content(root)
        server = Server(galleryc, content, root / "public", tmp_path)
        servers.append(server)
        return server.start()

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def raise_open_files():
    original = resource.getrlimit(resource.RLIMIT_NOFILE)

    def ensure(count: int) -> None:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft >= count:
            return
        if hard != resource.RLIM_INFINITY and hard < count:
            pytest.skip(f"needs {count} open files, but the hard limit (ulimit -Hn) is {hard}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (count, hard))

    yield ensure
    resource.setrlimit(resource.RLIMIT_NOFILE, original)


def pytest_terminal_summary(terminalreporter):
    if not MEASUREMENTS:
        return
    terminalreporter.section("torture measurements")
    for section, lines in MEASUREMENTS.items():
        terminalreporter.write_line(f"{section}:")
        for line in lines:
            terminalreporter.write_line(f"  {line}")
