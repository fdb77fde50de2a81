"""Shared by every test: `py/` and `tests/` are on the path through pyproject.toml (pytest's `pythonpath`)."""
