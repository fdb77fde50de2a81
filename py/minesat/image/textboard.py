"""A Minesweeper board drawn as text (a curses game in a terminal, such as freesweep): pure Python, no numpy.

Used by `minesat.image.reader.read_image` when no grid of drawn tiles is found.  A text board is a
rectangle of squares each k characters wide and one text line tall, each showing one character: '-'
hidden, a blank opened with no mine about, a digit its number, a dense mark ('#') a flag, a small round
or starred mark ('o', '*': a mine shown at the end of a game) hidden.  It is found in four steps:

1. Ink: the pixels far from the image's commonest colour (strong ink), and those a little off it (faint).
2. The lattice: the hyphens (short thin bars) in rows, evenly spaced by a pitch P at least 2.6 times their
   width (a ruled line of hyphens is one character apart, nearly touching: never a board); the rows of such
   hyphens one text line (L) apart.  The glyph advance A is the commonest distance between neighbouring
   glyphs on a line; k = P / A (at least 2).
3. The board: the squares about the largest cluster of hyphens on the lattice, grown while the next row or
   column is made of readable squares whose other characters are blank (a border stops it: a rule of '-',
   '|', or a line drawn across); rows or columns of blanks only are taken when such a rule lies beyond them.
4. Each square's middle character read: none (a 0; faint ink only: unsure), a bar of the hyphens' size at
   their height (hidden), or a glyph: the run of inked columns nearest the middle (a cursor's '<' '>' and a
   terminal cursor's block beside it left out), measured by `minesat.image.glyphs.glyph_features` and
   compared with `PROTOTYPES`, the characters rendered from monospace fonts (their shape, and their height
   against the digits' and their place against the hyphen's: an 'o' is lower than a digit, a '*' higher).

Each square gets a confidence like the tile reader's: a glyph's from the margin between the two nearest
characters, squares no game can show (a 0 by a hidden square, a number with too few hidden squares about
it) below the threshold, and all of them when the board may go on past the image's side.  Text that is
not a board (prose, code, listings) has no rows of evenly spaced hyphens with blank characters between
them, or numbers that no game can show: `read_text_board` gives None.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from operator import sub
from statistics import median_high

from minesat.board import FLAG, HIDDEN, Board
from minesat.image.consistency import impossible_numbers, inconsistent
from minesat.image.glyphs import Glyph, glyph_features
from minesat.image.grid import Grid

STRONG = 72  # a channel this far from the ground is ink
GLYPH_LEVEL = 0.4  # a glyph's ink: this share of its strongest pixel's distance from the ground at least
FAINT = 24  # and this far, a faint mark (a colour a grayscale copy nearly lost)
MIN_SIDE = 4  # squares a side at least
Box = tuple[int, int, int, int, int]  # top, left, bottom, right (inclusive), pixels of ink

# The characters of a text board (digits 1-8, '#', 'o', '*') in monospace fonts (DejaVu Sans Mono, Liberation
# Mono, Noto Sans Mono, Nimbus Mono at 12-40 pixels; X's misc-fixed 6x13 to 10x20), rendered by
# tests/images/make_text_prototypes.py: the character, holes, aspect, height (against an 8's), the middle of its
# box below the hyphen's (in 8's heights), all in hundredths, then the 15 zone densities.  Generated: do not
# edit by hand.
# PROTOTYPES-BEGIN
PROTOTYPES = (
    "1,0,65,100,-11,77,100,8,8,100,8,8,100,8,8,100,8,54,100,54 "
    "2,0,55,100,-11,48,77,59,14,2,66,0,7,48,23,91,23,100,55,50 "
    "3,0,55,100,-11,48,84,59,14,18,77,34,84,59,0,0,55,77,50,50 "
    "4,1,75,100,-11,0,35,60,15,80,60,50,40,60,70,60,80,0,20,60 "
    "5,0,55,100,-11,89,75,75,66,25,11,25,32,86,0,0,55,77,55,73 "
    "6,1,55,100,-11,59,77,48,77,27,25,100,32,52,55,0,55,73,55,50 "
    "7,0,55,100,-11,75,75,89,0,27,75,0,36,45,0,73,23,45,36,0 "
    "8,2,65,100,-11,63,75,17,69,0,46,63,75,17,46,0,69,73,50,50 "
    "#,1,85,89,-6,0,53,53,49,88,88,12,47,38,66,68,56,53,38,6 o,1,70,78,0,52,82,43,82,14,64,64,0,64,73,7,64,68,64,50 "
    "*,0,85,67,-28,0,53,0,51,65,60,47,100,29,50,76,50,13,53,18 "
    "1,0,55,100,-12,86,64,0,18,64,0,18,64,0,18,64,0,39,73,25 "
    "2,0,55,100,-12,77,50,77,7,0,82,0,18,77,23,57,9,70,34,25 "
    "3,0,65,100,-12,73,58,42,0,15,54,8,37,48,0,0,35,31,33,40 "
    "4,1,65,100,-12,0,73,31,23,56,31,62,23,31,37,37,48,0,15,31 "
    "5,0,55,100,-12,64,50,50,59,25,18,32,34,84,0,0,41,32,43,89 "
    "6,1,65,100,-12,54,58,27,71,25,8,85,33,33,69,0,58,63,40,40 "
    "7,0,65,100,-12,50,58,77,0,27,48,0,54,15,8,62,0,31,38,0 "
    "8,2,65,100,-12,54,65,42,71,8,31,65,48,48,69,0,69,63,40,52 "
    "#,1,95,92,-8,0,16,32,37,84,68,13,53,5,67,71,36,39,36,0 o,1,85,75,0,38,78,38,69,3,51,71,0,71,71,0,53,47,56,47 "
    "*,0,85,67,-29,0,53,0,66,53,26,12,100,65,47,65,34,0,53,0 1,0,55,100,-11,75,89,0,0,82,0,0,82,0,0,82,0,50,91,50 "
    "2,0,65,100,-11,69,77,21,0,4,48,0,33,25,10,58,2,87,54,50 "
    "3,0,60,100,-11,75,81,31,0,0,62,19,81,44,0,6,69,50,56,56 "
    "4,1,70,100,-11,0,39,36,4,52,36,52,20,36,82,54,68,0,7,36 "
    "5,0,60,100,-11,94,75,38,81,25,0,38,31,69,0,0,62,50,56,50 "
    "6,1,65,100,-11,25,79,58,60,25,8,90,29,65,46,0,69,46,54,56 "
    "7,0,60,100,-11,75,75,88,0,6,56,0,62,25,0,88,0,38,38,0 "
    "8,2,65,100,-11,48,79,46,58,0,52,48,79,52,58,0,69,50,50,62 "
    "#,1,85,100,-11,0,43,50,41,71,65,12,47,12,65,75,32,51,37,0 "
    "o,1,85,72,3,65,100,29,74,3,65,53,0,88,62,0,71,78,78,43 "
    "*,0,100,56,-33,0,60,0,65,70,60,10,100,40,65,70,60,0,60,0 1,0,55,97,-13,68,89,0,0,82,0,0,82,0,0,82,0,50,91,50 "
    "2,0,60,100,-15,62,56,56,0,0,75,0,19,69,6,56,0,81,56,50 3,0,60,100,-15,56,56,38,0,0,50,12,62,50,0,0,75,56,50,56 "
    "4,1,65,97,-13,0,50,54,12,50,54,54,19,54,73,58,77,0,15,54 "
    "5,0,65,97,-13,75,75,40,71,25,2,25,35,56,0,0,69,56,50,56 "
    "6,1,65,100,-15,29,60,38,63,21,2,90,33,56,69,0,52,56,50,50 "
    "7,0,60,97,-13,75,75,88,0,12,62,0,44,25,0,75,0,31,50,0 "
    "8,2,65,100,-15,52,58,46,69,0,52,60,65,48,69,0,58,67,50,50 "
    "#,1,85,97,-13,0,40,40,32,69,66,16,43,29,65,68,35,43,54,0 "
    "o,1,75,77,-3,55,85,55,65,0,60,60,0,60,60,0,65,70,60,70 *,0,100,60,-35,0,45,0,48,51,48,6,96,17,50,65,54,4,45,4 "
    "1,0,75,100,-6,25,100,0,25,100,0,0,100,0,0,100,0,50,100,50 "
    "2,0,60,100,-6,50,75,50,12,0,50,0,50,75,50,62,12,100,62,50 "
    "3,0,60,100,-6,50,75,88,12,0,50,0,38,50,12,0,50,50,50,75 "
    "4,1,75,100,-6,0,55,60,30,100,60,50,40,60,65,70,80,0,40,60 "
    "5,0,60,100,-6,88,75,75,50,0,0,50,50,75,12,0,50,50,50,50 "
    "6,1,60,100,-6,62,81,50,62,6,12,100,62,75,75,12,50,75,62,50 "
    "7,0,65,100,-6,75,75,92,0,12,40,0,42,15,8,73,0,31,85,0 8,2,60,100,-6,50,75,50,50,0,50,50,50,50,50,0,50,50,50,75 "
    "#,0,85,100,-6,12,24,53,51,81,88,6,24,6,63,62,56,53,24,12 o,1,85,88,0,60,74,12,76,9,47,53,6,87,65,7,47,74,53,24 "
    "*,0,80,62,-38,25,50,0,100,50,75,100,100,25,25,100,25,75,50,25 "
    "1,0,75,100,-9,10,70,0,50,50,0,0,40,0,0,40,0,25,55,25 2,0,75,100,-9,40,70,40,40,0,40,0,40,35,25,40,0,80,30,25 "
    "3,0,75,100,-9,40,70,40,40,0,40,0,35,50,20,5,75,75,35,55 "
    "4,1,75,100,-9,0,60,20,10,50,20,50,30,20,60,60,60,0,20,20 "
    "5,0,75,100,-9,70,50,30,80,0,0,70,55,45,20,0,70,75,35,45 "
    "6,1,75,100,-9,40,70,40,60,0,0,95,60,45,70,0,70,45,45,45 7,0,65,100,-9,50,50,73,0,19,73,0,50,8,2,42,2,8,62,0 "
    "8,2,75,100,-9,40,60,30,80,0,40,55,50,50,80,5,75,45,35,55 "
    "#,1,85,100,-9,0,35,35,32,68,68,15,26,29,65,65,65,31,41,7 o,1,85,82,0,38,78,38,69,3,51,71,0,71,71,0,53,47,56,47 "
    "*,0,85,64,-36,13,53,13,76,76,50,25,91,12,12,78,12,47,29,47 "
    "1,0,65,100,-12,13,62,0,48,50,0,0,46,0,0,46,0,50,73,50 2,0,70,100,-12,52,79,46,54,0,75,0,45,36,29,46,0,87,50,50 "
    "3,0,70,100,-12,59,77,46,16,0,64,11,77,41,16,2,79,66,52,70 "
    "4,1,75,100,-12,0,30,40,0,35,40,50,5,40,75,50,70,25,25,55 "
    "5,0,70,100,-12,96,75,59,68,25,4,46,27,71,16,0,80,66,52,54 "
    "6,1,65,100,-12,48,83,48,54,25,19,85,33,73,52,0,63,58,58,58 "
    "7,0,65,100,-12,75,75,87,0,21,54,0,44,8,15,48,0,31,38,0 "
    "8,2,75,100,-12,45,75,40,60,0,60,50,75,50,70,0,80,55,50,65 "
    "#,1,80,100,-12,6,22,47,39,34,48,38,12,25,58,44,25,42,22,2 "
    "o,1,95,81,-3,37,100,37,51,0,75,79,0,71,55,0,63,47,75,47 "
    "*,0,100,50,-44,0,75,0,56,75,23,50,90,62,26,76,36,55,22,58 "
    "1,0,75,100,-10,10,70,0,40,40,0,0,40,0,0,40,0,50,70,50 2,0,65,100,-10,65,83,65,52,0,69,0,25,50,23,56,2,85,50,50 "
    "3,0,70,100,-10,64,77,46,32,0,64,7,64,52,27,0,59,75,54,64 "
    "4,1,75,100,-10,0,45,40,5,45,40,45,5,40,70,50,70,0,0,40 "
    "5,0,75,100,-10,75,75,45,45,25,0,70,50,55,15,0,55,65,55,50 "
    "6,1,70,100,-10,21,77,52,59,18,14,87,50,66,59,0,54,48,59,64 "
    "7,0,65,100,-10,75,75,92,0,13,50,0,52,17,4,65,0,25,38,0 "
    "8,2,65,100,-10,63,75,63,69,0,69,73,50,73,58,0,63,79,50,79 "
    "#,1,85,100,-10,9,35,40,29,43,51,19,6,19,51,38,29,40,34,6 "
    "o,1,90,85,-2,38,88,54,67,0,67,58,0,54,67,0,67,54,62,67 "
    "*,0,100,54,-44,0,45,0,22,45,15,55,100,62,11,82,22,45,34,56 "
    "1,0,55,100,-11,59,100,45,25,93,45,0,91,45,0,91,45,23,95,73 "
    "2,0,65,100,-11,52,75,17,12,0,46,0,46,52,31,69,4,96,50,50 "
    "3,0,55,100,-11,89,75,48,14,2,66,34,77,59,0,0,55,50,50,50 "
    "4,1,75,100,-11,0,35,20,5,70,20,50,40,20,70,60,60,0,20,20 "
    "5,0,55,100,-11,89,75,75,66,25,11,25,32,86,0,0,55,50,55,73 "
    "6,1,65,100,-11,63,75,40,71,25,2,94,25,37,46,0,92,73,50,27 "
    "7,0,65,100,-11,75,75,87,0,15,48,0,62,19,8,69,4,31,38,0 "
    "8,2,55,100,-11,48,75,48,52,25,66,45,100,59,77,5,55,50,50,50 "
    "#,1,75,100,-11,5,50,40,40,65,65,20,40,20,80,70,60,40,50,20 "
    "o,1,85,78,0,49,75,22,53,0,71,53,0,88,53,0,79,50,50,32 "
    "*,0,100,56,-44,0,60,0,0,60,0,100,100,100,40,100,40,40,40,40 "
    "1,0,50,100,-12,55,80,0,18,80,0,10,80,0,10,80,0,33,85,25 "
    "2,0,65,100,-12,88,65,42,0,8,38,0,38,42,27,48,0,94,37,25 3,0,55,100,-12,77,50,77,0,0,82,5,43,89,0,0,27,66,43,75 "
    "4,1,65,100,-12,0,62,31,23,56,31,50,23,31,60,48,48,0,27,31 "
    "5,0,55,100,-12,64,50,50,55,0,0,39,43,68,0,0,68,59,43,89 "
    "6,1,65,100,-12,38,62,27,71,25,8,85,33,56,69,0,58,63,40,40 "
    "7,0,65,100,-12,50,50,85,0,12,40,0,50,31,0,46,0,23,35,0 "
    "8,2,65,100,-12,54,65,42,71,27,46,65,94,37,69,8,62,87,40,52 "
    "#,1,75,100,-12,0,40,20,15,60,70,35,55,55,70,80,60,40,40,0 "
    "o,1,85,75,0,38,78,38,69,3,51,44,0,71,71,0,53,47,56,47 "
    "*,0,85,58,-42,0,53,0,26,74,50,88,99,100,47,87,25,47,26,59 1,0,65,100,-15,38,77,0,6,46,0,0,46,0,0,46,0,38,73,44 "
    "2,0,65,100,-15,69,79,25,0,0,46,0,35,35,19,79,0,85,50,50 "
    "3,0,65,100,-15,63,79,37,0,8,73,27,63,48,0,0,87,56,54,52 "
    "4,1,75,100,-15,0,40,40,0,55,40,35,10,40,85,75,85,0,0,40 "
    "5,0,65,100,-15,75,75,52,87,0,0,50,60,52,0,0,81,50,50,50 "
    "6,1,75,100,-15,15,70,45,40,0,0,80,50,50,70,0,60,35,50,50 7,0,75,100,-15,75,75,95,0,0,45,0,25,30,0,70,0,5,55,0 "
    "8,2,65,100,-15,63,79,25,58,0,46,62,63,19,52,4,83,62,54,52 "
    "#,1,85,100,-15,0,35,35,41,69,62,29,51,38,78,82,65,28,49,3 "
    "o,1,95,76,-3,37,100,37,59,0,67,79,0,47,63,0,63,47,75,47 "
    "*,0,100,59,-41,0,60,0,30,60,30,55,100,55,25,85,25,20,20,50 "
    "1,0,55,100,-14,41,89,0,20,82,0,0,82,0,0,82,0,50,91,50 2,0,65,100,-14,52,71,33,6,0,58,0,17,46,15,63,2,87,54,50 "
    "3,0,65,100,-14,46,75,46,0,0,63,15,69,42,0,0,69,56,50,62 "
    "4,1,65,100,-14,0,50,54,6,67,54,42,25,54,79,58,77,0,15,54 "
    "5,0,65,100,-14,58,75,40,63,0,0,38,60,46,0,0,69,56,50,56 "
    "6,1,65,100,-14,23,69,40,52,21,2,79,29,71,52,0,46,56,50,62 "
    "7,0,65,100,-14,75,75,92,0,0,58,0,33,31,0,65,4,13,50,0 "
    "8,2,65,100,-14,46,75,46,52,0,58,37,94,31,58,0,58,62,50,67 "
    "#,1,75,100,-14,0,40,40,20,55,55,35,50,50,70,65,45,40,55,0 "
    "o,1,95,76,-2,41,88,41,63,0,63,63,0,63,63,0,63,55,63,55 "
    "*,0,100,59,-38,0,60,0,13,32,7,81,72,80,14,94,24,40,34,55 1,0,60,88,0,81,50,0,25,50,0,25,50,0,25,50,0,62,75,50 "
    "2,0,65,100,-6,40,75,40,17,0,69,0,50,31,40,67,8,100,58,50 3,0,65,100,-6,23,75,40,0,0,69,0,50,65,0,4,77,50,50,50 "
    "4,1,75,88,0,0,80,40,20,60,40,40,40,40,75,80,85,0,50,70 "
    "5,0,65,100,-6,31,79,23,31,79,23,15,8,69,17,0,69,50,50,50 "
    "6,1,65,100,-6,8,85,75,31,33,0,100,58,85,48,15,69,15,50,85 "
    "7,0,65,100,-6,75,75,92,0,12,92,0,15,31,0,29,23,0,69,0 8,2,65,100,-6,40,75,40,69,0,69,31,65,65,60,8,77,50,50,50 "
    "#,1,75,88,0,10,25,40,40,70,70,40,55,55,85,85,85,40,40,40 "
    "o,1,118,62,12,42,88,14,60,0,45,60,0,85,56,18,47,40,100,55 "
    "*,0,100,50,-19,25,50,0,81,88,75,62,100,62,38,87,25,75,50,25 "
    "1,0,60,100,-5,50,50,0,0,50,0,0,50,0,0,50,0,50,75,50 2,0,70,100,-5,29,50,29,0,0,64,0,14,29,7,36,0,71,50,71 "
    "3,0,60,100,-5,50,50,75,0,0,50,0,50,50,0,0,50,75,50,75 4,1,70,100,-5,0,36,50,7,36,43,50,14,43,50,50,71,0,36,71 "
    "5,0,70,100,-5,50,50,29,50,50,29,29,14,64,0,0,43,50,50,71 "
    "6,1,60,100,-5,25,50,50,50,0,0,75,50,50,50,0,50,25,50,50 7,0,70,100,-5,50,50,71,0,0,43,0,14,50,0,29,14,0,57,7 "
    "8,2,60,100,-5,50,50,50,50,0,50,75,50,50,50,0,50,50,50,75 "
    "#,0,55,110,0,0,36,45,45,45,45,86,91,75,59,73,25,45,64,0 "
    "o,1,118,70,10,27,61,44,38,2,57,45,0,71,38,2,57,27,61,44 "
    "*,0,125,60,-25,4,45,6,57,52,80,40,100,10,40,100,10,40,11,43 "
    "1,0,60,100,-7,38,62,0,0,75,0,0,75,0,0,75,0,25,81,25 2,0,65,100,-7,29,58,29,23,0,52,0,19,44,15,48,0,71,25,42 "
    "3,0,65,100,-7,29,58,35,0,0,69,0,58,35,0,0,46,50,33,56 4,1,65,100,-7,0,35,29,4,48,23,56,8,23,48,25,42,0,21,42 "
    "5,0,65,100,-7,73,50,38,71,25,8,38,15,62,0,0,35,44,33,44 "
    "6,1,60,100,-7,12,56,62,56,0,0,75,62,44,44,0,50,50,31,56 7,0,65,100,-7,62,50,79,0,0,58,0,8,27,0,27,8,0,52,0 "
    "8,2,60,100,-7,50,56,31,38,0,69,62,38,62,25,0,75,62,31,44 "
    "#,1,65,107,-3,8,42,25,8,54,31,25,48,37,37,48,31,25,31,8 "
    "o,1,106,67,10,35,74,32,41,0,58,33,0,50,44,9,55,37,79,30 "
    "*,0,118,53,-23,0,75,0,50,81,52,35,97,31,19,86,15,43,13,34 1,0,68,96,-6,40,49,0,0,23,0,0,23,0,0,23,0,26,43,26 "
    "2,0,60,96,-6,38,56,50,25,0,25,0,0,56,6,56,0,75,25,38 3,0,65,100,-4,40,58,35,0,0,40,0,35,46,0,0,52,54,29,50 "
    "4,1,60,96,-6,0,19,62,0,56,50,44,6,50,69,50,75,0,12,62 5,0,65,96,-2,38,50,27,25,25,8,19,8,54,0,0,46,54,29,44 "
    "6,1,65,100,-4,10,62,50,40,0,0,83,46,27,58,0,63,38,38,38 7,0,60,92,-4,62,50,62,0,0,31,0,0,50,0,31,25,0,38,0 "
    "8,2,65,100,-4,35,58,35,46,0,46,40,40,40,58,0,58,50,33,50 "
    "#,1,55,112,-2,14,41,27,39,59,39,39,59,39,59,73,59,39,45,18 "
    "o,1,95,73,10,32,61,32,47,0,43,33,0,33,47,0,43,32,61,32 "
    "*,0,118,54,-23,0,45,0,24,46,21,41,96,45,4,70,10,34,31,40 1,0,55,100,0,11,84,0,39,84,0,0,82,0,0,82,0,50,91,50 "
    "2,0,55,100,0,48,75,48,41,0,55,0,7,48,23,45,0,77,50,50 3,0,55,100,0,75,75,89,0,25,36,34,95,34,0,0,55,50,50,50 "
    "4,1,55,100,0,0,9,45,11,52,45,45,18,45,77,55,73,0,9,45 5,0,55,100,0,89,75,75,55,23,11,89,30,52,0,0,55,50,50,50 "
    "6,1,55,100,0,48,75,48,55,0,14,89,75,34,55,0,55,50,50,50 7,0,55,100,0,75,75,89,0,7,48,0,64,11,23,45,0,45,9,0 "
    "8,2,55,100,0,48,75,48,55,0,55,48,75,48,55,0,55,50,50,50 "
    "#,1,75,78,0,40,40,40,70,70,70,55,55,55,85,85,85,40,40,40 "
    "o,1,85,67,17,47,100,29,53,0,71,53,0,71,53,0,71,49,75,40 "
    "*,0,100,56,-22,0,60,0,60,60,60,40,100,40,60,60,60,0,60,0 1,0,55,100,0,11,84,0,39,84,0,0,82,0,0,82,0,50,91,50 "
    "2,0,65,100,0,52,75,52,35,0,46,0,0,46,27,50,4,73,50,50 3,0,65,100,0,75,75,87,0,15,37,6,90,42,0,0,46,50,50,50 "
    "4,1,65,100,0,0,15,48,15,35,48,46,0,46,73,50,73,0,0,46 5,0,65,100,0,87,75,75,48,25,13,83,25,48,0,0,46,50,50,50 "
    "6,1,65,100,0,17,75,40,46,0,0,52,75,40,69,0,46,50,50,50 7,0,65,100,0,75,75,87,0,15,37,0,62,8,8,38,0,46,0,0 "
    "8,2,65,100,0,52,75,52,46,0,46,52,75,52,46,0,46,50,50,50 "
    "#,1,75,78,0,40,40,40,70,70,70,55,55,55,85,85,85,40,40,40 "
    "o,1,100,67,17,40,100,55,60,0,45,60,0,45,60,0,45,45,75,52 "
    "*,0,118,56,0,35,16,41,0,95,10,88,99,89,7,79,16,40,5,45 1,0,55,100,0,11,84,0,39,84,0,0,82,0,0,82,0,50,91,50 "
    "2,0,65,100,0,52,75,52,35,0,46,0,0,46,27,50,4,73,50,50 3,0,65,100,0,75,75,87,0,15,37,6,90,42,0,0,46,50,50,50 "
    "4,1,65,100,0,0,15,48,15,35,48,46,0,46,73,50,73,0,0,46 5,0,65,100,0,87,75,75,48,25,13,83,25,48,0,0,46,50,50,50 "
    "6,1,65,100,0,17,75,40,46,0,0,52,75,40,69,0,46,50,50,50 7,0,65,100,0,75,75,87,0,15,37,0,62,8,8,38,0,46,0,0 "
    "8,2,65,100,0,52,75,52,46,0,46,52,75,52,46,0,46,50,50,50 "
    "#,1,85,78,0,47,12,47,74,56,74,60,34,60,87,78,87,47,12,47 "
    "o,1,100,67,17,40,100,55,60,0,45,60,0,45,60,0,45,45,75,52 "
    "*,0,118,56,-22,35,16,41,0,95,10,88,99,89,7,79,16,40,5,45 1,0,70,100,-5,7,57,0,43,43,0,0,43,0,0,43,0,50,71,50 "
    "2,0,70,100,-5,50,50,50,21,0,43,0,36,7,29,14,0,71,50,50 3,0,70,100,-5,50,50,71,0,14,29,0,36,50,0,0,43,50,50,50 "
    "4,1,70,100,-5,0,14,50,7,36,43,43,0,43,50,50,71,0,0,43 5,0,70,100,-5,71,50,50,50,50,29,43,0,43,0,0,43,50,50,50 "
    "6,1,70,100,-5,29,50,29,43,0,0,71,50,50,43,0,43,50,50,50 7,0,70,100,-5,50,50,71,0,0,43,0,29,14,0,43,0,14,29,0 "
    "8,2,70,100,-5,29,50,29,43,0,43,29,50,29,43,0,43,29,50,29 "
    "#,1,75,80,-5,60,0,40,90,75,85,60,0,40,80,50,70,60,0,40 o,1,100,70,10,52,75,60,45,0,30,45,0,30,45,0,30,50,50,50 "
    "*,0,100,70,-20,11,45,8,45,45,38,19,86,30,45,45,41,22,45,15 1,0,65,100,0,15,77,0,48,73,0,0,69,0,0,69,0,25,77,25 "
    "2,0,65,100,0,42,65,42,52,0,69,0,25,56,35,38,8,77,25,25 3,0,65,100,0,42,65,42,52,0,69,0,33,48,35,4,65,52,40,52 "
    "4,1,65,100,0,0,8,38,8,71,54,62,23,54,42,37,65,0,15,54 5,0,65,100,0,85,50,50,69,0,0,60,50,46,0,0,69,52,40,52 "
    "6,1,65,100,0,42,65,42,69,0,6,77,50,46,69,0,69,52,40,52 7,0,65,100,0,50,50,85,0,12,58,0,63,23,15,54,0,48,21,0 "
    "8,2,65,100,0,42,65,42,69,0,69,48,48,48,65,8,65,52,40,52 #,1,85,85,0,0,59,65,32,79,82,29,82,29,74,85,40,65,59,0 "
    "o,1,100,62,19,33,81,36,70,6,74,75,0,75,70,6,74,40,63,47 "
    "*,0,118,54,0,55,25,70,39,65,46,91,100,91,39,65,46,55,25,70 "
)
# PROTOTYPES-END


@dataclass
class _Lattice:
    x0: float  # the first column's middle character's centre
    y0: float  # the first row's hyphen height
    pitch: float  # P: pixels a square
    line: float  # L: pixels a text line
    advance: float  # A: pixels a character


def _ground(width: int, height: int, data: bytes) -> tuple[int, int, int]:
    """The image's commonest colour (on about 20000 pixels): a terminal's ground."""
    step = max(1, (width * height) // 20000) * 4 + 4
    counts = Counter(data[i:i + 3] for i in range(0, len(data) - 3, step))
    best = counts.most_common(1)[0][0]
    return best[0], best[1], best[2]


def _masks(data: bytes, ground: tuple[int, int, int], width: int) -> tuple[bytes, bytes]:
    """Per pixel 1 where any channel is STRONG (FAINT) or more from the ground, else 0; the last column 0."""
    out = []
    n = len(data) // 4
    for limit in (STRONG, FAINT):
        total = 0
        for c in range(3):
            g = ground[c]
            table = bytes(1 if abs(v - g) >= limit else 0 for v in range(256))
            total |= int.from_bytes(data[c::4].translate(table), "little")
        mask = bytearray(total.to_bytes(n, "little"))
        mask[width - 1::width] = bytes(len(range(width - 1, n, width)))
        out.append(bytes(mask))
    return out[0], out[1]


_RUN = re.compile(rb"\x01+")


def _components(mask: bytes, width: int) -> list[Box]:
    """The connected pieces of ink (through corners too): their boxes."""
    runs = [(m.start(), m.end() - 1) for m in _RUN.finditer(mask)]
    parent = list(range(len(runs)))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    above = 0  # the first run of the previous row that may touch the current
    prev_row = -1
    row_start = 0
    for k, (a, b) in enumerate(runs):
        y = a // width
        if y != prev_row:
            above = row_start if y == prev_row + 1 else k
            row_start = k
            prev_row = y
        x0, x1 = a - y * width, b - y * width
        j = above
        while j < row_start:
            pa, pb = runs[j]
            px0, px1 = pa - (y - 1) * width, pb - (y - 1) * width
            if px1 < x0 - 1:
                above = j + 1
            elif px0 > x1 + 1:
                break
            else:
                ra, rb = root(j), root(k)
                if ra != rb:
                    parent[ra] = rb
            j += 1
    boxes: dict[int, list[int]] = {}
    for k, (a, b) in enumerate(runs):
        y = a // width
        x0, x1 = a - y * width, b - y * width
        r = root(k)
        box = boxes.get(r)
        if box is None:
            boxes[r] = [y, x0, y, x1, x1 - x0 + 1]
        else:
            if x0 < box[1]:
                box[1] = x0
            if x1 > box[3]:
                box[3] = x1
            box[2] = y
            box[4] += x1 - x0 + 1
    return [(b[0], b[1], b[2], b[3], b[4]) for b in boxes.values()]


def _is_dash(box: Box) -> bool:
    t, left, b, r, n = box
    h, w = b - t + 1, r - left + 1
    return 3 <= w <= 60 and w >= 2.5 * h and n >= 0.6 * w * h


def _mode(values: list[float], tolerance: float) -> tuple[float, int]:
    """The value with the most others within `tolerance` of it (their mean), and how many."""
    values = sorted(values)
    best, best_n, j = 0.0, 0, 0
    for i, v in enumerate(values):
        while values[j] < v - tolerance:
            j += 1
        k = i
        while k + 1 < len(values) and values[k + 1] <= v + tolerance:
            k += 1
        if k - j + 1 > best_n:
            best_n = k - j + 1
            best = sum(values[j:k + 1]) / (k - j + 1)
    return best, best_n


def _lattice(boxes: list[Box]) -> tuple[_Lattice, list[Box]] | None:
    """The squares' pitch and the lines' from the rows of hyphens, and the hyphens of the board's rows."""
    dashes = sorted((b for b in boxes if _is_dash(b)), key=lambda b: (b[0] + b[2], b[1]))
    if len(dashes) < 6:
        return None
    rows: dict[int, list[Box]] = {}
    for b in dashes:
        cy = (b[0] + b[2]) // 2
        key = next((k for k in (cy, cy - 1, cy + 1) if k in rows), cy)
        rows.setdefault(key, []).append(b)
    gaps = []
    for members in rows.values():
        members.sort(key=lambda b: b[1])
        for p, q in zip(members, members[1:]):
            wp, wq = p[3] - p[1] + 1, q[3] - q[1] + 1
            gap = (q[1] + q[3] - p[1] - p[3]) / 2
            if abs(wp - wq) <= 1.5 and gap >= 2.6 * max(wp, wq):
                gaps.append(gap)
    if len(gaps) < 4:
        return None
    pitch, support = _mode(gaps, max(1.0, 0.03 * min(gaps)))
    if support < 4:
        return None
    # the board's rows: a hyphen a whole number of squares (up to 4) from another of its size
    board: list[Box] = []
    keys = []
    for key, members in rows.items():
        chosen: set[Box] = set()
        for p, q in zip(members, members[1:]):
            gap = (q[1] + q[3] - p[1] - p[3]) / 2
            m = round(gap / pitch)
            if 1 <= m <= 4 and abs(gap - m * pitch) <= max(1.5, 0.05 * pitch) and abs(
                    (p[3] - p[1]) - (q[3] - q[1])) <= 1.5:
                chosen.update((p, q))
        if chosen:
            keys.append(key)
            board += chosen
    if len(keys) < 2:
        return None
    size_w = median_high([b[3] - b[1] + 1 for b in board])
    size_h = median_high([b[2] - b[0] + 1 for b in board])
    board = [b for b in board if abs(b[3] - b[1] + 1 - size_w) <= 1.5 and abs(b[2] - b[0] + 1 - size_h) <= 1.5]
    keys.sort()
    steps = [float(q - p) for p, q in zip(keys, keys[1:])]
    line, _ = _mode(steps, max(1.0, 0.03 * min(steps)))
    for d in (3, 2):  # rows found only every other line: the line is the step's divisor that is a step too
        if any(abs(step - line / d) <= max(1.0, 0.03 * line) for step in steps):
            line /= d
            break
    if line < 2 * size_h or line > 1.5 * pitch:
        return None
    return _Lattice(0.0, 0.0, pitch, line, 0.0), board


