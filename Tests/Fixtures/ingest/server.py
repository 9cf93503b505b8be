#!/usr/bin/env python3
"""A scripted HTTP server on 127.0.0.1 for Gazette's ingest tests.

    python3 server.py SCRIPT.json LOG.jsonl

Prints the port it listens on (one line), then serves until killed or until its standard input
closes (so a server never outlives the test that started it). SCRIPT is

    { "routes": [ { "path": "/v1/search/news.json",
                    "match": { "query": "금리", "start": "1" },        # optional: query parameters that must equal
                    "responses": [ { "status": 500 }, { "status": 200, "body_file": "naver_news_ok.json" } ] } ] }

A route answers its responses in turn and repeats the last one. A response has `status`,
`headers` (object), one of `body` (text), `json` (any JSON value) or `body_file` (a file beside
this script), and optionally `delay` (seconds before the status line), `body_delay` (seconds
between the headers and the body), `gzip` (compress when the client accepts it), `truncate`
(announce the whole length, send half, close) and `conditional` (answer 304 when the request's
If-None-Match / If-Modified-Since equals the response's ETag / Last-Modified). `{{base}}` in a
body or header becomes `http://127.0.0.1:PORT`, and `{{port}}` in a header the port alone. A request no route matches gets 404.

Every request is appended to LOG as one JSON line: method, path, query (name → list of values),
headers (lower-case name → value), and in_flight: how many requests (this one included) the
server was answering when it arrived.
"""
import gzip
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    script_path, log_path = sys.argv[1], sys.argv[2]
    with open(script_path, encoding="utf-8") as f:
        routes = json.load(f)["routes"]
    counters = [0] * len(routes)
    lock = threading.Lock()
    in_flight = [0]

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_GET(self):
            self.handle_request()

        def do_HEAD(self):
            self.handle_request()

        def handle_request(self):
            with lock:
                in_flight[0] += 1
            try:
                self.answer_request()
            finally:
                with lock:
                    in_flight[0] -= 1

        def answer_request(self):
            parts = urlsplit(self.path)
            query = parse_qs(parts.query, keep_blank_values=True)
            entry = {
                "method": self.command,
                "path": parts.path,
                "query": query,
                "headers": {k.lower(): v for k, v in self.headers.items()},
            }
            with lock:
                entry["in_flight"] = in_flight[0]
                with open(log_path, "a", encoding="utf-8") as log:
                    log.write(json.dumps(entry, ensure_ascii=False) + "\n")
                index = self.find_route(parts.path, query)
                if index is None:
                    response = {"status": 404, "json": {"error": "no route for " + parts.path}}
                else:
                    responses = routes[index]["responses"]
                    response = responses[min(counters[index], len(responses) - 1)]
                    counters[index] += 1
            self.answer(response)

        def find_route(self, path, query):
            for index, route in enumerate(routes):
                if route["path"] != path:
                    continue
                wanted = route.get("match", {})
                if all(query.get(k, [None])[0] == str(v) for k, v in wanted.items()):
                    return index
            return None

        def answer(self, response):
            base = "http://127.0.0.1:%d" % self.server.server_address[1]
            time.sleep(response.get("delay", 0))
            if "body_file" in response:
                with open(os.path.join(HERE, response["body_file"]), "rb") as f:
                    body = f.read()
            elif "json" in response:
                body = json.dumps(response["json"], ensure_ascii=False).encode("utf-8")
            else:
                body = response.get("body", "").encode("utf-8")
            body = body.replace(b"{{base}}", base.encode())
            port = str(self.server.server_address[1])
            headers = {k: v.replace("{{base}}", base).replace("{{port}}", port) for k, v in response.get("headers", {}).items()}
            status = response.get("status", 200)
            if response.get("conditional"):
                etag, modified = headers.get("ETag"), headers.get("Last-Modified")
                if (etag and self.headers.get("If-None-Match") == etag) or (
                        modified and self.headers.get("If-Modified-Since") == modified):
                    status, body = 304, b""
            if response.get("gzip") and "gzip" in self.headers.get("Accept-Encoding", "") and body:
                body = gzip.compress(body)
                headers["Content-Encoding"] = "gzip"
            if "json" in response and "Content-Type" not in headers:
                headers["Content-Type"] = "application/json; charset=utf-8"
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command == "HEAD" or status == 304:
                return
            if response.get("body_delay"):
                self.wfile.flush()
                time.sleep(response["body_delay"])
            if response.get("truncate"):
                self.wfile.write(body[: len(body) // 2])
                self.wfile.flush()
                self.close_connection = True
                self.connection.shutdown(2)
                return
            self.wfile.write(body)

    # A parent's worker thread may have blocked these; the server must still stop on them.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    # When the test process goes away, however it ends, stdin closes and the server exits.
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
