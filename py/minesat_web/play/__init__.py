"""Play mode: a game in the page (`controller`), its rendering (`render`), its review and statistics."""
