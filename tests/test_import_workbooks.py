"""Kahoot's and Wayground's spreadsheet templates (.xlsx), and workbooks no importer should open."""

from __future__ import annotations

import functools
import io
import random
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.bank.importers import Format, import_file
from bot.bank.models import Kind

KAHOOT_HEADER = [
    "",
    "Question - max 120 characters",
    "Answer 1 - max 75 characters",
    "Answer 2 - max 75 characters",
    "Answer 3 - max 75 characters",
    "Answer 4 - max 75 characters",
    "Time limit (sec) \u2013 5, 10, 20, 30, 60, 90, 120, or 240 secs",
    "Correct answer(s) - choose at least one",
]
WAYGROUND_HEADER = [
    "Question Text",
    "Question Type",
    "Option 1",
    "Option 2",
    "Option 3",
    "Option 4",
    "Option 5",
    "Correct Answer",
    "Time in seconds",
    "Image Link",
    "Answer explanation",
]


def workbook(rows: dict[int, list[object]]) -> bytes:
    """An .xlsx whose first sheet holds `rows`, each at its row number, as a spreadsheet program saves it."""
    # Here, not at the top: every xdist worker collects (imports) this file, one runs it; openpyxl takes
    # a quarter of a second of CPU to load.
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for number, cells in rows.items():
        for column, value in enumerate(cells, 1):
            if value not in (None, ""):
                sheet.cell(row=number, column=column, value=value)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def kahoot_sheet() -> bytes:
    """Kahoot's template as a teacher fills it: its instructions above, the header on row 8, numbered slots."""
    rows: dict[int, list[object]] = {
        2: ["", "Quiz template"],
        4: ["", "Add questions, at least two answer alternatives, time limit and choose correct answers."],
        8: KAHOOT_HEADER,
        9: [1, "Which river flows through Harare?", "Zambezi", "Mukuvisi", "Limpopo", "Save", 20, 2],
        10: [2, "Which of these are prime numbers?", "2", "4", "5", "9", 30, "1,3"],
        11: [3, "The Earth orbits the Sun.", "True", "False", "", "", 10, "1"],
        12: [4, "Which gas do we breathe out?", "Oxygen", "Carbon dioxide", "", "", 20, 5],
        13: [5, "Victoria Falls lies on which border?", "Zimbabwe-Zambia", "Kenya-Uganda", "", "", 20, "2"],
        14: [6, "=B9", "Yes", "No", "", "", 20, 1],
        15: [7, "Largest planet?", "Mars", "", "Jupiter", "Venus", 20, "3"],
    }
    rows.update({n: [n - 8] for n in range(16, 30)})  # the template's empty numbered slots
    return workbook(rows)


def test_kahoot_rows_are_drafted_and_refused_by_hand_count() -> None:
    outcome = import_file(kahoot_sheet(), "KahootQuizTemplate.xlsx", deck_id="geo", keep_valid=True)
    assert outcome.fmt is Format.KAHOOT
    assert outcome.kept is not None
    # Seven filled rows: 5 kept (9, 10, 11, 13, 15), a 5 (12) and a formula left out (14). Kahoot scores
    # any one of "1,3", so row 10 is a choice question with two right answers, not one to tick both.
    questions = outcome.kept.deck.questions
    assert [(q.prompt, q.kind) for q in questions] == [
        ("Which river flows through Harare?", Kind.CHOICE),
        ("Which of these are prime numbers?", Kind.CHOICE),
        ("The Earth orbits the Sun.", Kind.TRUEFALSE),
        ("Victoria Falls lies on which border?", Kind.CHOICE),
        ("Largest planet?", Kind.CHOICE),
    ]
    assert questions[0].answers == frozenset({1})
    assert questions[1].answers == frozenset({0, 2})
    assert questions[2].answers == frozenset({0})
    assert questions[4].choices == ("Mars", "Jupiter", "Venus")
    assert questions[4].answers == frozenset({1})
    assert [str(p) for p in outcome.problems] == [
        "KahootQuizTemplate.xlsx:12: the correct answer(s) cell holds `5`; give the number of the right "
        "answer, 1 to 4, or several separated by commas (`1,3`)",
        # openpyxl writes no cached value for a formula, and Bvunzo evaluates none: the cell reads empty.
        "KahootQuizTemplate.xlsx:14: the row has answers but no question",
    ]
    assert [str(n) for n in outcome.notes] == [
        "KahootQuizTemplate.xlsx:8: the sheet's time limits are not kept: a round's seconds per question are "
        "chosen when it starts"
    ]


