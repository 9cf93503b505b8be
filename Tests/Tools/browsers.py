#!/usr/bin/env python3
"""One small interface over the three browser engines Debian packages, for the layout checks.

    browser = browsers.start("firefox", width=1280, fontconfig=None, text_scale=None)
    browser.load(url); browser.set_viewport(768)      # innerWidth == clientWidth == 768, verified
    browser.execute(js, *args); browser.execute_async(js, *args)  # the last argument is the callback
    browser.console(); browser.version; browser.quit()

- chromium: Debian's `chromium` through `chromium-driver` (selenium), headless, scrollbars hidden
  (--hide-scrollbars), device scale 1; the viewport is set with CDP
  Emulation.setDeviceMetricsOverride. Console from chromedriver's browser log.
  `add_init_script(js)` runs JS in every new document before the page's own scripts (CDP
  Page.addScriptToEvaluateOnNewDocument) — the layout-shift observer.
- firefox: Debian's `firefox-esr` through Marionette (PyPI marionette-driver; Debian packages no
  geckodriver), `-marionette -headless`, a fresh temporary profile with overlay scrollbars
  (`ui.useOverlayScrollbars` = 1), `layout.css.devPixelsPerPx` = 1, and the caller's prefs; the
  headless screen is made 2560×1600 (MOZ_HEADLESS_WIDTH/HEIGHT) so wide windows are not clamped.
  The viewport is set by resizing the window. Console: the messages of Firefox's console
  service (script errors, CSP reports, "downloadable font" errors), read in the chrome context.
- webkit: Debian's WebKitGTK (`webkit2gtk-driver`: WebKitWebDriver) through selenium's WebKitGTK
  driver, driving MiniBrowser --automation (it has no headless mode) on an Xvfb this module
  starts on a free display (-displayfd) and stops in quit(). GTK draws overlay scrollbars there
  (they take no width; verified per viewport). Device scale 1 (GDK_SCALE=1). No console access.

Text scale (`text_scale=200`) exists only in Firefox: prefs `ui.textScaleFactor` = 200 and
`browser.display.os-zoom-behavior` = 2 (text zoom, as Android's and Windows' "larger text" reach
a page); `check_text_scale()` verifies it took effect. `fontconfig=FILE` runs the browser with
FONTCONFIG_FILE=FILE (any engine); `check_fallback_font()` verifies that `sans-serif` is DejaVu
Sans and that NanumGothic is not installed as far as the browser can tell.

StaticServer serves a folder in a thread, with switches for the scenarios: `scripts=False` adds
`Content-Security-Policy: script-src 'none'` to every response (page scripts blocked in every
engine alike; WebDriver scripts are exempt from a page's CSP), `block_fonts=True` answers 404 for
*.woff2, *.woff, *.ttf and *.otf. `check_scripts()` verifies, per engine, that page scripts ran or
did not, and that this module's own scripts still run. Note that with CSP the browser still has
scripting on, so <noscript> content is not shown.

Errors that stop a check are ToolError (one clear line, exit status 2 through fail()).
"""
import http.server
import json
import logging
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the tools
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import static_server  # noqa: E402

# Browsers and drivers inherit this process's signal mask. `swift test` starts its children with
# SIGCHLD blocked, and then WebKitWebDriver (GLib) never learns that MiniBrowser has exited, nor
# mozrunner that Firefox has: every quit waited for a kill timeout (80 s runs instead of 9 s).
signal.pthread_sigmask(signal.SIG_SETMASK, [])

