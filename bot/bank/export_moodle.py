"""A deck written as Moodle XML (`<quiz>`), which bot/bank/importers/moodle_xml.py reads back to the same questions.

The tree is built with the standard library's ElementTree, which escapes every `<`, `&` and quote; each
text is `format="plain_text"`, so a `<b>` in a prompt stays two characters in Moodle too. Characters XML
1.0 cannot hold at all (control characters) are dropped. What each kind becomes:

- choice: `multichoice` with `<single>true</single>`, each right choice at fraction 100, the others 0;
- multi: `multichoice` with `<single>false</single>` (boxes to tick): the right choices share 100 and each
  wrong one takes a right one's share away (`50`, `50`, `-50`), as our points for a part do, in the grades
  Moodle lists (`33.33333`);
- truefalse: `truefalse`, its `true` or `false` answer at 100;
- text: `shortanswer`, every accepted answer at 100, case ignored (as our lenient matching does), a `*`
  written `\\*` (a bare one is Moodle's wildcard);
- number: `numerical`, the answer with its `<tolerance>` (a percent one written as the width it allows)
  and its unit as the one `<unit>` (multiplier 1), not graded;
- match: `matching`, each pair a `<subquestion>` with its `<answer>`;
- cloze: `cloze` (Moodle's embedded answers), each blank `{1:SHORTANSWER:=Harare~=Salisbury}` in the text;
- order: `ordering` (Moodle's ordering plugin), graded by each item's absolute position as our points
  are, every item shown, its answers in their right order with their place as their `fraction`;
- poll: left out, with a sentence: Moodle has no question without a right answer (it refuses a
  multichoice with no choice at 100%).

Tags go in `<tags>`; an image at an https:// address is shown under the prompt (the text is then HTML,
its line breaks `<br>`). Translations, difficulty, hints and images of files stay out.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping

from bot.bank.cloze import BLANK
from bot.bank.embedded_answers import embedded_blank
from bot.bank.exported import Exported, by_kind, notes_of, translations_note
from bot.bank.images import is_url
from bot.bank.models import Deck, Kind, Question
from bot.bank.tolerance import plain

LABEL = "Moodle XML"  # i18n: not shown (a format's name)
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _text(parent: ET.Element, tag: str, words: str, **attrs: str) -> ET.Element:
    """`<tag format="plain_text"><text>words</text></tag>` (or with the attributes given)."""
    element = ET.SubElement(parent, tag, attrs or {"format": "plain_text"})
    ET.SubElement(element, "text").text = _NOT_XML.sub("", words)
    return element


def _prompt(element: ET.Element, question: Question) -> None:
    """The question's text: plain, or HTML showing its image when it has one at an https:// address."""
    prompt = _embedded(question) if question.kind is Kind.CLOZE else question.prompt
    if not (question.image and is_url(question.image)):
        _text(element, "questiontext", prompt)
        return
    words = html.escape(_NOT_XML.sub("", prompt)).replace("\n", "<br>")
    image = html.escape(question.image)
    _text(element, "questiontext", f'{words}<br><img src="{image}" alt="">', format="html")  # i18n: not shown


def _value(parent: ET.Element, tag: str, value: str) -> None:
    ET.SubElement(parent, tag).text = value


def _embedded(question: Question) -> str:
    """A cloze prompt with each blank `{{n}}` as Moodle's embedded short answer of its accepted answers."""
    return BLANK.sub(lambda mark: embedded_blank(question.blanks[int(mark[1]) - 1]), question.prompt)


def _answer(parent: ET.Element, words: str, right: bool, fraction: str = "") -> ET.Element:
    grade = fraction or ("100" if right else "0")
    answer = _text(parent, "answer", words, fraction=grade, format="plain_text")
    _text(answer, "feedback", "")
    return answer


def _choice(question: Question, element: ET.Element) -> None:
    _value(element, "single", "true")
    _value(element, "shuffleanswers", "true")
    _value(element, "answernumbering", "ABCD")
    for i, choice in enumerate(question.choices):
        _answer(element, choice, question.is_right(i))


