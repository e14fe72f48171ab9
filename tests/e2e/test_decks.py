"""A server's own decks, end to end: import an upload, play it, keep it to that server, export, delete."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.fake_discord import FakeMessage, Member
from tests.e2e.harness import wait_until
from tests.e2e.rounds import click, open_question, right_letter, set_pause, start, wrong_letter

DEFERRED = 5

SHEET = (
    "Question,Choice 1,Choice 2,Choice 3,Answer,Explanation\n"
    "Which organelle makes ATP?,Ribosome,Mitochondrion,Nucleus,B,Cellular respiration happens there.\n"
    "Which molecule carries amino acids?,tRNA,DNA,Lipid,tRNA,Transfer RNA brings them to the ribosome.\n"
    "Broken: no right answer?,a,b,c,Z,\n"
)


async def import_file(
    world: World, member: Member, filename: str, data: bytes, **options: object
) -> FakeMessage:
    """/deck import as `member`, and the message that finally answers it (after the bot's deferral)."""
    upload = world.fake.attachment(filename, data, "text/csv")
    asked = await world.fake.slash(world.general, member, "deck import", file=upload, **options)
    first = await asked.response()
    assert first.ephemeral
    if first.type == DEFERRED:
        return await asked.wait_followup(timeout=15)
    assert first.message is not None
    return first.message


async def test_import_refuses_a_file_with_a_broken_question_then_keeps_the_valid_ones(
    world: World, bot: BvunzoBot
) -> None:
    refused = await import_file(world, world.moderator, "biology.csv", SHEET.encode(), name="Cell Biology")
    assert "Not imported" in refused.text
    assert "line 4: the answer `Z` is none of the choices" in refused.text
    assert bot.bank.get("cell-biology", world.study.id) is None

    kept = await import_file(
        world, world.moderator, "biology.csv", SHEET.encode(), name="Cell Biology", keep_valid=True
    )
    assert "2 questions" in kept.text and "`cell-biology`" in kept.text
    assert "line 4: the answer `Z` is none of the choices" in kept.text
    deck = bot.bank.get("cell-biology", world.study.id)
    assert deck is not None and [q.prompt for q in deck.questions] == [
        "Which organelle makes ATP?",
        "Which molecule carries amino acids?",
    ]
    records = await bot.store.guild_decks(world.study.id)
    assert [(r.deck_id, r.source_name, r.uploaded_by) for r in records] == [
        ("cell-biology", "biology.csv", world.moderator.id)
    ]


async def test_a_round_plays_on_an_imported_deck_and_only_in_its_server(world: World, bot: BvunzoBot) -> None:
    await import_file(
        world, world.moderator, "biology.csv", SHEET.encode(), name="Cell Biology", keep_valid=True
    )
    deck = bot.bank.get("cell-biology", world.study.id)
    assert deck is not None
    alice, bongani = world.members[:2]
    await set_pause(world, 0)
    await start(world, world.general, world.moderator, deck="cell-biology", questions=2, seconds=60)
    for number in (1, 2):
        message = await open_question(world, world.general, number)
        assert "Cell Biology" in message.text
        assert (await click(world, message, alice, right_letter(message, deck))).startswith("Locked in")
        assert (await click(world, message, bongani, wrong_letter(message, deck))).startswith("Locked in")
        await (await world.fake.slash(world.general, world.moderator, "quiz skip")).response()
    summary = await world.fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    assert f"<@{alice.id}> — **200** points" in summary.text

    # The other server neither lists nor plays it.
    listing = await (await world.fake.slash(world.lounge, world.outsider, "decks")).response()
    assert "cell-biology" not in listing.text and "gradient-checkpointing" in listing.text
    own = await (await world.fake.slash(world.general, alice, "decks")).response()
    assert "`cell-biology`" in own.text and "this server's own" in own.text
    refused = await (
        await world.fake.slash(world.lounge, world.outsider, "quiz start", deck="cell-biology")
    ).response()
    assert refused.ephemeral and "There is no deck called" in refused.content


async def test_only_moderators_import_and_big_files_are_refused_unread(world: World, bot: BvunzoBot) -> None:
    alice = world.members[0]
    denied = await import_file(world, alice, "biology.csv", SHEET.encode(), name="Mine")
    assert "Only members with Manage Server" in denied.text
    big = world.fake.attachment("huge.csv", b"question,answer\n" + b"x" * (1024 * 1024 + 1))
    # Taken off the fake's file server: had the bot tried to download it, it would have failed.
    del world.fake.attachments[big.id]
    asked = await world.fake.slash(world.general, world.moderator, "deck import", file=big, name="Huge")
    answer = await asked.response()
    assert answer.ephemeral
    assert (
        answer.content
        == "That file is 1025 KiB; a deck may be at most 1024 KiB, so split it into several files."
    )
    taken = await (
        await world.fake.slash(
            world.general,
            world.moderator,
            "deck import",
            file=world.fake.attachment("gc.csv", b"question,answer\nq,a\n"),
            name="Gradient Checkpointing",
        )
    ).response()
    assert "`gradient-checkpointing` is the id of a built-in deck" in taken.content


async def test_uploaded_words_never_ping_and_stay_out_of_custom_ids(world: World, bot: BvunzoBot) -> None:
    sheet = b"question,answer\n@everyone <@&1> what?,yes\n"
    answer = await import_file(world, world.moderator, "@everyone.csv", sheet, name="Pings <@1>")
    assert "Pings" in answer.text
    for request in world.fake.requests:
        body = request.body if isinstance(request.body, dict) else {}
        mentions = body.get("allowed_mentions") or (body.get("data") or {}).get("allowed_mentions")
        if mentions is not None:
            assert mentions.get("parse", []) == [], request
    deck = bot.bank.get("pings-1", world.study.id)
    assert deck is not None and deck.title == "Pings <@1>"
    asked = await (
        await world.fake.slash(world.general, world.moderator, "deck delete", deck="pings-1")
    ).response()
    assert asked.message is not None
    assert [b["custom_id"] for b in asked.message.buttons()] == ["bvz:1:dd:pings-1", "bvz:1:dk:pings-1"]


async def test_export_as_yaml_csv_and_gift(world: World, bot: BvunzoBot) -> None:
    await import_file(
        world, world.moderator, "biology.csv", SHEET.encode(), name="Cell Biology", keep_valid=True
    )
    asked = await world.fake.slash(
        world.general, world.moderator, "deck export", deck="cell-biology", format="csv"
    )
    answer = await asked.response()
    assert answer.ephemeral and answer.message is not None
    [upload] = answer.message.attachments
    assert upload.filename == "cell-biology.csv"
    assert upload.data.startswith(b"\xef\xbb\xbf")  # UTF-8 with BOM, as every CSV Bvunzo writes
    lines = upload.data.decode("utf-8-sig").splitlines()
    assert lines[0].startswith("id,type,question,answer,choice1")
    assert "Which organelle makes ATP?,Mitochondrion,Ribosome,Mitochondrion,Nucleus" in lines[1]
    asked = await world.fake.slash(
        world.general, world.moderator, "deck export", deck="gradient-checkpointing"
    )
    [yaml_file] = (await asked.response()).message.attachments  # type: ignore[union-attr]
    assert yaml_file.filename == "gradient-checkpointing.yaml"
    assert yaml_file.data.decode("utf-8").startswith(
        "id: gradient-checkpointing\ntitle: Gradient Checkpointing\n"
    )
    asked = await world.fake.slash(
        world.general, world.moderator, "deck export", deck="gradient-checkpointing", format="gift"
    )
    gift = (await asked.response()).message
    assert gift is not None and gift.content == (
        "The deck `gradient-checkpointing` (8 questions) as GIFT.\n"
        "GIFT cannot hold translations: the file has each question in its own language only."
    )
    [gift_file] = gift.attachments
    assert gift_file.filename == "gradient-checkpointing.gift"
    assert gift_file.data.decode("utf-8").startswith("// Gradient Checkpointing\n\n::gc-01::[plain]Chii ")
    denied = await (
        await world.fake.slash(world.general, world.members[0], "deck export", deck="cell-biology")
    ).response()
    assert "Only members with Manage Server" in denied.content


async def test_an_exported_csv_runs_no_formula_and_imports_back(world: World, bot: BvunzoBot) -> None:
    sheet = (
        "Question,Choice 1,Choice 2,Choice 3,Answer\n"
        "=SUM(A1),-x,@me,+1,B\n"
        "@everyone: 2 - 5?,-3,-2,-3 is wrong,A\n"
    )
    await import_file(world, world.moderator, "formulas.csv", sheet.encode(), name="Formulas")
    asked = await world.fake.slash(
        world.general, world.moderator, "deck export", deck="formulas", format="csv"
    )
    [upload] = (await asked.response()).message.attachments  # type: ignore[union-attr]
    lines = upload.data.decode("utf-8-sig").split("\r\n")
    assert lines[1].split(",")[2:7] == ["'=SUM(A1)", "'@me", "'-x", "'@me", "+1"]
    assert lines[2].split(",")[2:7] == ["'@everyone: 2 - 5?", "-3", "-3", "-2", "'-3 is wrong"]
    again = await import_file(world, world.moderator, "formulas.csv", upload.data, name="Formulas again")
    assert "Formulas again" in again.text
    first, second = bot.bank.get("formulas", world.study.id), bot.bank.get("formulas-again", world.study.id)
    assert first is not None and second is not None
    assert [(q.prompt, q.choices, q.answers) for q in second.questions] == [
        (q.prompt, q.choices, q.answers) for q in first.questions
    ]
    assert second.questions[0].prompt == "=SUM(A1)"


async def test_delete_asks_for_confirmation(world: World, bot: BvunzoBot) -> None:
    await import_file(
        world, world.moderator, "biology.csv", SHEET.encode(), name="Cell Biology", keep_valid=True
    )
    builtin = await (
        await world.fake.slash(world.general, world.moderator, "deck delete", deck="gradient-checkpointing")
    ).response()
    assert "is a built-in deck" in builtin.content
    asked = await (
        await world.fake.slash(world.general, world.moderator, "deck delete", deck="cell-biology")
    ).response()
    assert asked.ephemeral and "Delete the deck **Cell Biology**" in asked.content
    assert asked.message is not None
    kept = await (await world.fake.click(asked.message, world.moderator, label="Keep it")).response()
    assert kept.message is not None and kept.message.content == "Nothing was deleted."
    assert bot.bank.get("cell-biology", world.study.id) is not None

    asked = await (
        await world.fake.slash(world.general, world.moderator, "deck delete", deck="cell-biology")
    ).response()
    assert asked.message is not None
    await (await world.fake.click(asked.message, world.moderator, label="Delete the deck")).response()
    confirmation = asked.message
    await wait_until(
        lambda: "deleted" in confirmation.content, timeout=5, what="the deletion to be confirmed"
    )
    assert confirmation.content == "The deck `cell-biology` was deleted."
    assert confirmation.components == []
    assert bot.bank.get("cell-biology", world.study.id) is None
    assert await bot.store.guild_decks(world.study.id) == []


async def test_an_import_and_a_deletion_are_each_logged_and_counted(
    world: World, bot: BvunzoBot, caplog: pytest.LogCaptureFixture
) -> None:
    metrics = bot.telemetry.enable_metrics()  # as for a bot with BVUNZO_HTTP set

    def changes(change: str) -> float | None:
        return metrics.registry.get_sample_value("bvunzo_deck_changes_total", {"change": change})

    def lines() -> list[str]:
        return [r.getMessage() for r in caplog.records if r.name == "bot.events" and "deck" in r.getMessage()]

    with caplog.at_level(logging.INFO, logger="bot.events"):
        await import_file(
            world, world.moderator, "biology.csv", SHEET.encode(), name="Cell Biology", keep_valid=True
        )
        assert lines() == ["deck cell-biology imported (2 questions)"]
        assert changes("imported") == 1.0
        await import_file(
            world, world.moderator, "biology.csv", SHEET.encode(), name="Cell Biology", keep_valid=True
        )
        assert lines()[1:] == ["deck cell-biology replaced (2 questions)"]
        asked = await (
            await world.fake.slash(world.general, world.moderator, "deck delete", deck="cell-biology")
        ).response()
        assert asked.message is not None
        await (await world.fake.click(asked.message, world.moderator, label="Delete the deck")).response()
        await wait_until(lambda: len(lines()) == 3, timeout=5, what="the deletion's log line")
    assert lines()[2:] == ["deck cell-biology deleted (2 questions)"]
    assert [r.guild_id for r in caplog.records if r.name == "bot.events" and "deck" in r.getMessage()] == [
        world.study.id
    ] * 3
    assert (changes("imported"), changes("replaced"), changes("deleted")) == (1.0, 1.0, 1.0)


async def test_one_broken_question_leaves_the_rest_of_its_deck_playable(world: World, tmp_path: Path) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "mixed.yaml").write_text(
        "id: mixed\ntitle: Mixed\nquestions:\n"
        "  - id: q1\n    prompt: First?\n    choices: [a, b]\n    answer: 0\n"
        "  - id: q2\n    prompt: Broken?\n    choices: [a]\n    answer: 0\n"
        "  - id: q3\n    prompt: Third?\n    choices: [a, b]\n    answer: 1\n",
        encoding="utf-8",
    )
    world.questions = folder
    async with world.running():
        decks = await (await world.fake.slash(world.general, world.members[0], "decks")).response()
        assert "**Mixed** (`mixed`) — 2 questions" in decks.text
        reason = f"{folder / 'mixed.yaml'}:10: a choice question needs 2 to 5 choices; this one has 1"
        for_moderator = await (await world.fake.slash(world.general, world.moderator, "about")).response()
        assert reason in for_moderator.text
        for_member = await (await world.fake.slash(world.general, world.members[0], "about")).response()
        assert "1 problem in the deck files" in for_member.text and reason not in for_member.text


