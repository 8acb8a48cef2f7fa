"""Search (issue 25, part 3): a photographer's site with captions, tags, a place, an accented
title and dates, beside an unlisted album and a password-protected one. The index holds what
the listed public photos say and nothing of the others; in Chromium, under a strict
Content-Security-Policy, typing a caption word, a tag, a place, an accented word without its
accent, a prefix and a month finds the photos, loading only the files that query needs; the
header's field leads there; without JavaScript the page lists the tags and places."""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import pytest
from conftest import emulate_viewport
from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

pytestmark = [pytest.mark.e2e]
POLICY = "default-src 'self'; img-src 'self' data:"
LISTENER = (
    "window.__csp = [];"
    "document.addEventListener('securitypolicyviolation', e => window.__csp.push("
    "e.violatedDirective + ' ' + (e.blockedURI || 'inline')));"
)
# Words only the unlisted and the protected album's photos have.
HIDDEN_WORDS = ["lighthouse", "zanzibar", "quietcove", "Quiet", "Secret", "secret/", "quiet/"]


def photo(path: Path, colour: tuple[int, int, int], date: str, size=(640, 480), sidecar: str = "") -> None:
    exif = Image.Exif()
    exif.get_ifd(0x8769)[0x9003] = date  # DateTimeOriginal, as cameras write it
    Image.new("RGB", size, colour).save(path, quality=90, exif=exif)
    if sidecar:
        path.with_suffix(".md").write_text(sidecar)


def make_content(root: Path) -> Path:
    content = root / "content"
    iceland = content / "iceland"
    (iceland / "south").mkdir(parents=True)
    (iceland / "index.md").write_text("---\ntitle: Iceland 2023\n---\n")
    photo(iceland / "glacier.jpg", (120, 160, 200), "2023:07:02 10:00:00",
          sidecar="---\nalt: Blue ice\n---\nMeltwater under the Sólheimajökull glacier.\n")
    photo(iceland / "falls.jpg", (60, 90, 60), "2023:07:03 10:00:00", size=(480, 720),
          sidecar="---\nalt: Falling water\ntags: [waterfall, Skógafoss]\n---\n")
    photo(iceland / "beach.jpg", (20, 20, 20), "2023:07:04 10:00:00",
          sidecar="---\nalt: Black sand\nplace: Vík í Mýrdal, Iceland\n---\n")
    (iceland / "south" / "index.md").write_text("---\ntitle: Southern coast\n---\n")
    photo(iceland / "south" / "puffin.jpg", (200, 120, 40), "2023:08:10 10:00:00",
          sidecar="---\ntitle: Puffin at Dyrhólaey\nalt: A puffin\n---\n")
    france = content / "france"
    france.mkdir()
    (france / "index.md").write_text("---\ntitle: France\n---\n")
    photo(france / "dessert.jpg", (230, 200, 150), "2021:04:05 10:00:00",
          sidecar="---\ntitle: Crème brûlée at the Café de Flore\nalt: Dessert\n---\n")
    quiet = content / "quiet"
    quiet.mkdir()
    (quiet / "index.md").write_text("---\ntitle: Quiet\nunlisted: true\n---\n")
    photo(quiet / "cove.jpg", (5, 90, 5), "2023:07:05 10:00:00",
          sidecar="---\nalt: quietcove\ntags: [lighthouse]\n---\nA glacier nobody should find here.\n")
    secret = content / "secret"
    secret.mkdir()
    (secret / "index.md").write_text("---\ntitle: Secret\npassword_env: SEARCH_PW\n---\n")
    photo(secret / "hut.jpg", (5, 5, 90), "2023:07:06 10:00:00",
          sidecar="---\nalt: zanzibar\ntags: [lighthouse]\n---\nAnother glacier, private.\n")
    (content / "site.yml").write_text("title: Journeys\nbase_url: https://example.org/\n")
    return content


