"""Each interaction's member, noted by the bot's face recorder (bot/faces/recorder.py) for the dashboard."""

from __future__ import annotations

import logging

import discord

from bot.faces.face import icon_hash
from bot.faces.recorder import FaceRecorder

log = logging.getLogger(__name__)


def note_face(recorder: FaceRecorder, interaction: discord.Interaction) -> None:
    """Hand the recorder the interaction's member as Discord described them: their global name (else their
    username, as Discord's GET /users answers) and their own avatar (a server's avatar is that server's).
    Whatever goes wrong here is logged: the interaction is answered all the same."""
    user = interaction.user
    if not isinstance(user, discord.abc.User) or user.bot:  # a malformed one came with no member or user
        return
    try:
        avatar = None if user.avatar is None else icon_hash(user.avatar.key)
        recorder.saw(user.id, user.global_name or user.name, avatar)
    except Exception:
        log.exception("the face of %s was not noted", user.id)
