"""Slow clients against `galleryc serve`: clients that send their requests, or read their
answers, as slowly as they can. None of them may block other clients or make the server hold
memory in proportion to their number.
"""

from __future__ import annotations

import socket
import threading
import time

from torture_support import proc_status, request

# A page of this size, 16 readers: the figures of the serve reliability issue (1.56 GB).
LARGE_PAGE_BYTES = 57 * 1024 * 1024
SLOW_READERS = 16
# The live-reload tag the server adds before </body> (see LiveReloadScript.swift).
TAG = b'<script src="/_galleryc/live.js" defer></script>'


def _large_page(size: int) -> bytes:
    line = b"<p>A line of a very long page, repeated until the page is large.</p>\n"
    head, tail = b"<!doctype html><html><body>\n", b"</body></html>\n"
    body = line * ((size - len(head) - len(tail)) // len(line) + 1)
    return head + body + tail


def test_slow_readers_of_a_large_page_keep_memory_bounded(serve_site, tmp_path):
    """Bug 3: every response to an HTML page read the page whole and copied it to add the
    live-reload tag, so 16 slow readers of a 57 MB page held 1.56 GB. Now the tag is added
    while the page streams from disk: the server's resident memory may grow by a few MB per
    reader (buffers, threads), far less than one copy of the page."""
    server = serve_site(tmp_path / "site")
    page = _large_page(LARGE_PAGE_BYTES)
    (server.output / "huge.html").write_bytes(page)
    expected = page[: -len(b"</body></html>\n")] + TAG + b"</body></html>\n"
    request(server.port, "/")
    baseline = proc_status(server.proc.pid, "VmRSS")

    readers = []
    for _ in range(SLOW_READERS):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        # A small receive window, so that the kernel cannot take the page off the server's hands.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16 * 1024)
        sock.settimeout(10)
        sock.connect(("127.0.0.1", server.port))
        sock.sendall(f"GET /huge.html HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
        readers.append(sock)
    received = [b"" for _ in readers]
    peak = baseline
    try:
        # About 10 s of reading 4 KB per reader every 0.2 s: 200 KB/s in all, a few MB each.
        for _ in range(50):
            for index, sock in enumerate(readers):
                received[index] += sock.recv(4096)
            peak = max(peak, proc_status(server.proc.pid, "VmRSS"))
            time.sleep(0.2)
    finally:
        for sock in readers:
            sock.close()

    for data in received:
        head, _, body = data.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200"), head[:200]
        assert f"Content-Length: {len(expected)}".encode() in head, head
        assert body and expected.startswith(body), "the streamed page differs from page + tag"
    growth_mib = (peak - baseline) / 1024
    print(f"\nVmRSS {baseline / 1024:.0f} MiB before, peak {peak / 1024:.0f} MiB with "
          f"{SLOW_READERS} slow readers of a {LARGE_PAGE_BYTES >> 20} MiB page")
    # One copy of the page is 57 MiB; the old server grew by over 1.5 GiB here.
    assert growth_mib < 48, f"serve grew by {growth_mib:.0f} MiB with {SLOW_READERS} slow readers"
    assert request(server.port, "/").status == 200