@pytest.fixture(scope="module")
def site(galleryc, tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("search")
    content = make_content(root)
    output = root / "public"
    run = subprocess.run(
        [str(galleryc), "build", str(content), "--output", str(output)], cwd=root,
        env=dict(os.environ, NO_COLOR="1", SEARCH_PW="correct horse"), capture_output=True, text=True,
        timeout=300)
    assert run.returncode == 0, run.stderr
    return output


def index_files(site: Path) -> dict[str, str]:
    return {path.name: path.read_text() for path in sorted((site / "search").glob("*.json"))}


def test_the_index_holds_listed_public_photos_only(site):
    files = index_files(site)
    meta = json.loads(files["meta.json"])
    assert meta["photos"] == 5
    # In site order (newest album first): an album's own photos, then its sub-albums'.
    assert [path for path, _ in meta["albums"]] == ["", "iceland/", "iceland/south/", "france/"]
    everything = "".join(files.values())
    for word in HIDDEN_WORDS:
        assert word.lower() not in everything.lower(), word
    # Terms are folded; a word is in the file of its first two letters.
    assert "solheimajokull" in json.loads(files["t-so.json"])
    assert {"creme", "brulee", "cafe"} <= set(json.loads(files["t-cr.json"])) | set(
        json.loads(files["t-br.json"])) | set(json.loads(files["t-ca.json"]))
    assert "vik" in json.loads(files["t-vi.json"]) and "myrdal" in json.loads(files["t-my.json"])
    assert "july" in json.loads(files["t-ju.json"]) and "2023" in json.loads(files["t-20.json"])


def test_without_javascript_the_page_lists_tags_and_places(site):
    page = (site / "search" / "index.html").read_text()
    assert 'href="/tags/waterfall/"' in page and 'href="/tags/skogafoss/"' in page
    assert "Vík í Mýrdal, Iceland" in page and 'href="/places/' in page
    assert "<noscript>" in page and 'action="/search/"' in page
    assert 'href="/iceland/south/"' in page and 'href="/quiet/"' not in page and 'href="/secret/"' not in page
    # Every other page has the field in its header, and none loads the search script.
    home = (site / "index.html").read_text()
    assert '<form class="site-search" role="search" action="/search/">' in home
    assert "search." not in "".join(line for line in home.splitlines() if "<script" in line)
    assert "assets/search." in page
    # The search page has its own field, not a second one in its header; its menu link is current.
    assert 'class="site-search"' not in page
    assert '<a href="/search/" aria-current="page">Search</a>' in page


def results(browser) -> list[str]:
    return browser.execute_script(
        "return [...document.querySelectorAll('.gk-search-tiles a')].map(a => new URL(a.href).pathname)")


def search_for(browser, text: str, expected: list[str]) -> None:
    field = browser.find_element(By.ID, "gk-search-q")
    field.clear()
    field.send_keys(text)
    deadline = time.time() + 5
    while time.time() < deadline and sorted(results(browser)) != sorted(expected):
        time.sleep(0.05)
    assert sorted(results(browser)) == sorted(expected), (text, results(browser))


@pytest.mark.browser
def test_typing_finds_photos_by_every_kind_of_word(site, serve, browser, axe_check):
    base = serve(site, headers={"Content-Security-Policy": POLICY})
    # A laptop: the header has the field (on a phone its menu links to the search page).
    emulate_viewport(browser, 1280, 800)
    added = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": LISTENER})
    try:
        browser.get(base + "search/")
        search_for(browser, "glacier", ["/iceland/glacier/"])
        assert serve.requests and {path for path, _ in serve.requests if path.endswith(".json")} == {
            "/search/meta.json", "/search/t-gl.json", "/search/p-0.json"}
        search_for(browser, "waterfall", ["/iceland/falls/"])
        search_for(browser, "vik", ["/iceland/beach/"])
        search_for(browser, "creme brulee", ["/france/dessert/"])
        search_for(browser, "SOLHEIMA", ["/iceland/glacier/"])
        search_for(browser, "iceland july", ["/iceland/glacier/", "/iceland/falls/", "/iceland/beach/"])
        search_for(browser, "2021", ["/france/dessert/"])
        search_for(browser, "southern puf", ["/iceland/south/puffin/"])
        search_for(browser, "lighthouse", [])
        status = browser.find_element(By.CSS_SELECTOR, "[data-gk-status]").text
        assert "No photo matches" in status
        search_for(browser, "iceland", [
            "/iceland/glacier/", "/iceland/falls/", "/iceland/beach/", "/iceland/south/puffin/"])
        albums = browser.execute_script(
            "return [...document.querySelectorAll('[data-gk-albums] a')].map(a => a.textContent)")
        assert albums == ["Iceland 2023"]
        # Tiles keep their photos' shapes: the portrait is taller than it is wide.
        shape = browser.execute_script(
            "const r = document.querySelector('a[href$=\"/falls/\"] img').getBoundingClientRect();"
            "return [r.width, r.height]")
        assert shape[1] > shape[0] > 40, shape
        assert browser.execute_script("return document.querySelector('[data-gk-browse]').hidden")
        assert browser.execute_script("return location.search") == "?q=iceland"
        assert browser.execute_script("return window.__csp") == []
        resources = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        assert all(url.startswith(base) for url in resources), resources
        assert axe_check(browser) == []
        # The header's field, from another page, leads to the results.
        browser.get(base + "france/")
        field = browser.find_element(By.CSS_SELECTOR, ".site-search input")
        field.send_keys("glacier" + Keys.ENTER)
        deadline = time.time() + 5
        while time.time() < deadline and results(browser) != ["/iceland/glacier/"]:
            time.sleep(0.05)
        assert results(browser) == ["/iceland/glacier/"]
        assert browser.find_element(By.ID, "gk-search-q").get_attribute("value") == "glacier"
        assert browser.execute_script("return window.__csp") == []
        # A phone: the navigation is a menu, and its last link is the search page.
        emulate_viewport(browser, 390, 844, dpr=3, mobile=True)
        browser.get(base + "france/")
        assert not browser.find_element(By.CSS_SELECTOR, ".site-search input").is_displayed()
        menu = browser.find_elements(By.CSS_SELECTOR, ".site-menu a")
        assert menu[-1].get_attribute("textContent") == "Search"
        assert menu[-1].get_attribute("href") == base + "search/"
        # Its tiles fill the column, two or more to a row of landscapes.
        browser.get(base + "search/?q=iceland")
        deadline = time.time() + 5
        while time.time() < deadline and len(results(browser)) < 4:
            time.sleep(0.05)
        boxes = browser.execute_script(
            "return [...document.querySelectorAll('.gk-search-tiles img')].map(i => {"
            "const r = i.getBoundingClientRect(); return [r.left, r.right, r.top]})")
        column = browser.execute_script(
            "const r = document.querySelector('.gk-search-tiles').getBoundingClientRect(); return [r.left, r.right]")
        assert len(boxes) == 4 and all(column[0] - 0.5 <= b[0] and b[1] <= column[1] + 0.5 for b in boxes), boxes
        assert boxes[0][2] == boxes[1][2], "the first row holds two tiles or more"
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]})
