"""Champion roles end to end: the month's top member gets the role at the month's end in the server's zone."""

from __future__ import annotations

import discord

from tests.e2e.conftest import ON_BOTH_DATABASES, World
from tests.e2e.harness import wait_until
from tests.e2e.rounds import play_round
from tests.e2e.test_calendar_schedules import say, set_zone, stamp, utc

ROLE_ROUTES = (
    "PUT /guilds/{guild_id}/members/{user_id}/roles/{role_id}",
    "DELETE /guilds/{guild_id}/members/{user_id}/roles/{role_id}",
)


def role_calls(world: World) -> int:
    return sum(len(world.fake.requests_to(route)) for route in ROLE_ROUTES)


@ON_BOTH_DATABASES
async def test_the_champion_role_changes_hands_at_the_months_end_once(world: World, database: str) -> None:
    study = world.study
    alice, bongani = world.members[:2]
    champion = study.add_role("Champion of the month")
    above = study.add_role("Admins of old")
    bot_role = study.bot_member.roles[0]
    bot_role.permissions |= discord.Permissions(manage_roles=True).value
    bot_role.position = above.position  # the bot's role sits between the two
    above.position += 1
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 31, 20, 0))  # 22:00 on 31 May in Harare
    async with world.running():
        await set_zone(world, "Africa/Harare")
        refused = await say(world, "quiz settings", champion_role=above)
        assert "Move Bvunzo's own role above Admins of old" in refused
        said = await say(
            world, "quiz settings", champion_role=champion, champion_period="month", champion_count=1
        )
        assert f"Champion role: <@&{champion.id}> goes to the top 1 of each month's board" in said
        assert stamp(utc(2027, 5, 31, 22, 0)) in said  # midnight in Harare
        await play_round(world, world.general, world.moderator, {alice: [True, True], bongani: [True, False]})
        world.clock.set(utc(2027, 5, 31, 22, 0))
        await wait_until(lambda: champion in alice.roles, timeout=10, what="Alice to become May's champion")
        assert champion not in bongani.roles
    # June: Bongani leads; the handover happens across a restart, and once.
    world.clock.set(utc(2027, 6, 10, 8, 0))
    async with world.running():
        await play_round(
            world, world.general, world.moderator, {bongani: [True, True], alice: [False, False]}
        )
    world.clock.set(utc(2027, 6, 30, 22, 0))
    async with world.running():
        await wait_until(
            lambda: champion in bongani.roles, timeout=10, what="Bongani to become June's champion"
        )
        await wait_until(lambda: champion not in alice.roles, timeout=10, what="Alice to lose the role")
        calls = role_calls(world)
        assert calls == 3  # May: give Alice; June: take from Alice, give Bongani
    async with world.running():
        about = await (await world.fake.slash(world.general, world.moderator, "about")).response()
        assert "Champion role" not in about.text
        assert role_calls(world) == calls  # restarted at the same minute: no second handover


async def test_a_failed_handover_is_shown_in_about(world: World) -> None:
    study = world.study
    alice = world.members[0]
    champion = study.add_role("Champion of the week")
    bot_role = study.bot_member.roles[0]
    bot_role.permissions |= discord.Permissions(manage_roles=True).value
    bot_role.position, champion.position = champion.position, bot_role.position
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 5, 10, 0))  # a Wednesday
    async with world.running():
        said = await say(world, "quiz settings", champion_role=champion, champion_period="week")
        assert stamp(utc(2027, 5, 10, 0, 0)) in said  # Monday 00:00 UTC
        await play_round(world, world.general, world.moderator, {alice: [True]})
        bot_role.permissions &= ~discord.Permissions(manage_roles=True).value  # taken away later
        world.clock.set(utc(2027, 5, 10, 0, 0))
        await wait_until(lambda: role_calls(world) == 1, timeout=10, what="the handover to be tried")

        async def shown() -> bool:
            about = await (await world.fake.slash(world.general, world.moderator, "about")).response()
            return "Couldn't give the champion role to 1 member: Discord refused" in about.text

        await wait_until(shown, timeout=10, what="/about to show the failed handover")
        assert champion not in alice.roles
        about = await (await world.fake.slash(world.general, world.moderator, "about")).response()
        assert (
            "Discord refused (Bvunzo's role must be above the champion role, with Manage Roles)" in about.text
        )
        assert "Missing Permissions" not in about.text  # Discord's own words are not shown


async def about_once_handed(world: World, sentence: str) -> str:
    async def shown() -> bool:
        about = await (await world.fake.slash(world.general, world.moderator, "about")).response()
        return sentence in about.text

    await wait_until(shown, timeout=10, what="/about to show the failed handover")
    return (await (await world.fake.slash(world.general, world.moderator, "about")).response()).text


async def test_a_handover_to_a_role_or_member_gone_says_which_in_the_servers_language(world: World) -> None:
    study = world.study
    alice = world.members[0]
    champion = study.add_role("Champion of the week")
    bot_role = study.bot_member.roles[0]
    bot_role.permissions |= discord.Permissions(manage_roles=True).value
    bot_role.position, champion.position = champion.position, bot_role.position
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 5, 10, 0))
    async with world.running():
        await say(world, "quiz settings", champion_role=champion, champion_period="week")
        await play_round(world, world.general, world.moderator, {alice: [True]})
        study.roles.remove(champion)  # deleted by a moderator before the week ended
        world.clock.set(utc(2027, 5, 10, 0, 0))
        text = await about_once_handed(
            world, "The champion role is gone from the server; choose another with champion_role:."
        )
        assert "Unknown Role" not in text


async def test_a_gone_role_is_said_in_the_readers_language(world: World) -> None:
    study = world.study
    alice = world.members[0]
    champion = study.add_role("Champion of the week")
    bot_role = study.bot_member.roles[0]
    bot_role.permissions |= discord.Permissions(manage_roles=True).value
    bot_role.position, champion.position = champion.position, bot_role.position
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 5, 10, 0))
    async with world.running():
        await say(world, "quiz settings", champion_role=champion, champion_period="week")
        await play_round(world, world.general, world.moderator, {alice: [True]})
        world.moderator.user.locale = "fr"  # /about speaks its reader's language
        study.roles.remove(champion)
        world.clock.set(utc(2027, 5, 10, 0, 0))
        text = await about_once_handed(
            world,
            "Le rôle de champion n'existe plus sur le serveur ; choisis-en un autre avec champion_role:.",
        )
        assert "Unknown Role" not in text
