"""Formulas end to end (issue 28): a question's `$…$` drawn into one PNG its message uploads, with the
sources as the attachment's alt text; the card's gallery shows it (after the question's own picture, when
it has one), and the reveal's picture adds the explanation's formulas."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.looks.formula_pictures import PICTURES
from tests.e2e.conftest import QUESTIONS, World
from tests.e2e.fake_discord import FakeMessage
from tests.e2e.rounds import deck_folder, is_revealed, open_question, set_pause, start

DECK = Path(__file__).parent / "decks" / "formulas.yaml"
PNG = b"\x89PNG\r\n\x1a\n"
ASKED = "$\\frac{1}{2} + \\frac{1}{4}$\n$\\frac{3}{4}$\n$\\frac{2}{6}$"


def _posted(world: World, message: FakeMessage, route: str) -> list[tuple[str, bytes, str | None]]:
    """(filename, bytes, alt text) of the files the bot's last request of `route` to `message` sent."""
    [*_, request] = [
        r
        for r in world.fake.requests_to(route)
        if r.files
        and (
            str(message.id) in r.path or (isinstance(r.reply, dict) and r.reply.get("id") == str(message.id))
        )
    ]
    assert request.violations == []  # the multipart body passed the OpenAPI and LIMITS.md checks
    described = {a.get("filename"): a.get("description") for a in request.body.get("attachments") or ()}
    return [(f.filename, f.data, described.get(f.filename)) for f in request.files]


async def test_a_questions_formulas_are_posted_as_one_picture_with_their_sources_as_alt_text(
    world: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The first formula of the process loads matplotlib: a busy test machine is not what is tested here.
    monkeypatch.setattr(PICTURES, "patience", 60.0)
    world.questions = deck_folder(tmp_path, DECK)
    shutil.copytree(QUESTIONS / "images", world.questions / "images")
    fake = world.fake
    world.clock.freeze()
    async with world.running():
        await set_pause(world, 0)
        await start(world, world.general, world.moderator, deck="formulas", questions=2, seconds=60)
        for number in (1, 2):
            message = await open_question(world, world.general, number)
            if "Printing it costs" in message.text:
                await _formulas_only(world, message, number)
            else:
                _with_its_own_picture(world, message, number)
                await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
                await fake.wait_for_message(world.general, is_revealed(number))
        await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)


async def _formulas_only(world: World, message: FakeMessage, number: int) -> None:
    name = f"formulas-{number}.png"
    # The text keeps the formulas as written; the prices are not formulas.
    assert "What is $\\frac{1}{2} + \\frac{1}{4}$? (Printing it costs $5 and $6 with colour.)" in message.text
    assert message.pictures == [f"attachment://{name}"]
    [(filename, data, alt)] = _posted(world, message, "POST /channels/{channel_id}/messages")
    assert (filename, data[:8], alt) == (name, PNG, ASKED) and len(data) > 100
    await (await world.fake.slash(world.general, world.moderator, "quiz skip")).response()
    await world.fake.wait_for_message(world.general, is_revealed(number))
    # The reveal's picture replaces the question's: the explanation's formula joins them.
    [(filename, data, alt)] = _posted(world, message, "PATCH /channels/{channel_id}/messages/{message_id}")
    revealed = ASKED + "\n$$\\frac{2}{4} + \\frac{1}{4} = \\frac{3}{4}$$"
    assert (filename, data[:8], alt) == (name, PNG, revealed)
    assert [a.filename for a in message.attachments] == [name]
    assert message.pictures == [f"attachment://{name}"]


def _with_its_own_picture(world: World, message: FakeMessage, number: int) -> None:
    # The question's own picture comes first; the formulas' goes after it, as a second attachment.
    assert message.pictures == [f"attachment://question-{number}.png", f"attachment://formulas-{number}.png"]
    posted = _posted(world, message, "POST /channels/{channel_id}/messages")
    assert [(f, d[:8], alt) for f, d, alt in posted] == [
        (f"question-{number}.png", PNG, None),
        (f"formulas-{number}.png", PNG, "$y = x^2$"),
    ]
    assert [a.filename for a in message.attachments] == [f"question-{number}.png", f"formulas-{number}.png"]


async def test_practice_shows_the_same_picture_and_the_next_question_its_own(
    world: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(PICTURES, "patience", 60.0)
    world.questions = deck_folder(tmp_path, DECK)
    shutil.copytree(QUESTIONS / "images", world.questions / "images")
    async with world.running():
        answer = await (
            await world.fake.slash(world.general, world.members[0], "practice", deck="formulas", count=2)
        ).response()
        message = answer.message
        assert message is not None
        for number in (1, 2):
            # Practice shows no picture of the question's own: the formulas' is the card's.
            assert message.pictures == [f"attachment://formulas-{number}.png"]
            [picture] = message.attachments
            assert (picture.filename, picture.data[:8]) == (f"formulas-{number}.png", PNG)
            await (await world.fake.click(message, world.members[0], label="A")).response()
            assert [a.filename for a in message.attachments] == [f"formulas-{number}.png"]
            await (
                await world.fake.click(message, world.members[0], label=message.buttons()[0]["label"])
            ).response()
        assert message.attachments == []  # the summary shows no formula
