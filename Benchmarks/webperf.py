#!/usr/bin/env python3
"""Web performance of the published pages, galleryc against sigal's photoswipe theme, on the
same photos: LCP, CLS and bytes of the home page, an album of 150 photos and a photo page,
loaded in headless Chromium under DevTools' Fast 3G network (562.5 ms latency, 1.44 Mbit/s
down) and a 4x slower CPU, at 1280x800 and at 390x844 DPR 3, with an empty cache.
Then the bytes of scrolling the whole album on the phone, next to an ideal (each tile's
displayed pixels at DPR 3, encoded at the site's quality).

Not a test: prints a table. Run through Benchmarks/webperf.sh, which builds both sites.

    webperf.py GALLERYC_SITE SIGAL_SITE [--runs N]
"""

from __future__ import annotations

import argparse
import functools
import gzip
import io
import http.server
import statistics
import sys
import threading
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

SCREENS = {"laptop": (1280, 800, 1, False), "phone": (390, 844, 3, True)}
# The LCP every page of galleryc's must reach on phone and laptop (issue 20), in seconds.
LCP_TARGET = 2.5
FAST_3G = {"offline": False, "latency": 562.5, "downloadThroughput": 1.44e6 / 8, "uploadThroughput": 675e3 / 8}
CPU_SLOWDOWN = 4

OBSERVE_JS = """
window.__lcp = 0; window.__cls = 0; window.__lcpElement = '';
new PerformanceObserver(l => { for (const e of l.getEntries()) { window.__lcp = e.startTime;
  window.__lcpElement = e.element ? e.element.tagName.toLowerCase() + (e.element.className ? '.' + String(e.element.className).split(' ')[0] : '') : '?'; } })
  .observe({type: 'largest-contentful-paint', buffered: true});
new PerformanceObserver(l => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
  .observe({type: 'layout-shift', buffered: true});
"""

BYTES_JS = """
const nav = performance.getEntriesByType('navigation')[0];
return (nav ? nav.transferSize : 0) +
  performance.getEntriesByType('resource').reduce((s, r) => s + r.transferSize, 0);
"""

IDEAL_JS = """
// Each album image's displayed size x DPR, and the bytes per pixel of the files it loaded
// (the file's own pixels: from the srcset `w` descriptor of the chosen candidate, since
// naturalWidth is divided by the candidate's density).
const dpr = devicePixelRatio;
let pixels = 0, bytes = 0, loaded = 0;
const sizes = new Map(performance.getEntriesByType('resource').map(r => [r.name, r.transferSize]));
function fileWidth(img) {
  const sets = [img, ...(img.parentElement ? img.parentElement.querySelectorAll('source') : [])];
  for (const el of sets) {
    for (const part of (el.getAttribute('srcset') || '').split(',')) {
      const [url, w] = part.trim().split(/\s+/);
      if (url && w && w.endsWith('w') && new URL(url, location.href).href === img.currentSrc) return parseFloat(w);
    }
  }
  return img.naturalWidth;
}
for (const img of document.querySelectorAll('img')) {
  const r = img.getBoundingClientRect();
  // Inline placeholders (data: URLs, under each photo until it loads) are not photos shown.
  if (r.width < 40 || !img.currentSrc || img.currentSrc.startsWith('data:')) continue;
  const aspect = img.naturalHeight / img.naturalWidth;
  pixels += r.width * dpr * Math.min(r.height, r.width * aspect) * dpr;
  const size = sizes.get(img.currentSrc);
  const w = fileWidth(img);
  if (size) { bytes += size; loaded += w * w * aspect; }
}
return {pixels: pixels, bytesPerPixel: loaded ? bytes / loaded : 0};
"""


COMPRESSED = {".html", ".css", ".js", ".svg", ".xml", ".json"}


