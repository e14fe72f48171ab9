"""Blackboard's "Upload Questions" text: the kinds a round plays kept, the others set aside line by line."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.bank.importers import Format, detect_format, import_file
from bot.bank.models import Kind
from bot.bank.tolerance import EXACT, Tolerance

# Written from Blackboard's upload guidelines: a tab between fields, one question a row, the type's code
# first, `correct`/`incorrect` and `true`/`false` in English, no header. Excel's tab-delimited save
# quotes a field holding a quote; a teacher's file has a blank line Blackboard itself would refuse.
BIOLOGY = "\n".join(
    [
        "MC\tWhich organelle makes most of a cell's ATP?\tNucleus\tincorrect\tMitochondrion\tcorrect"
        "\tRibosome\tincorrect\tGolgi body\tincorrect",
        "MA\tWhich of these are nucleotides' bases?\tAdenine\tcorrect\tGlucose\tincorrect\tThymine\tcorrect",
        "TF\tPlant cells have a cell wall.\ttrue",
        "TF\tRed blood cells in mammals keep their nucleus.\tFALSE",
        "ESS\tExplain how osmosis differs from diffusion.\tWater moves across a membrane.",
        "",
        "ORD\tPut the stages of mitosis in order.\tProphase\tMetaphase\tAnaphase\tTelophase",
        "MAT\tMatch each molecule to its role.\tDNA\tstores genes\tATP\tcarries energy",
        "FIB\tThe green pigment of leaves is ____.\tchlorophyll\tChlorophyll\tchlorophyl",
        "FIB_PLUS\t[a] turns [b] into sugar.\ta\tlight\t\tb\tcarbon dioxide",
        "NUM\tHow many chromosomes does a human body cell hold?\t46",
        "NUM\tpH of pure water at 25 °C?\t7\t0.1",
        'MC\t"Which base pairs with ""A"" in DNA?"\tT\tcorrect\tG\tincorrect\tC\tincorrect\t\t',
        "MC\t<p>Which gas do plants <b>release</b>?</p>\tOxygen\tcorrect\tNitrogen\tincorrect",
    ]
)


def test_the_kinds_a_round_plays_are_kept_and_the_others_set_aside() -> None:
    outcome = import_file(BIOLOGY.encode(), "biology.txt", deck_id="bio")
    assert outcome.fmt is Format.BLACKBOARD
    kept = outcome.kept
    assert kept is not None
    questions = kept.deck.questions
    # 14 lines, one blank: MC×3, MA, TF×2, ORD, MAT, FIB, FIB_PLUS and NUM×2 kept (12); ESS set aside.
    assert [q.kind for q in questions] == [
        Kind.CHOICE,
        Kind.MULTI,
        Kind.TRUEFALSE,
        Kind.TRUEFALSE,
        Kind.ORDER,
        Kind.MATCH,
        Kind.TEXT,
        Kind.CLOZE,
        Kind.NUMBER,
        Kind.NUMBER,
        Kind.CHOICE,
        Kind.CHOICE,
    ]
    mc, ma, tf_true, tf_false, mitosis, mat, fib, fib_plus, num, ph, quoted, html = questions
    assert (fib_plus.prompt, fib_plus.blanks) == (
        "{{1}} turns {{2}} into sugar.",
        (("light",), ("carbon dioxide",)),
    )
    assert mitosis.choices == ("Prophase", "Metaphase", "Anaphase", "Telophase")
    assert mat.pairs == (("DNA", "stores genes"), ("ATP", "carries energy"))
    assert mc.choices == ("Nucleus", "Mitochondrion", "Ribosome", "Golgi body")
    assert mc.answers == frozenset({1})
    assert (ma.choices, ma.answers) == (("Adenine", "Glucose", "Thymine"), frozenset({0, 2}))
    assert (tf_true.answers, tf_false.answers) == (frozenset({0}), frozenset({1}))
    assert fib.accepted == ("chlorophyll", "chlorophyl")
    assert (num.number, num.tolerance) == (Decimal(46), EXACT)
    assert (ph.number, ph.tolerance) == (Decimal(7), Tolerance(Decimal("0.1")))
    assert quoted.prompt == 'Which base pairs with "A" in DNA?'
    assert html.prompt == "Which gas do plants release?"
    assert [str(p) for p in outcome.problems] == [
        "biology.txt:5: an essay question (ESS) has no answer key to mark, so it was left out",
    ]
    assert outcome.headline == "Imported 12 questions. 1 item is not a question a round can play."


# Each line wrong in one way a hand-written file goes wrong, between two good ones.
BROKEN = "\n".join(
    [
        "TF\tThe Sun is a star.\ttrue",
        "MC\tWhich is a mammal?\tWhale\tyes\tShark\tno",
        "MC\tWhich is a reptile?\tFrog\tincorrect\tSalmon\tincorrect",
        "MC\tWhich is a bird?\tPenguin\tcorrect\tBat\tcorrect",
        "TF\tBats are blind.\tno",
        "NUM\tHow many legs has a spider?\teight",
        "NUM\tHow many legs has an ant?\t6\tabout one",
        "FIB\tA baby frog is a ____.",
        "TF",
        "SR\tDescribe a food chain.",
        "What is a herbivore?\tan animal that eats plants",
        "FIB\tA baby cat is a ____.\tkitten",
    ]
)


# Written from Blackboard's guidelines for "Fill in Multiple Blanks": `FIB_PLUS TAB question text TAB
# variable1 TAB answer1 TAB answer2 TAB TAB variable2 TAB answer3`, an empty field closing each variable's
# answers, at most 10 variables; the question marks each blank `[variable]`.
MULTIPLE_BLANKS = "\n".join(
    [
        "FIB_PLUS\tThe capital of [country] is [city].\tcountry\tZimbabwe\t\tcity\tHarare\tSalisbury",
        "FIB_PLUS\t[b] comes after [a].\ta\tone\t1\t\tb\ttwo\t2\t",
        "FIB_PLUS\tIn [1980], [country] became independent.\tcountry\tZimbabwe",
        "FIB_PLUS\t<p>Water is made of [h] and [o].</p>\th\thydrogen\tH\t\to\toxygen\tO",
        "FIB_PLUS\t[a] [b] [c] [d] [e] [f]\ta\t1\t\tb\t2\t\tc\t3\t\td\t4\t\te\t5\t\tf\t6",
        "FIB_PLUS\tThe [river] flows east.\tlake\tKariba",
        "FIB_PLUS\tThe [river] flows east.\triver",
        "FIB_PLUS\tThe [river] flows east, the [river] west.\triver\tZambezi",
        "FIB_PLUS\tThe [river] flows east.",
        "FIB_PLUS\tThe [river] flows into [lake].\triver\tZambezi\t\triver\tLimpopo",
    ]
)


def test_fill_in_multiple_blanks_becomes_a_cloze_question_blanks_numbered_as_the_question_shows_them() -> (
    None
):
    outcome = import_file(MULTIPLE_BLANKS.encode(), "blanks.txt", deck_id="blanks", keep_valid=True)
    assert outcome.kept is not None
    # 10 lines: 4 kept; 6 variables set aside (at most 5 blanks fit Discord's form); 5 broken.
    assert [(q.kind, q.prompt, q.blanks) for q in outcome.kept.deck.questions] == [
        (Kind.CLOZE, "The capital of {{1}} is {{2}}.", (("Zimbabwe",), ("Harare", "Salisbury"))),
        (Kind.CLOZE, "{{1}} comes after {{2}}.", (("two", "2"), ("one", "1"))),
        (Kind.CLOZE, "In [1980], {{1}} became independent.", (("Zimbabwe",),)),
        (Kind.CLOZE, "Water is made of {{1}} and {{2}}.", (("hydrogen", "H"), ("oxygen", "O"))),
    ]
    assert [str(p) for p in outcome.problems] == [
        "blanks.txt:5: the prompt has 6 blanks; at most 5 fit in Discord's answer form, so split it",
        "blanks.txt:6: the question text has no `[lake]` for its variable `lake`",
        "blanks.txt:7: the variable `river` has no accepted answer after it",
        "blanks.txt:8: the variable `[river]` is in the question more than once",
        "blanks.txt:9: a FIB_PLUS line gives each variable of the question, its accepted answers, then an empty "
        "field",
        "blanks.txt:10: the variable `river` is listed twice",
    ]


def test_a_multiple_answer_line_with_every_answer_right_is_set_aside() -> None:
    text = "TF\tThe Sun is a star.\ttrue\nMA\tWhich are mammals?\tWhale\tcorrect\tBat\tcorrect"
    outcome = import_file(text.encode(), "animals.txt", deck_id="animals", keep_valid=True)
    assert [str(p) for p in outcome.problems] == [
        "animals.txt:2: a multiple-answer question (several right answers to tick); Bvunzo cannot play those "
        "yet, so it was left out"
    ]


def test_a_multiple_choice_line_with_two_right_is_a_choice_with_both_right() -> None:
    text = "MC\tA name of Zimbabwe's capital?\tHarare\tcorrect\tLusaka\tincorrect\tSalisbury\tcorrect"
    outcome = import_file(text.encode(), "capitals.txt", deck_id="capitals")
    assert outcome.imported is not None and outcome.problems == ()
    [q] = outcome.imported.deck.questions
    assert (q.kind, q.choices, q.answers) == (Kind.CHOICE, ("Harare", "Lusaka", "Salisbury"), {0, 2})


def test_each_broken_line_is_named_with_its_reason() -> None:
    outcome = import_file(BROKEN.encode(), "animals.txt", deck_id="animals", keep_valid=True)
    assert outcome.kept is not None
    assert [q.prompt for q in outcome.kept.deck.questions] == ["The Sun is a star.", "A baby cat is a ____."]
    assert [str(p) for p in outcome.problems] == [
        "animals.txt:2: a multiple-choice line gives each answer followed by `correct` or `incorrect` (in "
        "English); this one has an answer without either",
        "animals.txt:3: no answer of this multiple-choice line is marked `correct`",
        "animals.txt:4: a multiple-answer question (several right answers to tick); Bvunzo cannot play those "
        "yet, so it was left out",
        "animals.txt:5: a true/false line ends with `true` or `false` (in English)",
        "animals.txt:6: a numeric line gives the right number after the question, such as `9.81`",
        "animals.txt:7: the tolerance `about one` is not a number; write how far from the answer it may be, "
        "such as `0.5`",
        "animals.txt:8: a fill-in-the-blank line lists its accepted answers after the question",
        "animals.txt:9: the line has no question text after its type `TF`",
        "animals.txt:10: a question of the kind `SR`, which Bvunzo cannot play, so it was left out",
        "animals.txt:11: the line does not start with a question type followed by a tab (MC, TF, FIB, NUM, or "
        "MA, ORD, MAT, FIB_PLUS, ESS)",
    ]
    # 12 lines: 2 kept, 2 set aside (MC with every answer right, SR), 8 broken: far more than a tenth.
    plain = import_file(BROKEN.encode(), "animals.txt", deck_id="animals")
    assert plain.refused
    assert plain.headline.startswith("8 of 10 questions cannot be imported")


def test_detection_takes_type_codes_and_leaves_a_tab_separated_sheet_alone() -> None:
    assert detect_format(BIOLOGY) is Format.BLACKBOARD
    assert detect_format("question\tanswer\nWhat is MC?\tMaster of ceremonies\n") is Format.CSV
    assert detect_format("TF\tFalse\nMC\tmaybe\n") is Format.BLACKBOARD


def test_more_lines_than_a_deck_holds_are_refused_in_one_sentence() -> None:
    text = "\n".join(f"TF\tIs {n} even?\t{str(n % 2 == 0).lower()}" for n in range(5_001))
    outcome = import_file(text.encode(), "many.txt", deck_id="x")
    assert [str(p) for p in outcome.problems] == [
        "many.txt: the file has 5001 questions; at most 5000 fit in one deck, so split it into several files"
    ]


PIECES = st.sampled_from(
    ["MC", "MA", "TF", "FIB", "FIB_PLUS", "NUM", "ORD", "MAT", "ESS", "SR", "\t", "\n", "correct",
     "incorrect", "true", "FALSE", "9.81", "1e999999", "NaN", "-0", '"', '""', "<p>", "</b>", "é", " ", "?", "[a]", "a", "[", "]",
     "{{1}}"]
)  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(PIECES, max_size=60).map("".join))
def test_any_blackboard_like_text_gets_questions_or_sentences(text: str) -> None:
    outcome = import_file(("MC\t" + text).encode(), "bb.txt", deck_id="x", fmt=Format.BLACKBOARD)
    if outcome.kept is None:
        assert outcome.problems or outcome.good_left_behind, outcome.lines()
        assert all(p.message.strip() for p in outcome.problems)
    else:
        assert outcome.kept.deck.questions
