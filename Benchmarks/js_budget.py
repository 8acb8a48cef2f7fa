#!/usr/bin/env python3
"""The site's JavaScript budget: every .js file a built site ships, gzipped (level 9, as a
host would), summed and checked against 8 KB (issue 13). Live reload is not counted: `galleryc
serve` injects it and never writes it to the output. Whole-line `//` comments and the lines'
indentation are left out, as galleryc leaves them out when it publishes a script
(ThemeAssets.withoutLineComments), so the theme's own folder measures as a built site does.

`sealed.js` is measured on its own against 3 KB: only the lock pages of private albums load it
(issue 24), and nothing else there until the album is open; `search.js` on its own against 4 KB:
only the search page loads it (issue 25). The 8 KB are what every other page loads.

Usage: python3 Benchmarks/js_budget.py [SITE] [--budget BYTES]
  SITE    a built site (public/); default: the theme's own Templates/assets
Exit status 0 within the budget, 1 over it, 2 when there is no JavaScript to measure.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

BUDGET = 8 * 1024
SEALED_BUDGET = 3 * 1024
SEARCH_BUDGET = 4 * 1024


def published(data: bytes) -> bytes:
    """The script as galleryc publishes it: without lines whose first non-blank text is //,
    and without the indentation of the others."""
    lines = (line.lstrip(b" \t") for line in data.split(b"\n"))
    return b"\n".join(line for line in lines if not line.startswith(b"//"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", type=Path,
                        default=Path(__file__).resolve().parent.parent / "Templates" / "assets")
    parser.add_argument("--budget", type=int, default=BUDGET)
    parser.add_argument("--sealed-budget", type=int, default=SEALED_BUDGET)
    parser.add_argument("--search-budget", type=int, default=SEARCH_BUDGET)
    args = parser.parse_args()
    files = sorted(p for p in args.site.rglob("*.js") if p.is_file())
    if not files:
        print(f"js_budget: no .js files under {args.site}", file=sys.stderr)
        return 2
    total = sealed = search = 0
    for path in files:
        data = published(path.read_bytes())
        packed = len(gzip.compress(data, compresslevel=9, mtime=0))
        if path.name.startswith("sealed."):
            sealed += packed
        elif path.name.startswith("search."):
            search += packed
        else:
            total += packed
        print(f"{path.relative_to(args.site).as_posix():40} {len(data):7} bytes, {packed:6} gzipped")
    verdict = "within" if total <= args.budget else "OVER"
    print(f"total {total} bytes gzipped: {verdict} the budget of {args.budget} bytes")
    if sealed:
        print(f"sealed.js {sealed} bytes gzipped: {'within' if sealed <= args.sealed_budget else 'OVER'} "
              f"its budget of {args.sealed_budget} bytes (private albums' lock pages only)")
    if search:
        print(f"search.js {search} bytes gzipped: {'within' if search <= args.search_budget else 'OVER'} "
              f"its budget of {args.search_budget} bytes (the search page only)")
    within = total <= args.budget and sealed <= args.sealed_budget and search <= args.search_budget
    return 0 if within else 1


if __name__ == "__main__":
    sys.exit(main())
