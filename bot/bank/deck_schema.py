"""questions/deck.schema.json, made from the reader's own keys and limits so the two cannot drift apart.

The reader (bot/bank/reader.py) stays the authority; the JSON Schema is for editors (the
`yaml-language-server` modeline in questions/README.md). `bvunzo schema -o questions/deck.schema.json`
writes it, and a test fails when the shipped file is not what this module makes.
"""

from __future__ import annotations

import json
from typing import Any

from bot.bank import part_sizes
from bot.bank.cloze import MAX_BLANKS
from bot.bank.images import MAX_IMAGE_REFERENCE
from bot.bank.languages import LANGUAGE_CODE
from bot.bank.match import MAX_PAIR_ITEM, MAX_PAIRS, MIN_PAIRS
from bot.bank.models import Kind
from bot.bank.order import MAX_ITEMS, MIN_ITEMS
from bot.bank.reader import DECK_KEYS, DIFFICULTIES, QUESTION_KEYS, SLUG, TRANSLATION_KEYS
from bot.locales import N_, _

Schema = dict[str, Any]

# The limits the descriptions name; a description is marked with N_ and written in the task's language
# when the schema is made (`bvunzo schema` runs in English).
_LIMITS = {
    "most_questions": part_sizes.MAX_QUESTIONS_PER_DECK,
    "most_translations": part_sizes.MAX_TRANSLATIONS,
    "most_tags": part_sizes.MAX_TAGS,
    "tag_length": part_sizes.MAX_TAG_LENGTH,
    "least_choices": part_sizes.MIN_CHOICES,
    "most_choices": part_sizes.MAX_CHOICES,
    "last_letter": "ABCDE"[part_sizes.MAX_CHOICES - 1],
    "most_multi_choices": part_sizes.MAX_MULTI_CHOICES,
    "most_answers": part_sizes.MAX_TEXT_ANSWERS,
    "most_blanks": MAX_BLANKS,
    "least_items": MIN_ITEMS,
    "most_items": MAX_ITEMS,
    "least_pairs": MIN_PAIRS,
    "most_pairs": MAX_PAIRS,
}


def _ref(name: str, description: str | None = None) -> Schema:
    ref: Schema = {"$ref": f"#/definitions/{name}"}
    return {"description": description, **ref} if description else ref


def _index(most: int = part_sizes.MAX_CHOICES) -> Schema:
    return {"type": "integer", "minimum": 0, "maximum": most - 1}


DECK_PROPERTIES: dict[str, Schema] = {
    "id": _ref("slug", N_("The deck's stable name; defaults to the file name. Scores are kept under it.")),
    "title": {
        "description": N_("What players see in menus."),
        "type": "string",
        "minLength": 1,
        "maxLength": part_sizes.MAX_DECK_TITLE_LENGTH,
    },
    "description": {
        "description": N_("One or two sentences for the deck list."),
        "type": ["string", "null"],
        "maxLength": part_sizes.MAX_DECK_DESCRIPTION_LENGTH,
    },
    "language": _ref("language", N_("The language questions are written in unless they say otherwise.")),
    "tags": _ref("tags"),
    "questions": {
        "description": N_("The questions, 1 to {most_questions} of them."),
        "type": "array",
        "minItems": 1,
        "maxItems": part_sizes.MAX_QUESTIONS_PER_DECK,
        "items": _ref("question"),
    },
}

