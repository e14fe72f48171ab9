"""Moodle's GIFT format, construct by construct: what is kept, what is set aside, and the sentence for each."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.bank.importers import Format, detect_format, import_deck, import_file
from bot.bank.importers.gift import parse_gift
from bot.bank.importers.moodle_items import (
    Answer,
    Broken,
    Choice,
    Description,
    Essay,
    Matching,
    NumberAnswer,
    Numeric,
    ShortAnswer,
    TrueFalse,
)
from bot.bank.models import Kind
from bot.bank.problems import DeckError
from bot.bank.tolerance import EXACT, Tolerance
from tests.test_import_properties import answered


def kept(text: str, name: str = "quiz.gift"):  # type: ignore[no-untyped-def]
    imported, fmt = import_deck(text.encode(), name, deck_id="gift")
    assert fmt is Format.GIFT
    return imported


def said(text: str, name: str = "quiz.gift") -> list[str]:
    """Every sentence an import says about its questions: left out and set aside, by line."""
    outcome = import_file(text.encode(), name, deck_id="gift", keep_valid=True)
    return [str(p) for p in outcome.problems]


# -- what a round plays --------------------------------------------------------------------------------


def test_multiple_choice_with_one_right_answer_and_its_feedback() -> None:
    [q] = kept(
        "Who wrote Nehanda? {=Yvonne Vera#Yes, in 1993. ~Tsitsi Dangarembga ~Chenjerai Hove}"
    ).deck.questions
    assert (q.kind, q.prompt, q.choices, q.answers) == (
        Kind.CHOICE,
        "Who wrote Nehanda?",
        ("Yvonne Vera", "Tsitsi Dangarembga", "Chenjerai Hove"),
        {0},
    )
    assert q.explanation == "Yes, in 1993."


def test_answers_on_their_own_lines_and_the_general_feedback_as_explanation() -> None:
    text = "Which river forms Zimbabwe's northern border? {\n  ~Limpopo\n  =Zambezi\n  ~Save\n####It flows on to Mozambique.\n}"
    [q] = kept(text).deck.questions
    assert (q.choices, q.answers, q.explanation) == (
        ("Limpopo", "Zambezi", "Save"),
        {1},
        "It flows on to Mozambique.",
    )


@pytest.mark.parametrize(
    ("mark", "right"), [("T", "True"), ("TRUE", "True"), ("F", "False"), ("FALSE", "False")]
)
def test_true_and_false_in_every_spelling(mark: str, right: str) -> None:
    [q] = kept(f"The Earth goes round the Sun.{{{mark}}}").deck.questions
    assert (q.kind, q.prompt) == (Kind.TRUEFALSE, "The Earth goes round the Sun.")
    assert [q.choices[i] for i in q.answers] == [right]


def test_true_false_feedback_for_the_wrong_then_the_right_answer() -> None:
    [item] = parse_gift("Sound is faster than light.{F#No: light is far faster.#Right.}").items
    assert item == TrueFalse(
        line=1,
        prompt="Sound is faster than light.",
        answer=False,
        wrong_feedback="No: light is far faster.",
        right_feedback="Right.",
    )
    [q] = kept("Sound is faster than light.{F#No: light is far faster.#Right.}").deck.questions
    assert q.explanation == "Right."


def test_a_short_answer_accepts_every_right_answer() -> None:
    [q] = kept("Two plus two equals? {=four =4 =Four}").deck.questions
    assert (q.kind, q.accepted) == (Kind.TEXT, ("four", "4"))  # Moodle ignores case by default


def test_a_short_answer_with_partial_credit_accepts_only_the_full_answers() -> None:
    [q] = kept("Capital of Zambia? {=Lusaka =%50%Lusaka city}").deck.questions
    assert q.accepted == ("Lusaka",)


def test_comments_are_dropped_and_blank_lines_separate_questions() -> None:
    text = "// a comment\nFirst? {T}\n// between lines of one question\n\n\n// another\nSecond?\n{F}\n"
    questions = kept(text).deck.questions
    assert [(q.prompt, q.answers) for q in questions] == [("First?", {0}), ("Second?", {1})]


def test_a_title_is_the_name_not_the_prompt() -> None:
    [item] = parse_gift("::Q1 Rivers::Which is longest? {=Nile ~Zambezi}").items
    assert isinstance(item, Choice) and (item.name, item.prompt) == ("Q1 Rivers", "Which is longest?")


def test_categories_become_tags_of_the_questions_after_them() -> None:
    text = (
        "$CATEGORY: $course$/top/History/Great Zimbabwe\n\nBuilt of stone? {T}\n\n"
        "$CATEGORY: Default for Form 2/Maths\n\nIs 7 prime? {T}\n"
    )
    questions = kept(text).deck.questions
    assert [q.tags for q in questions] == [("History", "Great Zimbabwe"), ("Maths",)]


def test_escaped_marks_are_the_characters_themselves() -> None:
    [q] = kept(
        r"Which is \{ in \=, \~, \# and \:? {=a brace \{ ~an equals sign \= ~a hash \#}"
    ).deck.questions
    assert q.prompt == "Which is { in =, ~, # and :?"
    assert q.choices == ("a brace {", "an equals sign =", "a hash #")


def test_an_escaped_backslash_and_line_break() -> None:
    [q] = kept(r"Line one\nline two with a \\ backslash? {T}").deck.questions
    assert q.prompt == "Line one\nline two with a \\ backslash?"


def test_html_text_is_read_as_plain_text() -> None:
    text = "[html]<p>Which is a <b>noble</b> gas?</p><p>Choose&nbsp;one.</p>{=<i>Neon</i> ~Chlorine ~Iron}"
    [q] = kept(text).deck.questions
    assert (q.prompt, q.choices) == ("Which is a noble gas?\n\nChoose one.", ("Neon", "Chlorine", "Iron"))


def test_an_image_at_an_https_address_is_the_question_s_image() -> None:
    text = '[html]<p>Which bird is this?</p><img src="https://example.org/hornbill.png" alt="">{=a hornbill ~an eagle}'
    [q] = kept(text).deck.questions
    assert (q.prompt, q.image) == ("Which bird is this?", "https://example.org/hornbill.png")


def test_an_image_stored_in_moodle_is_set_aside() -> None:
    text = 'Fine? {T}\n\n[html]<p>Which?</p><img src="@@PLUGINFILE@@/bird.png">{=a ~b}'
    assert said(text) == [
        "quiz.gift:3: the question shows an image from the file (@@PLUGINFILE@@/bird.png), which Bvunzo cannot "
        "keep, so it was left out; put the image at an https:// address and give it as the question's `image`"
    ]


def test_markdown_and_plain_text_are_kept_as_written() -> None:
    questions = kept("[markdown]Is **this** bold? {T}\n\n[plain]Is <b> a tag here? {T}").deck.questions
    assert [q.prompt for q in questions] == ["Is **this** bold?", "Is <b> a tag here?"]


def test_moodle_s_own_format_reads_html_only_where_there_is_some() -> None:
    questions = kept("Is 3 < 5? {T}\n\nIs <em>this</em> &amp; that true? {T}").deck.questions
    assert [q.prompt for q in questions] == ["Is 3 < 5?", "Is this & that true?"]


def test_a_missing_word_plays_as_multiple_choice_with_the_blank_shown() -> None:
    [q] = kept("Great Zimbabwe is built of {~wood =stone ~mud} without mortar.").deck.questions
    assert (q.prompt, q.choices, q.answers) == (
        "Great Zimbabwe is built of _____ without mortar.",
        ("wood", "stone", "mud"),
        {1},
    )


def test_a_typed_missing_word_is_a_cloze_question_with_one_blank() -> None:
    [q] = kept("Victoria Falls lies on the {=Zambezi =Zambesi =zambezi} river.").deck.questions
    assert (q.kind, q.prompt, q.blanks) == (
        Kind.CLOZE,
        "Victoria Falls lies on the {{1}} river.",
        (("Zambezi", "Zambesi"),),
    )


def test_two_right_answers_to_pick_one_of_are_a_choice_with_both_right() -> None:
    [q] = kept("Zimbabwe's capital, now or then? {=Harare =Salisbury ~Lusaka}").deck.questions
    assert (q.kind, q.choices, q.answers) == (Kind.CHOICE, ("Harare", "Salisbury", "Lusaka"), {0, 1})


def test_weights_with_one_right_are_boxes_to_tick() -> None:
    [q] = kept("Which are prime? {~%100%7 ~%-100%8 ~%-100%9}").deck.questions
    assert (q.kind, q.choices, q.answers) == (Kind.MULTI, ("7", "8", "9"), {0})


def test_a_choice_with_one_full_answer_and_partial_ones_plays_the_full_one() -> None:
    [q] = kept("Largest planet? {=Jupiter ~%50%Saturn ~Mars}").deck.questions
    assert (q.choices, q.answers) == (("Jupiter", "Saturn", "Mars"), {0})


# -- kept as data, set aside with one sentence --------------------------------------------------------


def test_multiple_weighted_answers_are_a_multi_question() -> None:
    text = "Which are even?\n{~%50%2 ~%50%4 ~%-100%3}"
    assert parse_gift(text).items == [
        Choice(
            line=1,
            prompt="Which are even?",
            answers=(Answer("2", 50.0), Answer("4", 50.0), Answer("3", -100.0)),
            single=False,
        )
    ]
    [_true, q] = kept("Is 1 odd? {T}\n\n" + text).deck.questions
    assert (q.kind, q.choices, q.answers) == (Kind.MULTI, ("2", "4", "3"), {0, 1})


def test_multiple_answers_all_right_are_set_aside() -> None:
    assert said("Is 1 odd? {T}\n\nWhich are even?\n{~%50%2 ~%50%4}") == [
        "quiz.gift:3: a multiple-answer question (several right answers to tick); Bvunzo cannot play those "
        "yet, so it was left out"
    ]


def test_numbers_with_a_tolerance_a_range_or_several_grades() -> None:
    read = parse_gift(
        "Pi? {#3.14:0.01}\n\nA year of the 1980s? {#1980..1989}\n\nBorn? {#=1822:0 =%50%1821:2#Close.}"
    )
    assert [(i.line, i.answers) for i in read.items if isinstance(i, Numeric)] == [
        (1, (NumberAnswer(3.14, 0.01),)),
        (3, (NumberAnswer(1984.5, 4.5),)),
        (5, (NumberAnswer(1822.0, 0.0), NumberAnswer(1821.0, 2.0, 50.0, "Close."))),
    ]
    pi, year, born = kept(
        "Pi? {#3.14:0.01}\n\nA year of the 1980s? {#1980..1989}\n\nBorn? {#=%50%1821:2 =1822:0#Right.}"
    ).deck.questions
    assert (pi.kind, pi.number, pi.tolerance, pi.unit) == (
        Kind.NUMBER,
        Decimal("3.14"),
        Tolerance(Decimal("0.01")),
        "",
    )
    assert (year.number, year.tolerance) == (
        Decimal("1984.5"),
        Tolerance(Decimal("4.5")),
    )  # the middle, ± half
    assert (born.number, born.tolerance, born.explanation) == (Decimal(1822), EXACT, "Right.")  # the 100% one


def test_a_number_that_is_not_one_is_named() -> None:
    assert said("Is 1 odd? {T}\n\nHow many? {#about ten}") == [
        "quiz.gift:3: `about ten` in `{#…}` is not a number"
    ]


def test_a_numeric_question_without_its_number() -> None:
    assert said("Is 1 odd? {T}\n\nHow many? {#}") == [
        "quiz.gift:3: a numeric question `{#…}` gives no number"
    ]


def test_matching_pairs_become_a_match_question_of_at_most_five() -> None:
    [item] = parse_gift("Match them. {=Zambia -> Lusaka =Malawi -> Lilongwe}").items
    assert isinstance(item, Matching) and item.pairs == (("Zambia", "Lusaka"), ("Malawi", "Lilongwe"))
    outcome = import_file(b"Match them. {=Zambia -> Lusaka =Malawi -> Lilongwe}", "m.gift", deck_id="m")
    assert outcome.kept is not None
    [match] = outcome.kept.deck.questions
    assert (match.kind, match.pairs) == (Kind.MATCH, (("Zambia", "Lusaka"), ("Malawi", "Lilongwe")))
    six = " ".join(f"=l{n} -> r{n}" for n in range(6))
    assert said("Is 1 odd? {T}\n\nMatch them. {" + six + "}") == [
        "quiz.gift:3: a matching question of 6 pairs; a match question holds 2 to 5 (Discord's answer form "
        "holds 5 menus), so it was left out"
    ]


def test_an_essay_and_a_description_are_set_aside() -> None:
    read = parse_gift("Write about rain. {}\n\nRead the map first.")
    assert read.items == [
        Essay(line=1, prompt="Write about rain."),
        Description(line=3, prompt="Read the map first."),
    ]
    assert said("Is 1 odd? {T}\n\nWrite about rain. {}\n\nRead the map first.") == [
        "quiz.gift:3: an essay question: it has no key to mark, so it was left out",
        "quiz.gift:5: a description, not a question, so it was left out",
    ]


def test_a_short_answer_keeps_its_grades_as_data() -> None:
    [item] = parse_gift("Capital? {=Lusaka#Yes =%50%Lusaka city}").items
    assert item == ShortAnswer(
        line=1, prompt="Capital?", answers=(Answer("Lusaka", 100.0, "Yes"), Answer("Lusaka city", 50.0))
    )


# -- broken questions ------------------------------------------------------------------------------------


def test_an_unclosed_answer_block_names_its_line() -> None:
    read = parse_gift("Fine? {T}\n\nWhich? {=a ~b\n")
    assert read.broken == [Broken(3, "the answers opened with `{` are never closed with `}`")]


def test_a_choice_with_no_right_answer_is_left_out() -> None:
    assert said("Is 1 odd? {T}\n\nWhich? {~a ~b}") == [
        "quiz.gift:3: no answer is marked right (with `=`, or a grade above 0%)"
    ]


def test_answers_without_their_marks() -> None:
    assert said("Is 1 odd? {T}\n\nWhich? {a b c}") == [
        "quiz.gift:3: each answer in `{…}` starts with `=` (right) or `~` (wrong)"
    ]


def test_a_file_of_only_set_aside_questions_imports_nothing_and_says_why() -> None:
    with pytest.raises(DeckError) as caught:
        import_deck(b"Write about rain. {}", "essay.gift", deck_id="x")
    assert [str(p) for p in caught.value.problems] == [
        "essay.gift:1: an essay question: it has no key to mark, so it was left out"
    ]


def test_a_number_with_no_full_grade_is_left_out() -> None:
    assert said("Is 1 odd? {T}\n\nBorn? {#=%50%1821:2}") == [
        "quiz.gift:3: no answer is marked right (with `=`, or a grade of 100%)"
    ]


# -- detection -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "fmt"),
    [
        ("Who? {=a ~b}", "quiz.txt", Format.GIFT),
        ("::Q1::Is it? {T}", "upload", Format.GIFT),
        ("$CATEGORY: Maths\n\nIs 2 even? {TRUE}", "upload", Format.GIFT),
        ("just words", "quiz.gift", Format.GIFT),
        ("question,answer\nWhy?,Because\n", "quiz.csv", Format.CSV),
        ("1. What?\n   • this *\n   • that\n", "quiz.txt", Format.TEXT),
        ("Pi? {#3.14}", "upload", Format.GIFT),
        ("## Cells {#cells}\n\n1. What?\n   • this *\n   • that\n", "quiz.md", Format.TEXT),
    ],
)
def test_gift_is_detected_by_its_marks_or_its_extension(text: str, name: str, fmt: Format) -> None:
    assert detect_format(text, name) is fmt


# -- whatever the text ---------------------------------------------------------------------------------------

PIECES = st.sampled_from(
    ["{", "}", "=", "~", "#", "####", "->", "%50%", "%-100%", "::", "// ", "\\", "\\=", "\\{", "$CATEGORY:",
     "[html]", "[markdown]", "<p>", "</p>", "<img src=x>", "T", "FALSE", "1..5", ":", "3.14", "..", "\n",
     "\n\n", " ", "Harare", "é", "_____"]
)  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(PIECES, max_size=80), st.booleans())
def test_any_gift_shaped_text_gives_questions_or_sentences(pieces: list[str], keep_valid: bool) -> None:
    answered(import_file("".join(pieces).encode(), "any.gift", deck_id="x", keep_valid=keep_valid))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2000))
def test_any_bytes_named_gift(data: bytes) -> None:
    answered(import_file(data, "any.gift", deck_id="x"))


def test_ten_thousand_questions_are_refused_in_one_sentence() -> None:
    data = "".join(f"Is {n} a number? {{T}}\n\n" for n in range(10_000)).encode()
    with pytest.raises(DeckError) as caught:
        import_deck(data, "many.gift", deck_id="x")
    assert [str(p) for p in caught.value.problems] == [
        "many.gift: the file has 10000 questions; at most 5000 fit in one deck, so split it into several files"
    ]


def test_five_thousand_questions_import() -> None:
    data = "".join(f"Is {n} a number? {{T}}\n\n" for n in range(5_000)).encode()
    assert len(kept(data.decode()).deck.questions) == 5_000
