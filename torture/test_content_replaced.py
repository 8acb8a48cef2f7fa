"""The content folder replaced under a running `galleryc serve`, end to end.

Guards bug 1 of the serve reliability issue: after `mv new content` (or `rm -rf content && cp -r
new content`) no inotify watch was left on the content folder, so the old site was served until
a restart.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from torture_support import EventStream, request

REBUILD_SECONDS = 60


def _replace(content: Path, new: Path, how: str) -> None:
    if how == "mv":
        content.rename(content.with_name("content.old"))
        new.rename(content)
    elif how == "rm-mv":
        shutil.rmtree(content)
        new.rename(content)
    elif how == "rm-cp":
        shutil.rmtree(content)
        shutil.copytree(new, content)
    else:
        raise ValueError(how)


def _wait_for(port: int, path: str, text: bytes, seconds: float = REBUILD_SECONDS) -> None:
    deadline = time.monotonic() + seconds
    body = b""
    while time.monotonic() < deadline:
        body = request(port, path).body
        if text in body:
            return
        time.sleep(0.2)
    raise AssertionError(f"{path} did not show {text!r} within {seconds} s; last body: {body[:300]!r}")


@pytest.mark.parametrize("how", ["mv", "rm-mv", "rm-cp"])
def test_replaced_content_folder_is_rebuilt_and_watched(serve_site, tmp_path, how):
    """Bug 1: replacing the content folder while serving. The new folder's site is built and
    served, open pages get a reload, and the new folder is watched (a later edit shows too)."""
    server = serve_site(tmp_path / "site")
    content = server.output.parent / "content"
    assert b"Hello from the home page" in request(server.port, "/").body

    new = tmp_path / "new-content"
    shutil.copytree(content, new)
    (new / "index.md").write_text("---\ntitle: Home\n---\n\nThe replaced folder's home page.\n")

    stream = EventStream(server.port)
    try:
        _replace(content, new, how)
        stream.wait_for_reload_until(
            lambda: b"The replaced folder" in request(server.port, "/").body,
            "the replaced folder's home page is served",
            seconds=REBUILD_SECONDS,
        )
    finally:
        stream.close()

    (content / "about.md").write_text("---\ntitle: About\n---\n\nEdited in the new folder.\n")
    _wait_for(server.port, "/about/", b"Edited in the new folder.")
    assert server.proc.poll() is None, server.stderr