def _advance(boxes: list[Box], line: float, pitch: float) -> float:
    """The commonest distance between neighbouring glyphs' centres on a text line (between 0.3 and 0.8 of
    a line; half a line when too few are found), fitted to divide the pitch; 0 when none does."""
    by_line: dict[int, list[float]] = {}
    for t, left, b, r, _ in boxes:
        if b - t + 1 > line or r - left + 1 > line:
            continue
        key = int((t + b) / 2 / line * 2)
        by_line.setdefault(key, []).append((left + r) / 2)
    gaps = []
    for xs in by_line.values():
        xs.sort()
        gaps += [q - p for p, q in zip(xs, xs[1:]) if 0.3 * line <= q - p <= 0.8 * line]
    guess, slack = 0.5 * line, 0.2  # without text enough beside the board: monospace fonts' usual advance
    if len(gaps) >= 8:
        guess, _ = _mode(gaps, max(1.0, 0.05 * line))
        slack = 0.15
    k = round(pitch / guess)
    if k < 2 or abs(pitch / k - guess) > slack * guess:
        return 0.0
    return pitch / k


def read_text_board(width: int, height: int, data: bytes) -> tuple[Board, tuple[float, ...], Grid] | None:
    """The text board in an RGBA image: the board, each cell's confidence and the squares' grid; or None."""
    ground = _ground(width, height, data)
    strong, faint = _masks(data, ground, width)
    if strong.count(1) > 0.25 * width * height:  # text is sparse ink on a plain ground
        return None
    boxes = _components(strong, width)
    if len(boxes) > 40000:
        return None
    found = _lattice(boxes)
    if found is None:
        return None
    lat, board_dashes = found
    lat.advance = _advance(boxes, lat.line, lat.pitch)
    if not lat.advance:
        return None
    return _TextReader(width, height, strong, faint, lat, board_dashes, data, ground).read()