QUESTION_PROPERTIES: dict[str, Schema] = {
    "id": _ref("slug", N_("Unique within the deck; scores and spaced repetition key on it.")),
    "type": {
        "description": N_(
            "choice (default), truefalse, text, number, multi (select all that apply), match (pairs to match), "
            "order (items to put in order), cloze (blanks to "
            "fill) or poll (no right answer)."
        ),
        "enum": [kind.value for kind in Kind],
    },
    "lang": _ref("language"),
    "prompt": _ref("prompt"),
    "choices": _ref("choices"),
    "answer": {
        "description": N_(
            "choice: the right choice's index (from 0) or text; truefalse: true or false; number: the right "
            "number; multi: the list of every right choice."
        )
    },
    "answers": _ref("textAnswers"),
    "tolerance": {
        "description": N_(
            'number questions: how far from the answer a right answer may be, such as 0.05 or "1%" '
            "(exact when left out)."
        ),
        "oneOf": [
            {"type": "number", "minimum": 0},
            {"type": "string", "pattern": r"^\s*(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*%?\s*$"},
        ],
    },
    "unit": {
        "description": N_("number questions: the unit the answer is in, such as m/s²; a member may type it."),
        "type": "string",
        "minLength": 1,
        "maxLength": part_sizes.MAX_UNIT_LENGTH,
    },
    "blanks": {
        "description": N_(
            "cloze questions: for each blank of the prompt, in order (at most {most_blanks}), the list of "
            "answers it accepts."
        ),
        "type": "array",
        "minItems": 1,
        "maxItems": MAX_BLANKS,
        "items": _ref("textAnswers"),
    },
    "pairs": _ref(
        "pairs", N_("match questions: {least_pairs} to {most_pairs} pairs, each `[left, right]`, in order.")
    ),
    "items": _ref(
        "orderItems", N_("order questions: {least_items} to {most_items} items, in the right order.")
    ),
    "explanation": _ref("explanation"),
    "hint": {
        "description": N_(
            "text questions: what the first press of Hint shows instead of the answer's first letter."
        ),
        "type": "string",
        "minLength": 1,
        "maxLength": part_sizes.MAX_HINT_LENGTH,
    },
    "translations": {
        "description": N_("The question in other languages, by language code (at most {most_translations})."),
        "type": "object",
        "maxProperties": part_sizes.MAX_TRANSLATIONS,
        "propertyNames": _ref("language"),
        "additionalProperties": _ref("translation"),
    },
    "tags": _ref("tags"),
    "difficulty": {"enum": [*DIFFICULTIES, None]},
    "image": {
        "description": N_(
            "A picture in the question: a PNG, JPEG, GIF or WebP file beside the deck "
            "(images/chart.png), an https:// URL, or a picture uploaded for a server's deck on the "
            "dashboard (picture:NAME); uploaded decks may use URLs and their own pictures only."
        ),
        "type": "string",
        "minLength": 1,
        "maxLength": MAX_IMAGE_REFERENCE,
    },
    "suggested_by": {
        "description": N_(
            "The Discord user id of the member who suggested it (/deck suggest); credited at the reveal."
        ),
        "type": "integer",
        "minimum": 1,
    },
}

TRANSLATION_PROPERTIES: dict[str, Schema] = {
    "prompt": _ref("prompt"),
    "choices": _ref("choices"),
    "explanation": _ref("explanation"),
    "answers": _ref("textAnswers"),
    "pairs": _ref("pairs"),
    "items": _ref("orderItems"),
}

# a cloze's blanks, a match's pairs, an order's items: theirs only
_OTHER_KEYS = ("tolerance", "unit", "blanks", "pairs", "items")

# What each kind of question requires and forbids (the reader's per-kind readers).
_KIND_RULES: dict[Kind, tuple[list[str], list[str], Schema | None]] = {
    Kind.TEXT: (["answers"], ["choices", "answer", *_OTHER_KEYS], None),
    Kind.NUMBER: (
        ["answer"],
        ["choices", "answers", "hint", "blanks", "pairs", "items"],
        _ref("numberAnswer"),
    ),
    Kind.CLOZE: (
        ["blanks"],
        ["choices", "answer", "answers", "hint", "tolerance", "unit", "pairs", "items"],
        None,
    ),
    Kind.MATCH: (
        ["pairs"],
        ["choices", "answer", "answers", "hint", "tolerance", "unit", "blanks", "items"],
        None,
    ),
    Kind.ORDER: (
        ["items"],
        ["choices", "answer", "answers", "hint", "tolerance", "unit", "blanks", "pairs"],
        None,
    ),
    Kind.TRUEFALSE: (["answer"], ["choices", "answers", "hint", *_OTHER_KEYS], {"type": "boolean"}),
    Kind.POLL: (["choices"], ["answer", "answers", "hint", *_OTHER_KEYS], None),
    Kind.CHOICE: (["choices", "answer"], ["answers", "hint", *_OTHER_KEYS], _ref("choiceAnswer")),
    Kind.MULTI: (["choices", "answer"], ["answers", "hint", *_OTHER_KEYS], _ref("multiAnswer")),
}
# The kinds answered on a row of buttons, A to E: only a multi question's menu takes more choices.
_BUTTON_KINDS = (Kind.CHOICE, Kind.POLL)