async def suggest(world: World, member: Member, deck: str, values: dict[str, str]) -> str:
    asked = await world.fake.slash(world.general, member, "deck suggest", deck=deck)
    form = await asked.response()
    assert [i["custom_id"] for i in form.modal.inputs()] == ["prompt", "right", "wrong", "explanation"]
    sent = await (await world.fake.submit_modal(asked, values, member=member)).response()
    assert sent.ephemeral
    return sent.content


async def test_suggest_approve_and_the_question_plays_with_its_author_credited(
    world: World, bot: BvunzoBot
) -> None:
    await import_file(
        world, world.moderator, "biology.csv", SHEET.encode(), name="Cell Biology", keep_valid=True
    )
    alice, bongani = world.members[:2]
    said = await suggest(
        world,
        alice,
        "cell-biology",
        {
            "prompt": "Where is DNA kept in a eukaryotic cell?",
            "right": "Nucleus",
            "wrong": "Ribosome\nCell wall\n",
            "explanation": "Chromosomes live in the nucleus.",
        },
    )
    assert said.startswith("Thank you! Your question for `cell-biology` waits")
    # A question that could not play is refused at once, with the reason.
    refused = await suggest(world, bongani, "cell-biology", {"prompt": "Same?", "right": "a", "wrong": "A"})
    assert "can't be used" in refused and "choice 1 is the same as choice 0" in refused
    builtin = await (
        await world.fake.slash(world.general, alice, "deck suggest", deck="gradient-checkpointing")
    ).response()
    assert "is a built-in deck" in builtin.content

    denied = await (await world.fake.slash(world.general, alice, "deck review")).response()
    assert "Only members with Manage Server" in denied.content
    review = await (await world.fake.slash(world.general, world.moderator, "deck review")).response()
    assert review.ephemeral and review.message is not None
    assert "Where is DNA kept" in review.text
    # A second look at the queue, answered after the first: the suggestion is settled once.
    second_look = await (await world.fake.slash(world.general, world.moderator, "deck review")).response()
    assert second_look.message is not None and f"<@{alice.id}>" in review.text
    assert [b["label"] for b in review.message.buttons()] == ["Approve", "Edit", "Reject"]
    approved = await (await world.fake.click(review.message, world.moderator, label="Approve")).response()
    assert (
        approved.message is not None
        and "Approved: `cell-biology` now has 3 questions" in approved.message.content
    )
    # Her first approved suggestion: the moderator's reply says so in one line.
    assert approved.message.content.endswith(f"\nNew badges for <@{alice.id}>: 🏅 First suggestion approved")
    late = await (await world.fake.click(second_look.message, world.moderator, label="Approve")).response()
    assert late.ephemeral and late.content == "That suggestion was already approved."

    deck = bot.bank.get("cell-biology", world.study.id)
    assert deck is not None and len(deck.questions) == 3
    suggested = next(q for q in deck.questions if q.prompt.startswith("Where is DNA"))
    assert suggested.suggested_by == alice.id and suggested.choices == ("Nucleus", "Ribosome", "Cell wall")
    await set_pause(world, 0)
    await start(world, world.general, world.moderator, deck="cell-biology", questions=3, seconds=60)
    credited = False
    for number in (1, 2, 3):
        message = await open_question(world, world.general, number)
        await click(world, message, bongani, right_letter(message, deck))
        await (await world.fake.slash(world.general, world.moderator, "quiz skip")).response()
        revealed = await world.fake.wait_for_message(
            world.general, lambda m, n=number: f"Question {n} of" in m.text and "— answer" in m.text
        )
        if "Where is DNA kept" in revealed.text:
            credited = "Suggested by" in revealed.text and f"<@{alice.id}>" in revealed.text
    assert credited
    # Kept across a restart: the approved question is in the stored deck.
    [record] = await bot.store.guild_decks(world.study.id)
    assert "suggested_by: " + str(alice.id) in record.text


