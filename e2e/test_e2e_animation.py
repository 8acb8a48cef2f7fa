"""Animated WebP and GIF are published animated, resized like any photo, and under
`prefers-reduced-motion: reduce` a still frame is shown instead.

Pillow makes an animated GIF (a square moving across six frames, 100 ms each, looping), an
animated WebP (four frames, 80 ms) and a still GIF. The renditions are read back with Pillow
(frame count, timing, size) and the pages are opened in headless Chromium with and without
reduced motion, where the `<picture>` must choose the animated WebP or its still frame. The
pages pass the Nu HTML Checker.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_build, set_reduced_motion
from PIL import Image, ImageDraw

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

SIZE = (640, 360)
WIDTH = 480


def frames(count: int, colour: tuple[int, int, int]) -> list[Image.Image]:
    result = []
    for i in range(count):
        image = Image.new("RGB", SIZE, (235, 230, 220))
        draw = ImageDraw.Draw(image)
        x = 40 + i * (SIZE[0] - 160) // max(1, count - 1)
        draw.rectangle((x, 120, x + 120, 240), fill=colour)
        result.append(image)
    return result


@pytest.fixture(scope="module")
def animated_site(galleryc: Path, tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("animation")
    album = work / "content" / "moving"
    album.mkdir(parents=True)
    (work / "content" / "site.yml").write_text(f"title: animation\nimages:\n  widths: [{WIDTH}, 960]\n")
    gif = frames(6, (200, 40, 40))
    gif[0].save(album / "square.gif", save_all=True, append_images=gif[1:], duration=100, loop=0)
    webp = frames(4, (40, 90, 200))
    webp[0].save(album / "clip.webp", save_all=True, append_images=webp[1:], duration=80, loop=0, quality=80)
    frames(1, (40, 160, 60))[0].save(album / "still.gif")
    for name in ("square", "clip", "still"):
        (album / f"{name}.md").write_text(f"---\nalt: a {name}\n---\n")
    return run_build(galleryc, work / "content", work / "public", work).check()


@pytest.mark.parametrize(("stem", "count", "duration"), [("square", 6, 100), ("clip", 4, 80)])
def test_animated_sources_become_animated_webp_at_each_width(animated_site, stem, count, duration):
    for width in (WIDTH, SIZE[0]):
        path = next(animated_site.glob(f"_img/*/{stem}-{width}.webp"))
        with Image.open(path) as rendition:
            assert rendition.is_animated and rendition.n_frames == count, path.name
            assert rendition.size == (width, round(width * SIZE[1] / SIZE[0]))
            # The square moves: the first and last frames differ where it was.
            rendition.seek(0)
            first = rendition.convert("RGB").copy()
            assert rendition.info.get("duration") == duration
            rendition.seek(count - 1)
            last = rendition.convert("RGB")
            assert first.getpixel((int(width * 0.12), width * 180 // SIZE[0])) != last.getpixel(
                (int(width * 0.12), width * 180 // SIZE[0])
            )
        for still in (f"{stem}-{width}-still.webp", f"{stem}-{width}.jpg"):
            with Image.open(next(animated_site.glob(f"_img/*/{still}"))) as image:
                assert not getattr(image, "is_animated", False), still
                assert image.size[0] == width


def test_a_still_gif_is_a_photo(animated_site):
    # 480 and 640 from site.yml, 320 the tile rendition every photo gets (README: Images;
    # the 640 px phone tile is already among them).
    assert {p.name for p in animated_site.glob("_img/*/still-*")} == {
        f"still-{width}.{format}" for width in (320, 480, 640) for format in ("jpg", "webp")}
    with Image.open(next(animated_site.glob("_img/*/still-640.webp"))) as image:
        assert not getattr(image, "is_animated", False)


CHOSEN_JS = """
return Array.from(document.querySelectorAll('.gk-blurup img:not(.gk-ph)')).map(img => img.currentSrc);
"""


@pytest.mark.parametrize("page", ["moving/", "moving/square/", "moving/clip/"])
def test_reduced_motion_shows_the_still_frame(animated_site, serve, browser, page):
    base = serve(animated_site)
    browser.get(base + page)
    moving = [src for src in browser.execute_script(CHOSEN_JS) if "/square-" in src or "/clip-" in src]
    assert moving and all(src.endswith(".webp") and "-still" not in src for src in moving), moving
    set_reduced_motion(browser, True)
    browser.get(base + page)
    still = [src for src in browser.execute_script(CHOSEN_JS) if "/square-" in src or "/clip-" in src]
    assert still and all(src.endswith("-still.webp") for src in still), still


def test_the_pages_are_valid_html(animated_site, nu_check):
    errors = nu_check(animated_site)
    assert errors == [], "\n".join(map(str, errors))
