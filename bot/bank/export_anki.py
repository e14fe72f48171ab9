"""A deck written as an Anki package (`.apkg`, made with genanki), one note a question, for study on one's own.

genanki is imported when a package is written, never when the bot starts. Every note has three fields,
Front, Back and Extra (HTML, every character of the deck's text escaped); Extra is shown under the answer
and holds the explanation. What each kind becomes:

- choice, truefalse and multi: a note of the type "Bvunzo Basic": the prompt and its lettered choices on
  the front, the right choices' words on the back (each on its own line);
- text: "Bvunzo Basic (type in the answer)": the prompt on the front, the first accepted answer on the
  back (Anki compares what is typed with it), the others named in Extra;
- number: "Bvunzo Basic (type in the answer)": the number alone on the back, its unit and tolerance in
  Extra (Anki compares the typed number letter by letter; it cannot judge a tolerance);
- cloze: "Bvunzo Cloze", Anki's cloze type: each blank `{{c1::Harare}}` with its first accepted answer,
  the others named in Extra (Anki hides one answer a deletion); an answer with `::` or `}}`, which
  would end a deletion, leaves the question out with a sentence;
- poll: left out, with a sentence: a card with no right answer has nothing to recall.

Each note's id (its guid) is made from the deck's and the question's ids, so importing a newer export
updates the notes already studied instead of adding them again. Tags go with the notes (a space in a
tag as `_`, which Anki's tags cannot hold); an image at an https:// address is shown under the prompt.
Translations, difficulty, hints and images of files stay out.
"""

from __future__ import annotations

import hashlib
import html
from collections.abc import Callable, Mapping
from typing import Any

from bot.bank.cloze import BLANK
from bot.bank.exported import Exported, Unwritable, by_kind, notes_of, translations_note
from bot.bank.images import is_url
from bot.bank.models import Deck, Kind, Question, number_text
from bot.bank.tolerance import plain
from bot.locales import _

LABEL = "Anki"  # i18n: not shown (a program's name)
# Fixed, so the note types of every export are the same two in a member's collection. Their names,
# fields and templates are Anki's own words for them (as in its stock Basic types), never translated.
_BASIC_ID = 1_607_392_319
_TYPED_ID = 1_607_392_320
_CLOZE_ID = 1_607_392_321
_FIELDS = [{"name": "Front"}, {"name": "Back"}, {"name": "Extra"}]  # i18n: not shown
_CSS = ".card { font-family: sans-serif; font-size: 20px; text-align: center; } ol { text-align: left; }"  # i18n: not shown
_EXTRA = '{{#Extra}}<div class="extra">{{Extra}}</div>{{/Extra}}'  # i18n: not shown
_BASIC = ("Bvunzo Basic", "{{Front}}", '{{FrontSide}}<hr id="answer">{{Back}}' + _EXTRA)  # i18n: not shown
_TYPED = (
    "Bvunzo Basic (type in the answer)",  # i18n: not shown
    "{{Front}}{{type:Back}}",  # i18n: not shown
    '{{Front}}<hr id="answer">{{type:Back}}' + _EXTRA,  # i18n: not shown
)
_CLOZE_FIELDS = [{"name": "Text"}, {"name": "Extra"}]  # i18n: not shown
_CLOZE = ("Bvunzo Cloze", "{{cloze:Text}}", "{{cloze:Text}}" + _EXTRA)  # i18n: not shown
_CARD = "Card 1"  # i18n: not shown
_CLOZE_CARD = "Cloze"  # i18n: not shown

# A note's type (basic, typed or cloze) and its fields for one question.
Fields = tuple[str, tuple[str, ...]]


def _html(text: str) -> str:
    return html.escape(text).replace("\n", "<br>")


def _extra(question: Question, *lines: str) -> str:
    return "<br>".join(_html(line) for line in (*lines, question.explanation) if line)


def _prompt(question: Question) -> str:
    """The prompt, with its image under it when it has one at an https:// address (Anki loads it)."""
    if question.image and is_url(question.image):
        return f'{_html(question.prompt)}<br><img src="{html.escape(question.image)}">'  # i18n: not shown
    return _html(question.prompt)


def _choice(question: Question) -> Fields:
    choices = "".join(f"<li>{_html(choice)}</li>" for choice in question.choices)
    front = f'{_prompt(question)}<ol type="A">{choices}</ol>'  # i18n: not shown (HTML)
    back = "<br>".join(_html(question.choices[i]) for i in sorted(question.answers))
    return "basic", (front, back, _extra(question))


