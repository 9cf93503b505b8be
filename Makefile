# Gazette — the two commands in README.md do all set-up on a fresh Debian machine with Swift:
#   make demo   install what is missing, build, render the example site and packets into public/
#   make test   install what tests need, run every test
SHELL := /bin/bash
.DEFAULT_GOAL := demo

# Debian packages the build links against and the fonts pages and packets use.
BUILD_PACKAGES := pkg-config git libcmark-gfm-dev libcmark-gfm-extensions-dev libxml2-dev \
	libpango1.0-dev libcairo2-dev libharfbuzz-dev fonts-nanum fonts-nanum-coding
# What the test suite drives besides the build packages: python3 runs the scripted HTTP server
# of the ingest tests, script (bsdutils) gives `gazette fetch` a terminal.
TEST_PACKAGES := $(BUILD_PACKAGES) python3 bsdutils

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE_BIN := .build/release/gazette

.PHONY: demo test build deps test-deps clean bench-fetch

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

build: deps
	swift build -c release --product gazette

demo: build
	$(RELEASE_BIN) build
	@echo
	@echo "The example site is in $(CURDIR)/public/ — open public/index.html,"
	@echo "or serve it: python3 -m http.server -d public 8000  →  http://127.0.0.1:8000/"

test: test-deps
	swift build --build-tests
	swift test --skip-build

# Requests and wall time of a fetch of 3 sources x 2 queries against the loopback test server,
# with and without 200 ms injected latency per answer (a figure, not a test).
bench-fetch: test-deps
	swift build --product gazette
	python3 Benchmarks/fetch_bench.py .build/debug/gazette

clean:
	rm -rf .build public
