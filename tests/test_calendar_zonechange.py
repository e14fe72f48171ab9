"""A server's new time zone neither repeats nor skips an occurrence (issue 26), worked by hand: Harare is UTC+2
all year; New York is UTC-5 in winter and UTC-4 from 14 March 2027; London is UTC+0 until 28 March 2027."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from bot.calendar.repeats import Rule
from bot.calendar.zonechange import next_in_new_zone, qotd_moved, schedule_moved
from bot.calendar.zones import zone_named

HARARE = zone_named("Africa/Harare")
NEW_YORK = zone_named("America/New_York")
LONDON = zone_named("Europe/London")
SIX_PM = Rule(time(18, 0), "daily")


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)


def test_harare_to_new_york_does_not_run_todays_six_pm_again() -> None:
    # Monday 19:00 in Harare (Harare's 18:00 ran an hour ago), 13:00 in New York.
    now = utc(2027, 5, 3, 17, 0)
    after = next_in_new_zone(SIX_PM, NEW_YORK, now, ran_on=date(2027, 5, 3))
    assert after == utc(2027, 5, 4, 22, 0)  # Tuesday 18:00 in New York, not Monday's in five hours


def test_new_york_to_harare_runs_todays_six_pm_sooner_not_tomorrow() -> None:
    # Monday 10:00 in New York (Sunday's 18:00 ran there), 16:00 in Harare.
    now = utc(2027, 5, 3, 14, 0)
    after = next_in_new_zone(SIX_PM, HARARE, now, ran_on=date(2027, 5, 2))
    assert after == utc(2027, 5, 3, 16, 0)  # Monday 18:00 in Harare, sooner than New York's 22:00 UTC


def test_a_round_moved_east_minutes_after_its_new_time_still_starts_late() -> None:
    now = utc(2027, 5, 3, 16, 5)  # 18:05 in Harare; New York's Monday round has not run
    assert next_in_new_zone(SIX_PM, HARARE, now, ran_on=date(2027, 5, 2)) == utc(2027, 5, 3, 16, 0)
    # An hour past its new time, it has gone: the next is Tuesday's, and the reply says so.
    later = utc(2027, 5, 3, 17, 0)
    assert next_in_new_zone(SIX_PM, HARARE, later, ran_on=date(2027, 5, 2)) == utc(2027, 5, 4, 16, 0)


def test_the_question_of_the_day_moving_east_is_posted_late_not_skipped() -> None:
    now = utc(2027, 5, 3, 17, 0)  # 19:00 in Harare; New York's Monday question not posted
    after = next_in_new_zone(SIX_PM, HARARE, now, ran_on=date(2027, 5, 2), catch_up=True)
    assert after == utc(2027, 5, 3, 16, 0)  # due already: the runner posts Monday's now
    assert qotd_moved(after, HARARE, now, date(2027, 5, 2)) == (
        "Today's question of the day was not posted yet in Harare: it is posted now."
    )


def test_the_question_of_the_day_moving_west_is_not_posted_twice() -> None:
    now = utc(2027, 5, 3, 17, 0)  # Harare posted Monday's at 18:00 there; 13:00 Monday in New York
    after = next_in_new_zone(SIX_PM, NEW_YORK, now, ran_on=date(2027, 5, 3), catch_up=True)
    assert after == utc(2027, 5, 4, 22, 0)
    assert qotd_moved(after, NEW_YORK, now, date(2027, 5, 3)) == (
        "Today's question of the day was already posted; the next is Tuesday 18:00 New York time "
        "(<t:1809468000:f>)."
    )
    # Never posted anywhere: today's in New York is still ahead.
    first = next_in_new_zone(SIX_PM, NEW_YORK, now, ran_on=None, catch_up=True)
    assert first == utc(2027, 5, 3, 22, 0)
    assert qotd_moved(first, NEW_YORK, now, None).startswith("The next question of the day is Monday 18:00")


def test_the_reply_says_where_a_schedule_went() -> None:
    assert schedule_moved(3, utc(2027, 5, 4, 22, 0), NEW_YORK) == (
        "Scheduled round #3: the next is now Tuesday 18:00 New York time (<t:1809468000:f>)."
    )


def test_across_new_yorks_daylight_saving_change_both_ways() -> None:
    # London → New York on Sunday 14 March 2027, the day New York's clocks went forward; London's 18:00
    # ran (18:00 UTC); it is 15:00 EDT in New York: Monday's 18:00 EDT is next, not Sunday's.
    now = utc(2027, 3, 14, 19, 0)
    assert next_in_new_zone(SIX_PM, NEW_YORK, now, ran_on=date(2027, 3, 14)) == utc(2027, 3, 15, 22, 0)
    # New York → London on Saturday 13 March, 09:00 EST; New York's Friday ran: London's Saturday 18:00.
    now = utc(2027, 3, 13, 14, 0)
    assert next_in_new_zone(SIX_PM, LONDON, now, ran_on=date(2027, 3, 12)) == utc(2027, 3, 13, 18, 0)
    # A 02:30 schedule moved from London to New York: Sunday's 02:30 falls in New York's gap and runs at
    # 03:00 EDT (07:00 UTC), once; London's Saturday 02:30 ran.
    early = Rule(time(2, 30), "daily")
    now = utc(2027, 3, 13, 22, 0)
    assert next_in_new_zone(early, NEW_YORK, now, ran_on=date(2027, 3, 13)) == utc(2027, 3, 14, 7, 0)


def test_weekly_schedules_keep_their_days_in_the_new_zone() -> None:
    tuesdays = Rule(time(18, 0), "weekly", frozenset({1}))
    # Tuesday 19:00 in Harare, its round ran; 13:00 Tuesday in New York: the next Tuesday, not today's.
    now = utc(2027, 5, 4, 17, 0)
    assert next_in_new_zone(tuesdays, NEW_YORK, now, ran_on=date(2027, 5, 4)) == utc(
        2027, 5, 4, 22, 0
    ) + timedelta(days=7)
