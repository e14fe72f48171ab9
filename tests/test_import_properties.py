"""Whatever is uploaded (any text, any bytes, any CSV dialect), the importers answer with questions or reasons.

An exception other than a refusal with its sentence would reach a moderator as "something went wrong".
"""

from __future__ import annotations

import csv
import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.bank.importers import ROLES, Format, ImportOutcome, import_file

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def answered(outcome: ImportOutcome) -> None:
    """Questions kept, or every reason a sentence: never nothing said."""
    if outcome.kept is not None:
        assert outcome.kept.deck.questions
    else:
        assert outcome.problems or outcome.good_left_behind, outcome.lines()
        assert all(p.message.strip() for p in outcome.problems)
    assert outcome.headline


@SETTINGS
@given(st.binary(max_size=3000), st.sampled_from([None, *Format]))
def test_any_bytes(data: bytes, fmt: Format | None) -> None:
    answered(import_file(data, "upload", deck_id="x", fmt=fmt))


@SETTINGS
@given(st.text(max_size=2000), st.sampled_from([None, *Format]))
def test_any_text(text: str, fmt: Format | None) -> None:
    answered(import_file(text.encode("utf-8", "surrogatepass"), "upload.txt", deck_id="x", fmt=fmt))


# Text shaped like the formats, so the readers get past detection: lines of separators, numbers, marks.
PIECES = st.sampled_from(
    ["1.", "NO.1", "Q1:", "**2.**", "A.", "b)", "- [x]", "*c)", "Answer:", "ANS: True", "<details>",
     "</details>", "---", "\t", ",", ";", "|", " - ", '"', "?", "#separator:tab", "#tags column:9",
     "question", "answer", "choice1", "frage", "type", "essay", "truefalse", ":", "- ", "\n", "\n\n",
     "{", "}", "[", "]", "response_code", "results", "Paris", "42", "é", " ", "match", "order", " -> ",
     "→"]
)  # fmt: skip


@SETTINGS
@given(st.lists(PIECES, max_size=120), st.sampled_from([None, *Format]), st.booleans())
def test_text_made_of_the_formats_own_marks(pieces: list[str], fmt: Format | None, distractors: bool) -> None:
    text = "".join(pieces)
    answered(import_file(text.encode(), "upload", deck_id="x", fmt=fmt, distractors=distractors))


CELL = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=30)


@SETTINGS
@given(
    st.lists(st.lists(CELL, min_size=1, max_size=7), min_size=1, max_size=25),
    st.sampled_from([",", ";", "\t", "|", ":"]),
    st.sampled_from(['"', "'"]),
    st.sampled_from([csv.QUOTE_MINIMAL, csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC]),
    st.sampled_from(["\n", "\r\n", "\r"]),
    st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "cp1252"]),
    st.one_of(st.none(), st.lists(st.sampled_from(ROLES), min_size=1, max_size=8)),
)
def test_any_csv_dialect(
    rows: list[list[str]],
    delimiter: str,
    quote: str,
    quoting: int,
    line_end: str,
    encoding: str,
    columns: list[str] | None,
) -> None:
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, quotechar=quote, quoting=quoting, lineterminator=line_end).writerows(
        rows
    )
    data = out.getvalue().encode(encoding, "replace")
    answered(
        import_file(
            data, "sheet.csv", deck_id="x", fmt=Format.CSV, columns=tuple(columns) if columns else None
        )
    )
