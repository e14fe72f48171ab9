"""BVUNZO_SHARDS: the plan a host writes, the sentence for a wrong one, and which servers a plan holds."""

from __future__ import annotations

import pytest

from bot.host.config import ConfigError, Settings
from bot.host.shards import ALL_SHARDS, ShardPlan, parse_shards, shard_of
from tests.test_config import TOKEN, env, run_module

# Snowflakes whose timestamp part (id >> 22) is 1000, 1001, 1002 and 1003 milliseconds.
ON_0_OF_2, ON_1_OF_2 = 1000 << 22 | 5, 1001 << 22 | 7
ON_2_OF_4, ON_3_OF_4 = 1002 << 22, 1003 << 22


def test_discords_rule_for_a_server_s_shard() -> None:
    # A real server id: 175928847299117063 >> 22 is 41944705796, even, odd at count 3 (its remainder is 2).
    assert shard_of(175928847299117063, 1) == 0
    assert shard_of(175928847299117063, 2) == 0
    assert shard_of(175928847299117063, 3) == 2
    assert shard_of(ON_1_OF_2, 2) == 1
    assert shard_of(ON_3_OF_4, 4) == 3


@pytest.mark.parametrize(
    ("value", "ids", "count"),
    [
        ("0-3/8", (0, 1, 2, 3), 8),
        ("1/2", (1,), 2),
        ("0/1", (0,), 1),
        (" 4-5, 7 /8", (4, 5, 7), 8),
        ("6,0-1/8", (0, 1, 6), 8),
    ],
)
def test_plans(value: str, ids: tuple[int, ...], count: int) -> None:
    assert parse_shards(value) == ShardPlan(ids=ids, count=count)


def test_unset_is_discords_choice_and_holds_every_server() -> None:
    plan = Settings.from_env(env()).shards
    assert plan == ALL_SHARDS and plan.automatic
    assert plan.holds(ON_0_OF_2) and plan.holds(ON_1_OF_2)
    assert plan.syncs_commands


def test_a_plan_holds_only_its_shards_servers() -> None:
    first, second = parse_shards("0/2"), parse_shards("1/2")
    assert first.holds(ON_0_OF_2) and not first.holds(ON_1_OF_2)
    assert second.holds(ON_1_OF_2) and not second.holds(ON_0_OF_2)
    upper = parse_shards("2-3/4")
    assert upper.holds(ON_2_OF_4) and upper.holds(ON_3_OF_4) and not upper.holds(ON_1_OF_2)


def test_only_the_process_with_shard_0_syncs_global_commands() -> None:
    assert parse_shards("0-3/8").syncs_commands
    assert not parse_shards("4-7/8").syncs_commands
    assert not parse_shards("1/2").syncs_commands


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("two", "BVUNZO_SHARDS='two' is not a shard plan: write the shards this process runs"),
        ("3", "is not a shard plan"),
        ("0-3/", "is not a shard plan"),
        ("2/2", "shard 2 does not exist; shards of 2 are numbered 0 to 1."),
        ("0-8/8", "shard 8 does not exist"),
        ("3-1/8", "the range 3-1 runs backwards."),
        ("0/0", "the number of shards must be 1 to 65536."),
        ("0-1,1/4", "names a shard twice."),
        ("-1/4", "'-1' is not a shard number or a range a-b."),
        ("1-/4", "'1-' is not a shard number or a range a-b."),
    ],
)
def test_a_wrong_plan_is_one_sentence(value: str, words: str) -> None:
    with pytest.raises(ConfigError) as caught:
        Settings.from_env(env(BVUNZO_SHARDS=value))
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_wrong_plan_is_one_line_and_exit_2() -> None:
    done = run_module(DISCORD_TOKEN=TOKEN, BVUNZO_SHARDS="2/2")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "bvunzo: BVUNZO_SHARDS='2/2': shard 2 does not exist; shards of 2 are numbered 0 to 1."
    ]