ENGINES = ("chromium", "firefox", "webkit")
CHROMIUM = os.environ.get("GAZETTE_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("GAZETTE_CHROMEDRIVER", "/usr/bin/chromedriver")
FIREFOX = os.environ.get("GAZETTE_FIREFOX", "/usr/bin/firefox-esr")
WEBKITDRIVER = os.environ.get("GAZETTE_WEBKITDRIVER", "/usr/bin/WebKitWebDriver")
XVFB = os.environ.get("GAZETTE_XVFB", "/usr/bin/Xvfb")
MINIBROWSER_PACKAGES = ("libwebkit2gtk-4.1-0", "libwebkit2gtk-4.0-37", "libwebkitgtk-6.0-4")
FONT_EXTENSIONS = (".woff2", ".woff", ".ttf", ".otf")
SCREEN = (2560, 1600)
PROBE = "__gazette_probe__/"


class ToolError(Exception):
    """A failure to report in one clear line (exit status 2), not a check violation."""


def fail(message, status=2):
    print(f"error: {message}", file=sys.stderr)
    sys.exit(status)


# ----------------------------------------------------------------------------------------------
# Static server

# Probe pages served beside the site (never written into it): whether page scripts run, and a
# text probe for the fallback-font and text-scale checks.
PROBE_FILES = {
    "scripts.html": ("text/html; charset=utf-8", b"""<!doctype html><html><head><meta charset="utf-8">
<title>untouched</title><script>document.title = 'inline ran';</script>
<script src="scripts.js"></script></head><body><p>probe</p></body></html>
"""),
    "scripts.js": ("text/javascript; charset=utf-8",
                   b"document.documentElement.setAttribute('data-external', 'ran');\n"),
    "text.html": ("text/html; charset=utf-8", b"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>text probe</title><style>html, body { margin: 0; } span { white-space: nowrap; font-size: 40px; }</style>
</head><body><p style="font-size: 10px" id="ten">ten pixels</p>
<span id="sans" style="font-family: sans-serif">Hamburgefonstiv 0123456789</span><br>
<span id="dejavu" style="font-family: 'DejaVu Sans'">Hamburgefonstiv 0123456789</span><br>
<span id="nanum" style="font-family: 'NanumGothic', 'DejaVu Sans'">Hamburgefonstiv 0123456789</span><br>
<span id="mono" style="font-family: monospace">Hamburgefonstiv 0123456789</span>
</body></html>
"""),
}


class StaticServer:
    """Serves FOLDER under PREFIX on 127.0.0.1 (a free port) from a daemon thread, as
    Tests/Tools/static_server.py does (no folder listings, FOLDER/404.html for missing files,
    Cache-Control: no-store so every load is a fresh read). The switches `scripts` and
    `block_fonts` (font files answered 404, and fonts refused by Content-Security-Policy, inline
    ones included) may be changed between loads. Probe pages are served under PREFIX/__gazette_probe__/.
    `fonts_served` and `fonts_blocked` count font requests."""

    def __init__(self, folder, prefix="/", scripts=True, block_fonts=False):
        folder = os.path.abspath(folder)
        prefix = static_server.normalized_prefix(prefix)
        self.folder, self.prefix = folder, prefix
        self.scripts, self.block_fonts = scripts, block_fonts
        self.fonts_served = self.fonts_blocked = 0
        server = self
        lock = threading.Lock()
        Base = static_server.handler(folder, prefix, {"Cache-Control": "no-store"})

        class Handler(Base):
            def do_GET(self):
                self.route(super().do_GET)

            def do_HEAD(self):
                self.route(super().do_HEAD)

            def route(self, default):
                path = self.path.split("?", 1)[0].split("#", 1)[0]
                if path.startswith(prefix + PROBE) and path[len(prefix + PROBE):] in PROBE_FILES:
                    kind, body = PROBE_FILES[path[len(prefix + PROBE):]]
                    self.send_response(200)
                    self.send_header("Content-Type", kind)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    if self.command != "HEAD":
                        self.wfile.write(body)
                    return
                if path.lower().endswith(FONT_EXTENSIONS):
                    with lock:
                        if server.block_fonts:
                            server.fonts_blocked += 1
                        else:
                            server.fonts_served += 1
                    if server.block_fonts:
                        self.send_error(404)
                        return
                default()

            def end_headers(self):
                # Fonts blocked: font files answer 404 (above), and the policy refuses fonts from
                # anywhere, so a page's own inline (data:) font is blocked too.
                policy = ([] if server.scripts else ["script-src 'none'"]) + (["font-src 'none'"] if server.block_fonts else [])
                if policy:
                    self.send_header("Content-Security-Policy", "; ".join(policy))
                super().end_headers()

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

    def probe(self, name):
        return self.base + PROBE + name


# ----------------------------------------------------------------------------------------------
# Browsers

VIEWPORT_JS = "return [window.innerWidth, document.documentElement.clientWidth, window.devicePixelRatio];"


class Browser:
    """What every engine offers. Subclasses set engine, version and the driver."""

    engine = "?"
    version = "unknown"
    settle = 0.0  # seconds to wait after a window resize before reading layout

    def load(self, url):
        raise NotImplementedError

    def execute(self, js, *args):
        raise NotImplementedError

    def execute_async(self, js, *args):
        raise NotImplementedError

    def console(self):
        """Console messages since the last call, one string each ([] where the engine gives none)."""
        return []

    def quit(self):
        raise NotImplementedError

    def _resize(self, width, height):
        raise NotImplementedError

    def set_viewport(self, width, height=900):
        """Makes window.innerWidth exactly WIDTH CSS px with no classic scrollbar taking width;
        returns (innerWidth, clientWidth), raising ToolError when either is not WIDTH (on a page
        that has a body) or the device pixel ratio is not 1."""
        width, height = int(width), int(height)
        self._resize(width, height)
        inner, client, ratio = self._settled(width)
        if inner != width:  # window chrome: grow the window by the difference, once
            self._resize(width + (width - inner), height)
            inner, client, ratio = self._settled(width)
        if inner != width:
            raise ToolError(f"{self.engine}: window.innerWidth is {inner} px, not {width} (window size "
                            "clamped by the screen?)")
        if ratio != 1:
            raise ToolError(f"{self.engine}: devicePixelRatio is {ratio}, not 1")
        if client not in (0, width):
            raise ToolError(f"{self.engine}: documentElement.clientWidth is {client} px at innerWidth {width} "
                            "(a classic scrollbar takes width)")
        return inner, client

    def _settled(self, width, timeout=3.0):
        """The viewport once it is WIDTH wide, or once it has stopped changing (a window manager
        may resize a window after the call that asked for it returned)."""
        deadline = time.monotonic() + timeout
        last, since = None, time.monotonic()
        while True:
            now = self.execute(VIEWPORT_JS)
            if now[0] == width:
                return now
            if now != last:
                last, since = now, time.monotonic()
            elif time.monotonic() - since > 0.3 or time.monotonic() > deadline:
                return now
            time.sleep(0.02)

    def wait_for(self, js, timeout, what, poll=0.05):
        """Polls JS (a synchronous script) until it returns a truthy value; returns it."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.execute(js)
            if value:
                return value
            if time.monotonic() > deadline:
                raise ToolError(f"{self.engine}: timed out after {timeout:g} s waiting for {what}")
            time.sleep(poll)


def chromium_version():
    """`chromium --version` (it names the Debian build), or None."""
    try:
        out = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=60).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return out.splitlines()[0] if out else None


class SeleniumBrowser(Browser):
    """An engine driven through a selenium WebDriver (Chromium, WebKitGTK)."""

    def load(self, url):
        self.driver.get(url)

    def execute(self, js, *args):
        return self.driver.execute_script(js, *args)

    def execute_async(self, js, *args):
        return self.driver.execute_async_script(js, *args)


class Chromium(SeleniumBrowser):
    engine = "chromium"

    def __init__(self, width, height, env, extra_flags=()):
        from selenium import webdriver
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.chrome.service import Service

        for path in (CHROMIUM, CHROMEDRIVER):
            if not shutil.which(path):
                raise ToolError(f"{path} is missing (Debian packages chromium and chromium-driver)")
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={width},{height}", "--force-device-scale-factor=1", "--hide-scrollbars",
                 "--disable-features=Translate,MediaRouter", "--no-first-run", "--disable-extensions"]
        for flag in list(flags) + list(extra_flags):
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        try:
            self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER, env=env), options=options)
        except WebDriverException as e:
            raise ToolError(f"could not start Chromium through {CHROMEDRIVER}: {e.msg or e}") from e
        self.driver.set_script_timeout(300)
        self.driver.set_page_load_timeout(120)
        self.version = chromium_version() or "Chromium " + self.driver.capabilities.get("browserVersion", "?")

    def cdp(self, command, params=None):
        return self.driver.execute_cdp_cmd(command, params or {})

    def add_init_script(self, js):
        """Runs JS in every new document before its own scripts (the main world)."""
        self.cdp("Page.enable")
        self.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": js})

    def _resize(self, width, height):
        self.cdp("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def console(self):
        try:
            return [f"{e.get('level')}: {e.get('message')}" for e in self.driver.get_log("browser")]
        except Exception:  # noqa: BLE001 — the log is a diagnostic; never fail because of it
            return []

    def quit(self):
        self.driver.quit()


# Firefox's console service, read in the chrome context: messages after index N.
FIREFOX_CONSOLE_JS = """
const messages = Services.console.getMessageArray() || [];
return messages.slice(arguments[0]).map(m => {
  const level = (m instanceof Ci.nsIScriptError) ? ((m.flags & Ci.nsIScriptError.warningFlag) ? 'WARNING' : 'SEVERE') : 'INFO';
  return [level, m.message || m.errorMessage || String(m), m.sourceName || ''];
}).concat([[null, messages.length, null]]);
"""


class Firefox(Browser):
    engine = "firefox"
    settle = 0.0

    def __init__(self, width, height, env, prefs):
        if not shutil.which(FIREFOX):
            raise ToolError(f"{FIREFOX} is missing (Debian package firefox-esr)")
        try:
            from marionette_driver.marionette import Marionette
            from marionette_driver import errors as marionette_errors
        except ImportError as e:
            raise ToolError(f"marionette_driver is missing ({e}): run `make test-tools` (in a tools venv made "
                            "before it was added: `make test-tools` installs it)") from e
        # mozversion and mozrunner log at INFO on start; keep the checks' output readable.
        for name in ("mozversion", "mozrunner", "mozprofile", "marionette_driver"):
            logging.getLogger(name).setLevel(logging.WARNING)
        try:
            import mozlog
            mozlog.structuredlog.set_default_logger(mozlog.structuredlog.StructuredLogger("gazette"))
        except Exception:  # noqa: BLE001 — only quiets logging
            pass
        self.errors = marionette_errors
        all_prefs = {
            "ui.useOverlayScrollbars": 1, "widget.gtk.overlay-scrollbars.enabled": True,
            "layout.css.devPixelsPerPx": "1.0", "browser.shell.checkDefaultBrowser": False,
            "browser.startup.homepage_override.mstone": "ignore", "datareporting.policy.dataSubmissionEnabled": False,
            "toolkit.telemetry.reportingpolicy.firstRun": False, "app.update.disabledForTesting": True,
            "browser.aboutwelcome.enabled": False, "dom.max_script_run_time": 0,
        }
        all_prefs.update(prefs or {})
        self.home = tempfile.mkdtemp(prefix="gazette-firefox-")
        saved = dict(os.environ)
        try:
            # GeckoInstance copies os.environ into Firefox's environment at start.
            os.environ.clear()
            os.environ.update(env)
            os.environ["MOZ_HEADLESS_WIDTH"], os.environ["MOZ_HEADLESS_HEIGHT"] = map(str, SCREEN)
            self.driver = Marionette(host="127.0.0.1", port=0, bin=FIREFOX, headless=True, prefs=all_prefs,
                                     startup_timeout=120, gecko_log=os.path.join(self.home, "gecko.log"))
            self.driver.start_session()
        except Exception as e:  # noqa: BLE001 — marionette raises many kinds
            shutil.rmtree(self.home, ignore_errors=True)
            raise ToolError(f"could not start Firefox through Marionette: {e}") from e
        finally:
            os.environ.clear()
            os.environ.update(saved)
        self.driver.timeout.script = 300
        self.driver.timeout.page_load = 120
        caps = self.driver.session_capabilities
        self.version = f"Firefox {caps.get('browserVersion', '?')}"
        self.console_seen = 0
        self.console()  # skip start-up messages
        # The browser window's chrome has a minimum width (500 px on the root element); drop it
        # so that the content viewport can be 320 px.
        with self.driver.using_context("chrome"):
            self.driver.execute_script(
                "document.documentElement.style.setProperty('min-width', '0px', 'important');")
        self._resize(width, height)

    def load(self, url):
        self.driver.navigate(url)

    def execute(self, js, *args):
        return self.driver.execute_script(js, script_args=list(args), new_sandbox=False)

    def execute_async(self, js, *args):
        return self.driver.execute_async_script(js, script_args=list(args), new_sandbox=False)

    def _resize(self, width, height):
        self.driver.set_window_rect(width=width, height=height)

    def console(self):
        try:
            with self.driver.using_context("chrome"):
                rows = self.driver.execute_script(FIREFOX_CONSOLE_JS, script_args=[self.console_seen])
        except Exception:  # noqa: BLE001 — a diagnostic
            return []
        self.console_seen = rows[-1][1]
        return [f"{level}: {message}" + (f" ({source})" if source else "") for level, message, source in rows[:-1]]

    def quit(self):
        instance = getattr(self.driver, "instance", None)
        used = getattr(getattr(instance, "runner", None), "profile", None)
        try:
            self.driver.cleanup()  # ends the session, stops Firefox, removes the profile
        finally:
            # GeckoInstance.close() leaves a new empty temporary profile behind (setting its
            # profile to None creates one); remove it now, and keep both profiles from cleaning
            # up again, noisily, at interpreter exit.
            spare = getattr(instance, "_profile", None)
            for profile in (spare, used):
                if profile is not None and hasattr(profile, "restore"):
                    try:
                        if profile is spare:
                            profile.cleanup()
                    finally:
                        profile.restore = False
            shutil.rmtree(self.home, ignore_errors=True)


def minibrowser():
    """MiniBrowser's path, from the files of the installed WebKitGTK package."""
    override = os.environ.get("GAZETTE_MINIBROWSER")
    if override:
        return override
    for package in MINIBROWSER_PACKAGES:
        try:
            out = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True, timeout=30).stdout
        except (OSError, subprocess.SubprocessError):
            continue
        for line in out.splitlines():
            if line.endswith("/MiniBrowser") and os.access(line, os.X_OK):
                return line
    raise ToolError("MiniBrowser not found in " + ", ".join(MINIBROWSER_PACKAGES)
                    + " (Debian package webkit2gtk-driver pulls it in)")


