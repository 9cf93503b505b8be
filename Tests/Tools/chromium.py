#!/usr/bin/env python3
"""Shared helpers for the tools that drive Debian's Chromium: a loopback static server run in a
thread of this process, a headless browser through chromium-driver, and small CDP helpers.

Imported by chromium_text.py and board_check.py (both put this folder on sys.path). Needs only
the standard library and selenium.
"""
import http.server
import os
import shutil
import subprocess
import sys
import threading

import static_server

CHROMIUM = os.environ.get("GAZETTE_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("GAZETTE_CHROMEDRIVER", "/usr/bin/chromedriver")


class ToolError(Exception):
    """A failure to report in one clear line (exit status 2), not a check violation."""


def fail(message, status=2):
    print(f"error: {message}", file=sys.stderr)
    sys.exit(status)


# ----------------------------------------------------------------------------------------------
# Static server


class StaticServer:
    """Serves FOLDER under PREFIX on 127.0.0.1 (a free port) from a daemon thread, as
    Tests/Tools/static_server.py does: no folder listings, FOLDER/404.html for missing files."""

    def __init__(self, folder, prefix="/"):
        folder = os.path.abspath(folder)
        prefix = static_server.normalized_prefix(prefix)
        self.folder, self.prefix = folder, prefix
        # Every load is a fresh read: the fonts-blocked run must not be served from cache.
        Handler = static_server.handler(folder, prefix, {"Cache-Control": "no-store"})

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.base = f"http://127.0.0.1:{self.port}{prefix}"
        self.thread = threading.Thread(target=self.server.serve_forever, name="static-server", daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    def url(self, relative_path):
        """The URL of a file given by its path relative to FOLDER ('a/index.html' → …/a/)."""
        rel = relative_path.replace(os.sep, "/")
        if rel == "index.html":
            rel = ""
        elif rel.endswith("/index.html"):
            rel = rel[: -len("index.html")]
        return self.base + rel


# ----------------------------------------------------------------------------------------------
# Browser


def chromium_version():
    try:
        out = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError) as e:
        return f"unknown ({e})"
    return out.strip().splitlines()[0] if out.strip() else "unknown"


def start_browser(width=1280, height=900, hide_scrollbars=True, extra_flags=()):
    """Headless Chromium through chromium-driver, the way Tests/Tools/axe_check.py starts it, with
    the browser console log kept (driver.get_log('browser'))."""
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service

    for path in (CHROMIUM, CHROMEDRIVER):
        if not shutil.which(path):
            raise ToolError(f"{path} is missing (Debian packages chromium and chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             f"--window-size={width},{height}", "--force-device-scale-factor=1",
             "--disable-features=Translate,MediaRouter",
             "--no-first-run", "--disable-extensions"]
    if hide_scrollbars:
        flags.append("--hide-scrollbars")
    flags.extend(extra_flags)
    for flag in flags:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    except WebDriverException as e:
        raise ToolError(f"could not start Chromium through {CHROMEDRIVER}: {e.msg or e}") from e
    driver.set_script_timeout(300)
    driver.set_page_load_timeout(120)
    return driver


def set_viewport(driver, width, height=900, read=True):
    """Makes the layout viewport exactly WIDTH CSS px wide (device scale 1); with READ, returns
    (innerWidth, clientWidth) as the page sees them."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": int(width), "height": int(height), "deviceScaleFactor": 1, "mobile": False})
    if read:
        return tuple(driver.execute_script(
            "return [window.innerWidth, document.documentElement.clientWidth];"))
    return None


def console_log(driver):
    """The browser console messages logged since the last call, one string each."""
    try:
        return [f"{e.get('level')}: {e.get('message')}" for e in driver.get_log("browser")]
    except Exception:  # noqa: BLE001 — the log is a diagnostic; never fail because of it
        return []
