"""bench/bench_replays.py: the figures read from the clients' file names, and ms-toollib run in a
subprocess that is started again after a file that aborts it (ms-toollib 1.5.20 aborts the process
on Minesweeper Clone 2007 files)."""

from __future__ import annotations

import sys
from pathlib import Path

from bench_replays import name_figures, oracle_figures

DATA = Path(__file__).resolve().parents[1] / "data" / "replays"


def test_figures_in_the_clients_file_names() -> None:
    assert name_figures(Path("Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf")) == (49.25, 127, "arbiter")
    assert name_figures(Path("Zhang Shen Jia_Exp_38.82(3bv122).mvf")) == (38.82, 122, "clone")
    assert name_figures(Path("Lin_Jin_Fan_Exp_60.623bv207.mvf")) == (60.62, 207, "clone")
    assert name_figures(Path("c_10_1184.575_1021_0.862_Pu Tian Yi(Hu Bei).evf")) == (1184.575, 1021, "meta")
    assert name_figures(Path("exp.rmv")) is None


def test_ms_toollib_is_started_again_after_a_file_that_aborts_it() -> None:
    first = DATA / "avf" / "flop-player_arbiter_beg.avf"
    aborts = DATA / "mvf" / "flop-player_2007_release_1.mvf"
    last = DATA / "rmv" / "flop-player_beg.rmv"
    figures = oracle_figures(sys.executable, [first, aborts, last])
    assert "aborted" in str(figures[str(aborts.resolve())]["error"])
    assert figures[str(first.resolve())]["bbbv"] == 28
    assert figures[str(last.resolve())]["row"] == 8
