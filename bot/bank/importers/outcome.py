"""What an import comes to, said once for `bvunzo import` and `/deck import`: kept, refused, and why."""

from __future__ import annotations

from dataclasses import dataclass

from bot.bank.importers.columns import ColumnGuess
from bot.bank.importers.drafts import Imported
from bot.bank.importers.formats import Format
from bot.bank.problems import Problem

# A plain import refuses a file when more than this share of its questions cannot be imported: a few
# broken rows in a long sheet are listed and the rest plays; a file mostly broken was probably read wrong.
MAX_BROKEN_SHARE = 0.1

_FORMAT_NAMES = {
    Format.YAML: "Bvunzo YAML",
    Format.CSV: "a spreadsheet (CSV/TSV)",
    Format.RED: "a Red trivia list",
    Format.TEXT: "a numbered quiz",
    Format.OPENTDB: "Open Trivia DB JSON",
}


@dataclass(frozen=True, slots=True)
class ImportOutcome:
    """One import's answer: the deck to keep (None when refused) and the sentences that explain it."""

    source: str
    imported: Imported | None  # what was read, even when refused for its broken share
    fmt: Format | None
    problems: tuple[Problem, ...]  # questions left out, or what refused the whole file
    notes: tuple[Problem, ...]
    columns: ColumnGuess | None
    encoding: str | None
    refused: bool
    headline: str

    @property
    def good_left_behind(self) -> int:
        """Good questions a refusal for the broken share left behind (keep_valid would import them)."""
        return len(self.imported.deck.questions) if self.refused and self.imported else 0

    @property
    def kept(self) -> Imported | None:
        return None if self.refused else self.imported

    def read_as(self) -> str:
        """`Read as a spreadsheet (CSV/TSV) in Windows-1252.`: how the file was understood."""
        if self.fmt is None:
            return ""
        how = f"Read as {_FORMAT_NAMES[self.fmt]}"
        if self.encoding and self.encoding != "UTF-8":
            how += f" in {self.encoding}"
        return how + "."

    def mapping(self) -> str:
        """The columns as read, when a moderator should check them (guessed, or given by hand)."""
        if self.columns is None or (self.columns.certain and self.columns.how != "given"):
            return ""
        said = {"given": "as given", "content": "guessed from the cells", "header": "guessed from the names"}
        why = said.get(self.columns.how, self.columns.how)
        return f"Columns ({why}): {self.columns.described()}."

    def lines(self) -> list[str]:
        """Everything said, in order, for a terminal: headline, how it was read, then `file:line: reason`."""
        said = [self.headline]
        said += [s for s in (self.read_as(), self.mapping()) if s]
        said += [str(p) for p in (*self.notes, *self.problems)]
        return said


def judged(imported: Imported, fmt: Format, source: str, encoding: str, *, keep_valid: bool) -> ImportOutcome:
    """An import that read some questions: kept unless too large a share was broken (and not told to)."""
    good, bad = len(imported.deck.questions), len(imported.left_out)
    refused = not keep_valid and bad > MAX_BROKEN_SHARE * (good + bad)
    if refused:
        headline = (
            f"{bad} of {good + bad} questions cannot be imported (more than a tenth), so nothing was "
            "imported; fix them and import again"
        )
    elif bad:
        headline = (
            f"Imported {_count(good)}; {bad} could not be imported and {'is' if bad == 1 else 'are'} listed."
        )
    else:
        headline = f"Imported {_count(good)}."
    reported = tuple(sorted((*imported.left_out, *imported.set_aside), key=lambda p: p.line))
    aside = len(imported.set_aside)
    if aside and not refused:
        headline += f" {aside} {'item is not a question' if aside == 1 else 'items are not questions'} a round can play."
    return ImportOutcome(
        source,
        imported,
        fmt,
        reported,
        imported.notes,
        imported.columns,
        encoding,
        refused,
        headline,
    )


def failed(
    problems: list[Problem],
    source: str,
    fmt: Format | None,
    encoding: str | None,
    columns: ColumnGuess | None,
) -> ImportOutcome:
    """An import that read no question at all: the reasons, each with its line."""
    return ImportOutcome(
        source,
        None,
        fmt,
        tuple(problems),
        (),
        columns,
        encoding,
        True,
        "Nothing was imported.",
    )


def _count(n: int) -> str:
    return f"{n} question" if n == 1 else f"{n} questions"
