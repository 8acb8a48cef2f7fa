"""A strict Content-Security-Policy in a real browser: every published page of the demo site,
of the layout fixture and the album pages of the sigal-shaped fixture, served with `default-src 'self'; img-src 'self' data:`, reports no
violation and lays out exactly as it does without the header.

Violations are collected by a `securitypolicyviolation` listener that the browser installs
before any page script runs (CDP Page.addScriptToEvaluateOnNewDocument, which the page's
policy does not govern); a page made to break the policy checks that the listener sees it.
Boxes are compared under reduced motion, so no enter transition or Ken Burns pass moves them.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from conftest import run_build, set_reduced_motion
from layout_fixture import make_site
from sigal_fixture import make_sigal_site
from sweeps import split

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

# The header the README recommends to hosts.
POLICY = "default-src 'self'; img-src 'self' data:"

LISTENER = (
    "window.__csp = [];"
    "document.addEventListener('securitypolicyviolation', e => window.__csp.push("
    "e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' + (e.sample || '')));"
)

# Boxes and classes, less the loading state (is-loaded, is-error, and the loading dots shown
# until a photo arrives): whether a lazy slide off the screen has arrived yet is timing, not
# layout. So are the neighbours the viewer puts beside its stage once the photo has loaded.
BOXES_JS = """
const out = [];
const state = /(^| )is-(loaded|error)(?= |$)/g;
for (const e of document.querySelectorAll('body *')) {
  if (!e.getClientRects().length || e.closest('.gk-loading, .gk-loading-text, .viewer-side')) continue;
  const r = e.getBoundingClientRect();
  out.push([e.tagName, String(e.className).replace(state, '').trim(), Math.round(r.left * 4) / 4, Math.round((r.top + scrollY) * 4) / 4,
            Math.round(r.width * 4) / 4, Math.round(r.height * 4) / 4]);
}
const frames = [...document.querySelectorAll('[data-blurup]:not(.viewer-side *)')].map(f => {
  const ph = f.querySelector(':scope > img.gk-ph');
  return ph ? (ph.complete && ph.naturalWidth > 0 ? 'shown ' : 'blocked ') + ph.getAttribute('src').slice(0, 16) : 'none';
});
return {boxes: out, frames: frames};
"""


@pytest.fixture(scope="session")
def csp_layout_site(galleryc, tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("csp-layouts")
    content = make_site(work / "content")
    return run_build(galleryc, content, work / "public", work).check()


@pytest.fixture(scope="session")
def csp_sigal_site(galleryc, tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("csp-sigal")
    content = make_sigal_site(work / "content")
    return run_build(galleryc, content, work / "public", work).check()


@pytest.fixture
def listening(browser):
    """The browser with the violation listener installed on every new document, and reduced
    motion, so that no animation moves a box between the two loads that are compared."""
    set_reduced_motion(browser, True)
    added = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": LISTENER})
    yield browser
    browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]})


def _load(driver, url: str) -> dict:
    driver.get(url)
    deadline = time.time() + 10
    while time.time() < deadline and driver.execute_script(
        "return [...document.images].some(i => i.loading !== 'lazy' && !i.complete)"
    ):
        time.sleep(0.1)
    time.sleep(0.3)
    state = driver.execute_script(BOXES_JS)
    state["violations"] = driver.execute_script("return window.__csp || null")
    return state


def test_the_listener_sees_a_broken_policy(tmp_path, serve, listening):
    page = tmp_path / "index.html"
    page.write_text(
        '<!doctype html><html lang="en"><title>x</title>'
        '<p style="color: red">inline style</p><script>document.title = "ran";</script>'
    )
    base = serve(tmp_path, headers={"Content-Security-Policy": POLICY})
    state = _load(listening, base)
    assert state["violations"] is not None, "the listener did not run"
    assert any(v.startswith("style-src") for v in state["violations"]), state["violations"]
    assert any(v.startswith("script-src") for v in state["violations"]), state["violations"]


def _pages(site: Path) -> list[str]:
    return sorted(
        p.parent.relative_to(site).as_posix() + "/" if p.name == "index.html" else p.relative_to(site).as_posix()
        for p in site.rglob("*.html")
    )


@pytest.mark.parametrize("site_name", split(["demo", "layouts", "sigal"], kept=("demo",)))
def test_every_page_works_unchanged_under_a_strict_policy(request, serve, listening, site_name):
    # Only the site of this case is built: `make test` runs the demo alone.
    fixture = {"demo": "demo_build", "layouts": "csp_layout_site", "sigal": "csp_sigal_site"}[site_name]
    site = request.getfixturevalue(fixture)
    if site_name == "demo":
        site = site.check()
    pages = [p.removeprefix("./") for p in _pages(site)]
    if site_name == "sigal":
        # The pages this theme's header, folds and grids change: home, albums, tags.
        pages = [p for p in pages if "index.html" not in p and (p.count("/") <= 1 or p.startswith("tags/"))]
    if site_name == "layouts":
        # Every album page and one photo page of each album.
        pages = [p for p in pages if p.count("/") <= 1 or p.endswith("00/")]
    strict = serve(site, headers={"Content-Security-Policy": POLICY})
    open_ = serve(site)
    problems = []
    for page in pages:
        with_policy = _load(listening, strict + page)
        without = _load(listening, open_ + page)
        if with_policy["violations"] is None:
            problems.append(f"/{page}: the violation listener did not run")
        elif with_policy["violations"]:
            problems.append(f"/{page}: {len(with_policy['violations'])} violations: {with_policy['violations'][:3]}")
        if with_policy["boxes"] != without["boxes"]:
            changed = [
                (a, b) for a, b in zip(with_policy["boxes"], without["boxes"]) if a != b
            ][:2]
            problems.append(f"/{page}: different layout under the policy: {changed}")
        if with_policy["frames"] != without["frames"]:
            problems.append(f"/{page}: placeholders differ under the policy")
        if any(not f.startswith("shown data:image/") for f in with_policy["frames"]):
            problems.append(f"/{page}: a frame without its placeholder: {with_policy['frames'][:3]}")
    print(f"\n{site_name}: {len(pages)} pages under {POLICY!r}")
    assert problems == [], "\n".join(problems[:20])
