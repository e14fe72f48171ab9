"""Members' faces end to end: a command and a click record who used the bot, as Discord described them."""

from __future__ import annotations

from bot.discord.client import BvunzoBot
from bot.store import MemberFace
from tests.e2e.conftest import World
from tests.e2e.harness import wait_until
from tests.e2e.rounds import DECKS, click, open_question, right_letter, start, wrong_letter

AVATAR = "a_0123456789abcdef0123456789abcdef"


async def test_a_command_and_a_click_record_their_members_and_a_new_name_replaces_the_old(
    world: World, bot: BvunzoBot
) -> None:
    world.clock.freeze()
    now = world.clock()  # frozen; the store keeps milliseconds
    at = now.replace(microsecond=now.microsecond // 1000 * 1000)
    alice, moderator = world.members[0], world.moderator
    await start(world, world.general, moderator, questions=2, seconds=60)
    q1 = await open_question(world, world.general, 1)
    deck = DECKS["gradient-checkpointing"]
    assert await click(world, q1, alice, right_letter(q1, deck)) == f"Locked in: {right_letter(q1, deck)}."

    async def kept() -> dict[int, MemberFace]:
        return await bot.store.member_faces([moderator.id, alice.id])

    async def both() -> dict[int, MemberFace] | None:
        found = await kept()
        return found if len(found) == 2 else None

    assert await wait_until(both, what="both members' faces kept") == {
        moderator.id: MemberFace(moderator.id, moderator.user.name.title(), None, at),
        alice.id: MemberFace(alice.id, alice.user.name.title(), None, at),
    }
    alice.user.name, alice.user.avatar = "alice_banda", AVATAR  # renamed on Discord, with an avatar
    await click(world, q1, alice, wrong_letter(q1, deck))  # a second click: told the first, and recorded
    renamed = MemberFace(alice.id, "Alice_Banda", AVATAR, at)

    async def renamed_kept() -> bool:
        return (await kept()).get(alice.id) == renamed

    await wait_until(renamed_kept, what="the new name kept")
