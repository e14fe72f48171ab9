"""Canvas quiz exports in QTI 1.2: a zip of imsmanifest.xml and one `<questestinterop>` per quiz, or one
such XML; every Canvas question type, and the hostile files it must refuse in one sentence.

The documents are written here from QTI 1.2's structure as Canvas uses it: `<assessment>` of
`<section>` of `<item>`, the kind in `<qtimetadata>` (`question_type`), choices as `<response_label>`,
the right one named by the `<respcondition>` whose `<setvar>` is 100, feedback as `<itemfeedback>`.
"""

from __future__ import annotations

import io
import itertools
import zipfile
from decimal import Decimal
from html import escape

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.bank.importers import Format, detect_format, import_file
from bot.bank.models import Kind
from bot.bank.tolerance import Tolerance
from tests.test_import_properties import answered

NS = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2"
IDENTS = itertools.count(1)


def text(words: str, html: bool = False) -> str:
    kind = "text/html" if html else "text/plain"
    return f'<mattext texttype="{kind}">{escape(words)}</mattext>'


def labels(*choices: tuple[str, str]) -> str:
    return "".join(
        f'<response_label ident="{i}"><material>{text(w)}</material></response_label>' for i, w in choices
    )


def choice_lid(*choices: tuple[str, str], ident: str = "response1", prompt: str = "") -> str:
    said = f"<material>{text(prompt)}</material>" if prompt else ""
    return f'<response_lid ident="{ident}" rcardinality="Single">{said}<render_choice>{labels(*choices)}</render_choice></response_lid>'


def scored(condition: str, points: str = "100", action: str = "Set") -> str:
    return (
        f'<respcondition continue="No"><conditionvar>{condition}</conditionvar>'
        f'<setvar action="{action}" varname="SCORE">{points}</setvar></respcondition>'
    )


def equal(value: str, respident: str = "response1") -> str:
    return f'<varequal respident="{respident}">{value}</varequal>'


def feedback(ident: str, words: str) -> str:
    return f'<itemfeedback ident="{ident}"><flow_mat><material>{text(words, html=True)}</material></flow_mat></itemfeedback>'


def item(
    kind: str, prompt: str, response: str = "", conditions: str = "", extra: str = "", html: bool = True
) -> str:
    return (
        f'<item ident="i{next(IDENTS)}" title="Question">\n'
        "<itemmetadata><qtimetadata>"
        f"<qtimetadatafield><fieldlabel>question_type</fieldlabel><fieldentry>{kind}</fieldentry></qtimetadatafield>"
        "<qtimetadatafield><fieldlabel>points_possible</fieldlabel><fieldentry>1.0</fieldentry></qtimetadatafield>"
        "</qtimetadata></itemmetadata>"
        f"<presentation><material>{text(prompt, html)}</material>{response}</presentation>"
        '<resprocessing><outcomes><decvar maxvalue="100" minvalue="0" varname="SCORE" vartype="Decimal"/></outcomes>'
        f"{conditions}</resprocessing>{extra}\n</item>\n"
    )


def document(title: str, *items: str) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<questestinterop xmlns="{NS}">\n<assessment ident="g1" title="{title}">\n'
        '<section ident="root_section">\n'
        + "".join(items)
        + "</section>\n</assessment>\n</questestinterop>\n"
    )


FIB = '<response_str ident="response1" rcardinality="Single"><render_fib><response_label ident="answer1"/></render_fib></response_str>'
NUM = FIB.replace("<render_fib>", '<render_fib fibtype="Decimal">')