# The order of the question's if-then rules in the shipped file (no kind at all means a choice question).
_KINDS_IN_SCHEMA_ORDER = (
    Kind.TEXT,
    Kind.NUMBER,
    Kind.TRUEFALSE,
    None,
    Kind.POLL,
    Kind.CHOICE,
    Kind.MULTI,
    Kind.CLOZE,
    Kind.ORDER,
    Kind.MATCH,
)


def _kind_rule(kind: Kind | None) -> Schema:
    required, forbidden, answer = _KIND_RULES[kind or Kind.CHOICE]
    condition: Schema = (
        {"not": {"required": ["type"]}}
        if kind is None
        else {"properties": {"type": {"const": kind.value}}, "required": ["type"]}
    )
    then: Schema = {"required": required}
    properties: Schema = {}
    if answer is not None:
        properties["answer"] = answer
    if (kind or Kind.CHOICE) in _BUTTON_KINDS:
        properties["choices"] = {"maxItems": part_sizes.MAX_CHOICES}
    if properties:
        then["properties"] = properties
    nots = [{"required": [key]} for key in forbidden]
    then["not"] = nots[0] if len(nots) == 1 else {"anyOf": nots}
    return {"if": condition, "then": then}


def _only(keys: tuple[str, ...], properties: dict[str, Schema], what: str) -> dict[str, Schema]:
    """The properties of `keys`, in the reader's order; a key the reader takes without a schema is a bug."""
    missing = [k for k in keys if k not in properties]
    extra = [k for k in properties if k not in keys]
    if missing or extra:
        raise ValueError(f"{what}: the reader's keys and the schema's differ ({missing=}, {extra=})")
    return {key: properties[key] for key in keys}


def deck_schema() -> Schema:
    """The JSON Schema (draft 7) of a deck file."""
    text = ["string", "number", "boolean"]
    return _written(_schema(text))


