#!/usr/bin/env python3
"""gazette lsp on a large site, as an editor drives it: the time from a change to its
diagnostics, completion's time, the time to load the site, and the server's peak memory.

    python3 Benchmarks/lsp_bench.py .build/release/gazette [--journals 2000] [--changes 60]

The site is written by make_journals.py (N journals of about three A4 pages each, mixed Korean
and English, over 40 weeks; WEEKS and SYLLABLES pass through). One of its journals is opened and
changed N times, alternating a known tag and a misspelt one, each change sent as an editor sends
a keystroke (incremental) and timed until its publishDiagnostics arrives. Medians over the run;
the server's peak resident memory from /proc (VmHWM). Prints figures; asserts nothing but that
each change was answered with the diagnostics it should have."""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))


class Client:
    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1

    def send(self, message):
        message["jsonrpc"] = "2.0"
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def read(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = self.process.stdout.read(1)
            if not byte:
                raise SystemExit("the server closed its output")
            header += byte
        length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        request_id = self.next_id
        self.next_id += 1
        self.send({"id": request_id, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == request_id:
                return message

    def diagnostics(self, uri):
        while True:
            message = self.read()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--journals", type=int, default=2000)
    parser.add_argument("--changes", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gazette-lsp-bench-") as site:
        env = dict(os.environ, WEEKS=os.environ.get("WEEKS", "40"))
        subprocess.run([sys.executable, os.path.join(here, "make_journals.py"), site, str(args.journals)], check=True, env=env)
        folder = os.path.join(site, "content", "journals")
        name = sorted(os.listdir(folder))[args.journals // 2]
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            text = f.read()
        lines = text.split("\n")
        tag_line = next(i for i, line in enumerate(lines) if line.startswith("tags: ["))
        lines[tag_line] = "tags: [economy]"
        text = "\n".join(lines)
        uri = "file://" + os.path.join(folder, name)

        client = Client(args.binary)
        started = time.perf_counter()
        client.request("initialize", {"processId": None, "rootUri": "file://" + site, "capabilities": {}})
        loaded = time.perf_counter() - started
        client.send({"method": "initialized", "params": {}})
        client.send({"method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}})
        client.diagnostics(uri)

        changes = []
        for version in range(2, args.changes + 2):
            word = "economi" if version % 2 else "economy"
            sent = time.perf_counter()
            client.send({"method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": {"line": tag_line, "character": 7}, "end": {"line": tag_line, "character": 14}}, "text": word}]}})
            diagnostics = client.diagnostics(uri)
            changes.append((time.perf_counter() - sent) * 1000)
            flagged = any(d["code"] == "unknown-tag" for d in diagnostics)
            if flagged != (word == "economi"):
                raise SystemExit(f"change {version}: the diagnostics do not follow the text")

        completions = []
        for _ in range(20):
            sent = time.perf_counter()
            answer = client.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": {"line": tag_line, "character": 8}})
            completions.append((time.perf_counter() - sent) * 1000)
            if not answer["result"]["items"]:
                raise SystemExit("completion offered nothing")

        with open(f"/proc/{client.process.pid}/status") as f:
            peak = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
        client.request("shutdown", None)
        client.send({"method": "exit"})
        client.process.wait(timeout=30)

        changes.sort()
        print(f"gazette lsp, {args.journals} journals ({os.environ.get('WEEKS', '40')} weeks), {args.changes} changes")
        print(f"  load the site (initialize):   {loaded * 1000:8.1f} ms")
        print(f"  change -> diagnostics:        median {statistics.median(changes):6.2f} ms, "
              f"90th {changes[int(len(changes) * 0.9) - 1]:6.2f} ms, worst {changes[-1]:6.2f} ms")
        print(f"  completion (tags):            median {statistics.median(completions):6.2f} ms")
        print(f"  peak memory (VmHWM):          {peak / 1024:8.1f} MB")
        print(f"  exit status:                  {client.process.returncode}")


if __name__ == "__main__":
    main()
