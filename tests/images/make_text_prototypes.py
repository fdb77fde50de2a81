"""Write minesat.image.textboard.PROTOTYPES: the shape features of the characters a text board shows (digits
1-8, '#' a flag, 'o' and '*' a mine) in common monospace fonts (not a test).

Usage: .venv/bin/python tests/images/make_text_prototypes.py   (rewrites the block in py/minesat/image/textboard.py)

Each character is drawn by Pillow in white on black at a few terminal sizes, cut to the box of its ink (at
least `textboard.STRONG` from the ground), its pixels at least `textboard.GLYPH_LEVEL` of its strongest taken
for ink, and measured as the reader measures a screenshot's (`textboard.square_mask`, then
`cells.glyph_features`); with its height against the digit 8's and the middle
of its box against the hyphen's (in 8's heights).  X's bitmap fonts (misc-fixed) are drawn at their own size.
So the reader compares a screenshot's characters with fonts, never with any client's pixels.
"""

from __future__ import annotations

from pathlib import Path

from make_prototypes import bitmap_font, write_prototypes
from PIL import Image, ImageDraw, ImageFont

from minesat.image.glyphs import glyph_features
from minesat.image.textboard import GLYPH_LEVEL, STRONG, square_mask

FONTS = ["/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
         "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
         "/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf",
         "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Regular.otf"]
BITMAP_FONTS = [f"/usr/share/fonts/X11/misc/{name}.pcf.gz" for name in ("6x13", "7x13", "8x13", "9x15", "10x20")]
SIZES = (12, 16, 24, 40)  # pixels a character (em)
CHARS = "12345678#o*"


def _ink(image: Image.Image) -> tuple[list[bytes], tuple[int, int, int, int]]:
    box = image.point(lambda v: 255 if v >= STRONG else 0).getbbox()
    assert box is not None
    left, top, right, bottom = box
    pix = image.load()
    level = max(STRONG, GLYPH_LEVEL * max(pix[x, y] for x in range(left, right) for y in range(top, bottom)))
    rows = [bytes(1 if pix[x, y] >= level else 0 for x in range(left, right)) for y in range(top, bottom)]
    return rows, box


def _line(font: ImageFont.ImageFont | ImageFont.FreeTypeFont, char: str) -> str:
    boxes = {}
    for c in (char, "8", "-"):
        image = Image.new("L", (200, 200), 0)
        ImageDraw.Draw(image).text((50, 50), c, fill=255, font=font)
        rows, box = _ink(image)
        boxes[c] = box
        if c == char:
            glyph = glyph_features(square_mask(rows))
    assert glyph is not None
    eight = boxes["8"][3] - boxes["8"][1]
    height = (boxes[char][3] - boxes[char][1]) / eight
    middle = ((boxes[char][1] + boxes[char][3]) - (boxes["-"][1] + boxes["-"][3])) / 2 / eight
    zones = ",".join(str(round(z * 100)) for z in glyph.zones)
    return f"{char},{glyph.holes},{round(glyph.aspect * 100)},{round(height * 100)},{round(middle * 100)},{zones}"


def main() -> None:
    lines = [_line(ImageFont.truetype(path, size), char) for path in FONTS for size in SIZES for char in CHARS]
    for path in BITMAP_FONTS:
        font = bitmap_font(path)
        lines += [_line(font, char) for char in CHARS]
    write_prototypes(Path(__file__).resolve().parents[2] / "py" / "minesat" / "image" / "textboard.py", lines)


if __name__ == "__main__":
    main()