class Xvfb:
    """An Xvfb on a free display (it picks the number itself, -displayfd), stopped by stop()."""

    def __init__(self):
        if not shutil.which(XVFB):
            raise ToolError(f"{XVFB} is missing (Debian package xvfb)")
        read, write = os.pipe()
        self.log = tempfile.TemporaryFile()
        try:
            self.process = subprocess.Popen(
                [XVFB, "-displayfd", str(write), "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp",
                 "-dpi", "96"], pass_fds=(write,), stdout=self.log, stderr=self.log, stdin=subprocess.DEVNULL)
        finally:
            os.close(write)
        with os.fdopen(read) as f:
            number = f.readline().strip()
        if not number.isdigit():
            self.stop()
            self.log.seek(0)
            raise ToolError("Xvfb did not start: " + self.log.read().decode(errors="replace").strip()[-300:])
        self.display = f":{number}"

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


# MiniBrowser's toolbar without minimum sizes, padding or margins (the web view draws its content
# itself; GTK CSS does not reach a page).
GTK_CSS = "* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; }\n"


class WebKit(SeleniumBrowser):
    engine = "webkit"

    def __init__(self, width, height, env, hinting=None):
        from selenium import webdriver
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        if not shutil.which(WEBKITDRIVER):
            raise ToolError(f"{WEBKITDRIVER} is missing (Debian package webkit2gtk-driver)")
        binary = minibrowser()
        # A fresh home for MiniBrowser (config, cache, data), whose GTK CSS lets the window's
        # toolbar shrink: unstyled, it keeps the window at least 447 px wide.
        self.home = tempfile.mkdtemp(prefix="gazette-webkit-")
        os.makedirs(os.path.join(self.home, "config", "gtk-3.0"))
        with open(os.path.join(self.home, "config", "gtk-3.0", "gtk.css"), "w") as f:
            f.write(GTK_CSS)
        self.xvfb = Xvfb()
        self.xsettings = None
        try:
            if hinting:
                self.xsettings = XSettings(self.xvfb.display, hinting, self.home)
            env = dict(env, DISPLAY=self.xvfb.display, GDK_SCALE="1", GDK_DPI_SCALE="1", GDK_BACKEND="x11",
                       XDG_CONFIG_HOME=os.path.join(self.home, "config"), XDG_CACHE_HOME=os.path.join(self.home, "cache"),
                       XDG_DATA_HOME=os.path.join(self.home, "data"))
            env.pop("WAYLAND_DISPLAY", None)
            options = Options()
            options.binary_location = binary
            options.add_argument("--automation")
            try:
                self.driver = webdriver.WebKitGTK(options=options, service=Service(executable_path=WEBKITDRIVER, env=env))
            except WebDriverException as e:
                raise ToolError(f"could not start WebKitGTK ({binary}) through {WEBKITDRIVER}: {e.msg or e}") from e
        except BaseException:
            if self.xsettings:
                self.xsettings.stop()
            self.xvfb.stop()
            shutil.rmtree(self.home, ignore_errors=True)
            raise
        self.driver.set_script_timeout(300)
        self.driver.set_page_load_timeout(120)
        self.version = "WebKitGTK " + self.driver.capabilities.get("browserVersion", "?")
        self._resize(width, height)

    def _resize(self, width, height):
        self.driver.set_window_size(width, height)

    def quit(self):
        try:
            self.driver.quit()
        finally:
            if self.xsettings:
                self.xsettings.stop()
            self.xvfb.stop()
            shutil.rmtree(self.home, ignore_errors=True)