@dataclass
class _Char:
    kind: str  # "blank", "dash" (a hyphen), "glyph", "faint" (faint ink only), "edge" (past the image's side)
    box: tuple[int, int, int, int] | None = None  # the ink's box in the image
    count: int = 0


class _TextReader:
    """The characters about a lattice of squares read (each once), the board's extent found and its squares
    named."""

    def __init__(self, width: int, height: int, strong: bytes, faint: bytes, lat: _Lattice,
                 dashes: list[Box], data: bytes, ground: tuple[int, int, int]) -> None:
        self.width, self.height = width, height
        self.strong, self.faint, self.lat, self.data, self.ground = strong, faint, lat, data, ground
        self.dashes = dashes
        self.dash_w = median_high([b[3] - b[1] + 1 for b in dashes])
        self.dash_h = median_high([b[2] - b[0] + 1 for b in dashes])
        self.cache: dict[tuple[int, int], _Char] = {}

    # -- characters ------------------------------------------------------------------------------------
    def char_at(self, cx: float, cy: float) -> _Char:
        """The character whose centre is at x = cx on the line whose hyphens are at y = cy."""
        lat = self.lat
        x0 = int(round(cx - 0.5 * lat.advance)) - 1
        x1 = int(round(cx + 0.5 * lat.advance))
        y0 = int(round(cy - 0.5 * lat.line)) + 1
        y1 = int(round(cy + 0.45 * lat.line)) - 1
        key = (x0, y0)
        if key in self.cache:
            return self.cache[key]
        if x0 < 0 or y0 < 0 or x1 >= self.width or y1 >= self.height:
            char = _Char("edge")
        else:
            char = self._read_char(x0, y0, x1, y1, cx, cy)
        self.cache[key] = char
        return char

    def _read_char(self, x0: int, y0: int, x1: int, y1: int, cx: float, cy: float) -> _Char:
        """What the window shows: nothing, faint ink only, a hyphen (a bar of the board's hyphens' size at
        their height) or another glyph (its ink's box).  The glyph is the run of inked columns nearest the
        middle (a neighbour's edge, a cursor's marks left out), without a tall bar at its side (a cursor's
        block or box beside the character)."""
        w = self.width
        strong = self.strong
        rows = [strong[y * w + x0:y * w + x1 + 1] for y in range(y0, y1 + 1)]
        columns = 0
        for row in rows:
            if 1 in row:
                columns |= int.from_bytes(row, "little")
        inner0 = int(round(cx - 0.35 * self.lat.advance))
        inner1 = int(round(cx + 0.35 * self.lat.advance))
        faint = 0
        for y in range(y0, y1 + 1):
            faint += self.faint[y * w + inner0:y * w + inner1 + 1].count(1)
            faint -= strong[y * w + inner0:y * w + inner1 + 1].count(1)
        if not columns:
            area = (inner1 - inner0 + 1) * (y1 - y0 + 1)
            return _Char("faint" if faint >= max(3, 0.01 * area) else "blank", None, faint)
        inked = columns.to_bytes(x1 - x0 + 1, "little")  # a byte a column: 1 where a row has ink in it
        runs = [(m.start(), m.end() - 1) for m in _RUN.finditer(inked)]
        middle = cx - x0
        near = [r for r in runs if r[0] - 0.25 * self.lat.advance <= middle <= r[1] + 0.25 * self.lat.advance]
        if not near:  # ink at the sides only: a neighbour's or a cursor's
            return _Char("blank", None, faint)
        left, right = min(near, key=lambda r: 0.0 if r[0] <= middle <= r[1] else min(abs(r[0] - middle),
                                                                                       abs(r[1] - middle)))
        height = y1 - y0 + 1
        reach = max(3, int(0.4 * self.lat.advance))  # a bar the line's height near a side: a cursor's, cut off
        top_row, bottom_row = rows[0], rows[-1]
        for x in range(left, min(left + reach, right - 1)):
            if top_row[x] and bottom_row[x] and sum(row[x] for row in rows) >= 0.85 * height:
                left = x + 1
        for x in range(right, max(right - reach, left + 1), -1):
            if top_row[x] and bottom_row[x] and sum(row[x] for row in rows) >= 0.85 * height:
                right = x - 1
        top = bottom = -1
        count = 0
        for y, row in enumerate(rows):
            k = row[left:right + 1].count(1)
            if k:
                count += k
                if top < 0:
                    top = y
                bottom = y
        if not count:
            return _Char("blank", None, faint)
        box = (y0 + top, x0 + left, y0 + bottom, x0 + right)
        h, bw = bottom - top + 1, right - left + 1
        kind = "glyph"
        if (h <= self.dash_h + 1 and abs(bw - self.dash_w) <= max(1.5, 0.25 * self.dash_w)
                and count >= 0.6 * h * bw and abs(y0 + (top + bottom) / 2 - cy) <= 1 + 0.08 * self.lat.line):
            kind = "dash"
        if faint > 4 * count + 8:
            kind = "faint"  # mostly faint: a colour nearly lost
        return _Char(kind, box, count)

    def blank(self, cx: float, cy: float) -> bool:
        """No ink in the middle of the character at cx (its middle 60%: a wide neighbour's edge left out)."""
        w = self.width
        x0, x1 = int(round(cx - 0.3 * self.lat.advance)), int(round(cx + 0.3 * self.lat.advance))
        y0, y1 = int(round(cy - 0.5 * self.lat.line)) + 1, int(round(cy + 0.45 * self.lat.line)) - 1
        if x0 < 0 or y0 < 0 or x1 >= w or y1 >= self.height:
            return False
        return not any(1 in self.strong[y * w + x0:y * w + x1 + 1] for y in range(y0, y1 + 1))

    # -- the board -------------------------------------------------------------------------------------
    def read(self) -> tuple[Board, tuple[float, ...], Grid] | None:
        lat = self.lat
        # the lattice fitted to the board rows' hyphens (least squares, from the hyphen nearest the middle)
        centres = [((b[1] + b[3]) / 2, (b[0] + b[2]) / 2) for b in self.dashes]
        mx = sorted(c[0] for c in centres)[len(centres) // 2]
        my = sorted(c[1] for c in centres)[len(centres) // 2]
        rx, ry = min(centres, key=lambda c: abs(c[0] - mx) + abs(c[1] - my))
        lat.x0, lat.y0 = rx, ry
        spots: set[tuple[int, int]] = set()
        for _ in range(3):
            matched = []
            for cx, cy in centres:
                i, j = round((cx - lat.x0) / lat.pitch), round((cy - lat.y0) / lat.line)
                if (abs(cx - lat.x0 - i * lat.pitch) <= 0.25 * lat.advance
                        and abs(cy - lat.y0 - j * lat.line) <= 0.2 * lat.line):
                    matched.append((i, j, cx, cy))
            if len(matched) < 6:
                return None
            lat.x0, lat.pitch = _fit([(i, cx) for i, _, cx, _ in matched], lat.x0, lat.pitch)
            lat.y0, lat.line = _fit([(j, cy) for _, j, _, cy in matched], lat.y0, lat.line)
            spots = {(i, j) for i, j, _, _ in matched}
        cluster = _largest_cluster(spots)
        i0 = min(i for i, _ in cluster)
        i1 = max(i for i, _ in cluster)
        j0 = min(j for _, j in cluster)
        j1 = max(j for _, j in cluster)
        # grow while the next row or column is made of squares
        grown = True
        while grown:
            grown = False
            if self._column_ok(i0 - 1, j0, j1, i0 - 1):
                i0 -= 1
                grown = True
            if self._column_ok(i1 + 1, j0, j1, i1):
                i1 += 1
                grown = True
            if self._row_ok(j0 - 1, i0, i1, -1):
                j0 -= 1
                grown = True
            if self._row_ok(j1 + 1, i0, i1, 1):
                j1 += 1
                grown = True
        rows, cols = j1 - j0 + 1, i1 - i0 + 1
        if rows < MIN_SIDE or cols < MIN_SIDE or rows > 100 or cols > 100:
            return None
        if not all(self._row_ok(j, i0, i1) for j in range(j0, j1 + 1)):
            return None
        # a board cut by the image's side (a window partly off the screen) may go on: nothing of it is sure
        k = round(lat.pitch / lat.advance)
        part = any(self._open_side([self._x(i) + m * lat.advance * step for m in range(1, k + 1)], self._y(j))
                   for i, step in ((i0, -1), (i1, 1)) for j in range(j0, j1 + 1))
        part = part or any(self.char_at(self._x(i0), self._y(j)).kind == "edge" for j in (j0 - 1, j1 + 1))
        return self._cells(i0, j0, rows, cols, part)

    def _open_side(self, xs: list[float], y: float) -> bool:
        """Whether the characters at xs (from the board's side outwards) are blank up to the image's side."""
        for x in xs:
            if not 0.3 * self.lat.advance <= x < self.width - 0.3 * self.lat.advance:
                return True
            if not self.blank(x, y):
                return False
        return False

    def _x(self, i: int) -> float:
        return self.lat.x0 + i * self.lat.pitch

    def _y(self, j: int) -> float:
        return self.lat.y0 + j * self.lat.line

    def _between(self, i: int) -> list[float]:
        """The centres of the characters between square i's middle character and the next one's."""
        k = round(self.lat.pitch / self.lat.advance)
        return [self._x(i) + m * self.lat.advance for m in range(1, k)]

    def _square_ok(self, i: int, j: int) -> bool:
        return self.char_at(self._x(i), self._y(j)).kind in ("blank", "dash", "glyph", "faint")

    def _row_ok(self, j: int, i0: int, i1: int, step: int = 0) -> bool:
        """Row j's squares i0..i1 are squares: their middles readable, the characters between them blank
        (but for a cursor's two marks); a row of blanks only (grown by `step`) when a rule lies beyond it."""
        y = self._y(j)
        marks = 0
        for i in range(i0, i1):
            for cx in self._between(i):
                if not self.blank(cx, y):
                    marks += 1
        if marks > 2 or not all(self._square_ok(i, j) for i in range(i0, i1 + 1)):
            return False
        if step and self._blank_row(j, i0, i1):  # blank rows up to a rule beyond them
            for k in range(j + step, j + 100 * step, step):
                if all(self._inked(self._x(i), self._y(k)) for i in range(i0, i1 + 1)):
                    return True
                if not self._blank_row(k, i0, i1):
                    return False
            return False
        return True

    def _blank_row(self, j: int, i0: int, i1: int) -> bool:
        y = self._y(j)
        return all(self.blank(x, y) for i in range(i0, i1 + 1) for x in (self._x(i), *self._between(i)))

    def _inked(self, x: float, y: float) -> bool:
        """Ink in the middle of the character at x on the line at y (in the image)."""
        return self.char_at(x, y).kind != "edge" and not self.blank(x, y)

    def _column_ok(self, i: int, j0: int, j1: int, gap: int) -> bool:
        """Column i's squares j0..j1 are squares, the characters between it and column i's neighbour `gap`
        blank (but for a cursor's two marks); a column of blanks only when a rule lies beyond it."""
        marks = 0
        for j in range(j0, j1 + 1):
            y = self._y(j)
            for cx in self._between(gap):
                if not self.blank(cx, y):
                    marks += 1
            if marks > 2 or not self._square_ok(i, j):
                return False
        step = 1 if i > gap else -1
        k = i
        while all(self.char_at(self._x(k), self._y(j)).kind == "blank" for j in range(j0, j1 + 1)):
            # blank columns up to a rule beyond them
            beyond = self._between(k if step > 0 else k - 1)
            if any(all(self._inked(x, self._y(j)) for j in range(j0, j1 + 1)) for x in beyond):
                return True
            if abs(k - i) > 100 or not all(self.blank(x, self._y(j)) for x in beyond for j in range(j0, j1 + 1)):
                return False
            k += step
        return k == i

    def _cells(self, i0: int, j0: int, rows: int, cols: int,
               part: bool) -> tuple[Board, tuple[float, ...], Grid] | None:
        chars = [self.char_at(self._x(i0 + c), self._y(j0 + r)) for r in range(rows) for c in range(cols)]
        out: list[str] = []
        conf: list[float] = []
        tall = self._digit_height(chars)
        for k, ch in enumerate(chars):
            r, c = divmod(k, cols)
            cy = self._y(j0 + r)
            if ch.kind == "blank":
                out.append("0")
                conf.append(0.9)
            elif ch.kind == "dash":
                out.append(HIDDEN)
                conf.append(0.9)
            elif ch.kind == "faint" or ch.box is None:
                out.append("0" if ch.kind == "faint" else HIDDEN)
                conf.append(0.3)
            else:
                digit, sure = self._glyph(ch, cy, tall)
                out.append(digit)
                conf.append(sure)
        if not any(ch in "12345678" for ch in out):
            return None
        numbers = [i for i, ch in enumerate(out) if ch in "12345678"]
        if impossible_numbers(out, rows, cols) >= max(3, 0.2 * len(numbers)):
            return None
        for i in inconsistent(out, rows, cols):
            conf[i] = min(conf[i], 0.4)
        if part:
            conf = [min(c, 0.4) for c in conf]
        grid = Grid(self._x(i0) - self.lat.pitch / 2, self._y(j0) - self.lat.line / 2, self.lat.pitch, self.lat.line,
                    rows, cols)
        return Board(rows, cols, tuple(out), None), tuple(conf), grid

    def _digit_height(self, chars: list[_Char]) -> float:
        """The height of the digits among the characters (those most like a digit, by shape alone)."""
        heights = []
        for ch in chars:
            if ch.kind == "glyph" and ch.box is not None:
                glyph = glyph_features(self._mask(ch.box))
                if glyph is not None:
                    best = _distances(glyph, None)
                    if min(best, key=best.__getitem__) in "12345678":
                        heights.append(ch.box[2] - ch.box[0] + 1)
        return median_high(heights) if heights else 0.0

    def _glyph(self, ch: _Char, cy: float, tall: float) -> tuple[str, float]:
        """The symbol a glyph shows (a digit, FLAG for '#', HIDDEN for a mine's 'o' or '*') and how sure."""
        assert ch.box is not None
        glyph = glyph_features(self._mask(ch.box))
        if glyph is None:
            return HIDDEN, 0.3
        top, _, bottom, _ = ch.box
        place = None if not tall else ((bottom - top + 1) / tall, ((top + bottom) / 2 - cy) / tall)
        best = _distances(glyph, place)
        ranked = sorted(best, key=best.__getitem__)
        first, second = ranked[0], ranked[1]
        margin = best[second] - best[first]
        shape = _distances(glyph, None)[first]  # how far its shape is; and its place (about 0.1 for a digit)
        placed = best[first] - shape
        sure = max(0.0, min(1.0, 0.35 + margin * 6 - max(0.0, shape - 0.12) * 2 - max(0.0, placed - 0.12) * 2))
        symbol = FLAG if first == "#" else HIDDEN if first in "o*" else first
        return symbol, sure

    def _mask(self, box: tuple[int, int, int, int]) -> list[bytes]:
        """The glyph's ink on the square `glyph_features` measures: the pixels of its box at least GLYPH_LEVEL
        of its strongest pixel's distance from the ground (a blurred or bold glyph's strokes kept apart)."""
        top, left, bottom, right = box
        w, data = self.width, self.data
        g0, g1, g2 = self.ground
        far = []
        for y in range(top, bottom + 1):
            start = (y * w + left) * 4
            end = (y * w + right + 1) * 4
            far.append([max(abs(r - g0), abs(g - g1), abs(b - g2))
                        for r, g, b in zip(data[start:end:4], data[start + 1:end:4], data[start + 2:end:4])])
        level = max(STRONG, GLYPH_LEVEL * max(map(max, far)))
        return square_mask([bytes(d >= level for d in row) for row in far])


def square_mask(rows: list[bytes]) -> list[bytes]:
    """A glyph's ink (rows of 0 and 1, cut to its box) on a square of 32 samples, its longer side 20 samples:
    what `glyph_features` measures (the prototypes are measured so too)."""
    h, w = len(rows), len(rows[0])
    n = 32
    scale = max(h, w) / 20
    ox, oy = (n - w / scale) / 2, (n - h / scale) / 2
    xs = [int((sx - ox) * scale) if sx >= ox else -1 for sx in range(n)]
    out = []
    for sy in range(n):
        y = int((sy - oy) * scale) if sy >= oy else -1
        if not 0 <= y < h:
            out.append(bytes(n))
            continue
        row = rows[y]
        out.append(bytes(row[x] if 0 <= x < w else 0 for x in xs))
    return out


def _prototypes() -> list[tuple[str, int, float, float, float, list[float]]]:
    out = []
    for item in PROTOTYPES.split():
        char, holes, aspect, height, middle, *zones = item.split(",")
        out.append((char, int(holes), int(aspect) / 100, int(height) / 100, int(middle) / 100,
                    [int(z) / 100 for z in zones]))
    return out


_PROTOS = _prototypes()


def _distances(glyph: Glyph, place: tuple[float, float] | None) -> dict[str, float]:
    """For each character, the distance from the glyph to its nearest prototype: the mean difference of their
    zones, a quarter for each hole more or fewer, 0.6 times the difference of their aspects, and when the
    glyph's place is known (its height against a digit's, its middle below the hyphen's) their differences."""
    best: dict[str, float] = {}
    for char, holes, aspect, height, middle, zones in _PROTOS:
        d = sum(map(abs, map(sub, zones, glyph.zones))) / 15
        d += 0.25 * abs(holes - glyph.holes) + 0.6 * abs(aspect - glyph.aspect)
        if place is not None:
            d += abs(height - place[0]) + abs(middle - place[1])
        if d < best.get(char, 9.0):
            best[char] = d
    return best




def _fit(points: list[tuple[int, float]], start: float, step: float) -> tuple[float, float]:
    """The line through (index, place) points by least squares: its place at index 0 and its step (as they were
    when the indices take a single value)."""
    n = len(points)
    mi = sum(i for i, _ in points) / n
    mv = sum(v for _, v in points) / n
    var = sum((i - mi) ** 2 for i, _ in points)
    if var == 0:
        return mv - mi * step, step
    slope = sum((i - mi) * (v - mv) for i, v in points) / var
    return mv - mi * slope, slope


def _largest_cluster(spots: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """The largest group of lattice places joined through neighbours at most 3 places apart."""
    left = set(spots)
    best: set[tuple[int, int]] = set()
    while left:
        seed = left.pop()
        group = {seed}
        todo = [seed]
        while todo:
            i, j = todo.pop()
            for di in range(-3, 4):
                for dj in range(-3, 4):
                    p = (i + di, j + dj)
                    if p in left:
                        left.discard(p)
                        group.add(p)
                        todo.append(p)
        if len(group) > len(best):
            best = group
    return best
