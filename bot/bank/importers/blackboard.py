"""Blackboard's "Upload Questions" text: one question a line, tab-separated, its first field the type's code."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from bot.bank import part_sizes
from bot.bank.importers import not_playable
from bot.bank.importers.blackboard_blanks import add_blanks
from bot.bank.importers.drafts import DeckDraft, too_many
from bot.bank.importers.html_text import html_to_text, looks_like_html
from bot.bank.importers.moodle_drafts import distinct_answers
from bot.bank.importers.order_drafts import add_order
from bot.bank.match import MAX_PAIRS, MIN_PAIRS
from bot.locales import N_, _

# The codes Blackboard's upload format documents, and what Bvunzo says of those it cannot play.
PLAYED = frozenset({"MC", "MA", "TF", "FIB", "FIB_PLUS", "NUM", "MAT", "ORD"})
_NOT_YET = {
    "ESS": N_("an essay question (ESS) has no answer key to mark, so it was left out"),
}
CODES = PLAYED | _NOT_YET.keys()
# Another code in the first field: an upper-case word, as Blackboard writes every type's code.
_CODE_LIKE = re.compile(r"[A-Z][A-Z_]{1,24}")
_MARKS = {"correct": True, "incorrect": False}


def looks_like_blackboard(text: str) -> bool:
    """Whether most of the first lines start with one of Blackboard's type codes and a tab."""
    lines = [line for line in text.lstrip().split("\n", 40)[:40] if line.strip()]
    if not lines:
        return False
    coded = sum(1 for line in lines if line.partition("\t")[0].strip().upper() in CODES and "\t" in line)
    return coded * 2 > len(lines) and lines[0].partition("\t")[0].strip().upper() in CODES


def read_blackboard(text: str, source: str) -> DeckDraft:
    """Every line drafted, set aside or left out with its line number; the file's blank lines skipped.

    DeckError when it holds more lines than a deck may hold questions, counting those set aside.
    """
    lines = [(number, line) for number, line in enumerate(text.split("\n"), 1) if line.strip()]
    if len(lines) > part_sizes.MAX_QUESTIONS_PER_DECK:
        raise too_many(source, len(lines))
    draft = DeckDraft(source)
    for number, line in lines:
        _line(draft, number, _fields(line))
    return draft


def _fields(line: str) -> list[str]:
    """The line's fields, unquoted as Excel quotes them when it saves tab-delimited text, trailing empties dropped."""
    fields = [_unquoted(field.strip()) for field in line.split("\t")]
    while fields and not fields[-1]:
        fields.pop()
    return fields


def _unquoted(field: str) -> str:
    if len(field) >= 2 and field[0] == field[-1] == '"':
        return field[1:-1].replace('""', '"').strip()
    return field


def _plain(field: str) -> str:
    # Blackboard shows question text as HTML, so a file may hold tags; a card shows the words.
    return html_to_text(field) if looks_like_html(field) else field


def _line(draft: DeckDraft, number: int, fields: list[str]) -> None:
    code = fields[0].upper() if fields else ""
    if code in _NOT_YET:
        draft.set_apart(number, _(_NOT_YET[code]))
        return
    if code not in PLAYED:
        if _CODE_LIKE.fullmatch(code):
            draft.set_apart(number, _(not_playable.OTHER_KIND, kind=fields[0]))
        else:
            draft.skip(
                number,
                _(
                    "the line does not start with a question type followed by a tab (MC, TF, FIB, NUM, or MA, "
                    "ORD, MAT, FIB_PLUS, ESS)"
                ),
            )
        return
    prompt = _plain(fields[1]) if len(fields) > 1 else ""
    if not prompt:
        draft.skip(number, _("the line has no question text after its type `{code}`", code=code))
        return
    rest = fields[2:]
    if code in ("MC", "MA"):
        _choice(draft, number, prompt, rest, several=code == "MA")
    elif code == "TF":
        _true_false(draft, number, prompt, rest)
    elif code == "ORD":  # the answers in their right order
        add_order(draft, number, prompt, [_plain(field) for field in rest])
    elif code == "FIB":
        _blank(draft, number, prompt, rest)
    elif code == "FIB_PLUS":  # variables in brackets, each with its answers
        add_blanks(draft, number, prompt, [_plain(field) for field in rest])
    elif code == "MAT":
        _matching(draft, number, prompt, rest)
    else:
        _number(draft, number, prompt, rest)