XSETTINGSD = os.environ.get("GAZETTE_XSETTINGSD", "/usr/bin/xsettingsd")


class XSettings:
    """An XSETTINGS manager (xsettingsd) on DISPLAY announcing a font hint style, as a desktop
    does (GNOME's default is slight). WebKitGTK takes its glyph hinting only from XSETTINGS: with
    none announced (a bare X server) it rounds every advance to a whole pixel; with slight or none
    its advances are fractional, within 0.02 px per 100 glyphs of Chromium's."""

    STYLES = {"slight": "hintslight", "none": "hintnone", "medium": "hintmedium", "full": "hintfull"}

    def __init__(self, display, hinting, folder):
        if hinting not in self.STYLES:
            raise ToolError(f"unknown hinting {hinting!r} (one of {', '.join(self.STYLES)})")
        if not shutil.which(XSETTINGSD):
            raise ToolError(f"{XSETTINGSD} is missing (Debian package xsettingsd)")
        config = os.path.join(folder, "xsettingsd.conf")
        with open(config, "w") as f:
            f.write(f'Xft/Antialias 1\nXft/Hinting 1\nXft/HintStyle "{self.STYLES[hinting]}"\nXft/RGBA "none"\n')
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen([XSETTINGSD, "-c", config], env=dict(os.environ, DISPLAY=display),
                                        stdout=self.log, stderr=self.log, stdin=subprocess.DEVNULL)
        # It owns the XSETTINGS selection within moments; a client started before that would
        # see no settings at all.
        time.sleep(0.5)
        if self.process.poll() is not None:
            self.log.seek(0)
            raise ToolError("xsettingsd did not start: " + self.log.read().decode(errors="replace").strip()[-300:])

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def start(engine, width=1280, height=900, fontconfig=None, text_scale=None, prefs=None, hinting=None):
    """A browser of ENGINE with the scenario's settings (see the module docstring)."""
    env = dict(os.environ)
    if fontconfig:
        if not os.path.isfile(fontconfig):
            raise ToolError(f"no such fontconfig file: {fontconfig}")
        env["FONTCONFIG_FILE"] = os.path.abspath(fontconfig)
    if text_scale not in (None, 100) and engine != "firefox":
        raise ToolError(f"--text-scale is a Firefox setting; {engine} has none this tool can set")
    if engine == "chromium":
        return Chromium(width, height, env)
    if engine == "firefox":
        all_prefs = dict(prefs or {})
        if text_scale not in (None, 100):
            all_prefs.update({"ui.textScaleFactor": int(text_scale), "browser.display.os-zoom-behavior": 2})
        return Firefox(width, height, env, all_prefs)
    if hinting and engine != "webkit":
        raise ToolError(f"--hinting is a WebKitGTK setting (XSETTINGS); {engine} takes none from this tool")
    if engine == "webkit":
        return WebKit(width, height, env, hinting)
    raise ToolError(f"unknown engine {engine!r} (one of {', '.join(ENGINES)})")


