"""`galleryc serve` end to end: the release binary as a real process on 127.0.0.1 (port 0),
serving a small site built from a content folder in a temporary directory.

HTTP is spoken over raw sockets on purpose: client libraries normalise `/../` and refuse odd
bytes, and the traversal tests must send exactly what an attacker would.
"""

from __future__ import annotations

import io
import json
import os
import queue
import re
import signal
import socket
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image

pytestmark = pytest.mark.e2e

# Generous: the first build of the tiny site takes about a second, but the CI machine is shared.
READY_SECONDS = 60
EVENT_SECONDS = 20
SHUTDOWN_SECONDS = 5
SECRET = "galleryc-test-secret-5f0c2a"
ALBUM_INDEX = "---\ndate: 2024-05-01\ntitle: Seaside trip\n---\n\nA short trip.\n"
# libyaml: "mapping values are not allowed in this context", on line 3 of the file.
BAD_ALBUM_INDEX = "---\ndate: 2024-05-01\ntitle: Trip: to the sea\n---\n\nA short trip.\n"


def _jpeg(color: tuple[int, int, int], size=(640, 420)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, "JPEG", quality=90)
    return buffer.getvalue()


def make_content(root: Path) -> Path:
    """A site with a home page, one album of two photos and a text page; a secret file sits
    next to (never inside) the output folder."""
    content = root / "content"
    (content / "trip").mkdir(parents=True)
    (content / "site.yml").write_text(
        "title: Serve test\nlanguage: en\nbase_url: https://example.org/\n"
        "images:\n  widths: [320, 640]\n  formats: [webp, jpeg]\n"
    )
    (content / "index.md").write_text("---\ntitle: Home\n---\n\nHello from the home page.\n")
    (content / "about.md").write_text("---\ntitle: About\n---\n\nAbout this site.\n")
    (content / "trip" / "index.md").write_text(ALBUM_INDEX)
    (content / "trip" / "sea.jpg").write_bytes(_jpeg((20, 90, 160)))
    (content / "trip" / "sea.md").write_text("---\nalt: A flat blue sea.\n---\n\nThe sea.\n")
    (content / "trip" / "sand.jpg").write_bytes(_jpeg((200, 170, 110), (420, 640)))
    (content / "trip" / "sand.md").write_text("---\nalt: Pale sand.\n---\n")
    (root / "secret.txt").write_text(SECRET + "\n")
    return content


# --- HTTP over a raw socket ----------------------------------------------------------------------


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: bytes

    def header(self, name: str) -> str:
        return self.headers.get(name.lower(), "")


def _read_head(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"connection closed before the headers ended: {data!r}")
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, rest


def request(
    port: int,
    path: str | bytes,
    method: str = "GET",
    headers: dict[str, str] | None = None,
    body: bytes = b"",
    host: str | None = "__default__",
) -> Response:
    """One request with `Connection: close`; the path goes on the wire exactly as given."""
    raw_path = path if isinstance(path, bytes) else path.encode("latin-1")
    lines = [method.encode() + b" " + raw_path + b" HTTP/1.1"]
    all_headers = {"Connection": "close"}
    if host == "__default__":
        all_headers["Host"] = f"127.0.0.1:{port}"
    elif host is not None:
        all_headers["Host"] = host
    if body:
        all_headers["Content-Length"] = str(len(body))
    all_headers.update(headers or {})
    lines += [f"{k}: {v}".encode("latin-1") for k, v in all_headers.items()]
    with socket.create_connection(("127.0.0.1", port), timeout=15) as sock:
        sock.sendall(b"\r\n".join(lines) + b"\r\n\r\n" + body)
        status, parsed, rest = _read_head(sock)
        chunks = [rest]
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
    data = b"".join(chunks)
    if parsed.get("transfer-encoding", "").lower() == "chunked":
        data = _dechunk(data)
    return Response(status, parsed, data)


def _dechunk(data: bytes) -> bytes:
    out = b""
    while data:
        size_line, _, data = data.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        out += data[:size]
        data = data[size + 2 :]
    return out


