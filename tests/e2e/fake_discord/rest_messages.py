"""REST routes that make or change messages: channel messages, interaction callbacks, follow-ups."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.e2e.fake_discord import records
from tests.e2e.fake_discord.interactions import (
    ALLOWED_CALLBACKS,
    APPLICATION_COMMAND,
    CHANNEL_MESSAGE,
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    MODAL,
    UPDATE_MESSAGE,
    FakeInteraction,
    Response,
)
from tests.e2e.fake_discord.limits import callback_problems, message_problems, ping_problems
from tests.e2e.fake_discord.messages import COMPONENTS_V2, EPHEMERAL, LOADING, FakeMessage, stored_components
from tests.e2e.fake_discord.models import SEND_MESSAGES
from tests.e2e.fake_discord.records import RecordedRequest
from tests.e2e.fake_discord.rest import API_PREFIX, RECORD, error, json_response, no_content

if TYPE_CHECKING:
    from tests.e2e.fake_discord.server import FakeDiscord

CHAT_INPUT_COMMAND_MESSAGE = 20
REPLY_MESSAGE = 19


class MessageRoutes:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    def routes(self) -> list[web.RouteDef]:
        channel = API_PREFIX + "/channels/{channel_id}/messages"
        hook = API_PREFIX + "/webhooks/{webhook_id}/{webhook_token}"
        # @original is declared before {message_id} so that it wins the match.
        return [
            web.post(channel, self.create_channel_message),
            web.get(channel, self.list_channel_messages),
            web.post(API_PREFIX + "/channels/{channel_id}/typing", self.typing),
            web.get(channel + "/{message_id}", self.get_channel_message),
            web.patch(channel + "/{message_id}", self.edit_channel_message),
            web.delete(channel + "/{message_id}", self.delete_channel_message),
            web.post(
                API_PREFIX + "/interactions/{interaction_id}/{interaction_token}/callback", self.callback
            ),
            web.post(hook, self.followup),
            web.get(hook + "/messages/@original", self.get_webhook_message),
            web.patch(hook + "/messages/@original", self.edit_webhook_message),
            web.delete(hook + "/messages/@original", self.delete_webhook_message),
            web.get(hook + "/messages/{message_id}", self.get_webhook_message),
            web.patch(hook + "/messages/{message_id}", self.edit_webhook_message),
            web.delete(hook + "/messages/{message_id}", self.delete_webhook_message),
            web.get("/attachments/{attachment_id}/{filename}", self.download),
        ]

    def _check_message(self, record: RecordedRequest, body: dict[str, Any], *, created: bool) -> None:
        for problem in message_problems(body):
            self.fake.violate(records.LIMIT, problem, record)
        if created:
            for problem in ping_problems(body, frozenset(self.fake.wanted_pings)):
                self.fake.violate(records.PING, problem, record)

    # -- channel messages ---------------------------------------------------------------------------

    def _channel_message(self, request: web.Request) -> FakeMessage | web.Response:
        channel = self.fake.channels.get(int(request.match_info["channel_id"]))
        if channel is None:
            return error(404, "Unknown Channel", 10003)
        message = self.fake.messages.get(int(request.match_info["message_id"]))
        if message is None or message.channel is not channel or message.deleted or message.ephemeral:
            return error(404, "Unknown Message", 10008)
        return message

    async def create_channel_message(self, request: web.Request) -> web.Response:
        fake = self.fake
        channel = fake.channels.get(int(request.match_info["channel_id"]))
        if channel is None:
            return error(404, "Unknown Channel", 10003)
        if not channel.guild.bot_can(channel, SEND_MESSAGES):
            return error(403, "Missing Permissions", 50013)
        record: RecordedRequest = request[RECORD]
        body = record.body or {}
        self._check_message(record, body, created=True)
        if not (body.get("content") or body.get("embeds") or body.get("components") or record.files):
            return error(400, "Cannot send an empty message", 50006)
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            # As Discord documents: the same nonce again within a few minutes returns the message it
            # made then (a 404 if that was deleted since), and makes no new one.
            earlier = fake.nonce_message(channel, nonce)
            if earlier is not None and earlier.deleted:
                return error(404, "Unknown Message", 10008)
            if earlier is not None:
                return json_response(fake.message_payload(earlier))
        kind = REPLY_MESSAGE if body.get("message_reference") else 0
        flags = int(body.get("flags") or 0) & ~(EPHEMERAL | LOADING)
        message = fake.post_message(channel, body, record.files, type=kind, flags=flags)
        if nonce is not None:
            fake.remember_nonce(message, nonce)
        return json_response(fake.message_payload(message))

    async def typing(self, request: web.Request) -> web.Response:
        found = self.fake.channels.get(int(request.match_info["channel_id"]))
        return no_content() if found is not None else error(404, "Unknown Channel", 10003)

    async def list_channel_messages(self, request: web.Request) -> web.Response:
        channel = self.fake.channels.get(int(request.match_info["channel_id"]))
        if channel is None:
            return error(404, "Unknown Channel", 10003)
        limit = int(request.query.get("limit", "50"))
        newest_first = list(reversed(self.fake.channel_messages(channel)))[:limit]
        return json_response([self.fake.message_payload(m) for m in newest_first])

    async def get_channel_message(self, request: web.Request) -> web.Response:
        found = self._channel_message(request)
        return found if isinstance(found, web.Response) else json_response(self.fake.message_payload(found))

    async def edit_channel_message(self, request: web.Request) -> web.Response:
        found = self._channel_message(request)
        if isinstance(found, web.Response):
            return found
        if found.author is not self.fake.bot:
            return error(403, "Cannot edit a message authored by another user", 50005)
        record: RecordedRequest = request[RECORD]
        body = record.body or {}
        # A Components V2 message stays one: an edit is checked as the message it makes.
        kept = found.flags & COMPONENTS_V2
        self._check_message(record, {**body, "flags": int(body.get("flags") or 0) | kept}, created=False)
        if kept and body.get("flags") is not None and not int(body["flags"]) & COMPONENTS_V2:
            self.fake.violate(records.LIMIT, "an edit cannot take a Components V2 message out of it", record)
        self.fake.note_channel_edit(found.channel, record)
        self.fake.edit_message(found, record.body or {}, record.files)
        return json_response(self.fake.message_payload(found))

    async def delete_channel_message(self, request: web.Request) -> web.Response:
        found = self._channel_message(request)
        if isinstance(found, web.Response):
            return found
        self.fake.delete_message(found)
        return no_content()

    # -- interactions -------------------------------------------------------------------------------

    async def callback(self, request: web.Request) -> web.Response:
        fake = self.fake
        record: RecordedRequest = request[RECORD]
        interaction = fake.interactions.get(int(request.match_info["interaction_id"]))
        if interaction is None or interaction.token != request.match_info["interaction_token"]:
            return error(404, "Unknown interaction", 10062)
        body = record.body or {}
        kind = body.get("type")
        if interaction.responded:
            fake.violate(records.PROTOCOL, f"{interaction.describe()} was answered twice", record)
            return error(400, "Interaction has already been acknowledged.", 40060)
        if kind not in ALLOWED_CALLBACKS[interaction.type] or (
            kind == UPDATE_MESSAGE and interaction.message is None
        ):
            fake.violate(
                records.PROTOCOL, f"callback type {kind} cannot answer {interaction.describe()}", record
            )
            return error(400, "Interaction callback type is invalid for this interaction", 50035)
        seconds = fake.loop_time() - interaction.dispatched_at
        if seconds > fake.response_deadline:
            fake.violate(
                records.LATE,
                f"{interaction.describe()} answered after {seconds:.1f} s (Discord allows 3)",
                record,
            )
        for problem in callback_problems(body):
            fake.violate(records.LIMIT, problem, record)
        data = dict(body.get("data") or {})
        if kind == CHANNEL_MESSAGE:
            for problem in ping_problems(data):
                fake.violate(records.PING, problem, record)
        message = self._answer(interaction, kind, data, record)
        if kind == MODAL:
            data["components"] = stored_components(data.get("components") or [])
        response = Response.snapshot(kind, data, seconds, message)
        interaction.first_response = response
        if request.query.get("with_response", "").lower() not in ("1", "true"):
            return no_content()
        return json_response(self._callback_result(interaction, kind, message))

    def _answer(
        self, interaction: FakeInteraction, kind: int, data: dict[str, Any], record: RecordedRequest
    ) -> FakeMessage | None:
        """Make or change the message the callback designates; it becomes @original."""
        fake = self.fake
        made = CHAT_INPUT_COMMAND_MESSAGE if interaction.type == APPLICATION_COMMAND else 0
        if kind in (CHANNEL_MESSAGE, DEFERRED_MESSAGE):
            flags = int(data.get("flags") or 0) | (LOADING if kind == DEFERRED_MESSAGE else 0)
            content = data if kind == CHANNEL_MESSAGE else {}
            interaction.original = fake.post_message(
                interaction.channel, content, record.files, type=made, flags=flags, interaction=interaction
            )
        elif kind == UPDATE_MESSAGE and interaction.message is not None:
            fake.edit_message(interaction.message, data, record.files)
            interaction.original = interaction.message
        elif kind == DEFERRED_UPDATE:
            interaction.original = interaction.message
        return interaction.original if kind in (CHANNEL_MESSAGE, DEFERRED_MESSAGE, UPDATE_MESSAGE) else None

    def _callback_result(
        self, interaction: FakeInteraction, kind: int, message: FakeMessage | None
    ) -> dict[str, Any]:
        """The body of a callback sent with ?with_response=1 (discord.py always asks for it)."""
        about: dict[str, Any] = {"id": str(interaction.id), "type": interaction.type}
        result: dict[str, Any] = {"interaction": about}
        if message is not None:
            about["response_message_id"] = str(message.id)
            about["response_message_loading"] = kind == DEFERRED_MESSAGE
            about["response_message_ephemeral"] = message.ephemeral
            if kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
                result["resource"] = {"type": kind, "message": self.fake.message_payload(message)}
        return result

    # -- follow-ups and @original -------------------------------------------------------------------

    def _interaction_of(self, request: web.Request) -> FakeInteraction | web.Response:
        fake = self.fake
        record: RecordedRequest = request[RECORD]
        if request.match_info["webhook_id"] != str(fake.application_id):
            fake.violate(
                records.UNEXPECTED, "a webhook other than the application's interaction webhook", record
            )
            return error(404, "Unknown Webhook", 10015)
        interaction = fake.interactions_by_token.get(request.match_info["webhook_token"])
        if interaction is None:
            return error(404, "Unknown Webhook", 10015)
        if not interaction.responded:
            fake.violate(
                records.PROTOCOL, f"webhook call on {interaction.describe()} before answering it", record
            )
            return error(404, "Unknown Webhook", 10015)
        return interaction

    def _webhook_message(self, request: web.Request) -> FakeMessage | web.Response:
        interaction = self._interaction_of(request)
        if isinstance(interaction, web.Response):
            return interaction
        wanted = request.match_info.get("message_id")
        if wanted is None:
            message = interaction.original
        else:
            mine = [interaction.original, *interaction.followups]
            message = next((m for m in mine if m is not None and str(m.id) == wanted), None)
        if message is None or message.deleted:
            return error(404, "Unknown Message", 10008)
        return message

    async def followup(self, request: web.Request) -> web.Response:
        fake = self.fake
        interaction = self._interaction_of(request)
        if isinstance(interaction, web.Response):
            return interaction
        record: RecordedRequest = request[RECORD]
        body = record.body or {}
        original = interaction.original
        # A follow-up completing an ephemeral deferred answer is ephemeral, whatever its own flags.
        inherited = original.flags & EPHEMERAL if original is not None and original.loading else 0
        self._check_message(record, {**body, "flags": int(body.get("flags") or 0) | inherited}, created=True)
        if original is not None and original.loading:
            # After a deferred answer, the first follow-up takes the place of the "thinking..." message.
            fake.edit_message(original, body, record.files, counts_as_edit=False)
            message = original
        else:
            flags = int(body.get("flags") or 0) & ~LOADING
            message = fake.post_message(
                interaction.channel, body, record.files, flags=flags, interaction=interaction
            )
        interaction.followups.append(message)
        fake.changed()
        if request.query.get("wait", "false").lower() in ("1", "true"):
            return json_response(fake.message_payload(message))
        return no_content()

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        found = self._webhook_message(request)
        return found if isinstance(found, web.Response) else json_response(self.fake.message_payload(found))

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        found = self._webhook_message(request)
        if isinstance(found, web.Response):
            return found
        record: RecordedRequest = request[RECORD]
        self._check_message(record, record.body or {}, created=False)
        self.fake.edit_message(found, record.body or {}, record.files)
        return json_response(self.fake.message_payload(found))

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        found = self._webhook_message(request)
        if isinstance(found, web.Response):
            return found
        self.fake.delete_message(found)
        return no_content()

    async def download(self, request: web.Request) -> web.Response:
        attachment = self.fake.attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None or attachment.filename != request.match_info["filename"]:
            return web.Response(status=404, text="no such attachment")
        kind = attachment.content_type or "application/octet-stream"
        return web.Response(body=attachment.data, headers={"Content-Type": kind})
