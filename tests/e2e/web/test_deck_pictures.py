"""A picture uploaded in the question editor (issue 29), in a real browser: kept beside the deck, shown in the
editor, the preview and the question list, served to the server's moderators only, posted by the next round
to the fake Discord; removed again; and refused in one sentence when it is not a picture the deck keeps."""

from __future__ import annotations

import io
import zipfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.bank.loader import load_folder
from bot.store import GuildDeckRecord, Store
from tests.e2e.conftest import QUESTIONS, World
from tests.e2e.rounds import open_question, start
from tests.e2e.web.browser import serious_violations
from tests.e2e.web.conftest import Dashboard

CHART = QUESTIONS / "images" / "three-bars.png"
NAME = "6b414822cf5bc2e2.png"  # the first 16 hex digits of the chart's SHA-256 (sha256sum)
BARS = """id: bars
title: Bars
language: en
questions:
- id: tallest
  prompt: Which bar is the tallest?
  choices: [The left one, The middle one, The right one]
  answer: 1
"""
T0 = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
UPLOAD_LABEL = "Or upload a picture (PNG, JPEG or WebP, at most 8 MiB)"
NOT_A_PICTURE = "That file is not a PNG, JPEG or WebP picture, whatever its name says; upload one of those."
TOO_LARGE = "That picture is larger than 8 MiB; upload a smaller PNG, JPEG or WebP file."


async def put_deck(store: Store, guild_id: int) -> None:
    await store.save_guild_deck(GuildDeckRecord(guild_id, "bars", "bars.yaml", BARS, 1, T0))
    await store.bump_deck_version(guild_id)


async def stored_text(store: Store, guild_id: int) -> str:
    (record,) = [r for r in await store.guild_decks(guild_id) if r.deck_id == "bars"]
    return record.text


async def save_form(page: Any) -> None:
    async with page.expect_navigation():
        await page.get_by_role("button", name="Save").click()


async def shown(image: Any) -> bool:
    """Whether the browser drew the <img>: loaded through the CSP, and decoded as a picture."""
    return bool(await image.evaluate("img => img.complete && img.naturalWidth > 0"))


