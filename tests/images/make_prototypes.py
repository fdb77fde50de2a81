"""Write minesat.image.glyphs.PROTOTYPES: the shape features of digits 0-8 in ten common fonts and X's standard
bitmap fonts, and of digits drawn in seven segments (not a test).

Usage: .venv/bin/python tests/images/make_prototypes.py   (rewrites the block in py/minesat/image/glyphs.py)
Fonts: Debian's fonts-dejavu-core, fonts-liberation, fonts-noto-mono, xfonts-base, for the open 4s
fonts-firacode and fonts-b612, for the footless 1s fonts-open-sans and fonts-cantarell, for the footed 1s
fonts-freefont-ttf (`apt-get install` them first).

Each digit is drawn by Pillow in black on white, sampled on the reader's grid of SAMPLES x SAMPLES
per cell (the glyph about half the cell's height, as clients draw them), and measured by
`minesat.image.glyphs.glyph_features`; so the reader compares a screenshot's glyphs with fonts, never with
any client's pixels.  X's bitmap fonts (misc-fixed, Debian's `xfonts-base`: the server's default font, which
X programs draw with when theirs is missing) are drawn at their own size and enlarged pixel for pixel.
"""

from __future__ import annotations

import gzip
import re
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, PcfFontFile

from minesat.image.cells import SAMPLES
from minesat.image.glyphs import glyph_features

FONTS = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf",
]
# a 0 is drawn plain, dotted or slashed: also Noto Sans Mono's (Debian's `fonts-noto-mono`, the monospace font
# browsers pick there), slashed, for the clients that draw a 0 on every empty cell
ZEROS = [f"/usr/share/fonts/truetype/noto/NotoSansMono-{style}.ttf" for style in ("Regular", "Bold")]
# a 4 is drawn closed or open at its top (Segoe UI's, Fira's, the emoji keycaps'): the open 4s of Fira Code and B612
# (Debian's `fonts-firacode` and `fonts-b612`), their 4 alone
OPEN_FOURS = ["/usr/share/fonts/truetype/firacode/FiraCode-Bold.ttf", "/usr/share/fonts/opentype/b612/B612-Bold.otf"]
# a 1 without a foot and with a long flag, as interface fonts draw it: Open Sans's and Cantarell's, bold (Debian's
# fonts-open-sans and fonts-cantarell), their 1 alone
FOOTLESS_ONES = ["/usr/share/fonts/truetype/open-sans/OpenSans-Bold.ttf",
                 "/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf"]
# a 1 with a long flag and a wide foot, its stem right of its middle (typewriter fonts', Windows' Minesweeper's):
# Liberation Mono's and GNU FreeMono's (Debian's fonts-liberation and fonts-freefont-ttf), their 1 alone
FOOTED_ONES = ["/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
               "/usr/share/fonts/truetype/freefont/FreeMonoBold.ttf"]
OUTLINED = [FONTS[0], FONTS[1], FONTS[5], FONTS[6]]  # the sans fonts, regular and bold, drawn with an outline
BITMAP_FONTS = [f"/usr/share/fonts/X11/misc/{name}.pcf.gz" for name in ("6x13", "6x13B", "7x13B", "8x13B", "9x15B")]
CELL = 96  # pixels of the drawn cell, sampled down to SAMPLES
# digits of seven segments, as LED counters and calculators draw them (and some clients their cells' numbers):
# the segments each digit lights, a to g (top, upper right, lower right, bottom, lower left, upper left, middle);
# a 1 of segments is a bar, as footless fonts' 1s are, a 0 is no cell's number, and a 7 of segments is a 1's flag
# and stem (the face of a footed 1 would be named 7), a digit so rare it is left to the fonts'
SEGMENTS = {2: "abged", 3: "abgcd", 4: "fgbc", 5: "afgcd", 6: "afgedc", 8: "abcdefg"}


def bitmap_font(font_path: str) -> ImageFont.ImageFont:
    """One of X's bitmap fonts (a gzipped PCF file), for Pillow to draw with."""
    with tempfile.TemporaryDirectory() as tmp, gzip.open(font_path) as fp:
        PcfFontFile.PcfFontFile(fp).save(f"{tmp}/font")
        return ImageFont.load(f"{tmp}/font.pil")


def write_prototypes(path: Path, lines: list[str]) -> None:
    """The PROTOTYPES block of the module at `path` rewritten with `lines`, as many a line as fit."""
    packed = [""]
    for item in lines:
        if packed[-1] and len(packed[-1]) + len(item) > 110:
            packed.append("")
        packed[-1] += item + " "
    body = "PROTOTYPES = (\n" + "".join(f'    "{line}"\n' for line in packed) + ")\n"
    text = re.sub(r"(# PROTOTYPES-BEGIN\n).*?(# PROTOTYPES-END)", lambda m: m.group(1) + body + m.group(2),
                  path.read_text(), flags=re.S)
    path.write_text(text)
    print(len(lines), "prototypes")


