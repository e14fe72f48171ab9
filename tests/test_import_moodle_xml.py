"""Moodle XML (`<quiz>`), question type by question type, and the hostile XML it must refuse in one sentence."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.bank.importers import Format, detect_format, import_deck, import_file
from bot.bank.importers.moodle_items import Answer, Gaps, Matching, NumberAnswer, Numeric, Ordering
from bot.bank.importers.moodle_xml import parse_moodle_xml
from bot.bank.models import Kind
from bot.bank.problems import DeckError
from bot.bank.tolerance import Tolerance
from tests.test_import_properties import answered

HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n'


def quiz(*questions: str) -> str:
    return HEAD + "\n".join(questions) + "\n</quiz>\n"


def question(kind: str, text: str, body: str = "", name: str = "Q", fmt: str = "html") -> str:
    return (
        f'<question type="{kind}"><name><text>{name}</text></name>'
        f'<questiontext format="{fmt}"><text>{text}</text></questiontext>{body}</question>'
    )


def answer(fraction: str, text: str, feedback: str = "") -> str:
    said = f"<feedback><text>{feedback}</text></feedback>" if feedback else ""
    return f'<answer fraction="{fraction}"><text>{text}</text>{said}</answer>'


TRUE = question("truefalse", "Is water wet?", answer("100", "true") + answer("0", "false"))


def kept(text: str, name: str = "quiz.xml"):  # type: ignore[no-untyped-def]
    imported, fmt = import_deck(text.encode(), name, deck_id="moodle")
    assert fmt is Format.MOODLE_XML
    return imported


def said(text: str, name: str = "quiz.xml") -> list[str]:
    outcome = import_file(text.encode(), name, deck_id="moodle", keep_valid=True)
    return [str(p) for p in outcome.problems]


def refusal(text: str | bytes, name: str = "quiz.xml") -> str:
    data = text.encode() if isinstance(text, str) else text
    with pytest.raises(DeckError) as caught:
        import_deck(data, name, deck_id="moodle")
    [problem] = caught.value.problems
    return str(problem)


# -- what a round plays ---------------------------------------------------------------------------------


def test_multichoice_with_one_right_answer_from_cdata_html() -> None:
    body = (
        "<generalfeedback><text><![CDATA[<p>It is <b>Harare</b>.</p>]]></text></generalfeedback>"
        "<single>true</single>"
        + answer("0", "<![CDATA[<p>Bulawayo</p>]]>")
        + answer("100", "<![CDATA[<p>Harare</p>]]>", "Yes")
        + answer("0", "Mutare")
    )
    [q] = kept(
        quiz(question("multichoice", "<![CDATA[<p>Capital of <i>Zimbabwe</i>?</p>]]>", body))
    ).deck.questions
    assert (q.kind, q.prompt, q.choices, q.answers) == (
        Kind.CHOICE,
        "Capital of Zimbabwe?",
        ("Bulawayo", "Harare", "Mutare"),
        {1},
    )
    assert q.explanation == "It is Harare."


def test_html_escaped_without_cdata_is_read_too() -> None:
    text = "&lt;p&gt;Is 2 &amp;lt; 3?&lt;/p&gt;"
    [q] = kept(quiz(question("truefalse", text, answer("100", "true") + answer("0", "false")))).deck.questions
    assert q.prompt == "Is 2 < 3?"


def test_true_false_with_the_right_answer_s_feedback_as_explanation() -> None:
    body = answer("0", "true", "No: it is a planet.") + answer(
        "100", "false", "Right: Pluto is a dwarf planet."
    )
    [q] = kept(quiz(question("truefalse", "Pluto is a major planet.", body))).deck.questions
    assert (q.kind, [q.choices[i] for i in q.answers]) == (Kind.TRUEFALSE, ["False"])
    assert q.explanation == "Right: Pluto is a dwarf planet."


def test_shortanswer_accepts_the_full_answers_and_drops_the_wildcard() -> None:
    body = (
        answer("100", "Lusaka")
        + answer("100", "Lusaka City")
        + answer("50", "Lusak")
        + answer("0", "*", "Try again")
    )
    [q] = kept(quiz(question("shortanswer", "Capital of Zambia?", body))).deck.questions
    assert (q.kind, q.accepted) == (Kind.TEXT, ("Lusaka", "Lusaka City"))


def test_plain_text_format_keeps_angle_brackets() -> None:
    [q] = kept(
        quiz(question("truefalse", "Is &lt;b&gt; a tag?", answer("100", "true"), fmt="plain_text"))
    ).deck.questions
    assert q.prompt == "Is <b> a tag?"


def test_categories_and_a_question_s_own_tags_become_tags() -> None:
    category = (
        '<question type="category"><category><text>$course$/top/Maths/Fractions</text></category></question>'
    )
    own = question(
        "truefalse",
        "Is 1/2 more than 1/3?",
        answer("100", "true") + "<tags><tag><text>form 2</text></tag></tags>",
    )
    [q] = kept(quiz(category, own)).deck.questions
    assert q.tags == ("Maths", "Fractions", "form 2")


# -- kept as data, set aside with one sentence each ---------------------------------------------------------


def test_multichoice_with_several_answers_is_a_multi_question() -> None:
    body = "<single>false</single>" + answer("50", "2") + answer("50", "4") + answer("-100", "3")
    [q] = kept(quiz(question("multichoice", "Which are even?", body))).deck.questions
    assert (q.kind, q.choices, q.answers) == (Kind.MULTI, ("2", "4", "3"), {0, 1})


def test_multichoice_with_every_answer_right_is_set_aside() -> None:
    body = "<single>false</single>" + answer("50", "2") + answer("50", "4")
    assert said(quiz(TRUE, question("multichoice", "Which are even?", body))) == [
        "quiz.xml:4: a multiple-answer question (several right answers to tick); Bvunzo cannot play those yet, "
        "so it was left out"
    ]


def test_numerical_keeps_its_number_tolerance_and_unit() -> None:
    body = (
        '<answer fraction="100"><text>9.81</text><tolerance>0.05</tolerance></answer>'
        '<answer fraction="0"><text>*</text></answer>'
        "<units><unit><multiplier>1</multiplier><unit_name>m/s²</unit_name></unit></units>"
    )
    text = quiz(TRUE, question("numerical", "Gravity at the surface?", body))
    [item] = [i for i in parse_moodle_xml(text, "g.xml").items if isinstance(i, Numeric)]
    assert (item.line, item.answers, item.unit) == (4, (NumberAnswer(9.81, 0.05),), "m/s²")
    _true, g = kept(text).deck.questions
    assert (g.kind, g.number, g.tolerance, g.unit) == (
        Kind.NUMBER,
        Decimal("9.81"),
        Tolerance(Decimal("0.05")),
        "m/s²",
    )


def test_matching_keeps_its_pairs_and_the_extra_answer() -> None:
    sub = '<subquestion format="html"><text>{}</text><answer><text>{}</text></answer></subquestion>'
    body = sub.format("Zambia", "Lusaka") + sub.format("Malawi", "Lilongwe") + sub.format("", "Gaborone")
    text = quiz(TRUE, question("matching", "Match the capitals.", body))
    [item] = [i for i in parse_moodle_xml(text, "m.xml").items if isinstance(i, Matching)]
    assert (item.pairs, item.extra) == ((("Zambia", "Lusaka"), ("Malawi", "Lilongwe")), ("Gaborone",))
    outcome = import_file(text.encode(), "quiz.xml", deck_id="moodle", keep_valid=True)
    assert outcome.kept is not None
    match = outcome.kept.deck.questions[1]
    assert (match.kind, match.pairs) == (Kind.MATCH, (("Zambia", "Lusaka"), ("Malawi", "Lilongwe")))
    assert [str(n) for n in outcome.notes] == [
        "quiz.xml:4: the matching question's extra answers that match nothing (Gaborone) were left out"
    ]


def test_ordering_keeps_its_items_in_their_right_order() -> None:
    body = (
        answer("2.0000000", "Metaphase") + answer("1.0000000", "Prophase") + answer("3.0000000", "Anaphase")
    )
    text = quiz(TRUE, question("ordering", "In order:", body))
    [item] = [i for i in parse_moodle_xml(text, "o.xml").items if isinstance(i, Ordering)]
    assert item.items == ("Prophase", "Metaphase", "Anaphase")
    assert said(text) == []
    kept = import_file(text.encode(), "quiz.xml", deck_id="moodle").kept
    assert kept is not None
    [ordered] = [q for q in kept.deck.questions if q.kind is Kind.ORDER]
    assert ordered.choices == ("Prophase", "Metaphase", "Anaphase")


@pytest.mark.parametrize(("kind", "option"), [("gapselect", "selectoption"), ("ddwtos", "dragbox")])
def test_gaps_keep_each_blank_s_answer_and_the_words_offered(kind: str, option: str) -> None:
    body = "".join(
        f"<{option}><text>{w}</text><group>1</group></{option}>" for w in ("Harare", "Zambezi", "Nile")
    )
    text = quiz(TRUE, question(kind, "The capital is [[1]]; the river is [[2]].", body))
    [item] = [i for i in parse_moodle_xml(text, "g.xml").items if isinstance(i, Gaps)]
    assert (item.prompt, item.blanks, item.offered) == (
        "The capital is {{1}}; the river is {{2}}.",
        (("Harare",), ("Zambezi",)),
        ("Harare", "Zambezi", "Nile"),
    )
    assert said(text) == []
    _true, cloze = kept(text).deck.questions
    assert (cloze.kind, cloze.prompt, cloze.blanks) == (
        Kind.CLOZE,
        "The capital is {{1}}; the river is {{2}}.",
        (("Harare",), ("Zambezi",)),
    )


def test_embedded_answers_are_read_as_blanks() -> None:
    text = quiz(TRUE, question("multianswer", "The capital is {1:SHORTANSWER:=Harare~%50%Salisbury}."))
    [item] = [i for i in parse_moodle_xml(text, "c.xml").items if isinstance(i, Gaps)]
    assert (item.prompt, item.blanks) == ("The capital is {{1}}.", (("Harare",),))


def test_essay_description_and_an_unknown_kind_are_set_aside() -> None:
    text = quiz(
        TRUE,
        question("essay", "Explain erosion."),
        question("description", "Read the map."),
        question("calculated", "What is {a} + {b}?"),
    )
    assert said(text) == [
        "quiz.xml:4: an essay question: it has no key to mark, so it was left out",
        "quiz.xml:5: a description, not a question, so it was left out",
        "quiz.xml:6: a question of the kind `calculated`, which Bvunzo cannot play, so it was left out",
    ]


def test_an_embedded_image_is_refused_naming_the_question() -> None:
    text = '<![CDATA[<p>What is shown?</p><img src="@@PLUGINFILE@@/map.png">]]>'
    body = '<file name="map.png" path="/" encoding="base64">iVBORw0KGgo=</file>'
    pictured = question("truefalse", text, answer("100", "true"), name="Map of Africa").replace(
        "</text></questiontext>", f"</text>{body}</questiontext>"
    )
    assert said(quiz(TRUE, pictured)) == [
        "quiz.xml:4: the question “Map of Africa” shows an image from the file (map.png), which Bvunzo cannot "
        "keep, so it was left out; put the image at an https:// address and give it as the question's `image`"
    ]


def test_an_image_at_an_https_address_is_kept_as_the_question_s_image() -> None:
    text = '<![CDATA[<p>Which bird?</p><img src="https://example.org/hornbill.png">]]>'
    [q] = kept(quiz(question("truefalse", text, answer("100", "true")))).deck.questions
    assert (q.prompt, q.image) == ("Which bird?", "https://example.org/hornbill.png")


def test_answers_are_kept_as_data_with_their_grades_and_feedback() -> None:
    body = "<single>true</single>" + answer("100", "Jupiter", "Yes") + answer("33.33333", "Saturn")
    [item] = parse_moodle_xml(quiz(question("multichoice", "Largest?", body)), "x.xml").items
    assert item.answers == (Answer("Jupiter", 100.0, "Yes"), Answer("Saturn", 33.33333))  # type: ignore[attr-defined]


# -- broken and hostile files --------------------------------------------------------------------------------


def test_a_true_false_without_a_right_answer_is_left_out() -> None:
    assert said(quiz(TRUE, question("truefalse", "Hm?", answer("0", "true")))) == [
        "quiz.xml:4: a true/false question marks neither `true` nor `false` right (100%)"
    ]


def test_malformed_xml_is_named_with_its_line() -> None:
    assert refusal(HEAD + "<question>\n<name></question>\n") == (
        "quiz.xml:4: this is not well-formed XML: mismatched tag"
    )


def test_xml_that_is_not_a_quiz() -> None:
    assert refusal('<?xml version="1.0"?>\n<rss><channel/></rss>', "feed.xml") == (
        "feed.xml:2: this XML is not a Moodle quiz: its first element is `<rss>`, not `<quiz>`; export the "
        "questions from Moodle's question bank as Moodle XML"
    )


BILLION_LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE quiz [\n <!ENTITY lol "lol">\n'
    + "".join(
        f' <!ENTITY lol{n} "{f"&lol{n - 1};" * 10 if n > 1 else "&lol;" * 10}">\n' for n in range(1, 10)
    )
    + "]>\n<quiz>&lol9;</quiz>\n"
)


def test_a_billion_laughs_is_refused_without_expanding() -> None:
    assert refusal(BILLION_LAUGHS, "bomb.xml") == (
        "bomb.xml:3: the XML declares entities (`<!ENTITY`), which can expand without end or read other files; "
        "a quiz exported from Moodle or Canvas needs none, so the file was refused"
    )


def test_an_external_entity_is_refused_and_never_read() -> None:
    text = '<?xml version="1.0"?>\n<!DOCTYPE quiz [\n<!ENTITY secret SYSTEM "file:///etc/passwd">\n]>\n<quiz>&secret;</quiz>'
    assert refusal(text, "xxe.xml") == (
        "xxe.xml:3: the XML declares entities (`<!ENTITY`), which can expand without end or read other files; "
        "a quiz exported from Moodle or Canvas needs none, so the file was refused"
    )


def test_an_external_document_type_is_refused_and_never_fetched() -> None:
    text = '<?xml version="1.0"?>\n<!DOCTYPE quiz SYSTEM "http://127.0.0.1:9/quiz.dtd">\n<quiz></quiz>'
    assert refusal(text, "dtd.xml") == (
        "dtd.xml:2: the XML refers to another file or address (http://127.0.0.1:9/quiz.dtd), which Bvunzo never "
        "opens; a quiz exported from Moodle or Canvas needs none, so remove the reference"
    )


def test_a_declared_code_page_does_not_misread_the_text() -> None:
    text = (
        '<?xml version="1.0" encoding="ISO-8859-1"?>\n<quiz>'
        + TRUE.replace("Is water wet?", "Ndizvo here, café?")
        + "</quiz>"
    )
    [q] = kept(text).deck.questions
    assert q.prompt == "Ndizvo here, café?"


def test_a_file_over_the_size_cap_is_refused_unread() -> None:
    data = (HEAD + "<!--" + "x" * (4 * 1024 * 1024) + "-->\n</quiz>").encode()
    assert refusal(data, "big.xml") == (
        "big.xml: the file is 4097 KiB; a deck may be at most 4096 KiB, so split it into several decks"
    )


def test_a_bank_of_two_thousand_questions_over_a_text_decks_cap_imports() -> None:
    # As Moodle exports a bank, feedback blocks and all, near 900 bytes a question: 2,000 are 1.8 MB, over
    # the 1 MiB a text deck may be, within the 4 MiB an export may be.
    one = (
        '<question type="multichoice"><name><text>Q{n}</text></name>'
        '<questiontext format="html"><text><![CDATA[<p>Which river is number {n}?</p>]]></text></questiontext>'
        '<generalfeedback format="html"><text><![CDATA[<p>The Zambezi is the fourth-longest river in '
        "Africa; number {n} of the bank.</p>]]></text></generalfeedback><defaultgrade>1.0000000</defaultgrade>"
        "<penalty>0.3333333</penalty><hidden>0</hidden><idnumber></idnumber><shuffleanswers>true</shuffleanswers>"
        "<answernumbering>abc</answernumbering><showstandardinstruction>0</showstandardinstruction>"
        '<correctfeedback format="html"><text>Your answer is correct.</text></correctfeedback>'
        '<incorrectfeedback format="html"><text>Your answer is incorrect.</text></incorrectfeedback>'
        "<single>true</single>"
        '<answer fraction="100" format="html"><text>Zambezi {n}</text></answer>'
        '<answer fraction="0" format="html"><text>Limpopo {n}</text></answer>'
        '<answer fraction="0" format="html"><text>Save {n}</text></answer></question>\n'
    )
    data = (HEAD + "".join(one.format(n=n) for n in range(2_000)) + "</quiz>").encode()
    assert 1024 * 1024 < len(data) < 4 * 1024 * 1024
    questions = kept(data.decode()).deck.questions
    assert len(questions) == 2_000
    assert (questions[-1].prompt, questions[-1].choices[0]) == ("Which river is number 1999?", "Zambezi 1999")


def test_ten_thousand_questions_are_refused_in_one_sentence() -> None:
    one = '<question type="truefalse"><questiontext><text>Q{n}?</text></questiontext><answer fraction="100"><text>true</text></answer></question>\n'
    data = (HEAD + "".join(one.format(n=n) for n in range(10_000)) + "</quiz>").encode()
    assert refusal(data, "many.xml") == (
        "many.xml: the file has 10000 questions; at most 5000 fit in one deck, so split it into several files"
    )
    small = '<question type="truefalse"><questiontext><text>{n}</text></questiontext></question>\n'
    data = (HEAD + "".join(small.format(n=n) for n in range(10_000)) + "</quiz>").encode()
    assert refusal(data, "many.xml") == (
        "many.xml: the file has 10000 questions; at most 5000 fit in one deck, so split it into several files"
    )


def test_a_hundred_thousand_elements_are_refused_early() -> None:
    assert refusal("<quiz>\n" + "<a/>" * 100_001 + "</quiz>", "wide.xml") == (
        "wide.xml:2: the XML has more than 100000 elements; a deck is far smaller"
    )


def test_deep_nesting_is_refused() -> None:
    assert refusal("<quiz>\n" + "<a>" * 40 + "</a>" * 40 + "</quiz>", "deep.xml") == (
        "deep.xml:2: the XML is nested too deeply to be a deck"
    )


@pytest.mark.parametrize(
    ("text", "name"),
    [(HEAD + "</quiz>", "upload"), ("<quiz>\n</quiz>", "upload"), ("<quiz/>", "x.xml"), ("<rss/>", "x.xml")],
)
def test_moodle_xml_is_detected_by_its_start_or_its_extension(text: str, name: str) -> None:
    assert detect_format(text, name) is Format.MOODLE_XML


# -- whatever the file holds -------------------------------------------------------------------------------------

PIECES = st.sampled_from(
    ["<quiz>", "</quiz>", '<question type="multichoice">', '<question type="truefalse">',
     '<question type="category">', '<question type="numerical">', "</question>", "<questiontext>",
     "</questiontext>", "<text>", "</text>", '<answer fraction="100">', '<answer fraction="x">', "</answer>",
     "<single>false</single>", "<![CDATA[<p>a</p>]]>", "&amp;", "&lol;", "<!ENTITY a 'b'>", "<!DOCTYPE quiz [",
     "]>", "[[1]]", "<selectoption>", "</selectoption>", "@@PLUGINFILE@@/x.png", "<file name='a'>", "</file>",
     "true", "false", "Harare", "\n", " ", "<", ">", "é"]
)  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(PIECES, max_size=80), st.booleans())
def test_any_xml_shaped_text_gives_questions_or_sentences(pieces: list[str], declared: bool) -> None:
    text = ('<?xml version="1.0"?>\n' if declared else "") + "".join(pieces)
    answered(import_file(text.encode(), "any.xml", deck_id="x"))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2000))
def test_any_bytes_named_xml(data: bytes) -> None:
    answered(import_file(data, "any.xml", deck_id="x", fmt=Format.MOODLE_XML))


# -- the kinds that became playable: blanks, and several right answers ----------------------------------


def test_one_to_pick_with_two_answers_at_100_is_a_choice_with_both_right() -> None:
    body = (
        "<single>true</single>" + answer("100", "Harare") + answer("0", "Lusaka") + answer("100", "Salisbury")
    )
    [q] = kept(quiz(question("multichoice", "Zimbabwe's capital, then and now?", body))).deck.questions
    assert (q.kind, q.choices, q.answers) == (Kind.CHOICE, ("Harare", "Lusaka", "Salisbury"), {0, 2})


def test_boxes_to_tick_with_one_right_are_a_multi_question() -> None:
    body = "<single>false</single>" + answer("100", "7") + answer("-100", "8") + answer("-100", "9")
    [q] = kept(quiz(question("multichoice", "Which are prime?", body))).deck.questions
    assert (q.kind, q.choices, q.answers) == (Kind.MULTI, ("7", "8", "9"), {0})


def test_embedded_answers_of_three_kinds_are_a_cloze_question() -> None:
    text = (
        "<![CDATA[<p>{1:SHORTANSWER:=Harare~=harare~%50%Salisbury#close} is on the "
        "{1:MULTICHOICE:Limpopo#no~=Zambezi\\~river~Nile} at {2:NUMERICAL:=1490:10#about right~%0%100}"
        " m; {1:SA:=a \\} b \\# c}.</p>]]>"
    )
    [q] = kept(quiz(question("cloze", text))).deck.questions
    assert (q.kind, q.prompt, q.blanks) == (
        Kind.CLOZE,
        "{{1}} is on the {{2}} at {{3}} m; {{4}}.",
        (("Harare",), ("Zambezi~river",), ("1490",), ("a } b # c",)),
    )


def test_embedded_boxes_to_tick_and_too_many_gaps_are_set_aside() -> None:
    ticks = question("multianswer", "Even: {1:MULTIRESPONSE:=2~=4~3}.")
    options = "".join(f"<selectoption><text>w{n}</text><group>1</group></selectoption>" for n in range(6))
    six = question("gapselect", " ".join(f"[[{n}]]" for n in range(1, 7)), options)
    assert said(quiz(TRUE, ticks, six)) == [
        "quiz.xml:4: a question with blanks Bvunzo cannot play (boxes to tick in a blank, or blanks its text "
        "does not mark), so it was left out",
        "quiz.xml:5: the prompt has 6 blanks; at most 5 fit in Discord's answer form, so split it",
    ]


# The marks of embedded answers and gaps, so a generated text gets past the XML into the blanks' reader.
BLANK_PIECES = st.sampled_from(
    ["{", "}", "{1:", ":", "SHORTANSWER:", "NUMERICAL:", "MULTICHOICE:", "MULTIRESPONSE:", "SA:", "=", "~",
     "%100%", "%50%", "#", "\\", "\\}", "Harare", "9.81", ":0.1", " ", "[[1]]", "[[2]]", "[[0]]", "[[9]]"]
)  # fmt: skip


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(BLANK_PIECES, max_size=60), st.sampled_from(["cloze", "multianswer", "gapselect", "ddwtos"]))
def test_any_text_of_blanks_gives_questions_or_sentences(pieces: list[str], kind: str) -> None:
    option = "<selectoption><text>w</text><group>1</group></selectoption>"
    body = option.replace("selectoption", "dragbox") if kind == "ddwtos" else option
    text = quiz(question(kind, "<![CDATA[" + "".join(pieces) + "]]>", body * 2))
    answered(import_file(text.encode(), "blanks.xml", deck_id="x"))
