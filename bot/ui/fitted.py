"""Whose fsrs parameters schedule a member's reviews, as /stats shows it."""

from __future__ import annotations

import discord

from bot.locales import _, day, n_
from bot.store import MemberParameters
from bot.ui.text import FIELD_VALUE, clip, fit_total


def parameters_line(fitted: MemberParameters | None) -> str:
    """Own parameters ("Own: fitted to 512 reviews on 30 November 2026"), the server's, or the defaults."""
    if fitted is None:
        return _("The defaults: too few reviews yet to fit one")
    if fitted.guild_id is None:
        return n_(
            "Own: fitted to {n} review on {date}",
            "Own: fitted to {n} reviews on {date}",
            fitted.reviews,
            date=day(fitted.fitted_at),
        )
    return n_(
        "The server's: fitted to {n} review on {date}",
        "The server's: fitted to {n} reviews on {date}",
        fitted.reviews,
        date=day(fitted.fitted_at),
    )


def add_stats_parameters(embed: discord.Embed, fitted: MemberParameters | None) -> None:
    """/stats' line saying which spaced-repetition parameters the member is on."""
    embed.add_field(name=_("Review schedule"), value=clip(parameters_line(fitted), FIELD_VALUE), inline=False)
    fit_total(embed)