def wayground_sheet() -> bytes:
    instructions = ["Text of the question\n\n(required)", "Question Type\n\n(default is Multiple Choice)"]
    return workbook(
        {
            1: WAYGROUND_HEADER,
            2: instructions,
            3: ["Which planet is the largest?", "Multiple Choice", "Earth", "Mars", "Mercury", "Jupiter",
                "Pluto", 4, 20, "https://example.org/planets.png", "Jupiter is a gas giant."],
            4: ["Which are even numbers?", "Checkbox", "2", "3", "4", "", "", "1,3", 30],
            5: ["Which is a vowel?", "Checkbox", "b", "e", "k", "", "", "2"],
            6: ["Water freezes at ___ °C.", "Fill-in-the-Blank", "0", "zero"],
            7: ["What did you learn today?", "Open-Ended"],
            8: ["How confident do you feel?", "Poll", "Very", "A little", "Not yet"],
            9: ["Draw a triangle.", "Draw"],
            10: ["Which ocean is largest?", "", "Atlantic", "Pacific", "", "", "", 2],
            11: ["Which is a metal?", "Multiple Choice", "Iron", "Wood", "", "", "", "one"],
        }
    )  # fmt: skip


def test_wayground_rows_are_drafted_and_refused_by_hand_count() -> None:
    outcome = import_file(wayground_sheet(), "quiz.xlsx", deck_id="science", keep_valid=True)
    assert outcome.fmt is Format.WAYGROUND
    assert outcome.kept is not None
    # Nine rows under the instructions: 6 kept (Checkbox "1,3" a multi), Open-Ended and Draw set aside,
    # "one" broken.
    questions = outcome.kept.deck.questions
    assert [(q.prompt, q.kind) for q in questions] == [
        ("Which planet is the largest?", Kind.CHOICE),
        ("Which are even numbers?", Kind.MULTI),
        ("Which is a vowel?", Kind.CHOICE),
        ("Water freezes at ___ °C.", Kind.TEXT),
        ("How confident do you feel?", Kind.POLL),
        ("Which ocean is largest?", Kind.CHOICE),
    ]
    planets = questions[0]
    assert planets.answers == frozenset({3})
    assert (planets.explanation, planets.image) == (
        "Jupiter is a gas giant.",
        "https://example.org/planets.png",
    )
    assert (questions[1].choices, questions[1].answers) == (("2", "3", "4"), frozenset({0, 2}))
    assert questions[2].answers == frozenset({1})
    assert questions[3].accepted == ("0", "zero")
    assert questions[4].choices == ("Very", "A little", "Not yet")
    assert [str(p) for p in outcome.problems] == [
        "quiz.xlsx:7: an open-ended question has no answer key to mark, so it was left out",
        "quiz.xlsx:9: a question of the kind `Draw`, which Bvunzo cannot play, so it was left out",
        "quiz.xlsx:11: the correct answer cell holds `one`; give the number of the right option, 1 to 5 (a "
        "checkbox question: several, separated by commas)",
    ]


