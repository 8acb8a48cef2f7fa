"""Helpers shared by the torture tests (imported by name, so unlike conftest.py it cannot be
confused with e2e/conftest.py when both suites run in one pytest invocation).

The server process, the raw-socket HTTP client and the content folder come from
``e2e/test_serve.py``, loaded under a name of its own so that its tests are not collected
twice.
"""

from __future__ import annotations

import importlib.util
import os
import sys
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
