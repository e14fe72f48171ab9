"""The question editor's form checked, each mistake in one sentence beside the field it is about.

The mistakes made most often are said in the form's words (choices counted from 1, "the right answer")
before the deck validator reads the rest; what it still finds is said without its file's backticks.
"""

from __future__ import annotations

import re

from bot.bank import part_sizes
from bot.bank.cloze import BLANK
from bot.bank.editing import Checked, FieldError, QuestionForm, check_question
from bot.bank.editor_form import ANSWER_FIELD, CHOOSING, KIND_FIELDS, EditorForm, Translated
from bot.bank.editor_kept import kept_unshown
from bot.bank.models import Deck, Kind
from bot.bank.reader import CHOICE_ITEM, TAG_ITEM
from bot.bank.tolerance import parse_decimal, parse_tolerance
from bot.locales import _, n_, number


def _same(text: str) -> str:
    return " ".join(text.split()).casefold()


def _choice_errors(choices: list[str]) -> list[FieldError]:
    """Empty choices before the last one written, the same choice twice, too few choices."""
    used = list(choices)
    while used and not used[-1].strip():
        used.pop()
    errors: list[FieldError] = []
    seen: dict[str, int] = {}
    for index, choice in enumerate(used):
        name = f"choices[{index}]"
        if not choice.strip():
            errors.append(
                FieldError(name, _("This choice is empty: write it, or empty the choices after it."))
            )
            continue
        key = _same(choice)
        if key in seen:
            errors.append(FieldError(name, _("This choice is the same as choice {n}.", n=seen[key] + 1)))
        seen.setdefault(key, index)
    if len(used) < part_sizes.MIN_CHOICES:
        errors.append(FieldError("choices", _("Write at least two choices.")))
    return errors


def _answer_errors(form_kind: str, answer: list[int], choices: list[str]) -> list[FieldError]:
    where = ANSWER_FIELD.get(form_kind, "question")
    if form_kind == Kind.CHOICE.value and not answer:
        return [FieldError(where, _("Choose the right answer with the button beside its choice."))]
    if form_kind == Kind.MULTI.value and not answer:
        return [FieldError(where, _("Tick every right answer beside its choice (at least one)."))]
    if form_kind in (Kind.CHOICE.value, Kind.MULTI.value) and any(
        i >= len(choices) or not choices[i].strip() for i in answer
    ):
        return [FieldError(where, _("A right answer you ticked has no words: write its choice."))]
    if form_kind == Kind.TRUEFALSE.value and not answer:
        return [FieldError(where, _("Choose whether the statement is true or false."))]
    return []


def _kind_errors(editor: EditorForm) -> list[FieldError]:
    form = editor.form
    kind = form.kind
    if kind not in KIND_FIELDS:
        return [FieldError("kind", _("Choose what kind of question this is."))]
    errors: list[FieldError] = []
    if kind in CHOOSING:
        errors += _choice_errors(form.choices)
    if not errors:  # a right answer ticked beside an empty choice: the choice's own sentence says it
        errors += _answer_errors(kind, form.answer, form.choices)
    if kind == Kind.CLOZE.value and BLANK.search(form.prompt) is None:
        errors.append(
            FieldError(
                "prompt",
                _(
                    "Mark each blank in the prompt: {first}, {second} and so on.",
                    first="{{1}}",
                    second="{{2}}",
                ),
            )
        )
    if kind == Kind.TEXT.value and not any(a.strip() for a in form.accepted):
        errors.append(FieldError("accepted", _("Write at least one answer that counts as right.")))
    if kind == Kind.NUMBER.value and not form.number.strip():
        errors.append(FieldError("number", _("Write the right number.")))
    return errors


def _translation_errors(group: Translated, kind: str, choices: int) -> list[FieldError]:
    if group.empty:
        return []
    name = f"tr-{group.code}"
    if not group.prompt.strip():
        return [FieldError(name, _("Write the question in this language too, or empty its fields."))]
    if kind in CHOOSING and group.filled_choices and len(group.filled_choices) != choices:
        return [FieldError(name, _("Translate every choice, or none of them."))]
    return []


