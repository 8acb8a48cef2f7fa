"""Tag pages from the photos' own keywords, in a real browser.

Three photos get XMP and IPTC keywords written by exiftool (Debian's libimage-exiftool-perl),
one of them only through a Lightroom-style `.xmp` sidecar. The build must write `/tags/`
(every tag with its count and a cover) and `/tags/<slug>/` (an album page of the tagged
photos); a photo page links to its tags and the link leads to the tag page; the pages are
valid HTML and have no serious or critical axe-core violation.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import run_build
from PIL import Image
from selenium.webdriver.common.by import By

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

SIDECAR = """<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Harbour wall</rdf:li></rdf:Alt></dc:title>
<dc:subject><rdf:Bag><rdf:li>sea</rdf:li><rdf:li>stone</rdf:li></rdf:Bag></dc:subject>
</rdf:Description></rdf:RDF></x:xmpmeta>
"""


@pytest.fixture(scope="module")
def tag_site(galleryc: Path, tmp_path_factory) -> Path:
    if shutil.which("exiftool") is None:
        pytest.fail("exiftool not found: run `make test-deps` (libimage-exiftool-perl)")
    work = tmp_path_factory.mktemp("tags")
    album = work / "content" / "coast"
    album.mkdir(parents=True)
    for name, colour in (("boat", (30, 60, 160)), ("gull", (200, 200, 190)), ("wall", (120, 110, 100))):
        Image.new("RGB", (900, 600), colour).save(album / f"{name}.jpg", quality=90)
    subprocess.run(
        ["exiftool", "-q", "-overwrite_original", "-XMP-dc:Title=A blue boat", "-XMP-dc:Subject=sea",
         "-XMP-dc:Subject=boats", str(album / "boat.jpg")], check=True)
    subprocess.run(
        ["exiftool", "-q", "-overwrite_original", "-IPTC:ObjectName=Gull", "-IPTC:Keywords=Sea",
         "-IPTC:Keywords=birds", str(album / "gull.jpg")], check=True)
    (album / "wall.xmp").write_text(SIDECAR)
    (work / "content" / "index.md").write_text("---\ntitle: Coast\n---\n")
    return run_build(galleryc, work / "content", work / "public", work).check()


def test_tag_pages_list_the_tagged_photos(tag_site, serve, browser, axe_check):
    base = serve(tag_site)
    browser.get(base + "tags/")
    cards = {
        card.find_element(By.CSS_SELECTOR, ".card-title").text: card.find_element(By.CSS_SELECTOR, ".card-meta").text
        for card in browser.find_elements(By.CSS_SELECTOR, ".album-card")
    }
    assert cards == {"birds": "1 photo", "boats": "1 photo", "sea": "3 photos", "stone": "1 photo"}, cards
    covers = browser.find_elements(By.CSS_SELECTOR, ".album-card img:not(.gk-ph)")
    assert len(covers) == 4 and all(img.get_attribute("alt") for img in covers)
    assert axe_check(browser) == []

    browser.get(base + "tags/sea/")
    assert browser.find_element(By.CSS_SELECTOR, "h1").text == "sea"
    linked = sorted(a.get_attribute("href").removeprefix(base) for a in browser.find_elements(By.CSS_SELECTOR, ".card-link"))
    assert linked == ["coast/boat/", "coast/gull/", "coast/wall/"]
    assert axe_check(browser) == []


def test_a_photo_page_links_to_its_tags(tag_site, serve, browser, axe_check):
    base = serve(tag_site)
    browser.get(base + "coast/wall/")
    assert browser.find_element(By.CSS_SELECTOR, "h1").text == "Harbour wall"
    tags = browser.find_elements(By.CSS_SELECTOR, ".photo-tags a[rel=tag]")
    assert [a.text.lstrip("#") for a in tags] == ["sea", "stone"]
    assert axe_check(browser) == []
    # The photo page scrolls smoothly (to its details); WebDriver clicks where the link will be
    # only once it is there.
    browser.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", tags[1])
    tags[1].click()
    assert browser.current_url == base + "tags/stone/"
    assert [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, ".card-link")] == [
        base + "coast/wall/"
    ]


def test_tag_pages_are_valid_html(tag_site, nu_check):
    assert nu_check(tag_site / "tags") == []
