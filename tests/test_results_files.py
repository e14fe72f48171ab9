"""Results files: CSV as Excel opens it (UTF-8 with BOM) and JSON with the same rows."""

from __future__ import annotations

import asyncio
import csv
import io
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.calendar.zones import zone_named
from bot.results.result_rows import ResultRow, csv_bytes, json_bytes
from bot.store import GuildSettings, open_store
from tests.store_contract.builders import T0, answer, start

HARARE = zone_named("Africa/Harare")


def rows() -> list[ResultRow]:
    at = datetime(2027, 5, 3, 16, 0, 5, tzinfo=UTC).astimezone(HARARE)
    return [
        ResultRow(
            "round 4",
            1,
            "gc-01",
            'Chii chinonzi "checkpoint", pa GPU?',
            11,
            "Tendai Moyo",
            "B",
            "Kuchengeta",
            True,
            1500,
            100,
            at,
        ),
        ResultRow(
            "round 4", 2, "gc-02", "Two, lines\nof prompt", 12, "Zoë", "", "typed, text", False, 9000, 0, at
        ),
    ]


def test_the_csv_opens_as_a_spreadsheet_would_open_it() -> None:
    data = csv_bytes(rows())
    assert data.startswith(b"\xef\xbb\xbf")  # Excel reads UTF-8 only with the byte-order mark
    table = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert table[0][:4] == ["Round or assignment", "Question number", "Question id", "Question"]
    assert table[1] == [
        "round 4",
        "1",
        "gc-01",
        'Chii chinonzi "checkpoint", pa GPU?',
        "11",
        "Tendai Moyo",
        "B",
        "Kuchengeta",
        "yes",
        "1500",
        "100",
        "2027-05-03T18:00:05+02:00",
        "0",
    ]
    assert table[2][3] == "Two, lines\nof prompt" and table[2][5] == "Zoë" and table[2][8] == "no"
    assert len(table) == 3


def test_the_json_has_the_same_rows_and_the_options() -> None:
    document = json.loads(json_bytes("round", 4, {"seconds": 30, "mode": "speed"}, rows()))
    assert document["kind"] == "round" and document["id"] == 4
    assert document["options"] == {"seconds": 30, "mode": "speed"}
    assert document["rows"][0]["answered_at"] == "2027-05-03T18:00:05+02:00"
    assert document["rows"][1]["member_name"] == "Zoë" and document["rows"][1]["right"] is False


FORMULA_DECK = """\
id: formulas
title: Formulas
language: en
questions:
  - id: f-1
    prompt: "=SUM(A1:A9)"
    choices: ["-3 is right", "+1", "@me", "plain"]
    answer: 0
  - id: f-2
    type: text
    prompt: "-x, then what?"
    answers: ["-3"]
"""


def test_bvunzo_results_writes_prompts_and_answers_as_text_in_the_servers_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    questions = tmp_path / "questions"
    questions.mkdir()
    (questions / "formulas.yaml").write_text(FORMULA_DECK, encoding="utf-8")
    db = tmp_path / "bvunzo.db"

    async def seed() -> int:
        async with await open_store(str(db)) as store:
            await store.save_guild_settings(GuildSettings(guild_id=1, language="fr"))
            record = await start(store, deck="formulas", questions=("f-1", "f-2"))
            await store.record_answer(answer(record, 0, 11, right=True, choice=0))
            await store.record_answer(answer(record, 1, 11, right=False, text="=1+1"))
            await store.save_hints(record.id, 1, 12, 2)  # member 12 pressed Hint twice first
            await store.record_answer(answer(record, 1, 12, right=True, text="-3"))
            await store.finish_round(record.id, "finished", T0 + timedelta(minutes=5))
            return record.id

    round_id = asyncio.run(seed())
    monkeypatch.setenv("BVUNZO_DB", str(db))
    monkeypatch.setenv("BVUNZO_QUESTIONS", str(questions))
    assert main(["results", str(round_id), "--out", str(tmp_path / "out")]) == 0
    data = (tmp_path / "out" / f"round-{round_id}.csv").read_bytes()
    lines = data.decode("utf-8").split("\r\n")
    assert lines[0] == (
        "\ufeffManche ou devoir,Numéro de question,Id de la question,Question,Id du membre,Membre,"
        "Lettre du choix,Réponse,Juste,Millisecondes,Points,Répondu le,Indices"
    )
    table = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert [(r[0], r[3], r[7], r[8]) for r in table[1:]] == [
        (f"manche {round_id}", "'=SUM(A1:A9)", "'-3 is right", "oui"),
        (f"manche {round_id}", "'-x, then what?", "'=1+1", "non"),
        (f"manche {round_id}", "'-x, then what?", "-3", "oui"),  # a plain number stays a number
    ]
    assert [r[12] for r in table[1:]] == ["0", "0", "2"]
    document = json.loads((tmp_path / "out" / f"round-{round_id}.json").read_bytes())
    # The JSON keeps its stable keys and values, and needs no escaping.
    assert [(r["source"], r["prompt"], r["answer"], r["right"]) for r in document["rows"]] == [
        (f"round {round_id}", "=SUM(A1:A9)", "-3 is right", True),
        (f"round {round_id}", "-x, then what?", "=1+1", False),
        (f"round {round_id}", "-x, then what?", "-3", True),
    ]
    assert [r["hints"] for r in document["rows"]] == [0, 0, 2]
