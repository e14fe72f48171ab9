"""Results files of a round: /quiz results in Discord and `bvunzo results` for a host, opened as a spreadsheet."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import os
import sys
from pathlib import Path

from tests.e2e.conftest import ON_BOTH_DATABASES, ROOT, World
from tests.e2e.rounds import DECKS, play_round
from tests.e2e.test_calendar_schedules import say, set_zone

DECK = DECKS["gradient-checkpointing"]


def table_of(data: bytes) -> list[dict[str, str]]:
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with BOM: what makes Excel read it as UTF-8
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline="")))


@ON_BOTH_DATABASES
async def test_a_rounds_results_as_files_in_discord_and_from_the_command_line(
    world: World, database: str, tmp_path: Path
) -> None:
    alice, bongani = world.members[:2]
    world.clock.freeze()
    async with world.running():
        await set_zone(world, "Africa/Harare")
        assert "No round has finished in this channel" in await say(world, "quiz results")
        round_id = await play_round(
            world, world.general, world.moderator, {bongani: [None, True], alice: [True, False]}
        )
        assert "Only members with Manage Server" in await say(world, "quiz results", alice)
        assert f"no round {round_id + 5}" in await say(world, "quiz results", round=round_id + 5)
        asked = await world.fake.slash(world.general, world.moderator, "quiz results")
        message = await asked.wait_followup(lambda m: bool(m.attachments), timeout=10)
        assert message.ephemeral and f"Round {round_id}: 3 answers from 2 members" in message.text
        files = {a.filename: a.data for a in message.attachments}
        table = table_of(files[f"round-{round_id}.csv"])
        assert [(r["Member"], r["Question number"], r["Right"], r["Points"]) for r in table] == [
            ("Alice", "1", "yes", "100"),
            ("Alice", "2", "no", "0"),
            ("Bongani", "2", "yes", "100"),
        ]
        first = next(q for q in DECK.questions if q.id == table[0]["Question id"])
        assert table[0]["Question"] == first.prompt
        assert table[0]["Answer"] in {first.choices[i] for i in first.answers}
        assert table[0]["Choice letter"] in "ABCD" and table[0]["Answered at"].endswith("+02:00")
        document = json.loads(files[f"round-{round_id}.json"])
        assert document["kind"] == "round" and document["options"]["questions"] == 2
        assert [r["member_id"] for r in document["rows"]] == [alice.id, alice.id, bongani.id]

    # The same from the command line, for a host (no Discord: names are left empty).
    env = {**os.environ, "BVUNZO_DB": str(world.db), "BVUNZO_QUESTIONS": str(world.questions)}
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
    out, err = await done.communicate()
    assert done.returncode == 0, err.decode()
    assert out.decode().split() == [
        str(tmp_path / "out" / f"round-{round_id}.csv"),
        str(tmp_path / "out" / f"round-{round_id}.json"),
    ]
    host_table = table_of((tmp_path / "out" / f"round-{round_id}.csv").read_bytes())
    assert [{k: v for k, v in r.items() if k != "Member"} for r in host_table] == [
        {k: v for k, v in r.items() if k != "Member"} for r in table
    ]
    missing = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "results", "999", cwd=ROOT, env=env, stderr=asyncio.subprocess.PIPE
    )
    _, err = await missing.communicate()
    assert missing.returncode == 1 and "there is no round 999" in err.decode()


async def test_names_a_spreadsheet_would_run_are_written_as_text_and_the_header_in_the_readers_language(
    world: World,
) -> None:
    formula = world.study.add_member("mallory", nick='=HYPERLINK("http://x","y")')
    at = world.study.add_member("atsign", nick="@SUM(A1)")
    minus = world.study.add_member("minus", nick="-2+3")
    world.clock.freeze()
    async with world.running():
        round_id = await play_round(
            world, world.general, world.moderator, {formula: [True], at: [False], minus: [True]}
        )
        asked = await world.fake.slash(world.general, world.moderator, "quiz results")
        message = await asked.wait_followup(lambda m: bool(m.attachments), timeout=10)
        sheet = {a.filename: a.data for a in message.attachments}[f"round-{round_id}.csv"]
        assert b"\r\n'=HYPERLINK(" not in sheet  # the name is not a row's first cell
        table = table_of(sheet)
        assert sorted(r["Member"] for r in table) == ["'-2+3", '\'=HYPERLINK("http://x","y")', "'@SUM(A1)"]
        assert {r["Round or assignment"] for r in table} == {f"round {round_id}"}

        world.moderator.user.locale = "fr"  # a French client: the file speaks French, as the reply does
        asked = await world.fake.slash(world.general, world.moderator, "quiz results")
        message = await asked.wait_followup(lambda m: bool(m.attachments), timeout=10)
        french = {a.filename: a.data for a in message.attachments}[f"round-{round_id}.csv"]
        header = french.decode("utf-8-sig").split("\r\n")[0]
        assert header == (
            "Manche ou devoir,Numéro de question,Id de la question,Question,Id du membre,Membre,"
            "Lettre du choix,Réponse,Juste,Millisecondes,Points,Répondu le,Indices"
        )
        rows = table_of(french)
        assert sorted(r["Juste"] for r in rows) == ["non", "oui", "oui"]
        assert {r["Manche ou devoir"] for r in rows} == {f"manche {round_id}"}
