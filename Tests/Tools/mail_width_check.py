#!/usr/bin/env python3
"""Loads an HTML mail part in Debian's Chromium at each given viewport width, with images and
scripts as a mail client would show it (from a file), and prints one line per width:
`WIDTH scrollWidth=N clientWidth=N`. Exits 1 when the page scrolls sideways at any width.

usage: mail_width_check.py HTML_FILE WIDTH...
"""
import sys

sys.dont_write_bytecode = True
import os  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browsers  # noqa: E402


def main():
    path, widths = sys.argv[1], [int(w) for w in sys.argv[2:]]
    browser = browsers.start("chromium", width=widths[0])
    wide = False
    try:
        browser.load("file://" + os.path.abspath(path))
        for width in widths:
            browser.set_viewport(width)
            scroll, client = browser.execute(
                "return [document.documentElement.scrollWidth, document.documentElement.clientWidth];")
            print(f"{width} scrollWidth={scroll} clientWidth={client}")
            wide = wide or scroll > client
    finally:
        browser.quit()
    sys.exit(1 if wide else 0)


if __name__ == "__main__":
    main()
