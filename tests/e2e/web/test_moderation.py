"""Moderators at work in a real browser: flags, suggestions, settings; each change in the audit log."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from typing import Any

from bot.bank.suggestions import suggested_fields, to_json
from tests.e2e.conftest import ON_BOTH_DATABASES
from tests.e2e.web.conftest import Dashboard
from tests.e2e.web.seed import T0, flagged, hostile_deck


@ON_BOTH_DATABASES
async def test_resolving_and_dismissing_flags_closes_them_and_is_audited(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    await hostile_deck(dashboard.store, world.study.id, world.moderator.id)
    await flagged(dashboard.store, world.study.id, [m.id for m in world.members[:2]])
    page = await dashboard.signed_in(browser, world.moderator, then=f"/servers/{world.study.id}/flags")
    rows = [await r.inner_text() for r in await page.get_by_role("row").all()]
    assert rows[1].split("\t")[:4] == [
        "Which tag runs code? <script>alert('x')</script>",
        "this server's deck cells, question c1",
        "2 members: Wrong answer 2",
        "<b>is it?</b>",
    ]
    assert rows[2].split("\t")[:4] == [
        "What is the powerhouse of the cell?",
        "this server's deck cells, question c2",
        "1 member: Typo 1",
        "Golgi",
    ]
    await page.get_by_role("row").nth(1).get_by_role("button", name="Resolve").click()
    await page.get_by_role("status").wait_for()
    assert await page.get_by_role("status").inner_text() == "Marked resolved: its reports are closed."
    await page.get_by_role("button", name="Dismiss").click()
    await page.get_by_text("No question is reported. All clear!").wait_for()
    assert await dashboard.store.open_flags(world.study.id) == []
    log = await dashboard.store.audit_log(world.study.id)
    assert [(e.user_id, e.user_name, e.action, e.detail) for e in log] == [
        (world.moderator.id, "Tendai", "flag dismissed", "cells/c2: 1 report"),
        (world.moderator.id, "Tendai", "flag resolved", "cells/c1: 2 reports"),
    ]
    # The log says its times in the server's zone, as its other pages do: two hours east of UTC in Harare.
    settings = await dashboard.store.calendar_settings(world.study.id)
    await dashboard.store.save_calendar_settings(dataclasses.replace(settings, timezone="Africa/Harare"))
    await page.goto(dashboard.server_url("audit"))
    cells = [await r.inner_text() for r in await page.get_by_role("row").all()]
    assert cells[0].split("\t")[0] == "When (Africa/Harare)"
    harare = log[0].at + timedelta(hours=2)
    hour = harare.hour % 12 or 12
    half = "AM" if harare.hour < 12 else "PM"
    assert cells[1].split("\t")[0].endswith(f", {hour}:{harare:%M:%S}\u202f{half}")
    assert cells[1].split("\t")[1:] == [
        f"Tendai ({world.moderator.id})",
        "flag dismissed",
        "cells/c2: 1 report",
    ]


@ON_BOTH_DATABASES
async def test_approving_a_suggestion_adds_it_to_the_deck_and_rejecting_leaves_it_out(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    store = dashboard.store
    await hostile_deck(store, world.study.id, world.moderator.id)
    alice, bongani = world.members[0], world.members[1]
    good = await store.add_suggestion(
        world.study.id,
        "cells",
        alice.id,
        to_json(
            suggested_fields(
                "Which organelle holds DNA?",
                "Nucleus",
                ["Vacuole", "Cell wall"],
                "The nucleus keeps the genome.",
                alice.id,
            )
        ),
        T0,
    )
    await store.add_suggestion(
        world.study.id,
        "cells",
        bongani.id,
        to_json(suggested_fields("<i>Spam</i>?", "yes", [], "", bongani.id)),
        T0,
    )
    page = await dashboard.signed_in(browser, world.moderator, then=f"/servers/{world.study.id}/suggestions")
    first = page.get_by_role("region", name="For cells, by Alice")
    assert await first.get_by_role("listitem").all_inner_texts() == [
        "Nucleus (right)",
        "Vacuole",
        "Cell wall",
    ]
    await first.get_by_role("button", name="Approve").click()
    await page.get_by_text("Suggestion approved.").wait_for()
    await (
        page.get_by_role("region", name="For cells, by Bongani").get_by_role("button", name="Reject").click()
    )
    await page.get_by_text("Suggestion rejected.").wait_for()
    assert await store.pending_suggestions(world.study.id) == []
    (kept,) = await store.guild_decks(world.study.id)
    assert "Which organelle holds DNA?" in kept.text and "Spam" not in kept.text
    deck = dashboard.server.context.bank.get("cells", world.study.id)
    assert deck is not None and [q.prompt for q in deck.questions][-1] == "Which organelle holds DNA?"
    assert deck.questions[-1].suggested_by == alice.id
    assert await store.deck_version(world.study.id) == 2  # the seed's upload, then the approval
    assert [e.action for e in await store.audit_log(world.study.id)] == [
        "suggestion rejected",
        "suggestion approved",
    ]
    # A second approval of the same suggestion (another moderator's old page) changes nothing.
    token = await page.locator("input[name=csrf_token]").first.get_attribute("value")
    again = await page.context.request.post(
        dashboard.server_url(f"suggestions/{good.id}"), form={"csrf_token": token or "", "action": "approve"}
    )
    assert again.status == 409
    assert "already approved" in await again.text()


async def test_a_suggestion_edited_before_its_approval_joins_the_deck_as_edited(
    dashboard: Dashboard, browser: Any
) -> None:
    world, store = dashboard.world, dashboard.store
    await hostile_deck(store, world.study.id, world.moderator.id)
    alice = world.members[0]
    fields = suggested_fields("Which organelle holds DNA?", "Nucleus", ["Vacuole"], "", alice.id)
    suggested = await store.add_suggestion(world.study.id, "cells", alice.id, to_json(fields), T0)
    page = await dashboard.signed_in(browser, world.moderator, then=f"/servers/{world.study.id}/suggestions")
    region = page.get_by_role("region", name="For cells, by Alice")
    token = await page.locator("input[name=csrf_token]").first.get_attribute("value")
    # An edit the deck would refuse (no right answer) is one sentence, and the suggestion still waits.
    refused = await page.context.request.post(
        dashboard.server_url(f"suggestions/{suggested.id}"),
        form={"csrf_token": token or "", "action": "approve-edited", "prompt": "Which?", "right": " "},
    )
    assert refused.status == 409
    assert [s.id for s in await store.pending_suggestions(world.study.id)] == [suggested.id]
    await region.get_by_text("Edit, then approve").click()
    await region.get_by_label("Question", exact=True).fill("Which organelle holds the cell's DNA?")
    await region.get_by_label("Wrong answers, one a line (none: members type the answer)").fill(
        "Vacuole\nRibosome"
    )
    await region.get_by_label("Explanation (shown at the reveal and in practice)").fill(
        "The nucleus keeps it."
    )
    await region.get_by_role("button", name="Approve as edited").click()
    await page.get_by_text("Suggestion approved.").wait_for()
    deck = dashboard.server.context.bank.get("cells", world.study.id)
    assert deck is not None
    added = deck.questions[-1]
    assert (added.prompt, added.choices, added.answers) == (
        "Which organelle holds the cell's DNA?",
        ("Nucleus", "Vacuole", "Ribosome"),
        frozenset({0}),
    )
    assert (added.explanation, added.suggested_by) == ("The nucleus keeps it.", alice.id)


@ON_BOTH_DATABASES
async def test_settings_are_saved_or_each_mistake_is_shown_beside_its_field(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    page = await dashboard.signed_in(browser, world.moderator, then=f"/servers/{world.study.id}/settings")
    await page.get_by_label("Questions per round (1–50)").fill("7")
    await page.get_by_label("Scoring mode").select_option("speed")
    await page.get_by_label("Streak bonus").check()
    await page.get_by_label("Hint button on typed questions", exact=False).uncheck()
    await page.get_by_label("Quiz-master role").select_option(label="Quiz masters")
    await page.get_by_role("button", name="Save").click()
    await page.get_by_role("status").wait_for()
    saved = await dashboard.store.guild_settings(world.study.id)
    assert (saved.questions, saved.mode, saved.streak_bonus, saved.quiz_master_role_id, saved.hints) == (
        7,
        "speed",
        True,
        world.quizmasters.id,
        False,
    )
    (entry,) = await dashboard.store.audit_log(world.study.id)
    assert entry.action == "settings saved"
    assert (
        entry.detail
        == f"quiz_master_role_id: None → {world.quizmasters.id}, questions: 10 → 7, mode: standard → speed, streak_bonus: False → True, hints: True → False"
    )
    # The browser's own checks are bypassed to send what a careless script would.
    await page.locator("#seconds").evaluate("e => { e.removeAttribute('min'); e.removeAttribute('max'); }")
    await page.locator("#seconds").fill("500")
    await page.locator("#teams").evaluate("e => e.removeAttribute('min')")
    await page.locator("#teams").fill("1")
    await page.get_by_label("Questions per round (1–50)").fill("9")
    await page.get_by_role("button", name="Save").click()
    await page.get_by_role("alert").wait_for()
    assert await page.locator("#seconds-error").inner_text() == "A whole number from 5 to 120."
    assert await page.locator("#seconds").get_attribute("aria-describedby") == "seconds-error"
    assert (
        await page.locator("#teams-error").inner_text()
        == "2 to 4 teams, or 0 for none; one team is no contest."
    )
    assert (await dashboard.store.guild_settings(world.study.id)).questions == 7  # nothing saved
    assert len(await dashboard.store.audit_log(world.study.id)) == 1
