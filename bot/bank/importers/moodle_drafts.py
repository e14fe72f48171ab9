"""Moodle's questions (GIFT, Moodle XML) as drafts: the kinds a round plays today kept, the others set aside."""

from __future__ import annotations

import math
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from bot.bank import part_sizes
from bot.bank.cloze import MAX_BLANKS, too_many_blanks
from bot.bank.importers import moodle_items as moodle
from bot.bank.importers import not_playable
from bot.bank.importers.drafts import DeckDraft, too_many
from bot.bank.importers.order_drafts import add_order
from bot.bank.match import MAX_PAIRS, MIN_PAIRS
from bot.locales import _

# Kinds Bvunzo cannot play yet, each said in one sentence naming what it is.
_NOT_YET: dict[type[moodle.Item], str] = {
    moodle.Gaps: not_playable.GAPS,
    moodle.Essay: not_playable.ESSAY,
    moodle.Description: not_playable.DESCRIPTION,
}


def add_items(draft: DeckDraft, read: moodle.Items) -> DeckDraft:
    """Every item read, in the order of the file: a question drafted, set aside or left out with its line.

    DeckError when the file holds more questions than a deck may, counting those that would be left out:
    ten thousand reasons would say less than the one sentence.
    """
    count = len(read.items) + len(read.broken)
    if count > part_sizes.MAX_QUESTIONS_PER_DECK:
        raise too_many(draft.source, count)
    for broken in read.broken:
        draft.skip(broken.line, broken.reason)
    for item in sorted(read.items, key=lambda i: i.line):
        _add(draft, item)
    return draft


def _add(draft: DeckDraft, item: moodle.Item) -> None:
    if item.images:
        _set_apart_for_image(draft, item)
    elif isinstance(item, moodle.Choice):
        _choice(draft, item)
    elif isinstance(item, moodle.TrueFalse):
        explanation = item.explanation or item.right_feedback or item.wrong_feedback
        _question(draft, item, "truefalse", explanation, answer=item.answer)
    elif isinstance(item, moodle.ShortAnswer):
        _short_answer(draft, item)
    elif isinstance(item, moodle.Numeric):
        _numeric(draft, item)
    elif isinstance(item, moodle.Ordering):
        _ordering(draft, item)
    elif isinstance(item, moodle.Gaps) and item.marked and item.blanks:
        _cloze(draft, item)
    elif isinstance(item, moodle.Matching):
        _matching(draft, item)
    elif isinstance(item, moodle.Other):
        draft.set_apart(item.line, _(not_playable.OTHER_KIND, kind=item.kind))
    else:
        draft.set_apart(item.line, _(_NOT_YET[type(item)]))


def _set_apart_for_image(draft: DeckDraft, item: moodle.Item) -> None:
    draft.set_apart(
        item.line,
        _(
            "{question} shows an image from the file ({image}), which Bvunzo cannot keep, so it was left "
            "out; put the image at an https:// address and give it as the question's `image`",
            question=_named(item),
            image=item.images[0],
        ),
    )


def _ordering(draft: DeckDraft, item: moodle.Ordering) -> None:
    add_order(
        draft,
        item.line,
        item.prompt,
        item.items,
        explanation=item.explanation,
        tags=_tags(item),
        image=item.picture,
    )


def _question(draft: DeckDraft, item: moodle.Item, kind: str | None, explanation: str, **fields: Any) -> None:
    """One question at the item's line: its kind (None: a choice) and prompt, then `fields`, then what every Moodle
    question keeps: its explanation, tags and picture (in this order in the YAML)."""
    draft.add(
        item.line,
        type=kind,
        prompt=item.prompt,
        **fields,
        explanation=explanation,
        tags=_tags(item),
        image=item.picture,
    )


def _named(item: moodle.Item) -> str:
    return _("the question “{name}”", name=item.name) if item.name else _("the question")


def _tags(item: moodle.Item) -> list[str]:
    clipped = (t[: part_sizes.MAX_TAG_LENGTH].strip() for t in item.tags)
    return list(dict.fromkeys(t for t in clipped if t))[: part_sizes.MAX_TAGS]