# ----------------------------------------------------------------------------------------------
# Scenario checks

ASYNC_PROBE_JS = """
const done = arguments[arguments.length - 1];
Promise.resolve().then(() => document.fonts ? document.fonts.ready : null)
  .then(() => setTimeout(() => done([document.title, document.documentElement.getAttribute('data-external')]), 0));
"""


def check_scripts(browser, server, on):
    """Loads the scripts probe: with ON its inline and external scripts must have run, without
    neither; this module's own synchronous and asynchronous scripts must run either way."""
    browser.load(server.probe("scripts.html"))
    try:
        title, external = browser.execute_async(ASYNC_PROBE_JS)
    except Exception as e:  # noqa: BLE001
        raise ToolError(f"{browser.engine}: the tool's own asynchronous script did not run on the probe page: "
                        f"{str(e).splitlines()[0] if str(e) else type(e).__name__}") from e
    ran = (title == "inline ran", external == "ran")
    if on and not all(ran):
        raise ToolError(f"{browser.engine}: page scripts did not run on the probe page (title {title!r}, "
                        f"external script {'ran' if ran[1] else 'did not run'})")
    if not on and any(ran):
        raise ToolError(f"{browser.engine}: page scripts ran although the server sent "
                        f"Content-Security-Policy: script-src 'none' (title {title!r}, external {external!r})")


