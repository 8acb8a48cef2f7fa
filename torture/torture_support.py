"""Helpers shared by the torture tests (imported by name, so unlike conftest.py it cannot be
confused with e2e/conftest.py when both suites run in one pytest invocation).

The server process, the raw-socket HTTP client and the content folder come from
``e2e/test_serve.py``, loaded under a name of its own so that its tests are not collected
twice. The build helpers (``build``, ``Process``, ``Run``), tree digests and photo makers
below are the torture suite's own.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


def _load_e2e_serve():
    name = "galleryc_e2e_serve"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, REPO_ROOT / "e2e" / "test_serve.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


e2e_serve = _load_e2e_serve()
Server = e2e_serve.Server
EventStream = e2e_serve.EventStream
make_content = e2e_serve.make_content
request = e2e_serve.request


def galleryc_path() -> Path:
    """``$GALLERYC`` if set, else the release build in the repository."""
    env = os.environ.get("GALLERYC")
    return Path(env) if env else REPO_ROOT / ".build" / "release" / "galleryc"


def proc_status(pid: int, field: str) -> int:
    """A number from /proc/<pid>/status, such as ``VmRSS`` (resident memory, KiB) or
    ``Threads``."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} in /proc/{pid}/status")


# --- running `galleryc build` and measuring it ----------------------------------------------------

# A build that takes longer than this is a hang, whatever the case.
HANG_SECONDS = 300
# Exit codes from 128 up are deaths by signal (or galleryc's own 130 for an interrupt, which
# only the interrupt tests send); a negative code from Python is a death by signal too.
CRASH_TEXTS = ("Fatal error", "Illegal instruction", "Segmentation fault", "Aborted",
               "Stack dump", "Trace/breakpoint trap", "Bus error", "AddressSanitizer")


@dataclass
class Run:
    """One finished galleryc process."""

    argv: list[str]
    cwd: Path
    returncode: int
    stdout: str
    stderr: str
    stderr_bytes: bytes
    seconds: float
    # The process's own peak resident memory (VmHWM, polled from /proc while it runs), in KiB.
    peak_rss_kib: int
    timed_out: bool = False

    @property
    def command(self) -> str:
        """The command line, to paste into a shell (from ``cwd``)."""
        return f"(cd {shlex.quote(str(self.cwd))} && " + " ".join(
            shlex.quote(a) for a in self.argv) + ")"

    def report(self) -> str:
        return (f"{self.command}\nexit {self.returncode} after {self.seconds:.1f} s, "
                f"peak RSS {self.peak_rss_kib / 1024:.0f} MiB\n--- stdout\n{self.stdout}"
                f"\n--- stderr\n{self.stderr[-6000:]}")

    def diagnostics(self, severity: str | None = None) -> list[str]:
        """stderr lines of the form `<place>: <severity>: <message>` (all severities, or one)."""
        wanted = severity or r"(?:error|warning|note)"
        return [line for line in self.stderr.splitlines()
                if re.search(rf"(?:^|: ){wanted}: ", line)]

    def assert_no_crash(self) -> None:
        """No death by signal, no hang, no runtime trap text: whatever the input, galleryc
        answers with an exit code and a message."""
        assert not self.timed_out, f"galleryc hung (killed after {self.seconds:.0f} s)\n{self.report()}"
        assert 0 <= self.returncode < 128, f"galleryc died (exit {self.returncode})\n{self.report()}"
        found = [t for t in CRASH_TEXTS if t in self.stderr]
        assert not found, f"galleryc printed {found} on stderr\n{self.report()}"