async def test_a_moderator_edits_or_rejects_a_suggestion(world: World, bot: BvunzoBot) -> None:
    await import_file(
        world, world.moderator, "biology.csv", SHEET.encode(), name="Cell Biology", keep_valid=True
    )
    alice = world.members[0]
    await suggest(world, alice, "cell-biology", {"prompt": "Powerhouse of the cell?", "right": "Mitochndria"})
    await suggest(world, alice, "cell-biology", {"prompt": "Spam?", "right": "spam"})
    review = await (await world.fake.slash(world.general, world.moderator, "deck review")).response()
    assert review.message is not None and "2 suggestions waiting" in review.text
    edit = await world.fake.click(review.message, world.moderator, label="Edit")
    form = (await edit.response()).modal
    assert {i["custom_id"]: i.get("value") for i in form.inputs()}["right"] == "Mitochndria"
    done = await (
        await world.fake.submit_modal(
            edit,
            {"prompt": "Powerhouse of the cell?", "right": "Mitochondria", "wrong": "", "explanation": ""},
        )
    ).response()
    assert "Approved" in (done.message.content if done.message else done.content)
    deck = bot.bank.get("cell-biology", world.study.id)
    assert deck is not None
    edited = next(q for q in deck.questions if q.prompt == "Powerhouse of the cell?")
    assert edited.accepted == ("Mitochondria",) and edited.suggested_by == alice.id

    review = await (await world.fake.slash(world.general, world.moderator, "deck review")).response()
    assert review.message is not None and "Spam?" in review.text
    rejected = await (await world.fake.click(review.message, world.moderator, label="Reject")).response()
    assert rejected.message is not None and rejected.message.content.startswith("Rejected.")
    empty = await (await world.fake.slash(world.general, world.moderator, "deck review")).response()
    assert empty.content == "No suggested questions are waiting."
    assert len(deck.questions) == 3