def _choice(draft: DeckDraft, item: moodle.Choice) -> None:
    full = [i for i, a in enumerate(item.answers) if a.weight >= 100]
    scoring = [i for i, a in enumerate(item.answers) if a.weight > 0]
    if not scoring:
        draft.skip(item.line, _("no answer is marked right (with `=`, or a grade above 0%)"))
        return
    if not item.single:  # boxes to tick, in Moodle even when one of them is right
        _multi(draft, item, scoring)
        return
    # One to pick: any answer at 100% is right (a choice question may have several), unless all are.
    if not 0 < len(full) < len(item.answers):
        draft.set_apart(item.line, _(not_playable.SEVERAL))
        return
    right = item.answers[full[0]]
    _question(
        draft,
        item,
        None,
        item.explanation or (right.feedback if len(full) == 1 else ""),
        choices=[a.text for a in item.answers],
        answer=full[0] if len(full) == 1 else full,
    )


def _multi(draft: DeckDraft, item: moodle.Choice, right: list[int]) -> None:
    """Several answers to tick, each with a grade above 0%: a multi question, when it has one to leave too."""
    if not not_playable.multi_fits(len(item.answers), len(right)):
        draft.set_apart(item.line, _(not_playable.SEVERAL))
        return
    _question(draft, item, "multi", item.explanation, choices=[a.text for a in item.answers], answer=right)


def _cloze(draft: DeckDraft, item: moodle.Gaps) -> None:
    """Blanks the prompt marks, as a cloze question (each typed) when Discord's answer form holds them all."""
    if len(item.blanks) > MAX_BLANKS:
        draft.set_apart(item.line, too_many_blanks(len(item.blanks)))
        return
    _question(draft, item, "cloze", item.explanation, blanks=[distinct_answers(b) for b in item.blanks])


def _matching(draft: DeckDraft, item: moodle.Matching) -> None:
    """Pairs to match, as a match question when Discord's answer form holds them all (2 to 5)."""
    if not MIN_PAIRS <= len(item.pairs) <= MAX_PAIRS:
        draft.set_apart(item.line, not_playable.pairs_refusal(len(item.pairs)))
        return
    if item.extra:  # a match question offers its own right items only
        draft.note(
            item.line,
            _(
                "the matching question's extra answers that match nothing ({extra}) were left out",
                extra=", ".join(item.extra),
            ),
        )
    _question(draft, item, "match", item.explanation, pairs=[list(pair) for pair in item.pairs])


def _short_answer(draft: DeckDraft, item: moodle.ShortAnswer) -> None:
    right = [a for a in item.answers if a.weight >= 100]
    if not right:
        draft.skip(item.line, _("no answer is marked right (with `=`, or a grade of 100%)"))
        return
    _question(
        draft,
        item,
        "text",
        item.explanation or next((a.feedback for a in right if a.feedback), ""),
        answers=distinct_answers(a.text for a in right),
    )


def _numeric(draft: DeckDraft, item: moodle.Numeric) -> None:
    """The first fully right number with its tolerance (a GIFT range `1..5` came as 3 ± 2)."""
    right = next((a for a in item.answers if a.weight >= 100), None)
    if right is None:
        draft.skip(item.line, _("no answer is marked right (with `=`, or a grade of 100%)"))
        return
    if not (math.isfinite(right.value) and math.isfinite(right.tolerance)):
        draft.skip(item.line, _("the right number of a numerical question is not a finite number"))
        return
    # repr is the float's shortest form: 9.81 stays 9.81, not 9.8100000000000004973799150320701301097869873046875
    tolerance = abs(Decimal(repr(right.tolerance)))
    _question(
        draft,
        item,
        "number",
        item.explanation or right.feedback,
        answer=Decimal(repr(right.value)),
        tolerance=tolerance if tolerance else None,
        unit=item.unit,
    )


def distinct_answers(answers: Iterable[str]) -> list[str]:
    """Each answer once: Moodle matches typed answers regardless of case by default, so `=four =Four` is one."""
    seen: dict[str, str] = {}
    for answer in answers:
        seen.setdefault(" ".join(answer.split()).casefold(), answer)
    return list(seen.values())
