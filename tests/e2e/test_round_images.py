"""A question with an image, end to end: its message uploads the picture beside the deck and shows it in
the card's gallery; the request is checked against Discord's OpenAPI spec with its attachment (issue 14)."""

from __future__ import annotations

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import QUESTIONS, World
from tests.e2e.fake_discord import FakeMessage
from tests.e2e.rounds import is_revealed, open_question, set_pause, start

CHART = QUESTIONS / "images" / "three-bars.png"
PICTURE_PROMPT = "Which bar in this chart is the tallest?"


async def test_an_image_question_uploads_its_picture_and_keeps_it_at_the_reveal(
    world: World, bot: BvunzoBot
) -> None:
    fake = world.fake
    world.clock.freeze()
    await set_pause(world, 0)
    await start(world, world.general, world.moderator, deck="reading-charts", questions=3, seconds=60)
    picture: FakeMessage | None = None
    number = 0
    for number in (1, 2, 3):
        message = await open_question(world, world.general, number)
        if PICTURE_PROMPT in message.text:
            picture = message
            break
        assert message.attachments == [] and message.pictures == []
        await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
        await fake.wait_for_message(world.general, is_revealed(number))
    assert picture is not None, "the round played the deck's picture question"
    name = f"question-{number}.png"
    assert picture.pictures == [f"attachment://{name}"]

    [posted] = [
        r
        for r in fake.requests_to("POST /channels/{channel_id}/messages")
        if isinstance(r.reply, dict) and r.reply.get("id") == str(picture.id)
    ]
    assert [(f.filename, f.data) for f in posted.files] == [(name, CHART.read_bytes())]
    assert posted.violations == []  # the multipart body passed the OpenAPI and LIMITS.md checks
    assert [a.filename for a in picture.attachments] == [name]

    await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
    await fake.wait_for_message(world.general, is_revealed(number))
    assert picture.pictures == [f"attachment://{name}"]
    assert [a.filename for a in picture.attachments] == [name]  # the reveal's edit kept the upload
    await (await fake.slash(world.general, world.moderator, "quiz stop")).response()
    await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