class Process:
    """A galleryc process (or one under strace) started now; stdout and stderr go to files, so
    a chatty process can never block on a full pipe.

    Peak memory is the high-water mark of the process's own address space (``VmHWM`` in
    /proc/<pid>/status), polled every 10 ms until it exits. Not ``wait4``'s ru_maxrss: Linux
    carries that over from before ``exec``, so it would report this Python process's size at
    the moment it started galleryc (vfork shares its memory) whenever that is larger."""

    def __init__(self, argv: list[str], cwd: Path, env: dict[str, str] | None = None,
                 stdin=subprocess.DEVNULL, pass_fds=()):
        self.argv = [str(a) for a in argv]
        self.cwd = Path(cwd)
        self._out = tempfile.TemporaryFile()
        self._err = tempfile.TemporaryFile()
        environment = dict(os.environ, NO_COLOR="1")
        environment.pop("GALLERYC_CACHE_DIR", None)
        environment.update(env or {})
        self.started = time.monotonic()
        self.proc = subprocess.Popen(self.argv, cwd=self.cwd, env=environment, stdin=stdin,
                                     stdout=self._out, stderr=self._err, pass_fds=pass_fds)
        self.pid = self.proc.pid
        # /proc/<pid>/status names the program once it has exec'd (before, it is this Python).
        self._name = Path(self.argv[0]).name[:15]
        self._result: Run | None = None

    def signal(self, number: int) -> None:
        if self._result is None and self.proc.returncode is None:
            try:
                os.kill(self.pid, number)
            except ProcessLookupError:
                pass

    def running(self) -> bool:
        """Still running (not yet exited; an exited but unreaped process counts as exited)."""
        return self._result is None and _state(self.pid) not in ("Z", "X", "?")

    def stderr_so_far(self) -> str:
        self._err.flush()
        with open(self._err.fileno(), "rb", closefd=False) as f:
            f.seek(0)
            return f.read().decode("utf-8", "replace")

    def wait(self, timeout: float = HANG_SECONDS) -> Run:
        if self._result is not None:
            return self._result
        deadline = self.started + timeout
        timed_out = False
        peak = 0
        while True:
            peak = max(peak, _status_kib(self.pid, "VmHWM", self._name))
            pid, status, usage = os.wait4(self.pid, os.WNOHANG)
            if pid == self.pid:
                break
            if time.monotonic() > deadline:
                timed_out = True
                os.kill(self.pid, signal.SIGKILL)
                pid, status, usage = os.wait4(self.pid, 0)
                break
            time.sleep(0.01)
        seconds = time.monotonic() - self.started
        code = os.waitstatus_to_exitcode(status)
        self.proc.returncode = code  # reaped here, not by Popen
        self._out.seek(0)
        self._err.seek(0)
        out, err = self._out.read(), self._err.read()
        self._out.close()
        self._err.close()
        self._result = Run(self.argv, self.cwd, code, out.decode("utf-8", "replace"),
                           err.decode("utf-8", "replace"), err, seconds, peak, timed_out)
        return self._result


def _status_kib(pid: int, field: str, name: str) -> int:
    """A KiB figure from /proc/<pid>/status while the process runs the program ``name``; 0
    before its exec, and once it is gone (or a zombie)."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
        if not lines or lines[0].split(None, 1)[-1] != name:
            return 0
        for line in lines:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "?"


def build(galleryc: Path, cwd: Path, content: Path | str, output: Path | str, *extra: str,
          cache: Path | str | None = None, timeout: float = HANG_SECONDS,
          env: dict[str, str] | None = None) -> Run:
    """``galleryc build <content> --output <output> [--cache-dir <cache>] [extra...]`` in
    ``cwd``, with ``NO_COLOR=1`` and no terminal; waits for it (a hang fails the test)."""
    argv = [str(galleryc), "build", str(content), "--output", str(output)]
    if cache is not None:
        argv += ["--cache-dir", str(cache)]
    return Process(argv + list(extra), cwd, env).wait(timeout)


def start_build(galleryc: Path, cwd: Path, content, output, *extra: str, cache=None,
                env: dict[str, str] | None = None, prefix: list[str] | None = None) -> Process:
    """``build`` without waiting; ``prefix`` runs it under another program (strace)."""
    argv = [*(prefix or []), str(galleryc), "build", str(content), "--output", str(output)]
    if cache is not None:
        argv += ["--cache-dir", str(cache)]
    return Process(argv + list(extra), cwd, env)


# --- trees of files --------------------------------------------------------------------------------


def tree_digest(root: Path) -> dict[str, str]:
    """Relative path -> SHA-256 of every file under ``root`` (symlinks recorded by target,
    FIFOs and other special files by kind), folders included as ``<path>/`` so that an
    empty folder left behind shows too. Paths are bytes decoded with surrogateescape, so
    names that are not UTF-8 are kept as they are."""
    digest: dict[str, str] = {}
    root = Path(root)
    for folder, folders, files in os.walk(root):
        base = Path(folder)
        for name in folders:
            path = base / name
            relative = path.relative_to(root).as_posix()
            if path.is_symlink():
                digest[relative] = "symlink:" + os.readlink(path)
            else:
                digest[relative + "/"] = "folder"
        for name in files:
            path = base / name
            relative = path.relative_to(root).as_posix()
            if path.is_symlink():
                digest[relative] = "symlink:" + os.readlink(path)
            elif path.is_file():
                digest[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                digest[relative] = "special"
    return digest


def files_only(digest: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in digest.items() if not k.endswith("/")}


def describe_difference(actual: dict[str, str], expected: dict[str, str], limit: int = 12) -> str:
    """Which files are missing, extra or different, for an assertion message."""
    missing = sorted(set(expected) - set(actual))
    extra = sorted(set(actual) - set(expected))
    changed = sorted(k for k in set(actual) & set(expected) if actual[k] != expected[k])
    parts = []
    for label, items in (("missing", missing), ("extra", extra), ("different", changed)):
        if items:
            shown = ", ".join(items[:limit]) + (f" ... (+{len(items) - limit})" if len(items) > limit else "")
            parts.append(f"{len(items)} {label}: {shown}")
    return "; ".join(parts) or "identical"


def leftovers_beside(output: Path) -> list[str]:
    """galleryc's staging and previous-site folders beside ``output`` (``public.galleryc-*``)."""
    parent = Path(output).parent
    prefix = Path(output).name + ".galleryc-"
    return sorted(name for name in os.listdir(parent) if name.startswith(prefix))


