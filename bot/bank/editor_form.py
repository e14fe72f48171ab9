"""The question editor's form in plain words, read into a QuestionForm: the kind decides which fields count.

The dashboard's editor shows one fieldset per kind of question (choices with a "Right answer" beside each,
two radios for true or false, a box of accepted answers...) and one group of fields per language for the
translations. `read_form` takes what a browser posted and keeps only the fields of the kind chosen: a field
of another kind, sent by an old page or by hand, is never read. `check_form` says the mistakes made most
often in one sentence beside their field, then lets the deck validator (bot.bank.editing) read the rest.

A new kind of question plugs in with a reader in KIND_FIELDS (the QuestionForm fields its inputs fill) and
the field its "no answer" errors sit beside in ANSWER_FIELD; its fieldset goes in the editor's template.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.bank import part_sizes
from bot.bank.cloze import MAX_BLANKS
from bot.bank.editing import QuestionForm
from bot.bank.match import MAX_PAIRS
from bot.bank.models import Kind, Question, Translation
from bot.bank.writer import dump_yaml
from bot.locales import SHIPPED


@dataclass(frozen=True, slots=True)
class Posted:
    """The text fields a browser sent, each name with every value given for it (files left out)."""

    values: Mapping[str, tuple[str, ...]]

    @classmethod
    def of(cls, pairs: Iterable[tuple[str, object]]) -> Posted:
        """The fields as typed: a browser sends a textarea's line breaks as CRLF, a deck keeps them as LF."""
        values: dict[str, list[str]] = {}
        for name, value in pairs:
            if isinstance(value, str):
                values.setdefault(name, []).append(value.replace("\r\n", "\n").replace("\r", "\n"))
        return cls({name: tuple(given) for name, given in values.items()})

    def one(self, name: str) -> str:
        given = self.values.get(name, ())
        return given[0] if given else ""

    def every(self, name: str) -> tuple[str, ...]:
        return self.values.get(name, ())


def _indices(given: Iterable[str], most: int) -> list[int]:
    """The choice numbers ticked (their inputs' values, from 0); anything else is dropped."""
    return sorted({int(v) for v in given if v.isascii() and v.isdigit() and int(v) < most})


def _choices(posted: Posted, most: int) -> list[str]:
    return [posted.one(f"choice{i}") for i in range(most)]


def _choice(posted: Posted) -> dict[str, Any]:
    most = part_sizes.MAX_CHOICES
    return {"choices": _choices(posted, most), "answer": _indices(posted.every("right")[:1], most)}


def _multi(posted: Posted) -> dict[str, Any]:
    most = part_sizes.MAX_MULTI_CHOICES
    return {"choices": _choices(posted, most), "answer": _indices(posted.every("rights"), most)}


def _poll(posted: Posted) -> dict[str, Any]:
    return {"choices": _choices(posted, part_sizes.MAX_CHOICES)}


def _truefalse(posted: Posted) -> dict[str, Any]:
    return {"answer": {"true": [0], "false": [1]}.get(posted.one("truth"), [])}


def _text(posted: Posted) -> dict[str, Any]:
    return {"accepted": posted.one("accepted").splitlines(), "hint": posted.one("hint")}


def _number(posted: Posted) -> dict[str, Any]:
    return {name: posted.one(name) for name in ("number", "tolerance", "unit")}


def _cloze(posted: Posted) -> dict[str, Any]:
    return {"blanks": [posted.one(f"blank{i}") for i in range(MAX_BLANKS)]}


def _pairs(posted: Posted, name: str = "") -> list[tuple[str, str]]:
    return [(posted.one(f"{name}pair{i}left"), posted.one(f"{name}pair{i}right")) for i in range(MAX_PAIRS)]


def _match(posted: Posted) -> dict[str, Any]:
    return {"pairs": _pairs(posted)}


def _order(posted: Posted) -> dict[str, Any]:
    """An order question's items, one a line in the right order (blank lines dropped when it is written)."""
    return {"items": posted.one("items").splitlines()}


# What each kind's fieldset fills in a QuestionForm; a kind not here is not one the editor makes.
KIND_FIELDS: dict[str, Callable[[Posted], dict[str, Any]]] = {
    Kind.CHOICE.value: _choice,
    Kind.TRUEFALSE.value: _truefalse,
    Kind.TEXT.value: _text,
    Kind.POLL.value: _poll,
    Kind.NUMBER.value: _number,
    Kind.MULTI.value: _multi,
    Kind.CLOZE.value: _cloze,
    Kind.MATCH.value: _match,
    Kind.ORDER.value: _order,
}
# The field a kind's "which answer is right" mistakes are said beside.
ANSWER_FIELD = {
    Kind.CHOICE.value: "choices",
    Kind.MULTI.value: "choices",
    Kind.POLL.value: "choices",
    Kind.TRUEFALSE.value: "truth",
    Kind.TEXT.value: "accepted",
    Kind.NUMBER.value: "number",
    Kind.CLOZE.value: "blanks",
    Kind.MATCH.value: "pairs",
    Kind.ORDER.value: "items",
}
CHOOSING = (Kind.CHOICE.value, Kind.MULTI.value, Kind.POLL.value)


