#!/usr/bin/env python3
"""Live-reload latency probe for Benchmarks/serve.sh (standard library only).

Connects to a running preview server's reload channel (galleryc: Server-Sent Events at
/_galleryc/events; hugo: the LiveReload websocket at /livereload), then RUNS times saves a
Markdown file and times save -> `reload` message received. Then copies one new photo in and
times copy -> its page answers 200 (galleryc: the photo's own page; hugo makes no photo pages,
so: the album page lists the photo and its resized image answers 200).

Prints a human summary on stderr and one line on stdout:
    RESULT <kind> <median_ms> <p90_ms> <min_ms> <max_ms> <add_photo_ms> <verified>
"""

from __future__ import annotations

import argparse
import base64
import http.client
import json
import os
import queue
import re
import socket
import statistics
import sys
import threading
import time


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


class Channel:
    """A reload channel; `messages` gets (arrival perf_counter, kind) for each reload."""

    def __init__(self, host: str, port: int):
        self.messages: queue.Queue[tuple[float, str]] = queue.Queue()
        self.sock = socket.create_connection((host, port), timeout=30)
        self.host, self.port = host, port

    def _head(self) -> bytes:
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("closed during the handshake")
            data += chunk
        head, rest = data.split(b"\r\n\r\n", 1)
        status = head.split(b"\r\n", 1)[0]
        if b" 200 " not in status + b" " and b" 101 " not in status + b" ":
            raise ConnectionError(f"handshake refused: {head.decode('latin-1')}")
        self.headers = head.decode("latin-1").lower()
        return rest

    def start(self, rest: bytes) -> None:
        self.sock.settimeout(None)
        threading.Thread(target=self._read, args=(rest,), daemon=True).start()

    def drain(self) -> int:
        n = 0
        while True:
            try:
                self.messages.get_nowait()
                n += 1
            except queue.Empty:
                return n

    def next_reload(self, timeout: float) -> float | None:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                at, kind = self.messages.get(timeout=left)
            except queue.Empty:
                return None
            if kind == "reload":
                return at


class SSEChannel(Channel):
    def __init__(self, host: str, port: int):
        super().__init__(host, port)
        self.sock.sendall(
            f"GET /_galleryc/events HTTP/1.1\r\nHost: {host}:{port}\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        self.start(self._head())

    def _read(self, buffered: bytes) -> None:
        # Chunk-size lines (if any) never start with "event:", so reading lines is enough.
        text = buffered.decode("utf-8", "replace")
        while True:
            while "\n" in text:
                line, _, text = text.partition("\n")
                line = line.rstrip("\r")
                if line.startswith("event:"):
                    self.messages.put((time.perf_counter(), line[6:].strip()))
            try:
                chunk = self.sock.recv(65536)
            except OSError:
                return
            if not chunk:
                return
            text += chunk.decode("utf-8", "replace")


class WebSocketChannel(Channel):
    """The LiveReload protocol over a minimal RFC 6455 client (text frames only)."""

    def __init__(self, host: str, port: int, path: str = "/livereload"):
        super().__init__(host, port)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                f"Sec-WebSocket-Version: 13\r\nOrigin: http://{host}:{port}\r\n\r\n"
            ).encode()
        )
        rest = self._head()
        hello = {"command": "hello", "protocols": ["http://livereload.com/protocols/official-7"]}
        self._send(json.dumps(hello).encode())
        self.start(rest)

    def _send(self, payload: bytes) -> None:
        mask = os.urandom(4)
        header = bytes([0x81])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        else:
            header += bytes([0x80 | 126]) + n.to_bytes(2, "big")
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def _read(self, buffered: bytes) -> None:
        data = buffered
        while True:
            while len(data) >= 2:
                n = data[1] & 0x7F
                offset = 2
                if n == 126:
                    if len(data) < 4:
                        break
                    n, offset = int.from_bytes(data[2:4], "big"), 4
                elif n == 127:
                    if len(data) < 10:
                        break
                    n, offset = int.from_bytes(data[2:10], "big"), 10
                if len(data) < offset + n:
                    break
                opcode, payload = data[0] & 0x0F, data[offset : offset + n]
                data = data[offset + n :]
                if opcode == 1:
                    try:
                        command = json.loads(payload).get("command", "")
                    except ValueError:
                        command = ""
                    self.messages.put((time.perf_counter(), command))
                elif opcode == 8:
                    return
            try:
                chunk = self.sock.recv(65536)
            except OSError:
                return
            if not chunk:
                return
            data += chunk


