"""Sweeps split between `make test` and `make test-full`.

A sweep (every viewport, every page) keeps one case of each kind in `make test`, the phone and
the laptop by default; the other cases are marked ``full`` and run in `make test-full`, which
`.ci/run` runs after `make test`. So `make test` stays under 15 minutes and no check is lost.
A few slow sweeps keep only the phone (`kept=("phone",)`), whose layout is the harder case;
their laptop case runs in `make test-full`.
"""

from __future__ import annotations

import pytest

KEPT = ("phone", "laptop")


def split(names, kept=KEPT):
    """``@pytest.mark.parametrize("viewport", split(VIEWPORTS))``: the names in ``kept`` run in
    `make test`; the others are marked ``full``."""
    return [pytest.param(name, marks=() if name in kept else pytest.mark.full) for name in names]


def grid(firsts, seconds, kept):
    """``@pytest.mark.parametrize("name,scheme", grid(SCREENS, SCHEMES, kept))``: every pair,
    the pairs in ``kept`` in `make test` (one of each kind, e.g. the phone dark and the laptop
    light) and the others marked ``full``; ids as pytest writes them (``phone-dark``)."""
    return [
        pytest.param(a, b, id=f"{a}-{b}", marks=() if (a, b) in kept else pytest.mark.full)
        for a in firsts
        for b in seconds
    ]