TEXT_PROBE_JS = """
const w = id => document.getElementById(id).getBoundingClientRect().width;
return {ten: parseFloat(getComputedStyle(document.getElementById('ten')).fontSize),
        sans: w('sans'), dejavu: w('dejavu'), nanum: w('nanum'), mono: w('mono'),
        innerWidth: window.innerWidth};
"""


def text_probe(browser, server):
    browser.load(server.probe("text.html"))
    browser.wait_for("return document.readyState === 'complete' && (!document.fonts || document.fonts.status === 'loaded')",
                     30, "the text probe page")
    return browser.execute(TEXT_PROBE_JS)


def check_text_scale(browser, server, scale):
    """A 10 px paragraph must compute to 10 × SCALE / 100 px, and the viewport keep its width."""
    probe = text_probe(browser, server)
    want = 10.0 * scale / 100.0
    if abs(probe["ten"] - want) > 0.05:
        raise ToolError(f"{browser.engine}: text scale {scale} % did not take effect: a 10 px paragraph "
                        f"computes to {probe['ten']:g} px, not {want:g} px")
    return probe


def check_fallback_font(browser, server):
    """With the test's fontconfig: `sans-serif` must measure as DejaVu Sans does, and a
    NanumGothic text as its DejaVu Sans fallback does (NanumGothic is not there)."""
    probe = text_probe(browser, server)
    if abs(probe["sans"] - probe["dejavu"]) > 0.5:
        raise ToolError(f"{browser.engine}: sans-serif is not DejaVu Sans under the fontconfig file "
                        f"({probe['sans']:.2f} px vs {probe['dejavu']:.2f} px for the same text)")
    if abs(probe["nanum"] - probe["dejavu"]) > 0.5:
        raise ToolError(f"{browser.engine}: NanumGothic is still installed as far as the browser can tell "
                        f"({probe['nanum']:.2f} px vs DejaVu Sans {probe['dejavu']:.2f} px)")
    return probe


