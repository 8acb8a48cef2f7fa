"""Places and maps (issue 25, parts 1 and 2): photos with GPS positions written by exiftool at
known places get their names at each level of `places:`, in words only. A mountain town, a
quarter of a capital, the sea off a coast, both sides of a border, across the antimeridian, the
North Pole, and a clip with a QuickTime location; a private and an unlisted album;
`hide_places_within`; a sidecar's `place:`. No coordinate is in any published file, and the
GeoNames credit is on the site. The maps (`maps: true`) are drawn in the pages: in Chromium
under a strict Content-Security-Policy they load nothing from outside the site, break no rule
of the policy, pass axe, and change colours with the colour scheme."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import gzip
import time

import pytest
from conftest import set_reduced_motion
from PIL import Image

pytestmark = [pytest.mark.e2e]
POLICY = "default-src 'self'; img-src 'self' data:"
LISTENER = (
    "window.__csp = [];"
    "document.addEventListener('securitypolicyviolation', e => window.__csp.push("
    "e.violatedDirective + ' ' + (e.blockedURI || 'inline')));"
)

# name: (latitude, longitude, the name at city level, region level, country level)
SPOTS = {
    "aiguille": (45.8786, 6.8874, "Chamonix-Mont-Blanc, Auvergne-Rhône-Alpes, France",
                 "Auvergne-Rhône-Alpes, France", "France"),
    "bastille": (48.8590, 2.3800, "Paris, Île-de-France, France", "Île-de-France, France", "France"),
    "offshore": (43.6000, 7.3000, "Nice, Provence-Alpes-Côte d'Azur, France",
                 "Provence-Alpes-Côte d'Azur, France", "France"),
    "geneva": (46.2044, 6.1432, "Genève, Geneva, Switzerland", "Geneva, Switzerland", "Switzerland"),
    "annemasse": (46.1934, 6.2342, "Annemasse, Auvergne-Rhône-Alpes, France",
                  "Auvergne-Rhône-Alpes, France", "France"),
    "chukotka": (66.3000, 179.8000, "Chukotka, Russia", "Chukotka, Russia", "Russia"),
    "pole": (89.9990, 45.0000, None, None, None),
}
LEVELS = {"city": 2, "region": 3, "country": 4}
# Written only on photos of a private album and an unlisted one.
SECRET = (78.2200, 15.6500)  # Longyearbyen
UNLISTED = (66.3300, -179.4000)  # Egvekinot
HOME = (45.9237, 6.8694)  # Chamonix itself, hidden


def gps_args(latitude: float, longitude: float) -> list[str]:
    return [
        f"-GPSLatitude={abs(latitude)}", f"-GPSLatitudeRef={'N' if latitude >= 0 else 'S'}",
        f"-GPSLongitude={abs(longitude)}", f"-GPSLongitudeRef={'E' if longitude >= 0 else 'W'}",
    ]


def photo(path: Path, position: tuple[float, float] | None, colour: tuple[int, int, int]) -> None:
    Image.new("RGB", (640, 480), colour).save(path, quality=90)
    if position:
        subprocess.run(
            ["exiftool", "-q", "-overwrite_original", *gps_args(*position), str(path)],
            check=True, timeout=60)
    path.with_suffix(".md").write_text(f"---\nalt: {path.stem}\n---\n")


def make_content(root: Path, level: str) -> Path:
    content = root / "content"
    alps = content / "trip"
    alps.mkdir(parents=True)
    for index, (name, spot) in enumerate(SPOTS.items()):
        photo(alps / f"{name}.jpg", spot[:2], (40 * index % 255, 90, 150))
    photo(alps / "home.jpg", HOME, (200, 180, 160))
    photo(alps / "renamed.jpg", SPOTS["aiguille"][:2], (10, 200, 40))
    (alps / "renamed.md").write_text("---\nalt: renamed\nplace: Aiguille du Midi\n---\n")
    photo(alps / "unsaid.jpg", SPOTS["bastille"][:2], (250, 20, 40))
    (alps / "unsaid.md").write_text("---\nalt: unsaid\nplace: false\n---\n")
    # Clips with a location: QuickTime's `©xyz` (ISO 6709), as phones write it, and 3GPP's
    # `loci`, which ffmpeg writes in an MP4.
    for name in ["clip.mov", "clip3gpp.mp4"]:
        subprocess.run(
            ["ffmpeg", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=10:duration=1",
             "-c:v", "libx264", "-pix_fmt", "yuv420p", "-metadata", "location=+45.8786+006.8874/",
             str(alps / name)],
            check=True, timeout=120)
        (alps / name).with_suffix(".md").write_text("---\nalt: clip\n---\n")
    secret = content / "secret"
    secret.mkdir()
    (secret / "index.md").write_text("---\ntitle: Secret\npassword_env: PLACES_PW\n---\n")
    photo(secret / "hut.jpg", SECRET, (5, 5, 90))
    quiet = content / "quiet"
    quiet.mkdir()
    (quiet / "index.md").write_text("---\ntitle: Quiet\nunlisted: true\n---\n")
    photo(quiet / "shore.jpg", UNLISTED, (5, 90, 5))
    (content / "site.yml").write_text(
        f"title: Places\nbase_url: https://example.org/\nplaces: {level}\nmaps: {str(level == 'city').lower()}\n"
        f"privacy:\n  hide_places_within: [{{lat: {HOME[0]}, lon: {HOME[1]}, km: 1}}]\n")
    return content


def build(galleryc: Path, root: Path, level: str) -> Path:
    content = make_content(root, level)
    output = root / "public"
    run = subprocess.run(
        [str(galleryc), "build", str(content), "--output", str(output)], cwd=root,
        env=dict(os.environ, NO_COLOR="1", PLACES_PW="correct horse"), capture_output=True, text=True,
        timeout=300)
    assert run.returncode == 0, run.stderr
    return output


@pytest.fixture(scope="module")
def sites(galleryc, tmp_path_factory) -> dict[str, Path]:
    return {level: build(galleryc, tmp_path_factory.mktemp(level), level) for level in LEVELS}


def place_of(page: Path) -> str | None:
    found = re.search(r'<div class="photo-place"><dt>Place</dt><dd>(?:<a href="([^"]*)">)?([^<]*)', page.read_text())
    return found and found.group(2).replace("&#39;", "'")


@pytest.mark.parametrize("level", list(LEVELS))
def test_each_photo_is_named_at_the_level(sites, level):
    for name, spot in SPOTS.items():
        assert place_of(sites[level] / "trip" / name / "index.html") == spot[LEVELS[level]], name


def test_places_link_to_their_pages_and_the_list(sites):
    site = sites["city"]
    page = (site / "trip" / "aiguille" / "index.html").read_text()
    assert 'href="/places/france/chamonix-mont-blanc/"' in page
    chamonix = (site / "places" / "france" / "chamonix-mont-blanc" / "index.html").read_text()
    # The Aiguille du Midi and the clips' locations; the sidecar's own name has its own page.
    assert chamonix.count("gk-tile ") == 3, chamonix
    assert (site / "places" / "france" / "aiguille-du-midi" / "index.html").is_file()
    listing = (site / "places" / "index.html").read_text()
    for country in ["France", "Switzerland", "Russia"]:
        assert f">{country}<" in listing
    album = (site / "trip" / "index.html").read_text()
    places = re.search(r'<p class="album-places">(.*?)</p>', album).group(1)
    assert places.startswith('Places: <a href="/places/france/chamonix-mont-blanc/">Chamonix-Mont-Blanc</a>')
    sitemap = (site / "sitemap.xml").read_text()
    assert "https://example.org/places/france/paris/" in sitemap
    assert "https://example.org/places/" in sitemap
    # At the country level a country is one page.
    assert (sites["country"] / "places" / "france" / "index.html").is_file()
    assert not (sites["country"] / "places" / "france" / "paris").exists()


def test_a_clip_gets_its_place_from_its_location(sites):
    assert place_of(sites["city"] / "trip" / "clip" / "index.html") == SPOTS["aiguille"][2]
    assert place_of(sites["city"] / "trip" / "clip3gpp" / "index.html") == SPOTS["aiguille"][2]


def test_sidecars_and_hidden_circles(sites):
    site = sites["city"]
    assert place_of(site / "trip" / "renamed" / "index.html") == "Aiguille du Midi, France"
    assert place_of(site / "trip" / "unsaid" / "index.html") is None
    assert place_of(site / "trip" / "home" / "index.html") is None


def test_private_and_unlisted_albums_are_on_no_place_page(sites):
    site = sites["city"]
    # The private photo's place is inside its sealed page only: no published byte says it.
    for path in site.rglob("*"):
        if path.is_file():
            assert b"Longyearbyen" not in path.read_bytes(), path
            assert b"Svalbard" not in path.read_bytes(), path
    # The unlisted album's photo says where it was taken, but no place page lists it.
    assert place_of(site / "quiet" / "shore" / "index.html") == "Egvekinot, Chukotka, Russia"
    assert not (site / "places" / "russia" / "egvekinot").exists()
    assert b"quiet/" not in b"".join(p.read_bytes() for p in (site / "places").rglob("*.html"))


def test_the_geonames_credit_is_on_every_page(sites):
    for page in sites["region"].rglob("*.html"):
        text = page.read_text()
        if "gk-locked" in text or page.name == "404.html":
            continue
        assert 'href="https://www.geonames.org/">GeoNames</a>' in text, page


def coordinate_texts(latitude: float, longitude: float) -> list[bytes]:
    """How a position could be written in text: decimal degrees to 2-4 places, and the
    degrees-minutes form exiftool prints."""
    texts = []
    for value in (latitude, longitude):
        for places in (2, 3, 4):
            texts.append(f"{value:.{places}f}".encode())
    return texts


def test_no_published_file_carries_a_coordinate(sites):
    positions = [spot[:2] for spot in SPOTS.values()] + [SECRET, UNLISTED, HOME]
    needles = [text for position in positions for text in coordinate_texts(*position)]
    for site in sites.values():
        media = [p for p in site.rglob("*") if p.suffix in {".jpg", ".webp", ".avif", ".mp4", ".webm"}]
        assert media
        tags = json.loads(subprocess.run(
            ["exiftool", "-j", "-n", "-gps:all", "-xmp:all", "-quicktime:GPSCoordinates",
             "-userdata:all", *map(str, media)],
            capture_output=True, text=True, timeout=120).stdout or "[]")
        for found in tags:
            assert not {k for k in found if k != "SourceFile"} & {
                "GPSLatitude", "GPSLongitude", "GPSCoordinates", "GPSPosition"}, found
        for path in site.rglob("*"):
            if path.is_file() and path.suffix in {".html", ".xml", ".css", ".js", ".json", ".txt"}:
                data = path.read_bytes()
                for needle in needles:
                    assert needle not in data, (path, needle)


def test_maps_are_drawn_in_the_pages_and_fit_a_phone(sites):
    site = sites["city"]
    album = (site / "trip" / "index.html").read_text()
    svg = re.search(r'<svg class="gk-map".*?</svg>', album, re.S).group(0)
    # One marker per place of the album's photos, never per photo.
    assert svg.count("<circle") == len({SPOTS[n][2] for n in SPOTS if SPOTS[n][2]} | {"Aiguille du Midi, France"})
    assert len(gzip.compress(svg.encode())) < 60_000
    listing = (site / "places" / "index.html").read_text()
    world = re.search(r'<svg class="gk-map".*?</svg>', listing, re.S).group(0)
    assert len(gzip.compress(world.encode())) < 60_000
    # Private and unlisted albums have no map; levels without maps: true neither.
    assert "gk-map" not in (site / "quiet" / "index.html").read_text()
    assert "<svg" not in (sites["region"] / "trip" / "index.html").read_text()


@pytest.mark.browser
def test_a_map_calls_no_one_and_keeps_a_strict_policy(sites, serve, browser, axe_check):
    base = serve(sites["city"], headers={"Content-Security-Policy": POLICY})
    set_reduced_motion(browser, False)
    added = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": LISTENER})
    try:
        for path in ["places/", "trip/"]:
            browser.get(base + path)
            time.sleep(0.5)
            assert browser.execute_script("return window.__csp") == [], path
            resources = browser.execute_script(
                "return performance.getEntriesByType('resource').map(e => e.name)")
            assert all(url.startswith(base) for url in resources), resources
            box = browser.execute_script(
                "const r = document.querySelector('svg.gk-map').getBoundingClientRect();"
                "return [r.width, r.height]")
            assert box[0] > 300 and box[1] > 150, box
            markers = browser.execute_script(
                "return [...document.querySelectorAll('svg.gk-map a')].map(a => a.getAttribute('href'))")
            assert markers and all(href.startswith("/places/") for href in markers)
            assert axe_check(browser) == [], path
        sea = "return getComputedStyle(document.querySelector('.gk-map-sea')).fill"
        light = browser.execute_script(sea)
        browser.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        dark = browser.execute_script(sea)
        assert light != dark, (light, dark)
    finally:
        browser.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]})
