"""Play mode: a game in the page (`controller`), drawn (`view`, `render`), played on its grid (`grid`), advised
by the engine (`advice`), what was done before it could be played (`early`), its review and statistics."""
