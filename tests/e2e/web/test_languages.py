"""The dashboard in the reader's language: the browser's Accept-Language, a member's /preferences language,
the footer's switch; `<html lang>` says which, and a translated page is as accessible as the English one."""

from __future__ import annotations

from typing import Any

import pytest

from bot.bank.suggestions import suggested_fields, to_json
from tests.e2e.web.browser import serious_violations
from tests.e2e.web.conftest import Dashboard
from tests.e2e.web.seed import T0, flagged, played_round


async def _page(browser: Any, locale: str) -> Any:
    """A profile of its own whose browser asks for `locale` (its Accept-Language)."""
    return await browser.page(locale=locale)


async def test_a_french_browser_reads_the_dashboard_in_french(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    page = await _page(browser, "fr-FR")
    await page.goto(dashboard.url + "/")
    assert await page.locator("html").get_attribute("lang") == "fr"
    assert await page.locator("h1").inner_text() == "Tableau de bord Bvunzo"
    assert await page.get_by_role("link", name="Se connecter avec Discord").count() == 2
    await dashboard.sign_in(page, world.moderator, then=f"/servers/{world.study.id}/settings")
    assert await page.locator("h1").inner_text() == "Paramètres par défaut des manches"
    assert await page.locator("label[for=seconds]").inner_text() == "Secondes par question (5–120)"
    assert await page.get_by_text("Connecté en tant que").count() == 1
    # A refusal in French too: the form's own check, sent back with the field marked.
    await page.locator("#seconds").evaluate("e => { e.removeAttribute('max'); e.value = '500'; }")
    await page.get_by_role("button", name="Enregistrer").click()
    await page.get_by_role("alert").wait_for()
    assert await page.locator("#seconds-error").inner_text() == "Un nombre entier de 5 à 120."
    await page.goto(dashboard.url + "/no-such-page")
    assert await page.locator("h1").inner_text() == "Introuvable"
    assert await page.get_by_role("alert").inner_text() == "Cette page n'existe pas ici."


async def test_a_members_preference_wins_over_the_browser(dashboard: Dashboard, browser: Any) -> None:
    world, store = dashboard.world, dashboard.store
    member = world.members[0]
    await store.set_member_language(member.id, "sn")
    page = await _page(browser, "fr-FR")
    await page.goto(dashboard.url + "/")
    assert await page.locator("html").get_attribute("lang") == "fr"  # a visitor: the browser's
    await dashboard.sign_in(page, member, then="/me")
    assert await page.locator("html").get_attribute("lang") == "sn"
    assert await page.get_by_role("heading", name="Mapoindi pasevha imwe neimwe").count() == 1
    assert await page.get_by_text("Hausati wapindura mumutambo.").count() == 1
    assert await page.get_by_role("link", name="Peji rangu").count() == 1


async def test_the_footer_switch_keeps_its_choice_through_a_login(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    page = await dashboard.page(browser)  # English
    await page.goto(dashboard.url + "/")
    assert await page.locator("html").get_attribute("lang") == "en"
    await page.get_by_role("link", name="Português (Brasil)").click()
    await page.wait_for_url(dashboard.url + "/")  # the switch's parameter is gone from the address
    assert await page.locator("html").get_attribute("lang") == "pt-BR"
    assert await page.locator("h1").inner_text() == "Painel do Bvunzo"
    await dashboard.sign_in(page, world.moderator, then=f"/servers/{world.study.id}/rounds")
    assert await page.locator("h1").inner_text() == "Rodadas"
    # Back to English, on the page where it was asked, with the page's own query kept.
    await page.goto(dashboard.server_url("board") + "?period=week")
    await page.get_by_role("link", name="English").click()
    await page.wait_for_url(dashboard.server_url("board") + "?period=week")
    assert await page.locator("h1").inner_text() == "Leaderboard"


@pytest.mark.parametrize("locale", ["fr-FR", "sn"])
async def test_translated_pages_have_no_serious_accessibility_violation(
    dashboard: Dashboard, browser: Any, locale: str
) -> None:
    world, store = dashboard.world, dashboard.store
    players = [m.id for m in world.members[:3]]
    record = await played_round(store, world.study.id, world.general.id, world.moderator.id, players)
    await flagged(store, world.study.id, players)
    await store.add_suggestion(
        world.study.id,
        "cells",
        players[0],
        to_json(suggested_fields("Which organelle holds DNA?", "Nucleus", ["Vacuole"], "", players[0])),
        T0,
    )
    page = await _page(browser, locale)
    await dashboard.sign_in(page, world.moderator)
    found = {}
    for path in [
        "/",
        "/me",
        f"/servers/{world.study.id}/rounds/{record.id}",
        f"/servers/{world.study.id}/flags",
        f"/servers/{world.study.id}/suggestions",
        f"/servers/{world.study.id}/board",
        f"/servers/{world.study.id}/settings",
        f"/servers/{world.study.id}/decks",
        f"/servers/{world.other.id}/rounds",  # the 403 page
    ]:
        await page.goto(dashboard.url + path)
        assert await page.locator("html").get_attribute("lang") == locale.split("-", maxsplit=1)[0]
        found[path] = await serious_violations(page)
    assert {path: v for path, v in found.items() if v} == {}
