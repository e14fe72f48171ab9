"""The fake Discord itself, driven by a small throwaway discord.py bot defined here (not Bvunzo)."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands
from jsonschema import Draft202012Validator

from tests.e2e.fake_discord import (
    Channel,
    CommandError,
    ComponentError,
    FakeDiscord,
    Guild,
    Member,
    request_schemas,
    spec,
    unavailable_reason,
)
from tests.e2e.fake_discord.fixtures import discord_py_at_fake, fake_discord  # noqa: F401
from tests.e2e.harness import ClientCrashed, ClientLoggedErrors, running_client, wait_until

DECKS = ["gradient-checkpointing", "graph-theory", "linear-algebra"]


class AnswerButton(discord.ui.Button["AnswerView"]):
    def __init__(self, letter: str) -> None:
        super().__init__(label=letter, custom_id=f"answer:{letter}")

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        for item in self.view.children:
            if isinstance(item, discord.ui.Button):
                item.disabled = True
        self.style = discord.ButtonStyle.success
        content = f"{interaction.user.name} chose {self.label}"
        await interaction.response.edit_message(content=content, view=self.view)


class AnswerView(discord.ui.View):
    """Two answer buttons and a difficulty select; a press edits the message (callback type 7)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        for letter in "AB":
            self.add_item(AnswerButton(letter))

    @discord.ui.select(
        custom_id="difficulty", options=[discord.SelectOption(label=x) for x in ("easy", "hard")]
    )
    async def difficulty(
        self, interaction: discord.Interaction, select: discord.ui.Select[AnswerView]
    ) -> None:
        await interaction.response.edit_message(content=f"difficulty {select.values[0]}")


