"""The publishing recipes of the README: the GitHub Pages workflow and the rsync command."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from conftest import CORPUS, FIXTURES, REPO_ROOT, copy_content

WORKFLOW = REPO_ROOT / "docs" / "github-pages.yml"


def _make_list(name: str) -> set[str]:
    makefile = (REPO_ROOT / "Makefile").read_text()
    match = re.search(rf"^{name} := (.*?)(?<!\\)\n", makefile, re.S | re.M)
    assert match, f"no {name} in the Makefile"
    return set(match.group(1).replace("\\\n", " ").split())


def _build_packages() -> set[str]:
    """What `make deps` installs: the libraries galleryc links and what it runs (ffmpeg)."""
    return _make_list("BUILD_PACKAGES") | _make_list("RUNTIME_PACKAGES")


def test_the_github_pages_workflow_builds_with_the_cache_and_deploys_the_output():
    workflow = yaml.safe_load(WORKFLOW.read_text())
    steps = workflow["jobs"]["build"]["steps"]
    runs = "\n".join(step.get("run", "") for step in steps)
    install = next(step["run"] for step in steps if "apt-get install" in step.get("run", ""))
    listed = install.split("--no-install-recommends", 1)[1]
    installed = set(listed.replace("\\\n", " ").split())
    assert installed == _build_packages(), "the workflow installs what the Makefile's BUILD_PACKAGES and RUNTIME_PACKAGES list"
    caches = [step for step in steps if str(step.get("uses", "")).startswith("actions/cache@")]
    assert caches and caches[0]["with"]["path"] == ".galleryc/cache"
    assert "galleryc build content --output public" in runs
    upload = next(step for step in steps if str(step.get("uses", "")).startswith("actions/upload-pages-artifact@"))
    assert upload["with"]["path"] == "public"
    assert workflow["permissions"]["pages"] == "write"
    assert workflow["jobs"]["deploy"]["needs"] == "build"


@pytest.mark.skipif(shutil.which("rsync") is None, reason="rsync is not installed")
def test_the_rsync_recipe_mirrors_the_site_and_removes_what_is_gone(tmp_path: Path, build_site):
    content = copy_content(FIXTURES / "static-site", tmp_path / "content")
    output = build_site(content, tmp_path / "public").check()
    server = tmp_path / "server"
    server.mkdir()
    (server / "stale.html").write_text("from an earlier deploy")
    subprocess.run(["rsync", "-a", "--delete-after", f"{output}/", f"{server}/"], check=True)
    mirrored = sorted(str(p.relative_to(server)) for p in server.rglob("*") if p.is_file())
    built = sorted(str(p.relative_to(output)) for p in output.rglob("*") if p.is_file())
    assert mirrored == built
    assert (server / "_headers").is_file() and (server / ".nojekyll").is_file()


def test_with_a_base_url_every_link_preview_and_sitemap_url_is_absolute_and_valid(tmp_path: Path, build_site, nu_check):
    content = tmp_path / "content"
    album = content / "coast"
    album.mkdir(parents=True)
    for name in ("Landscape_1.jpg", "Portrait_1.jpg"):
        shutil.copy(CORPUS / "exif-orientation" / name, album / name)
    (content / "site.yml").write_text('title: "Coast"\nbase_url: "https://example.org/photos/"\n')
    result = build_site(content, tmp_path / "public")
    output = result.check()
    assert "base_url is not set" not in result.stderr
    album_page = (output / "coast" / "index.html").read_text()
    image = re.search(r'<meta property="og:image" content="([^"]+)">', album_page)
    assert image and image.group(1).startswith("https://example.org/photos/_img/"), album_page[:2000]
    width = int(re.search(r'<meta property="og:image:width" content="(\d+)">', album_page).group(1))
    assert 1200 <= width <= 1800
    sitemap = (output / "sitemap.xml").read_text()
    locations = re.findall(r"<loc>([^<]+)</loc>", sitemap)
    assert locations and all(url.startswith("https://example.org/photos/") for url in locations)
    assert nu_check(output) == []


def test_an_album_zip_holds_its_originals_without_gps_stored_and_reproducible(tmp_path: Path, build_site):
    import zipfile

    content = tmp_path / "content"
    album = content / "trip"
    album.mkdir(parents=True)
    for name in ("1.jpg", "2.jpg"):
        shutil.copy(CORPUS / "sigal-sample" / "iptcTest" / name, album / name)
    (album / "index.md").write_text("---\ntitle: Trip\ndownloads:\n  zip: true\n---\n")
    (content / "site.yml").write_text('base_url: ""\nprivacy:\n  publish_originals: true\n')
    first = build_site(content, tmp_path / "one")
    output = first.check()
    page = (output / "trip" / "index.html").read_text()
    link = re.search(r'<a href="/(_img/[0-9a-f]{10}/trip\.zip)" download>Download all originals</a> '
                     r'<span class="album-download-size">\(ZIP, 2 photos, ([0-9.]+ (?:kB|MB))\)</span>', page)
    assert link, page
    archive = output / link.group(1)
    with zipfile.ZipFile(archive) as zipped:
        infos = zipped.infolist()
        assert [info.filename for info in infos] == ["1.jpg", "2.jpg"]
        assert all(info.compress_type == zipfile.ZIP_STORED for info in infos)
        assert zipped.testzip() is None
        extracted = tmp_path / "unzipped"
        zipped.extractall(extracted)
    for name in ("1.jpg", "2.jpg"):
        gps = subprocess.run(["exiftool", "-s", "-gps:all", "-xmp:all", str(extracted / name)],
                             capture_output=True, text=True, check=True).stdout
        assert "GPS" not in gps, f"{name} in the ZIP carries {gps}"
    second = build_site(content, tmp_path / "two").check()
    assert (second / link.group(1)).read_bytes() == archive.read_bytes(), "the same photos give the same ZIP"


def test_a_zip_without_published_originals_is_a_warning(tmp_path: Path, build_site):
    content = tmp_path / "content"
    (content / "trip").mkdir(parents=True)
    shutil.copy(CORPUS / "sigal-sample" / "exifTest" / "21.jpg", content / "trip" / "21.jpg")
    (content / "site.yml").write_text('base_url: ""\ndownloads:\n  zip: true\n')
    result = build_site(content, tmp_path / "out")
    output = result.check()
    assert "downloads.zip needs privacy.publish_originals: true" in result.stderr
    assert not list(output.rglob("*.zip"))