def _multi(question: Question, element: ET.Element) -> None:
    # 100 / n for n up to 9 right (a multi question leaves one wrong of its 10) is one of Moodle's grades,
    # written as Moodle writes it: 33.33333, 12.5. Moodle rounds their sum (99.99999) to 100.
    share = f"{100 / len(question.answers):.5f}".rstrip("0").rstrip(".")
    _value(element, "single", "false")
    _value(element, "shuffleanswers", "true")
    _value(element, "answernumbering", "ABCD")
    for i, choice in enumerate(question.choices):
        _answer(element, choice, False, share if question.is_right(i) else f"-{share}")


def _ordering(question: Question, element: ET.Element) -> None:
    for tag, value in (("layouttype", "VERTICAL"), ("selecttype", "ALL"), ("selectcount", "0")):
        _value(element, tag, value)
    _value(element, "gradingtype", "ABSOLUTE_POSITION")
    for place, item in enumerate(question.choices, 1):
        _answer(element, item, False, str(place))


def _cloze(_question: Question, _element: ET.Element) -> None:
    """Nothing past the common part: the blanks are in the text (`_prompt`)."""


def _true_false(question: Question, element: ET.Element) -> None:
    # Moodle's own words, whatever the question's language: its reader looks for these two.
    _answer(element, "true", question.is_right(0))  # i18n: not shown
    _answer(element, "false", not question.is_right(0))  # i18n: not shown


def _short_answer(question: Question, element: ET.Element) -> None:
    _value(element, "usecase", "0")
    for answer in question.accepted:
        _answer(element, answer.replace("*", r"\*"), True)  # a bare `*` is Moodle's wildcard


def _numerical(question: Question, element: ET.Element) -> None:
    from decimal import Decimal  # with the first number question written: the bot starts without it

    number = question.number if question.number is not None else Decimal(0)
    answer = _answer(element, plain(number), True)
    _value(answer, "tolerance", plain(question.tolerance.width(number)))
    if question.unit:
        unit = ET.SubElement(ET.SubElement(element, "units"), "unit")
        _value(unit, "multiplier", "1")
        _value(unit, "unit_name", _NOT_XML.sub("", question.unit))
    _value(element, "unitgradingtype", "0")
    _value(element, "showunits", "3")


def _matching(question: Question, element: ET.Element) -> None:
    """Each pair a `<subquestion>`, its left item as the text and its right one as the `<answer>`."""
    _value(element, "shuffleanswers", "true")
    for left, right in question.pairs:
        sub = _text(element, "subquestion", left)
        _text(sub, "answer", right, format="plain_text")


# Each kind Moodle XML can hold: its Moodle type and what its `<question>` holds past the common part.
KINDS: Mapping[Kind, tuple[str, Callable[[Question, ET.Element], None]]] = {
    Kind.CHOICE: ("multichoice", _choice),
    Kind.TRUEFALSE: ("truefalse", _true_false),
    Kind.TEXT: ("shortanswer", _short_answer),
    Kind.NUMBER: ("numerical", _numerical),
    Kind.MATCH: ("matching", _matching),
    Kind.MULTI: ("multichoice", _multi),
    Kind.CLOZE: ("cloze", _cloze),
    Kind.ORDER: ("ordering", _ordering),
}


def _writer(
    moodle_type: str, body: Callable[[Question, ET.Element], None]
) -> Callable[[Question], ET.Element]:
    def write(question: Question) -> ET.Element:
        element = ET.Element("question", {"type": moodle_type})
        _text(element, "name", question.id)
        _prompt(element, question)
        _text(element, "generalfeedback", question.explanation)
        _value(element, "defaultgrade", "1")
        _value(element, "hidden", "0")
        body(question, element)
        if question.tags:
            tags = ET.SubElement(element, "tags")
            for tag in question.tags:
                _text(tags, "tag", tag, format="plain_text")
        return element

    return write


def deck_to_moodle_xml(deck: Deck) -> Exported:
    """The deck as a Moodle XML file (UTF-8), with a sentence for each thing it could not hold."""
    writers = {kind: _writer(moodle_type, body) for kind, (moodle_type, body) in KINDS.items()}
    written, left_out = by_kind(deck, writers, LABEL)
    quiz = ET.Element("quiz")
    quiz.extend(written)
    ET.indent(quiz)
    data = ET.tostring(quiz, encoding="utf-8", xml_declaration=True)
    return Exported(data + b"\n", notes_of(left_out, [translations_note(deck, LABEL)]))
