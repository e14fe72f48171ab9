"""Shared SQL: one text with :named parameters, rendered for sqlite3 as written and for asyncpg as $n."""

from __future__ import annotations

import sqlite3
import sys

import asyncpg
import pytest

from bot.store.sql.answers import ANSWER_COLUMNS, INSERT_ANSWER, PREVIOUS_ANSWER
from bot.store.sql.practice import INSERT_PRACTICE_ANSWER, MEMORY_COLUMNS, PRACTICE_COLUMNS, SAVE_MEMORY
from bot.store.sql.rounds import NEW_ROUND_COLUMNS, START_ROUND
from bot.store.sql.settings import GUILD_SETTING_COLUMNS, SAVE_GUILD_SETTINGS
from bot.store.sql.statement import sql


def test_each_name_is_numbered_by_its_first_appearance() -> None:
    statement = sql("SELECT x FROM t WHERE guild_id = :guild AND deck_id = :deck OR owner = :guild")
    assert statement.names == ("guild", "deck")
    assert statement.postgres_text == "SELECT x FROM t WHERE guild_id = $1 AND deck_id = $2 OR owner = $1"
    assert statement.sqlite_numbered == "SELECT x FROM t WHERE guild_id = ?1 AND deck_id = ?2 OR owner = ?1"
    assert (
        statement.sqlite_text
        == "SELECT x FROM t WHERE guild_id = :guild AND deck_id = :deck OR owner = :guild"
    )


def test_a_colon_in_a_literal_an_identifier_or_a_comment_is_no_parameter() -> None:
    statement = sql(
        "SELECT 'at :noon', \"odd:column\", 'it''s :x' -- not :this\nFROM t /* nor :that */ WHERE a = :a"
    )
    assert statement.names == ("a",)
    assert statement.postgres_text == (
        "SELECT 'at :noon', \"odd:column\", 'it''s :x' -- not :this\nFROM t /* nor :that */ WHERE a = $1"
    )


def test_a_statement_with_no_parameter_renders_unchanged() -> None:
    statement = sql("SELECT COUNT(*) FROM rounds WHERE status = 'running'")
    assert statement.names == ()
    assert statement.postgres_text == statement.sqlite_numbered == statement.sqlite_text
    assert statement.postgres() == ("SELECT COUNT(*) FROM rounds WHERE status = 'running'",)


@pytest.mark.parametrize(
    "text",
    [
        "SELECT x FROM t WHERE a = ?",
        "SELECT x FROM t WHERE a = ?1",
        "SELECT x FROM t WHERE a = $1",
        "SELECT x::bigint FROM t WHERE a = :a",
        "SELECT :a::text",
    ],
)
def test_text_that_means_two_things_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        sql(text)


def test_each_numbering_is_made_on_its_first_use_and_kept() -> None:
    # A bot on SQLite runs most statements by name: it keeps neither numbered text of them.
    statement = sql("UPDATE t SET a = :a WHERE guild_id = :guild AND a IS NOT DISTINCT FROM :a")
    assert statement.sqlite(a=1, guild=2) == (
        "UPDATE t SET a = :a WHERE guild_id = :guild AND a IS :a",
        {"a": 1, "guild": 2},
    )
    assert statement._rendered == {}
    assert statement.postgres_text == "UPDATE t SET a = $1 WHERE guild_id = $2 AND a IS NOT DISTINCT FROM $1"
    assert statement.postgres_text is statement._rendered["$"]
    assert list(statement._rendered) == ["$"]
    assert statement.sqlite_numbered == "UPDATE t SET a = ?1 WHERE guild_id = ?2 AND a IS ?1"
    # The names are the interned strings a caller's keywords are: one copy for every statement.
    assert statement.names[1] is sys.intern("guild")


def test_values_are_given_by_name_and_ordered_for_asyncpg() -> None:
    statement = sql("UPDATE t SET a = :a WHERE id = :id AND b = :b")
    assert statement.postgres(b="bee", id=7, a=None) == (
        "UPDATE t SET a = $1 WHERE id = $2 AND b = $3",
        None,
        7,
        "bee",
    )
    assert statement.sqlite(b="bee", id=7, a=None) == (
        "UPDATE t SET a = :a WHERE id = :id AND b = :b",
        {"b": "bee", "id": 7, "a": None},
    )
    assert statement.ordered({"id": 7, "a": 1, "b": 2}) == [1, 7, 2]


@pytest.mark.parametrize(
    "values", [{"a": 1, "id": 2}, {"a": 1, "id": 2, "b": 3, "c": 4}, {"a": 1, "id": 2, "bb": 3}]
)
def test_a_missing_or_unknown_name_is_refused_on_both_engines(values: dict[str, int]) -> None:
    statement = sql("UPDATE t SET a = :a WHERE id = :id AND b = :b")
    with pytest.raises(ValueError, match=r"missing|unknown"):
        statement.postgres(**values)
    with pytest.raises(ValueError, match=r"missing|unknown"):
        statement.sqlite(**values)


def test_the_row_shaped_statements_take_their_rows_in_column_order() -> None:
    # Answers, rounds, memories, practice answers and settings go in as tuples, with no mapping per row:
    # their parameters must be their columns, in order.
    assert INSERT_ANSWER.names == ANSWER_COLUMNS.names
    assert PREVIOUS_ANSWER.names == ("round_id", "question_index", "user_id")
    assert START_ROUND.names == NEW_ROUND_COLUMNS.names
    assert SAVE_MEMORY.names == MEMORY_COLUMNS.names
    assert INSERT_PRACTICE_ANSWER.names == PRACTICE_COLUMNS.names
    assert SAVE_GUILD_SETTINGS.names == GUILD_SETTING_COLUMNS.names


_BOTH = sql("SELECT CAST(:a AS INTEGER) + CAST(:b AS INTEGER), CAST(:a AS INTEGER), 'x:y'")


def test_the_rendered_text_runs_on_sqlite() -> None:
    conn = sqlite3.connect(":memory:")
    try:
        assert conn.execute(*_BOTH.sqlite(a=2, b=5)).fetchall() == [(7, 2, "x:y")]
        assert conn.execute(_BOTH.sqlite_numbered, _BOTH.ordered({"b": 5, "a": 2})).fetchall() == [
            (7, 2, "x:y")
        ]
    finally:
        conn.close()


async def test_the_rendered_text_runs_on_postgres(postgres_url: str) -> None:
    conn = await asyncpg.connect(postgres_url)
    try:
        assert tuple(await conn.fetchrow(*_BOTH.postgres(b=5, a=2))) == (7, 2, "x:y")
    finally:
        await conn.close()
