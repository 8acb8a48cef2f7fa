"""The publishing recipes of the README: the GitHub Pages workflow and the rsync command."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from conftest import CORPUS, FIXTURES, REPO_ROOT, copy_content, tree_digest

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


# --- the sharded recipes: four "machines", each in a folder of its own ------------------------

SHARDED_GITHUB = REPO_ROOT / "docs" / "github-pages-sharded.yml"
SHARDED_GITLAB = REPO_ROOT / "docs" / "gitlab-ci-sharded.yml"
SHARDED_PHOTOS = 14


def _sharded_content(destination: Path) -> Path:
    """An album of photos that differ in size and colour (so the four shares all get some)."""
    from PIL import Image

    album = destination / "walls"
    album.mkdir(parents=True)
    (destination / "site.yml").write_text('title: "Walls"\n')
    (album / "index.md").write_text('---\ntitle: "Walls"\n---\n')
    for number in range(1, SHARDED_PHOTOS + 1):
        colour = (number * 17 % 256, 255 - number * 11, number * 5)
        Image.new("RGB", (200 + number * 10, 160), colour).save(album / f"wall-{number:02}.jpg", quality=90)
    return destination


def _machine(root: Path, content: Path, galleryc: Path) -> Path:
    """A fresh runner: the repository's content checked out, galleryc built where the recipe
    runs it from."""
    root.mkdir(parents=True)
    shutil.copytree(content, root / "content")
    binary = root / "galleryc-source" / ".build" / "release" / "galleryc"
    binary.parent.mkdir(parents=True)
    binary.symlink_to(galleryc)
    return root


def _run_script(script: str, cwd: Path, **variables: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, NO_COLOR="1", GALLERYC_THEME_DIR=str(REPO_ROOT / "Templates"), **variables)
    result = subprocess.run(["bash", "-e", "-c", script], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"{script}\n--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}"
    return result


def _check_the_merged_build(result: subprocess.CompletedProcess, site: Path, reference: Path) -> None:
    assert f"{SHARDED_PHOTOS} photos ({SHARDED_PHOTOS} cached)" in result.stdout, result.stdout
    assert tree_digest(site) == tree_digest(reference), "the merged build differs from one machine's"


def _step(job: dict, name: str) -> dict:
    return next(step for step in job["steps"] if step.get("name") == name)


def test_the_sharded_github_workflow_builds_the_site_one_machine_builds(tmp_path: Path, galleryc: Path, build_site):
    workflow = yaml.safe_load(SHARDED_GITHUB.read_text())
    shards = workflow["jobs"]["photos"]["strategy"]["matrix"]["shard"]
    assert int(workflow["env"]["SHARDS"]) == len(shards) == 4
    assert workflow["jobs"]["build"]["needs"] == "photos"
    process = _step(workflow["jobs"]["photos"], "Process this machine's share of the photos")["run"]
    merge = _step(workflow["jobs"]["build"], "Merge the shards into the cache and build the site")["run"]
    content = _sharded_content(tmp_path / "content")
    final = _machine(tmp_path / "build", content, galleryc)
    (final / "shards").mkdir()
    for shard in shards:
        machine = _machine(tmp_path / f"photos-{shard}", content, galleryc)
        result = _run_script(process, machine, SHARD=str(shard), SHARDS=str(len(shards)))
        assert f"Shard {shard}/4:" in result.stdout, result.stdout
        assert not (machine / "public").exists()
        # actions/download-artifact with merge-multiple puts every shard's file in one folder.
        shutil.copy(machine / ".galleryc" / f"shard-{shard}.tar", final / "shards")
    result = _run_script(merge, final)
    reference = build_site(content, tmp_path / "one-machine").check()
    _check_the_merged_build(result, final / "public", reference)


def test_the_sharded_gitlab_pipeline_builds_the_site_one_machine_builds(tmp_path: Path, galleryc: Path, build_site):
    pipeline = yaml.safe_load(SHARDED_GITLAB.read_text())
    photos, pages = pipeline["photos"], pipeline["pages"]
    assert photos["parallel"] == 4 and pages["needs"] == ["photos"]
    assert pages["artifacts"]["paths"] == ["public"]
    content = _sharded_content(tmp_path / "content")
    final = _machine(tmp_path / "pages", content, galleryc)
    for index in range(1, photos["parallel"] + 1):
        machine = _machine(tmp_path / f"photos-{index}", content, galleryc)
        result = _run_script("\n".join(photos["script"]), machine, CI_NODE_INDEX=str(index), CI_NODE_TOTAL="4")
        assert f"Shard {index}/4:" in result.stdout, result.stdout
        # GitLab unpacks every parallel job's artifacts into the next job's folder.
        shutil.copytree(machine / "shards", final / "shards", dirs_exist_ok=True)
    result = _run_script("\n".join(pages["script"]), final)
    reference = build_site(content, tmp_path / "one-machine").check()
    _check_the_merged_build(result, final / "public", reference)