def _written(schema: Any) -> Any:
    """The schema with its titles and descriptions in the task's language."""
    if isinstance(schema, list):
        return [_written(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    return {
        key: _(value, **_LIMITS)
        if key in ("title", "description") and isinstance(value, str)
        else _written(value)
        for key, value in schema.items()
    }


def _schema(text: list[str]) -> Schema:
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$id": "https://bvunzo.example/questions/deck.schema.json",
        "$comment": "Made by `bvunzo schema` from bot/bank/reader.py and bot/bank/part_sizes.py; do not edit.",  # i18n: not shown
        "title": N_("Bvunzo deck"),
        "description": N_(
            "One deck of questions for Bvunzo (questions/README.md). `bvunzo validate` stays the "
            "authority: it also checks ids are unique, answers are in range and that each question fits in a "
            "Discord message."
        ),
        "type": "object",
        "additionalProperties": False,
        "required": ["questions"],
        "properties": _only(DECK_KEYS, DECK_PROPERTIES, "a deck"),
        "definitions": {
            **_word_definitions(),
            **_choice_definitions(text),
            **_choice_answer_definitions(),
            **_typed_answer_definitions(text),
            **_shape_definitions(),
        },
    }


def _word_definitions() -> dict[str, Schema]:
    """A deck's and a question's slugs, languages and tags."""
    return {
        "slug": {
            "type": "string",
            "pattern": f"^{SLUG.pattern.removesuffix('+')}{{1,{part_sizes.MAX_DECK_ID_LENGTH}}}$",
        },
        "language": {
            "description": N_("2 or 3 lowercase letters (en, sn), optionally with a region (pt-BR, es-419)."),
            "type": "string",
            "pattern": f"^{LANGUAGE_CODE.pattern}$",
        },
        "tags": {
            "description": N_(
                "Short words for the topic: at most {most_tags}, each at most {tag_length} characters."
            ),
            "oneOf": [
                {
                    "type": "array",
                    "maxItems": part_sizes.MAX_TAGS,
                    "items": {"type": ["string", "number"], "maxLength": part_sizes.MAX_TAG_LENGTH},
                },
                {"type": "string", "maxLength": part_sizes.MAX_TAG_LENGTH},
                {"type": "null"},
            ],
        },
    }


def _choice_definitions(text: list[str]) -> dict[str, Schema]:
    """A prompt, its choices and an order question's items."""
    return {
        "prompt": {
            "description": N_("The question itself."),
            "type": ["string", "number"],
            "minLength": 1,
            "maxLength": part_sizes.MAX_PROMPT_LENGTH,
        },
        "choice": {"type": text, "minLength": 1, "maxLength": part_sizes.MAX_CHOICE_LENGTH},
        "choices": {
            "description": N_(
                "{least_choices} to {most_choices} answers to pick from (buttons A to {last_letter}); a "
                "multi question may have up to {most_multi_choices}."
            ),
            "type": "array",
            "minItems": part_sizes.MIN_CHOICES,
            "maxItems": part_sizes.MAX_MULTI_CHOICES,
            "items": _ref("choice"),
        },
        "orderItems": {
            "type": "array",
            "minItems": MIN_ITEMS,
            "maxItems": MAX_ITEMS,
            "uniqueItems": True,
            "items": _ref("choice"),
        },
    }


def _choice_answer_definitions() -> dict[str, Schema]:
    """A choice question's and a multi question's right answers."""
    return {
        "choiceAnswer": {
            "description": N_(
                "The right choice: its index counting from 0, its exact text, or a list of them."
            ),
            "oneOf": [
                _index(),
                {"type": "string", "minLength": 1},
                {
                    "type": "array",
                    "minItems": 1,
                    "items": {"oneOf": [_index(), {"type": "string", "minLength": 1}]},
                },
            ],
        },
        "multiAnswer": {
            "description": N_(
                "Every right choice: a list of their indices counting from 0 (or their exact texts), at "
                "least one right and one left wrong."
            ),
            "oneOf": [
                _index(part_sizes.MAX_MULTI_CHOICES),
                {"type": "string", "minLength": 1},
                {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": part_sizes.MAX_MULTI_CHOICES - 1,
                    "uniqueItems": True,
                    "items": {
                        "oneOf": [
                            _index(part_sizes.MAX_MULTI_CHOICES),
                            {"type": "string", "minLength": 1},
                        ]
                    },
                },
            ],
        },
    }


def _typed_answer_definitions(text: list[str]) -> dict[str, Schema]:
    """A number question's right answer and a text question's typed ones."""
    return {
        "numberAnswer": {
            "description": N_("The right number, with a dot for decimals: 9.81, -3 or 981e-2."),
            "oneOf": [
                {"type": "number"},
                {"type": "string", "pattern": r"^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$"},
            ],
        },
        "textAnswers": {
            "description": N_(
                "Every typed answer that counts as right (at most {most_answers}); the first is shown at "
                "the reveal."
            ),
            "oneOf": [
                {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": part_sizes.MAX_TEXT_ANSWERS,
                    "items": {
                        "type": text,
                        "minLength": 1,
                        "maxLength": part_sizes.MAX_TEXT_ANSWER_LENGTH,
                    },
                },
                {
                    "type": ["string", "number"],
                    "minLength": 1,
                    "maxLength": part_sizes.MAX_TEXT_ANSWER_LENGTH,
                },
            ],
        },
    }


def _shape_definitions() -> dict[str, Schema]:
    """A match question's pairs, the explanation, a translation and a question with each kind's rules."""
    return {
        "pairs": {
            "type": "array",
            "minItems": MIN_PAIRS,
            "maxItems": MAX_PAIRS,
            "items": {
                "type": "array",
                "minItems": 2,
                "maxItems": 2,
                "items": {"type": ["string", "number"], "minLength": 1, "maxLength": MAX_PAIR_ITEM},
            },
        },
        "explanation": {
            "description": N_("Why the right answer is right; shown at the reveal and in practice."),
            "type": ["string", "number", "null"],
            "maxLength": part_sizes.MAX_EXPLANATION_LENGTH,
        },
        "translation": {
            "type": "object",
            "additionalProperties": False,
            "required": ["prompt"],
            "properties": _only(TRANSLATION_KEYS, TRANSLATION_PROPERTIES, "a translation"),
        },
        "question": {
            "type": "object",
            "additionalProperties": False,
            "required": ["id", "prompt"],
            "properties": _only(QUESTION_KEYS, QUESTION_PROPERTIES, "a question"),
            "allOf": [_kind_rule(kind) for kind in _KINDS_IN_SCHEMA_ORDER],
        },
    }


def schema_text() -> str:
    """The schema as the shipped file holds it."""
    return json.dumps(deck_schema(), indent=2, ensure_ascii=False) + "\n"