async def test_suggestion_forms_opened_before_a_restart_submit_after_it(world: World) -> None:
    alice = world.members[0]
    async with world.running():
        await import_file(
            world, world.moderator, "biology.csv", SHEET.encode(), name="Cell Biology", keep_valid=True
        )
        asked = await world.fake.slash(world.general, alice, "deck suggest", deck="cell-biology")
        assert (await asked.response()).modal.title == "Suggest a question for cell-biology"
    # The bot restarts while alice is still typing: the new process never saw her form.
    async with world.running() as bot:
        sent = await (
            await world.fake.submit_modal(
                asked, {"prompt": "Where is DNA kept?", "right": "Nucleus", "wrong": "Ribosome"}
            )
        ).response()
        assert sent.ephemeral
        assert sent.content == (
            "Thank you! Your question for `cell-biology` waits for a moderator's review (/deck review)."
        )
        [waiting] = await bot.store.pending_suggestions(world.study.id)
        assert waiting.author_id == alice.id and waiting.deck_id == "cell-biology"
        review = await (await world.fake.slash(world.general, world.moderator, "deck review")).response()
        assert review.message is not None and "Where is DNA kept?" in review.text
        edit = await world.fake.click(review.message, world.moderator, label="Edit")
        await edit.response()
    # A moderator's Edit form too: after the restart it still approves alice's question, credited to her.
    async with world.running() as bot:
        done = await (
            await world.fake.submit_modal(
                edit, {"prompt": "Where is DNA kept?", "right": "The nucleus", "wrong": "Ribosome"}
            )
        ).response()
        assert done.message is not None
        assert done.message.content.startswith("Approved: `cell-biology` now has 3 questions")
        deck = bot.bank.get("cell-biology", world.study.id)
        assert deck is not None
        edited = next(q for q in deck.questions if q.prompt == "Where is DNA kept?")
        assert edited.choices == ("The nucleus", "Ribosome") and edited.suggested_by == alice.id


