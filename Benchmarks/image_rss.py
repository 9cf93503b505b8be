#!/usr/bin/env python3
"""Memory and time of `gazette fetch --enrich` making thumbnails (a figure, not a test).

    python3 Benchmarks/image_rss.py .build/debug/gazette

For each image, served from the loopback fixture server of the ingest tests to a site with no
sources and one stored article naming it: the maximum resident set size of the whole `gazette`
process (GNU time's -v), the wall time, what the fetch said about the image, and the sizes of
the thumbnails written. The images are made by Tests/Fixtures/images/make_images.py: a
640 x 480 photo-like PNG and a 30,000 x 30,000 one-colour PNG of about 110 KB (a decompression
bomb, which must cost at most 200 MB).
"""
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER = os.path.join(ROOT, "Tests/Fixtures/ingest/server.py")
MAKE_IMAGES = os.path.join(ROOT, "Tests/Fixtures/images/make_images.py")


def measure(gazette, image, work):
    script = os.path.join(work, "script.json")
    with open(script, "w") as f:
        json.dump({"routes": [{"path": "/img", "responses": [{"status": 200, "body_file": image}]}]}, f)
    server = subprocess.Popen([sys.executable, SERVER, script, os.path.join(work, "log.jsonl")],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        port = int(server.stdout.readline())
        site = os.path.join(work, "site")
        os.makedirs(os.path.join(site, "content/articles"))
        with open(os.path.join(site, "gazette.yml"), "w") as f:
            # The image is data on the loopback server: allowed as an intranet's would be.
            f.write("title: T\nnetwork: { allow_private: [127.0.0.1] }\n")
        record = {"description": "d", "id": "aaaaaaaaaaaa", "image": "http://127.0.0.1:%d/img" % port,
                  "published": "2023-11-14T10:00:00+09:00", "queries": [], "source": "manual", "title": "t",
                  "url": "https://news.example.com/a"}
        with open(os.path.join(site, "content/articles/2023-W46.jsonl"), "w") as f:
            # One record per line, as the store keeps them.
            f.write(json.dumps(record, sort_keys=True, ensure_ascii=False) + "\n")
        run = subprocess.run(["/usr/bin/time", "-v", gazette, "fetch", "--enrich", "--site", site],
                             capture_output=True, text=True)
    finally:
        server.stdin.close()
        server.kill()
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", run.stderr).group(1))
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", run.stderr).group(1)
    said = [line for line in run.stderr.splitlines() if line.startswith("warning: images:")]
    folder = os.path.join(site, "content/thumbnails")
    sizes = sorted(os.path.getsize(os.path.join(folder, n)) for n in os.listdir(folder)) if os.path.isdir(folder) else []
    return rss, wall, run.returncode, said, sizes


def main():
    gazette = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="gazette-image-rss-") as folder:
        subprocess.run([sys.executable, MAKE_IMAGES, folder, "--bomb"], check=True)
        print("%-10s %10s %8s %5s  %s" % ("image", "max RSS", "wall", "exit", "thumbnails / warning"))
        for name in ["photo.png", "bomb.png"]:
            work = os.path.join(folder, "run-" + name)
            os.makedirs(work)
            rss, wall, status, said, sizes = measure(gazette, os.path.join(folder, name), work)
            outcome = ", ".join("%d B" % s for s in sizes) or (said[0] if said else "-")
            print("%-10s %7.1f MB %8s %5d  %s" % (name, rss / 1024, wall, status, outcome))


if __name__ == "__main__":
    main()