def _too_long(name: str, text: str, most: int) -> list[FieldError]:
    if len(text) <= most:
        return []
    sentence = n_(
        "This is {n} character long; at most {most} fit in a Discord message.",
        "This is {n} characters long; at most {most} fit in a Discord message.",
        len(text),
        most=number(most),
    )
    return [FieldError(name, sentence)]


def _length_errors(form: QuestionForm) -> list[FieldError]:
    errors = _too_long("prompt", form.prompt, part_sizes.MAX_PROMPT_LENGTH)
    errors += _too_long("explanation", form.explanation, part_sizes.MAX_EXPLANATION_LENGTH)
    if form.kind in CHOOSING:
        for index, choice in enumerate(form.choices):
            errors += _too_long(f"choices[{index}]", choice, part_sizes.MAX_CHOICE_LENGTH)
    if form.kind == Kind.TEXT.value:
        longest = max(form.accepted, key=len, default="")
        errors += _too_long("accepted", longest, part_sizes.MAX_TEXT_ANSWER_LENGTH)
    return errors


def _number_errors(form: QuestionForm) -> list[FieldError]:
    if form.kind != Kind.NUMBER.value:
        return []
    errors = []
    if form.number.strip() and parse_decimal(form.number.strip()) is None:
        errors.append(FieldError("number", _("Write a number, with a dot for decimals, such as 9.81.")))
    if form.tolerance.strip() and parse_tolerance(form.tolerance.strip()) is None:
        sentence = _("Write how far from the number an answer may be, such as 0.05 or {share}.", share="1%")
        errors.append(FieldError("tolerance", sentence))
    return errors


def plain_errors(editor: EditorForm) -> list[FieldError]:
    """What a moderator most often leaves out or repeats, beside the field it is about."""
    form = editor.form
    errors: list[FieldError] = []
    if not form.id.strip():
        errors.append(FieldError("id", _("Give the question a short name, such as q-4.")))
    if not form.prompt.strip():
        errors.append(FieldError("prompt", _("Write the question.")))
    errors += _kind_errors(editor)
    errors += _length_errors(form) + _number_errors(form)
    filled = len([c for c in form.choices if c.strip()])
    for group in editor.translated:
        errors += _translation_errors(group, form.kind, filled)
    return errors


def check_form(editor: EditorForm, deck: Deck, *, replacing: str | None = None) -> Checked:
    """The question the editor's form makes, or why not: first the plain checks, then the deck
    validator's (its sentences about a kind's answer put beside the field that holds it). An edit keeps
    what the form does not show from the question it replaces."""
    plain = plain_errors(editor)
    if plain:
        return Checked(None, tuple(plain))
    checked = check_question(editor.form, deck, replacing=replacing)
    old = deck.question(replacing) if replacing is not None else None
    if checked.question is not None and old is not None:
        checked = Checked(kept_unshown(old, checked.question), checked.errors)
    where = ANSWER_FIELD.get(editor.form.kind, "question")
    errors = tuple(
        FieldError(where if e.field == "answer" else e.field, plain_sentence(e.message))
        for e in checked.errors
    )
    return Checked(checked.question, errors)


_COUNTED = 25  # the most choices or tags a question has


def _counted(item: str, index: int) -> str:
    return _(item, index=index + 1)


def plain_sentence(message: str) -> str:
    """One of the deck validator's messages as the editor says it: choices counted from 1 as the form
    counts them, no backticks, a sentence (what the plain checks above leave to it is rare)."""
    marks = {_(item, index=i): (item, i) for item in (CHOICE_ITEM, TAG_ITEM) for i in range(_COUNTED)}
    pattern = "|".join(re.escape(words) for words in sorted(marks, key=len, reverse=True))
    message = re.sub(f"({pattern})(?!\\d)", lambda m: _counted(*marks[m.group(1)]), message)
    message = message.replace("`", "").strip()
    if not message:
        return message
    return message[0].upper() + message[1:] + ("" if message.endswith((".", "?", "!")) else ".")