FONTCONFIG_TEMPLATE = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<!-- Written by Tests/Tools/browsers.py: only DejaVu fonts, sans-serif is DejaVu Sans. -->
<fontconfig>
  <dir>{dejavu}</dir>
  <cachedir>{cache}</cachedir>
  <alias binding="strong"><family>sans-serif</family><prefer><family>DejaVu Sans</family></prefer></alias>
  <alias binding="strong"><family>serif</family><prefer><family>DejaVu Serif</family></prefer></alias>
  <alias binding="strong"><family>monospace</family><prefer><family>DejaVu Sans Mono</family></prefer></alias>
</fontconfig>
"""


def write_dejavu_fontconfig(path, cache_dir):
    """Writes a fontconfig file that loads only the DejaVu fonts (fonts-dejavu-core) and maps
    sans-serif to DejaVu Sans; returns PATH."""
    dejavu = "/usr/share/fonts/truetype/dejavu"
    if not os.path.isfile(os.path.join(dejavu, "DejaVuSans.ttf")):
        raise ToolError(f"{dejavu}/DejaVuSans.ttf is missing (Debian package fonts-dejavu-core)")
    os.makedirs(cache_dir, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(FONTCONFIG_TEMPLATE.format(dejavu=dejavu, cache=cache_dir))
    return path


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


if __name__ == "__main__":
    # Smoke test: python3 browsers.py [ENGINE…] — starts each engine, checks scripts on and off,
    # sets 390 and 1600 px viewports, prints versions.
    names = sys.argv[1:] or list(ENGINES)
    folder = tempfile.mkdtemp(prefix="gazette-browsers-")
    with open(os.path.join(folder, "index.html"), "w") as f:
        f.write("<!doctype html><title>x</title><div style='height:3000px'>tall</div>")
    try:
        with StaticServer(folder) as server:
            for name in names:
                started = time.monotonic()
                try:
                    b = start(name)
                except ToolError as e:
                    fail(str(e))
                try:
                    for on in (True, False):
                        server.scripts = on
                        check_scripts(b, server, on)
                    b.load(server.url("index.html"))
                    sizes = [b.set_viewport(w) for w in (390, 1600)]
                    print(json.dumps({"engine": name, "version": b.version, "viewports": sizes,
                                      "seconds": round(time.monotonic() - started, 2), "console": b.console()[:5]}))
                finally:
                    b.quit()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
