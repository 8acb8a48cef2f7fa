"""Private albums (issue 24): an album with `password_env:` is published sealed.

Nothing of it is readable without the password: every published byte is searched for its
words, its file names and its pictures; PyPI's `cryptography` decrypts what was published
from the password alone and gets the renditions back byte for byte; in Chromium the right
password opens the album, the viewer and a clip, a wrong one says so, a changed byte is
refused, the key lasts the browser session and no longer; two builds give the same bytes and
a new password changes every ciphertext of the album and nothing else.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import time
import zipfile
from pathlib import Path

import pytest
from conftest import tree_digest
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC
from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

pytestmark = [pytest.mark.e2e]

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "Tests/Fixtures/corpus/exif-orientation"
PASSWORD = "correct horse battery"
# The protected album's words, file names and metadata: none may be found in the site.
SECRETS = [
    "Zanzibar", "Quillfeather", "Ottoline", "Marzipan", "Vellichor", "BrideKissing", "RingsMoment",
    "FirstDanceClip", "Quokka", "Hasselblad", "Nightjar",
]  # fmt: skip
POLICY = "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:"
MAGIC = [b"\xff\xd8\xff", b"\x89PNG", b"RIFF", b"GIF8", b"\x00\x00\x00\x18ftyp", b"\x00\x00\x00\x1cftyp",
         b"\x00\x00\x00\x20ftyp", b"\x1aE\xdf\xa3", b"PK\x03\x04"]  # fmt: skip


def make_content(root: Path, password: bool = True) -> Path:
    """A public album and the protected `wedding/` (with a sub-album, a clip and a ZIP)."""
    (root / "harbour").mkdir(parents=True)
    shutil.copy(CORPUS / "Landscape_1.jpg", root / "harbour/boats.jpg")
    (root / "harbour/boats.md").write_text("---\nalt: Boats in a harbour\ntags: [sea]\n---\n")
    (root / "site.yml").write_text(
        "title: Test site\nbase_url: https://example.org/\ntags: true\n"
        "privacy:\n  publish_originals: true\nviewer:\n  slideshow_seconds: 1\n"
    )
    wedding = root / "wedding"
    (wedding / "Quokka-Party").mkdir(parents=True)
    front = "password_env: WEDDING_PW\n" if password else ""
    (wedding / "index.md").write_text(
        f"---\ntitle: Smith Zanzibar Wedding\n{front}downloads: {{zip: true}}\ncover: BrideKissing.jpg\n---\n"
        "The vows at the Ottoline lodge.\n"
    )
    for name, source in [("BrideKissing.jpg", "Portrait_6.jpg"), ("RingsMoment.jpg", "Landscape_3.jpg")]:
        shutil.copy(CORPUS / source, wedding / name)
        subprocess.run(
            ["exiftool", "-q", "-overwrite_original", "-Make=Hasselblad", "-Artist=Quillfeather",
             "-XMP-dc:Subject=Marzipan", "-IPTC:Keywords=Marzipan", "-GPSLatitude=48.8584",
             "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E", str(wedding / name)],
            check=True,
        )  # fmt: skip
    (wedding / "BrideKissing.md").write_text(
        "---\ntitle: Exchange of Vellichor rings\nalt: The Nightjar moment\n---\nBy Quillfeather.\n"
    )
    subprocess.run(
        ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=1",
         "-pix_fmt", "yuv420p", "-metadata", "title=Zanzibar", str(wedding / "FirstDanceClip.mp4")],
        check=True,
    )  # fmt: skip
    shutil.copy(CORPUS / "Landscape_1.jpg", wedding / "Quokka-Party/cake.jpg")
    return root


def build(galleryc: Path, content: Path, output: Path, cache: Path, password: str | None = PASSWORD,
          *extra: str) -> subprocess.CompletedProcess:  # fmt: skip
    env = dict(os.environ, NO_COLOR="1")
    env.pop("WEDDING_PW", None)
    if password is not None:
        env["WEDDING_PW"] = password
    return subprocess.run(
        [str(galleryc), "build", str(content), "--output", str(output), "--cache-dir", str(cache), *extra],
        env=env, capture_output=True, text=True, timeout=300, cwd=output.parent,
    )  # fmt: skip


def files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def key_of(lock_page: str, password: str = PASSWORD) -> bytes:
    salt = base64.b64decode(re.search(r'data-salt="([^"]+)"', lock_page).group(1))
    iterations = int(re.search(r'data-iterations="(\d+)"', lock_page).group(1))
    assert iterations >= 600_000
    kdf = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32, salt=salt, iterations=iterations)
    return kdf.derive(password.encode())


def open_sealed(key: bytes, data: bytes) -> bytes:
    return AESGCM(key).decrypt(data[:12], data[12:], None)


def payload_of(lock_page: str, key: bytes) -> dict:
    sealed = re.search(r"data-gk-sealed>([^<]+)<", lock_page).group(1)
    return json.loads(open_sealed(key, base64.b64decode(sealed)))


@pytest.fixture(scope="module")
def sites(galleryc, tmp_path_factory) -> dict[str, Path]:
    """The site with the protected album; the same content without it; the same content with
    the album public. All share one cache."""
    work = tmp_path_factory.mktemp("private")
    cache = work / "cache"
    out = {}
    content = make_content(work / "content")
    result = build(galleryc, content, work / "sealed", cache)
    assert result.returncode == 0, result.stderr
    out["sealed"] = work / "sealed"
    public = make_content(work / "content-public", password=False)
    result = build(galleryc, public, work / "public", cache, None)
    assert result.returncode == 0, result.stderr
    out["public"] = work / "public"
    without = make_content(work / "content-without")
    shutil.rmtree(without / "wedding")
    result = build(galleryc, without, work / "without", cache, None)
    assert result.returncode == 0, result.stderr
    out["without"] = work / "without"
    out["content"], out["cache"], out["work"] = content, cache, work
    return out


def test_the_lock_pages_are_valid_html(sites, nu_check, tmp_path):
    pages = tmp_path / "pages"
    shutil.copytree(sites["sealed"] / "wedding", pages)
    assert nu_check(pages) == []


def test_nothing_of_the_album_is_published(sites):
    site = files(sites["sealed"])
    without = files(sites["without"])
    for path, data in site.items():
        for word in SECRETS:
            assert word.lower().encode() not in data.lower(), f"{word!r} is in {path}"
    sealed = [p for p in site if p.startswith("_sealed/")]
    assert len(sealed) > 20, sealed
    for path in sealed:
        assert not any(site[path].startswith(m) for m in MAGIC), f"{path} is not ciphertext"
    # Every picture, clip or archive published in the clear is one the site without the
    # album publishes too, byte for byte.
    for path, data in site.items():
        if path.startswith("_sealed/") or not any(data.startswith(m) for m in MAGIC):
            continue
        assert without.get(path) == data, f"{path} is a picture that only the protected album has"
    # The same for the inline placeholders of every page.
    inline = set(re.findall(rb"data:image/[^\"')]+", b"".join(without.values())))
    for path, data in site.items():
        for uri in re.findall(rb"data:image/[^\"')]+", data):
            assert uri in inline, f"{path} has an inline picture of the protected album"
    for listing in ["sitemap.xml", "feed.xml", "tags/index.html"]:
        assert b"wedding" not in site[listing], listing
    index = site["index.html"].decode()
    assert 'class="card album-card is-locked"' in index and "Private album" in index
    assert "og:image" not in site["wedding/index.html"].decode()
    assert 'name="robots" content="noindex"' in site["wedding/index.html"].decode()
    for page in ["wedding/index.html", "wedding/1/index.html", "wedding/a1/index.html"]:
        assert "data-gk-sealed" in site[page].decode(), page
    assert not any(p.startswith("tags/marzipan") for p in site)


def test_the_password_alone_decrypts_the_renditions_byte_for_byte(sites):
    site = files(sites["sealed"])
    key = key_of(site["wedding/index.html"].decode())
    with pytest.raises(InvalidTag):
        open_sealed(key_of(site["wedding/index.html"].decode(), "Correct horse battery"), site["_sealed/" + next(
            p[8:] for p in site if p.startswith("_sealed/"))])
    payload = payload_of(site["wedding/index.html"].decode(), key)
    assert "Smith Zanzibar Wedding" in payload["html"] and "Ottoline" in payload["html"]
    assert payload["css"], "the album page's own stylesheet is sealed with it"
    # A photo's words are in its sealed page: its tags as words, no tag page.
    photo = payload_of(site["wedding/1/index.html"].decode(), key)["html"]
    assert "Vellichor" in photo and "<span>Marzipan</span>" in photo and "/tags/marzipan/" not in photo
    decrypted = {hashlib.sha256(open_sealed(key, data)).hexdigest() for p, data in site.items() if p.startswith("_sealed/")}
    public, without = files(sites["public"]), files(sites["without"])
    album_files = {
        hashlib.sha256(data).hexdigest()
        for p, data in public.items()
        if p not in without and not p.endswith(".html") and not p.endswith(".css") and any(data.startswith(m) for m in MAGIC)
    }
    assert album_files and album_files == decrypted
    # Every sealed address the pages name decrypts, and names the right kind of file.
    kinds = set()
    for page in [p for p in site if p.startswith("wedding/") and p.endswith("index.html")]:
        html = payload_of(site[page].decode(), key)["html"]
        for url in re.findall(r'(?:data-gk-src|data-gk-poster|href)="(/_sealed/[0-9a-f]+)"', html) + [
            u.split()[0] for s in re.findall(r'data-gk-srcset="([^"]+)"', html) for u in s.split(", ")
        ]:
            plain = open_sealed(key, site[url[1:]])
            kinds.add(next((m for m in MAGIC if plain.startswith(m)), b"?")[:4])
    assert {b"\xff\xd8\xff", b"RIFF", b"PK\x03\x04"} <= kinds, kinds


def test_builds_are_reproducible_and_a_new_password_reseals_only_the_album(galleryc, sites):
    work = sites["work"]
    again = work / "again"
    result = build(galleryc, sites["content"], again, sites["cache"])
    assert result.returncode == 0, result.stderr
    assert tree_digest(again) == tree_digest(sites["sealed"])
    changed = work / "changed"
    result = build(galleryc, sites["content"], changed, sites["cache"], "a new password")
    assert result.returncode == 0, result.stderr
    before, after = tree_digest(sites["sealed"]), tree_digest(changed)
    differing = {p for p in set(before) | set(after) if before.get(p) != after.get(p)}
    assert differing, "a new password changed nothing"
    for path in differing:
        assert path.startswith("_sealed/") or path.startswith("wedding/"), path
    assert not set(before).intersection(p for p in after if p.startswith("_sealed/"))
    for path in [p for p in after if p.startswith("wedding/")]:
        assert path in differing, f"{path} is the same under a new password"


def test_a_missing_password_publishes_nothing_of_the_album(galleryc, sites, tmp_path):
    result = build(galleryc, sites["content"], tmp_path / "out", tmp_path / "cache", None)
    assert result.returncode != 0
    assert "wedding/index.md:3:" in result.stderr and "WEDDING_PW is not set" in result.stderr
    assert not (tmp_path / "out").exists()
    # --keep-going publishes the rest (and still exits 1: an error was left out).
    result = build(galleryc, sites["content"], tmp_path / "out", tmp_path / "cache", None, "--keep-going")
    assert result.returncode == 1 and (tmp_path / "out/harbour/index.html").exists(), result.stderr
    assert not (tmp_path / "out/wedding").exists()
    assert not any((tmp_path / "out").rglob("_sealed"))


# --- In Chromium -------------------------------------------------------------------------------


def _unlock(driver, password: str) -> None:
    field = driver.find_element(By.ID, "gk-password")
    field.clear()
    field.send_keys(password)
    driver.find_element(By.CSS_SELECTOR, ".gk-locked-button").click()


def _wait(driver, script: str, seconds: float = 15) -> object:
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.1)
    return driver.execute_script(script)


LISTENER = (
    "window.__csp = [];"
    "document.addEventListener('securitypolicyviolation', e => window.__csp.push("
    "e.violatedDirective + ' ' + (e.blockedURI || 'inline')));"
)


@pytest.mark.browser
def test_the_browser_opens_the_album_with_the_password_only(sites, serve, browser, axe_check, tmp_path):
    added = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": LISTENER})
    try:
        base = serve(sites["sealed"], {"Content-Security-Policy": POLICY})
        browser.get(base + "wedding/")
        assert browser.find_element(By.ID, "gk-password").is_displayed()
        assert axe_check(browser) == []
        _unlock(browser, "wrong password")
        assert _wait(browser, "return document.querySelector('[data-gk-status]').textContent.includes('Wrong')")
        assert browser.execute_script("return sessionStorage.length") == 0
        _unlock(browser, PASSWORD)
        assert _wait(browser, "return document.querySelector('h1') && document.querySelector('h1').textContent.includes('Zanzibar')")
        assert "Smith Zanzibar Wedding" in browser.title
        shown = _wait(
            browser,
            "const i = [...document.querySelectorAll('.gk-grid img:not(.gk-ph)')];"
            "return i.length >= 2 && i.every(x => x.complete && x.naturalWidth > 0 && x.src.startsWith('blob:'));",
        )
        assert shown, browser.execute_script("return [...document.images].map(i => i.src.slice(0, 40) + ' ' + i.naturalWidth)")
        assert browser.execute_script("return sessionStorage.length") == 1
        assert axe_check(browser) == []
        # A photo page opens at once with the session's key; its viewer shows the photo.
        browser.get(base + "wedding/1/")
        assert _wait(browser, "const i = document.querySelector('[data-viewer-image]'); return i && i.complete && i.naturalWidth > 0")
        assert "Vellichor" in browser.title or "Vellichor" in browser.find_element(By.TAG_NAME, "h1").text
        # The viewer pages in place (no navigation) to the next photo, a clip: sealed.js opens
        # the neighbour's lock page and its clip.
        browser.execute_script("window.__same = true")
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        assert _wait(
            browser,
            "const v = document.querySelector('[data-viewer-stage] video');"
            "return location.pathname.endsWith('/wedding/2/') && window.__same === true && !!v && v.currentSrc.startsWith('blob:')",
        )
        browser.get(base + "wedding/1/")
        assert _wait(browser, "const i = document.querySelector('[data-viewer-image]'); return i && i.complete && i.naturalWidth > 0")
        # Zoom asks for the largest rendition, decrypted then.
        before = browser.execute_script("return document.querySelector('[data-viewer-image]').naturalWidth")
        largest = browser.execute_script(
            "return Math.max(...document.querySelector('[data-viewer-image]').getAttribute('data-gk-srcset')"
            ".split(',').map(c => parseInt(c.trim().split(/\\s+/)[1], 10)))")
        assert before < largest, (before, largest)
        browser.find_element(By.CSS_SELECTOR, '[data-viewer-action="zoom"]').click()
        assert _wait(browser, f"return document.querySelector('[data-viewer-image]').naturalWidth === {largest}")
        # The slideshow goes on to the next photo in place.
        browser.get(base + "wedding/1/")
        browser.execute_script("window.__same = true")
        _wait(browser, "const i = document.querySelector('[data-viewer-image]'); return i && i.complete && i.naturalWidth > 0")
        browser.find_element(By.CSS_SELECTOR, '[data-viewer-action="play"]').click()
        assert _wait(browser, "return location.pathname.endsWith('/wedding/2/') && window.__same === true")
        browser.get(base + "wedding/1/")
        # Reload keeps the session.
        browser.refresh()
        assert _wait(browser, "return !document.querySelector('[data-gk-locked]') && !!document.querySelector('[data-viewer]')")
        # The clip plays from its decrypted bytes.
        clip = next(
            url for url in [base + f"wedding/{n}/" for n in (1, 2, 3)]
            if (browser.get(url) or True) and _wait(browser, "return !!document.querySelector('video')", 5)
        )
        assert clip
        assert _wait(browser, "const v = document.querySelector('video'); return v && v.readyState >= 1 && v.currentSrc.startsWith('blob:')")
        assert browser.execute_script("return window.__csp") == []
        # The album's ZIP downloads decrypted, under its own name, with the photos' names.
        downloads = tmp_path / "downloads"
        downloads.mkdir()
        browser.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
        browser.get(base + "wedding/")
        link = browser.find_element(By.CSS_SELECTOR, ".album-download a")
        assert link.get_attribute("data-gk-file").endswith(".zip")
        link.click()
        deadline = time.time() + 15
        while time.time() < deadline and not any(p.suffix == ".zip" for p in downloads.iterdir()):
            time.sleep(0.1)
        archive = next(p for p in downloads.iterdir() if p.suffix == ".zip")
        with zipfile.ZipFile(archive) as opened:
            assert {"BrideKissing.jpg", "RingsMoment.jpg"} <= set(opened.namelist()), opened.namelist()
        # A new browser session (a new tab) asks again.
        first = browser.current_window_handle
        browser.switch_to.new_window("tab")
        browser.get(base + "wedding/")
        assert _wait(browser, "return !!document.querySelector('#gk-password') && !document.querySelector('#gk-password').closest('[hidden]')")
        browser.close()
        browser.switch_to.window(first)
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]})


@pytest.mark.browser
def test_a_changed_byte_is_refused(sites, serve, browser, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(sites["sealed"], site)
    key = key_of((site / "wedding/index.html").read_text())
    html = payload_of((site / "wedding/index.html").read_text(), key)["html"]
    # The first tile's renditions, every one of them, each with one byte flipped.
    first = re.search(r'data-gk-srcset="([^"]+)"', html).group(1)
    for url in [u.split()[0] for u in first.split(", ")]:
        path = site / url.lstrip("/")
        data = bytearray(path.read_bytes())
        data[len(data) // 2] ^= 1
        path.write_bytes(bytes(data))
    base = serve(site)
    browser.get(base + "wedding/")
    _unlock(browser, PASSWORD)
    state = _wait(
        browser,
        "const f = [...document.querySelectorAll('.gk-grid [data-blurup]')];"
        "return f.length >= 2 && f.every(x => x.classList.contains('is-loaded') || x.classList.contains('is-error'))"
        " && f.map(x => x.classList.contains('is-error'));",
    )
    assert state and state.count(True) == 1, state
    assert browser.execute_script(
        "return [...document.querySelectorAll('.is-error img:not(.gk-ph)')].every(i => !i.naturalWidth)"
    )


# --- galleryc serve --------------------------------------------------------------------------------


def _serve(galleryc: Path, content: Path, output: Path, *extra: str) -> tuple[subprocess.Popen, int]:
    env = dict(os.environ, NO_COLOR="1", WEDDING_PW=PASSWORD)
    proc = subprocess.Popen(
        [str(galleryc), "serve", str(content), "--port", "0", "--output", str(output), *extra],
        cwd=output.parent, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    port, lines = 0, []
    deadline = time.time() + 120
    while time.time() < deadline:
        line = proc.stderr.readline()
        lines.append(line)
        if m := re.search(r"Serving http://127\.0\.0\.1:(\d+)/", line):
            port = int(m.group(1))
        if port and line.startswith("Built "):
            return proc, port
        if not line and proc.poll() is not None:
            break
    proc.kill()
    raise AssertionError("".join(lines))


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.mark.browser
def test_serve_asks_for_the_password_and_unlock_opens_without_it(galleryc, sites, browser, tmp_path):
    output = tmp_path / "public"
    proc, port = _serve(galleryc, sites["content"], output)
    try:
        browser.get(f"http://127.0.0.1:{port}/wedding/")
        assert browser.find_element(By.ID, "gk-password").is_displayed()
        _unlock(browser, PASSWORD)
        assert _wait(browser, "return document.querySelector('h1').textContent.includes('Zanzibar')")
    finally:
        _stop(proc)
    unlocked = re.compile(r"data-gk-locked[^>]*data-key=")
    assert not unlocked.search((output / "wedding/index.html").read_text())
    # --unlock: opened at once, and the output folder is not what it serves.
    before = tree_digest(output)
    proc, port = _serve(galleryc, sites["content"], output, "--unlock")
    try:
        browser.get(f"http://127.0.0.1:{port}/wedding/")
        assert _wait(browser, "return !!document.querySelector('h1') && document.querySelector('h1').textContent.includes('Zanzibar')")
        assert browser.execute_script("return sessionStorage.length") == 0
    finally:
        _stop(proc)
    assert tree_digest(output) == before
    assert not any(unlocked.search(p.read_text()) for p in output.rglob("*.html"))
    # The preview's pages, handed back to the cache folder, never reach a published build.
    result = build(galleryc, sites["content"], tmp_path / "after", tmp_path / ".galleryc/cache")
    assert result.returncode == 0, result.stderr
    assert not any(unlocked.search(p.read_text()) for p in (tmp_path / "after").rglob("*.html"))
