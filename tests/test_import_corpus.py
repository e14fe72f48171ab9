"""The corpus in tests/corpus: files written the way exporters and teachers write them, each counted by hand.

Each row says what a person reading the file counts: the questions a round can play, the lines reported
(a broken question, or an item that is no question a round can play) and whether a plain import takes
the file (more than a tenth broken refuses it; the good ones are still counted).
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.bank.importers import Format, import_file
from bot.bank.models import Kind

CORPUS = Path(__file__).parent / "corpus"

# file, format, questions a round can play, lines reported, refused by a plain import
COUNTS = [
    ("quizlet-biology-tab.txt", Format.CSV, 6, [], False),
    ("quizlet-history-dashes.txt", Format.CSV, 5, [], False),
    ("quizlet-capitals-pipe.txt", Format.CSV, 10, [11], False),  # "Zambia Lusaka" has no bar
    ("quizlet-spanish-comma.txt", Format.CSV, 5, [], False),
    ("quizlet-greetings-semicolon-rows.txt", Format.CSV, 4, [], False),
    ("anki-notes.txt", Format.CSV, 3, [], False),
    ("anki-header-contradicts.txt", Format.CSV, 3, [], False),
    ("sheet-no-header.csv", Format.CSV, 8, [], False),
    ("sheet-german-excel.csv", Format.CSV, 4, [], False),
    ("sheet-spanish.csv", Format.CSV, 4, [], False),
    ("sheet-portuguese.csv", Format.CSV, 3, [], False),
    ("sheet-french.csv", Format.CSV, 3, [], False),
    ("sheet-shona.csv", Format.CSV, 3, [], False),
    ("sheet-unknown-header.csv", Format.CSV, 4, [], False),
    ("kahoot-template.csv", Format.CSV, 3, [], False),
    ("platform-choices-in-one-cell.csv", Format.CSV, 6, [6, 7], False),  # an essay, a file upload
    ("excel-windows-1252.csv", Format.CSV, 3, [], False),
    ("exam-dump-no-dot.txt", Format.TEXT, 4, [26], True),  # `Answer: E` of two choices: 1 of 5
    ("teacher-quiz-dashes.txt", Format.TEXT, 4, [18], False),  # an open question, no key
    ("markdown-quiz.md", Format.TEXT, 4, [39], False),  # the essay
    ("moodle-aiken.txt", Format.TEXT, 3, [], False),
    ("markdown-checkboxes.md", Format.TEXT, 3, [], False),
    ("markdown-star-marks.md", Format.TEXT, 2, [13, 18], True),  # Q3 unmarked (1 of 3), Q4 gap-fill
    ("red-norwegian-keys.yaml", Format.RED, 5, [1, 2], False),  # FORFATTER, BESKRIVELSE
    ("opentdb-science.json", Format.OPENTDB, 3, [], False),
    ("opentdb-token-empty.json", Format.OPENTDB, 0, [1], True),
    ("broken-share-large.csv", Format.CSV, 7, [9, 10, 11], True),  # 3 of 10
    ("broken-share-small.csv", Format.CSV, 19, [21], False),  # 1 of 20
    # a number and a range kept as number questions, several to tick a multi; pairs, an essay: set aside
    ("moodle-gift-geography.gift", Format.GIFT, 11, [50], False),
    # a number kept; a description, an essay set aside; an unclosed `{` broken (1 of 12)
    ("moodle-gift-science.txt", Format.GIFT, 11, [21, 23, 35], False),
    # Moodle's own GIFT export: `// question:` lines, `[html]` everywhere, `\=` and `\:` in attributes, `%100%`
    ("moodle-gift-export.gift", Format.GIFT, 4, [], False),
    # a number kept, several to tick a multi, the two gap kinds as cloze, pairs as match, an order; an essay, a
    # description, an image set aside
    ("moodle-xml-biology.xml", Format.MOODLE_XML, 10, [158, 165, 171], False),
    # embedded answers of three kinds, a gap select and a drag-and-drop as cloze, two right to pick one of, boxes
    # to tick with one or three right; boxes to tick inside a blank and six blanks set aside
    ("moodle-xml-geography-cloze.xml", Format.MOODLE_XML, 7, [47, 63], False),
    # dropdowns as cloze, two right to pick one of; dropdowns whose text marks no blank set aside
    ("canvas-qti-dropdowns.xml", Format.QTI, 3, [201], False),
    # several `=` to pick one of, typed missing words as cloze, weights to tick (one right among them), a short
    # answer ending the sentence
    ("moodle-gift-kinds.gift", Format.GIFT, 7, [], False),
    # Blackboard's upload text, every code its guidelines list: MC, MA, TF, ORD, MAT, FIB, FIB_PLUS, NUM kept (an
    # HTML prompt, an Excel-quoted one); an essay, a short response, an opinion scale set aside
    ("blackboard-upload-geography.txt", Format.BLACKBOARD, 12, [5, 12, 13], False),
    # Kahoot's template: "1,2,3" any one right, True/False, a lone answer (row 13) broken: 1 of 6, refused
    ("kahoot-history.xlsx", Format.KAHOOT, 5, [13], True),
    # Wayground's template: Checkbox "1,2,4" a multi, two fill-ins, a poll, an image; Open-Ended set aside, a
    # right answer naming an empty option broken (1 of 10)
    ("wayground-geography.xlsx", Format.WAYGROUND, 9, [7, 8], False),
    # a Canvas quiz's XML: choice with general feedback, true/false, short answer, an exact number and a range,
    # boxes to tick, pairs; an essay, a text-only item and a file upload set aside
    ("canvas-qti-astronomy.xml", Format.QTI, 8, [431, 464, 492], False),
]


def test_every_corpus_file_is_counted() -> None:
    assert sorted(p.name for p in CORPUS.iterdir() if p.name != "README.md") == sorted(c[0] for c in COUNTS)


@pytest.mark.parametrize(("name", "fmt", "good", "reported", "refused"), COUNTS, ids=[c[0] for c in COUNTS])
def test_the_corpus_imports_as_counted_by_hand(
    name: str, fmt: Format, good: int, reported: list[int], refused: bool
) -> None:
    outcome = import_file((CORPUS / name).read_bytes(), name, deck_id="corpus")
    assert outcome.fmt is fmt
    assert (len(outcome.imported.deck.questions) if outcome.imported else 0) == good
    assert [p.line for p in outcome.problems] == reported
    assert outcome.refused is refused
    if refused and good:
        kept = import_file((CORPUS / name).read_bytes(), name, deck_id="corpus", keep_valid=True).kept
        assert kept is not None and len(kept.deck.questions) == good


@pytest.mark.parametrize(("name", "fmt", "good", "reported", "refused"), COUNTS, ids=[c[0] for c in COUNTS])
def test_bvunzo_import_says_the_same(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    fmt: Format,
    good: int,
    reported: list[int],
    refused: bool,
) -> None:
    out = tmp_path / "deck.yaml"
    code = main(["import", str(CORPUS / name), "-o", str(out)])
    err = capsys.readouterr().err
    assert code == (1 if refused else 0)
    for line in reported:
        assert f"{CORPUS / name}:{line}: " in err
    if not refused:
        assert f"Imported {good} question" in err
        assert main(["validate", str(out)]) == 0


def kept(name: str):  # type: ignore[no-untyped-def]
    outcome = import_file((CORPUS / name).read_bytes(), name, deck_id="corpus")
    assert outcome.kept is not None, outcome.lines()
    return outcome


def test_quizlet_custom_separators_split_on_the_first_only() -> None:
    [first, *_] = kept("quizlet-history-dashes.txt").kept.deck.questions
    assert (first.prompt, first.accepted) == (
        "1884",
        ("Berlin Conference - Africa divided among European powers",),
    )
    spanish = kept("quizlet-spanish-comma.txt").kept.deck.questions
    assert spanish[1].accepted == ("the house, the home",)
    rows = kept("quizlet-greetings-semicolon-rows.txt").kept.deck.questions
    assert [(q.prompt, q.accepted) for q in rows][-1] == ("por favor", ("please",))


def test_anki_header_lines_are_honoured_and_a_contradiction_said() -> None:
    notes = kept("anki-notes.txt").kept.deck.questions
    assert (notes[0].prompt, notes[0].accepted, notes[0].tags) == (
        "What does DNA stand for?",
        ("Deoxyribonucleic acid",),
        ("biology", "genetics"),
    )
    outcome = kept("anki-header-contradicts.txt")
    assert [str(n) for n in outcome.notes] == [
        "anki-header-contradicts.txt:1: the header says the separator is a semicolon, but the rows are "
        "separated by a tab; they are read by a tab"
    ]


def test_a_sheet_without_a_header_keeps_its_first_question_and_is_sure_of_its_columns() -> None:
    outcome = kept("sheet-no-header.csv")
    first = outcome.kept.deck.questions[0]
    assert (first.prompt, first.choices, first.answers) == (
        "What is the capital of Zimbabwe?",
        ("Bulawayo", "Harare", "Mutare", "Gweru"),
        frozenset({1}),
    )
    assert outcome.mapping() == ""  # certain: not shown


def test_headers_in_other_languages() -> None:
    german = kept("sheet-german-excel.csv")
    assert german.read_as() == "Read as a spreadsheet (CSV/TSV) in Windows-1252."
    wien = german.kept.deck.questions[0]
    assert (wien.prompt, wien.accepted, wien.explanation) == (
        "Wie heißt die Hauptstadt von Österreich?",
        ("Wien",),
        "Sie liegt an der Donau.",
    )
    brasil = kept("sheet-portuguese.csv").kept.deck.questions[0]
    assert (brasil.choices[brasil.answers.__iter__().__next__()], brasil.explanation) == (
        "Brasília",
        "Brasília é a capital desde 1960.",
    )
    assert [q.answers for q in kept("sheet-french.csv").kept.deck.questions] == [
        frozenset({0}),
        frozenset({0}),
        frozenset({1}),
    ]
    shona = kept("sheet-shona.csv").kept.deck.questions[0]
    assert (shona.prompt, shona.explanation) == ("Guta guru reZimbabwe ndeupi?", "Harare ndiro guta guru.")


def test_a_template_s_title_rows_and_advice_in_its_header() -> None:
    outcome = kept("kahoot-template.csv")
    assert [sorted(q.answers) for q in outcome.kept.deck.questions] == [[1], [0, 2, 3], [1]]
    assert [str(n) for n in outcome.notes] == [
        "kahoot-template.csv:1: the rows above the header on line 3 are not questions and are not read",
        "kahoot-template.csv:3: column 6 `Time limit (sec) – 5, 10, 20, 30, 60, 90` was not understood and is "
        "ignored",
    ]


def test_an_unknown_header_is_guessed_and_the_guess_shown() -> None:
    outcome = kept("sheet-unknown-header.csv")
    assert outcome.mapping() == (
        "Columns (guessed from the cells): 1 `domanda` → question, 2 `scelta uno` → choice, "
        "3 `scelta due` → choice, 4 `scelta tre` → choice, 5 `giusta` → answer."
    )
    roma = outcome.kept.deck.questions[0]
    assert (roma.choices, roma.answers) == (("Milano", "Roma", "Napoli"), frozenset({1}))


def test_choices_in_one_cell_and_the_kinds_named() -> None:
    outcome = kept("platform-choices-in-one-cell.csv")
    questions = outcome.kept.deck.questions
    assert [(q.kind, q.choices, sorted(q.answers), q.accepted) for q in questions] == [
        (Kind.CHOICE, ("1", "3", "4", "0"), [2], ()),
        (Kind.CHOICE, ("red", "green", "blue", "yellow"), [0, 2, 3], ()),
        (Kind.TRUEFALSE, ("True", "False"), [0], ()),
        (Kind.TRUEFALSE, ("True", "False"), [1], ()),
        (Kind.TEXT, (), [], ("Lilongwe",)),
        (Kind.CHOICE, ("Kalahari", "Sahara", "Namib"), [1], ()),
    ]
    assert [p.message for p in outcome.problems] == [
        "an essay question cannot be played in a quiz round",
        "a file upload question cannot be played in a quiz round",
    ]


def test_numbered_shapes() -> None:
    dump = import_file(
        (CORPUS / "exam-dump-no-dot.txt").read_bytes(), "dump.txt", deck_id="d", keep_valid=True
    )
    assert dump.kept is not None
    questions = dump.kept.deck.questions
    assert [sorted(q.answers) for q in questions[:3]] == [[1], [2], [0, 2]]
    assert (questions[3].kind, questions[3].accepted) == (Kind.TEXT, ("Local Area Network",))
    assert [p.message for p in dump.problems] == [
        "`Answer: E` names none of the choices; give its letter or its text"
    ]
    teacher = kept("teacher-quiz-dashes.txt")
    assert [(q.kind, q.prompt) for q in teacher.kept.deck.questions] == [
        (Kind.CHOICE, "Which is the longest river in Africa?"),
        (Kind.TRUEFALSE, "Victoria Falls lies on the Zambezi river."),
        (Kind.TEXT, "Name the capital city of Botswana."),
        (Kind.TRUEFALSE, "Lake Kariba is a man-made lake."),
    ]
    assert teacher.kept.deck.title == "Form 2 Geography Test"


def test_markdown_quizzes() -> None:
    outcome = kept("markdown-quiz.md")
    deck = outcome.kept.deck
    assert deck.title == "Python basics"
    assert [sorted(q.answers) for q in deck.questions] == [[1], [0, 2], [1], [1]]
    assert "print(2 ** 3)" in deck.questions[3].prompt
    assert [p.message for p in outcome.problems] == [
        "this is an essay question; a quiz round plays questions with choices or a typed answer"
    ]
    stars = import_file(
        (CORPUS / "markdown-star-marks.md").read_bytes(), "m.md", deck_id="m", keep_valid=True
    )
    assert stars.kept is not None
    assert [q.choices[min(q.answers)] for q in stars.kept.deck.questions] == ["electron", "Na"]


def test_aiken_and_checkbox_quizzes() -> None:
    aiken = kept("moodle-aiken.txt").kept.deck.questions
    assert [(q.prompt, sorted(q.answers)) for q in aiken] == [
        ("What is the chemical symbol for potassium?", [1]),
        ("Which planet is closest to the Sun?", [2]),
        ("How many sides has a triangle?", [0]),
    ]
    boxes = kept("markdown-checkboxes.md").kept.deck.questions
    assert [sorted(q.answers) for q in boxes] == [[1], [0, 2], [0, 1]]
    assert boxes[0].explanation == "It makes a `.git` folder."


def test_red_keys_in_another_language_are_not_questions() -> None:
    outcome = kept("red-norwegian-keys.yaml")
    assert outcome.kept.deck.questions[0].prompt == "Hva er hovedstaden i Norge?"
    assert outcome.problems[0].message.startswith("`FORFATTER` holds one line of text, not a list of answers")


def test_an_open_trivia_db_error_is_named() -> None:
    outcome = import_file((CORPUS / "opentdb-token-empty.json").read_bytes(), "o.json", deck_id="o")
    assert outcome.kept is None
    assert "response_code 4, token empty" in outcome.problems[0].message


def test_moodle_gift_keeps_words_tags_and_explanations() -> None:
    questions = kept("moodle-gift-geography.gift").kept.deck.questions
    assert [(q.prompt, q.tags) for q in questions][:1] == [
        ("What is the capital city of Zimbabwe?", ("Geography", "Southern Africa"))
    ]
    assert [q.explanation for q in questions[:4]] == [
        "Right: it was called Salisbury until 1982.",
        "Yes, on the border of Zambia and Zimbabwe.",
        "",
        "Lake Kariba was filled after the Kariba Dam was built in 1959.",
    ]
    assert questions[3].accepted == ("Zambia", "Republic of Zambia")
    assert [q.prompt for q in questions[4:]] == [
        "Which of these is a landlocked country?",
        "In a GIFT file, which character marks a *right* answer: = or ~ ?",
        "The Limpopo river flows into the _____ Ocean.",
        "How high, in metres, is the highest point of Zimbabwe (Mount Nyangani)?",
        "In which decade did Zimbabwe become independent (any year of it)?",
        "Match each country with its capital.",
        "Which of these countries are landlocked?",
    ]
    assert (questions[9].kind, questions[9].pairs[0]) == (Kind.MATCH, ("Zambia", "Lusaka"))
    assert (questions[10].kind, questions[10].answers) == (Kind.MULTI, frozenset({0, 1}))
    assert [(q.number, str(q.tolerance)) for q in questions[7:9]] == [
        (2592, "10"),
        (Decimal("1984.5"), "4.5"),
    ]
    assert questions[5].choices == ("=", "~", "#")
    [pi, capital, *_rest] = kept("moodle-gift-export.gift").kept.deck.questions
    assert (pi.prompt, pi.kind, pi.number) == ("Pi to two places?", Kind.NUMBER, Decimal("3.14"))
    assert (capital.prompt, capital.choices, capital.explanation, capital.tags) == (
        "Capital of Malawi?",
        ("Lilongwe", "Blantyre", "Zomba"),
        "It moved in 1975.",
        (),  # "Default for Form 3" is Moodle's place, not a topic
    )


def test_moodle_xml_keeps_words_tags_and_explanations() -> None:
    questions = kept("moodle-xml-biology.xml").kept.deck.questions
    assert [(q.kind, q.prompt, q.explanation, q.tags) for q in questions] == [
        (
            Kind.CHOICE,
            "Which organelle releases energy from food in a cell?",
            "Respiration happens in the mitochondria.",
            ("Biology", "Cells"),
        ),
        (
            Kind.TRUEFALSE,
            "Plant cells have a cell wall & a membrane.",
            "Right: cellulose makes the wall.",
            ("Biology", "Cells"),
        ),
        (Kind.TEXT, "Name the green pigment in leaves.", "", ("Biology", "Cells")),
        (Kind.MULTI, "Which of these are bases found in DNA?", "", ("Biology", "Genetics")),
        (
            Kind.NUMBER,
            "How many chromosomes does a human body cell hold?",
            "23 pairs.",
            ("Biology", "Genetics"),
        ),
        (Kind.MATCH, "Match each scientist with the discovery.", "", ("Biology", "Genetics")),
        (Kind.ORDER, "Put the phases of mitosis in order.", "", ("Biology", "Genetics")),
        (Kind.CLOZE, "Genes are made of {{1}} and sit on {{2}}.", "", ("Biology", "Genetics")),
        (Kind.CLOZE, "The {{1}} controls the cell; the {{2}} surrounds it.", "", ("Biology", "Genetics")),
        (Kind.TRUEFALSE, "Red blood cells carry oxygen.", "They hold haemoglobin.", ("Biology", "Genetics")),
    ]
    assert questions[6].choices == ("Prophase", "Metaphase", "Anaphase", "Telophase")
    assert [q.blanks for q in questions[7:9]] == [(("DNA",), ("chromosomes",)), (("nucleus",), ("membrane",))]
    assert questions[0].choices == ("Nucleus", "Mitochondrion", "Ribosome")
    assert questions[2].accepted == ("chlorophyll", "chlorophyl")


def test_the_new_kinds_from_moodle_canvas_and_gift_as_counted_by_hand() -> None:
    moodle = kept("moodle-xml-geography-cloze.xml").kept.deck.questions
    assert [(q.kind, q.blanks or tuple(sorted(q.answers))) for q in moodle] == [
        (Kind.CLOZE, (("Zambezi",), ("Zambia",), ("108",))),  # the right choice, the 100% answer, the number
        (Kind.CLOZE, (("Gaborone",), ("Lilongwe",))),
        (Kind.CLOZE, (("Kariba",), ("Zambezi",), ("Mozambique",))),  # [[4]] is the fourth option
        (Kind.CLOZE, (("summer",), ("dry",))),
        (Kind.CHOICE, (0, 2)),
        (Kind.MULTI, (0,)),
        (Kind.MULTI, (0, 1, 3)),
    ]
    assert moodle[0].prompt == (
        "Victoria Falls lies on the {{1}} river, between Zimbabwe and {{2}}.\n\nThe falls are about {{3}} metres high."
    )
    assert moodle[0].tags == ("Southern Africa",)
    canvas = kept("canvas-qti-dropdowns.xml").kept.deck.questions
    assert [(q.kind, q.prompt, q.blanks) for q in canvas[:2]] == [
        (Kind.CLOZE, "The symbol of sodium is {{1}} and the symbol of iron is {{2}}.", (("Na",), ("Fe",))),
        (Kind.CLOZE, "Helium is a {{1}} gas.", (("noble",),)),
    ]
    assert (canvas[2].kind, canvas[2].answers) == (Kind.CHOICE, {0, 2})
    gift = kept("moodle-gift-kinds.gift").kept.deck.questions
    assert [q.kind for q in gift] == [
        Kind.CHOICE,
        Kind.CLOZE,
        Kind.CLOZE,
        Kind.MULTI,
        Kind.MULTI,
        Kind.TRUEFALSE,
        Kind.TEXT,
    ]
    assert (gift[0].answers, gift[2].prompt, gift[2].blanks) == (
        {0, 1},
        "The speed of light is about 300 000 km per {{1}}, in a vacuum.",
        (("second", "sec", "s"),),
    )
    assert (gift[6].prompt, gift[6].accepted) == ("The red planet is", ("Mars",))