# One item of every type Canvas exports, in order (line numbers are each <item>'s): ten kept (a
# multiple-answer item with one right choice as a multi, pairs as a match, dropdowns as a cloze), four set
# aside, one broken.
ITEMS = [
    item(  # kept: choice, HTML read as text, general feedback as the explanation
        "multiple_choice_question",
        "<p>Which gas do plants <strong>take in</strong>?</p>",
        choice_lid(("1", "Oxygen"), ("2", "Carbon dioxide"), ("3", "Helium")),
        '<respcondition continue="Yes"><conditionvar><other/></conditionvar>'
        '<displayfeedback feedbacktype="Response" linkrefid="general_fb"/></respcondition>'
        + scored(equal("2")),
        feedback("general_fb", "<p>Photosynthesis uses CO<sub>2</sub>.</p>"),
    ),
    item(  # kept: true/false, the right answer's feedback as the explanation
        "true_false_question",
        "The Sun is a star.",
        choice_lid(("t1", "True"), ("t2", "False")),
        scored(equal("t1")),
        feedback("correct_fb", "It is a G-type star."),
        html=False,
    ),
    item(  # kept: typed text, every <varequal> accepted
        "short_answer_question",
        "Name the largest planet.",
        FIB,
        scored(equal("Jupiter") + equal("jupiter") + equal("Jupitor")),
    ),
    item(  # kept: an exact number, as Canvas writes it (the value, and the same as both bounds)
        "numerical_question",
        "How many legs has a spider?",
        NUM,
        scored(
            f'<or>{equal("8.0")}<and><vargte respident="response1">8.0</vargte>'
            '<varlte respident="response1">8.0</varlte></and></or>'
        ),
    ),
    item(  # kept: a range, as its middle and half its width
        "numerical_question",
        "Give g in m/s² to within a range.",
        NUM,
        scored('<vargte respident="response1">9.7</vargte><varlte respident="response1">9.9</varlte>'),
    ),
    item(  # kept: boxes to tick, as Canvas shows them, though only one is right
        "multiple_answers_question",
        "Which of these is a mammal?",
        choice_lid(("a", "Whale"), ("b", "Shark"), ("c", "Trout")).replace("Single", "Multiple"),
        scored(f"<and>{equal('a')}<not>{equal('b')}</not><not>{equal('c')}</not></and>"),
    ),
    item(  # kept: several right answers to tick, a multi question
        "multiple_answers_question",
        "Which of these are noble gases?",
        choice_lid(("a", "Neon"), ("b", "Argon"), ("c", "Nitrogen")).replace("Single", "Multiple"),
        scored(f"<and>{equal('a')}{equal('b')}<not>{equal('c')}</not></and>"),
    ),
    item(  # kept: pairs to match, a match question
        "matching_question",
        "Match each country to its capital.",
        choice_lid(("m1", "Harare"), ("m2", "Lusaka"), ident="r_zw", prompt="Zimbabwe")
        + choice_lid(("m1", "Harare"), ("m2", "Lusaka"), ident="r_zm", prompt="Zambia"),
        scored(equal("m1", "r_zw"), "50.00", "Add") + scored(equal("m2", "r_zm"), "50.00", "Add"),
    ),
    item(  # kept: a word to pick for each blank, a cloze question (each typed)
        "multiple_dropdowns_question",
        "Water boils at [temp] degrees at [place].",
        choice_lid(("d1", "100"), ("d2", "90"), ident="response_temp")
        + choice_lid(("d3", "sea level"), ("d4", "altitude"), ident="response_place"),
        scored(equal("d1", "response_temp"), "50", "Add")
        + scored(equal("d3", "response_place"), "50", "Add"),
    ),
    item(  # kept: blanks to type, a cloze question
        "fill_in_multiple_blanks_question",
        "Roses are [c1], violets are [c2].",
        choice_lid(("f1", "red"), ident="response_c1") + choice_lid(("f2", "blue"), ident="response_c2"),
        scored(equal("f1", "response_c1"), "50", "Add") + scored(equal("f2", "response_c2"), "50", "Add"),
    ),
    item("essay_question", "Explain the water cycle.", FIB),  # set aside: no key
    item("file_upload_question", "Upload your lab report.", ""),  # set aside
    item("calculated_question", "What is [x] + [y]?", FIB),  # set aside
    item("text_only_question", "The next questions are about the sea.", ""),  # set aside: no question
    item("multiple_choice_question", "Which is right?", choice_lid(("1", "This"), ("2", "That"))),  # broken
]
EXPORT = document("Science week 3", *ITEMS)
ITEM_LINES = [n for n, line in enumerate(EXPORT.split("\n"), 1) if line.startswith("<item ")]


def package(*documents: tuple[str, str], manifest: bool = True) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        if manifest:
            archive.writestr("imsmanifest.xml", '<?xml version="1.0"?>\n<manifest identifier="m1"/>\n')
        for name, body in documents:
            folder = name.removesuffix(".xml")
            archive.writestr(f"{folder}/{name}", body)
            archive.writestr(
                f"{folder}/assessment_meta.xml", '<quiz identifier="g1"><title>Settings</title></quiz>'
            )
        archive.writestr("non_cc_assessments/g1.xml.qti", documents[0][1] if documents else "")
    return out.getvalue()


