"""Anki's note types as the importer needs them, from either schema a collection can be written in.

Collections up to schema 11 (`collection.anki2`, `.anki21`) keep their note types as JSON in
`col.models`: each with its `name`, `type` (1 for cloze), `flds` and `tmpls` (`qfmt` the question
side). Schema 18 (`.anki21b`) has tables: `notetypes` (id, name, config: a protobuf whose field 1 is
the kind, 1 for cloze), `fields` (ntid, ord, name) and `templates` (ntid, ord, config: a protobuf whose
field 1 is the question side).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.bank.importers.protobuf import first_int, first_text, message_fields

_CLOZE_KIND = 1
# `{{type:Back}}` asks the field Back to be typed; `{{type:nc:Back}}` ignores accents when comparing.
_TYPED = re.compile(r"\{\{type:(?:[a-z]+:)*([^}]+)\}\}")


@dataclass(frozen=True, slots=True)
class NoteType:
    """A note type: its name, its fields in order, and what its card templates ask."""

    name: str
    fields: tuple[str, ...]
    cloze: bool
    typed_field: str | None  # the field a card asks to type, when one does
    cards: int  # how many card templates: two for "Basic (and reversed card)"


def _typed(question_sides: list[str]) -> str | None:
    for side in question_sides:
        match = _TYPED.search(side)
        if match is not None:
            return match[1].strip()
    return None


def note_types_old(models: dict[str, Any]) -> dict[int, NoteType]:
    """The note types of `col.models` (schema 11), by id."""
    types: dict[int, NoteType] = {}
    for key, model in models.items():
        fields = sorted(model.get("flds", []), key=lambda f: int(f.get("ord", 0)))
        sides = [str(t.get("qfmt", "")) for t in model.get("tmpls", [])]
        types[int(model.get("id", key))] = NoteType(
            name=str(model.get("name", "")),
            fields=tuple(str(f.get("name", "")) for f in fields),
            cloze=int(model.get("type", 0)) == _CLOZE_KIND,
            typed_field=_typed(sides),
            cards=len(sides),
        )
    return types


def note_types_new(
    fields_rows: Iterable[tuple[Any, Any]],
    templates_rows: Iterable[tuple[Any, Any]],
    types_rows: Iterable[tuple[Any, Any, Any]],
) -> dict[int, NoteType]:
    """The note types of schema 18, by id, from the rows of its three tables.

    `fields_rows` are (ntid, name) and `templates_rows` (ntid, config), each in their order (ord);
    `types_rows` are the notetypes' (id, name, config).
    """
    fields: dict[int, list[str]] = {}
    for type_id, name in fields_rows:
        fields.setdefault(int(type_id), []).append(str(name))
    sides: dict[int, list[str]] = {}
    for type_id, config in templates_rows:
        sides.setdefault(int(type_id), []).append(first_text(message_fields(bytes(config)), 1))
    types: dict[int, NoteType] = {}
    for type_id, name, config in types_rows:
        kind = first_int(message_fields(bytes(config)), 1)
        types[int(type_id)] = NoteType(
            name=str(name),
            fields=tuple(fields.get(int(type_id), [])),
            cloze=kind == _CLOZE_KIND,
            typed_field=_typed(sides.get(int(type_id), [])),
            cards=len(sides.get(int(type_id), [])),
        )
    return types
