"""What the question editor's template draws from an EditorForm: every input a kind may fill, padded to
the most a kind takes (a choice question's past the fifth stay empty), and a group per language."""

from __future__ import annotations

from typing import Any

from bot.bank import part_sizes
from bot.bank.cloze import MAX_BLANKS
from bot.bank.editor_form import EditorForm
from bot.bank.match import MAX_PAIRS
from bot.looks.text import LANGUAGE_NAMES, language_name


def _padded(values: list[str], size: int) -> list[str]:
    return [*values, *[""] * size][:size]


def _padded_pairs(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [*pairs, *[("", "")] * MAX_PAIRS][:MAX_PAIRS]


def _name(code: str) -> str:
    """A language's own name; a regional code by its language's (pt-BR: português) when not listed."""
    return language_name(code if code in LANGUAGE_NAMES else code.split("-", maxsplit=1)[0])


def editor_fields(editor: EditorForm) -> dict[str, Any]:
    most = part_sizes.MAX_MULTI_CHOICES
    form = editor.form
    translated = [
        {
            "code": group.code,
            "name": _name(group.code),
            "prompt": group.prompt,
            "choices": _padded(group.choices, most),
            "explanation": group.explanation,
            "accepted": "\n".join(group.accepted),
            "item_lines": "\n".join(
                group.items
            ),  # an order question's, one a line (not `items`: a dict's method)
            "pairs": _padded_pairs(group.pairs),
        }
        for group in editor.translated
    ]
    return {
        "form": form,
        "choices": _padded(form.choices, most),
        "most_choices": part_sizes.MAX_CHOICES,
        "blanks": _padded(form.blanks, MAX_BLANKS),
        "pairs": _padded_pairs(form.pairs),
        "items": "\n".join(form.items),  # an order question's, one a line
        "translated": translated,
    }
