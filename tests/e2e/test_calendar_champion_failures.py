"""A champion handover Discord refuses in part: each member is one try, the others get the role, a member who left is
no longer a holder, a refusal is tried again at the next minute, /about says why; ties at the last place all win."""

from __future__ import annotations

import discord

from tests.e2e.conftest import ON_BOTH_DATABASES, World
from tests.e2e.harness import wait_until
from tests.e2e.rounds import play_round
from tests.e2e.test_calendar_champions import ROLE_ROUTES
from tests.e2e.test_calendar_schedules import say, utc


async def about_champion(world: World) -> str | None:
    about = await (await world.fake.slash(world.general, world.moderator, "about")).response()
    fields = {f["name"]: f["value"] for e in about.embeds for f in e.get("fields", [])}
    return fields.get("Champion role")


@ON_BOTH_DATABASES
async def test_a_departed_holder_and_a_refused_member_do_not_stop_the_others(
    world: World, database: str
) -> None:
    study = world.study
    alice, bongani, chipo, dumi, eve, farai = world.members[:6]
    champion = study.add_role("Champion of the week")
    above = study.add_role("Admins of old")
    bot_role = study.bot_member.roles[0]
    bot_role.permissions |= discord.Permissions(manage_roles=True).value
    bot_role.position = above.position
    above.position += 1
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 5, 10, 0))  # a Wednesday; the server's zone is UTC
    async with world.running():
        said = await say(
            world, "quiz settings", champion_role=champion, champion_period="week", champion_count=3
        )
        assert f"<@&{champion.id}> goes to the top 3 of each week's board" in said
        await play_round(world, world.general, world.moderator, {alice: [True, True], dumi: [True, False]})
        world.clock.set(utc(2027, 5, 10, 0, 0))
        await wait_until(
            lambda: champion in alice.roles and champion in dumi.roles, timeout=10, what="week 1's champions"
        )
        world.fake.faults.remove_member(study, dumi)  # a holder leaves the server
        world.clock.set(utc(2027, 5, 12, 9, 0))
        await play_round(
            world,
            world.general,
            world.moderator,
            {
                bongani: [True, True],
                chipo: [True, True],
                eve: [True, False],
                farai: [False, True],  # tied with Eve at the third place: both win
                alice: [False, False],
            },
        )
        give = f"PUT /guilds/{study.id}/members/{chipo.id}/roles/{champion.id}"
        world.fake.faults.fail(give, 403)  # Discord refuses Chipo's role, once
        world.clock.set(utc(2027, 5, 17, 0, 0, 30))
        await wait_until(
            lambda: all(champion in m.roles for m in (bongani, eve, farai)) and champion not in alice.roles,
            timeout=10,
            what="the others to get the role despite Dumi (404) and Chipo (403)",
        )
        assert champion not in chipo.roles
        said = await wait_until(lambda: about_champion(world), timeout=10, what="/about to say why")
        assert said == (
            "Couldn't give the champion role to 1 member: Discord refused (Bvunzo's role must be above the "
            "champion role, with Manage Roles); Bvunzo tries again each minute."
        )
        world.clock.set(utc(2027, 5, 17, 0, 1))  # the next minute: Chipo's role again, and only hers
        await wait_until(lambda: champion in chipo.roles, timeout=10, what="Chipo's role at the next minute")
        await wait_until(lambda: _no_field(world), timeout=10, what="/about to forget the refusal")
    puts = [r.path for r in world.fake.requests_to(ROLE_ROUTES[0])]
    deletes = [r.path for r in world.fake.requests_to(ROLE_ROUTES[1])]
    assert sorted(puts) == sorted(
        f"/guilds/{study.id}/members/{m.id}/roles/{champion.id}"
        for m in (alice, dumi, bongani, chipo, eve, farai, chipo)
    )
    # Dumi's 404 (Unknown Member) is tried once: Dumi is simply no longer a holder.
    assert sorted(deletes) == sorted(
        f"/guilds/{study.id}/members/{m.id}/roles/{champion.id}" for m in (alice, dumi)
    )


async def _no_field(world: World) -> bool:
    return await about_champion(world) is None