async def test_a_kahoot_workbook_imports_through_deck_import(world: World, bot: BvunzoBot) -> None:
    from tests.test_import_workbooks import kahoot_sheet

    kept = await import_file(world, world.moderator, "KahootQuiz.xlsx", kahoot_sheet(), name="Geography")
    # Seven filled rows: five kept ("1,3" a choice with two right); the 5 and the formula are broken (2 of 7).
    assert "Not imported" in kept.text
    kept = await import_file(
        world, world.moderator, "KahootQuiz.xlsx", kahoot_sheet(), name="Geography", keep_valid=True
    )
    assert "5 questions" in kept.text
    deck = bot.bank.get("geography", world.study.id)
    assert deck is not None and len(deck.questions) == 5


async def test_a_canvas_quiz_export_imports_through_deck_import(world: World, bot: BvunzoBot) -> None:
    from tests.test_import_qti import EXPORT, package

    data = package(("g1.xml", EXPORT))
    kept = await import_file(world, world.moderator, "science.zip", data, name="Science", keep_valid=True)
    assert "10 questions" in kept.text
    deck = bot.bank.get("science", world.study.id)
    assert deck is not None and deck.title == "Science week 3" and len(deck.questions) == 10


async def test_an_anki_package_imports_through_deck_import(world: World, bot: BvunzoBot) -> None:
    from tests.anki_packages import BASIC, CLOZE, AnkiNote, package

    notes = [AnkiNote(BASIC, (f"Capital number {n}?", f"City {n}"), "", "Capitals") for n in range(9)]
    notes.append(AnkiNote(CLOZE, ("{{c1::Harare}} is a capital", ""), "", "Capitals"))
    data = package(notes, name="collection.anki21b", schema=18)
    kept = await import_file(world, world.moderator, "Capitals.apkg", data, name="Capitals")
    # Ten notes kept: nine typed answers and the cloze note as a cloze question.
    assert "**10 questions**" in kept.text and "(cloze, text)" in kept.text
    deck = bot.bank.get("capitals", world.study.id)
    assert deck is not None and len(deck.questions) == 10
