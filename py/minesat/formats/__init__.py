"""Boards in and out: every format minesat reads and writes, in one registry (`registry`): minesat's
text and others' (`text`), share links (`links`), MBF files, replays and screenshots. Read through
`registry.read_bytes` / `registry.read_text`, the one door of both the page and the command line."""
