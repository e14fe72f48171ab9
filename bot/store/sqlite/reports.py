"""SQLite: a member's stats (/stats) and the per-question reports moderators read (/quiz report)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.store.periods import as_utc, week_start
from bot.store.records import DeckStats, MemberStats, ReportLine, StruggleLine, WeekStats
from bot.store.sqlite.connection import Database
from bot.store.sqlite.times import EPOCH, to_ms

CHART_WEEKS = 8

# A member's round answers in one server, in the order given; answers_by_member serves it.
_MEMBER_ANSWERS = "FROM answers WHERE user_id = ? AND guild_id = ?"

# Each deck's sums and rounds; a round plays one deck, so the rounds per deck add up to the member's rounds.
_DECK_SUMS = (
    f"SELECT deck_id, SUM(points), SUM(correct), COUNT(*), COUNT(DISTINCT round_id) {_MEMBER_ANSWERS} "
    "GROUP BY deck_id ORDER BY SUM(points) DESC, deck_id"
)

# Verdicts in answer order, for the best streak: counted here rather than in SQL, where a run of equal
# values needs window functions and a second pass, measured slower than this one narrow scan.
_VERDICTS = f"SELECT correct {_MEMBER_ANSWERS} ORDER BY answered_at, id"

# Monday-based week number: day 0 (1970-01-01) was a Thursday, the Monday after it day 4.
_WEEK_SUMS = (
    f"SELECT (answered_at / 86400000 + 3) / 7, SUM(points), SUM(correct), COUNT(*) {_MEMBER_ANSWERS} "
    "AND answered_at >= ? AND answered_at < ? GROUP BY 1"
)


def _member_stats(conn: sqlite3.Connection, guild_id: int, user_id: int, now: datetime) -> MemberStats:
    this_week = week_start(as_utc(now).date())
    first_week = this_week - timedelta(weeks=CHART_WEEKS - 1)
    chart_from = to_ms(datetime.combine(first_week, datetime.min.time(), UTC))
    chart_to = to_ms(datetime.combine(this_week + timedelta(weeks=1), datetime.min.time(), UTC))
    member = (user_id, guild_id)
    total = conn.execute(
        "SELECT points, correct, answered FROM board_totals WHERE guild_id = ? AND deck_id = '' AND user_id = ?",
        (guild_id, user_id),
    ).fetchone() or (0, 0, 0)
    deck_sums = conn.execute(_DECK_SUMS, member).fetchall()
    streak = best_streak = 0
    for (correct,) in conn.execute(_VERDICTS, member):
        streak = streak + 1 if correct else 0
        best_streak = max(best_streak, streak)
    weekly = {
        week: (points, correct, answered)
        for week, points, correct, answered in conn.execute(_WEEK_SUMS, (*member, chart_from, chart_to))
    }
    weeks = []
    for k in range(CHART_WEEKS):
        monday = first_week + timedelta(weeks=k)
        points, correct, answered = weekly.get(((monday - EPOCH.date()).days + 3) // 7, (0, 0, 0))
        weeks.append(WeekStats(week_start=monday, points=points, right=correct, answered=answered))
    practised, practised_right = conn.execute(
        "SELECT COUNT(*), coalesce(SUM(correct), 0) FROM practice_answers WHERE user_id = ?", (user_id,)
    ).fetchone()
    return MemberStats(
        points=total[0],
        answered=total[2],
        right=total[1],
        rounds=sum(rounds for *_, rounds in deck_sums),
        best_streak=best_streak,
        week_points=weeks[-1].points,
        decks=tuple(DeckStats(deck_id=d, points=p, right=r, answered=a) for d, p, r, a, _ in deck_sums),
        weeks=tuple(weeks),
        practice_answered=practised,
        practice_right=practised_right,
    )


# -- question reports --------------------------------------------------------------------------------
#
# One pass over the answers reported on: `groups` (materialised, as it is read three times) counts them
# by question, verdict, choice and typed text; the totals and the most chosen wrong choice are summed
# from it in SQL. Typed answers come back as groups, because "the same mistake" ignores case and
# spacing as Python's casefold does, which SQLite's lower() cannot.

_REPORT = """
WITH groups AS MATERIALIZED (
    SELECT qkey, correct, choice, text, COUNT(*) AS n, MIN(answered_at) AS first_at
    FROM ({source}) GROUP BY qkey, correct, choice, text
), totals AS (
    SELECT qkey, SUM(n) AS answered, SUM(correct * n) AS right_answers FROM groups GROUP BY qkey
), wrong_choices AS (
    SELECT qkey, choice, n, ROW_NUMBER() OVER (PARTITION BY qkey ORDER BY n DESC, choice) AS place
    FROM groups WHERE correct = 0 AND choice IS NOT NULL
)
SELECT 0, t.qkey, t.answered, t.right_answers, w.choice, coalesce(w.n, 0), NULL,
       CAST(t.right_answers AS REAL) / t.answered, -t.answered