def test_a_workbook_of_neither_template_is_refused_in_one_sentence() -> None:
    outcome = import_file(
        workbook({1: ["term", "definition"], 2: ["cell", "unit of life"]}), "s.xlsx", deck_id="x"
    )
    assert [str(p) for p in outcome.problems] == [
        "s.xlsx: the spreadsheet follows neither Kahoot's template (`Question`, `Answer 1` to `Answer 4`) nor "
        "Wayground's (`Question Text`, `Question Type`, `Option 1`...); save it as CSV UTF-8 to import it as a "
        "spreadsheet"
    ]


def with_cached_value(data: bytes, ref: str, cached: str) -> bytes:
    """The workbook with the formula in `ref` given the value a spreadsheet program saves beside it."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as copy:
        for entry in source.infolist():
            body = source.read(entry)
            if entry.filename == "xl/worksheets/sheet1.xml":
                start = body.index(f'<c r="{ref}">'.encode())
                end = body.index(b"</c>", start)
                formula = body[start:end].split(b"<f>")[1].split(b"</f>")[0]
                cell = f'<c r="{ref}" t="str"><f>'.encode() + formula + f"</f><v>{cached}</v>".encode()
                body = body[:start] + cell + body[end:]
            copy.writestr(entry, body)
    return out.getvalue()


def test_a_formula_is_read_as_its_cached_value_and_never_evaluated() -> None:
    rows: dict[int, list[object]] = {
        8: KAHOOT_HEADER,
        9: [1, '=HYPERLINK("https://example.org","Open")', "Dead Sea", "Lake Kariba", "", "", 20, "=1+1"],
    }
    data = with_cached_value(with_cached_value(workbook(rows), "B9", "Which sea is saltiest?"), "H9", "1")
    outcome = import_file(data, "k.xlsx", deck_id="x")
    assert outcome.kept is not None
    [question] = outcome.kept.deck.questions
    # The cached 1, not what =1+1 would give: the formula is never computed.
    assert (question.prompt, question.answers) == ("Which sea is saltiest?", frozenset({0}))


def test_a_row_far_down_the_sheet_is_refused_without_reading_to_it() -> None:
    data = workbook({8: KAHOOT_HEADER, 25_000: [1, "Far away?", "a", "b", "", "", 20, 1]})
    outcome = import_file(data, "far.xlsx", deck_id="x")
    assert [str(p) for p in outcome.problems] == [
        "far.xlsx:20001: the sheet has more than 20000 rows; a deck is far smaller"
    ]


NOT_A_WORKBOOK = (
    "upload: the file is not an Excel workbook (.xlsx) Bvunzo can read; save it again from the spreadsheet "
    "program as .xlsx, or as CSV UTF-8"
)
BOMB = (
    "upload: the file unpacks to far more than a spreadsheet of questions holds (a zip bomb?), so it was not "
    "opened; save the questions again from the spreadsheet program"
)


def test_text_said_to_be_a_kahoot_sheet_is_refused_in_one_sentence() -> None:
    outcome = import_file(b"question,answer\n", "upload", deck_id="x", fmt=Format.KAHOOT)
    assert [str(p) for p in outcome.problems] == [NOT_A_WORKBOOK]


def test_a_zip_bomb_is_refused_before_it_is_unpacked() -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * (20 * 1024 * 1024))  # packs to some 20 KiB
    outcome = import_file(out.getvalue(), "upload", deck_id="x")
    assert [str(p) for p in outcome.problems] == [BOMB]


def test_a_zip_of_ten_thousand_entries_is_refused() -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for n in range(10_000):
            archive.writestr(str(n), b"")
    assert len(out.getvalue()) < 1024 * 1024  # so the entries, not the size, refuse it
    outcome = import_file(out.getvalue(), "upload", deck_id="x")
    assert [str(p) for p in outcome.problems] == [BOMB]


SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@functools.cache
def sheets() -> tuple[bytes, bytes]:
    """The two templates as filled in above, made once, by the first test that asks (not at collection)."""
    return kahoot_sheet(), wayground_sheet()


@SETTINGS
@given(st.binary(max_size=2000), st.sampled_from([None, Format.KAHOOT, Format.WAYGROUND]))
def test_any_bytes_in_a_zip_signature_get_one_sentence(data: bytes, fmt: Format | None) -> None:
    outcome = import_file(b"PK\x03\x04" + data, "upload", deck_id="x", fmt=fmt)
    assert outcome.kept is None
    assert len(outcome.problems) == 1


@SETTINGS
@given(st.integers(0, 1), st.randoms(use_true_random=False), st.integers(1, 40))
def test_a_template_with_bytes_changed_gets_questions_or_sentences(
    which: int, chance: random.Random, changes: int
) -> None:
    data = bytearray(sheets()[which])
    for _ in range(changes):
        data[chance.randrange(len(data))] = chance.randrange(256)
    outcome = import_file(bytes(data), "upload", deck_id="x", keep_valid=True)
    if outcome.kept is None:
        assert outcome.problems and all(p.message.strip() for p in outcome.problems), outcome.lines()
    else:
        assert outcome.kept.deck.questions


UNKNOWN_ZIP = (
    "upload: the file is a zip archive, but none Bvunzo reads (an Excel workbook, a Canvas quiz export, an Anki "
    "package), or one it cannot open; export it again, or choose its format with the format option"
)


@pytest.mark.parametrize("which", [0, 1])
def test_a_template_cut_short_gets_one_sentence(which: int) -> None:
    # Its directory is cut off: named .xlsx it is said to be a broken workbook, else a zip none reads.
    data = sheets()[which][: len(sheets()[which]) // 2]
    named = import_file(data, "sheet.xlsx", deck_id="x")
    assert [str(p) for p in named.problems] == [NOT_A_WORKBOOK.replace("upload:", "sheet.xlsx:")]
    assert [str(p) for p in import_file(data, "upload", deck_id="x").problems] == [UNKNOWN_ZIP]
    given = import_file(data, "upload", deck_id="x", fmt=Format.KAHOOT)
    assert [str(p) for p in given.problems] == [NOT_A_WORKBOOK]


def test_a_zip_that_is_no_workbook_is_said_to_be_a_zip_none_reads() -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("notes/week1.txt", "What is 2 + 2? 4")
    assert [str(p) for p in import_file(out.getvalue(), "upload", deck_id="x").problems] == [UNKNOWN_ZIP]


@pytest.mark.parametrize("which", [0, 1])
def test_a_zip_made_by_a_newer_version_gets_one_sentence(which: int) -> None:
    # zipfile raises NotImplementedError (not BadZipFile) for an entry needing a later version of the
    # format: the central directory's "version needed to extract" (offset 6 of its entry) set to 6.4;
    # the sheet's own packing says version 2.0 there.
    data = bytearray(sheets()[which])
    central = data.index(b"PK\x01\x02")
    assert data[central + 6] == 20
    data[central + 6] = 64
    outcome = import_file(bytes(data), "sheet.xlsx", deck_id="x")
    assert [str(p) for p in outcome.problems] == [NOT_A_WORKBOOK.replace("upload:", "sheet.xlsx:")]


def test_a_right_answer_in_an_empty_cell_is_refused_in_either_template() -> None:
    kahoot = workbook({8: KAHOOT_HEADER, 9: [1, "Largest planet?", "Mars", "", "Jupiter", "Venus", 20, "2"]})
    outcome = import_file(kahoot, "k.xlsx", deck_id="x", keep_valid=True)
    assert [str(p) for p in outcome.problems] == [
        "k.xlsx:9: a right answer's number names an empty answer cell"
    ]
    wayground = workbook(
        {1: WAYGROUND_HEADER, 2: ["Largest planet?", "Multiple Choice", "Mars", "", "Jupiter", "", "", 2]}
    )
    outcome = import_file(wayground, "w.xlsx", deck_id="x", keep_valid=True)
    assert [str(p) for p in outcome.problems] == [
        "w.xlsx:2: a right answer's number names an empty option cell"
    ]
