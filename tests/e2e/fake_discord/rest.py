"""REST plumbing (record, authenticate, validate every request); routes for login, commands, servers."""

from __future__ import annotations

import json
import traceback
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from tests.e2e.fake_discord import records
from tests.e2e.fake_discord.limits import command_problems
from tests.e2e.fake_discord.models import CREATE_PUBLIC_THREADS, MANAGE_ROLES, PUBLIC_THREAD, THREAD_NAME_MAX
from tests.e2e.fake_discord.records import RecordedRequest, UploadedFile
from tests.e2e.fake_discord.spec import request_schemas

if TYPE_CHECKING:
    from tests.e2e.fake_discord.server import FakeDiscord

API_PREFIX = "/api/v10"
# Interaction callbacks and webhook calls carry their own token in the path, not the bot's.
_TOKEN_IN_PATH = ("/interactions/", "/webhooks/")
RECORD = web.RequestKey("record", RecordedRequest)


def json_response(data: Any, status: int = 200) -> web.Response:
    # discord.py parses a body as JSON only when Content-Type is exactly application/json (no charset).
    return web.Response(
        status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


def error(status: int, message: str, code: int = 0) -> web.Response:
    return json_response({"message": message, "code": code}, status)


GUILDS_PER_PAGE = 200  # Discord's most (and default) servers per GET /users/@me/guilds


def guild_page(listed: list[dict[str, Any]], query: Mapping[str, str]) -> web.Response:
    """One page of GET /users/@me/guilds as Discord answers it: sorted by id, at most `limit` (1-200,
    default 200) of those after `after` or before `before` (the spec's parameters); a bad one is 400."""
    try:
        limit = int(query.get("limit", GUILDS_PER_PAGE))
        after = int(query["after"]) if "after" in query else None
        before = int(query["before"]) if "before" in query else None
    except ValueError:
        return error(400, "Invalid Form Body", 50035)
    if not 1 <= limit <= GUILDS_PER_PAGE:
        return error(400, "Invalid Form Body", 50035)
    ordered = sorted(listed, key=lambda g: int(g["id"]))
    if before is not None:
        return json_response([g for g in ordered if int(g["id"]) < before][-limit:])
    return json_response([g for g in ordered if after is None or int(g["id"]) > after][:limit])


def no_content() -> web.Response:
    return web.Response(status=204)


async def read_body(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    """JSON, or a multipart body's payload_json part (discord.py sends files that way) plus its files."""
    if not request.body_exists:
        return None, []
    if request.content_type == "multipart/form-data":
        body: Any = None
        files: list[UploadedFile] = []
        async for part in await request.multipart():
            if not isinstance(part, BodyPartReader):
                continue
            if part.name == "payload_json":
                body = json.loads(await part.text())
            else:
                data = bytes(await part.read(decode=True))
                kind = part.headers.get("Content-Type", "application/octet-stream")
                files.append(UploadedFile(part.name or "", part.filename or "", kind, data))
        return body, files
    raw = await request.read()
    return (json.loads(raw) if raw else None), []


class RestApi:
    """The HTTP side of the fake; each handler reads and changes the fake's state."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    @web.middleware
    async def middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if not request.path.startswith(API_PREFIX):
            response: web.StreamResponse = await handler(request)
            return response
        fake = self.fake
        resource = request.match_info.route.resource
        template = resource.canonical[len(API_PREFIX) :] if resource is not None else ""
        unreadable = None
        try:
            body, files = await read_body(request)
        except ValueError as exc:
            body, files, unreadable = None, [], f"the body is not valid JSON: {exc}"
        record = RecordedRequest(
            method=request.method,
            path=request.path[len(API_PREFIX) :],
            route=template,
            query=dict(request.query),
            body=body,
            files=files,
            time=fake.loop_time(),
        )
        fake.requests.append(record)
        request[RECORD] = record
        if unreadable is not None:
            fake.violate(records.SPEC, unreadable, record)
        response = await self._answer(request, handler, record)
        record.status = response.status
        if (
            isinstance(response, web.Response)
            and response.content_type == "application/json"
            and response.body
        ):
            record.reply = json.loads(bytes(response.body))  # type: ignore[arg-type]
        fake.changed()
        return response

    async def _answer(
        self, request: web.Request, handler: Any, record: RecordedRequest
    ) -> web.StreamResponse:
        fake = self.fake
        # A word where an id belongs (…/messages/pins) means a route the fake does not know.
        ids = [v for k, v in request.match_info.items() if k.endswith("_id")]
        if request.match_info.http_exception is not None or not all(i.isdigit() for i in ids):
            fake.violate(
                records.UNEXPECTED,
                "the fake has no such route (the bot calls an endpoint nobody planned)",
                record,
            )
            return error(404, "404: Not Found")
        if (
            not record.path.startswith(_TOKEN_IN_PATH)
            and request.headers.get("Authorization") != f"Bot {fake.token}"
        ):
            return error(401, "401: Unauthorized")
        if not record.path.startswith(_TOKEN_IN_PATH) and (limited := fake.over_global_limit()) is not None:
            return limited
        schemas = request_schemas()
        if schemas is not None and record.body is not None:
            for problem in schemas.request_errors(record.method, record.route, record.body):
                fake.violate(records.SPEC, f"OpenAPI: {problem}", record)
        injected = await fake.faults.answer(record)  # a fault rule of the test's, if one matches
        if injected is not None:
            return injected
        try:
            response: web.StreamResponse = await handler(request)
        except Exception:
            # A bug in the fake must fail the test, not send discord.py into its 5xx retry loop.
            fake.violate("fake-error", traceback.format_exc(), record)
            return error(400, "the fake Discord failed on this request; see the test's violations")
        lost = await fake.faults.answer(record, after=True)  # done, but the answer lost on its way back
        return response if lost is None else lost

    def routes(self) -> list[web.RouteDef]:
        apps = "/applications/{application_id}"
        routes = [
            web.get("/users/@me", self.get_me),
            web.get("/users/@me/guilds", self.get_my_guilds),
            web.get("/users/{user_id}", self.get_user),
            web.get("/gateway", self.get_gateway),
            web.get("/gateway/bot", self.get_gateway_bot),
            web.get("/oauth2/applications/@me", self.get_application),
            web.get("/applications/@me", self.get_application),
            web.get(apps + "/commands", self.list_commands),
            web.put(apps + "/commands", self.put_commands),
            web.post(apps + "/commands", self.post_command),
            web.get(apps + "/commands/{command_id}", self.get_command),
            web.patch(apps + "/commands/{command_id}", self.patch_command),
            web.delete(apps + "/commands/{command_id}", self.delete_command),
            web.get(apps + "/guilds/{guild_id}/commands", self.list_commands),
            web.put(apps + "/guilds/{guild_id}/commands", self.put_commands),
            web.post(apps + "/guilds/{guild_id}/commands", self.post_command),
            web.get(apps + "/guilds/{guild_id}/commands/{command_id}", self.get_command),
            web.patch(apps + "/guilds/{guild_id}/commands/{command_id}", self.patch_command),
            web.delete(apps + "/guilds/{guild_id}/commands/{command_id}", self.delete_command),
            web.get("/channels/{channel_id}", self.get_channel),
            web.post("/channels/{channel_id}/threads", self.create_thread),
            web.get("/guilds/{guild_id}", self.get_guild),
            web.get("/guilds/{guild_id}/channels", self.get_guild_channels),
            web.get("/guilds/{guild_id}/roles", self.get_guild_roles),
            web.get("/guilds/{guild_id}/members/{user_id}", self.get_member),
            web.put("/guilds/{guild_id}/members/{user_id}/roles/{role_id}", self.add_member_role),
            web.delete("/guilds/{guild_id}/members/{user_id}/roles/{role_id}", self.remove_member_role),
        ]
        return [web.route(r.method, API_PREFIX + r.path, r.handler) for r in routes]

    # -- identity -----------------------------------------------------------------------------------

    async def get_me(self, request: web.Request) -> web.Response:
        bot = self.fake.bot
        return json_response(
            {**bot.payload(), "verified": True, "mfa_enabled": False, "email": None, "locale": "en-US"}
        )

    async def get_my_guilds(self, request: web.Request) -> web.Response:
        """The servers the bot is in, as partial guilds (the dashboard shows only those), a page at a time."""
        listed = [
            {
                "id": str(g.id),
                "name": g.name,
                "icon": None,
                "banner": None,
                "owner": False,
                "permissions": str(g.permissions_of(g.bot_member)),
                "features": [],
            }
            for g in self.fake.guilds
        ]
        return guild_page(listed, request.query)

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.fake.users.get(int(request.match_info["user_id"]))
        return json_response(user.payload()) if user else error(404, "Unknown User", 10013)

    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.fake.gateway_url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1}
        return json_response(
            {"url": self.fake.gateway_url, "shards": self.fake.shard_count, "session_start_limit": limit}
        )

    async def get_application(self, request: web.Request) -> web.Response:
        fake = self.fake
        return json_response(
            {
                "id": str(fake.application_id),
                "name": fake.bot.name,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "flags": fake.application_flags,
                "flags_new": str(fake.application_flags),
                "role_connections_verification_url": None,
                "approximate_guild_count": len(fake.guilds),
                "approximate_user_install_count": 0,
                "approximate_user_authorization_count": 0,
                "explicit_content_filter": 0,
                "eligible_oauth2_scopes": ["bot", "applications.commands"],
                "owner": fake.owner.payload(),
                "team": None,
                "bot": fake.bot.payload(),
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "integration_types_config": {"0": {}},
            }
        )

    # -- application commands -----------------------------------------------------------------------

    def _scope(self, request: web.Request) -> int | web.Response | None:
        """The command scope of the path (None: global), or the error for a foreign app or server."""
        if request.match_info["application_id"] != str(self.fake.application_id):
            return error(403, "Missing Access", 50001)
        guild_id = request.match_info.get("guild_id")
        if guild_id is None:
            return None
        if int(guild_id) not in {g.id for g in self.fake.guilds}:
            return error(403, "Missing Access", 50001)
        return int(guild_id)

    async def list_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        if isinstance(scope, web.Response):
            return scope
        return json_response(self.fake.command_store.listing(scope))

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        if isinstance(scope, web.Response):
            return scope
        record: RecordedRequest = request[RECORD]
        bodies = record.body or []
        for problem in command_problems(bodies, global_scope=scope is None):
            self.fake.violate(records.LIMIT, problem, record)
        return json_response(self.fake.command_store.replace(scope, bodies))

    async def post_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        if isinstance(scope, web.Response):
            return scope
        record: RecordedRequest = request[RECORD]
        for problem in command_problems([record.body or {}], global_scope=scope is None):
            self.fake.violate(records.LIMIT, problem, record)
        return json_response(self.fake.command_store.upsert(scope, record.body or {}), 201)

    async def get_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        if isinstance(scope, web.Response):
            return scope
        command = self.fake.command_store.find(scope, request.match_info["command_id"])
        return json_response(command) if command else error(404, "Unknown application command", 10063)

    async def patch_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        if isinstance(scope, web.Response):
            return scope
        changed = self.fake.command_store.patch(
            scope, request.match_info["command_id"], request[RECORD].body or {}
        )
        return json_response(changed) if changed else error(404, "Unknown application command", 10063)

    async def delete_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        if isinstance(scope, web.Response):
            return scope
        if not self.fake.command_store.delete(scope, request.match_info["command_id"]):
            return error(404, "Unknown application command", 10063)
        return no_content()

    # -- servers and channels -----------------------------------------------------------------------

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self.fake.channels.get(int(request.match_info["channel_id"]))
        return json_response(channel.payload()) if channel else error(404, "Unknown Channel", 10003)

    async def create_thread(self, request: web.Request) -> web.Response:
        """A thread without a starting message (its body was checked against the OpenAPI spec on arrival)."""
        parent = self.fake.channels.get(int(request.match_info["channel_id"]))
        if parent is None:
            return error(404, "Unknown Channel", 10003)
        record: RecordedRequest = request[RECORD]
        body = record.body or {}
        if parent.is_thread:
            return error(400, "Cannot create a thread in a thread", 50024)
        if body.get("type", PUBLIC_THREAD) != PUBLIC_THREAD:
            self.fake.violate(records.UNEXPECTED, "only public threads are modelled", record)
            return error(400, "Invalid Form Body", 50035)
        if not parent.guild.bot_can(parent, CREATE_PUBLIC_THREADS):
            return error(403, "Missing Permissions", 50013)
        name = str(body.get("name", ""))
        if not 1 <= len(name) <= THREAD_NAME_MAX:
            self.fake.violate(records.LIMIT, f"a thread name has 1-{THREAD_NAME_MAX} characters", record)
            return error(400, "Invalid Form Body", 50035)
        thread = parent.guild.add_thread(
            parent,
            name,
            owner_id=self.fake.bot.id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 4320),
        )
        return json_response(thread.payload(), 201)

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self.fake.guilds_by_id.get(int(request.match_info["guild_id"]))
        return json_response(guild.payload()) if guild else error(404, "Unknown Guild", 10004)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self.fake.guilds_by_id.get(int(request.match_info["guild_id"]))
        if guild is None:
            return error(404, "Unknown Guild", 10004)
        return json_response([c.payload() for c in guild.channels])

    async def get_guild_roles(self, request: web.Request) -> web.Response:
        guild = self.fake.guilds_by_id.get(int(request.match_info["guild_id"]))
        if guild is None:
            return error(404, "Unknown Guild", 10004)
        return json_response([r.payload() for r in guild.roles])

    async def add_member_role(self, request: web.Request) -> web.Response:
        return self._member_role(request, give=True)

    async def remove_member_role(self, request: web.Request) -> web.Response:
        return self._member_role(request, give=False)

    def _member_role(self, request: web.Request, *, give: bool) -> web.Response:
        """Discord's rules: Manage Roles, and only a role below the bot's highest; 204 when done."""
        guild = self.fake.guilds_by_id.get(int(request.match_info["guild_id"]))
        if guild is None:
            return error(404, "Unknown Guild", 10004)
        member = guild.member(int(request.match_info["user_id"]))
        role = next((r for r in guild.roles if r.id == int(request.match_info["role_id"])), None)
        if member is None:
            return error(404, "Unknown Member", 10007)
        if role is None:
            return error(404, "Unknown Role", 10011)
        highest = max(r.position for r in guild.bot_member.roles)
        if not guild.permissions_of(guild.bot_member) & MANAGE_ROLES or role.position >= highest:
            return error(403, "Missing Permissions", 50013)
        if give and role not in member.roles:
            member.roles.append(role)
        elif not give and role in member.roles:
            member.roles.remove(role)
        self.fake.changed()
        return web.Response(status=204)

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self.fake.guilds_by_id.get(int(request.match_info["guild_id"]))
        if guild is None:
            return error(404, "Unknown Guild", 10004)
        member = guild.member(int(request.match_info["user_id"]))
        return json_response(member.payload()) if member else error(404, "Unknown Member", 10007)
