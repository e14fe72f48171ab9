"""The calendar's time rules on real zones: daylight-saving gaps and repeats, repeats by day, late and missed."""

from __future__ import annotations

from datetime import UTC, date, datetime, time

import pytest

from bot.calendar.occurrences import decide, wake_at
from bot.calendar.repeats import Rule, RuleError, parse_days, parse_time
from bot.calendar.zones import UnknownZoneError, local_instant, matching_zones, zone_named

LONDON = zone_named("Europe/London")
NEW_YORK = zone_named("America/New_York")
HARARE = zone_named("Africa/Harare")


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)  # type: ignore[misc]


def test_a_time_in_londons_spring_gap_runs_at_the_first_minute_after_it() -> None:
    # 2027-03-28: London's clocks go from 01:00 GMT to 02:00 BST; 01:30 never shows.
    assert local_instant(date(2027, 3, 28), time(1, 30), LONDON) == utc(2027, 3, 28, 1, 0)
    assert local_instant(date(2027, 3, 28), time(0, 59), LONDON) == utc(2027, 3, 28, 0, 59)
    assert local_instant(date(2027, 3, 28), time(2, 0), LONDON) == utc(2027, 3, 28, 1, 0)


def test_a_time_in_new_yorks_spring_gap_runs_at_three() -> None:
    # 2027-03-14: 02:00 EST becomes 03:00 EDT.
    assert local_instant(date(2027, 3, 14), time(2, 30), NEW_YORK) == utc(2027, 3, 14, 7, 0)


def test_the_repeated_hour_runs_once_at_its_first_showing() -> None:
    # 2027-10-31 London: 01:30 shows at 00:30 UTC (BST) and again at 01:30 UTC (GMT).
    daily = Rule(time(1, 30), "daily")
    first = local_instant(date(2027, 10, 31), time(1, 30), LONDON)
    assert first == utc(2027, 10, 31, 0, 30)
    assert daily.next_after(first, LONDON) == utc(2027, 11, 1, 1, 30)
    # New York, 2027-11-07: 01:30 EDT (05:30 UTC), then 01:30 EST would be 06:30 UTC.
    first_ny = local_instant(date(2027, 11, 7), time(1, 30), NEW_YORK)
    assert first_ny == utc(2027, 11, 7, 5, 30)
    assert daily.next_after(first_ny, NEW_YORK) == utc(2027, 11, 8, 6, 30)


def test_a_daily_round_through_londons_spring_day() -> None:
    daily = Rule(time(1, 30), "daily")
    assert daily.next_after(utc(2027, 3, 27, 1, 30), LONDON) == utc(2027, 3, 28, 1, 0)
    assert daily.next_after(utc(2027, 3, 28, 1, 0), LONDON) == utc(2027, 3, 29, 0, 30)


def test_harare_keeps_two_hours_ahead_all_year() -> None:
    daily = Rule(time(18, 0), "daily")
    assert daily.next_after(utc(2027, 3, 28, 12, 0), HARARE) == utc(2027, 3, 28, 16, 0)
    assert daily.next_after(utc(2027, 3, 28, 16, 0), HARARE) == utc(2027, 3, 29, 16, 0)
    # Past 22:00 UTC it is already the next day in Harare.
    assert daily.next_after(utc(2027, 7, 1, 22, 30), HARARE) == utc(2027, 7, 2, 16, 0)


def test_weekdays_and_weekly_days() -> None:
    # 2027-01-01 is a Friday.
    weekdays = Rule(time(9, 0), "weekdays")
    assert weekdays.next_after(utc(2027, 1, 1, 9, 0), HARARE) == utc(2027, 1, 4, 7, 0)
    weekly = Rule(time(9, 0), "weekly", parse_days("mon,wed,fri"))
    assert weekly.next_after(utc(2027, 1, 4, 8, 0), HARARE) == utc(2027, 1, 6, 7, 0)
    assert weekly.describe() == "mon,wed,fri at 09:00"


