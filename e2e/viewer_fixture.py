"""A site for the photo viewer's browser tests, made here with Pillow: one album of photos of
the shapes a viewer must fit (landscape, portrait, a 4:1 panorama, a 1:3 tall photo, a square)
and a photo only 100 px wide, which must never be drawn wider than its own pixels. The
slideshow is set to one second so that its test is quick."""

from __future__ import annotations

from pathlib import Path

from layout_fixture import photo, sidecar

# (file name, width / height, long side in pixels), in album order (sort: name).
SHAPES = [
    ("a-landscape", 1.5, 2400),
    ("b-portrait", 2 / 3, 2400),
    ("c-panorama", 4.0, 3200),
    ("d-tall", 1 / 3, 2400),
    ("e-square", 1.0, 1600),
    ("f-tiny", 1.5, 100),
]


def make_viewer_site(content: Path) -> Path:
    """Writes the content folder and returns it."""
    album = content / "shapes"
    album.mkdir(parents=True)
    (content / "site.yml").write_text("title: Viewer fixture\nviewer:\n  slideshow_seconds: 1\n")
    (content / "index.md").write_text("---\ntitle: Home\n---\n\nShapes.\n")
    (album / "index.md").write_text("---\ntitle: Shapes\ndate: 2024-05-01\nsort: name\n---\n")
    for index, (name, aspect, long_side) in enumerate(SHAPES):
        photo(album / f"{name}.jpg", aspect, index, long_side=long_side)
        sidecar(album / f"{name}.md", f"Shape {index}, {aspect:.2f} to 1", f"Shape {name}")
    return content