class AnswerModal(discord.ui.Modal, title="Your answer"):
    answer: discord.ui.TextInput[AnswerModal] = discord.ui.TextInput(label="Answer", custom_id="answer")
    sure: discord.ui.Label[AnswerModal] = discord.ui.Label(
        text="How sure are you?", component=discord.ui.TextInput(custom_id="sure", required=False)
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        sure = self.sure.component
        assert isinstance(sure, discord.ui.TextInput)
        await interaction.response.send_message(f"you said {self.answer.value} ({sure.value or 'unsure'})")


class Quiz(app_commands.Group):
    @app_commands.command(description="Start a round")
    async def start(
        self, interaction: discord.Interaction, deck: str, questions: app_commands.Range[int, 1, 50] = 5
    ) -> None:
        manage = interaction.permissions.manage_guild
        await interaction.response.send_message(
            f"deck={deck} questions={questions!r} manage={manage}", ephemeral=True
        )

    @start.autocomplete("deck")
    async def deck_choices(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=d, value=d) for d in DECKS if d.startswith(typed)]

    @app_commands.command(description="Post a question")
    async def post(self, interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send("Question 1", view=AnswerView())
        await interaction.response.send_message("posted", ephemeral=True)

    @app_commands.command(description="Think, then answer in follow-ups")
    async def slow(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("done")
        await interaction.followup.send("and one more")
        await interaction.edit_original_response(content="done, edited")

    @app_commands.command(description="Answer in a form")
    async def answer(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(AnswerModal())

    @app_commands.command(description="Who is that member")
    async def whois(self, interaction: discord.Interaction, member: discord.Member) -> None:
        roles = [r.name for r in member.roles if not r.is_default()]
        await interaction.response.send_message(f"{member.name} {roles}", ephemeral=True)

    @app_commands.command(description="Reverse an uploaded file")
    async def reverse(self, interaction: discord.Interaction, upload: discord.Attachment) -> None:
        data = await upload.read()
        await interaction.response.send_message(file=discord.File(io.BytesIO(data[::-1]), "reversed.txt"))


class Misbehave(app_commands.Group):
    """Commands that break Discord's rules on purpose, to show the fake notices."""

    @app_commands.command(description="Post a message over 2000 characters")
    async def shout(self, interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send("A" * 2001)
        await interaction.response.send_message("shouted", ephemeral=True)

    @app_commands.command(description="Mention everyone")
    async def everyone(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("@everyone look")

    @app_commands.command(description="Answer too late")
    async def late(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.3)
        await interaction.response.send_message("sorry", ephemeral=True)

    @app_commands.command(description="Never answer")
    async def silent(self, interaction: discord.Interaction) -> None:
        pass

    @app_commands.command(description="Edit a message six times at once")
    async def burst(self, interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.response.send_message("bursting", ephemeral=True)
        message = await interaction.channel.send("count 0")
        for count in range(1, 7):
            await message.edit(content=f"count {count}")

    @app_commands.command(description="Answer, then fail")
    async def crash(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("about to fail", ephemeral=True)
        raise RuntimeError("a bug in a command")

    @app_commands.command(description="Call an endpoint nobody planned")
    async def pins(self, interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        try:
            [message async for message in interaction.channel.pins()]
        except discord.NotFound:
            await interaction.response.send_message("no pins", ephemeral=True)


def make_bot() -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default(), help_command=None)
    bot.tree.add_command(Quiz(name="quiz", description="Quiz rounds"))
    bot.tree.add_command(Misbehave(name="misbehave", description="Break the rules"))
    return bot


@dataclass
class Study:
    guild: Guild
    general: Channel
    alice: Member  # a moderator (Manage Server)
    bob: Member


@pytest.fixture
def study(fake_discord: FakeDiscord) -> Study:  # noqa: F811
    guild = fake_discord.add_guild("Study A")
    general = guild.add_channel("general")
    mods = guild.add_role("Moderators", permissions=discord.Permissions(manage_guild=True))
    return Study(guild, general, guild.add_member("alice", roles=[mods]), guild.add_member("bob"))


@pytest_asyncio.fixture
async def bot(discord_py_at_fake: FakeDiscord, study: Study) -> AsyncIterator[commands.Bot]:  # noqa: F811
    client = make_bot()
    async with running_client(client, discord_py_at_fake):
        await client.tree.sync()
        yield client


async def test_a_wrong_token_fails_login(discord_py_at_fake: FakeDiscord) -> None:  # noqa: F811
    with pytest.raises(discord.LoginFailure):
        async with running_client(make_bot(), discord_py_at_fake, token="not.the.token"):
            pass


async def test_the_client_gets_ready_with_the_servers_channels_and_roles(
    discord_py_at_fake: FakeDiscord,  # noqa: F811
    study: Study,
) -> None:
    client = make_bot()
    async with running_client(client, discord_py_at_fake, ready_timeout=5):
        guild = client.get_guild(study.guild.id)
        assert guild is not None and guild.name == "Study A"
        assert [c.name for c in guild.text_channels] == ["general"]
        assert {"@everyone", "Moderators", "Bvunzo"} <= {r.name for r in guild.roles}
        assert client.user is not None and client.user.id == discord_py_at_fake.bot.id
        assert client.application_id == discord_py_at_fake.application_id
        assert guild.me is not None and guild.me.guild_permissions.send_messages


async def test_a_sync_stores_the_command_tree_with_ids(
    fake_discord: FakeDiscord,  # noqa: F811
    study: Study,
    bot: commands.Bot,
) -> None:
    stored = {c["name"]: c for c in fake_discord.commands()}
    assert set(stored) == {"quiz", "misbehave"}
    assert {o["name"] for o in stored["quiz"]["options"]} >= {"start", "post", "slow", "answer"}
    bot.tree.copy_global_to(guild=discord.Object(study.guild.id))
    synced = await bot.tree.sync(guild=discord.Object(study.guild.id))
    assert [c.id for c in synced] == [int(c["id"]) for c in fake_discord.commands(study.guild)]
    assert len(fake_discord.requests_to("PUT /applications/{application_id}/guilds/{guild_id}/commands")) == 1


async def test_a_slash_subcommand_with_options_is_answered_ephemerally(
    fake_discord: FakeDiscord,  # noqa: F811
    study: Study,
    bot: commands.Bot,
) -> None:
    asked = await fake_discord.slash(
        study.general, study.alice, "quiz start", deck="graph-theory", questions=3
    )
    answer = await asked.response()
    assert answer.type == 4 and answer.ephemeral
    assert answer.content == "deck=graph-theory questions=3 manage=True"
    plain = await fake_discord.slash(study.general, study.bob, "quiz start", deck="graph-theory")
    assert (await plain.response()).content == "deck=graph-theory questions=5 manage=False"


async def test_a_member_option_arrives_resolved(
    fake_discord: FakeDiscord,  # noqa: F811
    study: Study,
    bot: commands.Bot,
) -> None:
    asked = await fake_discord.slash(study.general, study.bob, "quiz whois", member=study.alice)
    assert (await asked.response()).content == "alice ['Moderators']"


async def test_unknown_commands_options_and_values_are_refused_before_dispatch(
    fake_discord: FakeDiscord,  # noqa: F811
    study: Study,
    bot: commands.Bot,
) -> None:
    with pytest.raises(CommandError, match="never synced"):
        await fake_discord.slash(study.general, study.alice, "leaderboard")
    with pytest.raises(CommandError, match="no subcommand"):
        await fake_discord.slash(study.general, study.alice, "quiz begin")
    with pytest.raises(CommandError, match="unknown options"):
        await fake_discord.slash(study.general, study.alice, "quiz start", deck="x", colour="red")
    with pytest.raises(CommandError, match="outside"):
        await fake_discord.slash(study.general, study.alice, "quiz start", deck="x", questions=51)


async def test_a_button_click_gets_an_update_that_edits_the_stored_message(
    fake_discord: FakeDiscord,  # noqa: F811
    study: Study,
    bot: commands.Bot,
) -> None:
    await (await fake_discord.slash(study.general, study.alice, "quiz post")).response()
    question = await fake_discord.wait_for_message(study.general, lambda m: m.content == "Question 1")
    click = await fake_discord.click(question, study.bob, label="B")
    answer = await click.response()
    assert answer.type == 7 and answer.message is question
    assert question.content == "bob chose B"
    assert question.button(label="B")["style"] == discord.ButtonStyle.success.value
    assert all(b.get("disabled") for b in question.buttons())
    assert len(fake_discord.edits(question)) == 1
    with pytest.raises(ComponentError, match="disabled"):
        await fake_discord.click(question, study.alice, label="A")
    fetched = await bot.get_partial_messageable(study.general.id).fetch_message(question.id)
    assert fetched.content == "bob chose B"


async def test_a_select_choice_reaches_the_view(
    fake_discord: FakeDiscord,  # noqa: F811
    study: Study,
    bot: commands.Bot,
) -> None:
    await (await fake_discord.slash(study.general, study.alice, "quiz post")).response()
    question = await fake_discord.wait_for_message(study.general, lambda m: m.content == "Question 1")
    picked = await fake_discord.select(question, study.bob, ["hard"])
    assert (await picked.response()).type == 7
    assert question.content == "difficulty hard"


async def test_a_deferred_answer_is_completed_by_its_first_follow_up(
    fake_discord: FakeDiscord,  # noqa: F811
    study: Study,
    bot: commands.Bot,
) -> None:
    asked = await fake_discord.slash(study.general, study.alice, "quiz slow")
    answer = await asked.response()
    assert answer.type == 5 and answer.ephemeral
    second = await asked.wait_followup(lambda m: m.content == "and one more")
    first = asked.followups[0]
    assert first is asked.original and first.ephemeral and not first.loading
    assert second is not first and second.ephemeral is False
    edited = await asked.wait_original(lambda m: m.content == "done, edited")
    assert fake_discord.edits(edited)


async def test_a_modal_is_opened_and_its_submission_answered(
    fake_discord: FakeDiscord,  # noqa: F811
    study: Study,
    bot: commands.Bot,
) -> None:
    asked = await fake_discord.slash(study.general, study.bob, "quiz answer")
    form = (await asked.response()).modal
    assert form.title == "Your answer"
    assert [(f["custom_id"], f["label"]) for f in form.inputs()] == [
        ("answer", "Answer"),
        ("sure", "How sure are you?"),
    ]
    submitted = await fake_discord.submit_modal(asked, {"answer": "Paris", "sure": "very"})
    assert (await submitted.response()).content == "you said Paris (very)"
    with pytest.raises(ValueError, match="required"):
        await fake_discord.submit_modal(asked, {"sure": "very"})


async def test_autocomplete_returns_the_bots_choices(
    fake_discord: FakeDiscord,  # noqa: F811
    study: Study,
    bot: commands.Bot,
) -> None:
    choices = await fake_discord.autocomplete(
        study.general, study.alice, "quiz start", focused="deck", value="gra"
    )
    assert [c["value"] for c in choices] == ["gradient-checkpointing", "graph-theory"]


async def test_an_attachment_option_is_downloadable_and_a_reply_file_is_stored(
    fake_discord: FakeDiscord,  # noqa: F811
    study: Study,
    bot: commands.Bot,
) -> None:
    upload = fake_discord.attachment("deck.txt", b"abc")
    asked = await fake_discord.slash(study.general, study.alice, "quiz reverse", upload=upload)
    answer = await asked.response()
    assert answer.message is not None
    [stored] = answer.message.attachments
    assert (stored.filename, stored.data) == ("reversed.txt", b"cba")


async def test_limit_and_ping_violations_are_recorded(
    fake_discord: FakeDiscord,  # noqa: F811
    study: Study,
    bot: commands.Bot,
) -> None:
    await (await fake_discord.slash(study.general, study.alice, "misbehave shout")).response()
    await (await fake_discord.slash(study.general, study.alice, "misbehave everyone")).response()
    [too_long] = fake_discord.take_violations("limit")
    assert "content is 2001 characters" in too_long.message
    assert too_long.request is not None and too_long.request.key == "POST /channels/{channel_id}/messages"
    [ping] = fake_discord.take_violations("ping")
    assert "@everyone" in ping.message
    assert not fake_discord.violations


async def test_late_and_unanswered_interactions_are_recorded(
    fake_discord: FakeDiscord,  # noqa: F811
    study: Study,
    bot: commands.Bot,
) -> None:
    fake_discord.response_deadline = 0.1  # instead of Discord's 3 s, to keep the test short
    late = await fake_discord.slash(study.general, study.alice, "misbehave late")
    await fake_discord.slash(study.general, study.alice, "misbehave silent")
    await late.response()
    await fake_discord.settle()
    assert [v.kind for v in fake_discord.take_violations()] == ["late-response", "unanswered"]


async def test_rate_limited_edits_and_unplanned_routes_are_recorded(
    fake_discord: FakeDiscord,  # noqa: F811
    study: Study,
    bot: commands.Bot,
) -> None:
    await (await fake_discord.slash(study.general, study.alice, "misbehave burst")).response()
    await fake_discord.wait_for_message(study.general, lambda m: m.content == "count 6")
    await (await fake_discord.slash(study.general, study.alice, "misbehave pins")).response()
    assert [v.kind for v in fake_discord.take_violations()] == ["rate-limit", "unexpected-request"]


async def test_the_client_resumes_after_the_gateway_drops_it(
    fake_discord: FakeDiscord,  # noqa: F811
    study: Study,
    bot: commands.Bot,
) -> None:
    await fake_discord.drop_connections()
    await wait_until(
        lambda: fake_discord.gateway.connections == 2 and fake_discord.gateway.session_for(study.guild.id),
        what="the client to reconnect",
    )
    asked = await fake_discord.slash(study.general, study.alice, "quiz start", deck="graph-theory")
    assert (await asked.response()).type == 4


async def test_a_restarted_client_finds_its_commands_and_messages(
    discord_py_at_fake: FakeDiscord,  # noqa: F811
    study: Study,
) -> None:
    fake = discord_py_at_fake
    async with running_client(make_bot(), fake) as first:
        before = await first.tree.sync()
        await (await fake.slash(study.general, study.alice, "quiz post")).response()
    async with running_client(make_bot(), fake) as second:
        assert [c.id for c in await second.tree.sync()] == [c.id for c in before]
        question = await fake.wait_for_message(study.general, lambda m: m.content == "Question 1")
        assert (await second.get_partial_messageable(study.general.id).fetch_message(question.id)).components
        asked = await fake.slash(study.general, study.bob, "quiz start", deck="graph-theory")
        assert (await asked.response()).type == 4
    assert fake.gateway.connections == 2


async def test_the_harness_reports_errors_the_client_logged(
    discord_py_at_fake: FakeDiscord,  # noqa: F811
    study: Study,
    caplog: pytest.LogCaptureFixture,
) -> None:
    with pytest.raises(ClientLoggedErrors, match="a bug in a command"):
        async with running_client(make_bot(), discord_py_at_fake) as client:
            await client.tree.sync()
            await (await discord_py_at_fake.slash(study.general, study.alice, "misbehave crash")).response()
            await wait_until(lambda: "a bug in a command" in caplog.text, what="the error to be logged")


async def test_the_harness_raises_when_the_client_stops_on_its_own(
    discord_py_at_fake: FakeDiscord,  # noqa: F811
    study: Study,
) -> None:
    with pytest.raises(ClientCrashed, match="4004"):
        async with running_client(make_bot(), discord_py_at_fake) as client:
            await discord_py_at_fake.drop_connections(4004)  # "authentication failed": not resumable
            await wait_until(client.is_closed, what="the client to give up")


def test_the_openapi_check_rejects_a_body_the_spec_forbids() -> None:
    schemas = request_schemas()
    assert schemas is not None, unavailable_reason()
    bad = {"content": 5, "embeds": [{"title": "t" * 300}], "components": [{"type": 1, "components": []}]}
    problems = schemas.request_errors("POST", "/channels/{channel_id}/messages", bad)
    assert any(p.startswith("$.content") for p in problems)
    assert any(p.startswith("$.embeds[0].title") for p in problems)
    good = {"content": "hi", "allowed_mentions": {"parse": [], "users": [123]}}
    assert schemas.request_errors("POST", "/channels/{channel_id}/messages", good) == []


BUTTON = {"type": 2, "style": 1, "label": "A", "custom_id": "a"}
BODIES = [
    {"content": "hi", "components": [{"type": 1, "components": [BUTTON]}]},
    {
        "content": "hi",
        "components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "L" * 99}]}],
    },
    {"components": [{"type": 99, "components": []}]},
    {"content": "hi", "allowed_mentions": {"parse": [], "users": ["alice"]}},
    {"embeds": [{"title": "t", "color": "red", "fields": [{"name": "n"}]}]},
    {"content": 5, "embeds": [{"title": "t" * 300}], "components": [{"type": 1, "components": []}]},
]


@pytest.mark.parametrize("body", BODIES, ids=range(len(BODIES)))
def test_the_openapi_check_finds_what_plain_jsonschema_finds(body: dict[str, Any]) -> None:
    """The fake's oneOf and anyOf skip listing the errors of branches a valid body does not take."""
    schemas = request_schemas()
    assert schemas is not None, unavailable_reason()
    route = "/channels/{channel_id}/messages"
    where = spec._pointer("paths", route, "post", "requestBody", "content", "application/json", "schema")
    plain = Draft202012Validator({"$ref": f"{spec._URI}#{where}"}, registry=schemas._registry)
    assert schemas.request_errors("POST", route, body) == spec._describe(plain, body)
    assert (body is BODIES[0]) == (spec._describe(plain, body) == [])


async def test_the_fakes_replies_match_discords_response_schemas(
    fake_discord: FakeDiscord,  # noqa: F811
    study: Study,
    bot: commands.Bot,
) -> None:
    schemas = request_schemas()
    assert schemas is not None, unavailable_reason()
    await (await fake_discord.slash(study.general, study.alice, "quiz post")).response()
    question = await fake_discord.wait_for_message(study.general)
    await (await fake_discord.click(question, study.bob, label="A")).response()
    slow = await fake_discord.slash(study.general, study.alice, "quiz slow")
    await slow.wait_original(lambda m: m.content == "done, edited")
    guild, channel, member = study.guild.id, study.general.id, study.alice.id
    headers = {"Authorization": f"Bot {fake_discord.token}"}
    async with aiohttp.ClientSession(headers=headers) as session:
        for path in (
            "/users/@me",
            "/gateway",
            "/gateway/bot",
            "/oauth2/applications/@me",
            f"/channels/{channel}",
            f"/channels/{channel}/messages/{question.id}",
            f"/guilds/{guild}",
            f"/guilds/{guild}/roles",
            f"/guilds/{guild}/members/{member}",
            f"/applications/{fake_discord.application_id}/commands",
        ):
            async with session.get(fake_discord.api_base + path) as reply:
                assert reply.status == 200, path
    checked = [r for r in fake_discord.requests if r.reply is not None]
    assert {r.key for r in checked} >= {
        "PUT /applications/{application_id}/commands",
        "POST /interactions/{interaction_id}/{interaction_token}/callback",
        "POST /channels/{channel_id}/messages",
        "POST /webhooks/{webhook_id}/{webhook_token}",
        "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original",
    }
    problems = {r.key: schemas.response_errors(r.method, r.route, r.status, r.reply) for r in checked}
    assert {key: found for key, found in problems.items() if found} == {}


async def test_direct_messages_and_servers_without_the_bot(
    fake_discord: FakeDiscord,  # noqa: F811
    study: Study,
    bot: commands.Bot,
) -> None:
    # Commands are stored as Discord fills them in: guild install by default, every context by default.
    stored = {c["name"]: c for c in fake_discord.commands()}
    assert stored["quiz"]["integration_types"] == [0] and "contexts" not in stored["quiz"]
    # A DM with the bot: the user, no server; the bot's answer stays in that DM.
    dm = fake_discord.dm(study.alice)
    asked = await fake_discord.slash(dm, study.alice, "quiz start", deck="graph-theory")
    answer = await asked.response()
    assert answer.content == "deck=graph-theory questions=5 manage=False"
    assert answer.message is not None and answer.message.channel is dm
    assert "guild_id" not in fake_discord.message_payload(answer.message)
    with pytest.raises(LookupError, match="cannot act in the DM"):
        await fake_discord.slash(dm, study.bob, "quiz start", deck="graph-theory")
    # A server without the bot offers only what its members installed for themselves (integration type 1).
    elsewhere = fake_discord.add_guild("Study C", with_bot=False)
    hall = elsewhere.add_channel("hall")
    carol = elsewhere.add_member("carol")
    with pytest.raises(CommandError, match="a server without the bot"):
        await fake_discord.slash(hall, carol, "quiz start", deck="graph-theory")
    assert elsewhere not in fake_discord.guilds  # never sent to the bot
    assert fake_discord.violations == []


class ShardedBot(commands.AutoShardedBot):
    """A throwaway sharded bot whose /where says which client answered."""

    def __init__(self, label: str, **shards: Any) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), help_command=None, **shards)
        self.label = label

        @self.tree.command(description="Which client answers")
        async def where(interaction: discord.Interaction) -> None:
            guild = interaction.guild
            shard = guild.shard_id if guild is not None else None
            await interaction.response.send_message(f"{label} shard {shard}", ephemeral=True)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        pass  # the fake has no identify rate limit: no need for discord.py's 5 s between shards


async def test_each_shard_gets_its_servers_and_their_interactions(
    discord_py_at_fake: FakeDiscord,  # noqa: F811
) -> None:
    fake = discord_py_at_fake
    fake.shard_count = 2
    even = fake.add_guild("Even", shard=(0, 2))
    odd = fake.add_guild("Odd", shard=(1, 2))
    assert (even.id >> 22) % 2 == 0 and (odd.id >> 22) % 2 == 1
    members = {g.id: g.add_member(f"member-of-{g.name.lower()}") for g in (even, odd)}
    channels = {g.id: g.add_channel("general") for g in (even, odd)}
    first = ShardedBot("first", shard_ids=[0], shard_count=2)
    second = ShardedBot("second", shard_ids=[1], shard_count=2)
    async with running_client(first, fake), running_client(second, fake):
        await first.tree.sync()
        assert sorted(fake.gateway.ready_shards()) == [(0, 2), (1, 2)]
        assert [g.id for g in first.guilds] == [even.id]
        assert [g.id for g in second.guilds] == [odd.id]
        for guild, said in ((even, "first shard 0"), (odd, "second shard 1"), (even, "first shard 0")):
            asked = await fake.slash(channels[guild.id], members[guild.id], "where")
            assert (await asked.response()).content == said
        # A server that joins later is announced to its shard's connection only.
        late = fake.add_guild("Late", shard=(1, 2))
        await wait_until(lambda: second.get_guild(late.id), what="the late server on shard 1")
        assert first.get_guild(late.id) is None


async def test_gateway_bot_recommends_the_count_that_automatic_sharding_connects(
    discord_py_at_fake: FakeDiscord,  # noqa: F811
) -> None:
    fake = discord_py_at_fake
    fake.shard_count = 3
    guilds = [fake.add_guild(f"Server {n}", shard=(n, 3)) for n in (2, 0, 1)]
    client = ShardedBot("auto")
    async with running_client(client, fake):
        assert client.shard_count == 3
        assert sorted(fake.gateway.ready_shards()) == [(0, 3), (1, 3), (2, 3)]
        assert {g.id: g.shard_id for g in client.guilds} == {
            guilds[0].id: 2,
            guilds[1].id: 0,
            guilds[2].id: 1,
        }
    recommended = fake.requests_to("GET /gateway/bot")
    assert len(recommended) == 1


async def test_a_shard_outside_the_count_is_refused_with_4010(
    discord_py_at_fake: FakeDiscord,  # noqa: F811
) -> None:
    with pytest.raises(discord.ConnectionClosed) as closed:
        async with running_client(ShardedBot("wrong", shard_ids=[2], shard_count=2), discord_py_at_fake):
            pass
    assert closed.value.code == 4010
    assert discord_py_at_fake.gateway.ready_shards() == []
