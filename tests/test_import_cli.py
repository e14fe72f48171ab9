"""`bvunzo import` and `bvunzo export`: what import writes passes `bvunzo validate`, and round trips."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.bank.loader import load_deck_file

SAMPLES = Path(__file__).parent / "samples" / "imports"
QUESTIONS = Path(__file__).resolve().parents[1] / "questions"


@pytest.mark.parametrize(
    ("source", "count"),
    [
        (SAMPLES / "red" / "capitals.yaml", 12),
        (SAMPLES / "gradient-checkpointing-quiz-marked.txt", 8),
    ],
)
def test_what_import_writes_passes_validate(
    tmp_path: Path, source: Path, count: int, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "my-deck.yaml"
    assert main(["import", str(source), "-o", str(out)]) == 0
    assert f"Imported {count} questions" in capsys.readouterr().err
    assert main(["validate", str(out)]) == 0
    deck = load_deck_file(out)
    assert deck.id == "my-deck"
    assert len(deck.questions) == count


def test_import_refuses_a_file_with_broken_questions_unless_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "sheet.csv"
    source.write_text("question,choice1,choice2,answer\nGood?,a,b,A\nBad?,a,b,Z\n", encoding="utf-8")
    out = tmp_path / "sheet.yaml"
    assert main(["import", str(source), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"{source}:3: the answer `Z` is none of the choices" in err
    assert not out.exists()
    assert main(["import", str(source), "-o", str(out), "--keep-valid"]) == 0
    assert [q.prompt for q in load_deck_file(out).questions] == ["Good?"]


def test_export_to_csv_and_back_keeps_the_questions(tmp_path: Path) -> None:
    csv_file = tmp_path / "gc.csv"
    assert main(["export", "gradient-checkpointing", "--questions", str(QUESTIONS), "-o", str(csv_file)]) == 0
    header = csv_file.read_text(encoding="utf-8").splitlines()[0]
    assert (
        header
        == "\ufeffid,type,question,answer,choice1,choice2,choice3,choice4,choice5,explanation,lang,tags,difficulty"
    )
    back = tmp_path / "gc.yaml"
    assert main(["import", str(csv_file), "-o", str(back), "--id", "gradient-checkpointing"]) == 0
    shipped = load_deck_file(QUESTIONS / "gradient-checkpointing.yaml")
    again = load_deck_file(back)
    # Translations have no CSV column; everything else comes back as it was.
    assert [
        (q.id, q.kind, q.prompt, q.choices, q.answers, q.explanation, q.lang, q.tags, q.difficulty)
        for q in again.questions
    ] == [
        (q.id, q.kind, q.prompt, q.choices, q.answers, q.explanation, q.lang, q.tags, q.difficulty)
        for q in shipped.questions
    ]


def test_export_to_yaml_loads_as_the_same_deck(tmp_path: Path) -> None:
    out = tmp_path / "gc.yaml"
    assert (
        main(["export", str(QUESTIONS / "gradient-checkpointing.yaml"), "--format", "yaml", "-o", str(out)])
        == 0
    )
    exported = load_deck_file(out)
    shipped = load_deck_file(QUESTIONS / "gradient-checkpointing.yaml")
    # Everything but the line each question starts on (comments are not exported).
    assert [replace(q, line=0) for q in exported.questions] == [replace(q, line=0) for q in shipped.questions]
    assert (exported.id, exported.title, exported.tags) == (shipped.id, shipped.title, shipped.tags)


def test_export_as_moodle_xml_imports_back_and_an_anki_package_needs_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    xml_file = tmp_path / "gc.xml"
    shipped = QUESTIONS / "gradient-checkpointing.yaml"
    assert main(["export", str(shipped), "--format", "moodle-xml", "-o", str(xml_file)]) == 0
    assert capsys.readouterr().err == (
        "Moodle XML cannot hold translations: the file has each question in its own language only.\n"
    )
    back = tmp_path / "gc.yaml"
    assert main(["import", str(xml_file), "-o", str(back)]) == 0
    assert [
        (q.kind, q.prompt, q.choices, q.answers, q.explanation) for q in load_deck_file(back).questions
    ] == [(q.kind, q.prompt, q.choices, q.answers, q.explanation) for q in load_deck_file(shipped).questions]
    capsys.readouterr()
    assert main(["export", str(shipped), "--format", "anki"]) == 2
    assert capsys.readouterr().err == (
        "bvunzo export: an Anki package is not text; give the file to write with -o\n"
    )


def test_export_of_an_unknown_deck(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "no-such-deck", "--questions", str(QUESTIONS)]) == 1
    assert "no deck file or deck id `no-such-deck`" in capsys.readouterr().err


ITALIAN = (
    "domanda,scelta uno,scelta due,giusta,commento\n"
    "Qual è la capitale d'Italia?,Milano,Roma,Roma,Roma è la capitale dal 1871.\n"
    "Quanti giorni ha una settimana?,5,7,7,Sette come i pianeti antichi.\n"
)


def test_columns_given_at_the_command_line_replace_the_guess(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "quiz.csv"
    source.write_text(ITALIAN, encoding="utf-8")
    out = tmp_path / "quiz.yaml"
    assert main(["import", str(source), "-o", str(out)]) == 0
    guessed = capsys.readouterr().err
    assert "5 `commento` → choice" in guessed and "Columns (guessed from the cells)" in guessed
    assert load_deck_file(out).questions[0].choices == ("Milano", "Roma", "Roma è la capitale dal 1871.")

    given = "question,choice,choice,answer,explanation"
    assert main(["import", str(source), "-o", str(out), "--columns", given]) == 0
    assert "Columns (as given): 1 `domanda` → question" in capsys.readouterr().err
    deck = load_deck_file(out)
    assert [(q.choices, q.explanation) for q in deck.questions] == [
        (("Milano", "Roma"), "Roma è la capitale dal 1871."),
        (("5", "7"), "Sette come i pianeti antichi."),
    ]


def test_a_column_role_that_is_none_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "quiz.csv"
    source.write_text(ITALIAN, encoding="utf-8")
    assert main(["import", str(source), "--columns", "question,risposta"]) == 2
    assert capsys.readouterr().err == (
        "bvunzo import: --columns: `risposta` is not a column role; use question, answer, choice, wrong, "
        "choices, explanation, type, tags, difficulty, lang, id, instructions, answers, ignore (one per "
        "column, separated by commas)\n"
    )


FORMULAS = """\
id: formulas
title: Formulas
language: en
questions:
  - id: f-1
    prompt: "=SUM(A1)"
    choices: ["+1", "-x", "@me", "'=already quoted"]
    answer: 1
    explanation: "-3 is right, @everyone"
  - id: f-2
    type: text
    prompt: "@me: what is 2 - 5?"
    answers: ["-3", "=HYPERLINK(1)"]
  - id: f-3
    type: truefalse
    prompt: "+1, said the teacher: is it more than -1?"
    answer: true
  - id: f-4
    prompt: "'hello is not escaped"
    choices: ["-0.5", "+44 1234", "a=b"]
    answer: 0
