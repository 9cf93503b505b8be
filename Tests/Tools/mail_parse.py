#!/usr/bin/env python3
"""Reads an email message file with Python's `email` package (the policy mail tools use) and
prints what the tests check, as JSON: the decoded headers, the MIME structure, both parts'
decoded text, the widest line of the text part in terminal columns (East Asian wide and
fullwidth characters count two), the raw message's longest line and whether every line ends in
CRLF, and every href and src of the HTML part.

usage: mail_parse.py FILE.eml
"""
import email
import email.policy
import html.parser
import json
import sys
import unicodedata


def columns(line):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1 for c in line)


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src"):
                self.links.append(value)


def main():
    raw = open(sys.argv[1], "rb").read()
    message = email.message_from_bytes(raw, policy=email.policy.default)
    # As a reader shows them: line ends as the platform's (an 8bit part keeps the wire's CRLF).
    text = message.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
    page = message.get_body(preferencelist=("html",)).get_content().replace("\r\n", "\n")
    links = Links()
    links.feed(page)
    lines = raw.split(b"\r\n")
    print(json.dumps({
        "subject": str(message["Subject"]), "from": str(message["From"]), "to": str(message["To"]),
        "reply_to": str(message["Reply-To"]), "date": str(message["Date"]), "message_id": str(message["Message-ID"]),
        "type": message.get_content_type(), "parts": [part.get_content_type() for part in message.iter_parts()],
        "charsets": [part.get_content_charset() for part in message.iter_parts()],
        "encodings": [str(part["Content-Transfer-Encoding"]) for part in message.iter_parts()],
        "defects": [str(d) for d in message.defects] + [str(d) for part in message.iter_parts() for d in part.defects],
        "text": text, "html": page, "text_columns": max(columns(line) for line in text.split("\n")),
        "raw_longest": max(len(line) for line in lines), "bare_lf": b"\n" in b"".join(lines),
        "links": links.links,
    }, ensure_ascii=False))


if __name__ == "__main__":
    main()