def _choice(draft: DeckDraft, number: int, prompt: str, rest: list[str], *, several: bool) -> None:
    """`MC`: answers, each followed by `correct` or `incorrect`, one to pick; `MA`: any to tick."""
    answers, marks = rest[0::2], [mark.lower() for mark in rest[1::2]]
    if len(marks) < len(answers) or any(mark not in _MARKS for mark in marks):
        draft.skip(
            number,
            _(
                "a multiple-choice line gives each answer followed by `correct` or `incorrect` (in English); "
                "this one has an answer without either"
            ),
        )
        return
    right = [i for i, mark in enumerate(marks) if _MARKS[mark]]
    if not right:
        draft.skip(number, _("no answer of this multiple-choice line is marked `correct`"))
        return
    choices = [_plain(a) for a in answers]
    if several:
        if not not_playable.multi_fits(len(choices), len(right)):
            draft.set_apart(number, _(not_playable.SEVERAL))
            return
        draft.add(number, type="multi", prompt=prompt, choices=choices, answer=right)
        return
    if len(right) >= len(choices):  # several right are a choice question's (any one is right), not all
        draft.set_apart(number, _(not_playable.SEVERAL))
        return
    draft.add(number, prompt=prompt, choices=choices, answer=right[0] if len(right) == 1 else right)


def _matching(draft: DeckDraft, number: int, prompt: str, rest: list[str]) -> None:
    """MAT: `answer<TAB>its match` for each pair, as a match question of 2 to 5 pairs."""
    if len(rest) % 2:
        draft.skip(number, _("a MAT line gives each answer and its match: one of them has no match"))
        return
    pairs = [[_plain(rest[i]), _plain(rest[i + 1])] for i in range(0, len(rest), 2)]
    if not MIN_PAIRS <= len(pairs) <= MAX_PAIRS:
        draft.set_apart(number, not_playable.pairs_refusal(len(pairs)))
        return
    draft.add(number, type="match", prompt=prompt, pairs=pairs)


def _true_false(draft: DeckDraft, number: int, prompt: str, rest: list[str]) -> None:
    said = rest[0].lower() if rest else ""
    if said not in ("true", "false"):
        draft.skip(number, _("a true/false line ends with `true` or `false` (in English)"))
        return
    draft.add(number, type="truefalse", prompt=prompt, answer=said == "true")


def _blank(draft: DeckDraft, number: int, prompt: str, rest: list[str]) -> None:
    """`FIB`: every field after the question is an accepted answer."""
    answers = distinct_answers(_plain(a) for a in rest if a)
    if not answers:
        draft.skip(number, _("a fill-in-the-blank line lists its accepted answers after the question"))
        return
    draft.add(number, type="text", prompt=prompt, answers=answers)


def _number(draft: DeckDraft, number: int, prompt: str, rest: list[str]) -> None:
    """`NUM`: the right number, then how far from it an answer may be (optional)."""
    answer = _decimal(rest[0]) if rest else None
    if answer is None:
        draft.skip(
            number,
            _("a numeric line gives the right number after the question, such as `9.81`"),
        )
        return
    tolerance = _decimal(rest[1]) if len(rest) > 1 else Decimal(0)
    if tolerance is None:
        draft.skip(
            number,
            _(
                "the tolerance `{value}` is not a number; write how far from the answer it may be, such as `0.5`",
                value=rest[1],
            ),
        )
        return
    # copy_abs: no arithmetic context, so a tolerance of 1e99999999 reaches the validator's sentence
    draft.add(number, type="number", prompt=prompt, answer=answer, tolerance=tolerance.copy_abs() or None)


def _decimal(field: str) -> Decimal | None:
    try:
        value = Decimal(field.replace(" ", ""))
    except InvalidOperation:
        return None
    return value if value.is_finite() else None