def test_wrong_times_days_and_zones_get_a_sentence() -> None:
    with pytest.raises(RuleError, match="HH:MM"):
        parse_time("25:00")
    with pytest.raises(RuleError, match="HH:MM"):
        parse_time("9am")
    assert parse_time("7:05") == time(7, 5)
    with pytest.raises(RuleError, match="not a day"):
        parse_days("mon,funday")
    with pytest.raises(RuleError, match="needs days"):
        Rule(time(9, 0), "weekly")
    with pytest.raises(UnknownZoneError, match="Africa/Harare"):
        zone_named("Mars/Olympus")
    assert zone_named("africa/harare").key == "Africa/Harare"
    assert matching_zones("harare") == ["Africa/Harare"]
    assert matching_zones("Europe/Lon") == ["Europe/London"]


def test_a_round_is_announced_then_started_then_late_then_missed() -> None:
    rule = Rule(time(18, 0), "daily")
    at = utc(2027, 5, 3, 16, 0)  # 18:00 in Harare

    def step(now: datetime, announced: bool = False) -> str:
        return decide(rule, HARARE, at, now, announce_minutes=15, announced=announced).step

    assert step(utc(2027, 5, 3, 15, 44)) == "wait"
    assert step(utc(2027, 5, 3, 15, 45)) == "announce"
    assert step(utc(2027, 5, 3, 15, 50), announced=True) == "wait"
    assert step(utc(2027, 5, 3, 16, 0)) == "start"
    assert step(utc(2027, 5, 3, 16, 10)) == "start"
    assert step(utc(2027, 5, 3, 16, 10, 1)) == "missed"
    late = decide(rule, HARARE, at, utc(2027, 5, 3, 17, 0), announce_minutes=15, announced=False)
    assert late.next_occurrence == utc(2027, 5, 4, 16, 0)
    assert wake_at(utc(2027, 5, 4, 16, 0), 15, False) == utc(2027, 5, 4, 15, 45)


def test_after_days_down_only_the_latest_showing_may_start() -> None:
    rule = Rule(time(18, 0), "daily")
    started = decide(
        rule, HARARE, utc(2027, 5, 1, 16, 0), utc(2027, 5, 4, 16, 5), announce_minutes=0, announced=False
    )
    assert (started.step, started.occurrence, started.next_occurrence) == (
        "start",
        utc(2027, 5, 4, 16, 0),
        utc(2027, 5, 5, 16, 0),
    )
    missed = decide(
        rule, HARARE, utc(2027, 5, 1, 16, 0), utc(2027, 5, 4, 17, 0), announce_minutes=0, announced=False
    )
    assert (missed.step, missed.next_occurrence) == ("missed", utc(2027, 5, 5, 16, 0))


def test_a_once_schedule_has_no_next() -> None:
    rule = Rule(time(18, 0), "once")
    done = decide(
        rule, HARARE, utc(2027, 5, 1, 16, 0), utc(2027, 5, 1, 16, 0), announce_minutes=0, announced=False
    )
    assert (done.step, done.next_occurrence) == ("start", None)


def test_the_question_of_the_day_never_repeats_until_the_deck_is_used_up() -> None:
    from bot.calendar.qotd import next_question, unused_count

    deck = ["q1", "q2", "q3", "q4"]
    asked: list[str] = []
    for seed in range(4):
        pick = next_question(deck, asked, seed)
        assert pick.question_id not in asked
        asked.append(pick.question_id)
        assert pick.unused_after == 3 - seed
    assert sorted(asked) == deck
    assert unused_count(deck, asked) == 4  # a new cycle
    assert unused_count(deck, ["q1", "q9"]) == 3  # a question the deck lost does not count
    assert next_question(deck, ["q1", "q2", "q3"], 7).question_id == "q4"