def test_every_canvas_question_type_is_kept_or_said_by_hand_count() -> None:
    outcome = import_file(package(("g1.xml", EXPORT)), "science.zip", deck_id="science", keep_valid=True)
    assert outcome.fmt is Format.QTI and outcome.kept is not None
    deck = outcome.kept.deck
    assert deck.title == "Science week 3"
    assert [q.kind for q in deck.questions] == [
        Kind.CHOICE,
        Kind.TRUEFALSE,
        Kind.TEXT,
        Kind.NUMBER,
        Kind.NUMBER,
        Kind.MULTI,
        Kind.MULTI,
        Kind.MATCH,
        Kind.CLOZE,
        Kind.CLOZE,
    ]
    where = "science.zip/g1/g1.xml"
    assert [str(p) for p in outcome.problems] == [
        f"{where}:{ITEM_LINES[10]}: an essay question: it has no key to mark, so it was left out",
        f"{where}:{ITEM_LINES[11]}: a question of the kind `file_upload_question`, which Bvunzo cannot play, so it "
        "was left out",
        f"{where}:{ITEM_LINES[12]}: a question of the kind `calculated_question`, which Bvunzo cannot play, so it "
        "was left out",
        f"{where}:{ITEM_LINES[13]}: a description, not a question, so it was left out",
        f"{where}:{ITEM_LINES[14]}: no answer is marked right: no `<respcondition>` of the item sets the score to "
        "100 for one",
    ]
    assert outcome.headline == (
        "Imported 10 questions; 1 could not be imported and is listed. 4 items are not questions a round can play."
    )


def test_html_feedback_and_answers_are_read_as_the_card_shows_them() -> None:
    deck = import_file(EXPORT.encode(), "science.xml", deck_id="science", keep_valid=True).kept
    assert deck is not None
    gas, sun, planet, legs, g, mammal, gases, _match, water, roses = deck.deck.questions
    assert (gas.prompt, gas.choices, gas.answers) == (
        "Which gas do plants take in?",
        ("Oxygen", "Carbon dioxide", "Helium"),
        frozenset({1}),
    )
    assert gas.explanation == "Photosynthesis uses CO2."
    assert (sun.kind, sun.answers, sun.explanation) == (
        Kind.TRUEFALSE,
        frozenset({0}),
        "It is a G-type star.",
    )
    assert planet.accepted == ("Jupiter", "Jupitor")  # `jupiter` is the same answer typed in any case
    assert (legs.number, legs.tolerance) == (Decimal("8.0"), Tolerance())
    assert (g.number, g.tolerance) == (Decimal("9.8"), Tolerance(Decimal("0.1")))
    assert (mammal.kind, mammal.choices, mammal.answers) == (
        Kind.MULTI,
        ("Whale", "Shark", "Trout"),
        frozenset({0}),
    )
    assert (water.kind, water.prompt, water.blanks) == (
        Kind.CLOZE,
        "Water boils at {{1}} degrees at {{2}}.",
        (("100",), ("sea level",)),
    )
    assert (gases.kind, gases.choices, gases.answers) == (
        Kind.MULTI,
        ("Neon", "Argon", "Nitrogen"),
        frozenset({0, 1}),
    )
    assert (roses.kind, roses.prompt, roses.blanks) == (
        Kind.CLOZE,
        "Roses are {{1}}, violets are {{2}}.",
        (("red",), ("blue",)),
    )


def test_a_single_xml_is_detected_and_read_as_qti() -> None:
    assert detect_format(EXPORT, "quiz.xml") is Format.QTI
    outcome = import_file(EXPORT.encode(), "quiz.xml", deck_id="q", keep_valid=True)
    assert outcome.fmt is Format.QTI and outcome.problems[0].file == "quiz.xml"
    assert outcome.read_as() == "Read as a Canvas quiz export (QTI 1.2)."


def test_two_quizzes_in_one_export_make_one_deck_named_after_the_first() -> None:
    second = document("Science week 4", ITEMS[1])
    outcome = import_file(
        package(("g1.xml", document("Week 3", ITEMS[0])), ("g2.xml", second)), "course.zip", deck_id="c"
    )
    assert outcome.kept is not None and outcome.kept.deck.title == "Week 3"
    assert [q.kind for q in outcome.kept.deck.questions] == [Kind.CHOICE, Kind.TRUEFALSE]
    assert [str(n) for n in outcome.notes] == [
        "course.zip: the export holds 2 quizzes; their questions were read into one deck, named after the first"
    ]


