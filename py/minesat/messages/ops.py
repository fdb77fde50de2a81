"""The page-engine contract's names, declared once: every request's `Op` and every `Lane`.

A request is `codec.request(Op.X, board, **args)`; the engine answers it with the handler
registered for that op (`protocol.handles`); an op that streams its answer (a download) is one of
`DOWNLOADS`.  A `Lane` names a queue of requests in the worker: a newer request of the same lane
supersedes one still waiting, and a new board's analysis (`Lane.ANALYSIS`) supersedes every
waiting request of the analyzer's lanes (they are about the older board), never Play's (the lanes
whose value starts with "play": about the game, not the analyzer's board).  The worker's
JavaScript (static/engine-worker.mjs) knows `Lane.ANALYSIS` by its value, "analysis", and Play's
lanes by their prefix.
Both are `StrEnum`s: they travel in JSON as their plain values.
"""

from __future__ import annotations

from enum import StrEnum


class Op(StrEnum):
    ANALYZE = "analyze"            # counts, forced cells, probabilities (codec.encode_analysis)
    ANALYZE_MORE = "analyze_more"  # a tangled board's SAT backbone, one more slice
    LAYOUTS = "layouts"            # a page of layouts, by number
    REDUCTION = "reduction"        # the reduction panel: CNF, ILP, sizes
    EXPLAIN = "explain"            # proofs of the forced cells
    DEAD = "dead"                  # dead cells (their outcome is known)
    OUTCOME = "outcome"            # one cell's outcome table
    PROOF_CNF = "proof_cnf"        # a proof's clauses as CNF
    ADVISE = "advise"              # the best move
    ODDS = "odds"                  # one cell's odds while playing
    GENERATE = "generate"          # a board's mines for a game (no-guess on request)
    REVIEW = "review"              # a game graded move by move
    READ_IMAGE = "read_image"      # a board read from a screenshot's pixels
    REPLAY = "replay"              # a replay file's game, board events and statistics (the file's bytes as data)
    REPLAY_REVIEW = "replay_review"  # a replay file's board events graded, with proofs (the file's bytes as data)
    DIMACS = "dimacs"              # download: the CNF in DIMACS
    LP = "lp"                      # download: the ILP in LP format


DOWNLOADS = frozenset({Op.DIMACS, Op.LP})


class Lane(StrEnum):
    ANALYSIS = "analysis"
    LAYOUTS = "layouts"
    REDUCTION = "reduction"
    IMAGE = "image"
    OUTCOME = "outcome"
    EXPLAIN = "explain"
    ADVISE = "advise"
    DEAD = "dead"
    PLAY = "play"
    PLAY_LIVE = "play-live"
    PLAY_ODDS = "play-odds"
    PLAY_REVIEW = "play-review"
    PLAY_GENERATE = "play-generate"
    REPLAY = "replay"                    # a replay file read (the player's first step)
    REPLAY_REVIEW = "replay-review"      # its grades (the second step)
    REPLAY_POSITION = "replay-position"  # the player's position: probabilities, proofs


# The lanes about the analyzer's board: a new board's analysis supersedes their waiting requests (the
# client marks each request of these lanes `board`, and the worker drops only those). Play's,
# a replay's and a screenshot's are about something else and are never dropped by it (a no-guess
# board asked for while the engine started was: issue 35; a replay dropped on a page starting was too).
BOARD_LANES = frozenset({Lane.ANALYSIS, Lane.LAYOUTS, Lane.REDUCTION, Lane.OUTCOME, Lane.EXPLAIN, Lane.ADVISE,
                         Lane.DEAD})

_VALUES = frozenset(op.value for op in Op)


def op_named(value: object) -> Op | None:
    """The op a request names, or None when it names none."""
    return Op(value) if isinstance(value, str) and value in _VALUES else None
