"""Shared test setup: `tests/` is importable, so test modules can use `strategies`."""
