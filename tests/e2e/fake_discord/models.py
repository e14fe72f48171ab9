"""The fake's world: users, servers (guilds), their channels, roles and members, as Discord sends them."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any

import discord

DISCORD_EPOCH_MS = 1420070400000
ALL_PERMISSIONS = discord.Permissions.all().value
ADMINISTRATOR = discord.Permissions(administrator=True).value
MANAGE_ROLES = discord.Permissions(manage_roles=True).value
# What a new server's @everyone may do (Discord's defaults, trimmed to the text side).
DEFAULT_EVERYONE = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    use_application_commands=True,
    change_nickname=True,
    connect=True,
    speak=True,
).value
# What a bot is typically invited with, on top of @everyone.
DEFAULT_BOT = discord.Permissions(
    view_channel=True, send_messages=True, embed_links=True, read_message_history=True, attach_files=True
).value

SEND_MESSAGES = discord.Permissions(send_messages=True).value
SEND_MESSAGES_IN_THREADS = discord.Permissions(send_messages_in_threads=True).value
CREATE_PUBLIC_THREADS = discord.Permissions(create_public_threads=True).value
PUBLIC_THREAD = 11
THREAD_NAME_MAX = 100
VIEW_CHANNEL = discord.Permissions(view_channel=True).value

PermissionsLike = int | discord.Permissions


def permission_value(value: PermissionsLike) -> int:
    return value.value if isinstance(value, discord.Permissions) else int(value)


def iso(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds")


def now() -> datetime:
    return datetime.now(UTC)


class Directory:
    """What every server of one fake shares: the id source, the users, and where changes are announced."""

    def __init__(self) -> None:
        self._last_id = 0
        self.users: dict[int, User] = {}
        # Set by the fake once it runs: (guild, gateway event name, payload) -> sent to the bot.
        self.announce: Callable[[Guild, str, dict[str, Any]], None] = lambda guild, event, payload: None

    def new_id(self, *, shard: tuple[int, int] | None = None) -> int:
        """A snowflake with the current time in it, so discord.py's created_at is sensible.

        With shard=(id, count), a server id Discord would give to that shard: (id >> 22) % count == id,
        found by moving the timestamp on a millisecond at a time.
        """
        stamp = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last_id = max(stamp, self._last_id + 1)
        if shard is not None:
            shard_id, count = shard
            while (self._last_id >> 22) % count != shard_id:
                self._last_id = ((self._last_id >> 22) + 1) << 22
        return self._last_id

    def user(self, name: str, *, bot: bool = False) -> User:
        """The user with that username (usernames are unique on Discord), created on first use."""
        for user in self.users.values():
            if user.name == name:
                return user
        user = User(id=self.new_id(), name=name, bot=bot)
        self.users[user.id] = user
        return user


class User:
    def __init__(self, *, id: int, name: str, bot: bool = False, locale: str = "en-US") -> None:
        self.id = id
        self.name = name
        self.bot = bot
        self.avatar: str | None = None  # an avatar's hash, as Discord gives it; None: the default avatar
        self.locale = locale  # the language of the user's Discord client, sent with each interaction

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": None if self.bot else self.name.title(),
            "avatar": self.avatar,
            "avatar_decoration_data": None,
            "collectibles": None,
            "primary_guild": None,
            "public_flags": 0,
            "flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    def __repr__(self) -> str:
        return f"<User {self.name} {self.id}>"


class Role:
    def __init__(self, *, id: int, guild: Guild, name: str, permissions: int, position: int) -> None:
        self.id = id
        self.guild = guild
        self.name = name
        self.permissions = permissions
        self.position = position
        self.bot_id: int | None = None  # set on the role Discord makes for an invited bot

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.bot_id is not None,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data

    def __repr__(self) -> str:
        return f"<Role {self.name} {self.id}>"


class Channel:
    """A text channel of a server (the only kind a quiz needs)."""

    def __init__(self, *, id: int, guild: Guild, name: str, position: int, topic: str | None = None) -> None:
        self.id = id
        self.guild = guild
        self.name = name
        self.position = position
        self.topic = topic

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def is_thread(self) -> bool:
        return False

    def payload(self, *, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": 0,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "parent_id": None,
            "topic": self.topic,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }
        if permissions is not None:
            # Interactions carry the invoking member's permissions in the channel.
            data["permissions"] = str(permissions)
        return data

    def __repr__(self) -> str:
        return f"<Channel #{self.name} {self.id}>"


class Thread(Channel):
    """A public thread under a text channel: a channel of its own for messages, listed apart from channels."""

    def __init__(
        self, *, id: int, parent: Channel, name: str, owner_id: int, auto_archive_duration: int
    ) -> None:
        super().__init__(id=id, guild=parent.guild, name=name, position=0)
        self.parent = parent
        self.owner_id = owner_id
        self.auto_archive_duration = auto_archive_duration
        self.created_at = now()

    @property
    def is_thread(self) -> bool:
        return True

    def payload(self, *, permissions: int | None = None) -> dict[str, Any]:
        data = super().payload(permissions=permissions)
        data.pop("position")
        data.pop("permission_overwrites")
        data.pop("topic")
        data.update(
            {
                "type": PUBLIC_THREAD,
                "parent_id": str(self.parent.id),
                "owner_id": str(self.owner_id),
                "message_count": 0,
                "member_count": 1,
                "total_message_sent": 0,
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": iso(self.created_at),
                    "locked": False,
                    "create_timestamp": iso(self.created_at),
                },
            }
        )
        return data

    def __repr__(self) -> str:
        return f"<Thread {self.name} {self.id} in #{self.parent.name}>"


class DMChannel:
    """A direct-message channel between a user and the bot: where a user-installed app is used privately."""

    guild: None = None  # no server: interactions here carry a user, not a member

    def __init__(self, *, id: int, recipient: User) -> None:
        self.id = id
        self.recipient = recipient
        self.name = f"@{recipient.name}"

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self, *, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": 1,
            "last_message_id": None,
            "flags": 0,
            "recipients": [self.recipient.payload()],
        }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data

    def __repr__(self) -> str:
        return f"<DMChannel with {self.recipient.name} {self.id}>"


class Member:
    """A user's membership of one server."""

    def __init__(self, *, user: User, guild: Guild, roles: list[Role], nick: str | None) -> None:
        self.user = user
        self.guild = guild
        self.roles = roles
        self.nick = nick
        self.joined_at = now()

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def mention(self) -> str:
        return self.user.mention

    @property
    def permissions(self) -> int:
        return self.guild.permissions_of(self)

    def payload(self, *, with_user: bool = True, with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(role.id) for role in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data

    def __repr__(self) -> str:
        return f"<Member {self.name} of {self.guild.name}>"


class Guild:
    """A server the bot is in. Build it before the bot connects; later additions are announced."""

    def __init__(
        self,
        directory: Directory,
        *,
        name: str,
        bot: User,
        bot_permissions: int,
        owner: User | None,
        with_bot: bool = True,
        shard: tuple[int, int] | None = None,
    ) -> None:
        self._directory = directory
        self.id = directory.new_id(shard=shard)
        self.name = name
        self.icon: str | None = None  # an icon's hash, as Discord lists it
        self.locale = "en-US"
        self.owner_id = owner.id if owner is not None else directory.new_id()
        self.channels: list[Channel] = []
        self.threads: list[Thread] = []
        self.everyone = Role(
            id=self.id, guild=self, name="@everyone", permissions=DEFAULT_EVERYONE, position=0
        )
        self.roles: list[Role] = [self.everyone]
        self.members: dict[int, Member] = {}
        # A server without the bot: its members may still use the app they installed for themselves.
        self.has_bot = with_bot
        if with_bot:
            bot_role = self.add_role(bot.name, permissions=bot_permissions)
            bot_role.bot_id = bot.id
            self.bot_member = self.add_member(bot, roles=[bot_role])
        if owner is not None and owner.id not in self.members:
            self.add_member(owner)

    def add_channel(self, name: str, *, topic: str | None = None) -> Channel:
        channel = Channel(
            id=self._directory.new_id(), guild=self, name=name, position=len(self.channels), topic=topic
        )
        self.channels.append(channel)
        self._directory.announce(self, "CHANNEL_CREATE", channel.payload())
        return channel

    def add_thread(self, parent: Channel, name: str, *, owner_id: int, auto_archive_duration: int) -> Thread:
        """A public thread under `parent`, announced as Discord does (THREAD_CREATE, newly created)."""
        thread = Thread(
            id=self._directory.new_id(),
            parent=parent,
            name=name,
            owner_id=owner_id,
            auto_archive_duration=auto_archive_duration,
        )
        self.threads.append(thread)
        self._directory.announce(self, "THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return thread

    def add_role(self, name: str, *, permissions: PermissionsLike = 0) -> Role:
        role = Role(
            id=self._directory.new_id(),
            guild=self,
            name=name,
            permissions=permission_value(permissions),
            position=len(self.roles),
        )
        self.roles.append(role)
        self._directory.announce(
            self, "GUILD_ROLE_CREATE", {"guild_id": str(self.id), "role": role.payload()}
        )
        return role

    def add_member(
        self, who: str | User | Member, *, roles: Iterable[Role] = (), nick: str | None = None
    ) -> Member:
        """Add a member by username (the same user across servers), User, or a Member of another server."""
        if isinstance(who, Member):
            user = who.user
        elif isinstance(who, User):
            user = who
        else:
            user = self._directory.user(who)
        if user.id in self.members:
            raise ValueError(f"{user.name} is already a member of {self.name}")
        foreign = [role for role in roles if role.guild is not self]
        if foreign:
            raise ValueError(f"roles {foreign} belong to another server than {self.name}")
        member = Member(user=user, guild=self, roles=list(roles), nick=nick)
        self.members[user.id] = member
        self._directory.announce(self, "GUILD_MEMBER_ADD", {**member.payload(), "guild_id": str(self.id)})
        return member

    def member(self, who: User | Member | int) -> Member | None:
        user_id = who if isinstance(who, int) else who.id
        return self.members.get(user_id)

    def channel(self, name: str) -> Channel:
        for channel in self.channels:
            if channel.name == name:
                return channel
        raise LookupError(f"{self.name} has no channel #{name}")

    def permissions_of(self, member: Member) -> int:
        """Server-wide permissions from @everyone and the member's roles; administrators and owner: all."""
        if member.id == self.owner_id:
            return ALL_PERMISSIONS
        value = self.everyone.permissions
        for role in member.roles:
            value |= role.permissions
        return ALL_PERMISSIONS if value & ADMINISTRATOR else value

    def bot_can(self, channel: Channel, permission: int) -> bool:
        """Whether the bot may do that in the channel (no channel overwrites are modelled).

        In a thread, sending a message takes Send Messages in Threads instead of Send Messages.
        """
        if channel.is_thread and permission & SEND_MESSAGES:
            permission = (permission & ~SEND_MESSAGES) | SEND_MESSAGES_IN_THREADS
        wanted = permission | VIEW_CHANNEL
        return self.permissions_of(self.bot_member) & wanted == wanted

    def payload(self) -> dict[str, Any]:
        """The guild object of REST (GET /guilds/{id})."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": self.locale,
            "vanity_url_code": None,
            "application_id": None,
            "max_members": 500000,
            "max_presences": None,
            "max_video_channel_users": 25,
            "max_stage_video_channel_users": 50,
            "home_header": None,
            "region": "deprecated",
            "widget_enabled": False,
            "widget_channel_id": None,
            "nsfw": False,
            "incidents_data": None,
            "features": [],
            "roles": [role.payload() for role in self.roles],
            "emojis": [],
            "stickers": [],
        }

    def gateway_payload(self, *, all_members: bool) -> dict[str, Any]:
        """GUILD_CREATE: without the members intent Discord sends only the bot's own member."""
        members = list(self.members.values()) if all_members else [self.bot_member]
        return {
            **self.payload(),
            "joined_at": iso(self.bot_member.joined_at),
            "large": False,
            "unavailable": False,
            "lazy": True,
            "member_count": len(self.members),
            "members": [member.payload() for member in members],
            "channels": [channel.payload() for channel in self.channels],
            "threads": [thread.payload() for thread in self.threads],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def __repr__(self) -> str:
        return f"<Guild {self.name} {self.id}>"
