"""Badges as members read them: a round's summary line of who earned what, /stats' row of badges, and
the one line a reply (a practice answer, an approval) adds for badges new with it."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.locales import _
from bot.looks.round import fit_lines
from bot.quiz.achievements import MEANINGS, NAMES, Achievement, RoundBadges
from bot.ui.text import FIELD_VALUE, clip, fit_total, mention

MEDAL = "🏅"


def badge_names(badges: Sequence[Achievement]) -> str:
    """`🏅 First round · 🏅 Perfect round`: the names, in the language spoken now."""
    return " · ".join(f"{MEDAL} {_(NAMES[badge])}" for badge in badges)


def new_badges_line(badges: Sequence[Achievement]) -> str:
    """`New badges: 🏅 Reviewer`: a reply's one line of the badges new with it ("" for none)."""
    return f"{_('New badges')}: {badge_names(badges)}" if badges else ""


def new_badges_for(member_id: int, badges: Sequence[Achievement]) -> str:
    """`New badges for @member: 🏅 ...`: a moderator's reply naming what its member newly earned."""
    if not badges:
        return ""
    return _("New badges for {member}: {badges}", member=mention(member_id), badges=badge_names(badges))


def add_new_badges(embed: discord.Embed, badges: Sequence[Achievement]) -> None:
    """A reply's embed (practice feedback) with its one line of new badges (none: unchanged)."""
    if not badges:
        return
    embed.add_field(name=_("New badges"), value=clip(badge_names(badges), FIELD_VALUE), inline=False)
    fit_total(embed)


def add_round_badges(embed: discord.Embed, earned: Sequence[RoundBadges]) -> None:
    """The summary's one field of badges earned in the round, a line per member (none: no field)."""
    if not earned:
        return
    lines = [f"{mention(member.user_id)} {badge_names(member.badges)}" for member in earned]
    embed.add_field(name=_("New badges"), value=fit_lines(lines, FIELD_VALUE), inline=False)
    fit_total(embed)


def add_stats_badges(embed: discord.Embed, badges: Sequence[Achievement]) -> None:
    """/stats' row of the member's badges, each with its meaning (none: no field)."""
    if not badges:
        return
    lines = [f"{MEDAL} **{_(NAMES[badge])}**: {_(MEANINGS[badge])}" for badge in badges]
    embed.add_field(name=_("Badges"), value=clip("\n".join(lines), FIELD_VALUE), inline=False)
    fit_total(embed)
