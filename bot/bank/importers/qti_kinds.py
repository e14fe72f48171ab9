"""Each Canvas `question_type` of a QTI 1.2 `<item>` read into one of the Moodle readers' kinds."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from bot.bank.importers import moodle_items as moodle
from bot.bank.importers.html_text import html_to_text
from bot.bank.importers.xml_tree import Element
from bot.bank.tolerance import in_range
from bot.locales import N_, _

# A blank in a Canvas question's text, `[blank1]`, named as its `response_blank1` is.
_MARK = re.compile(r"\[([^\[\]\s]+)\]")

NO_KEY = N_("no answer is marked right: no `<respcondition>` of the item sets the score to 100 for one")


def words(element: Element | None) -> str:
    """An element's first `<mattext>` (or the element, if it is one) as plain text, HTML read as it shows."""
    text = element if element is None or element.tag == "mattext" else element.first("mattext")
    if text is None:
        return ""
    raw = text.text.strip()
    return html_to_text(raw) if "html" in text.attrs.get("texttype", "").lower() else raw


def number(text: str) -> Decimal | None:
    """A number as Canvas writes one (`4.0`, `-1e3`); None when it is none, or beyond the range a question
    plays (`1e99999999`: halving a range of those would overflow)."""
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        return None
    return value if in_range(value) else None


def guess_kind(element: Element) -> str:
    """The kind of an item written without `question_type` (QTI from another tool), told by its response."""
    lids = element.descendants("response_lid")
    if len(lids) > 1:
        return "matching_question"
    if lids:
        several = lids[0].attrs.get("rcardinality", "").lower() == "multiple"
        return "multiple_answers_question" if several else "multiple_choice_question"
    fib = element.first("render_fib")
    if fib is not None:
        numeric = fib.attrs.get("fibtype", "").lower() in ("decimal", "integer")
        return "numerical_question" if numeric else "short_answer_question"
    return ""


def read_kind(
    element: Element, kind: str, fields: dict[str, Any], feedback: dict[str, str]
) -> moodle.Item | moodle.Broken:
    if kind in ("multiple_choice_question", "multiple_answers_question"):
        return _choice(element, fields, feedback, single=kind == "multiple_choice_question")
    if kind == "true_false_question":
        return _true_false(element, fields, feedback)
    if kind == "short_answer_question":
        right = [t for c, v in _scoring(element) if v >= 100 for t in _accepted(c, None)]
        if not right:
            return moodle.Broken(fields["line"], _(NO_KEY))
        return moodle.ShortAnswer(
            **fields, answers=tuple(moodle.Answer(t, 100.0) for t in dict.fromkeys(right))
        )
    if kind == "numerical_question":
        return _numerical(element, fields)
    if kind == "matching_question":
        return _matching(element, fields)
    if kind in ("multiple_dropdowns_question", "fill_in_multiple_blanks_question"):
        return _gaps(element, fields, dropdowns=kind == "multiple_dropdowns_question")
    if kind == "essay_question":
        return moodle.Essay(**fields)
    if kind == "text_only_question":
        return moodle.Description(**fields)
    return moodle.Other(**fields, kind=kind or "?")  # file_upload_question, calculated_question, a tool's own


def _scoring(element: Element) -> list[tuple[Element, float]]:
    """Each `<respcondition>` that sets or adds to the score, with the points it gives (100 is all)."""
    processing = element.child("resprocessing")
    found = []
    for condition in processing.every("respcondition") if processing is not None else []:
        for setvar in condition.every("setvar"):
            value = number(setvar.text)
            if (
                value is not None
                and value > 0
                and setvar.attrs.get("action", "set").lower() in ("set", "add")
            ):
                found.append((condition, float(value)))
    return found


def _positive(element: Element, tag: str) -> list[Element]:
    """The `tag` elements below `element` that are not under a `<not>` (the answers a condition refuses)."""
    found = []
    for child in element.children:
        if child.tag == "not":
            continue
        found += [child] if child.tag == tag else _positive(child, tag)
    return found


def _accepted(condition: Element, respident: str | None) -> list[str]:
    """What a condition's `<varequal>` accept, for the response `respident` (any response when None)."""
    variables = condition.child("conditionvar")
    return [
        v.text.strip()
        for v in (_positive(variables, "varequal") if variables is not None else [])
        if respident is None or v.attrs.get("respident", respident) == respident
    ]


def _labels(lid: Element, element: Element) -> list[tuple[str, str, float]]:
    """A response's choices: each one's ident, its words and the most points a condition gives for it."""
    weights: dict[str, float] = {}
    for condition, value in _scoring(element):
        for ident in _accepted(condition, lid.attrs.get("ident", "")):
            weights[ident] = max(weights.get(ident, 0.0), value)
    return [
        (label.attrs.get("ident", ""), words(label), weights.get(label.attrs.get("ident", ""), 0.0))
        for label in lid.descendants("response_label")
    ]


