"""The bot process against the fake Discord: start-up, command sync, /decks, /about, errors, shutdown."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import shutil
import signal
import sys
from pathlib import Path

import discord
import pytest

from bot.discord.client import EXTENSIONS, TREE_HASH_KEY
from bot.errors import UNEXPECTED
from bot.locales import command_translations
from tests.e2e.conftest import ROOT, World
from tests.e2e.harness import HANG_GUARD, running_client, wait_until

COMMANDS = {
    "Make a question from this",  # the message command (Apps menu of a message)
    "about",
    "assign",
    "deck",
    "decks",
    "language",
    "leaderboard",
    "mistakes",
    "practice",
    "preferences",
    "qotd",
    "quiz",
    "stats",
}


async def test_starts_and_syncs_commands_once(world: World) -> None:
    fake = world.fake
    async with world.running() as bot:
        assert bot.user is not None and bot.user.id == int(fake.commands()[0]["application_id"])
        assert {c["name"] for c in fake.commands()} == COMMANDS
        # The catalogs' command words were read for the sync alone, and let go after it.
        assert command_translations.cache_info().currsize == 0
        assert await bot.store.get_meta(TREE_HASH_KEY) == await bot.command_tree_hash()
        assert bot.http.connector.limit == 100  # sockets to the REST API; discord.py's own pool has no limit
    syncs = fake.requests_to("PUT /applications/{application_id}/commands")
    assert len(syncs) == 1
    # A restart with the same command tree does not burn Discord's sync rate limit.
    async with world.running():
        pass
    assert len(fake.requests_to("PUT /applications/{application_id}/commands")) == 1


async def test_the_synced_commands_carry_the_catalogs_names(world: World) -> None:
    async with world.running():
        pass
    (sync,) = world.fake.requests_to("PUT /applications/{application_id}/commands")
    board = next(c for c in sync.body if c["name"] == "leaderboard")
    assert board["name_localizations"] == {"fr": "classement", "pt-BR": "placar"}


async def test_a_sync_discord_refuses_is_discord_pys_sync_failure(world: World) -> None:
    world.fake.faults.fail("PUT /applications/*/commands", 400, code=50035)
    with pytest.raises(discord.app_commands.CommandSyncFailure):
        async with world.running(allow_logged_errors=True):
            pass
    # The refused tree was never noted as synced: the next start sends it again.
    async with world.running():
        assert {c["name"] for c in world.fake.commands()} == COMMANDS
    assert len(world.fake.requests_to("PUT /applications/{application_id}/commands")) == 2


async def test_dev_server_sync(world: World) -> None:
    async with world.running(world.bot(sync_guild=world.study.id)):
        names = {c["name"] for c in world.fake.commands(world.study)}
        assert names == COMMANDS


async def test_decks_and_about(world: World, bot: object) -> None:
    fake = world.fake
    decks = await (await fake.slash(world.general, world.members[0], "decks")).response()
    assert decks.ephemeral
    assert "Gradient Checkpointing" in decks.text and "gradient-checkpointing" in decks.text
    assert "8 questions" in decks.text and "chiShona" in decks.text
    about = await (await fake.slash(world.general, world.members[0], "about")).response()
    assert about.ephemeral and "Version" in about.text and "0.1.0" in about.text


async def test_a_failing_command_is_one_sentence_and_the_bot_goes_on(world: World) -> None:
    bot = world.bot(
        extensions=(*EXTENSIONS, "tests.e2e.extensions.broken", "tests.e2e.extensions.unloadable")
    )
    async with world.running(bot, allow_logged_errors=True) as running:
        assert "tests.e2e.extensions.unloadable" not in running.extensions
        assert "cogs.quiz" in running.extensions
        answer = await (await world.fake.slash(world.general, world.members[0], "boom")).response()
        assert answer.ephemeral and answer.content == UNEXPECTED
        decks = await (await world.fake.slash(world.general, world.members[0], "decks")).response()
        assert "Gradient Checkpointing" in decks.text


async def test_forged_and_unknown_buttons_get_a_sentence(world: World, bot: object) -> None:
    fake = world.fake
    decks = await (await fake.slash(world.general, world.members[0], "decks")).response()
    message = decks.message
    for custom_id in ("hello", "bvz:1:a:notanumber", "bvz:9:a:1:0:0", "x" * 100):
        answer = await (await fake.forge_click(message, world.members[0], custom_id)).response()
        assert answer.ephemeral
        assert answer.content == "That button isn't one Bvunzo recognises; nothing was changed."
    # A well-formed custom_id that is not on the message it claims to come from is refused too.
    stale = await (await fake.forge_click(message, world.members[0], "bvz:1:a:424242:0:1")).response()
    assert (
        stale.ephemeral and stale.content == "That button isn't one Bvunzo recognises; nothing was changed."
    )


async def test_a_form_nobody_knows_gets_a_sentence(world: World, bot: object) -> None:
    """A submitted form whose custom_id names no form of Bvunzo (forged, or from an older version)."""
    for custom_id in ("bvz:1:zz:1", "hello"):
        data = {"custom_id": custom_id, "components": []}
        submitted = await world.fake.raw_interaction(
            5, world.general, world.members[0], data, None
        )  # 5: a form
        answer = await submitted.response()
        assert answer.ephemeral
        assert answer.content == "That form is no longer open; nothing was saved. Open it again."


async def test_a_prompt_that_stops_itself_answers_each_click_once(world: World) -> None:
    """A transient View (a confirmation) stopping itself is still known to have taken the click."""
    fake = world.fake
    alice, bongani = world.members[:2]
    async with world.running(world.bot(extensions=(*EXTENSIONS, "tests.e2e.extensions.confirm"))):
        for label, said in (("No", "Nothing was changed."), ("Yes", "Done.")):
            prompt = await (await fake.slash(world.general, alice, "confirm")).response()
            assert prompt.message is not None and prompt.text == "Really?"
            other = await fake.click(prompt.message, bongani, label=label)
            refused = await other.response()
            assert refused.content == "Only the member who asked can answer this."
            answered = await fake.click(prompt.message, alice, label=label)
            answer = await answered.response()
            assert answer.message is not None and answer.message.content == said
            # Gateway events are handled in order: once this command is answered, the click's
            # on_interaction has run, and a second reply to it would be there (and a protocol violation).
            await (await fake.slash(world.general, alice, "about")).response()
            assert answered.followups == [] and other.followups == []
        assert not fake.violations


async def test_bad_token_is_a_login_failure(world: World) -> None:
    bot = world.bot(token="MTIz.wrong.tokenwrongtokenwrong")
    with pytest.raises(discord.LoginFailure):
        async with running_client(bot, world.fake, token="MTIz.wrong.tokenwrongtokenwrong"):
            pass


def _env(world: World) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "BVUNZO_"))}
    return {
        **clean,
        **world.fake.env(),
        "BVUNZO_DB": str(world.db),
        "BVUNZO_QUESTIONS": str(world.questions),
        "BVUNZO_LOG_LEVEL": "INFO",
    }


async def _spawn(world: World, **extra: str) -> asyncio.subprocess.Process:
    """In a process group of its own, so that `_killed` takes its chart worker too."""
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=ROOT,
        env={**_env(world), **extra},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        start_new_session=True,
    )


async def _killed(process: asyncio.subprocess.Process) -> None:
    """kill -9 of the bot and what it started: a chart worker left alive holds the bot's pipes open,
    and process.wait() (which waits for them to close) would wait for ever after a failed check."""
    if process.returncode is None:
        os.killpg(process.pid, signal.SIGKILL)
        await process.wait()


async def _exit_code(process: asyncio.subprocess.Process) -> tuple[int, str]:
    _, err = await asyncio.wait_for(process.communicate(), timeout=HANG_GUARD)
    assert process.returncode is not None
    return process.returncode, err.decode()


async def test_subprocess_serves_then_exits_on_sigterm(world: World) -> None:
    fake = world.fake
    await _answered_once(world, world.members[0].id)
    process = await _spawn(world)
    try:
        await wait_until(
            lambda: {c["name"] for c in fake.commands()} == COMMANDS,
            timeout=20,
            what="python -m bot to sync its commands",
        )
        await fake.wait_for_bot(timeout=20)
        # The subprocess waits discord.py's 2 s guild_ready_timeout before it handles interactions.
        answer = await (await fake.slash(world.general, world.members[0], "decks")).response(timeout=10)
        assert "Gradient Checkpointing" in answer.text
        # /stats may start the chart worker process: it must not keep the bot from exiting.
        if importlib.util.find_spec("matplotlib") is not None:  # the optional `charts` extra
            asked = await fake.slash(world.general, world.members[0], "stats")
            assert (await asked.response(timeout=10)).type == 5  # deferred while the worker draws
            drawn = await asked.wait_original(timeout=15)
            assert [a.filename for a in drawn.attachments] == ["weeks.png"]
        process.send_signal(signal.SIGTERM)
        code, err = await _exit_code(process)
        assert code == 0, err
        assert "Traceback" not in err
    finally:
        await _killed(process)


async def test_subprocess_sigterm_during_start_up(world: World) -> None:
    process = await _spawn(world)
    try:
        await world.fake.wait_for_bot(timeout=20)  # connected, still inside discord.py's ready wait
        process.send_signal(signal.SIGINT)
        code, err = await _exit_code(process)
        assert code == 0, err
        assert "Traceback" not in err
    finally:
        await _killed(process)


async def test_subprocess_with_a_refused_token_is_one_line(world: World) -> None:
    process = await _spawn(world, DISCORD_TOKEN="MTIzNDU2Nzg5MDEy.wrong.tokenwrongtokenwrongtoken")
    code, err = await _exit_code(process)
    assert code == 2
    assert (
        err.strip().splitlines()[-1]
        == "bvunzo: Discord refused DISCORD_TOKEN: check the token in the developer portal."
    )
    assert "Traceback" not in err


async def test_malformed_interactions_get_a_sentence_and_change_nothing(world: World, bot: object) -> None:
    fake = world.fake
    member = world.members[0]
    quiz_id = next(c["id"] for c in fake.commands() if c["name"] == "quiz")
    cases = [
        # A command Discord still lists but the bot no longer has.
        {"id": "1", "name": "nosuch", "type": 1},
        # The right command with an option of the wrong type and an unknown subcommand.
        {
            "id": quiz_id,
            "name": "quiz",
            "type": 1,
            "options": [
                {"type": 1, "name": "start", "options": [{"type": 4, "name": "questions", "value": "lots"}]}
            ],
        },
        {
            "id": quiz_id,
            "name": "quiz",
            "type": 1,
            "options": [{"type": 1, "name": "explode", "options": []}],
        },
    ]
    for data in cases:
        answer = await (await fake.raw_interaction(2, world.general, member, data)).response()
        assert answer.ephemeral, data
        assert answer.content and "\n" not in answer.content
    # A click that names no message.
    loose = await (
        await fake.raw_interaction(
            3, world.general, member, {"custom_id": "bvz:1:a:1:0:0", "component_type": 2}
        )
    ).response()
    assert loose.ephemeral and "nothing was changed" in loose.content
    decks = await (await fake.slash(world.general, member, "decks")).response()
    assert "Gradient Checkpointing" in decks.text  # still serving


async def _answered_once(world: World, user_id: int) -> None:
    """A member with one answer on record, so /stats has a chart to draw."""
    from datetime import UTC, datetime

    from bot.store import Answer, NewRound, open_store

    now = datetime.now(UTC)
    async with await open_store(world.db) as store:
        played = await store.start_round(
            NewRound(
                guild_id=world.study.id,
                channel_id=world.annex.id,
                deck_id="gradient-checkpointing",
                started_by=world.moderator.id,
                question_ids=("gc-01",),
                seconds=20,
                mode="standard",
                seed=1,
                started_at=now,
            )
        )
        await store.record_answer(
            Answer(
                guild_id=world.study.id,
                round_id=played.id,
                question_index=0,
                question_id="gc-01",
                deck_id="gradient-checkpointing",
                user_id=user_id,
                choice=0,
                text=None,
                right=True,
                ms=900,
                points=100,
                answered_at=now,
            )
        )
        await store.finish_round(played.id, "finished", now)


async def test_malformed_gateway_events_do_not_stop_the_bot(world: World, bot: object) -> None:
    fake = world.fake
    session = fake.gateway.session_for(world.study.id)
    assert session is not None
    for broken in (
        {"id": "1", "type": 2},  # no token, no data, no channel
        {"id": "2", "type": 3, "token": "t", "application_id": "1", "version": 1, "data": None},
        {"type": "nonsense"},
        [],
    ):
        session.dispatch("INTERACTION_CREATE", broken)
    session.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(world.study.id)})  # no role
    # Gateway frames are read in order: the command below reaches the bot after every broken event.
    decks = await (await fake.slash(world.general, world.members[0], "decks")).response()
    assert "Gradient Checkpointing" in decks.text


async def test_a_broken_deck_is_skipped_and_the_rest_play(world: World, tmp_path: Path) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    shutil.copy(ROOT / "questions" / "gradient-checkpointing.yaml", folder)
    (folder / "broken.yaml").write_text(
        "id: broken\nquestions:\n  - id: q1\n    prompt: Two?\n    choices: [a]\n"
    )
    world.questions = folder
    async with world.running():
        decks = await (await world.fake.slash(world.general, world.members[0], "decks")).response()
        assert "gradient-checkpointing" in decks.text and "broken" not in decks.text
        about = await (await world.fake.slash(world.general, world.members[0], "about")).response()
        assert "Deck problems" in str(about.embeds)


async def test_the_synced_tree_carries_french_and_portuguese_names(world: World) -> None:
    """What Discord stored from the sync: French and Brazilian Portuguese names and descriptions for
    commands, subcommands and options (Shona is no Discord locale, so it appears nowhere)."""
    async with world.running():
        synced = {c["name"]: c for c in world.fake.commands()}
    board = synced["leaderboard"]
    assert board["name_localizations"] == {"fr": "classement", "pt-BR": "placar"}
    assert board["description_localizations"]["fr"] == "Le classement du quiz de ce serveur"
    period = next(o for o in board["options"] if o["name"] == "period")
    assert period["name_localizations"] == {"fr": "période", "pt-BR": "período"}
    start = next(o for o in synced["quiz"]["options"] if o["name"] == "start")
    assert start["name_localizations"] == {"fr": "lancer", "pt-BR": "iniciar"}
    deck = next(o for o in start["options"] if o["name"] == "deck")
    assert deck["name_localizations"] == {"fr": "paquet", "pt-BR": "baralho"}
    menu = synced["Make a question from this"]
    assert menu["type"] == 3 and menu["contexts"] == [0]
    assert menu["name_localizations"] == {"fr": "En faire une question", "pt-BR": "Criar uma pergunta disto"}
    assert not [place for place in _localisations(list(synced.values())) if "sn" in place]


def _localisations(payload: object) -> list[dict[str, str]]:
    """Every name_localizations and description_localizations map in a synced payload."""
    if isinstance(payload, dict):
        found = [v for k, v in payload.items() if k.endswith("_localizations") and isinstance(v, dict)]
        return found + [m for v in payload.values() for m in _localisations(v)]
    if isinstance(payload, list):
        return [m for v in payload for m in _localisations(v)]
    return []
