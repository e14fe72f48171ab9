"""What an import comes to, said once for `bvunzo import` and `/deck import`: kept, refused, and why."""

from __future__ import annotations

from dataclasses import dataclass

from bot.bank.importers.columns import ColumnGuess
from bot.bank.importers.drafts import Imported
from bot.bank.importers.formats import Format
from bot.bank.problems import Problem
from bot.locales import N_, _, n_

# A plain import refuses a file when more than this share of its questions cannot be imported: a few
# broken rows in a long sheet are listed and the rest plays; a file mostly broken was probably read wrong.
MAX_BROKEN_SHARE = 0.1

# How each format is named in "Read as ...", written in the reader's language where it is said.
_FORMAT_NAMES = {
    Format.YAML: N_("Bvunzo YAML"),
    Format.CSV: N_("a spreadsheet (CSV/TSV)"),
    Format.RED: N_("a Red trivia list"),
    Format.TEXT: N_("a numbered quiz"),
    Format.OPENTDB: N_("Open Trivia DB JSON"),
    Format.GIFT: N_("Moodle's GIFT format"),
    Format.MOODLE_XML: N_("Moodle XML"),
    Format.BLACKBOARD: N_("Blackboard's upload text"),
    Format.KAHOOT: N_("Kahoot's spreadsheet template"),
    Format.WAYGROUND: N_("Wayground's (Quizizz) spreadsheet template"),
    Format.QTI: N_("a Canvas quiz export (QTI 1.2)"),
    Format.ANKI: N_("an Anki package"),
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
        name = _(_FORMAT_NAMES[self.fmt])
        if self.encoding and self.encoding != "UTF-8":
            return _("Read as {format} in {encoding}.", format=name, encoding=_(self.encoding))
        return _("Read as {format}.", format=name)

    def mapping(self) -> str:
        """The columns as read, when a moderator should check them (guessed, or given by hand)."""
        if self.columns is None or (self.columns.certain and self.columns.how != "given"):
            return ""
        said = {
            "given": _("as given"),
            "content": _("guessed from the cells"),
            "header": _("guessed from the names"),
        }
        why = said.get(self.columns.how, self.columns.how)
        return _("Columns ({why}): {columns}.", why=why, columns=self.columns.described())

    def lines(self) -> list[str]:
        """Everything said, in order, for a terminal: headline, how it was read, then `file:line: reason`."""
        said = [self.headline]
        said += [s for s in (self.read_as(), self.mapping()) if s]
        said += [str(p) for p in (*self.notes, *self.problems)]
        return said


def judged(
    imported: Imported, fmt: Format, source: str, encoding: str | None, *, keep_valid: bool
) -> ImportOutcome:
    """An import that read some questions: kept unless too large a share was broken (and not told to)."""
    good, bad = len(imported.deck.questions), len(imported.left_out)
    refused = not keep_valid and bad > MAX_BROKEN_SHARE * (good + bad)
    headline = _headline(good, bad, refused=refused)
    reported = tuple(sorted((*imported.left_out, *imported.set_aside), key=lambda p: p.line))
    aside = len(imported.set_aside)
    if aside and not refused:
        headline += " " + n_(
            "{n} item is not a question a round can play.",
            "{n} items are not questions a round can play.",
            aside,
            n=aside,
        )
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


def _headline(good: int, bad: int, *, refused: bool) -> str:
    """The import's first sentence: refused, imported with some left out, or imported whole."""
    if refused:
        # Counted by the broken ones, which the verb agrees with (English says "questions" either way).
        return n_(
            "{n} of {total} questions cannot be imported (more than a tenth), so nothing was imported; fix "
            "them and import again",
            "{n} of {total} questions cannot be imported (more than a tenth), so nothing was imported; fix "
            "them and import again",
            bad,
            n=bad,
            total=good + bad,
        )
    if bad:
        return n_(
            "Imported {good}; {n} could not be imported and is listed.",
            "Imported {good}; {n} could not be imported and are listed.",
            bad,
            n=bad,
            good=_count(good),
        )
    return n_("Imported {n} question.", "Imported {n} questions.", good, n=good)


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
        _("Nothing was imported."),
    )


def _count(n: int) -> str:
    return n_("{n} question", "{n} questions", n, n=n)