def test_a_daily_streak_counts_the_servers_days_with_a_question() -> None:
    from bot.calendar.qotd import Streak, daily_streak

    d = [date(2027, 5, n) for n in range(1, 8)]
    # Answered the 1st-2nd, missed the 3rd, answered the 4th-6th; the 7th is open and not yet answered.
    answered = {d[0], d[1], d[3], d[4], d[5]}
    assert daily_streak(d, answered, open_day=d[6]) == Streak(3, 3)
    assert daily_streak(d, answered) == Streak(0, 3)  # the 7th closed without an answer
    assert daily_streak(d, {*answered, d[6]}) == Streak(4, 4)
    # A day the bot posted nothing is no gap: the 3rd is missing from the posted days.
    assert daily_streak([d[0], d[1], d[3]], {d[0], d[1], d[3]}) == Streak(3, 3)
    assert daily_streak([], set()) == Streak(0, 0)
    # The first click on a day's question can come before the bot has noted that it posted it: the
    # answered day counts, as today's only day or after the days noted before it.
    assert daily_streak([], {d[0]}) == Streak(1, 1)
    assert daily_streak([d[0], d[1]], {d[0], d[1], d[2]}, open_day=d[2]) == Streak(3, 3)


def test_the_question_of_the_day_closes_an_hour_before_the_next() -> None:
    from bot.calendar.qotd import closes_at

    daily = Rule(time(8, 0), "daily")
    assert closes_at(utc(2027, 3, 27, 8, 0), daily, LONDON) == utc(2027, 3, 28, 6, 0)  # 08:00 BST - 1 h
    assert closes_at(utc(2027, 5, 3, 6, 0), daily, HARARE) == utc(2027, 5, 4, 5, 0)


def test_a_due_time_is_read_in_the_servers_zone() -> None:
    from bot.calendar.assignments import parse_due

    now = utc(2027, 5, 3, 7, 0)  # 09:00 in Harare
    assert parse_due("18:00", now, HARARE) == utc(2027, 5, 3, 16, 0)
    assert parse_due("2027-05-07 18:00", now, HARARE) == utc(2027, 5, 7, 16, 0)
    assert parse_due("2027-03-28 01:30", utc(2027, 3, 1), LONDON) == utc(2027, 3, 28, 1, 0)  # the gap
    with pytest.raises(RuleError, match="has passed"):
        parse_due("08:00", now, HARARE)
    with pytest.raises(RuleError, match="YYYY-MM-DD HH:MM"):
        parse_due("friday", now, HARARE)
    with pytest.raises(RuleError, match="YYYY-MM-DD HH:MM"):
        parse_due("2027-02-30 10:00", now, HARARE)


def test_a_members_best_attempt_counts_and_each_questions_commonest_mistake() -> None:
    from bot.calendar.assignments import best_attempts, member_results, question_results
    from bot.store import AssignmentAnswer, AttemptRecord

    due = utc(2027, 5, 3, 16, 0)
    first = AttemptRecord(1, 9, 100, 1, utc(2027, 5, 3, 10, 0), utc(2027, 5, 3, 10, 5))
    second = AttemptRecord(2, 9, 100, 2, utc(2027, 5, 3, 17, 0), utc(2027, 5, 3, 17, 5))
    other = AttemptRecord(3, 9, 200, 1, utc(2027, 5, 3, 11, 0), None)
    answers = [
        AssignmentAnswer(1, 0, "q1", 1, True, 4000, utc(2027, 5, 3, 10, 1)),
        AssignmentAnswer(1, 1, "q2", 2, False, 5000, utc(2027, 5, 3, 10, 2)),
        AssignmentAnswer(2, 0, "q1", 1, True, 3000, utc(2027, 5, 3, 17, 1)),
        AssignmentAnswer(2, 1, "q2", 0, True, 2000, utc(2027, 5, 3, 17, 2)),
        AssignmentAnswer(3, 0, "q1", 3, False, 9000, utc(2027, 5, 3, 11, 1)),
    ]
    results = member_results([first, second, other], answers, due)
    assert [
        (r.user_id, r.right, r.answered, r.attempts, r.spent_ms, r.late, r.late_right, r.late_answered)
        for r in results
    ] == [
        (
            100,
            1,
            2,
            2,
            9000,
            False,
            2,
            2,
        ),  # the score is the on-time 1 of 2; the late 2 of 2 stands beside it
        (200, 0, 1, 1, 9000, False, None, None),
    ]
    assert results[0].finished == utc(2027, 5, 3, 10, 5)
    assert results[1].finished is None
    best, late = best_attempts([first, second, other], answers, due)
    assert (best, late) == ({1, 3}, {2})  # the late 2 of 2 is kept apart from the on-time 1 of 2
    per_question = question_results(["q1", "q2"], answers, best)  # counts the on-time attempts only
    assert [(q.answered, q.right, q.commonest_wrong) for q in per_question] == [(2, 1, 3), (1, 0, 2)]


