"""A deck written as Moodle XML (`<quiz>`), which bot/bank/importers/moodle_xml.py reads back to the same questions.

The tree is built with the standard library's ElementTree, which escapes every `<`, `&` and quote; each
text is `format="plain_text"`, so a `<b>` in a prompt stays two characters in Moodle too. Characters XML
1.0 cannot hold at all (control characters) are dropped. What each kind becomes:

- choice: `multichoice` with `<single>true</single>`, the right choice at fraction 100, the others 0;
- truefalse: `truefalse`, its `true` or `false` answer at 100;
- text: `shortanswer`, every accepted answer at 100, case ignored (as our lenient matching does), a `*`
  written `\\*` (a bare one is Moodle's wildcard);
- number: `numerical`, the answer with its `<tolerance>` (a percent one written as the width it allows)
  and its unit as the one `<unit>` (multiplier 1), not graded;
- match: `matching`, each pair a `<subquestion>` with its `<answer>`;
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
    if not (question.image and is_url(question.image)):
        _text(element, "questiontext", question.prompt)
        return
    words = html.escape(_NOT_XML.sub("", question.prompt)).replace("\n", "<br>")
    image = html.escape(question.image)
    _text(element, "questiontext", f'{words}<br><img src="{image}" alt="">', format="html")  # i18n: not shown


def _value(parent: ET.Element, tag: str, value: str) -> None:
    ET.SubElement(parent, tag).text = value


def _answer(parent: ET.Element, words: str, right: bool) -> ET.Element:
    answer = _text(parent, "answer", words, fraction="100" if right else "0", format="plain_text")
    _text(answer, "feedback", "")
    return answer


def _choice(question: Question, element: ET.Element) -> None:
    _value(element, "single", "true")
    _value(element, "shuffleanswers", "true")
    _value(element, "answernumbering", "ABCD")
    for i, choice in enumerate(question.choices):
        _answer(element, choice, question.is_right(i))


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
