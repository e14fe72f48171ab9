"""Results files: CSV as Excel opens it (UTF-8 with BOM) and JSON with the same rows."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime

from bot.calendar.zones import zone_named
from bot.results import ResultRow, csv_bytes, json_bytes

HARARE = zone_named("Africa/Harare")


def rows() -> list[ResultRow]:
    at = datetime(2027, 5, 3, 16, 0, 5, tzinfo=UTC).astimezone(HARARE)
    return [
        ResultRow(
            "round 4",
            1,
            "gc-01",
            'Chii chinonzi "checkpoint", pa GPU?',
            11,
            "Tendai Moyo",
            "B",
            "Kuchengeta",
            True,
            1500,
            100,
            at,
        ),
        ResultRow(
            "round 4", 2, "gc-02", "Two, lines\nof prompt", 12, "Zoë", "", "typed, text", False, 9000, 0, at
        ),
    ]


def test_the_csv_opens_as_a_spreadsheet_would_open_it() -> None:
    data = csv_bytes(rows())
    assert data.startswith(b"\xef\xbb\xbf")  # Excel reads UTF-8 only with the byte-order mark
    table = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert table[0][:4] == ["source", "question_number", "question_id", "prompt"]
    assert table[1] == [
        "round 4",
        "1",
        "gc-01",
        'Chii chinonzi "checkpoint", pa GPU?',
        "11",
        "Tendai Moyo",
        "B",
        "Kuchengeta",
        "yes",
        "1500",
        "100",
        "2027-05-03T18:00:05+02:00",
    ]
    assert table[2][3] == "Two, lines\nof prompt" and table[2][5] == "Zoë" and table[2][8] == "no"
    assert len(table) == 3


def test_the_json_has_the_same_rows_and_the_options() -> None:
    document = json.loads(json_bytes("round", 4, {"seconds": 30, "mode": "speed"}, rows()))
    assert document["kind"] == "round" and document["id"] == 4
    assert document["options"] == {"seconds": 30, "mode": "speed"}
    assert document["rows"][0]["answered_at"] == "2027-05-03T18:00:05+02:00"
    assert document["rows"][1]["member_name"] == "Zoë" and document["rows"][1]["right"] is False
