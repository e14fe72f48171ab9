"""RoundOptions: one record from a server's defaults through a /quiz start to the stored round."""

from __future__ import annotations

from dataclasses import fields
from datetime import UTC, datetime

import pytest

from bot.quiz import Mode, OptionsError, RoundOptions
from bot.quiz.standings import Standings
from bot.rounds.stored import default_options, new_round, round_options, with_default_options
from bot.store import GuildSettings, RoundRecord
from bot.store.records import DEFAULT_OPTIONS, KEPT_OPTIONS

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def test_a_start_overrides_only_what_it_was_given() -> None:
    defaults = RoundOptions(questions=12, seconds=30, streak_bonus=True, tags="memory")
    chosen = defaults.but(questions=None, seconds=15, mode="speed", streak_bonus=False, tags=None)
    assert chosen == RoundOptions(
        questions=12, seconds=15, mode=Mode.SPEED, streak_bonus=False, tags="memory"
    )
    with pytest.raises(TypeError, match="no round option pace"):
        defaults.but(pace=3)


def test_strings_from_the_store_become_the_engines_words() -> None:
    options = RoundOptions(mode="speed", standings="live")  # type: ignore[arg-type]
    assert (options.mode, options.standings) == (Mode.SPEED, Standings.LIVE)


@pytest.mark.parametrize(
    ("options", "sentence"),
    [
        (RoundOptions(questions=0), "A round has 1 to 50 questions, not 0."),
        (RoundOptions(seconds=4), "A question gives 5 to 120 seconds to answer, not 4."),
        (RoundOptions(podium=11), "A podium has 1 to 10 places, not 11."),
        (RoundOptions(reading_seconds=31), "The reading time is 0 to 30 seconds, not 31."),
        (RoundOptions(teams=1), "A round has 2 to 4 teams, or 0 for none; one team is no contest."),
        (RoundOptions(difficulty="brutal"), "difficulty is one of easy, medium, hard, not 'brutal'."),
    ],
)
def test_each_option_out_of_range_is_one_sentence(options: RoundOptions, sentence: str) -> None:
    with pytest.raises(OptionsError) as refused:
        options.check()
    assert refused.value.sentence == sentence


def test_the_servers_defaults_and_a_stored_round_carry_the_same_record() -> None:
    chosen = RoundOptions(
        questions=3, seconds=40, mode=Mode.SPEED, podium=5, standings=Standings.HIDDEN, streak_bonus=True,
        reading_seconds=4, untimed=True, long_prompts=True, thread=True, teams=2, tags="a b", difficulty="easy",
    )  # fmt: skip
    settings = with_default_options(GuildSettings(7, quiz_master_role_id=99, pause_seconds=0), chosen)
    assert (settings.mode, settings.standings, settings.quiz_master_role_id, settings.pause_seconds) == (
        "speed",
        "hidden",
        99,
        0,
    )
    assert default_options(settings) == chosen
    new = new_round(
        chosen,
        guild_id=7,
        channel_id=8,
        parent_channel_id=6,
        deck_id="d",
        started_by=1,
        question_ids=("q1", "q2", "q3"),
        seed=5,
        started_at=NOW,
    )
    assert (new.seconds, new.mode, new.podium, new.standings, new.teams) == (40, "speed", 5, "hidden", 2)
    stored = RoundRecord(
        id=1, guild_id=7, channel_id=8, deck_id="d", started_by=1, question_ids=new.question_ids,
        seconds=new.seconds, mode=new.mode, seed=5, status="running", current=-1, posted_at=None,
        message_id=None, revealed=False, intro_message_id=None, started_at=NOW, ended_at=None, end_reason=None,
        podium=new.podium, standings=new.standings, streak_bonus=new.streak_bonus,
        reading_seconds=new.reading_seconds, untimed=new.untimed, long_prompts=new.long_prompts,
        parent_channel_id=6, teams=new.teams,
    )  # fmt: skip
    # What the round plays with after a restart; the filter shaped only its start, so it is not kept.
    assert round_options(stored) == RoundOptions(
        questions=3, seconds=40, mode=Mode.SPEED, podium=5, standings=Standings.HIDDEN, streak_bonus=True,
        reading_seconds=4, untimed=True, long_prompts=True, thread=True, teams=2,
    )  # fmt: skip


def test_the_store_names_every_option_a_server_keeps() -> None:
    # The store imports nothing of the engine, so it spells RoundOptions' fields again: they must agree.
    assert tuple(f.name for f in fields(RoundOptions)) == DEFAULT_OPTIONS
    assert set(KEPT_OPTIONS) == set(DEFAULT_OPTIONS) - {"questions", "thread", "tags", "difficulty"}