def _typed(question: Question) -> Fields:
    first, *others = question.accepted or ("",)
    also = _("Also accepted: {answers}", answers=", ".join(others)) if others else ""
    return "typed", (_prompt(question), _html(first), _extra(question, also))


def _number(question: Question) -> Fields:
    number = plain(question.number) if question.number is not None else ""
    return "typed", (_prompt(question), _html(number), _extra(question, number_text(question, plain)))


def _cloze(question: Question) -> Fields:
    if any("::" in answer or "}}" in answer for blank in question.blanks for answer in blank):
        raise Unwritable(_("Anki ends a cloze deletion at `::` or `}}` in an answer"))
    text = BLANK.sub(
        lambda mark: f"{{{{c{int(mark[1])}::{_html(question.blanks[int(mark[1]) - 1][0])}}}}}",
        _prompt(question),
    )
    others = [f"({n}) {answer}" for n, blank in enumerate(question.blanks, 1) for answer in blank[1:]]
    also = _("Also accepted: {answers}", answers=", ".join(others)) if others else ""
    return "cloze", (text, _extra(question, also))


# The fields of each kind a note can hold; a kind missing here is left out with a sentence.
NOTES: Mapping[Kind, Callable[[Question], Fields]] = {
    Kind.CHOICE: _choice,
    Kind.TRUEFALSE: _choice,
    Kind.TEXT: _typed,
    Kind.NUMBER: _number,
    Kind.MULTI: _choice,
    Kind.CLOZE: _cloze,
}


def _kept(fields: Callable[[Question], Fields]) -> Callable[[Question], tuple[Question, Fields]]:
    def both(question: Question) -> tuple[Question, Fields]:
        return question, fields(question)

    return both


def _models(genanki: Any) -> dict[str, Any]:
    """The note types: Basic, Basic (type in the answer) and Cloze, each with the Extra field under the answer."""
    models = {
        key: genanki.Model(
            model_id,
            name,
            fields=_FIELDS,
            templates=[{"name": _CARD, "qfmt": front, "afmt": back}],
            css=_CSS,
        )
        for key, model_id, (name, front, back) in (("basic", _BASIC_ID, _BASIC), ("typed", _TYPED_ID, _TYPED))
    }
    name, front, back = _CLOZE
    models["cloze"] = genanki.Model(
        _CLOZE_ID,
        name,
        fields=_CLOZE_FIELDS,
        templates=[{"name": _CLOZE_CARD, "qfmt": front, "afmt": back}],
        css=_CSS,
        model_type=genanki.Model.CLOZE,
    )
    return models


def _deck_id(deck: Deck) -> int:
    """A stable id for the deck in Anki (a positive 31-bit number from its own id)."""
    digest = hashlib.sha256(deck.id.encode("utf-8")).digest()
    return (1 << 30) | int.from_bytes(digest[:4], "big") >> 2


def deck_to_apkg(deck: Deck) -> Exported:
    """The deck as an Anki package, with a sentence for each thing it could not hold."""
    import genanki  # lazily: only an export needs it

    written, left_out = by_kind(deck, {kind: _kept(fields) for kind, fields in NOTES.items()}, LABEL)
    models = _models(genanki)
    package_deck = genanki.Deck(_deck_id(deck), deck.title)
    for question, (model, fields) in written:
        package_deck.add_note(
            genanki.Note(
                model=models[model],
                fields=list(fields),
                tags=[tag.replace(" ", "_") for tag in question.tags],
                guid=genanki.guid_for(deck.id, question.id),
            )
        )
    return Exported(
        _package(genanki.Package(package_deck)), notes_of(left_out, [translations_note(deck, LABEL)])
    )


def _package(package: Any) -> bytes:
    """The package's zip: its collection written in a folder of its own, which goes with it.

    genanki's own `write_to_file` leaves its collection behind in the system's temporary folder, one
    file an export; so the collection is written here, as it does, and zipped with no media.
    """
    # Here, not at the top: the bot loads none of them at start (tests/test_bot_imports.py).
    import io
    import itertools
    import sqlite3  # an Anki package is a SQLite file; pyproject's import contracts allow this module
    import tempfile
    import time
    import zipfile
    from pathlib import Path

    now = time.time()
    with tempfile.TemporaryDirectory(prefix="bvunzo-anki-") as folder:
        path = Path(folder) / "collection.anki2"
        connection = sqlite3.connect(path)
        try:
            package.write_to_db(connection.cursor(), now, itertools.count(int(now * 1000)))
            connection.commit()
        finally:
            connection.close()
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as packed:
            packed.write(path, "collection.anki2")
            packed.writestr("media", "{}")
    return out.getvalue()