def test_a_zip_without_a_quiz_or_manifest_is_said_in_one_sentence() -> None:
    bare = package(("notes.xml", "<notes/>"))
    assert [str(p) for p in import_file(bare, "c.zip", deck_id="c").problems] == [
        "c.zip: the zip holds no quiz: none of its XML files is a QTI `<questestinterop>`; export the quiz from "
        "Canvas (Settings, Export Course Content, Quiz)"
    ]
    # Without imsmanifest.xml a zip is none Bvunzo reads by itself, unless the format is given.
    loose = package(("g1.xml", EXPORT), manifest=False)
    assert (
        import_file(loose, "c.zip", deck_id="c")
        .problems[0]
        .message.startswith("the file is a zip archive, but")
    )
    assert import_file(loose, "c.zip", deck_id="c", fmt=Format.QTI, keep_valid=True).kept is not None


BILLION_LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE questestinterop [\n<!ENTITY a "aaaaaaaaaa">\n'
    + "".join(f'<!ENTITY {chr(98 + n)} "{("&" + chr(97 + n) + ";") * 10}">\n' for n in range(9))
    + "]>\n<questestinterop>&j;</questestinterop>\n"
)
ENTITIES = (
    "the XML declares entities (`<!ENTITY`), which can expand without end or read other files; a quiz exported "
    "from Moodle or Canvas needs none, so the file was refused"
)


def test_a_billion_laughs_is_refused_without_expanding() -> None:
    assert [str(p) for p in import_file(BILLION_LAUGHS.encode(), "bomb.xml", deck_id="b").problems] == [
        f"bomb.xml:3: {ENTITIES}"
    ]
    zipped = package(("g1.xml", BILLION_LAUGHS))
    assert [str(p) for p in import_file(zipped, "bomb.zip", deck_id="b").problems] == [
        f"bomb.zip/g1/g1.xml:3: {ENTITIES}"
    ]


def test_an_external_entity_is_refused_and_never_read() -> None:
    xxe = (
        '<?xml version="1.0"?>\n<!DOCTYPE questestinterop [\n<!ENTITY secret SYSTEM "file:///etc/passwd">\n]>\n'
        "<questestinterop><assessment title='&secret;'/></questestinterop>"
    )
    problems = import_file(xxe.encode(), "xxe.xml", deck_id="x").problems
    assert [str(p) for p in problems] == [f"xxe.xml:3: {ENTITIES}"]
    assert "root:" not in problems[0].message


BOMB = (
    "bomb.zip: the zip unpacks to far more than a quiz export holds (a zip bomb?), so it was not opened; export "
    "the quiz from Canvas again"
)


def test_a_zip_bomb_is_refused_before_it_is_unpacked() -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("imsmanifest.xml", "<manifest/>")
        archive.writestr("g1/g1.xml", b" " * (40 * 1024 * 1024))  # packs to some 40 KiB
    assert [str(p) for p in import_file(out.getvalue(), "bomb.zip", deck_id="b").problems] == [BOMB]


def test_entries_that_pack_well_are_refused_over_the_xml_read_in_all() -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("imsmanifest.xml", "<manifest/>")
        for n in range(20):  # 20 entries of 1 MiB each, each under the packing ratio's floor
            archive.writestr(f"g{n}/g{n}.xml", b" " * (1024 * 1024))
    assert [str(p) for p in import_file(out.getvalue(), "bomb.zip", deck_id="b").problems] == [BOMB]


def test_ten_thousand_items_are_refused_in_one_sentence() -> None:
    many = document("Many", *(f'<item ident="i{n}"/>\n' for n in range(10_000)))
    for data, name in ((many.encode(), "many.xml"), (package(("g1.xml", many)), "many.zip")):
        assert [str(p) for p in import_file(data, name, deck_id="m").problems] == [
            f"{name}: the file has 10000 questions; at most 5000 fit in one deck, so split it into several files"
        ]


