"""The question editor in a real browser, kind by kind: choosing a kind shows only its fields (no script:
CSS on the checked radio), a question filled in plain words lands in the deck as that question, a mistake
is said beside its field, and a preview writes nothing."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from types import MappingProxyType
from typing import Any

from bot.bank.loader import load_deck_text
from bot.bank.models import Kind, Question, Translation
from bot.bank.tolerance import Tolerance
from tests.e2e.web.conftest import Dashboard
from tests.e2e.web.test_decks import BIO, put_deck, save_form, stored_text
from tests.e2e.web.test_layout import THEMES, WIDTHS, layout_faults

# An input that only its kind shows, by kind.
MARKERS = {
    "choice": "#f-right0",
    "multi": "#f-rights0",
    "truefalse": "#f-true",
    "text": "#f-accepted",
    "number": "#f-number",
    "cloze": "#f-blank0",
    "match": "#f-pair0left",
    "order": "#f-items",
    "poll": "#f-choice0",
}
# Each kind: the radio's words, what is typed (label: text, or a role to tick), the visible markers, the question.
KINDS: list[tuple[str, list[tuple[str, str]], set[str], Question]] = [
    (
        "Choices (buttons A–E)",
        [("Choice 1", "Neon"), ("Choice 2", "Iron"), ("radio", "Right answer (choice 2)")],
        {"choice", "poll"},
        Question("k1", Kind.CHOICE, "Which is a metal?", ("Neon", "Iron"), frozenset({1})),
    ),
    (
        "Select all that apply (a menu)",
        [
            *[("Choice 1", "Neon"), ("Choice 2", "Iron"), ("Choice 3", "Gold")],
            *[("checkbox", "Right answer (choice 2)"), ("checkbox", "Right answer (choice 3)")],
        ],
        {"multi", "poll"},
        Question("k2", Kind.MULTI, "Which is a metal?", ("Neon", "Iron", "Gold"), frozenset({1, 2})),
    ),
    (
        "Poll (no right answer)",
        [("Choice 1", "Neon"), ("Choice 2", "Iron")],
        {"poll"},
        Question("k3", Kind.POLL, "Which is a metal?", ("Neon", "Iron")),
    ),
    (
        "True or false",
        [("radio", "False")],
        {"truefalse"},
        Question("k4", Kind.TRUEFALSE, "Which is a metal?", ("True", "False"), frozenset({1})),
    ),
    (
        "Typed answer",
        [("Answers that count as right, one a line (the first is shown at the reveal)", "iron\nFe")],
        {"text"},
        Question("k5", Kind.TEXT, "Which is a metal?", accepted=("iron", "Fe")),
    ),
    (
        "Typed number",
        [
            ("Number (with a dot for decimals, such as 9.81)", "26"),
            ("Tolerance (such as 0.05 or 1%; exact when empty)", "1"),
            ("Unit (such as m/s²)", "g"),
        ],
        {"number"},
        Question(
            "k6",
            Kind.NUMBER,
            "Which is a metal?",
            number=Decimal(26),
            tolerance=Tolerance(Decimal(1)),
            unit="g",
        ),
    ),
    (
        "Blanks to fill (a field for each)",
        [("Prompt", "{{1}} is a metal."), ("Blank 1", "Iron\nGold")],
        {"cloze"},
        Question("k7", Kind.CLOZE, "{{1}} is a metal.", blanks=(("Iron", "Gold"),)),
    ),
    (
        "Pairs to match (a menu for each)",
        [
            ("Pair 1: left", "Iron"),
            ("Pair 1: right", "metal"),
            ("Pair 2: left", "Neon"),
            ("Pair 2: right", "gas"),
        ],
        {"match"},
        Question("k8", Kind.MATCH, "Which is a metal?", pairs=(("Iron", "metal"), ("Neon", "gas"))),
    ),
    (
        "Items to put in order",
        [
            (
                "Order questions: the items in the right order, one a line (3 to 8; members get them shuffled)",
                "Lithium\nSodium\nPotassium",
            )
        ],
        {"order"},
        Question("k9", Kind.ORDER, "Which is a metal?", ("Lithium", "Sodium", "Potassium")),
    ),
]


async def fill(page: Any, typed: list[tuple[str, str]]) -> None:
    for label, text in typed:
        if label in ("radio", "checkbox"):
            await page.get_by_role(label, name=text, exact=True).check()
        else:
            await page.get_by_label(label, exact=True).fill(text)


async def shown_markers(page: Any) -> set[str]:
    return {kind for kind, selector in MARKERS.items() if await page.locator(selector).is_visible()}


async def saved_question(dashboard: Dashboard, question_id: str) -> Question | None:
    text = await stored_text(dashboard.store, dashboard.world.study.id, "bio")
    question = load_deck_text(text, "bio.yaml", guild_id=dashboard.world.study.id).question(question_id)
    return None if question is None else dataclasses.replace(question, line=0)


async def test_each_kind_shows_only_its_fields_and_saves_its_question(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    await put_deck(dashboard.store, world.study.id, BIO, "bio")
    page = await dashboard.signed_in(browser, world.moderator)
    for words, typed, markers, expected in KINDS:
        await page.goto(dashboard.server_url("decks/bio/questions/new"))
        await page.get_by_label("Question id", exact=True).fill(expected.id)
        await page.get_by_label("Prompt", exact=True).fill("Which is a metal?")
        await page.get_by_label(words, exact=True).check()
        assert await shown_markers(page) == markers, words
        await fill(page, typed)
        await save_form(page)
        assert await page.get_by_text("Saved. The next round of this deck asks it like this.").count() == 1
        assert await saved_question(dashboard, expected.id) == expected, words


async def test_a_mistake_is_said_beside_its_field_and_a_preview_writes_nothing(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    await put_deck(dashboard.store, world.study.id, BIO, "bio")
    version = await dashboard.store.deck_version(world.study.id)
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks/bio/questions/new"))
    await page.get_by_label("Question id", exact=True).fill("metal")
    await page.get_by_label("Prompt", exact=True).fill("Which is a metal?")
    await fill(page, [("Choice 1", "Neon"), ("Choice 2", "Iron")])
    await page.get_by_role("button", name="Save").click()
    # No right answer chosen: said beside the choices, in one sentence, and nowhere else.
    await page.wait_for_selector("#error-choices")
    assert await page.locator(".field-error").all_inner_texts() == [
        "Choose the right answer with the button beside its choice."
    ]
    assert await page.locator("legend + #error-choices").count() == 1
    # The chiShona group holds the question in chiShona; a preview shows it and keeps nothing.
    await fill(page, [("radio", "Right answer (choice 2)")])
    await page.locator("summary", has_text="chiShona").click()
    await fill(page, [("Prompt in chiShona", "Chii chesimbi?")])
    await fill(page, [("Choice 1 in chiShona", "Neon"), ("Choice 2 in chiShona", "Simbi")])
    await page.get_by_role("button", name="Preview without saving").click()
    await page.wait_for_selector("#preview-title")
    assert await dashboard.store.deck_version(world.study.id) == version
    assert await saved_question(dashboard, "metal") is None
    await save_form(page)
    expected = Question(
        "metal",
        Kind.CHOICE,
        "Which is a metal?",
        ("Neon", "Iron"),
        frozenset({1}),
        translations=MappingProxyType({"sn": Translation("Chii chesimbi?", ("Neon", "Simbi"))}),
    )
    assert await saved_question(dashboard, "metal") == expected


async def test_every_kind_s_fields_fit_a_phone_and_pass_axe_in_both_themes(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    await put_deck(dashboard.store, world.study.id, BIO, "bio")
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks/bio/questions/new"))
    await page.get_by_role("button", name="Save").click()  # every field empty: errors beside them
    await page.wait_for_selector("#error-prompt")
    for summary in await page.locator("details.translation summary").all():
        await summary.click()  # every language's group open
    found: dict[str, Any] = {}
    for words, _typed, _markers, _question in KINDS:
        await page.get_by_label(words, exact=True).check()
        for theme in THEMES:
            await page.emulate_media(color_scheme=theme)
            for width in WIDTHS:
                await page.set_viewport_size({"width": width, "height": 800})
                found.update(await layout_faults(page, f"{words} at {width} px, {theme}", (width, theme)))
    assert found == {}
