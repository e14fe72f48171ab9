"""The calendar's results files (bot/results/calendar_files.py) and a member's trend (bot/results/member_trend.py),
with no store: a day's typed answer that would run as a formula, times in the server's zone, weeks added up."""

from __future__ import annotations

import csv
import io
import json
import zoneinfo
from datetime import UTC, date, datetime, timedelta

from bot.bank.loader import load_deck_text
from bot.results.calendar_files import qotd_files
from bot.results.member_trend import member_weeks
from bot.store import MemberStats, QotdAnswer, QotdDay, WeekStats

POSTED = datetime(2026, 12, 1, 6, 0, tzinfo=UTC)
DECK = load_deck_text(
    "id: words\ntitle: Words\nquestions:\n  - id: w1\n    type: text\n    prompt: Say it\n    answers: [hello]\n",
    "words.yaml",
)


def test_a_days_file_escapes_a_formula_and_writes_the_servers_time() -> None:
    day = QotdDay(3, 20261201, 30, "words", "w1", 4, 77, POSTED, POSTED + timedelta(hours=12))
    typed = '=HYPERLINK("http://x")'
    answers = [
        QotdAnswer(3, 20261201, 8, None, False, POSTED + timedelta(seconds=90), typed, 0),
        QotdAnswer(3, 20261201, 7, None, True, POSTED + timedelta(seconds=30), "hello", 100),
    ]
    files = qotd_files(
        [(day, DECK.question("w1"), answers)], {7: "Rudo"}, zoneinfo.ZoneInfo("Asia/Tokyo"), {}
    )
    rows = list(csv.reader(io.StringIO(files.csv.decode("utf-8-sig"), newline="")))
    assert [(r[5], r[7], r[8], r[9], r[11]) for r in rows[1:]] == [
        ("Rudo", "hello", "yes", "30000", "2026-12-01T15:00:30+09:00"),
        ("", "'" + typed, "no", "90000", "2026-12-01T15:01:30+09:00"),  # written after a ' : it never runs
    ]
    document = json.loads(files.json)
    assert document["options"] == {"days": ["2026-12-01"]}
    assert document["rows"][1]["answer"] == typed  # the JSON keeps what was typed


def test_a_members_weeks_are_added_across_servers() -> None:
    def stats(*weeks: WeekStats) -> MemberStats:
        return MemberStats(0, 0, 0, 0, 0, 0, (), weeks, 0, 0)

    one, two = date(2026, 11, 23), date(2026, 11, 30)
    found = member_weeks(
        [
            stats(WeekStats(one, 100, 1, 2), WeekStats(two, 0, 0, 0)),
            stats(WeekStats(one, 300, 3, 3), WeekStats(two, 200, 2, 4)),
        ]
    )
    assert found == (WeekStats(one, 400, 4, 5), WeekStats(two, 200, 2, 4))
