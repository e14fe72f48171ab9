"""Writing decks out: our YAML (what `bvunzo export` and `/deck export` give) and a spreadsheet's CSV."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import yaml

from bot.bank import part_sizes
from bot.bank.images import is_url
from bot.bank.models import Deck, Kind, Question
from bot.bank.pictures import picture_name
from bot.bank.spreadsheet_csv import csv_text
from bot.bank.tolerance import plain

if TYPE_CHECKING:
    from decimal import Decimal

# The columns a CSV export has; the spreadsheet importer reads the same names back.  # i18n: not shown
CSV_COLUMNS = ("id", "type", "question", "answer", "choice1", "choice2", "choice3", "choice4", "choice5")
CSV_TAIL = ("explanation", "lang", "tags", "difficulty")  # i18n: not shown (read back, as the above)


# libyaml's emitter is about ten times faster than PyYAML's own, which matters for a 5,000-question import.
_BaseDumper: type[yaml.SafeDumper] = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class _DeckDumper(_BaseDumper):  # type: ignore[valid-type,misc]
    """A safe dumper writing multi-line text as a `|` block, so code and formulas stay readable."""


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    if "\n" in value:
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", value)


class _Number(str):
    """A number question's number as the deck wrote it (`plain`), for YAML to write as a number."""


def _number(dumper: yaml.SafeDumper, value: _Number) -> yaml.ScalarNode:
    """As YAML reads a number back: 9.81 a float, 1000 an int, never quoted."""
    return dumper.represent_scalar("tag:yaml.org,2002:" + ("float" if "." in value else "int"), str(value))


_DeckDumper.add_representer(str, _text)


def _decimal(dumper: yaml.SafeDumper, value: Decimal) -> yaml.ScalarNode:
    return _number(dumper, _Number(plain(value)))


_DeckDumper.add_representer(_Number, _number)


def _know_decimals() -> None:
    """Write a Decimal (an importer's number question) as a number, once something has loaded decimal:
    a bot whose decks hold no number question never loads it."""
    decimal = sys.modules.get("decimal")
    if decimal is not None and decimal.Decimal not in _DeckDumper.yaml_representers:
        _DeckDumper.add_representer(decimal.Decimal, _decimal)


def dump_yaml(value: Any) -> str:
    """Plain YAML in the order given, Unicode kept as written, long lines left whole."""
    _know_decimals()
    return yaml.dump(value, Dumper=_DeckDumper, sort_keys=False, allow_unicode=True, width=10_000)


def deck_header(deck_id: str, title: str, description: str, language: str, tags: tuple[str, ...]) -> str:
    head: dict[str, Any] = {"id": deck_id, "title": title}
    if description:
        head["description"] = description
    head["language"] = language
    if tags:
        head["tags"] = list(tags)
    return dump_yaml(head) + "questions:\n"


def question_mapping(question: Question, deck_language: str) -> dict[str, Any]:
    """A question as the mapping our YAML writes for it."""
    out: dict[str, Any] = {"id": question.id}
    if question.kind is not Kind.CHOICE:
        out["type"] = question.kind.value
    if question.lang != deck_language:
        out["lang"] = question.lang
    out["prompt"] = question.prompt
    out.update(_answer_fields(question))
    if question.explanation:
        out["explanation"] = question.explanation
    if question.translations:
        out["translations"] = {
            code: {
                **_translation(t.prompt, t.choices, t.explanation, t.accepted, question.kind),
                **_true_false_words(code, t.choices, question.kind),
                **_pairs(t.pairs),
            }
            for code, t in sorted(question.translations.items())
        }
    if question.tags:
        out["tags"] = list(question.tags)
    if question.difficulty:
        out["difficulty"] = question.difficulty
    # An https image goes with the question wherever it is written (a server's deck saved, an export), as
    # does a picture uploaded for the deck (kept beside it in the store); a file's image is a built-in
    # deck's, by its full path on this host, which no other file may carry.
    if question.image and (is_url(question.image) or picture_name(question.image) is not None):
        out["image"] = question.image
    if question.suggested_by is not None:
        out["suggested_by"] = question.suggested_by
    return out