FROM totals AS t LEFT JOIN wrong_choices AS w ON w.qkey = t.qkey AND w.place = 1
UNION ALL
SELECT 1, qkey, NULL, NULL, NULL, n, text, first_at, 0
FROM groups WHERE correct = 0 AND choice IS NULL AND text IS NOT NULL
ORDER BY 1, 8, 9, 2
"""

_ROUND_SOURCE = (
    "SELECT question_index AS qkey, correct, choice, text, answered_at FROM answers WHERE round_id = ?"
)
_DECK_SOURCE = (
    "SELECT a.question_id AS qkey, a.correct, a.choice, a.text, a.answered_at "
    "FROM answers AS a JOIN rounds AS r ON r.id = a.round_id WHERE r.guild_id = ? AND r.deck_id = ?"
)


def _typed_key(text: str) -> str:
    """Typed answers that differ only in case or spacing are the same mistake."""
    return " ".join(text.casefold().split())


def _report_lines(rows: Iterable[Sequence[Any]], *, by_index: bool) -> dict[Any, ReportLine]:
    """One line per question answered, in the query's order (least understood first)."""
    totals: dict[Any, tuple[int, int, int | None, int]] = {}
    typed: dict[Any, dict[str, list[Any]]] = {}  # question: typed key: [first spelling seen, count]
    for kind, qkey, answered, right, choice, count, text, _sort, _sort_too in rows:
        if kind == 0:
            totals[qkey] = (answered, right, choice, count)
        else:
            typed.setdefault(qkey, {}).setdefault(_typed_key(text), [text, 0])[1] += count
    lines = {}
    for qkey, (answered, right, choice, choice_count) in totals.items():
        text, text_count = None, 0
        if qkey in typed:
            text, text_count = max(typed[qkey].values(), key=lambda group: group[1])  # first of equals
        lines[qkey] = ReportLine(
            question_index=qkey if by_index else None,
            question_id=str(qkey),
            answered=answered,
            right=right,
            top_wrong_choice=choice,
            top_wrong_count=max(choice_count, text_count),
            top_wrong_text=text,
        )
    return lines


def _round_report(conn: sqlite3.Connection, guild_id: int, round_id: int) -> list[ReportLine]:
    row = conn.execute(
        "SELECT question_ids FROM rounds WHERE id = ? AND guild_id = ?", (round_id, guild_id)
    ).fetchone()
    if row is None:
        return []
    lines = _report_lines(conn.execute(_REPORT.format(source=_ROUND_SOURCE), (round_id,)), by_index=True)
    unanswered = ReportLine(None, "", 0, 0, None, 0, None)
    return [
        replace(lines.get(index, unanswered), question_index=index, question_id=question_id)
        for index, question_id in enumerate(json.loads(row[0]))
    ]


def _deck_report(conn: sqlite3.Connection, guild_id: int, deck_id: str) -> list[ReportLine]:
    rows = conn.execute(_REPORT.format(source=_DECK_SOURCE), (guild_id, deck_id))
    return list(_report_lines(rows, by_index=False).values())


# Each member's answers to the deck in this server, rounds and practice alike; their first one per question
# is their first try.
_STRUGGLES = """
WITH tries AS (
    SELECT a.user_id, a.question_id, a.correct, a.answered_at
    FROM answers AS a JOIN rounds AS r ON r.id = a.round_id
    WHERE r.guild_id = :guild AND r.deck_id = :deck
    UNION ALL
    SELECT user_id, question_id, correct, answered_at FROM practice_answers
    WHERE guild_id = :guild AND deck_id = :deck
),
ordered AS (
    SELECT user_id, question_id, correct,
           ROW_NUMBER() OVER (PARTITION BY user_id, question_id ORDER BY answered_at) AS nth
    FROM tries
),
firsts AS (
    SELECT question_id, COUNT(*) AS members, SUM(correct) AS first_right FROM ordered WHERE nth = 1
    GROUP BY question_id
),
leeches AS (
    SELECT o.question_id, COUNT(*) AS n
    FROM ordered AS o JOIN memories AS m
      ON m.user_id = o.user_id AND m.deck_id = :deck AND m.question_id = o.question_id
    WHERE o.nth = 1 AND m.lapses >= :failures
    GROUP BY o.question_id
)
SELECT f.question_id, f.members, f.first_right, coalesce(l.n, 0) AS leech_count
FROM firsts AS f LEFT JOIN leeches AS l ON l.question_id = f.question_id
ORDER BY leech_count DESC, CAST(f.first_right AS REAL) / f.members, f.members DESC, f.question_id
"""


class SqliteReports:
    _db: Database

    async def member_stats(self, guild_id: int, user_id: int, now: datetime) -> MemberStats:
        return await self._db.read(lambda conn: _member_stats(conn, guild_id, user_id, now))

    async def question_report(
        self, guild_id: int, *, round_id: int | None = None, deck_id: str | None = None
    ) -> list[ReportLine]:
        if (round_id is None) == (deck_id is None):
            raise ValueError("a question report is of a round or of a deck: give exactly one")
        if round_id is not None:
            return await self._db.read(lambda conn: _round_report(conn, guild_id, round_id))
        assert deck_id is not None
        return await self._db.read(lambda conn: _deck_report(conn, guild_id, deck_id))

    async def deck_struggles(self, guild_id: int, deck_id: str, *, failures: int) -> list[StruggleLine]:
        named = {"guild": guild_id, "deck": deck_id, "failures": failures}
        rows = await self._db.read(lambda conn: conn.execute(_STRUGGLES, named).fetchall())
        return [StruggleLine(str(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in rows]