def test_an_image_from_the_course_files_is_set_aside_and_an_https_one_kept() -> None:
    stored = item(
        "true_false_question",
        '<p>Is this a cell?</p><img src="$IMS-CC-FILEBASE$/Uploaded Media/cell.png">',
        choice_lid(("t", "True"), ("f", "False")),
        scored(equal("t")),
    )
    shown = stored.replace("$IMS-CC-FILEBASE$/Uploaded Media/cell.png", "https://example.org/cell.png")
    outcome = import_file(
        document("Cells", stored, shown).encode(), "cells.xml", deck_id="c", keep_valid=True
    )
    assert outcome.kept is not None
    assert [q.image for q in outcome.kept.deck.questions] == ["https://example.org/cell.png"]
    assert outcome.problems[0].message.startswith(
        "the question “Question” shows an image from the file ($IMS-CC-FILEBASE$/Uploaded Media/cell.png)"
    )


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ('<vargte respident="r">high</vargte><varlte respident="r">9</varlte>', "is not a number or a range"),
        ('<vargte respident="r">9</vargte><varlte respident="r">1</varlte>', "is not a number or a range"),
        ("<other/>", "no answer is marked right"),
    ],
)
def test_a_numerical_answer_that_is_no_number_is_left_out_with_its_line(body: str, reason: str) -> None:
    broken = item("numerical_question", "How many?", NUM, scored(body))
    fine = item("numerical_question", "How few?", NUM, scored(equal("1")))
    outcome = import_file(document("N", broken, fine).encode(), "n.xml", deck_id="n", keep_valid=True)
    assert outcome.problems[0].line == 5 and reason in outcome.problems[0].message


def unopenable(data: bytes, how: str) -> bytes:
    """The zip with its first entry needing zip version 6.4, or packed by a method zipfile lacks (99).

    zipfile raises NotImplementedError (not BadZipFile) for either: the first on opening the zip (the
    central directory's "version needed to extract", offset 6 of its entry), the second on reading it.
    """
    changed = bytearray(data)
    central = changed.index(b"PK\x01\x02")
    if how == "version":
        assert changed[central + 6] == 20  # what zipfile writes for a deflated entry
        changed[central + 6] = 64
    else:  # the method, in the central directory (offset 10) and in the entry's own header (offset 8)
        changed[central + 10 : central + 12] = changed[8:10] = (99).to_bytes(2, "little")
    return bytes(changed)


BROKEN = (
    "quiz.zip: the file is not a zip Bvunzo can open; export the quiz from Canvas again, or upload its .xml"
)


@pytest.mark.parametrize("how", ["version", "method"])
def test_a_zip_made_by_a_newer_version_or_method_gets_one_sentence(how: str) -> None:
    data = unopenable(package(("g1.xml", EXPORT)), how)
    assert [str(p) for p in import_file(data, "quiz.zip", deck_id="x", fmt=Format.QTI).problems] == [BROKEN]
    detected = [str(p) for p in import_file(data, "quiz.zip", deck_id="x").problems]
    # A directory zipfile cannot read names no manifest: the zip is said to be none Bvunzo reads.
    expected = (
        [BROKEN]
        if how == "method"
        else [
            "quiz.zip: the file is a zip archive, but none Bvunzo reads (an Excel workbook, a Canvas quiz export, an "
            "Anki package), or one it cannot open; export it again, or choose its format with the format option"
        ]
    )
    assert detected == expected


SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.binary(max_size=2000), st.sampled_from([None, Format.QTI]))
def test_any_bytes_get_questions_or_one_sentence(data: bytes, fmt: Format | None) -> None:
    answered(import_file(data, "upload", deck_id="x", fmt=fmt))
    answered(import_file(b"PK\x03\x04" + data, "upload.zip", deck_id="x", fmt=fmt))


@SETTINGS
@given(st.integers(0, len(EXPORT) - 1), st.integers(1, 60), st.sampled_from(["", "<", ">", "&", '"', "\0"]))
def test_an_export_cut_or_changed_gets_questions_or_sentences(at: int, cut: int, put: str) -> None:
    changed = EXPORT[:at] + put + EXPORT[at + cut :]
    answered(import_file(changed.encode(), "quiz.xml", deck_id="x"))
    answered(import_file(package(("g1.xml", changed)), "quiz.zip", deck_id="x"))


def test_more_blanks_than_the_answer_form_holds_are_set_aside() -> None:
    names = [f"b{n}" for n in range(1, 7)]
    six = item(
        "fill_in_multiple_blanks_question",
        " ".join(f"[{name}]" for name in names),
        "".join(choice_lid((f"f{n}", name), ident=f"response_{name}") for n, name in enumerate(names)),
        "".join(scored(equal(f"f{n}", f"response_{name}"), "10", "Add") for n, name in enumerate(names)),
    )
    roses = ITEMS[9]
    outcome = import_file(document("Blanks", six, roses).encode(), "b.xml", deck_id="b", keep_valid=True)
    assert outcome.kept is not None and [q.kind for q in outcome.kept.deck.questions] == [Kind.CLOZE]
    assert [p.message for p in outcome.problems] == [
        "the prompt has 6 blanks; at most 5 fit in Discord's answer form, so split it"
    ]
