"""The page's replay player: a replay file (.avf .rmv .evf .mvf .rawvf) read by the engine's worker,
played back on its board with its statistics and its graded board events."""
