#!/usr/bin/env python3
"""What a private album's password costs a guesser (issue 24): PBKDF2-HMAC-SHA256 at galleryc's
600,000 iterations, timed with OpenSSL (Python's hashlib, the same code galleryc calls through
libcrypto and close to what a CPU cracker does per core), printed as guesses per second per
core and as the time one core and a 100-core rig need to try every password of a few kinds.
A GPU does more (hashcat's published PBKDF2-SHA256 figures are a few thousand times one core
at this count), which is why the README asks for a long passphrase.

Usage: python3 Benchmarks/password_guessing.py [--seconds S]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import time

ITERATIONS = 600_000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    salt = os.urandom(16)
    guesses = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        hashlib.pbkdf2_hmac("sha256", f"guess{guesses}".encode(), salt, ITERATIONS, 32)
        guesses += 1
    rate = guesses / (time.perf_counter() - start)
    print(f"PBKDF2-HMAC-SHA256, {ITERATIONS} iterations: {rate:.2f} guesses per second on one core "
          f"({1000 / rate:.0f} ms a guess)")
    kinds = [
        ("6 lowercase letters", 26**6),
        ("8 lowercase letters", 26**8),
        ("8 letters and digits", 62**8),
        ("4 common words (7,776-word list)", 7776**4),
        ("5 common words (7,776-word list)", 7776**5),
    ]
    for name, count in kinds:
        one = count / rate
        print(f"{name:34} {count:.2e} passwords: {describe(one)} on one core, {describe(one / 100)} on 100 cores")
    return 0


def describe(seconds: float) -> str:
    for unit, size in [("years", 365.25 * 86400), ("days", 86400), ("hours", 3600), ("minutes", 60)]:
        if seconds >= size:
            return f"{seconds / size:,.0f} {unit}"
    return f"{seconds:.0f} seconds"


if __name__ == "__main__":
    raise SystemExit(main())
