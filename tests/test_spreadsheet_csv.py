"""The one CSV writer: byte for byte what a spreadsheet is given, and what the importer takes back."""

from __future__ import annotations

import pytest

from bot.bank.spreadsheet_csv import csv_bytes, safe_cell, unescaped_cell


def test_the_bytes_written_with_a_bom_crlf_and_no_cell_a_spreadsheet_runs() -> None:
    data = csv_bytes(
        ("name", "score"),
        [
            ("=1+1", 3),
            ("+44 1234", -3),
            ("-foo", -0.5),
            ("@SUM(A1)", 0),
            ("\tx", 1.25),
            ("\rx", 2),
            ("-3", 7),
            ("-3 is right", 8),
            ('say "hi",\nthen go', 9),
            ("Zoë", 10),
        ],
    )
    assert data == (
        b"\xef\xbb\xbf"
        b"name,score\r\n"
        b"'=1+1,3\r\n"
        b"'+44 1234,-3\r\n"
        b"'-foo,-0.5\r\n"
        b"'@SUM(A1),0\r\n"
        b"'\tx,1.25\r\n"
        b'"\'\rx",2\r\n'
        b"-3,7\r\n"
        b"'-3 is right,8\r\n"
        b'"say ""hi"",\nthen go",9\r\n'
        b"Zo\xc3\xab,10\r\n"
    )


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ("=SUM(A1)", "'=SUM(A1)"),
        ("+1", "+1"),  # a plain number: no spreadsheet runs it
        ("+1 more", "'+1 more"),
        ("-x", "'-x"),
        ("-0.5", "-0.5"),
        ("-1+1", "'-1+1"),
        ("@me", "'@me"),
        ("\tx", "'\tx"),
        ("'=x", "''=x"),  # so that reading it back gives `'=x`, not `=x`
        ("'hello", "'hello"),
        ("", ""),
        ("a=b", "a=b"),
    ],
)
def test_each_cell_reads_back_as_it_was(cell: str, written: str) -> None:
    assert safe_cell(cell) == written
    assert unescaped_cell(written) == cell


def test_a_yes_or_no_is_said_in_words_not_as_a_boolean() -> None:
    with pytest.raises(TypeError):
        safe_cell(True)
