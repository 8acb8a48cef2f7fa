#!/usr/bin/env python3
"""Smoothness of the photo viewer's gestures, galleryc's viewer.js against sigal's PhotoSwipe
5 (its photoswipe theme) on the same photos, in headless Chromium at 390x844 DPR 3 (a phone)
with the CPU slowed 4x, as the viewer issue asks.

Each gesture is real touch input through CDP (Input.dispatchTouchEvent): a drag that follows
the finger (a swipe held below the paging threshold), a pan while zoomed in (after a
double-tap), and a two-finger pinch. While it runs the page counts its animation frames
(requestAnimationFrame) and Chromium counts its layouts (Performance.getMetrics). Printed per
gesture: frames per second, the share of frames that took longer than 1.5 frame times
(dropped), and layouts per pointer move (0 when the gesture is transforms only).

Not a test: prints a table. Run through Benchmarks/viewer_motion.sh, which builds both sites.

    viewer_motion.py GALLERYC_SITE SIGAL_SITE [--runs N]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import threading
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

PHONE = (390, 844, 3)
CPU_SLOWDOWN = 4
MOVES = 60
FRAME_MS = 1000 / 60

FRAMES_JS = """
window.__frames = []; window.__stop = false;
let last = performance.now();
(function tick(t) { window.__frames.push(t - last); last = t; if (!window.__stop) requestAnimationFrame(tick); })(last);
"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"


def chromium() -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    width, height, dpr = PHONE
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": dpr, "mobile": True},
    )
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    driver.execute_cdp_cmd("Performance.enable", {})
    return driver


def wait_for(driver, script: str, timeout: float = 15) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if driver.execute_script(script):
            return
        time.sleep(0.05)
    raise SystemExit(f"timed out waiting for: {script}")


def touches(driver, kind: str, points: list[tuple[float, float]]) -> None:
    driver.execute_cdp_cmd(
        "Input.dispatchTouchEvent",
        {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i + 1} for i, (x, y) in enumerate(points)]},
    )


def layouts(driver) -> float:
    metrics = driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]
    return next(m["value"] for m in metrics if m["name"] == "LayoutCount")


def measure(driver, start: list[tuple[float, float]], step: list[tuple[float, float]]) -> dict:
    """Puts the fingers down at `start`, moves them by `step` MOVES times, lifts them; returns
    what the frames and layouts were while they moved."""
    touches(driver, "touchStart", start)
    touches(driver, "touchMove", [(x + dx, y + dy) for (x, y), (dx, dy) in zip(start, step)])
    driver.execute_script(FRAMES_JS)
    before, began = layouts(driver), time.perf_counter()
    for n in range(2, MOVES + 2):
        touches(driver, "touchMove", [(x + dx * n, y + dy * n) for (x, y), (dx, dy) in zip(start, step)])
    elapsed = time.perf_counter() - began
    after = layouts(driver)
    frames = driver.execute_script("window.__stop = true; return window.__frames.slice(1);")
    touches(driver, "touchEnd", [])
    time.sleep(0.8)
    return {
        "fps": len(frames) / elapsed,
        "dropped": sum(1 for f in frames if f > 1.5 * FRAME_MS) / max(1, len(frames)),
        "layouts": (after - before) / MOVES,
    }


def double_tap(driver, x: float, y: float) -> None:
    for _ in range(2):
        touches(driver, "touchStart", [(x, y)])
        touches(driver, "touchEnd", [])
        time.sleep(0.08)
    time.sleep(1.0)


def gestures(driver, centre: tuple[float, float], zoomed_js: str, reset) -> dict:
    x, y = centre
    results = {"drag": measure(driver, [(x, y)], [(-1.5, 0)])}
    double_tap(driver, x, y)
    wait_for(driver, zoomed_js)
    time.sleep(1.0)
    results["zoomed pan"] = measure(driver, [(x, y)], [(1.2, 0.8)])
    reset()
    results["pinch"] = measure(driver, [(x - 40, y), (x + 40, y)], [(-1, 0), (1, 0)])
    reset()
    return results


def galleryc(driver, base: str) -> dict:
    driver.get(base + "shapes/a-landscape/")
    wait_for(driver, "const i = document.querySelector('[data-viewer-image]');"
                     "return document.querySelector('[data-viewer].is-ready') && i.complete && i.naturalWidth;")
    time.sleep(1.0)
    box = driver.execute_script(
        "const r = document.querySelector('[data-viewer-stage]').getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2];")

    def reset():
        driver.execute_script("document.dispatchEvent(new KeyboardEvent('keydown', {key: '0', bubbles: true}));")
        time.sleep(0.6)

    return gestures(driver, tuple(box),
                    "return document.querySelector('[data-viewer]').classList.contains('is-zoomed')", reset)


def photoswipe(driver, base: str) -> dict:
    driver.get(base + "album/")
    wait_for(driver, "return document.querySelector('.gallery a') !== null")
    time.sleep(0.5)
    driver.execute_script("document.querySelector('.gallery a').click();")
    wait_for(driver, "const i = document.querySelector('.pswp--open .pswp__item img.pswp__img');"
                     "return i && i.complete && i.naturalWidth;")
    time.sleep(1.0)
    width, height, _ = PHONE

    def reset():
        double_tap(driver, width / 2, height / 2) if driver.execute_script(
            "return !!document.querySelector('.pswp--zoomed-in')") else None

    return gestures(driver, (width / 2, height / 2), "return !!document.querySelector('.pswp--zoomed-in')", reset)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("galleryc_site", type=Path)
    parser.add_argument("sigal_site", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    runs: dict[str, list[dict]] = {"galleryc": [], "photoswipe": []}
    for _ in range(args.runs):
        for name, site, run in (("galleryc", args.galleryc_site, galleryc), ("photoswipe", args.sigal_site, photoswipe)):
            server, base = serve(site)
            driver = chromium()
            try:
                driver.get(base)
                driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
                runs[name].append(run(driver, base))
            finally:
                driver.quit()
                server.shutdown()
    print(f"Viewer gestures at 390x844 DPR 3, CPU {CPU_SLOWDOWN}x slower, {MOVES} touch moves each,"
          f" median of {args.runs} runs")
    print(f"{'gesture':<12} {'galleryc fps':>12} {'dropped':>8} {'layouts/move':>13}"
          f" {'PhotoSwipe fps':>15} {'dropped':>8} {'layouts/move':>13} {'fps ratio':>10}")
    for gesture in ("drag", "zoomed pan", "pinch"):
        ours = {k: statistics.median(r[gesture][k] for r in runs["galleryc"]) for k in ("fps", "dropped", "layouts")}
        theirs = {k: statistics.median(r[gesture][k] for r in runs["photoswipe"]) for k in ("fps", "dropped", "layouts")}
        print(f"{gesture:<12} {ours['fps']:>12.1f} {ours['dropped']:>8.0%} {ours['layouts']:>13.2f}"
              f" {theirs['fps']:>15.1f} {theirs['dropped']:>8.0%} {theirs['layouts']:>13.2f}"
              f" {ours['fps'] / max(theirs['fps'], 0.1):>9.2f}x")


if __name__ == "__main__":
    main()