# --- photos ----------------------------------------------------------------------------------------


def photo_jpeg(seed: int, size: tuple[int, int], quality: int = 85, progressive: bool = False) -> bytes:
    """A small photo-like JPEG: a gradient sky, a horizon, a few shapes and some grain, all
    from ``seed``, so each one differs and compresses like a real picture (not a flat colour)."""
    from PIL import Image, ImageDraw, ImageFilter

    rng = random.Random(seed)
    width, height = size
    top = tuple(rng.randrange(40, 220) for _ in range(3))
    bottom = tuple(rng.randrange(0, 160) for _ in range(3))
    gradient = Image.linear_gradient("L").resize((width, height))
    image = Image.composite(Image.new("RGB", size, bottom), Image.new("RGB", size, top), gradient)
    draw = ImageDraw.Draw(image)
    horizon = rng.randrange(height // 3, height * 2 // 3)
    draw.rectangle((0, horizon, width, height),
                   fill=tuple(rng.randrange(0, 120) for _ in range(3)))
    for _ in range(rng.randrange(3, 9)):
        x, y = rng.randrange(width), rng.randrange(height)
        r = rng.randrange(4, max(5, min(width, height) // 4))
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randrange(256) for _ in range(3)))
    image = image.filter(ImageFilter.GaussianBlur(1.2))
    # Seeded grain (Image.effect_noise is not seeded): the same seed gives the same bytes.
    grain = Image.frombytes("L", size, rng.randbytes(width * height)).convert("RGB")
    image = Image.blend(image, grain, 0.06)
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=quality, progressive=progressive)
    return buffer.getvalue()


def exiftool() -> str:
    """The exiftool binary (Debian's libimage-exiftool-perl, a TEST_PACKAGES entry)."""
    found = shutil.which("exiftool")
    if found is None:
        import pytest

        pytest.fail("exiftool not found: run `make test-deps` (libimage-exiftool-perl)")
    return found


def add_gps(paths: list[Path], latitude: float = 43.123456, longitude: float = -4.654321) -> None:
    """Writes an EXIF GPS position (and a camera date) into each JPEG, in place, with exiftool."""
    if not paths:
        return
    subprocess.run(
        [exiftool(), "-q", "-overwrite_original", f"-GPSLatitude={abs(latitude)}",
         f"-GPSLatitudeRef={'N' if latitude >= 0 else 'S'}", f"-GPSLongitude={abs(longitude)}",
         f"-GPSLongitudeRef={'E' if longitude >= 0 else 'W'}",
         "-DateTimeOriginal=2024:05:01 10:00:00", *map(str, paths)],
        check=True, capture_output=True, timeout=120)


def small_site(root: Path, photos: int = 3, widths: str = "[320, 640]", alt: bool = True) -> Path:
    """``root/content``: a home page, an about page and an album of ``photos`` JPEGs, each with
    a sidecar (alt text) unless ``alt`` is false. Returns the content folder."""
    content = root / "content"
    album = content / "trip"
    album.mkdir(parents=True)
    (content / "site.yml").write_text(
        f"title: Torture test\nlanguage: en\nbase_url: https://example.org/\n"
        f"images:\n  widths: {widths}\n")
    (content / "index.md").write_text("---\ntitle: Home\n---\n\nThe home page.\n")
    (content / "about.md").write_text("---\ntitle: About\n---\n\nAbout this site.\n")
    (album / "index.md").write_text("---\ntitle: Trip\ndate: 2024-05-01\n---\n\nA trip.\n")
    for index in range(photos):
        (album / f"photo-{index}.jpg").write_bytes(photo_jpeg(index, (480 + 40 * index, 360)))
        if alt:
            (album / f"photo-{index}.md").write_text(f"---\nalt: Photo number {index}.\n---\n")
    return content


# --- measurements shown at the end of the run ------------------------------------------------------

# section -> lines; conftest.py prints them in the terminal summary (`make torture` shows them).
MEASUREMENTS: dict[str, list[str]] = {}


def record(section: str, line: str) -> None:
    """Keeps a measured number (time, memory) for the summary at the end of the run."""
    MEASUREMENTS.setdefault(section, []).append(line)