class EventStream:
    """A live-reload client: GET /_galleryc/events, events parsed into a queue by a thread."""

    def __init__(self, port: int):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=None)
        self.sock.sendall(
            f"GET /_galleryc/events HTTP/1.1\r\nHost: localhost:{port}\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        self.status, self.headers, rest = _read_head(self.sock)
        self.events: queue.Queue[tuple[str, str]] = queue.Queue()
        self._thread = threading.Thread(target=self._read, args=(rest,), daemon=True)
        self._thread.start()

    def _read(self, buffered: bytes) -> None:
        chunked = self.headers.get("transfer-encoding", "").lower() == "chunked"
        raw = buffered
        text = ""
        event, data = "message", []
        while True:
            if chunked:
                # Decode whole chunks as they arrive.
                while b"\r\n" in raw:
                    size_line, _, after = raw.partition(b"\r\n")
                    size = int(size_line.split(b";")[0] or b"0", 16)
                    if len(after) < size + 2:
                        break
                    text += after[:size].decode()
                    raw = after[size + 2 :]
                    if size == 0:
                        return
            else:
                text += raw.decode()
                raw = b""
            while "\n" in text:
                line, _, text = text.partition("\n")
                if line == "":
                    if data or event != "message":
                        self.events.put((event, "\n".join(data)))
                    event, data = "message", []
                elif line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].strip())
            try:
                chunk = self.sock.recv(65536)
            except OSError:
                return
            if not chunk:
                return
            raw += chunk

    def wait_for(self, name: str, seconds: float = EVENT_SECONDS) -> tuple[str, list]:
        """The next `name` event's data (JSON-decoded) and the events that came before it."""
        deadline = time.monotonic() + seconds
        skipped = []
        while True:
            left = deadline - time.monotonic()
            try:
                event, data = self.events.get(timeout=max(0.01, left))
            except queue.Empty:
                raise AssertionError(f"no '{name}' event within {seconds} s; got {skipped}")
            if event == name:
                return (json.loads(data) if data else None), skipped
            skipped.append((event, data))

    def wait_for_reload_until(self, done, what: str, seconds: float = EVENT_SECONDS) -> None:
        """Waits for `reload` events until `done()` holds: a stream opened right after the
        first build may still receive that build's own `reload` first."""
        deadline = time.monotonic() + seconds
        while True:
            self.wait_for("reload", max(0.1, deadline - time.monotonic()))
            if done():
                return
            assert time.monotonic() < deadline, f"{what}: not true after the reload events"

    def wait_for_reload_showing(self, port: int, path: str, text: bytes) -> None:
        """Waits for `reload` events until `path` serves `text`."""
        self.wait_for_reload_until(
            lambda: text in request(port, path).body, f"{path} shows {text!r}"
        )

    def close(self) -> None:
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


# --- the server process --------------------------------------------------------------------------