@dataclass(slots=True)
class Translated:
    """A question's words in one more language, as its group of fields holds them."""

    code: str
    prompt: str = ""
    choices: list[str] = field(default_factory=list)
    explanation: str = ""
    accepted: list[str] = field(default_factory=list)  # a typed-answer question's extra answers
    items: list[str] = field(default_factory=list)  # an order question's items, in the right order
    pairs: list[tuple[str, str]] = field(default_factory=list)  # a match question's, in the question's order

    @property
    def empty(self) -> bool:
        written = self.filled_choices or self.answers or self.filled_items or self.filled_pairs
        return not (self.prompt.strip() or self.explanation.strip() or written)

    @property
    def filled_items(self) -> list[str]:
        return [item.strip() for item in self.items if item.strip()]

    @property
    def filled_pairs(self) -> list[tuple[str, str]]:
        """The pairs with a side written (one side alone kept, for the validator to say what is missing)."""
        return [(left.strip(), right.strip()) for left, right in self.pairs if left.strip() or right.strip()]

    @property
    def filled_choices(self) -> list[str]:
        return [c for c in self.choices if c.strip()]

    @property
    def answers(self) -> list[str]:
        return [a.strip() for a in self.accepted if a.strip()]


@dataclass(slots=True)
class EditorForm:
    """The editor's fields: the question's own, and a group for each language it may be translated to."""

    form: QuestionForm
    translated: list[Translated] = field(default_factory=list)

    @classmethod
    def of(cls, question: Question, deck_language: str, languages: Sequence[str]) -> EditorForm:
        form = QuestionForm.of(question, deck_language)
        form.translations = ""
        groups = []
        for code in (*languages, *(c for c in question.translations if c not in languages)):
            t = question.translations.get(code)
            groups.append(Translated(code) if t is None else _group(code, t, question.kind))
        return cls(form, groups)


def _group(code: str, words: Translation, kind: Kind) -> Translated:
    """A translation's group of fields: an order question's translated items are kept as its choices."""
    order = kind is Kind.ORDER
    return Translated(
        code,
        words.prompt,
        [] if order or kind is Kind.TRUEFALSE else list(words.choices),
        words.explanation,
        list(words.accepted),
        items=list(words.choices) if order else [],
        pairs=list(words.pairs),
    )


def translation_languages(own: str, shipped: Sequence[str]) -> list[str]:
    """The languages a question gets a group of fields for: the server's, but its own."""
    return [code for code in shipped if code != own]


def posted_languages(deck_language: str, posted: Posted) -> list[str]:
    """The languages of a post's translation groups: the server's but the question's own, and those a
    question had before (their groups named `tr-<code>-prompt`; the deck validator checks each code)."""
    shipped = translation_languages(posted.one("lang").strip() or deck_language, SHIPPED)
    kept = [n[3:-7] for n in posted.values if n.startswith("tr-") and n.endswith("-prompt")]
    return [*shipped, *(code for code in kept if code not in shipped and 0 < len(code) <= 35)]


def _translated(posted: Posted, code: str, kind: str) -> Translated:
    name = f"tr-{code}-"
    return Translated(
        code,
        prompt=posted.one(name + "prompt"),
        choices=[posted.one(f"{name}choice{i}") for i in range(part_sizes.MAX_MULTI_CHOICES)]
        if kind in CHOOSING
        else [],
        explanation=posted.one(name + "explanation"),
        accepted=posted.one(name + "accepted").splitlines() if kind == Kind.TEXT.value else [],
        items=posted.one(name + "items").splitlines() if kind == Kind.ORDER.value else [],
        pairs=_pairs(posted, name) if kind == Kind.MATCH.value else [],
    )


def _translations_yaml(groups: Sequence[Translated]) -> str:
    mapping: dict[str, dict[str, Any]] = {}
    for group in groups:
        if group.empty:
            continue
        words: dict[str, Any] = {"prompt": group.prompt}
        if group.filled_choices:
            words["choices"] = group.filled_choices
        if group.explanation.strip():
            words["explanation"] = group.explanation
        if group.answers:
            words["answers"] = group.answers
        if group.filled_items:
            words["items"] = group.filled_items
        if group.filled_pairs:
            words["pairs"] = [[side for side in pair if side] for pair in group.filled_pairs]
        mapping[group.code] = words
    return dump_yaml(mapping) if mapping else ""


def read_form(posted: Posted, languages: Sequence[str]) -> EditorForm:
    """The question a browser's post describes: the common fields, the chosen kind's, the translations."""
    kind = posted.one("kind").strip()
    kind_fields = KIND_FIELDS[kind](posted) if kind in KIND_FIELDS else {}
    groups = [_translated(posted, code, kind) for code in languages]
    form = QuestionForm(
        id=posted.one("id").strip(),
        kind=kind,
        prompt=posted.one("prompt"),
        explanation=posted.one("explanation"),
        translations=_translations_yaml(groups),
        tags=posted.one("tags"),
        difficulty=posted.one("difficulty"),
        image=posted.one("image"),
        lang=posted.one("lang"),
        **kind_fields,
    )
    return EditorForm(form, groups)
