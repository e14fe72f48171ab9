"""BvunzoBot: opens the store, loads the bank and the cogs, syncs commands, reports errors."""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import logging
import re
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord import app_commands

from bot.bank import deck_cache, formulas
from bot.bank.bank import Bank
from bot.decks.pictures import DeckPictures
from bot.decks.server_decks import ServerDecks
from bot.discord.calls import RetryPolicy, is_expired_interaction
from bot.discord.cogs import CogHost
from bot.discord.command_names import CatalogTranslator
from bot.discord.command_tree import NO_SENDER, CheckedTree, sender_id
from bot.discord.ended_clicks import EndedClicks
from bot.discord.faces import note_face
from bot.discord.internals import (
    HeldInteractions,
    dispatch_dynamic_items_lightly,
    dynamic_item_template,
    point_discord_at,
    read_clicks_lightly,
    read_events_with_zlib,
    recommended_shard_count,
    tolerate_malformed_events,
    upload_global_commands,
)
from bot.errors import UNEXPECTED, sentence_for
from bot.faces.recorder import FaceRecorder
from bot.host import malloc
from bot.host.config import DEFAULT_GATEWAY_URL, Settings
from bot.host.telemetry import Telemetry
from bot.locales import _, command_translations
from bot.preferences.language_memory import Languages, speak_to
from bot.quiz.clock import Clock, SystemClock
from bot.results.asked import give_snapshots, keep_deck_versions
from bot.reviews.refit import WeeklyRefit
from bot.rounds import RoundService
from bot.store import GuildSettings, open_store
from bot.ui import replies
from bot.ui.custom_ids import PREFIX as CUSTOM_ID_PREFIX
from bot.ui.forms import Form, form_for, submit_form
from bot.ui.owners import Owners

if TYPE_CHECKING:
    from bot.store import Store

# Sockets to Discord's REST API at once, all routes together: aiohttp's own default. At Discord's ~150 ms a
# call that answers a 500-click burst in under a second; 32 (tried) would queue it for over two.
REST_CONNECTIONS = 100
TRIM_AFTER = 1.0  # seconds after a round ends: its results are out
FACES_PATIENCE_SECONDS = 1.0  # at close, for the members' faces on their way to the store

log = logging.getLogger(__name__)

EXTENSIONS: tuple[str, ...] = (
    "cogs.general",
    "cogs.quiz",
    "cogs.calendar",  # after cogs.quiz: it adds /quiz schedule
    "cogs.boards",
    "cogs.practice",
    "cogs.decks",
    "cogs.preferences",
    "cogs.question_flags",
    "cogs.mistakes",
)
TREE_HASH_KEY = "command_tree_hash"


def _data(interaction: discord.Interaction) -> dict[str, Any]:
    return dict(interaction.data or {})


def _on_message(interaction: discord.Interaction, custom_id: str) -> bool:
    message = interaction.message
    if message is None:
        return False
    # A component type other than the message's (a forged click) reaches no handler in discord.py.
    kind = _data(interaction).get("component_type")
    stack: list[Any] = list(message.components)
    while stack:
        component = stack.pop()
        if getattr(component, "custom_id", None) == custom_id and component.type.value == kind:
            return True
        stack.extend(getattr(component, "children", ()))
        accessory = getattr(component, "accessory", None)  # a Components V2 section's button
        if accessory is not None:
            stack.append(accessory)
    return False


