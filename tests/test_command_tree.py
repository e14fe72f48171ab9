"""The sentences for option values a command does not allow, judged on real discord.py commands."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.discord.command_tree import problem_with


@app_commands.command(name="sample", description="options of every kind Bvunzo uses")
async def sample(
    interaction: discord.Interaction,
    deck: str,
    questions: app_commands.Range[int, 1, 50],
    round: app_commands.Range[int, 1] | None = None,
    ratio: app_commands.Range[float, 0.0, 1.0] | None = None,
    code: app_commands.Range[str, 2, 10] | None = None,
    period: Literal["all", "month"] = "all",
    clear: bool = False,
    who: discord.Member | discord.User | None = None,
) -> None:
    """Never called: its parameters are what the checks read."""


def parameter(name: str) -> app_commands.Parameter:
    return next(p for p in sample.parameters if p.name == name)


def said(name: str, value: Any) -> str | None:
    return problem_with(parameter(name), value)


def test_values_the_command_allows_pass() -> None:
    assert said("deck", "gradient-checkpointing") is None
    assert said("questions", 1) is None and said("questions", 50) is None
    assert said("round", 99999) is None
    assert said("ratio", 0.5) is None and said("ratio", 1) is None
    assert said("code", "sn") is None
    assert said("period", "month") is None
    assert said("clear", True) is None


def test_each_wrong_value_gets_a_sentence_naming_the_option() -> None:
    assert said("questions", 0) == "`questions` must be a whole number from 1 to 50."
    assert said("questions", 51) == "`questions` must be a whole number from 1 to 50."
    assert said("questions", "lots") == "`questions` must be a whole number from 1 to 50."
    assert said("questions", True) == "`questions` must be a whole number from 1 to 50."
    assert said("questions", 2.5) == "`questions` must be a whole number from 1 to 50."
    assert said("round", 0) == "`round` must be a whole number of at least 1."
    assert said("ratio", 1.5) == "`ratio` must be a number from 0 to 1."
    assert said("deck", 5) == "`deck` must be text."
    assert said("code", "x") == "`code` must be text from 2 to 10 characters long."
    assert said("period", "yesterday") == "`period` must be one of: all, month."
    assert said("clear", "yes") == "`clear` must be true or false."


def test_an_option_naming_someone_must_find_them_in_the_resolved_data() -> None:
    known = {"users": {"42": {"id": "42", "username": "alice"}}}
    assert problem_with(parameter("who"), "42", known) is None
    assert (
        problem_with(parameter("who"), "43", known) == "`who` must be a member or user picked from the list."
    )
    assert problem_with(parameter("who"), "42") == "`who` must be a member or user picked from the list."
