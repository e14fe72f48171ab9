"""The formats a deck is exported in, each with its writer: the one table `/deck export` and `bvunzo export` share.

A writer takes a deck and gives the file's bytes with a sentence for each thing the format could not
hold (translations, polls, units), which the command's reply and the terminal show under the file.
Writers of other formats are per kind: a kind missing from a writer's table is left out with one
sentence, so a new kind is one entry in each table that can hold it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from bot.bank import export_anki, export_gift, export_moodle
from bot.bank.exported import Exported, left_out_note, translations_note
from bot.bank.models import Deck, Kind
from bot.bank.pictures import pictures_note
from bot.bank.writer import deck_to_csv, deck_to_yaml

__all__ = ["EXPORT_FORMATS", "ExportFormat", "Exported", "export_deck"]


@dataclass(frozen=True, slots=True)
class ExportFormat:
    """One way out: the name the reply gives it, the file's extension and its writer."""

    label: str
    suffix: str
    write: Callable[[Deck], Exported]
    media_type: str  # what the dashboard's download says the file is

    def filename(self, deck: Deck) -> str:
        return f"{deck.id}.{self.suffix}"


def _yaml(deck: Deck) -> Exported:
    note = pictures_note(deck.questions)
    return Exported(deck_to_yaml(deck).encode("utf-8"), (note,) if note else ())


def _csv(deck: Deck) -> Exported:
    notes = [translations_note(deck, "CSV")]
    for kind in (
        Kind.CLOZE,
        Kind.MATCH,
        Kind.ORDER,
    ):  # deck_rows leaves them out: a sheet has no column for them
        left_out = sum(q.kind is kind for q in deck.questions)
        if left_out:
            notes.append(left_out_note(kind, left_out, "CSV"))
    return Exported(deck_to_csv(deck).encode("utf-8"), tuple(n for n in notes if n))


# Keyed by the value of `--format` and of /deck export's `format` option.
EXPORT_FORMATS: Mapping[str, ExportFormat] = MappingProxyType(
    {
        "yaml": ExportFormat("YAML", "yaml", _yaml, "application/yaml"),
        "csv": ExportFormat("CSV", "csv", _csv, "text/csv"),
        "gift": ExportFormat(export_gift.LABEL, "gift", export_gift.deck_to_gift, "text/plain"),
        "moodle-xml": ExportFormat(
            export_moodle.LABEL, "xml", export_moodle.deck_to_moodle_xml, "application/xml"
        ),
        "anki": ExportFormat(export_anki.LABEL, "apkg", export_anki.deck_to_apkg, "application/octet-stream"),
    }
)


def export_deck(deck: Deck, fmt: str) -> Exported:
    """The deck written in the format named `fmt` (a key of EXPORT_FORMATS)."""
    return EXPORT_FORMATS[fmt].write(deck)