def serve(folder: Path) -> tuple[str, http.server.ThreadingHTTPServer]:
    """A static host as they usually are: text gzipped (as nginx's gzip, GitHub Pages or
    Netlify do), images as they are."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def send_head(self):
            path = Path(self.translate_path(self.path))
            if path.is_dir():
                path = path / "index.html"
            if path.suffix in COMPRESSED and path.is_file() and "gzip" in self.headers.get("Accept-Encoding", ""):
                body = gzip.compress(path.read_bytes(), 6)
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(str(path)))
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                return io.BytesIO(body)
            return super().send_head()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server


def driver() -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(flag)
    d = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    d.set_page_load_timeout(300)
    d.set_script_timeout(300)
    return d


def load(d: webdriver.Chrome, url: str, screen: str, scroll: bool = False, click: str | None = None) -> dict:
    width, height, dpr, mobile = SCREENS[screen]
    d.get("about:blank")
    d.execute_cdp_cmd("Network.enable", {})
    d.execute_cdp_cmd("Network.clearBrowserCache", {})
    d.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    d.execute_cdp_cmd("Network.emulateNetworkConditions", FAST_3G)
    d.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    d.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": dpr, "mobile": mobile},
    )
    script = d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVE_JS})
    try:
        d.get(url)  # returns after the load event
        if click:
            # sigal's photo: PhotoSwipe 5 opens no photo from the URL, so it is opened as a
            # visitor does, by a tap on the first thumbnail once the album page has loaded. A
            # script's click is no user input, so LCP goes on counting: the photo's paint in the
            # overlay, timed from the album page's navigation.
            d.execute_script("document.querySelector(arguments[0]).click()", click)
        quiet(d)
        result = {"lcp": d.execute_script("return window.__lcp") / 1000, "bytes": d.execute_script(BYTES_JS),
                  "element": d.execute_script("return window.__lcpElement")}
        result["cls"] = d.execute_script("return window.__cls")
        if scroll:
            d.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
            d.execute_cdp_cmd("Network.emulateNetworkConditions", {**FAST_3G, "latency": 0,
                              "downloadThroughput": -1, "uploadThroughput": -1})
            d.execute_async_script(
                "const done = arguments[0]; (async () => {"
                " for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2)"
                " { scrollTo(0, y); await new Promise(r => setTimeout(r, 150)); } done(); })()"
            )
            quiet(d)
            result["scrolledBytes"] = d.execute_script(BYTES_JS)
            result["ideal"] = d.execute_script(IDEAL_JS)
            result["height"] = d.execute_script("return document.documentElement.scrollHeight")
            result["cls"] = d.execute_script("return window.__cls")
        return result
    finally:
        d.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
        d.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
        d.execute_cdp_cmd("Network.emulateNetworkConditions", {**FAST_3G, "latency": 0,
                          "downloadThroughput": -1, "uploadThroughput": -1})
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def quiet(d: webdriver.Chrome, seconds: float = 2.0, limit: float = 240) -> None:
    """Waits until no resource has been added for `seconds` (lazy images in view included)."""
    deadline = time.time() + limit
    count, since = -1, time.time()
    while time.time() < deadline:
        now = d.execute_script(
            "return performance.getEntriesByType('resource').length +"
            " [...document.images].filter(i => !i.complete && i.getBoundingClientRect().top < innerHeight).length * 1000"
        )
        if now != count:
            count, since = now, time.time()
        elif time.time() - since >= seconds:
            return
        time.sleep(0.25)


def pages(site: Path, tool: str) -> dict[str, str]:
    """Home, the album and its first photo's page, as URL paths."""
    if tool == "galleryc":
        album = "album/"
        photo = sorted(p.parent.name for p in (site / "album").glob("*/index.html") if p.parent.name != "page")[0]
        return {"home": "", "album": album, "photo": f"{album}{photo}/"}
    # sigal: the album page; photoswipe opens photos in an overlay, so its "photo page" is the
    # album page with the first photo opened (see SIGAL_PHOTO_CLICK).
    return {"home": "", "album": "album/", "photo": "album/"}


# What opens sigal's first photo in its PhotoSwipe overlay (as Benchmarks/screenshots.py does).
SIGAL_PHOTO_CLICK = ".gallery a"


def kib(n: float) -> str:
    return f"{n / 1024:,.0f} KiB" if n < 10 * 1024 * 1024 else f"{n / 1024 / 1024:,.1f} MiB"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("galleryc_site", type=Path)
    parser.add_argument("sigal_site", type=Path)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    d = driver()
    rows = []
    scrolled = {}
    try:
        for tool, site in (("galleryc", args.galleryc_site), ("sigal", args.sigal_site)):
            base, server = serve(site)
            for page, path in pages(site, tool).items():
                for screen in SCREENS:
                    click = SIGAL_PHOTO_CLICK if tool == "sigal" and page == "photo" else None
                    runs = [load(d, base + path, screen, click=click) for _ in range(args.runs)]
                    rows.append((page, screen, tool, statistics.median(r["lcp"] for r in runs),
                                 max(r["cls"] for r in runs), statistics.median(r["bytes"] for r in runs),
                                 runs[-1]["element"]))
                    print(f"  {tool} {page} {screen}: LCP {rows[-1][3]:.2f} s ({rows[-1][6]})", file=sys.stderr)
            scrolled[tool] = load(d, base + pages(site, tool)["album"], "phone", scroll=True)
            server.shutdown()
    finally:
        d.quit()

    print("\nFast 3G (562.5 ms, 1.44 Mbit/s) + 4x CPU, empty cache; median of", args.runs, "run(s)\n")
    print(f"| page | screen | tool | LCP | LCP element | CLS | first-view bytes | galleryc's targets (LCP ≤ {LCP_TARGET} s, CLS 0) |")
    print("|---|---|---|---|---|---|---|---|")
    missed = []
    for page, screen, tool, lcp, cls, size, element in rows:
        verdict = ""
        if tool == "galleryc":
            verdict = "met" if lcp <= LCP_TARGET and cls == 0 else "**MISSED**"
            if verdict != "met":
                missed.append(f"{page} on the {screen}: LCP {lcp:.2f} s, CLS {cls:.3f}")
        print(f"| {page} | {screen} | {tool} | {lcp:.2f} s | `{element}` | {cls:.3f} | {kib(size)} | {verdict} |")
    print("\nEvery target met." if not missed else "\nTargets missed: " + "; ".join(missed) + ".")
    print("\nWhole album scrolled on a 390x844 phone at DPR 3:\n")
    print("| tool | page height | bytes | ideal (displayed px x DPR at the loaded bytes/px) | ratio |")
    print("|---|---|---|---|---|")
    for tool, r in scrolled.items():
        ideal = r["ideal"]["pixels"] * r["ideal"]["bytesPerPixel"]
        ratio = r["scrolledBytes"] / ideal if ideal else float("nan")
        print(f"| {tool} | {r['height']:,} px | {kib(r['scrolledBytes'])} | {kib(ideal)} | {ratio:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
