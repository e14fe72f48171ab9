"""A round's /quiz report, /quiz results and `bvunzo results` after its deck's file was rewritten: they say
what the round asked, through the real bot against the fake Discord."""

from __future__ import annotations

import asyncio
import csv
import io
import os
import sys
from pathlib import Path

import yaml

from tests.e2e.conftest import QUESTIONS, ROOT, World
from tests.e2e.rounds import play_round
from tests.e2e.test_calendar_schedules import say

EDITED_PROMPT = "Which of these is a fruit?"
EDITED_CHOICES = ["Mango", "Carrot", "Onion", "Potato"]


def table_of(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline="")))


async def test_a_rounds_report_and_results_after_its_deck_was_rewritten(world: World, tmp_path: Path) -> None:
    alice, bongani = world.members[:2]
    async with world.running() as bot:
        round_id = await play_round(
            world, world.general, world.moderator, {bongani: [False, True], alice: [True, False]}
        )
        record = await bot.store.get_round(round_id)
        assert record is not None
    asked = record.question_ids[0]
    deck = yaml.safe_load((QUESTIONS / "gradient-checkpointing.yaml").read_text(encoding="utf-8"))
    before = next(q for q in deck["questions"] if q["id"] == asked)
    prompt, choices, right = before["prompt"], list(before["choices"]), before["answer"]
    # Every deck as shipped, that one rewritten: its question now asks something else entirely.
    changed = tmp_path / "rewritten"
    changed.mkdir()
    for path in QUESTIONS.glob("*.yaml"):
        (changed / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    before["prompt"], before["choices"] = EDITED_PROMPT, EDITED_CHOICES[: len(choices)]
    (changed / "gradient-checkpointing.yaml").write_text(
        yaml.safe_dump(deck, allow_unicode=True), encoding="utf-8"
    )
    world.questions = changed
    async with world.running():
        report = await say(world, "quiz report", round=round_id)
        assert prompt[:40] in report and EDITED_PROMPT not in report
        sent = await world.fake.slash(world.general, world.moderator, "quiz results", round=round_id)
        message = await sent.wait_followup(lambda m: bool(m.attachments), timeout=10)
        table = table_of({a.filename: a.data for a in message.attachments}[f"round-{round_id}.csv"])
    first = [r for r in table if r["Question number"] == "1"]
    assert {r["Question"] for r in first} == {prompt}
    assert {r["Answer"] for r in first if r["Right"] == "yes"} == {choices[right]}
    env = {**os.environ, "BVUNZO_DB": str(world.db), "BVUNZO_QUESTIONS": str(changed)}
    done = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "results",
        str(round_id),
        "--out",
        str(tmp_path / "out"),
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _out, err = await done.communicate()
    assert done.returncode == 0, err.decode()
    host = table_of((tmp_path / "out" / f"round-{round_id}.csv").read_bytes())
    assert {r["Question"] for r in host if r["Question number"] == "1"} == {prompt}
