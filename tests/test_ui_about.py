"""/about's embed (bot/ui/about.py) from plain facts: what a member and what a moderator see."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.ui.about import AboutFacts, DatabaseLine, about_embed, duration

FACTS = AboutFacts(
    version="1.2.3",
    decks=3,
    questions=41,
    uptime_seconds=3 * 86400 + 5 * 3600 + 59,
    latency=0.0424,
    deck_problems=("bio.yaml:7: answer 4 is out of range",),
    moderator=False,
    champion_problem="The champion role is gone; choose another role.",
    database=DatabaseLine(3 * 1_048_576 + 524_288, datetime(2026, 3, 1, tzinfo=UTC)),
)


def fields(facts: AboutFacts) -> dict[str, str]:
    return {field.name or "": field.value or "" for field in about_embed(facts).fields}


def test_a_member_sees_how_many_problems_but_not_which_nor_the_database() -> None:
    shown = fields(FACTS)
    assert shown["Version"] == "1.2.3"
    assert shown["Decks"] == "3 (41 questions)"
    assert shown["Uptime"] == "3 d 5 h"
    assert shown["Latency"] == "42 ms"
    assert (
        shown["Deck problems"]
        == "1 problem in the deck files; the host's log (or `bvunzo validate`) lists it"
    )
    assert shown["Champion role"] == "The champion role is gone; choose another role."
    assert "Database (moderators)" not in shown


def test_a_moderator_sees_each_problem_and_the_database() -> None:
    moderator = AboutFacts(**{**FACTS.__dict__, "moderator": True})
    shown = fields(moderator)
    assert shown["Deck problems"].endswith("lists it:\nbio.yaml:7: answer 4 is out of range")
    assert shown["Database (moderators)"] == "3.5 MiB · last backup <t:1772323200:R>"


def test_no_problems_no_champion_problem_and_no_heartbeat_yet() -> None:
    quiet = AboutFacts(
        **{**FACTS.__dict__, "deck_problems": (), "champion_problem": None, "latency": float("inf")}
    )
    shown = fields(quiet)
    assert "Deck problems" not in shown and "Champion role" not in shown
    assert shown["Latency"] == "—"


def test_durations_are_said_in_their_largest_two_units() -> None:
    assert duration(59) == "0 min 59 s"
    assert duration(3600 + 120) == "1 h 2 min"
    assert duration(86400) == "1 d 0 h"