class BvunzoBot(CogHost, discord.AutoShardedClient):
    store: Store
    bank: Bank
    # Who serves each desk a button hands its click to (bot/ui/owners.py); cogs provide themselves.
    owners: Owners
    # Made by bot/discord/round_port.py (round_service) with its channel port: every round goes through it.
    round_service: RoundService
    # A server's own decks (saving, the quota, suggestions, versions): Discord and an in-process dashboard share it.
    decks: ServerDecks
    # Each member's fsrs parameters fitted every week (bot/reviews/refit.py), in the process running shard 0.
    refit: WeeklyRefit | None = None
    # Who used the bot and how they show (name, avatar), kept for the dashboard's pages; made with the store.
    faces: FaceRecorder | None = None

    def __init__(
        self, settings: Settings, *, clock: Clock | None = None, extensions: Sequence[str] = EXTENSIONS
    ):
        intents = discord.Intents.none()
        intents.guilds = True  # channels and roles for permission checks; no privileged intent is needed
        self.telemetry = Telemetry(metrics=settings.http is not None)  # BVUNZO_HTTP serves /metrics
        self.owners = Owners()
        # BVUNZO_SHARDS: the shards this process runs; unset, discord.py runs every shard Discord
        # recommends (one, for all but the biggest bots).
        shards: dict[str, Any] = {}
        if settings.shards.ids is not None:
            shards = {"shard_ids": list(settings.shards.ids), "shard_count": settings.shards.count}
        super().__init__(
            intents=intents,
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=False, replied_user=False
            ),
            **shards,
        )
        # App commands only (no message content reaches the bot): discord.py's client with a tree and the
        # cogs' loading of bot/discord/cogs.py, not discord.ext.commands.
        self.tree = CheckedTree(self)
        self._host_cogs()
        self.settings = settings
        self.clock: Clock = clock or SystemClock()
        self.extensions_to_load = tuple(extensions)
        self.started_monotonic = time.monotonic()
        self.deck_problems: list[str] = []
        self.closing = False
        self.logged_in = False  # login() started: discord.py's shard machinery exists
        self.discord_retry = RetryPolicy()  # how long a round rides out Discord's failures
        self._custom_id_templates: list[re.Pattern[str]] = []
        self._forms: list[Form] = []
        point_discord_at(settings.api_base, settings.gateway_url)
        read_clicks_lightly(self)  # a click's message parsed without the components not clicked
        tolerate_malformed_events(self)  # after: a malformed click is dropped here too
        read_events_with_zlib()  # 32 KiB a shard for the gateway's stream, not zstd's 2.3 MiB
        self._held = HeldInteractions(self)
        # A card's click builds no view of its many components; ended clicks' garbage collected every 100.
        dispatch_dynamic_items_lightly(self, EndedClicks())

    async def login(self, token: str) -> None:
        self.logged_in = True
        # discord.py's own pool has no limit: a burst of clicks opened a socket (and its buffers) per
        # request in flight, and the pool keeps them all.
        self.http.connector = aiohttp.TCPConnector(limit=REST_CONNECTIONS)
        # Discord's errors and acknowledgement times, for /metrics: traced only for a bot that counts them
        # (a traced request builds its signals' contexts and awaits their callbacks, each click's answer too).
        self.http.http_trace = self.telemetry.http_trace() if self.telemetry.metrics is not None else None
        await super().login(token)

    def holds_guild(self, guild_id: int) -> bool:
        """Whether this process serves the server (its shard is one of ours); see bot/host/shards.py."""
        return self.settings.shards.holds(guild_id)

    async def on_ready(self) -> None:
        # The line a host (and the multi-process test) reads to know this process serves its servers.
        shards = ",".join(str(shard_id) for shard_id in sorted(self.shards))
        log.info("ready: shards %s of %s, %d servers", shards, self.shard_count, len(self.guilds))
        malloc.trim()  # the start-up's peak (the decks' parse, the sync, the guilds' stream) back to the system

    async def setup_hook(self) -> None:
        if self.shard_count is None and self.settings.gateway_url != DEFAULT_GATEWAY_URL:
            # Left alone, discord.py connects to the gateway address Discord recommends with the count;
            # a host that set its own (a proxy, an emulator) keeps it.
            self.shard_count = await recommended_shard_count(self)
        self.store = await open_store(self.settings.db_path)
        self.faces = FaceRecorder(self.store, self.clock)
        # The pictures of the servers' decks, one cache for rounds, practice and the question of the day.
        self.pictures = DeckPictures(self.store, self.clock)
        self.languages = Languages(self.store)
        await self.languages.load()
        self.bank = await self._load_bank()
        # Before any round resumes: what was played before versions were kept gets its snapshot (once).
        await keep_deck_versions(self.store, self.bank.decks_for(None), self.clock())
        await give_snapshots(self.store, self.bank, self.clock())
        self.tree.error(self.on_app_command_error)
        await self.tree.set_translator(CatalogTranslator())
        for name in self.extensions_to_load:
            try:
                await self.load_extension(name)
            except Exception:
                log.exception("extension %s failed to load; the others keep running", name)
        await self.sync_commands()
        # Everything made so far (decks, caches, modules) lives as long as the process: move it out of
        # the garbage collector's generations so a full collection no longer walks it, which otherwise
        # stalls the event loop for tens of milliseconds in the middle of a burst of clicks. The start-up's
        # garbage (the catalogs read for the sync, the decks' parse) is collected first: frozen, it would
        # stay for good.
        gc.collect()
        gc.freeze()
        if self.settings.shards.syncs_commands:
            # Members are everyone's, not a shard's: the process running shard 0 refits their parameters.
            self.refit = WeeklyRefit(self.store, self.clock)
            self.refit.start()
        service = getattr(self, "round_service", None)  # cogs.quiz sets it; absent if it failed to load
        if service is not None:
            # A round's burst of clicks leaves its high-water mark in malloc's free lists: hand it back
            # once the round's last messages are out.
            service.when_ended(_trim_soon)

    async def fresh_decks(self, guild_id: int, *, eager: bool = True) -> None:
        """Take the server's decks again when another process changed them (bot/decks/deck_versions.py)."""
        await self.decks.fresh(guild_id, eager=eager)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings (its quiz-master role, for a permission check), as the store keeps them."""
        return await self.store.guild_settings(guild_id)

    async def _load_bank(self) -> Bank:
        # Formulas unchecked: asking mathtext would load matplotlib at start (`bvunzo validate` asks it, and
        # a saved deck was checked when it was saved).
        # A restart reads the decks it read before from their JSON, without PyYAML (bot/bank/deck_cache.py).
        cache = deck_cache.cache_for(self.settings.db_path)
        with formulas.unchecked():
            bank, problems = Bank.from_folder(self.settings.questions_path, cache)
            self.deck_problems = [str(p) for p in problems]
            for problem in problems:
                log.warning("deck problem: %s", problem)
            self.decks = ServerDecks(self.store, bank, self.clock, on_change=self.telemetry.deck_changed)
            await self.decks.versions.load_every(cache)
        if cache is not None:
            cache.save()  # and let go: what it holds is in the bank now
        log.info("bank loaded: %d decks, %d questions", len(bank), bank.question_count)
        return bank

    # -- command sync -------------------------------------------------------------------------------

    async def command_payload(self) -> list[dict[str, Any]]:
        """The global commands as Discord receives them, in the tree's order, localisations included."""
        translator = self.tree.translator
        return [
            await command.get_translated_payload(self.tree, translator)
            if translator is not None
            else command.to_dict(self.tree)
            for command in self.tree.get_commands()
        ]

    async def command_tree_hash(self, payload: list[dict[str, Any]] | None = None) -> str:
        """The tree as Discord would receive it, its localisations included (a new translation syncs)."""
        shape = payload if payload is not None else await self.command_payload()
        blob = json.dumps(sorted(shape, key=lambda c: c["name"]), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()

    async def sync_commands(self) -> None:
        """Sync to the development server at once; globally only when the tree's shape changed."""
        if self.settings.sync_guild is not None and self.holds_guild(self.settings.sync_guild):
            guild = discord.Object(id=self.settings.sync_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to server %s", len(synced), self.settings.sync_guild)
        if not self.settings.shards.syncs_commands:
            # One list of global commands per application: the process running shard 0 keeps it.
            log.info("global commands are synced by the process running shard 0, not this one")
            return
        # Translated once (tens of thousands of questions to the translator): hashed, then sent as it is.
        payload = await self.command_payload()
        # The command words of every catalog were read for this payload alone: let them go until a sync.
        command_translations.cache_clear()
        shape = await self.command_tree_hash(payload)
        if await self.store.get_meta(TREE_HASH_KEY) == shape:
            log.info("global commands unchanged since the last sync; not syncing")
            return
        synced = await upload_global_commands(self.tree, payload)
        await self.store.set_meta(TREE_HASH_KEY, shape)
        log.info("synced %d global commands", len(synced))

    # -- components ---------------------------------------------------------------------------------

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().add_dynamic_items(*items)
        self._custom_id_templates.extend(dynamic_item_template(item) for item in items)

    @property
    def custom_id_templates(self) -> tuple[re.Pattern[str], ...]:
        """The templates of every DynamicItem registered, in the order they were added."""
        return tuple(self._custom_id_templates)

    @property
    def forms(self) -> tuple[Form, ...]:
        return tuple(self._forms)

    def add_forms(self, *forms: Form) -> None:
        """Forms whose submissions the bot takes by custom_id when no form in memory does (a restart)."""
        self._forms.extend(form for form in forms if form not in self._forms)  # two cogs may share one

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        # discord.py drops, without a word, a click whose custom_id no template matches (forged, malformed,
        # or from a button this version no longer has) and one whose custom_id is not on the message it
        # came from; the member's client would just say "interaction failed". The same for a form
        # submitted after the bot forgot it (a restart, a timeout).
        if self.faces is not None:  # every interaction's member, for the dashboard; never awaited
            note_face(self.faces, interaction)
        held = self._held.took(interaction.id)  # asked as discord.py routed it: a view may have stopped since
        if interaction.type is discord.InteractionType.modal_submit and not held:
            await self._submit_forgotten_form(interaction)
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str(_data(interaction).get("custom_id", ""))
        ours = any(t.fullmatch(custom_id) for t in self._custom_id_templates)
        if ours and _on_message(interaction, custom_id):
            return
        if held and not custom_id.startswith(CUSTOM_ID_PREFIX):
            return
        if sender_id(interaction) is not None:  # no command or guarded click set the member's language
            await speak_to(interaction)
        await self.tell(interaction, _("That button isn't one Bvunzo recognises; nothing was changed."))

    async def _submit_forgotten_form(self, interaction: discord.Interaction) -> None:
        form = form_for(self._forms, str(_data(interaction).get("custom_id", "")))
        if form is None:
            if sender_id(interaction) is not None:
                await speak_to(interaction)
            await self.tell(interaction, _("That form is no longer open; nothing was saved. Open it again."))
            return
        try:
            await submit_form(interaction, form)
        except Exception as exc:
            await self.report_interaction_error(interaction, exc)

    # -- errors -------------------------------------------------------------------------------------

    @staticmethod
    async def tell(interaction: discord.Interaction, sentence: str) -> None:
        """Say one ephemeral sentence to whoever caused the interaction, whatever its state."""
        try:
            await replies.send(interaction, sentence, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not tell %s: %s", interaction.user, sentence)

    async def report_interaction_error(self, interaction: discord.Interaction, error: BaseException) -> None:
        if isinstance(error, app_commands.CommandInvokeError):
            error = error.original
        if is_expired_interaction(error):
            # Answered too late (or a follow-up past the token's 15 minutes): nobody is listening now.
            log.warning("interaction %s could no longer be answered: %s", interaction.id, error)
            return
        if sender_id(interaction) is None:
            log.warning("interaction %s came without a member or user; refused", interaction.id)
            await self.tell(interaction, _(NO_SENDER))
            return
        sentence = sentence_for(error)
        if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
            # Discord's copy of the commands is older than the bot's: it catches up after a sync.
            sentence = _(
                "That command has changed; Discord is still updating its list. Try again in a minute."
            )
        if sentence is None:
            if isinstance(error, app_commands.CheckFailure | app_commands.TransformerError):
                sentence = str(error) or _("You can't use this command here.")
            else:
                data = _data(interaction)
                log.error(
                    "interaction failed: type=%s command=%s custom_id=%s guild=%s channel=%s user=%s",
                    interaction.type.name,
                    data.get("name"),
                    data.get("custom_id"),
                    interaction.guild_id,
                    interaction.channel_id,
                    sender_id(interaction),
                    exc_info=error,
                )
                sentence = _(UNEXPECTED)
        await self.tell(interaction, sentence)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await self.report_interaction_error(interaction, error)

    # -- life cycle ---------------------------------------------------------------------------------

    @property
    def uptime_seconds(self) -> float:
        return time.monotonic() - self.started_monotonic

    async def close(self) -> None:
        self.closing = True
        for cog in list(self.cogs.values()):
            stop = getattr(cog, "shut_down", None)
            if stop is not None:
                try:
                    await asyncio.wait_for(stop(), timeout=3)
                except Exception:
                    log.exception("cog %s did not shut down cleanly", cog.qualified_name)
        if self.refit is not None:
            await self.refit.stop()
        if self.logged_in:
            await super().close()
        else:
            # Never started: AutoShardedClient.close would wake a shard queue that login creates.
            await discord.Client.close(self)
        if self.faces is not None:
            await self.faces.drain(FACES_PATIENCE_SECONDS)
        store = getattr(self, "store", None)
        if store is not None:
            await store.close()


def _trim_soon(_ended: object) -> None:
    """After a round: malloc's free pages back to the system once its results are sent (bot/host/malloc.py)."""
    asyncio.get_running_loop().call_later(TRIM_AFTER, malloc.trim)
