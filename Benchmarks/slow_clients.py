#!/usr/bin/env python3
"""Slow clients for Benchmarks/load.sh (standard library only).

Opens COUNT connections to 127.0.0.1:PORT that each send half a request (the request line and
part of a header, never the blank line that ends it) and then one more header byte every
TRICKLE seconds, so an idle timeout alone would not free them (a "slowloris"). Meanwhile a
probe fetches PATH on a fresh connection every 0.2 s and records how long each answer took.

Runs until it gets SIGINT or SIGTERM (or for --seconds), then prints on stdout:
    SLOW held=<connections still open> closed=<closed by the server> answered=<got a response>
    PROBE n=<requests> errors=<failed> median_ms=<...> p99_ms=<...> max_ms=<...>
"""

from __future__ import annotations

import argparse
import http.client
import signal
import socket
import statistics
import sys
import threading
import time


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--path", default="/")
    ap.add_argument("--trickle", type=float, default=2.0)
    ap.add_argument("--seconds", type=float, default=3600)
    args = ap.parse_args()

    stop = threading.Event()
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    signal.signal(signal.SIGTERM, lambda *_: stop.set())

    socks: list[socket.socket] = []
    for _ in range(args.count):
        s = socket.create_connection(("127.0.0.1", args.port), timeout=5)
        s.sendall(
            f"GET {args.path} HTTP/1.1\r\nHost: 127.0.0.1:{args.port}\r\nX-Slow: ".encode()
        )
        s.setblocking(False)
        socks.append(s)
    print(f"slow clients: {len(socks)} half-sent requests open", file=sys.stderr, flush=True)

    latencies: list[float] = []
    errors = [0]

    def probe() -> None:
        while not stop.is_set():
            started = time.perf_counter()
            try:
                conn = http.client.HTTPConnection("127.0.0.1", args.port, timeout=10)
                conn.request("GET", args.path)
                response = conn.getresponse()
                response.read()
                conn.close()
                if response.status != 200:
                    errors[0] += 1
                else:
                    latencies.append((time.perf_counter() - started) * 1000)
            except OSError:
                errors[0] += 1
            stop.wait(0.2)

    prober = threading.Thread(target=probe, daemon=True)
    prober.start()

    closed: set[int] = set()
    answered: set[int] = set()
    deadline = time.monotonic() + args.seconds
    while not stop.is_set() and time.monotonic() < deadline:
        for i, s in enumerate(socks):
            if i in closed:
                continue
            try:
                data = s.recv(4096)
                if data:
                    answered.add(i)
                else:
                    closed.add(i)
                    continue
            except BlockingIOError:
                pass
            except OSError:
                closed.add(i)
                continue
            try:
                s.send(b"x")
            except BlockingIOError:
                pass
            except OSError:
                closed.add(i)
        stop.wait(args.trickle)
    stop.set()
    prober.join(15)
    for s in socks:
        s.close()

    held = len(socks) - len(closed)
    print(f"SLOW held={held} closed={len(closed)} answered={len(answered)}")
    if latencies:
        ordered = sorted(latencies)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        print(
            f"PROBE n={len(latencies) + errors[0]} errors={errors[0]} "
            f"median_ms={statistics.median(ordered):.1f} p99_ms={p99:.1f} max_ms={ordered[-1]:.1f}"
        )
    else:
        print(f"PROBE n={errors[0]} errors={errors[0]} median_ms=- p99_ms=- max_ms=-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