async def test_an_uploaded_png_is_shown_on_the_pages_and_posted_by_the_next_round(
    dashboard: Dashboard, browser: Any, bot: Any, tmp_path: Path
) -> None:
    world: World = dashboard.world
    await put_deck(dashboard.store, world.study.id)
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks/bars/questions/tallest/edit"))
    await page.get_by_label(UPLOAD_LABEL).set_input_files(str(CHART))
    await save_form(page)
    assert await page.get_by_text("Saved. The next round of this deck asks it like this.").count() == 1
    assert f"image: picture:{NAME}" in await stored_text(dashboard.store, world.study.id)
    previewed = page.get_by_role("img", name="The question's picture")
    assert await previewed.count() == 2 and await shown(previewed.first)  # asked and revealed

    await page.goto(dashboard.server_url("decks/bars"))
    assert await shown(page.get_by_role("img", name="Picture of question 1"))
    served = await page.goto(dashboard.server_url(f"decks/bars/pictures/{NAME}"))
    assert served.status == 200 and await served.body() == CHART.read_bytes()
    headers = served.headers
    assert headers["content-type"] == "image/png"
    assert headers["x-content-type-options"] == "nosniff"
    assert "img-src 'self' data: https://cdn.discordapp.com;" in headers["content-security-policy"]
    # Another server's moderator sees neither this server's picture nor the name in their own server.
    outsider = await dashboard.signed_in(browser, world.outsider)
    assert (await outsider.goto(dashboard.server_url(f"decks/bars/pictures/{NAME}"))).status == 403
    theirs = dashboard.server_url(f"decks/bars/pictures/{NAME}", guild_id=world.other.id)
    assert (await outsider.goto(theirs)).status == 404

    # The bot, as another process would, uploads the picture with the question and shows it in its card.
    await start(world, world.general, world.moderator, deck="bars", questions=1, seconds=60)
    message = await open_question(world, world.general, 1)
    assert message.pictures == ["attachment://question-1.png"]
    [posted] = [
        r
        for r in world.fake.requests_to("POST /channels/{channel_id}/messages")
        if isinstance(r.reply, dict) and r.reply.get("id") == str(message.id)
    ]
    assert [(f.filename, f.data) for f in posted.files] == [("question-1.png", CHART.read_bytes())]
    assert posted.violations == []
    await (await world.fake.slash(world.general, world.moderator, "quiz stop")).response()
    # Practice shows it too, uploaded with the member's own question.
    practice = await world.fake.slash(world.general, world.members[0], "practice", deck="bars", count=1)
    asked = await practice.response()
    assert asked.message is not None and asked.message.pictures == ["attachment://question-1.png"]
    assert asked.message is not None
    assert [(a.filename, a.data) for a in asked.message.attachments] == [
        ("question-1.png", CHART.read_bytes())
    ]
    # And so does the question of the day, at its time on the server's clock.
    world.clock.freeze()
    world.clock.set(datetime(2027, 5, 3, 7, 55, tzinfo=UTC))
    await (
        await world.fake.slash(world.general, world.moderator, "qotd set", deck="bars", time="08:00")
    ).response()
    world.clock.set(datetime(2027, 5, 3, 8, 0, tzinfo=UTC))
    day = await world.fake.wait_for_message(
        world.general, lambda m: "Question of the day" in m.text, timeout=10
    )
    assert day.pictures == ["attachment://question-1.png"]
    assert [(a.filename, a.data) for a in day.attachments] == [("question-1.png", CHART.read_bytes())]
    world.clock.set(datetime.now(UTC))  # back to the day the dashboard's session was made

    # The YAML export is a zip of a folder deck: the deck with the picture beside it, as the loader reads it.
    exported = await page.context.request.get(dashboard.server_url("decks/bars/export?format=yaml"))
    assert exported.headers["content-type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(await exported.body())) as packed:
        assert packed.namelist() == ["bars/bars.yaml", f"bars/pictures/{NAME}"]
        packed.extractall(tmp_path)
    [deck], problems = load_folder(tmp_path / "bars")
    assert problems == [] and deck.questions[0].image == str(tmp_path / "bars" / "pictures" / NAME)

    # The editor shows it, and removing it forgets it.
    await page.goto(dashboard.server_url("decks/bars/questions/tallest/edit"))
    assert await shown(page.get_by_role("img", name="The question's picture"))
    assert await serious_violations(page) == []
    await page.get_by_label("Remove the picture").check()
    await save_form(page)
    assert "image:" not in await stored_text(dashboard.store, world.study.id)
    assert await dashboard.store.deck_picture_names(world.study.id, "bars") == {}
    gone = await page.context.request.get(dashboard.server_url(f"decks/bars/pictures/{NAME}"))
    assert gone.status == 404  # asked anew: the browser may keep the picture it had (its name is its bytes)


async def test_a_gif_named_png_a_text_file_and_a_9_mib_file_are_each_refused_in_one_sentence(
    dashboard: Dashboard, browser: Any
) -> None:
    world: World = dashboard.world
    await put_deck(dashboard.store, world.study.id)
    page = await dashboard.signed_in(browser, world.moderator)
    edit = dashboard.server_url("decks/bars/questions/tallest/edit")
    for name, mime, data in (
        ("chart.png", "image/png", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"),
        ("notes.txt", "text/plain", b"Not a picture at all.\n"),
    ):
        await page.goto(edit)
        await page.get_by_label(UPLOAD_LABEL).set_input_files(
            {"name": name, "mimeType": mime, "buffer": data}
        )
        await save_form(page)
        assert await page.locator("#error-image").inner_text() == NOT_A_PICTURE, name
        assert await page.get_by_role("alert").inner_text() == "Nothing was saved: fix what is marked below."
    assert await serious_violations(page) == []

    token = await page.locator("input[name=csrf_token]").first.get_attribute("value")
    version = await page.locator("input[name=deck_version]").first.get_attribute("value")
    form = {"csrf_token": token or "", "deck_version": version or "", "action": "save"}
    # Past 8 MiB but within the body the editor reads: the sentence beside the field.
    just_over = b"\x89PNG\r\n\x1a\n" + bytes(8 * 1024 * 1024)
    answer = await page.context.request.post(
        edit, multipart={**form, "picture": {"name": "big.png", "mimeType": "image/png", "buffer": just_over}}
    )
    assert answer.status == 422 and TOO_LARGE in await answer.text()
    # 9 MiB: the body is refused before the page reads it, with a 413 page saying the same.
    nine = b"\x89PNG\r\n\x1a\n" + bytes(9 * 1024 * 1024)
    answer = await page.context.request.post(
        edit, multipart={**form, "picture": {"name": "huge.png", "mimeType": "image/png", "buffer": nine}}
    )
    assert answer.status == 413 and TOO_LARGE in await answer.text()
    # A picture posted without the form's CSRF token is refused before anything is kept.
    chart = {"name": "chart.png", "mimeType": "image/png", "buffer": CHART.read_bytes()}
    forged = {key: value for key, value in form.items() if key != "csrf_token"}
    answer = await page.context.request.post(edit, multipart={**forged, "picture": chart})
    assert answer.status == 403
    assert await dashboard.store.deck_picture_names(world.study.id, "bars") == {}
    assert await stored_text(dashboard.store, world.study.id) == BARS
