"""Self-tests of the fixtures in conftest.py on hand-written pages, so that a failing e2e test
means galleryc is wrong, not the tooling. These need no galleryc binary and always run."""

from pathlib import Path
from urllib.request import urlopen

import pytest
from selenium.webdriver.support.ui import WebDriverWait
from conftest import FIXTURES, BuildResult, galleryc_path, set_reduced_motion

RUNNING_ANIMATIONS = (
    "return document.getAnimations().filter(a => a.playState === 'running').length"
)


def test_nu_checker_passes_a_valid_page(nu_check):
    assert nu_check(FIXTURES / "static-site") == []


def test_nu_checker_reports_each_error_with_file_and_line(nu_check):
    errors = nu_check(FIXTURES / "invalid-site")
    text = "\n".join(map(str, errors))
    assert all(e.file == "index.html" for e in errors), text
    # The missing alt (line 9), the stray </div> (line 10), <p> inside <ul> (line 11).
    assert {9, 10, 11} <= {e.line for e in errors}, text
    assert any("alt" in e.message for e in errors), text


def test_nu_checker_refuses_a_folder_without_pages(nu_check, tmp_path):
    with pytest.raises(AssertionError, match="no .html files"):
        nu_check(tmp_path)


def test_serve_returns_the_folder_over_http(serve):
    base = serve(FIXTURES / "static-site")
    assert base.startswith("http://127.0.0.1:")
    with urlopen(base + "motion.css") as response:
        assert response.status == 200
        assert b"prefers-reduced-motion" in response.read()


@pytest.mark.browser
def test_browser_loads_a_served_page(serve, browser):
    browser.get(serve(FIXTURES / "static-site"))
    assert browser.title == "Fixture: valid page with motion"
    width = browser.execute_script("return document.querySelector('img').naturalWidth")
    assert width == 1


@pytest.mark.browser
def test_reduced_motion_emulation_both_ways(serve, browser):
    url = serve(FIXTURES / "static-site")
    query = "return matchMedia('(prefers-reduced-motion: reduce)').matches"

    set_reduced_motion(browser, True)
    browser.get(url)
    assert browser.execute_script(query) is True
    assert browser.execute_script(RUNNING_ANIMATIONS) == 0

    set_reduced_motion(browser, False)
    browser.get(url)
    assert browser.execute_script(query) is False
    # Once, with `make test` alone on 2 cores, no animation was running yet right after `get`
    # returned (it passes on every other run): the spin is waited for, up to 5 s.
    WebDriverWait(browser, 5).until(lambda driver: driver.execute_script(RUNNING_ANIMATIONS) > 0)
    assert browser.execute_script(RUNNING_ANIMATIONS) == 1


@pytest.mark.browser
def test_axe_passes_the_valid_page_and_flags_the_invalid_one(serve, browser, axe_check):
    browser.get(serve(FIXTURES / "static-site"))
    assert axe_check(browser) == []
    browser.get(serve(FIXTURES / "invalid-site"))
    rules = {v.rule for v in axe_check(browser)}
    assert {"image-alt", "list"} <= rules, rules


def test_build_result_check_reports_stderr(tmp_path: Path):
    failed = BuildResult(1, "", "content/a/index.md:3:1: error: boom", tmp_path, ["build"])
    with pytest.raises(AssertionError, match="index.md:3:1: error: boom"):
        failed.check()
    with pytest.raises(AssertionError, match="wrote no"):
        BuildResult(0, "", "", tmp_path, ["build"]).check()
    (tmp_path / "index.html").write_text("<!DOCTYPE html><title>x</title>")
    assert BuildResult(0, "", "", tmp_path, ["build"]).check() == tmp_path


def test_binary_location_honours_the_environment(monkeypatch):
    monkeypatch.setenv("GALLERYC", "/opt/elsewhere/galleryc")
    assert galleryc_path() == Path("/opt/elsewhere/galleryc")
    monkeypatch.delenv("GALLERYC")
    assert galleryc_path().parts[-3:] == (".build", "release", "galleryc")


def test_the_iphone_heic_fixture_reads_as_apple_writes_it(tmp_path: Path):
    # What hdr_fixtures.apple_hdr_heic assembles box by box, as exiftool and ImageMagick
    # (libheif) read it: the gain map's auxiliary type, the MakerNote's headroom entries, the
    # primary turned by its irot.
    import json
    import subprocess

    from hdr_fixtures import apple_hdr_heic

    path = tmp_path / "IMG_0001.heic"
    assert apple_hdr_heic(path, size=(320, 240), orientation=6, makernote=(1.2, 0.02)) == (160, 120)
    facts = json.loads(
        subprocess.run(["exiftool", "-j", "-a", "-G1", str(path)], capture_output=True, check=True).stdout
    )[0]
    assert facts["QuickTime:AuxiliaryImageType"] == "urn:com:apple:photo:2020:aux:hdrgainmap", facts
    assert facts["Apple:HDRHeadroom"] == 1.2 and facts["Apple:HDRGain"] == 0.02, facts
    assert facts["IFD0:Orientation"] == "Rotate 90 CW" and facts["QuickTime:Rotation"] == 270, facts
    size = subprocess.run(["identify", "-format", "%wx%h", str(path)], capture_output=True, check=True, text=True)
    assert size.stdout == "240x320"
