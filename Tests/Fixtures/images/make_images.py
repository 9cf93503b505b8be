#!/usr/bin/env python3
"""Writes the PNG inputs of Gazette's image tests into a folder, with nothing but the standard
library (so the tests need no imaging package of their own):

    python3 make_images.py FOLDER [--bomb]

photo.png   640 x 480 RGB, gradients with deterministic noise: a photo-like picture
bomb.png    with --bomb: 30,000 x 30,000, one colour, 1 bit per pixel: about 110 KB that
            decodes to 900 million pixels (a decompression bomb)

The tests make the JPEG and WebP inputs from photo.png with libvips itself. phone.heic, beside
this script, is committed: a 400 x 300 drawing saved by libvips' heifsave (HEVC, quality 50), as
a phone saves a photo; writing one needs libheif's x265 encoder, reading it only its decoder.
"""
import random
import struct
import sys
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(path, width, height, colour_type, depth, rows):
    compressor = zlib.compressobj(9)
    parts = [compressor.compress(b"\x00" + row) for row in rows]
    parts.append(compressor.flush())
    header = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b""))


def photo_rows(width, height):
    noise = random.Random(16)
    for y in range(height):
        row = bytearray()
        for x in range(width):
            n = noise.randrange(24)
            row += bytes(((x * 255 // (width - 1) + n) % 256, (y * 255 // (height - 1) + n) % 256, ((x + y) * 255 // (width + height)) % 256))
        yield bytes(row)


def main():
    folder = sys.argv[1]
    png(folder + "/photo.png", 640, 480, 2, 8, photo_rows(640, 480))
    if "--bomb" not in sys.argv[2:]:
        return
    blank = bytes(30000 // 8)
    png(folder + "/bomb.png", 30000, 30000, 0, 1, (blank for _ in range(30000)))


if __name__ == "__main__":
    main()