def _choice(
    element: Element, fields: dict[str, Any], feedback: dict[str, str], *, single: bool
) -> moodle.Item | moodle.Broken:
    lid = element.first("response_lid")
    labels = _labels(lid, element) if lid is not None else []
    right = [ident for ident, _words, weight in labels if weight >= 100]
    if not right:
        return moodle.Broken(fields["line"], _(NO_KEY))
    # Canvas gives a multiple-answer item's 100 to all its right choices at once: each holds a share.
    share = 100.0 if single else 100.0 / len(right)
    answers = tuple(
        moodle.Answer(text, share if ident in right else 0.0, feedback.get(f"{ident}_fb", ""))
        for ident, text, _weight in labels
    )
    return moodle.Choice(**fields, answers=answers, single=single)


def _true_false(
    element: Element, fields: dict[str, Any], feedback: dict[str, str]
) -> moodle.Item | moodle.Broken:
    lid = element.first("response_lid")
    labels = _labels(lid, element) if lid is not None else []
    right = [(ident, text) for ident, text, weight in labels if weight >= 100]
    if len(right) != 1 or right[0][1].lower() not in ("true", "false"):
        return _choice(element, fields, feedback, single=True)  # choices named otherwise: asked as a choice
    wrong = next((ident for ident, _text, _weight in labels if ident != right[0][0]), "")
    return moodle.TrueFalse(
        **fields,
        answer=right[0][1].lower() == "true",
        right_feedback=feedback.get(f"{right[0][0]}_fb", ""),
        wrong_feedback=feedback.get(f"{wrong}_fb", ""),
    )


def _numerical(element: Element, fields: dict[str, Any]) -> moodle.Item | moodle.Broken:
    """Each whole answer: a range (`<vargte>`/`<varlte>`, which Canvas writes for every margin) as its
    middle and half its width, else the exact `<varequal>`."""
    answers = []
    for condition, value in _scoring(element):
        variables = condition.child("conditionvar")
        if value < 100 or variables is None:
            continue
        low = next(iter(_positive(variables, "vargte") + _positive(variables, "vargt")), None)
        high = next(iter(_positive(variables, "varlte") + _positive(variables, "varlt")), None)
        exact = next(iter(_positive(variables, "varequal")), None)
        if low is not None and high is not None:
            written = [low.text, high.text]
        elif exact is not None:
            written = [exact.text, exact.text]
        else:
            continue
        least, most = number(written[0]), number(written[1])
        if least is None or most is None or least > most:
            return moodle.Broken(
                fields["line"], _("the answer of a numerical question is not a number or a range")
            )
        answers.append(moodle.NumberAnswer(float((least + most) / 2), float((most - least) / 2), value))
    if not answers:
        return moodle.Broken(fields["line"], _(NO_KEY))
    return moodle.Numeric(**fields, answers=tuple(answers))


def _matching(element: Element, fields: dict[str, Any]) -> moodle.Item:
    pairs = []
    for lid in element.descendants("response_lid"):
        right = next((text for _ident, text, weight in _labels(lid, element) if weight > 0), "")
        pairs.append((words(lid.child("material")), right))
    return moodle.Matching(**fields, pairs=tuple(pairs))


def _gaps(element: Element, fields: dict[str, Any], *, dropdowns: bool) -> moodle.Item:
    blanks, offered, names = [], [], []
    for lid in element.descendants("response_lid"):
        labels = _labels(lid, element)
        blanks.append(tuple(text for _ident, text, weight in labels if weight > 0))
        offered += [text for _ident, text, _weight in labels] if dropdowns else []
        names.append(lid.attrs.get("ident", "").removeprefix("response_"))
    # Dropdowns mark their blanks as fill-in ones do: both are cloze questions, each blank typed.
    if (typed := _typed_blanks(str(fields["prompt"]), names, blanks)) is not None:
        return moodle.Gaps(**{**fields, "prompt": typed[0]}, blanks=typed[1], marked=True)
    return moodle.Gaps(**fields, blanks=tuple(blanks), offered=tuple(offered))


def _typed_blanks(
    prompt: str, names: list[str], blanks: list[tuple[str, ...]]
) -> tuple[str, tuple[tuple[str, ...], ...]] | None:
    """Canvas's `[name]` marks as `{{1}}`, `{{2}}`… in the order they come, each blank's answers in that order;
    None unless every response is marked in the prompt exactly once."""
    answers = dict(zip(names, blanks, strict=True))
    found = _MARK.findall(prompt)
    if not names or sorted(found) != sorted(names) or len(set(names)) != len(names):
        return None
    order = {name: n for n, name in enumerate(found, 1)}
    marked = _MARK.sub(lambda m: "{{" + str(order[m[1]]) + "}}", prompt)
    return marked, tuple(answers[name] for name in found)
