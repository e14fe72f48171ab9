"""Each import format: what it reads, its edge cases, and the `line: reason` of what it leaves out."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest

from bot.bank.importers import Format, detect_format, import_deck, import_file
from bot.bank.loader import load_deck_file
from bot.bank.models import Kind
from bot.bank.problems import DeckError

DATA = Path(__file__).parent / "samples" / "imports"
QUESTIONS = Path(__file__).resolve().parents[1] / "questions"


def imported(text: str | bytes, name: str = "deck.csv", **options: object):  # type: ignore[no-untyped-def]
    data = text.encode("utf-8") if isinstance(text, str) else text
    result, _ = import_deck(data, name, deck_id="imported", **options)  # type: ignore[arg-type]
    return result


# -- detection -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        ("id: x\nquestions:\n  - id: q\n", Format.YAML),
        ("question,answer\nWhy?,Because\n", Format.CSV),
        ("term\tdefinition\n", Format.CSV),
        ("AUTHOR: me\nWhat?:\n- that\n", Format.RED),
        ("Quiz\n\n1. What?\n   • this *\n   • that\n", Format.TEXT),
        ('{"response_code": 0, "results": []}', Format.OPENTDB),
        ("Who? {=a ~b}\n\nIs it? {T}\n", Format.GIFT),
        ('<?xml version="1.0"?>\n<quiz>\n</quiz>\n', Format.MOODLE_XML),
        (
            '<?xml version="1.0"?>\n<questestinterop xmlns="http://www.imsglobal.org/xsd/ims_qtiasiv1p2"/>',
            Format.QTI,
        ),
        ("just some words", None),
    ],
)
def test_the_format_is_detected_by_content(text: str, fmt: Format | None) -> None:
    assert detect_format(text) is fmt


def test_an_unknown_format_asks_for_the_option() -> None:
    with pytest.raises(DeckError) as caught:
        imported("just some words", "notes.txt")
    assert str(caught.value.problems[0]) == (
        "notes.txt: the format of this file is not one Bvunzo reads (our YAML, CSV/TSV, a Red trivia list, "
        "numbered text, Open Trivia DB JSON, Moodle's GIFT or Moodle XML, Blackboard's upload text, Kahoot's or "
        "Wayground's spreadsheet template, a Canvas quiz export in QTI 1.2, an Anki package); choose one with the "
        "format option"
    )


# -- our YAML ----------------------------------------------------------------------------------------


def test_our_yaml_keeps_the_good_questions_and_names_the_bad_one() -> None:
    text = (
        "title: Mixed\nquestions:\n"
        "  - id: good\n    prompt: Which?\n    choices: [a, b]\n    answer: 0\n"
        "  - id: bad\n    prompt: Which?\n    choices: [a, b]\n    answer: 7\n"
    )
    result = imported(text, "mixed.yaml")
    assert [q.id for q in result.deck.questions] == ["good"]
    assert result.deck.id == "imported"
    assert result.deck.title == "Mixed"
    assert [str(p) for p in result.left_out] == [
        "mixed.yaml:10: `answer` 7 is out of range: the choices are numbered 0 to 1"
    ]


# -- spreadsheets ------------------------------------------------------------------------------------

SHEET = (
    "Question,Correct Answer,Wrong 1,Wrong 2,Explanation,Tags\n"
    'Capital of Kenya?,Nairobi,Mombasa,Kisumu,Since 1963.,"africa, capitals"\n'
    "Capital of Japan?,Tokyo,,Osaka,,\n"
)


def test_a_spreadsheet_with_wrong_answer_columns() -> None:
    deck = imported(SHEET).deck
    first, second = deck.questions
    assert (first.kind, first.prompt, first.choices) == (
        Kind.CHOICE,
        "Capital of Kenya?",
        ("Nairobi", "Mombasa", "Kisumu"),
    )
    assert first.answers == frozenset({0})
    assert first.explanation == "Since 1963."
    assert first.tags == ("africa", "capitals")
    assert second.choices == ("Tokyo", "Osaka")


@pytest.mark.parametrize("answer", ["B", "b", "2", "Ottawa", " ottawa "])
def test_a_choice_column_answer_by_letter_number_or_text(answer: str) -> None:
    text = f"prompt,choice1,choice2,choice3,answer\nCapital of Canada?,Toronto,Ottawa,Montreal,{answer}\n"
    [question] = imported(text).deck.questions
    assert question.answers == frozenset({1})


def test_several_right_choices_are_separated_by_a_bar() -> None:
    text = "question,option1,option2,option3,answer\nCapitals?,Canberra,Sydney,Ottawa,Canberra | Ottawa\n"
    [question] = imported(text).deck.questions
    assert question.answers == frozenset({0, 2})


def test_text_and_true_false_rows() -> None:
    text = "question,answer,type\nCapital of Japan?,Tokyo | Tōkyō,\nHarare is in Zimbabwe.,TRUE,truefalse\n"
    text_q, tf = imported(text).deck.questions
    assert (text_q.kind, text_q.accepted) == (Kind.TEXT, ("Tokyo", "Tōkyō"))
    assert (tf.kind, tf.answers) == (Kind.TRUEFALSE, frozenset({0}))


def test_an_unknown_column_is_named_and_the_rest_imports() -> None:
    text = "question,answer,source\nWhy?,Because,book\n"
    result = imported(text)
    assert len(result.deck.questions) == 1
    [note] = result.notes
    assert note.line == 1
    assert note.message.startswith("column 3 `source` was not understood and is ignored")


def test_a_header_in_unknown_words_is_not_a_question_and_the_columns_are_guessed() -> None:
    result = imported("Thema,Satz,Richtige\nErdkunde,Welche Stadt ist die Hauptstadt von Kenia?,Nairobi\n")
    [question] = result.deck.questions
    assert (question.prompt, question.accepted) == (
        "Welche Stadt ist die Hauptstadt von Kenia?",
        ("Nairobi",),
    )


def test_rows_that_cannot_be_questions_are_left_out_with_their_line() -> None:
    text = (
        "question,choice1,choice2,answer\n"
        "Fine?,yes,no,A\n"
        "No match?,yes,no,maybe\n"
        "\n"
        ",yes,no,A\n"
        '"A prompt\nover two lines?",yes,no,B\n'
    )
    result = imported(text)
    assert [q.prompt for q in result.deck.questions] == ["Fine?", "A prompt\nover two lines?"]
    assert [str(p) for p in result.left_out] == [
        "deck.csv:3: the answer `maybe` is none of the choices; give its letter (A–E), its number "
        "(counting from 1) or its text",
        "deck.csv:5: the `question` cell is empty",
    ]


def test_tsv_and_semicolons() -> None:
    assert imported("question\tanswer\nWhy?\tBecause\n").deck.questions[0].accepted == ("Because",)
    assert imported("question;answer\nWhy?;Because\n").deck.questions[0].accepted == ("Because",)


@pytest.mark.parametrize(
    "encode",
    [
        pytest.param(lambda t: t.encode("utf-8"), id="utf-8"),
        pytest.param(lambda t: codecs.BOM_UTF8 + t.encode("utf-8"), id="utf-8-bom"),
        # Excel's "Unicode text": UTF-16 little-endian with a BOM, tab-separated, CRLF line ends.
        pytest.param(
            lambda t: t.replace(",", "\t").replace("\n", "\r\n").encode("utf-16"), id="excel-unicode-text"
        ),
        pytest.param(lambda t: t.replace(",", "\t").encode("utf-16-le"), id="utf-16-le-no-bom"),
    ],
)
def test_spreadsheet_encodings(encode) -> None:  # type: ignore[no-untyped-def]
    text = "Question,Answer\nMhoro means?,Hello\nCafé?,Crème brûlée\n"
    deck = imported(encode(text)).deck
    assert [(q.prompt, q.accepted) for q in deck.questions] == [
        ("Mhoro means?", ("Hello",)),
        ("Café?", ("Crème brûlée",)),
    ]


def test_a_windows_1252_file_is_read_and_its_encoding_named() -> None:
    data = "pregunta;respuesta\n\u00bfEn qu\u00e9 a\u00f1o cay\u00f3 el muro?;1989\n".encode("cp1252")
    outcome = import_file(data, "muro.csv", deck_id="muro")
    assert outcome.kept is not None
    assert [q.prompt for q in outcome.kept.deck.questions] == [
        "\u00bfEn qu\u00e9 a\u00f1o cay\u00f3 el muro?"
    ]
    assert outcome.read_as() == "Read as a spreadsheet (CSV/TSV) in Windows-1252."


def test_bytes_that_are_no_text_are_refused_with_a_sentence() -> None:
    # An old Excel workbook (.xls) opens with the OLE2 signature: no zip, so read as text, and no text.
    data = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(range(256)) * 4
    outcome = import_file(data, "quiz.xls", deck_id="x")
    assert outcome.refused and outcome.kept is None
    assert outcome.problems[0].message.startswith("the file is not text in any encoding Bvunzo can tell")


def test_quizlet_term_tab_definition() -> None:
    text = "mitochondria\tthe powerhouse of the cell\nribosome\tmakes proteins\nlonely term\n"
    result = imported(text, "quizlet.txt")
    assert [(q.kind, q.prompt, q.accepted) for q in result.deck.questions] == [
        (Kind.TEXT, "mitochondria", ("the powerhouse of the cell",)),
        (Kind.TEXT, "ribosome", ("makes proteins",)),
    ]
    assert [str(p) for p in result.left_out] == [
        "quizlet.txt:3: a card needs a term, then a tab, then its definition"
    ]


def test_quizlet_with_distractors_asks_with_choices() -> None:
    text = "".join(f"term {n}\tdefinition {n}\n" for n in range(6))
    deck = imported(text, "quizlet.txt", distractors=True).deck
    assert all(q.kind is Kind.CHOICE and len(q.choices) == 4 for q in deck.questions)
    assert deck.questions[0].choices[0] == "definition 0"


def test_kotoba_csv() -> None:
    text = (
        "Question,Answers,Comment,Instructions,Render as\n"
        "日本,"
        '"にほん,にっぽん",Japan,Type the reading in hiragana,Image\n'
    )
    result = imported(text, "kotoba.csv")
    [question] = result.deck.questions
    assert question.accepted == ("にほん", "にっぽん")
    assert question.explanation == "Japan"
    assert question.prompt == "Type the reading in hiragana\n日本"
    assert result.notes == ()


# -- the seed quiz's numbered text ---------------------------------------------------------------------


def test_the_seed_quiz_without_marks_names_every_question() -> None:
    path = DATA / "gradient-checkpointing-quiz.txt"
    with pytest.raises(DeckError) as caught:
        import_deck(path.read_bytes(), path.name, deck_id="gc")
    reason = (
        "no choice is marked right; end the right choice with ` *` or `(correct)`, or add a line `Answer: B`"
    )
    assert [(p.line, p.message) for p in caught.value.problems] == [
        (line, reason) for line in (5, 10, 15, 20, 25, 30, 35, 40)
    ]


def test_the_marked_seed_quiz_imports_as_the_shipped_deck_has_it() -> None:
    path = DATA / "gradient-checkpointing-quiz-marked.txt"
    result, fmt = import_deck(path.read_bytes(), path.name, deck_id="gc")
    assert fmt is Format.TEXT
    deck = result.deck
    assert deck.title == "Gradient Checkpointing Quiz"
    assert deck.description == "Mhinduro uye tsananguro zvinoonekwa paunenge uchitora bvunzo."
    assert [sorted(q.answers) for q in deck.questions] == [[0], [1], [2], [3], [0], [1], [2], [3]]
    shipped = load_deck_file(QUESTIONS / "gradient-checkpointing.yaml")
    assert [(q.prompt, q.choices) for q in deck.questions] == [
        (q.prompt, q.choices) for q in shipped.questions
    ]
    assert deck.questions[5].explanation == (
        "Checkpointed activations are recomputed by running that part of the forward pass again."
    )


def test_numbered_text_with_an_answer_line_and_a_code_block() -> None:
    code = "\n".join(f"    x{n} = layer{n}(x{n - 1})" for n in range(1, 41))
    text = (
        f"1. What does this run?\n```python\n{code}\n```\n"
        "   A) 40 layers\n   B) 4 layers\n   Answer: A\n"
        "2. Unmarked?\n   - yes\n   - no\n"
        "3. Wrong answer line?\n   - yes\n   - no\n   Answer: maybe\n"
    )
    result = imported(text, "quiz.txt")
    [question] = result.deck.questions
    assert question.prompt.count("\n") == 42
    assert question.choices == ("40 layers", "4 layers")
    assert question.answers == frozenset({0})
    assert [(p.line, p.message[:40]) for p in result.left_out] == [
        (47, "no choice is marked right; end the right"),
        (50, "`Answer: maybe` names none of the choice"),
    ]


# -- Open Trivia DB ----------------------------------------------------------------------------------


def test_open_trivia_db_json_with_html_entities() -> None:
    data = {
        "response_code": 0,
        "results": [
            {
                "type": "multiple",
                "difficulty": "medium",
                "category": "Science &amp; Nature",
                "question": "What is &quot;H&#039;&quot; short for?",
                "correct_answer": "Hydrogen &amp; friends",
                "incorrect_answers": ["Helium", "&eacute;ther", "Hafnium"],
            },
            {
                "type": "boolean",
                "difficulty": "easy",
                "category": "History",
                "question": "The Great Zimbabwe is in Zimbabwe.",
                "correct_answer": "True",
                "incorrect_answers": ["False"],
            },
            {"type": "multiple", "question": "No answer?", "incorrect_answers": ["a"]},
        ],
    }
    result = imported(json.dumps(data, indent=2), "opentdb.json")
    first, second = result.deck.questions
    assert first.prompt == 'What is "H\'" short for?'
    assert first.choices == ("Hydrogen & friends", "Helium", "éther", "Hafnium")
    assert (first.answers, first.difficulty, first.tags) == (frozenset({0}), "medium", ("Science & Nature",))
    assert (second.kind, second.answers) == (Kind.TRUEFALSE, frozenset({0}))
    assert [str(p) for p in result.left_out] == ["opentdb.json:28: result 2 has no `correct_answer`"]


def test_broken_json_names_its_line() -> None:
    with pytest.raises(DeckError) as caught:
        imported('{\n  "results": [\n    {"question": }\n  ]\n}', "bad.json")
    assert caught.value.problems[0].line == 3
    assert caught.value.problems[0].message.startswith("this is not valid JSON")


def test_reimporting_keeps_the_ids_of_unchanged_questions() -> None:
    before = imported("question,answer\nFirst?,one\nSecond?,two\nThird?,three\n").deck
    after = imported("question,answer\nThird?,three\nSecond (edited)?,two\nFirst?,one\n").deck
    ids_before = {q.prompt: q.id for q in before.questions}
    ids_after = {q.prompt: q.id for q in after.questions}
    assert ids_after["First?"] == ids_before["First?"]
    assert ids_after["Third?"] == ids_before["Third?"]
    assert ids_after["Second (edited)?"] not in ids_before.values()
    # A sheet with its own ids keeps them.
    own = imported("id,question,answer\nbio-1,First?,one\n").deck
    assert [q.id for q in own.questions] == ["bio-1"]


def test_the_same_prompt_twice_gets_two_ids() -> None:
    deck = imported("question,answer\nWho's that Pokémon?,Pikachu\nWho's that Pokémon?,Eevee\n").deck
    first, second = (q.id for q in deck.questions)
    assert first != second and second == first + "-2"


def test_an_anki_tags_column_the_rows_do_not_have_is_said() -> None:
    text = "#separator:tab\n#tags column:4\nCapital of Kenya?\tNairobi\nCapital of Peru?\tLima\n"
    outcome = import_file(text.encode(), "anki.txt", deck_id="anki")
    assert outcome.kept is not None and len(outcome.kept.deck.questions) == 2
    assert [str(n) for n in outcome.notes] == [
        "anki.txt:2: the header says the tags are in column 4, but no row has more than 2 columns; "
        "no tags are read"
    ]
