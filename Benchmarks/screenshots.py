"""Screenshots of galleryc and sigal's photoswipe theme on the same photos, for the README.

    screenshots.py GALLERYC_SITE SIGAL_SITE OUT_DIR

Serves both sites on 127.0.0.1, opens the album page (dir2, the album with a long Markdown
description) and its first photo in headless Chromium at 390x844 (3x, touch) and 1280x800, and
writes `<tool>-<page>-<screen>.webp` (phone shots at 1x, so the files stay small) plus one
side-by-side `compare-<page>-<screen>.webp` per page and screen. sigal's photo "page" is the
PhotoSwipe 5 overlay on its album page, opened by clicking the first thumbnail (PhotoSwipe 5
does not open from the address's hash).
"""

from __future__ import annotations

import functools
import http.server
import io
import sys
import threading
import time
from pathlib import Path

from PIL import Image, ImageDraw
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

SCREENS = {"phone": (390, 844, 3, True), "laptop": (1280, 800, 1, False)}
ALBUM = "dir2/"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass


def serve(folder: Path) -> str:
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def first_photo_page(site: Path) -> str:
    """The galleryc album's first photo page: the first link of its photo list."""
    html = (site / ALBUM / "index.html").read_text()
    marker = html.index('class="gk-justified')
    start = html.index('href="', marker) + len('href="')
    return html[start : html.index('"', start)].lstrip("/")


def settle(driver) -> None:
    deadline = time.time() + 15
    while time.time() < deadline and driver.execute_script(
        "return document.readyState !== 'complete' || [...document.images].some(i => "
        "!i.complete && i.getBoundingClientRect().top < innerHeight && i.getBoundingClientRect().bottom > 0)"
    ):
        time.sleep(0.1)
    time.sleep(1.5)


def shoot(driver, url: str, screen: str, click: str | None = None) -> Image.Image:
    width, height, dpr, mobile = SCREENS[screen]
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": dpr, "mobile": mobile},
    )
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile})
    driver.get("about:blank")
    driver.get(url)
    settle(driver)
    if click:
        driver.execute_script("document.querySelector(arguments[0]).click()", click)
        time.sleep(2.5)
    image = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
    return image.resize((width, height), Image.LANCZOS) if image.width != width else image


def side_by_side(left: Image.Image, right: Image.Image, labels: tuple[str, str]) -> Image.Image:
    gap, band = 16, 28
    out = Image.new("RGB", (left.width + right.width + gap, max(left.height, right.height) + band), "white")
    draw = ImageDraw.Draw(out)
    for x, image, label in ((0, left, labels[0]), (left.width + gap, right, labels[1])):
        out.paste(image, (x, band))
        draw.text((x + 4, 8), label, fill="black")
    return out


def main() -> None:
    galleryc_site, sigal_site, out = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    out.mkdir(parents=True, exist_ok=True)
    bases = {"galleryc": serve(galleryc_site), "sigal": serve(sigal_site)}
    pages = {
        "galleryc": {"album": ALBUM, "photo": first_photo_page(galleryc_site)},
        "sigal": {"album": ALBUM, "photo": ALBUM},
    }
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--hide-scrollbars", "--force-color-profile=srgb"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": "light"},
                      {"name": "prefers-reduced-motion", "value": "reduce"}]},
    )
    try:
        for screen in SCREENS:
            for page in ("album", "photo"):
                shots = {}
                for tool in ("galleryc", "sigal"):
                    click = ".gallery a" if tool == "sigal" and page == "photo" else None
                    shots[tool] = shoot(driver, bases[tool] + pages[tool][page], screen, click)
                    shots[tool].save(out / f"{tool}-{page}-{screen}.webp", quality=72, method=6)
                joined = side_by_side(shots["galleryc"], shots["sigal"], ("galleryc", "sigal (photoswipe theme)"))
                joined.save(out / f"compare-{page}-{screen}.webp", quality=72, method=6)
                print(out / f"compare-{page}-{screen}.webp")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
