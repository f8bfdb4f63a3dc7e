"""Draws the app icons (a wheat-gold sheaf cross on green) as PNG files.

Run from pwa/: python3 scripts/make-icons.py. Uses only the standard library.
"""
import struct
import zlib

GREEN = (47, 107, 79)
CREAM = (251, 248, 241)
GOLD = (217, 170, 72)


def png(size, pixels):
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in pixels)
    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def icon(size, safe):
    """`safe` is the fraction of the canvas the symbol may use (maskable icons need margin)."""
    c = size / 2
    r = size * safe / 2
    bar = r * 0.22
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            dx, dy = x + 0.5 - c, y + 0.5 - c
            in_circle = dx * dx + dy * dy <= r * r
            vertical = abs(dx) <= bar / 2 and -r * 0.7 <= dy <= r * 0.75
            horizontal = abs(dy + r * 0.25) <= bar / 2 and abs(dx) <= r * 0.45
            if vertical or horizontal:
                row.append(GOLD)
            elif in_circle:
                row.append(CREAM)
            else:
                row.append(GREEN)
        rows.append(row)
    return png(size, rows)


for name, size, safe in [("icon-192", 192, 0.86), ("icon-512", 512, 0.86), ("maskable-512", 512, 0.62)]:
    with open(f"public/icons/{name}.png", "wb") as f:
        f.write(icon(size, safe))