def bitmap_features(font_path: str, digit: int, height: float) -> str:
    font = bitmap_font(font_path)
    small = Image.new("L", (40, 40), 255)
    ImageDraw.Draw(small).text((4, 4), "8", fill=0, font=font)
    eight = _ink_box(small)
    small = Image.new("L", (40, 40), 255)
    ImageDraw.Draw(small).text((4, 4), str(digit), fill=0, font=font)
    left, top, right, bottom = _ink_box(small)
    k = max(1, round(height * CELL / (eight[3] - eight[1])))
    glyph = small.crop((left, top, right, bottom)).resize(((right - left) * k, (bottom - top) * k), Image.NEAREST)
    image = Image.new("L", (CELL, CELL), 255)
    image.paste(glyph, ((CELL - glyph.width) // 2, (CELL - glyph.height) // 2))
    return _measured(image, digit)


def _ink_box(image: Image.Image) -> tuple[int, int, int, int]:
    box = Image.eval(image, lambda v: 255 - v).getbbox()
    assert box is not None
    return box


def features(font_path: str, digit: int, height: float, stroke: int = 0) -> str:
    """The digit drawn `height` of the cell tall, with an outline `stroke` pixels wide around it (text drawn
    with a stroke, as SVG and canvas clients often do, is heavier than the font's bold)."""
    image = Image.new("L", (CELL, CELL), 255)
    draw = ImageDraw.Draw(image)
    size = 10
    font = ImageFont.truetype(font_path, size)
    while True:  # the font size whose digit 8 is `height` of the cell tall
        box = draw.textbbox((0, 0), "8", font=font, stroke_width=stroke)
        if box[3] - box[1] >= height * CELL:
            break
        size += 1
        font = ImageFont.truetype(font_path, size)
    box = draw.textbbox((0, 0), str(digit), font=font, stroke_width=stroke)
    x = (CELL - (box[2] - box[0])) / 2 - box[0]
    y = (CELL - (box[3] - box[1])) / 2 - box[1]
    draw.text((x, y), str(digit), fill=0, font=font, stroke_width=stroke, stroke_fill=0)
    return _measured(image, digit)


def outlined(font_path: str, height: float, stroke: int) -> list[str]:
    """The digits 0-8 of a font drawn with an outline, when the outline leaves them legible (its 8 keeps its
    two loops and its 6 its one): else none."""
    lines = [features(font_path, digit, height, stroke) for digit in range(9)]
    holes = {int(line.split(",")[0]): int(line.split(",")[1]) for line in lines}
    return lines if holes[8] == 2 and holes[6] >= 1 else []



def segmented(digit: int, height: float, width: float, stroke: float) -> str:
    """The digit drawn in seven segments, `height` of the cell tall, `width` of its height wide, each segment
    `stroke` of its height thick."""
    image = Image.new("L", (CELL, CELL), 255)
    draw = ImageDraw.Draw(image)
    tall = height * CELL
    wide, thick = width * tall, stroke * tall
    left, top = (CELL - wide) / 2, (CELL - tall) / 2
    right, bottom, middle = left + wide, top + tall, top + tall / 2
    boxes = {"a": (left, top, right, top + thick), "d": (left, bottom - thick, right, bottom),
             "g": (left, middle - thick / 2, right, middle + thick / 2),
             "b": (right - thick, top, right, middle), "c": (right - thick, middle, right, bottom),
             "f": (left, top, left + thick, middle), "e": (left, middle, left + thick, bottom)}
    for segment in SEGMENTS[digit]:
        x0, y0, x1, y1 = boxes[segment]
        draw.rectangle((round(x0), round(y0), round(x1) - 1, round(y1) - 1), fill=0)
    return "s" + _measured(image, digit)  # (marked: no three-dimensional number's face is of segments)


def _measured(image: Image.Image, digit: int) -> str:
    n = SAMPLES
    pix = image.load()
    mask = [[pix[int((j + 0.5) * CELL / n), int((i + 0.5) * CELL / n)] < 128 for j in range(n)] for i in range(n)]
    glyph = glyph_features(mask)
    assert glyph is not None
    zones = ",".join(str(round(z * 100)) for z in glyph.zones)
    return f"{digit},{glyph.holes},{round(glyph.aspect * 100)},{zones}"


def main() -> None:
    lines = [features(font, digit, height) for font in FONTS for height in (0.45, 0.6) for digit in range(9)]
    lines += [features(font, 0, height) for font in ZEROS for height in (0.45, 0.6)]
    lines += [features(font, 4, height) for font in OPEN_FOURS for height in (0.45, 0.6)]
    lines += [features(font, 1, height) for font in FOOTLESS_ONES for height in (0.45, 0.6)]
    lines += [features(font, 1, height) for font in FOOTED_ONES for height in (0.45, 0.6)]
    lines += [bitmap_features(font, digit, 0.45) for font in BITMAP_FONTS for digit in range(9)]
    lines += [line for font in OUTLINED for height in (0.4, 0.5) for stroke in (2, 3)
              for line in outlined(font, height, stroke)]
    lines += [segmented(digit, height, width, stroke) for height in (0.45, 0.6)
              for width, stroke in ((0.55, 0.12), (0.65, 0.18), (0.72, 0.12)) for digit in SEGMENTS]
    write_prototypes(Path(__file__).resolve().parents[2] / "py" / "minesat" / "image" / "glyphs.py", lines)


if __name__ == "__main__":
    main()
