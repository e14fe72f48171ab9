"""/quiz settings language:, end to end: the language a server's channels read Bvunzo in (issue 22)."""

from __future__ import annotations

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import ON_BOTH_DATABASES, World


@ON_BOTH_DATABASES
async def test_a_moderator_sets_the_servers_language_and_the_bot_knows_at_once(
    world: World, bot: BvunzoBot
) -> None:
    fake, guild = world.fake, world.study.id
    shown = await (await fake.slash(world.general, world.moderator, "quiz settings")).response()
    assert "Channels here read Bvunzo in English." in shown.content
    assert bot.languages.server_now(guild) == "en"

    saved = await (
        await fake.slash(world.general, world.moderator, "quiz settings", language="sn")
    ).response()
    # The moderator's client says en-US: their own reply is English, and names the language as its
    # speakers write it.
    assert saved.ephemeral and saved.embeds[0]["title"] == "Quiz settings saved"
    assert "Channels here read Bvunzo in chiShona." in saved.content
    assert bot.languages.server_now(guild) == "sn"  # known in memory at once, no read of the store
    assert (await bot.store.guild_settings(guild)).language == "sn"
    assert (await bot.languages.server(guild)) == "sn"

    # Asked again without the option, nothing changes and the reply still says chiShona.
    same = await (await fake.slash(world.general, world.moderator, "quiz settings")).response()
    assert same.embeds[0]["title"] == "Quiz settings"
    assert "Channels here read Bvunzo in chiShona." in same.content

    # A moderator whose Discord client is French reads the reply in French; the server keeps Shona.
    world.moderator.user.locale = "fr"
    french = await (await fake.slash(world.general, world.moderator, "quiz settings", questions=3)).response()
    assert "Les salons d’ici lisent Bvunzo en chiShona." in french.content
    assert bot.languages.server_now(guild) == "sn"

    # English again is the default: the store keeps None, the bot speaks English.
    world.moderator.user.locale = "en-US"
    back = await (await fake.slash(world.general, world.moderator, "quiz settings", language="en")).response()
    assert "Channels here read Bvunzo in English." in back.content
    assert (await bot.store.guild_settings(guild)).language is None
    assert bot.languages.server_now(guild) == "en"


async def test_only_a_member_with_manage_server_sets_the_language(world: World, bot: BvunzoBot) -> None:
    fake, guild = world.fake, world.study.id
    # Even the quiz-master role does not reach the server's settings.
    await (
        await fake.slash(world.general, world.moderator, "quiz settings", role=world.quizmasters)
    ).response()
    for member in (world.quizmaster, world.members[0]):
        refused = await (
            await fake.slash(world.general, member, "quiz settings", language="pt-BR")
        ).response()
        assert refused.ephemeral
        assert refused.content == "Only members with Manage Server can change the quiz settings."
    assert (await bot.store.guild_settings(guild)).language is None
    assert bot.languages.server_now(guild) == "en"


async def test_a_forged_language_no_catalog_exists_for_is_refused(world: World, bot: BvunzoBot) -> None:
    fake, guild = world.fake, world.study.id
    synced = next(c for c in fake.commands() if c["name"] == "quiz")
    forged = {
        "id": synced["id"],
        "name": "quiz",
        "type": 1,
        "options": [
            {"type": 1, "name": "settings", "options": [{"name": "language", "type": 3, "value": "de"}]}
        ],
    }
    refused = await (await fake.raw_interaction(2, world.general, world.moderator, forged)).response()
    assert refused.ephemeral and refused.content == "`language` must be one of: en, sn, fr, pt-BR."
    assert (await bot.store.guild_settings(guild)).language is None
    assert bot.languages.server_now(guild) == "en"