"""


def test_an_exported_csv_runs_no_formula_and_imports_back_to_the_same_questions(tmp_path: Path) -> None:
    deck_file = tmp_path / "formulas.yaml"
    deck_file.write_text(FORMULAS, encoding="utf-8")
    csv_file = tmp_path / "formulas.csv"
    assert main(["export", str(deck_file), "-o", str(csv_file)]) == 0
    data = csv_file.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and data.count(b"\r\n") == 5
    lines = data.decode("utf-8-sig").split("\r\n")
    assert (
        lines[1] == "f-1,choice,'=SUM(A1),'-x,+1,'-x,'@me,''=already quoted,,\"'-3 is right, @everyone\",en,,"
    )
    assert lines[2] == "f-2,text,'@me: what is 2 - 5?,'-3 | =HYPERLINK(1),,,,,,,en,,"
    # (A deck keeps no leading tab or carriage return: the loader strips them, so none is exported.)
    assert lines[3] == 'f-3,truefalse,"\'+1, said the teacher: is it more than -1?",true,,,,,,,en,,'
    assert lines[4] == "f-4,choice,'hello is not escaped,-0.5,-0.5,'+44 1234,a=b,,,,en,,"
    back = tmp_path / "back.yaml"
    assert main(["import", str(csv_file), "-o", str(back), "--id", "formulas"]) == 0
    original, again = load_deck_file(deck_file), load_deck_file(back)
    assert [
        (q.id, q.kind, q.prompt, q.choices, q.answers, q.accepted, q.explanation) for q in again.questions
    ] == [
        (q.id, q.kind, q.prompt, q.choices, q.answers, q.accepted, q.explanation) for q in original.questions
    ]


def test_a_wayground_workbook_imports_at_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.test_import_workbooks import wayground_sheet

    source, out = tmp_path / "science.xlsx", tmp_path / "science.yaml"
    source.write_bytes(wayground_sheet())
    assert main(["import", str(source), "-o", str(out), "--keep-valid"]) == 0
    said = capsys.readouterr().err
    assert "Imported 6 questions; 1 could not be imported and is listed." in said
    assert "Read as Wayground's (Quizizz) spreadsheet template." in said
    assert main(["validate", str(out)]) == 0
    assert len(load_deck_file(out).questions) == 6


def test_a_canvas_quiz_export_imports_at_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.test_import_qti import EXPORT, package

    source, out = tmp_path / "science.zip", tmp_path / "science.yaml"
    source.write_bytes(package(("g1.xml", EXPORT)))
    assert main(["import", str(source), "-o", str(out), "--keep-valid"]) == 0
    said = capsys.readouterr().err
    assert "Imported 10 questions; 1 could not be imported and is listed." in said
    assert "Read as a Canvas quiz export (QTI 1.2)." in said
    assert main(["validate", str(out)]) == 0
    assert len(load_deck_file(out).questions) == 10


def test_an_anki_package_imports_at_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.anki_packages import BASIC, TYPED, AnkiNote, package

    notes = [
        AnkiNote(BASIC, ("Capital of Zambia?", "Lusaka"), "africa", "Capitals"),
        AnkiNote(TYPED, ("Capital of Malawi?", "Lilongwe"), "", "Capitals"),
    ]
    source, out = tmp_path / "capitals.apkg", tmp_path / "capitals.yaml"
    source.write_bytes(package(notes, name="collection.anki21b", schema=18))
    assert main(["import", str(source), "-o", str(out)]) == 0
    said = capsys.readouterr().err
    assert "Imported 2 questions." in said and "Read as an Anki package." in said
    deck = load_deck_file(out)
    assert deck.title == "Capitals"
    assert [(q.prompt, q.accepted) for q in deck.questions] == [
        ("Capital of Zambia?", ("Lusaka",)),
        ("Capital of Malawi?", ("Lilongwe",)),
    ]
