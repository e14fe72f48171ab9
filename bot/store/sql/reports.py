"""What /stats and the question reports read, as both engines run it: the statements and the report lines."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from bot.bank.tolerance import parse_decimal, plain
from bot.store.records import ReportLine
from bot.store.sql.statement import sql

# A member's round answers in one server; answers_by_member serves it.
MEMBER_ANSWERS = "FROM answers WHERE user_id = :user AND guild_id = :guild"

MEMBER_TOTAL = sql(
    "SELECT points, correct, answered FROM board_totals WHERE guild_id = :guild AND deck_id = '' AND user_id = :user"
)
# By week_number (bot/store/weeks.py): weeks from Monday, summed from whole days in SQL.
WEEK_SUMS = sql(
    f"SELECT (answered_at / 86400000 + 3) / 7, SUM(points), SUM(correct), COUNT(*) {MEMBER_ANSWERS} "
    "AND answered_at >= :start AND answered_at < :end GROUP BY 1"
)
# A server's weeks, from the boards' day rows (one per UTC day, member and deck): answers, right ones, and
# the members who answered at all; `day` counts whole UTC days since 1970-01-01, as bot.store.weeks does.
GROUP_WEEKS = sql(
    "SELECT (day + 3) / 7, CAST(SUM(answered) AS BIGINT), CAST(SUM(correct) AS BIGINT), "
    "COUNT(DISTINCT user_id) FROM board_days WHERE guild_id = :guild AND day >= :first AND day < :last "
    "GROUP BY 1"
)
# Each deck's sums and rounds; a round plays one deck, so the rounds per deck add up to the member's rounds.
DECK_SUMS = sql(
    f"SELECT deck_id, SUM(points), SUM(correct), COUNT(*), COUNT(DISTINCT round_id) {MEMBER_ANSWERS} "
    "GROUP BY deck_id ORDER BY SUM(points) DESC, deck_id"
)
# The longest run of right answers, for a database in the process (SQLite): the verdicts in answer
# order, counted in Python, where a run of equal values needs window functions and a second pass in
# SQL, measured slower than this one narrow scan.
VERDICTS = sql(f"SELECT correct {MEMBER_ANSWERS} ORDER BY answered_at, id")
# The same for a database across the network (PostgreSQL), in one query rather than every row sent
# back: each right answer is grouped by how many misses came before it, so each group is one streak.
BEST_STREAK = sql(f"""
WITH ordered AS (
    SELECT correct, SUM(1 - correct) OVER (ORDER BY answered_at, id) AS misses_before
    {MEMBER_ANSWERS}
)
SELECT coalesce(MAX(n), 0) FROM (SELECT COUNT(*) AS n FROM ordered WHERE correct = 1 GROUP BY misses_before)
    AS streaks
""")
PRACTICE_TOTALS = sql(
    "SELECT COUNT(*), coalesce(SUM(correct), 0) FROM practice_answers WHERE user_id = :user"
)

# -- question reports --------------------------------------------------------------------------------
#
# One pass over the answers reported on: `groups` (materialised, as it is read three times) counts them
# by question, verdict, choice and typed text; the totals and the most chosen wrong choice are summed
# from it in SQL. Typed answers come back as groups, because "the same mistake" ignores case and
# spacing as Python's casefold does, which SQL's lower() cannot.

_REPORT = """
WITH groups AS MATERIALIZED (
    SELECT qkey, correct, choice, text, COUNT(*) AS n, MIN(answered_at) AS first_at
    FROM ({source}) AS reported GROUP BY qkey, correct, choice, text
), totals AS (
    SELECT qkey, CAST(SUM(n) AS BIGINT) AS answered, CAST(SUM(correct * n) AS BIGINT) AS right_answers
    FROM groups GROUP BY qkey
), wrong_choices AS (
    SELECT qkey, choice, n, ROW_NUMBER() OVER (PARTITION BY qkey ORDER BY n DESC, choice) AS place
    FROM groups WHERE correct = 0 AND choice IS NOT NULL
)
SELECT 0, t.qkey, t.answered, t.right_answers, w.choice, coalesce(w.n, 0), NULL,
       CAST(t.right_answers AS DOUBLE PRECISION) / t.answered, -t.answered
FROM totals AS t LEFT JOIN wrong_choices AS w ON w.qkey = t.qkey AND w.place = 1
UNION ALL
SELECT 1, qkey, NULL, NULL, NULL, n, text, first_at, 0
FROM groups WHERE correct = 0 AND choice IS NULL AND text IS NOT NULL
ORDER BY 1, 8, 9, 2
"""
ROUND_REPORT = sql(
    _REPORT.format(
        source="SELECT question_index AS qkey, correct, choice, text, answered_at FROM answers WHERE round_id = :round"
    )
)
DECK_REPORT = sql(
    _REPORT.format(
        source="SELECT a.question_id AS qkey, a.correct, a.choice, a.text, a.answered_at "
        "FROM answers AS a JOIN rounds AS r ON r.id = a.round_id WHERE r.guild_id = :guild AND r.deck_id = :deck"
    )
)
# The round's questions, when the round is this server's.
ROUND_QUESTIONS = sql("SELECT question_ids FROM rounds WHERE id = :round AND guild_id = :guild")


def _typed_key(text: str) -> str:
    """Typed answers that differ only in case or spacing are the same mistake, and so are numbers of
    the same value (`10`, `10.0` and `10,0`: a number question's answers are kept as typed)."""
    key = " ".join(text.casefold().split())
    value = parse_decimal(key.replace(",", ".") if key.count(",") == 1 and "." not in key else key)
    return key if value is None else "number:" + plain(value)


def report_lines(rows: Iterable[Sequence[Any]], *, by_index: bool) -> dict[Any, ReportLine]:
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


def round_report(rows: Iterable[Sequence[Any]], question_ids: str) -> list[ReportLine]:
    """ROUND_REPORT's rows as the round's report: every question in round order (`question_ids`, the
    round's JSON list), unanswered ones with zeros."""
    lines = report_lines(rows, by_index=True)
    unanswered = ReportLine(None, "", 0, 0, None, 0, None)
    return [
        replace(lines.get(index, unanswered), question_index=index, question_id=question_id)
        for index, question_id in enumerate(json.loads(question_ids))
    ]


# Each member's answers to the deck in this server, rounds and practice alike; their first one per question
# is their first try.
STRUGGLES = sql("""
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
""")
