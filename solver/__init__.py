"""Solve rulings: which modifiers apply in a situation, how conflicts settle, the arithmetic."""

from solver.ask import ask
from solver.ruling import Applied, Case, Clamped, ReadingOutcome, Ruling
from solver.situation import Effect, Situation, check_given, parse_given, read_situation, situation_from_data

__all__ = [
    "Applied", "Case", "Clamped", "Effect", "ReadingOutcome", "Ruling", "Situation", "ask", "check_given",
    "parse_given", "read_situation", "situation_from_data",
]
