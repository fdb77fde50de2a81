"""The replay player's pure rendering (minesat_web/replay/render.py): HTML and words, in CPython, on real files."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from minesat.formats.replays import read_replay
from minesat.messages.codec import encode_graded, encode_replay
from minesat.play.replay_review import review_replay
from minesat.play.replay_stats import statistics
from minesat_web.replay import render
from minesat_web.replay.state import ReplayView

REPLAYS = Path(__file__).resolve().parents[2] / "data" / "replays"
EXPERT = REPLAYS / "avf" / "Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf"


def expert() -> tuple[ReplayView, list[dict]]:
    replay = read_replay(EXPERT.read_bytes(), EXPERT.name)
    moves = [encode_graded(g) | {"proof_text": [f"proof {i}"] * len(g.proof)}
             for i, g in enumerate(review_replay(replay))]
    return ReplayView(encode_replay(replay, statistics(replay))), moves


def test_the_board_at_a_step_with_odds_proof_and_the_event_marked():
    view, _ = expert()
    step = 30
    pos = view.position(step)
    hidden = sorted(set(view.board(step).hidden) - pos.flags)
    odds = {hidden[0]: Fraction(0), hidden[1]: Fraction(1), hidden[2]: Fraction(1, 3)}
    event = view.events[step]
    html = render.board_html(view, pos, odds, (event[2], event[3]), frozenset({hidden[3]}), hidden[4])
    cells = re.findall(r'<div class="cell[^"]*"[^>]*data-row="(\d+)" data-col="(\d+)"', html)
    assert len(cells) == 16 * 30 and html.count('role="row"') == 16
    assert html.count("cell revealed") == len(pos.opened) and html.count("cell flag") == len(pos.flags)
    for r, c in pos.opened:  # each open cell shows its number (a zero shows nothing)
        n = view.numbers[(r, c)]
        assert re.search(rf'class="cell revealed n{n}[^"]*"[^>]*id="rp{r}-{c}"[^>]*>{n if n else ""}</div>', html)
    (r, c) = hidden[0]
    assert f'id="rp{r}-{c}" aria-label="row {r + 1} column {c + 1}: hidden, surely safe" data-verdict="safe"' in html
    assert 'data-verdict="mine"' in html and 'data-pct="33"' in html and html.count("data-pct=") == 1
    assert html.count(" data-proof") == 1 and html.count(" data-best") == 1 and html.count(" cursor") == 1
    assert "mine shown" not in render.board_html(view, pos) and "data-pct" not in render.board_html(view, pos)
    assert render.board_html(view, view.position(view.steps())).count("cell revealed") == 16 * 30 - 99


def test_the_pointer_and_its_path():
    view, _ = expert()
    t = view.times[40]
    drawn = render.path_svg(view, t, whole=True)
    assert f'viewBox="0 0 {view.cols} {view.rows}"' in drawn and "<polyline" in drawn
    assert len(re.search(r'points="([^"]*)"', drawn).group(1).split()) == len(view.path(t))
    assert "<polyline" not in render.path_svg(view, t, whole=False)
    assert ("<circle" in drawn) == (view.cursor(t) is not None)


def test_statistics_table_and_what_the_file_is():
    view, _ = expert()
    stats = view.data["stats"]
    table = render.stats_html(stats)
    assert re.search(r"<th scope=\"row\">3BV</th><td[^>]*>127</td>", table) and "49.250 s" in table
    assert re.search(r"pLuck</th><td[^>]*>…<", table)
    assert re.search(r"pLuck</th><td[^>]*>0\.377<", render.stats_html(stats, 0.37725))
    assert table.count("<tr>") == len(render.STAT_ROWS) + 2  # and pLuck, and the numbers' counts
    about = render.about_text(view.data, "game.avf")
    assert about.startswith("game.avf: Arbiter") and "expert 30x16, 99 mines" in about and "won in 49.25 s" in about


def test_graded_events_listed_filtered_and_their_proof_in_words():
    view, moves = expert()
    listing = render.events_html(view.events, None, 3)
    assert listing.count("<li") == view.steps()
    assert 'id="re3" data-step="3" data-grade="" aria-selected="true"' in listing
    graded = render.events_html(view.events, moves, 0)
    assert graded.count('data-grade="needless"') == sum(m["grade"] == "needless" for m in moves)
    guesses = render.events_html(view.events, moves, 0, only_guesses=True)
    assert guesses.count("<li") == sum(m["grade"] != "forced" for m in moves) and 'data-grade="forced"' not in guesses
    first = render.next_of(moves, -1, "needless")
    assert first is not None and moves[first]["grade"] == "needless"
    assert all(m["grade"] != "needless" for m in moves[:first])
    assert render.next_of(moves, first, "needless") != first
    said = render.proof_text(moves[first])
    assert "needless guess" in said and f"proof {first}" in said and f"{moves[first]['p_mine'] * 100:.1f}% mine" in said
    assert render.proof_text(None) == ""
    forced = next(m for m in moves if m["grade"] == "forced" and m["proof"])
    assert render.proof_text(forced).count("proof ") == min(len(forced["proof"]), 3)