def _answer_fields(question: Question) -> dict[str, Any]:
    """The keys that say what a question of its kind offers and takes as right, in the order written."""
    if question.kind in (Kind.CHOICE, Kind.MULTI):
        right = sorted(question.answers)  # a multi question's always a list: the set, however many it holds
        answer = right[0] if len(right) == 1 and question.kind is Kind.CHOICE else right
        return {"choices": list(question.choices), "answer": answer}
    if question.kind in (Kind.POLL, Kind.ORDER):  # choices and no right answer; an order's, in order
        return {"items" if question.kind is Kind.ORDER else "choices": list(question.choices)}
    if question.kind is Kind.TRUEFALSE:
        return {"answer": 0 in question.answers}
    if question.kind is Kind.NUMBER:
        return _number_fields(question)
    if question.kind is Kind.CLOZE:
        return {"blanks": [list(accepted) for accepted in question.blanks]}
    if question.kind is Kind.MATCH:
        return {"pairs": [list(pair) for pair in question.pairs]}
    out: dict[str, Any] = {"answers": list(question.accepted)}
    if question.hint:
        out["hint"] = question.hint
    return out


def _number_fields(question: Question) -> dict[str, Any]:
    out: dict[str, Any] = {"answer": None if question.number is None else _Number(plain(question.number))}
    tolerance = question.tolerance
    if tolerance.amount is not None:
        out["tolerance"] = str(tolerance) if tolerance.percent else _Number(plain(tolerance.amount))
    if question.unit:
        out["unit"] = question.unit
    return out


def _translation(
    prompt: str, choices: tuple[str, ...], explanation: str, accepted: tuple[str, ...], kind: Kind
) -> Mapping[str, Any]:
    out: dict[str, Any] = {"prompt": prompt}
    if choices and kind in (Kind.CHOICE, Kind.MULTI, Kind.POLL, Kind.ORDER):
        out["items" if kind is Kind.ORDER else "choices"] = list(choices)
    if accepted and kind is Kind.TEXT:
        out["answers"] = list(accepted)
    if explanation:
        out["explanation"] = explanation
    return out


def _true_false_words(code: str, choices: tuple[str, ...], kind: Kind) -> dict[str, Any]:
    """A true/false translation's own words for True and False, when not the language's usual ones."""
    if kind is not Kind.TRUEFALSE or not choices or choices == part_sizes.true_false_choices(code):
        return {}
    return {"choices": list(choices)}


def _pairs(pairs: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """A match question's translated pairs, where it has them."""
    return {"pairs": [list(pair) for pair in pairs]} if pairs else {}


def question_yaml(mapping: Mapping[str, Any]) -> str:
    """One question as an item of the `questions` list."""
    return dump_yaml([dict(mapping)])


def deck_to_yaml(deck: Deck) -> str:
    """The deck in our YAML format; loading it back gives the same deck."""
    text = deck_header(deck.id, deck.title, deck.description, deck.language, deck.tags)
    return text + "".join(question_yaml(question_mapping(q, deck.language)) for q in deck.questions)


def deck_rows(deck: Deck) -> list[list[str]]:
    """The deck as a spreadsheet's rows under CSV_COLUMNS + CSV_TAIL: one question a row, the right
    answer by its text (or true/false). Translations have no column and are not exported; every other
    field is."""
    rows = []
    for q in deck.questions:
        if q.kind in (
            Kind.CLOZE,
            Kind.MATCH,
            Kind.ORDER,
        ):  # a sheet has no column for blanks, pairs or an order
            continue
        if q.kind is Kind.TEXT:
            answer = " | ".join(q.accepted)
            choices = [""] * 5
        elif q.kind is Kind.TRUEFALSE:
            answer = "true" if 0 in q.answers else "false"
            choices = [""] * 5
        elif q.kind is Kind.NUMBER:  # the number alone: a spreadsheet has no column for its tolerance
            answer = plain(q.number) if q.number is not None else ""
            choices = [""] * 5
        else:  # a multi question's choices past the fifth have no column, and are not exported
            answer = " | ".join(q.choices[i] for i in sorted(q.answers) if i < 5)
            choices = [*q.choices[:5], *[""] * (5 - len(q.choices))]
        rows.append(
            [
                q.id,
                q.kind.value,
                q.prompt,
                answer,
                *choices,
                q.explanation,
                q.lang,
                ", ".join(q.tags),
                q.difficulty or "",
            ]
        )
    return rows


def deck_to_csv(deck: Deck) -> str:
    """The deck as a spreadsheet (bot.spreadsheet_csv: no cell runs as a formula); the spreadsheet
    importer reads it back to the same questions, but for a number question, which comes back as a text
    question accepting its number (a sheet has no column for a tolerance or a unit), and a multi
    question's choices past the fifth, which have no column."""
    return csv_text(CSV_COLUMNS + CSV_TAIL, deck_rows(deck))
