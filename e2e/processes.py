"""What /proc says about galleryc's processes: for the tests that check that no ffmpeg or
ffprobe outlives a build (each runs in a process group of its own, so it is found by its
parent, not by galleryc's group)."""

from __future__ import annotations

from pathlib import Path


def stat(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command name: state, ppid, pgrp, ...; None
    once the process is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def comm(pid: int) -> str:
    """The process's command name (`ffmpeg`), or "" once it is gone."""
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def running(pid: int) -> bool:
    """True while ``pid`` is a live process (a zombie has ended; its parent has not reaped it)."""
    fields = stat(pid)
    return fields is not None and fields[0] != "Z"


def processes() -> dict[int, list[str]]:
    """Every process's ``stat`` fields, by pid."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := stat(int(entry.name))) is not None:
            found[int(entry.name)] = fields
    return found


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    return [child for child, fields in processes().items() if int(fields[1]) == pid]


def descendants(root: int) -> list[int]:
    """Every process below ``root``."""
    table = processes()
    below: dict[int, list[int]] = {}
    for pid, fields in table.items():
        below.setdefault(int(fields[1]), []).append(pid)
    found, todo = [], [root]
    while todo:
        for child in below.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def live_in_groups(groups: set[int]) -> list[str]:
    """Live (not zombie) processes in any of the process groups ``groups``, described."""
    return [f"{pid} {comm(pid)} (group {fields[2]}, state {fields[0]})"
            for pid, fields in processes().items() if int(fields[2]) in groups and fields[0] != "Z"]
