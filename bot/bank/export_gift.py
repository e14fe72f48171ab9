"""A deck written in Moodle's GIFT text format, which bot/bank/importers/gift.py reads back to the same questions.

Each question is one line `::id::[plain]prompt{answers####explanation}` with a blank line after it: the
text is `[plain]` (a `<b>` in a prompt stays two characters, not bold) and GIFT's marks `~ = # { } :` and
the backslash are escaped with `\\`, a line break as `\\n`. What each kind becomes:

- choice: `{=right ~wrong ~wrong}`, every right choice with `=`;
- multi: `{~%50%right ~%50%right ~%-50%wrong}`, boxes to tick in Moodle: the right choices share 100 and
  each wrong one takes a right one's share away, as our points for a part do (in Moodle's grades, `33.33333`);
- truefalse: `{TRUE}` or `{FALSE}`;
- text: `{=one =another}`, every accepted answer right (Moodle's short answer); one with `->` in an
  answer is left out with a sentence, since GIFT reads that as a pair to match and has no escape for it;
- number: `{#9.81:0.05}`, a percent tolerance written as the width it allows around the answer. GIFT has
  no place for a unit: the unit stays out, with a sentence saying so;
- match: `{=left -> right =left -> right}`, GIFT's pairs to match (one with `->` in an item is left out
  with a sentence);
- cloze of one blank: GIFT's missing word, `The Zambezi flows into the {=Indian} Ocean.`; a blank at the
  very end has no text after it to make a missing word, so it is a short answer to the words before it
  (read back as a text question). A cloze of several blanks is left out, with a sentence: GIFT has one
  answer block a question;
- poll: left out, with a sentence: GIFT has no question without a right answer (a choice with none marked
  right is refused by Moodle and by our reader alike).

Translations, tags, difficulty, hints and images have no place in GIFT and stay out (images with a
sentence saying so: a question may need its picture).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace

from bot.bank.cloze import BLANK
from bot.bank.exported import Exported, Unwritable, by_kind, left_out_note, notes_of, translations_note
from bot.bank.models import Deck, Kind, Question
from bot.bank.tolerance import plain
from bot.locales import _, n_

LABEL = "GIFT"  # i18n: not shown (a format's name)
_MARKS = re.compile(r"([\\~=#{}:])")
# An answer starting so would be read as its grade (`%50%`): such an answer is given its grade in full.
_GRADE_LIKE = re.compile(r"%-?\d+(?:\.\d+)?%")


def escaped(text: str) -> str:
    """Text with GIFT's marks escaped and its line breaks as `\\n`, so the question stays one block."""
    return _MARKS.sub(r"\\\1", text).replace("\r\n", "\n").replace("\n", r"\n")


def _answer(mark: str, text: str) -> str:
    if _GRADE_LIKE.match(text.strip()):
        mark += "%100%" if mark == "=" else "%0%"
    return mark + escaped(text)


def _choice(question: Question) -> str:
    return " ".join(
        _answer("=" if question.is_right(i) else "~", choice) for i, choice in enumerate(question.choices)
    )


def _true_false(question: Question) -> str:
    return "TRUE" if question.is_right(0) else "FALSE"


def _text(question: Question) -> str:
    return _typed(question.accepted)


def _typed(accepted: Iterable[str]) -> str:
    if any("->" in answer for answer in accepted):
        # GIFT has no escape for it: `{=a -> b}` is a pair to match, in Moodle and in our reader alike.
        raise Unwritable(_("GIFT reads `->` in a typed answer as a pair to match"))
    return " ".join(_answer("=", answer) for answer in accepted)


def _multi(question: Question) -> str:
    # 100 / n for n up to 9 right (a multi question leaves one wrong of its 10) is one of Moodle's grades.
    share = f"{100 / len(question.answers):.5f}".rstrip("0").rstrip(".")
    return " ".join(
        f"~%{share if question.is_right(i) else '-' + share}%{escaped(choice)}"
        for i, choice in enumerate(question.choices)
    )


def _number(question: Question) -> str:
    number = question.number
    if number is None:
        return "#"
    width = question.tolerance.width(number)
    return f"#{plain(number)}:{plain(width)}" if width else f"#{plain(number)}"


def _matching(question: Question) -> str:
    if any("->" in side for pair in question.pairs for side in pair):
        raise Unwritable(_("GIFT has no escape for `->` in an item of a pair to match"))
    return " ".join(f"={escaped(left)} -> {escaped(right)}" for left, right in question.pairs)


# The answer block of each kind GIFT can hold; a kind missing here is left out with a sentence.
ANSWERS: Mapping[Kind, Callable[[Question], str]] = {
    Kind.CHOICE: _choice,
    Kind.TRUEFALSE: _true_false,
    Kind.TEXT: _text,
    Kind.NUMBER: _number,
    Kind.MATCH: _matching,
    Kind.MULTI: _multi,
}


def _whole(answers: Callable[[Question], str]) -> Callable[[Question], str]:
    def write(question: Question) -> str:
        explanation = f"####{escaped(question.explanation)}" if question.explanation else ""
        head = f"::{escaped(question.id)}::[plain]{escaped(question.prompt)}"
        return f"{head}{{{answers(question)}{explanation}}}\n"

    return write


def _blanks(question: Question) -> int:
    return len(question.blanks) if question.kind is Kind.CLOZE else 0


def _missing_word(question: Question) -> str:
    """A cloze question of one blank: its answers in the prompt's place of the blank (GIFT's missing word)."""
    before, after = BLANK.split(question.prompt, maxsplit=1)[::2]
    explanation = f"####{escaped(question.explanation)}" if question.explanation else ""
    block = f"{{{_typed(question.blanks[0])}{explanation}}}"
    return f"::{escaped(question.id)}::[plain]{escaped(before)}{block}{escaped(after)}\n"


def _units_note(questions: Iterable[Question]) -> str | None:
    count = sum(1 for q in questions if q.kind is Kind.NUMBER and q.unit)
    if not count:
        return None
    return n_(
        "GIFT has no place for a number's unit: {n} unit was left out.",
        "GIFT has no place for a number's unit: {n} units were left out.",
        count,
    )


def _images_note(questions: Iterable[Question]) -> str | None:
    count = sum(1 for q in questions if q.image and (q.kind in ANSWERS or q.kind is Kind.CLOZE))
    if not count:
        return None
    return n_(
        "GIFT has no place for an image: {n} image was left out.",
        "GIFT has no place for an image: {n} images were left out.",
        count,
    )


def deck_to_gift(deck: Deck) -> Exported:
    """The deck as a GIFT file (UTF-8), with a sentence for each thing GIFT could not hold."""
    several = sum(1 for q in deck.questions if _blanks(q) > 1)
    if several:  # GIFT's one answer block a question holds one blank
        deck = replace(deck, questions=tuple(q for q in deck.questions if _blanks(q) < 2))
    writers = {kind: _whole(a) for kind, a in ANSWERS.items()} | {Kind.CLOZE: _missing_word}
    written, left_out = by_kind(deck, writers, LABEL)
    if several:
        left_out.insert(0, left_out_note(Kind.CLOZE, several, LABEL))
    title = " ".join(deck.title.split())
    text = f"// {title}\n\n" + "\n".join(written)
    kept = [_units_note(deck.questions), _images_note(deck.questions), translations_note(deck, LABEL)]
    notes = notes_of(left_out, kept)
    return Exported(text.encode("utf-8"), notes)