def test_only_late_attempts_score_nothing_on_time_and_show_their_best() -> None:
    from bot.calendar.assignments import member_results
    from bot.store import AssignmentAnswer, AttemptRecord

    due = utc(2027, 5, 3, 16, 0)
    late_one = AttemptRecord(1, 9, 100, 1, utc(2027, 5, 3, 17, 0), utc(2027, 5, 3, 17, 5))
    # Started in time, last answered after the due time, never finished: late.
    straddling = AttemptRecord(2, 9, 200, 1, utc(2027, 5, 3, 15, 50), None)
    on_time_full = AttemptRecord(3, 9, 300, 1, utc(2027, 5, 3, 9, 0), utc(2027, 5, 3, 9, 5))
    answers = [
        AssignmentAnswer(1, 0, "q1", 1, True, 1000, utc(2027, 5, 3, 17, 1)),
        AssignmentAnswer(2, 0, "q1", 1, True, 1000, utc(2027, 5, 3, 15, 55)),
        AssignmentAnswer(2, 1, "q2", 1, True, 1000, utc(2027, 5, 3, 16, 1)),
        AssignmentAnswer(3, 0, "q1", 1, True, 1000, utc(2027, 5, 3, 9, 1)),
    ]
    results = member_results([late_one, straddling, on_time_full], answers, due)
    assert [(r.user_id, r.right, r.answered, r.late, r.late_right) for r in results] == [
        (300, 1, 1, False, None),
        (200, 0, 0, True, 2),  # a better late score ranks above an equal on-time one of 0
        (100, 0, 0, True, 1),
    ]


def test_a_champion_period_is_the_servers_week_or_month() -> None:
    from bot.calendar.champions import period_bounds

    # 23:30 UTC on Sunday 30 May 2027 is already Monday 31 May in Harare: a new week there.
    assert period_bounds("week", utc(2027, 5, 30, 23, 30), HARARE) == (
        utc(2027, 5, 30, 22, 0),
        utc(2027, 6, 6, 22, 0),
    )
    assert period_bounds("month", utc(2027, 5, 31, 22, 30), HARARE) == (
        utc(2027, 5, 31, 22, 0),
        utc(2027, 6, 30, 22, 0),
    )
    assert period_bounds("month", utc(2027, 12, 10), NEW_YORK) == (
        utc(2027, 12, 1, 5, 0),
        utc(2028, 1, 1, 5, 0),
    )
    # London's March: from GMT midnight to BST midnight.
    assert period_bounds("month", utc(2027, 3, 15), LONDON) == (
        utc(2027, 3, 1, 0, 0),
        utc(2027, 3, 31, 23, 0),
    )


def test_progress_counts_finishes_in_time_and_late_ones_apart() -> None:
    from bot.calendar.assignments import progress_counts
    from bot.store import AttemptRecord

    due = utc(2027, 5, 3, 16, 0)
    attempts = [
        AttemptRecord(1, 9, 100, 1, utc(2027, 5, 3, 10, 0), utc(2027, 5, 3, 10, 5)),  # in time, then late too
        AttemptRecord(2, 9, 100, 2, utc(2027, 5, 3, 17, 0), utc(2027, 5, 3, 17, 5)),
        AttemptRecord(3, 9, 200, 1, utc(2027, 5, 3, 15, 0), utc(2027, 5, 3, 16, 1)),  # finished a minute late
        AttemptRecord(4, 9, 300, 1, utc(2027, 5, 3, 11, 0), None),  # never finished
        AttemptRecord(5, 9, 400, 1, utc(2027, 5, 3, 15, 0), utc(2027, 5, 3, 16, 0)),  # on the due minute
    ]
    assert progress_counts(attempts, due) == (4, 2, 1)
