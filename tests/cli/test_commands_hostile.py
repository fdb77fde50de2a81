"""The command line (minesat.cli.commands) on hostile input: one line on standard error and exit 2,
never a traceback, a Python warning or a terminal escape (issue 36)."""

from __future__ import annotations

import io
import json
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent.parent
CORRUPT = Path(__file__).resolve().parent / "images"


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """`python -m minesat ...` from the repository root; output as text (undecodable bytes escaped)."""
    done = subprocess.run([sys.executable, "-m", "minesat", *args], cwd=ROOT, env=dict(os.environ, PYTHONPATH="py"),
                          input=stdin if stdin is not None else b"", capture_output=True, timeout=120)
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(errors="backslashreplace"),
                                       done.stderr.decode(errors="backslashreplace"))


def refused(done: subprocess.CompletedProcess, *words: str) -> None:
    """One line on standard error, starting with minesat:, holding `words`; exit 2; no escape character."""
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("minesat: "), done.stderr
    assert "\x1b" not in done.stderr and "\x1b" not in done.stdout
    for word in words:
        assert word in done.stderr, (word, done.stderr)


def png_declaring(width: int, height: int) -> bytes:
    """A PNG of a few dozen bytes whose header declares width x height pixels (and no pixel data)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IEND", b""))


def icns_with_a_broken_png() -> bytes:
    """An Apple icon file whose 128x128 entry is a PNG cut short (Pillow raises SyntaxError on it)."""
    png = io.BytesIO()
    Image.new("RGBA", (128, 128), "red").save(png, "PNG")
    broken = png.getvalue()[:40] + bytes(20)
    entry = b"ic07" + struct.pack(">I", 8 + len(broken)) + broken
    return b"icns" + struct.pack(">I", 8 + len(entry)) + entry


# -- read-image: items 3 and 4 ----------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("name", ["corrupt-runtime.avif", "corrupt-syntax.avif"])
def test_read_image_refuses_a_corrupt_avif_in_one_line(name):
    """Mutated AVIF files on which Pillow's convert() raises RuntimeError and SyntaxError."""
    refused(run("read-image", str(CORRUPT / name)), "cannot read", name)


@pytest.mark.slow
def test_read_image_refuses_an_icns_holding_a_broken_png(tmp_path):
    path = tmp_path / "broken.icns"
    path.write_bytes(icns_with_a_broken_png())
    refused(run("read-image", str(path)), "cannot read", "broken.icns")


@pytest.mark.slow
def test_read_image_prints_no_warning_of_a_corrupt_tiff():
    """A mutated TIFF that Pillow decodes with a UserWarning (a tag with too many entries): only minesat's line."""
    done = run("read-image", str(CORRUPT / "corrupt-warning.tif"))
    refused(done, "corrupt-warning.tif")
    assert "Warning" not in done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("side", [10_000, 16_000, 100_000])
def test_read_image_calls_a_decompression_bomb_too_large(tmp_path, side):
    """A 45-byte PNG declaring side x side pixels: Pillow warns (10000: 1e8 pixels) or refuses (past 1.8e8)."""
    path = tmp_path / "bomb.png"
    path.write_bytes(png_declaring(side, side))
    done = run("read-image", str(path))
    refused(done, "bomb.png", "more pixels than a screenshot")
    assert "DecompressionBomb" not in done.stderr


def test_read_image_of_empty_standard_input_says_so():
    refused(run("read-image", "-", stdin=b""), "standard input is empty")


@pytest.mark.slow
def test_read_image_of_a_corrupt_image_on_standard_input(tmp_path):
    refused(run("read-image", "-", stdin=icns_with_a_broken_png()), "cannot read - as an image")
    assert "BufferedReader" not in run("read-image", "-", stdin=b"not an image").stderr


# -- values quoted from a file: item 5 -----------------------------------------------------------
ESCAPE = "\u001b[2J"  # clears a terminal


def record(**fields: object) -> bytes:
    return json.dumps({"rows": 3, "cols": 3, "mines": [[0, 0]], "moves": [[2, 2, "open"]]} | fields).encode()


@pytest.mark.slow
@pytest.mark.parametrize("fields", [{"total": ESCAPE}, {"moves": [[ESCAPE, 0, "open"]]},
                                    {"moves": [[0, 0, ESCAPE]]}, {"mines": [[ESCAPE, 1]]}],
                         ids=["total", "move's cell", "move's kind", "mine"])
def test_review_escapes_a_record_value_it_quotes(tmp_path, fields):
    path = tmp_path / "game.json"
    path.write_bytes(record(**fields))
    done = run("review", str(path))
    refused(done, "game.json", "\\u001b[2J")


def test_analyze_escapes_a_minesweepr_links_topology(tmp_path):
    path = tmp_path / "link.txt"
    path.write_text(f"https://mrgris.com/projects/minesweepr/demo/analyzer/?topo={ESCAPE}&w=2&h=1&board=xx\n")
    refused(run("analyze", str(path)), "\\x1b[2J")


# -- messages: item 7 --------------------------------------------------------------------------------
def test_review_accepts_a_record_with_a_byte_order_mark(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + record())
    done = run("review", str(path))
    assert done.returncode == 0, done.stderr
    assert [json.loads(line)["move"] for line in done.stdout.splitlines()] == [[2, 2, "open"]]


@pytest.mark.slow
@pytest.mark.parametrize("fields, words", [
    ({"moves": [[True, 0, "open"]]}, "not [true, 0]"),
    ({"total": 1e300}, "not 1e300"),
    ({"total": None, "mines": [[0, None]]}, "not [0, null]"),
    ({"total": "2"}, 'not "2"'),
], ids=["true", "exponent", "null", "string"])
def test_review_spells_record_values_as_json(tmp_path, fields, words):
    path = tmp_path / "game.json"
    path.write_text(record(**fields).decode().replace("1e+300", "1e300"))
    done = run("review", str(path))
    refused(done, words)
    for python in ("True", "None", "1e+300", "'2'"):
        assert python not in done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_board_file_is_named_so(tmp_path, encoding):
    path = tmp_path / "board.txt"
    path.write_bytes("1?\n??\n".encode(encoding))
    refused(run("analyze", str(path)), "board.txt", "UTF-16")


def test_a_board_file_with_two_links_names_them(tmp_path):
    first, second = "https://example.org/minesat/#board=1%3F/%3F%3F&mines=1", "https://example.org/#board=0/0"
    path = tmp_path / "links.txt"
    path.write_text(f"{first}\n{second}\n")
    done = run("analyze", str(path))
    refused(done, "2 links", first, second)
    assert "unknown cell" not in done.stderr


@pytest.mark.slow
def test_advise_escapes_the_file_name_it_quotes(tmp_path):
    """A board with no layout, in a file whose name holds an escape: the name is quoted escaped."""
    path = tmp_path / f"board{ESCAPE}.txt"
    path.write_text("mines=0\n1?\n??\n")
    done = run("advise", str(path))
    refused(done, "\\x1b[2J")