class Server:
    """`galleryc serve <content> --port 0 --output <out>`, its stderr collected by a thread."""

    def __init__(self, galleryc: Path, content: Path, output: Path, cwd: Path, port: int = 0):
        self.output = output
        self.proc = subprocess.Popen(
            [str(galleryc), "serve", str(content), "--port", str(port), "--output", str(output)],
            cwd=cwd,
            env=dict(os.environ, NO_COLOR="1"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: list[str] = []
        self._lock = threading.Condition()
        threading.Thread(target=self._collect, daemon=True).start()
        self.port = 0

    def _collect(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            with self._lock:
                self.lines.append(line.rstrip("\n"))
                self._lock.notify_all()
        with self._lock:
            self._lock.notify_all()

    @property
    def stderr(self) -> str:
        with self._lock:
            return "\n".join(self.lines)

    def wait_line(self, pattern: str, seconds: float = READY_SECONDS, start: int = 0) -> re.Match:
        deadline = time.monotonic() + seconds
        with self._lock:
            while True:
                for line in self.lines[start:]:
                    if m := re.search(pattern, line):
                        return m
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise AssertionError(
                        f"no stderr line matching {pattern!r} (exit {self.proc.poll()}):\n"
                        + "\n".join(self.lines)
                    )
                self._lock.wait(min(left, 0.2))

    def start(self) -> Server:
        m = self.wait_line(r"Serving http://127\.0\.0\.1:(\d+)/")
        self.port = int(m.group(1))
        self.wait_line(r"^Built \d+ pages")
        return self

    def stop(self) -> int | None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(SHUTDOWN_SECONDS)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode


@pytest.fixture
def start_server(galleryc, tmp_path):
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


@pytest.fixture(scope="module")
def site(galleryc, tmp_path_factory):
    """One server for the read-only tests, with a symlink planted in its output that points at
    the secret file outside it."""
    root = tmp_path_factory.mktemp("served")
    content = make_content(root)
    server = Server(galleryc, content, root / "public", root).start()
    (root / "public" / "leak.txt").symlink_to(root / "secret.txt")
    (root / "public" / "leakdir").symlink_to(root)
    # The image stage may not write WebP renditions yet; a WebP file in the output folder checks
    # the server's side either way (test_content_types also checks any WebP rendition built).
    buffer = io.BytesIO()
    Image.new("RGB", (64, 48), (10, 120, 60)).save(buffer, "WEBP")
    (root / "public" / "planted.webp").write_bytes(buffer.getvalue())
    yield server
    server.stop()


def _find(output: Path, pattern: str) -> str:
    """The URL path of the first file under the output matching a glob."""
    found = sorted(output.rglob(pattern))
    assert found, f"no {pattern} under {output}: {sorted(p.name for p in output.rglob('*'))}"
    return "/" + found[0].relative_to(output).as_posix()


# --- content types, redirects, 404, validators, methods ----------------------------------------


def test_content_types(site):
    out = site.output
    expected = {
        "/": "text/html",
        "/trip/": "text/html",
        _find(out, "*.css"): "text/css",
        _find(out, "*.jpg"): "image/jpeg",
        "/planted.webp": "image/webp",
        "/feed.xml": "xml",
    }
    built_webp = sorted((out / "_img").rglob("*.webp"))
    if built_webp:
        expected["/" + built_webp[0].relative_to(out).as_posix()] = "image/webp"
    for path, kind in expected.items():
        response = request(site.port, path)
        assert response.status == 200, (path, response.status, response.body[:200])
        assert kind in response.header("content-type"), (path, response.headers)
        assert response.header("x-content-type-options") == "nosniff"
    feed = request(site.port, "/feed.xml")
    assert feed.body == (out / "feed.xml").read_bytes(), "feed.xml is served byte for byte"


def test_served_html_gets_the_reload_script_but_files_on_disk_never_do(site):
    page = request(site.port, "/trip/")
    assert b"/_galleryc/live.js" in page.body
    script = request(site.port, "/_galleryc/live.js")
    assert script.status == 200 and "javascript" in script.header("content-type")
    for path in site.output.rglob("*"):
        if path.is_file() and not path.is_symlink():
            assert b"_galleryc" not in path.read_bytes(), f"{path} contains the serve-only script"


def test_folder_without_slash_redirects(site):
    response = request(site.port, "/trip?x=1")
    assert response.status == 301
    assert response.header("location") == "/trip/"
    assert request(site.port, "/trip/").status == 200


def test_missing_page_is_the_sites_404_with_status_404(site):
    page404 = site.output / "404.html"
    assert page404.is_file(), "the build wrote no 404.html"
    title = re.search(rb"<title>(.*?)</title>", page404.read_bytes(), re.S)
    assert title, "404.html has no <title>"
    for path in ("/no-such-page/", "/trip/no-such-photo.jpg", "/.hidden"):
        response = request(site.port, path)
        assert response.status == 404, path
        assert "text/html" in response.header("content-type")
        assert title.group(0) in response.body, f"{path} did not answer with the site's 404 page"


def test_etag_and_last_modified_give_304(site):
    first = request(site.port, "/trip/")
    etag, modified = first.header("etag"), first.header("last-modified")
    assert etag and modified, first.headers
    again = request(site.port, "/trip/", headers={"If-None-Match": etag})
    assert again.status == 304 and again.body == b""
    since = request(site.port, "/trip/", headers={"If-Modified-Since": modified})
    assert since.status == 304
    other = request(site.port, "/trip/", headers={"If-None-Match": '"something-else"'})
    assert other.status == 200 and other.body == first.body


def test_head_has_the_headers_of_get_and_no_body(site):
    path = _find(site.output, "*.jpg")
    get = request(site.port, path)
    head = request(site.port, path, method="HEAD")
    assert head.status == 200 and head.body == b""
    assert head.header("content-length") == str(len(get.body))
    assert head.header("content-type") == get.header("content-type")
    assert head.header("etag") == get.header("etag")


def test_range_request_gives_206_with_those_bytes(site):
    path = _find(site.output, "*.jpg")
    whole = (site.output / path.lstrip("/")).read_bytes()
    part = request(site.port, path, headers={"Range": "bytes=10-109"})
    assert part.status == 206
    assert part.header("content-range") == f"bytes 10-109/{len(whole)}"
    assert part.body == whole[10:110]
    tail = request(site.port, path, headers={"Range": "bytes=-50"})
    assert tail.status == 206 and tail.body == whole[-50:]
    beyond = request(site.port, path, headers={"Range": f"bytes={len(whole) + 10}-"})
    assert beyond.status == 416


def test_other_methods_get_405(site):
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        response = request(site.port, "/trip/", method=method, body=b"name=value")
        assert response.status == 405, method
        assert "GET" in response.header("allow")
    assert request(site.port, "/_galleryc/events", method="POST").status == 405


# --- safety --------------------------------------------------------------------------------------

TRAVERSALS = [
    b"/../secret.txt",
    b"/../../secret.txt",
    b"/trip/../../secret.txt",
    b"/%2e%2e/secret.txt",
    b"/%2E%2E/secret.txt",
    b"/%2e%2e%2fsecret.txt",
    b"/..%2fsecret.txt",
    b"/%252e%252e/secret.txt",
    b"/%252e%252e%252fsecret.txt",
    b"/..\\secret.txt",
    b"/..%5csecret.txt",
    b"/trip\\..\\..\\secret.txt",
    b"/secret.txt%00",
    b"/index.html%00/../../secret.txt",
    b"/%00../secret.txt",
    b"/%c0%ae%c0%ae/secret.txt",
    b"/%c0%ae%c0%ae%c0%afsecret.txt",
    b"/%e0%80%ae%e0%80%ae/secret.txt",
    b"/leak.txt",
    b"/leakdir/secret.txt",
    b"/../content/site.yml",
    b"/%2e%2e/content/site.yml",
    b"//../secret.txt",
    b"/./../secret.txt",
    b"/../../../../../../etc/passwd",
]


@pytest.mark.parametrize("path", TRAVERSALS, ids=lambda p: p.decode("latin-1"))
def test_traversal_never_leaves_the_output_folder(site, path):
    response = request(site.port, path)
    assert response.status in (400, 404), (path, response.status, response.body[:200])
    assert SECRET.encode() not in response.body
    assert b"base_url" not in response.body and b"root:" not in response.body


def test_foreign_host_header_is_refused(site):
    for host in ("evil.example", f"evil.example:{site.port}", "127.0.0.1.evil.example", None):
        response = request(site.port, "/", host=host)
        assert response.status in (400, 403), (host, response.status)
        assert b"Hello from the home page" not in response.body
    events = request(site.port, "/_galleryc/events", host="evil.example")
    assert events.status in (400, 403)
    for host in (f"localhost:{site.port}", f"127.0.0.1:{site.port}", "localhost"):
        assert request(site.port, "/", host=host).status == 200, host


# --- live reload ---------------------------------------------------------------------------------


def test_edit_reloads_and_broken_file_shows_error_then_ok(start_server):
    server = start_server()
    content = server.output.parent / "content"
    stream = EventStream(server.port)
    try:
        assert stream.status == 200
        assert stream.headers.get("content-type", "").startswith("text/event-stream")

        (content / "index.md").write_text("---\ntitle: Home\n---\n\nEdited while serving.\n")
        stream.wait_for_reload_showing(server.port, "/", b"Edited while serving.")

        before = request(server.port, "/trip/")
        assert before.status == 200 and b"Seaside trip" in before.body
        mark = len(server.lines)
        (content / "trip" / "index.md").write_text(BAD_ALBUM_INDEX)
        diagnostics, _ = stream.wait_for("error")
        assert any(
            re.search(r"trip/index\.md:3\b", d["location"]) for d in diagnostics
        ), diagnostics
        server.wait_line(r"trip/index\.md:3(:\d+)?: error:", start=mark)
        still = request(server.port, "/trip/")
        assert still.status == 200 and b"Seaside trip" in still.body, "the last good page is gone"

        # A page opened while the site is broken starts with the error.
        late = EventStream(server.port)
        try:
            late.wait_for("error", seconds=5)
        finally:
            late.close()

        (content / "trip" / "index.md").write_text(ALBUM_INDEX.replace("Seaside", "Harbour"))
        stream.wait_for("ok")
        stream.wait_for_reload_showing(server.port, "/trip/", b"Harbour trip")
        rebuilt = [p for p in server.output.rglob("*") if p.is_file()]
        assert rebuilt and not [p for p in rebuilt if b"_galleryc" in p.read_bytes()], (
            "a rebuild wrote the serve-only script into the output"
        )
    finally:
        stream.close()


def test_a_new_photo_gets_its_page(start_server):
    server = start_server()
    content = server.output.parent / "content"
    stream = EventStream(server.port)
    try:
        (content / "trip" / "rock.jpg").write_bytes(_jpeg((90, 90, 90)))
        stream.wait_for_reload_until(
            lambda: request(server.port, "/trip/rock/").status == 200, "/trip/rock/ is served"
        )
        page = request(server.port, "/trip/").body
        assert b"/trip/rock/" in page, "the album page does not link the new photo"
    finally:
        stream.close()


def test_editor_saves_by_rename_and_new_folders_are_watched(start_server):
    server = start_server()
    content = server.output.parent / "content"
    stream = EventStream(server.port)
    try:
        # Save as many editors do: write a temporary file, then rename it over the original.
        temporary = content / ".about.md.swp"
        temporary.write_text("---\ntitle: About\n---\n\nSaved by rename.\n")
        os.replace(temporary, content / "about.md")
        stream.wait_for_reload_showing(server.port, "/about/", b"Saved by rename.")

        # A folder made while serving, then a photo in it.
        album = content / "harbour"
        album.mkdir()
        (album / "index.md").write_text("---\ntitle: Harbour\ndate: 2024-06-01\n---\n")
        stream.wait_for_reload_until(
            lambda: request(server.port, "/harbour/").status == 200, "/harbour/ is served"
        )
        # Only a watch on the new folder itself can see this one.
        (album / "boat.jpg").write_bytes(_jpeg((160, 40, 40)))
        stream.wait_for_reload_until(
            lambda: request(server.port, "/harbour/boat/").status == 200, "/harbour/boat/ is served"
        )
    finally:
        stream.close()


# --- process life --------------------------------------------------------------------------------


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_signal_stops_cleanly_with_exit_0(start_server, signum):
    server = start_server()
    stream = EventStream(server.port)  # an open event stream must not hold up the exit
    try:
        started = time.monotonic()
        server.proc.send_signal(signum)
        code = server.proc.wait(SHUTDOWN_SECONDS)
        assert code == 0, server.stderr
        assert time.monotonic() - started < SHUTDOWN_SECONDS
    finally:
        stream.close()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", server.port), timeout=2).close()


def test_port_in_use_is_an_error_naming_the_port(galleryc, tmp_path):
    content = make_content(tmp_path / "site")
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        server = Server(galleryc, content, tmp_path / "site" / "public", tmp_path, port=port)
        try:
            code = server.proc.wait(30)
        except subprocess.TimeoutExpired:
            server.stop()
            pytest.fail(f"galleryc serve kept running on a busy port:\n{server.stderr}")
        time.sleep(0.2)  # let the reader thread take the last lines
        assert code == 1, server.stderr
        assert re.search(rf"\b{port}\b", server.stderr), server.stderr
        assert "in use" in server.stderr
