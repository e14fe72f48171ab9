"""`days:` in each shipped language: whole day names (CLDR's wide, abbreviated and short), never a prefix."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import World
from tests.e2e.test_calendar_schedules import say


async def add_weekly(world: World, days: str) -> str:
    return await say(
        world, "quiz schedule add", deck="gradient-checkpointing", time="18:00", repeat="weekly", days=days
    )


@pytest.mark.parametrize(
    "monday", ["lun", "seg", "Muvhuro", "Monday", "mon", "MON.", "segunda-feira", "mo", "Lundi"]
)
async def test_monday_in_any_shipped_language(world: World, bot: object, monday: str) -> None:
    said = await add_weekly(world, monday)
    assert "mon at 18:00" in said, said


async def test_lists_mix_languages_and_accents(world: World, bot: object) -> None:
    said = await add_weekly(world, "seg, mer. Sáb,Chipiri")
    assert "mon,tue,wed,sat at 18:00" in said, said


@pytest.mark.parametrize("wrong", ["monkey", "xyz", "m", "lunes", "mon,funday"])
async def test_anything_else_is_refused_with_the_names(world: World, bot: object, wrong: str) -> None:
    said = await add_weekly(world, wrong)
    shown = wrong.rsplit(",", maxsplit=1)[-1]
    assert said == (
        f"“{shown}” is not a day; write days such as Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, "
        "Sunday, Mon, Tue, Wed, Thu, Fri, Sat, Sun, separated by commas."
    )
    assert "No rounds are scheduled" in await say(world, "quiz schedule list")


async def test_the_refusal_lists_the_members_own_day_names(world: World, bot: object) -> None:
    world.moderator.user.locale = "fr"
    said = await add_weekly(world, "monkey")
    assert "lundi, mardi, mercredi, jeudi, vendredi, samedi, dimanche, lun., mar." in said
    assert "Monday" in said  # English is always accepted
