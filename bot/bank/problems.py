"""What is wrong with a deck file: problems that name the file and line, and the error carrying them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing a deck author must fix; line 0 means the file as a whole."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        if self.line <= 0:
            return f"{self.file}: {self.message}"
        return f"{self.file}:{self.line}: {self.message}"


class DeckError(Exception):
    """A deck that cannot be played, with every problem found in it."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)
