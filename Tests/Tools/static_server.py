#!/usr/bin/env python3
"""A plain static host for tests: serves FOLDER under PREFIX (e.g. /study/) on 127.0.0.1.

usage: static_server.py FOLDER PREFIX
Prints "port N" when listening. Missing files get FOLDER/404.html with status 404, as static
hosts do. Every response carries a `LinkChecker` header, which lets linkchecker go faster than
its default ten requests a second.

`handler(folder, prefix, headers)` is the request handler, shared with browsers.py (which adds
the scenario switches: scripts blocked by CSP, font files answered 404).
"""
import http.server
import os
import sys

FONT_TYPES = {".woff2": "font/woff2", ".woff": "font/woff", ".ttf": "font/ttf", ".otf": "font/otf"}


def normalized_prefix(prefix):
    prefix = "/" + prefix.strip("/") + "/"
    return "/" if prefix == "//" else prefix


def handler(folder, prefix, headers):
    """A handler class serving FOLDER under PREFIX, adding HEADERS (a dict) to every response."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **FONT_TYPES,
                          ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
                          ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml"}

        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=folder, **kwargs)

        def list_directory(self, path):
            # Static hosts do not list folders; a folder without index.html is missing.
            self.send_error(404)
            return None

        def translate_path(self, path):
            path = path.split("?", 1)[0].split("#", 1)[0]
            if not path.startswith(prefix):
                # Outside the prefix: a path that cannot exist (not a NUL, which open() rejects
                # with a traceback instead of a 404).
                return os.path.join(folder, "\x01outside-prefix\x01", "missing")
            return super().translate_path("/" + path[len(prefix):])

        def send_error(self, code, message=None, explain=None):
            page = os.path.join(folder, "404.html")
            if code == 404 and os.path.exists(page):
                with open(page, "rb") as f:
                    body = f.read()
                self.send_response(404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(body)
                return
            super().send_error(code, message, explain)

        def end_headers(self):
            for name, value in headers.items():
                self.send_header(name, value)
            super().end_headers()

        def log_message(self, *args):
            pass

    return Handler


if __name__ == "__main__":
    folder = os.path.abspath(sys.argv[1])
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), handler(folder, normalized_prefix(sys.argv[2]), {"LinkChecker": "allow"}))
    print(f"port {server.server_address[1]}", flush=True)
    server.serve_forever()
