"""A site of photos with the aspect ratios the album layouts must handle, made here with Pillow
(the tests never need ../shared/corpus): a justified album (the default layout) with panoramas,
very tall photos and everything between, a `layout: grid` album, a `layout: story` album and an
album with a hero slider. Shared by the layout, CSP and image-size tests."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

# Width / height of each photo of the justified album, in order: the common camera ratios,
# a 6:1 and a 3:1 panorama, a 1:3 and a 1:2 portrait.
ROW_ASPECTS = [
    1.5, 2 / 3, 1.5, 4 / 3, 1.0, 16 / 9, 6.0, 1.5, 1 / 3, 1.5, 1.5, 3 / 4,
    2 / 3, 1.5, 3.0, 1.5, 4 / 3, 1 / 2, 1.5, 1.25, 2 / 3, 1.5, 16 / 9, 1.0,
    1.5, 4 / 5, 1.5, 1.5, 2 / 3, 4 / 3, 1.5, 1.5, 9 / 16, 1.5, 2.0, 1.5,
]
# The photos of the album with a title (its tile shows it over the photo).
TITLED = {3, 14, 20}


def photo(path: Path, aspect: float, index: int, long_side: int = 1600) -> tuple[int, int]:
    """A photo with texture (so it compresses like a photo, not like a flat colour) and a bright
    disc where its subject is."""
    if aspect >= 1:
        size = (long_side, max(16, round(long_side / aspect)))
    else:
        size = (max(16, round(long_side * aspect)), long_side)
    hue = (index * 47) % 255
    base = (60 + hue // 3, 80 + (hue * 7) % 120, 140 - hue // 4)
    image = Image.new("RGB", size, base)
    draw = ImageDraw.Draw(image)
    step = max(8, min(size) // 24)
    for y in range(0, size[1], step):
        for x in range(0, size[0], step):
            shade = ((x * 13 + y * 7 + index * 31) % 61) - 30
            draw.rectangle(
                (x, y, x + step, y + step),
                fill=tuple(max(0, min(255, c + shade)) for c in base),
            )
    image = image.filter(ImageFilter.GaussianBlur(step / 3))
    draw = ImageDraw.Draw(image)
    cx, cy = size[0] * (0.25 + 0.5 * ((index * 37) % 10) / 10), size[1] * 0.4
    r = min(size) // 6
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(250, 215, 60))
    image.save(path, quality=88)
    return size


def sidecar(path: Path, alt: str, title: str | None = None) -> None:
    text = "---\n" + (f"title: {title}\n" if title else "") + f"alt: {alt}\n---\n"
    path.write_text(text)


def make_site(content: Path) -> Path:
    """Writes the content folder and returns it."""
    (content / "rows").mkdir(parents=True)
    (content / "uniform").mkdir()
    (content / "essay").mkdir()
    (content / "highlights").mkdir()
    (content / "site.yml").write_text("title: Layout fixture\n")
    (content / "index.md").write_text("---\ntitle: Home\n---\n\nLayouts.\n")
    (content / "rows" / "index.md").write_text(
        "---\ntitle: Rows\ndate: 2024-05-01\nsort: name\n---\n\nEvery ratio, in justified rows.\n"
    )
    for index, aspect in enumerate(ROW_ASPECTS):
        name = f"p{index:02d}"
        photo(content / "rows" / f"{name}.jpg", aspect, index)
        sidecar(
            content / "rows" / f"{name}.md",
            f"Test photo {index}, {aspect:.2f} to 1",
            f"Titled photo {index}" if index in TITLED else None,
        )
    (content / "uniform" / "index.md").write_text(
        "---\ntitle: Uniform\ndate: 2024-04-01\nlayout: grid\nsort: name\n---\n"
    )
    for index, aspect in enumerate([1.5, 2 / 3, 6.0, 1 / 3, 1.0, 16 / 9, 4 / 3]):
        name = f"u{index:02d}"
        photo(content / "uniform" / f"{name}.jpg", aspect, index + 50, long_side=1200)
        sidecar(content / "uniform" / f"{name}.md", f"Uniform photo {index}")
    (content / "essay" / "index.md").write_text(
        "---\ntitle: Essay\ndate: 2024-03-01\nlayout: story\nsort: name\n---\n"
    )
    for index, aspect in enumerate([1.5, 2 / 3, 16 / 9]):
        name = f"s{index:02d}"
        photo(content / "essay" / f"{name}.jpg", aspect, index + 70, long_side=1400)
        sidecar(content / "essay" / f"{name}.md", f"Story photo {index}", f"Story {index}")
    (content / "highlights" / "index.md").write_text(
        "---\ntitle: Highlights\ndate: 2024-02-01\nhero: [h00.jpg, h01.jpg, h02.jpg]\nsort: name\n---\n\n"
        "A hero slider over justified rows.\n"
    )
    for index, aspect in enumerate([1.5, 4 / 3, 2 / 3, 1.5, 1.0, 16 / 9, 1.5, 1.5]):
        name = f"h{index:02d}"
        photo(content / "highlights" / f"{name}.jpg", aspect, index + 90, long_side=1400)
        sidecar(content / "highlights" / f"{name}.md", f"Highlight {index}")
    # Ken Burns on every awkward shape: a story album (frames the shape of the screen) whose
    # photos also make its hero slider (3:2 frames); its cover, a panorama, moves on the home
    # page (3:2). Each photo pans between other anchors, its focal point near an edge.
    (content / "motion").mkdir()
    (content / "motion" / "index.md").write_text(
        "---\ntitle: Motion\ndate: 2024-01-01\nlayout: story\nsort: name\ncover: k03.jpg\n"
        "hero: [k00.jpg, k01.jpg, k02.jpg, k03.jpg]\nkenburns: {duration: 6, zoom: 1.35}\n---\n"
    )
    for index, (aspect, focus, start, end) in enumerate(KEN_BURNS_PHOTOS):
        name = f"k{index:02d}"
        photo(content / "motion" / f"{name}.jpg", aspect, index + 120, long_side=1600)
        (content / "motion" / f"{name}.md").write_text(
            f"---\ntitle: Moving {index}\nalt: Moving photo {index}\nfocus: {focus}\n"
            f"kenburns: {{from: {start}, to: {end}}}\n---\n"
        )
    return content


# (aspect ratio, focus, Ken Burns from, to) of the motion album: 4:3, 1:1, portrait, panorama.
KEN_BURNS_PHOTOS = [
    (4 / 3, "0.95 0.05", "bottom-leading", "top-trailing"),
    (1.0, "0.05 0.9", "top-trailing", "bottom-leading"),
    (2 / 3, "0.5 0.02", "bottom", "top"),
    (6.0, "0.98 0.5", "leading", "trailing"),
]