def get(host: str, port: int, path: str) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection(host, port, timeout=10)
    try:
        conn.request("GET", path, headers={"Host": f"{host}:{port}"})
        response = conn.getresponse()
        return response.status, response.read()
    except OSError:
        return 0, b""
    finally:
        conn.close()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kind", choices=["galleryc", "hugo"], required=True)
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--edit", required=True, help="the Markdown file to save")
    ap.add_argument("--template", required=True, help="its text; {n} is the edit number")
    ap.add_argument("--page", required=True, help="the page that shows the edited text")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--add-source", required=True, help="a photo to copy in")
    ap.add_argument("--add-dest", required=True, help="where the new photo goes")
    ap.add_argument("--add-page", required=True, help="galleryc: the new photo's page")
    args = ap.parse_args()
    host = "127.0.0.1"

    channel: Channel
    if args.kind == "galleryc":
        channel = SSEChannel(host, args.port)
    else:
        channel = WebSocketChannel(host, args.port)
    # A stream opened right after the first build can still get that build's reload: wait
    # until the channel has been quiet for 2 s before the first edit.
    quiet_since = time.monotonic()
    while time.monotonic() - quiet_since < 2:
        if channel.drain():
            quiet_since = time.monotonic()
        time.sleep(0.1)
    get(host, args.port, args.page)  # a visited page (hugo's fast render re-renders those)

    latencies: list[float] = []
    for n in range(1, args.runs + 1):
        text = args.template.replace("{n}", str(n))
        saved = time.perf_counter()
        with open(args.edit, "w") as f:
            f.write(text)
        arrived = channel.next_reload(args.timeout)
        if arrived is None:
            log(f"  {args.kind}: edit {n}: no reload within {args.timeout:.0f} s; stopping")
            break
        latencies.append((arrived - saved) * 1000)
        log(f"  {args.kind}: edit {n:2d}: save -> reload {latencies[-1]:8.1f} ms")
        # Let the rebuild settle (no second reload pending) before the next edit.
        time.sleep(0.3)
        channel.drain()

    marker = f"caption edit {args.runs}".encode()
    status, body = get(host, args.port, args.page)
    verified = "yes" if status == 200 and marker in body else f"NO (HTTP {status}, text missing)"
    log(f"  {args.kind}: {args.page} shows the last edit: {verified}")

    # Adding one photo.
    data = open(args.add_source, "rb").read()
    name = os.path.splitext(os.path.basename(args.add_dest))[0]
    started = time.perf_counter()
    with open(args.add_dest, "wb") as f:
        f.write(data)
    added_ms = None
    deadline = time.monotonic() + args.timeout
    while time.monotonic() < deadline:
        status, body = get(host, args.port, args.add_page)
        if args.kind == "galleryc":
            if status == 200:
                added_ms = (time.perf_counter() - started) * 1000
                break
        elif status == 200 and name.encode() in body:
            # hugo: the album lists the photo; its resized image must answer too.
            srcs = [s for s in re.findall(rb'src="([^"]+)"', body) if name.encode() in s]
            if srcs and get(host, args.port, srcs[0].decode())[0] == 200:
                added_ms = (time.perf_counter() - started) * 1000
                break
        time.sleep(0.005)
    what = "its page" if args.kind == "galleryc" else "the album page listing it + its image"
    if added_ms is None:
        log(f"  {args.kind}: new photo: {what} not served within {args.timeout:.0f} s")
    else:
        log(f"  {args.kind}: new photo -> {what} served (200): {added_ms:.0f} ms")

    if not latencies:
        print(f"RESULT {args.kind} - - - - - {verified.split()[0]}")
        return 1
    print(
        "RESULT {} {:.1f} {:.1f} {:.1f} {:.1f} {} {}".format(
            args.kind,
            statistics.median(latencies),
            percentile(latencies, 90),
            min(latencies),
            max(latencies),
            "-" if added_ms is None else f"{added_ms:.0f}",
            verified.split()[0],
        )
    )
    return 0 if len(latencies) == args.runs else 1


if __name__ == "__main__":
    sys.exit(main())
