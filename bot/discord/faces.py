"""Each interaction's member, noted by the bot's face recorder (bot/faces/recorder.py) for the dashboard."""

from __future__ import annotations

import discord

from bot.faces.face import icon_hash
from bot.faces.recorder import FaceRecorder


def note_face(recorder: FaceRecorder, interaction: discord.Interaction) -> None:
    """Hand the recorder the interaction's member as Discord described them: their global name (else their
    username, as Discord's GET /users answers) and their own avatar (a server's avatar is that server's)."""
    user = interaction.user
    if user is None or user.bot:
        return
    avatar = None if user.avatar is None else icon_hash(user.avatar.key)
    recorder.saw(user.id, user.global_name or user.name, avatar)
