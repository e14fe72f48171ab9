"""The settings page's form: a server's round defaults read back from it, one sentence beside each wrong field."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from bot.locales import N_, _
from bot.quiz.choosing import Filter
from bot.quiz.standings import PODIUM_MAX, PODIUM_MIN
from bot.quiz.teams import MAX_TEAMS, MIN_TEAMS
from bot.quiz.timing import READING_MAX
from bot.store import GuildSettings

# Field: (lowest, highest), as /quiz settings offers them.
NUMBERS: dict[str, tuple[int, int]] = {
    "questions": (1, 50),
    "seconds": (5, 120),
    "pause_seconds": (0, 60),
    "podium": (PODIUM_MIN, PODIUM_MAX),
    "reading_seconds": (0, READING_MAX),
    "teams": (0, MAX_TEAMS),
}
CHOICES: dict[str, tuple[str, ...]] = {
    "mode": ("standard", "speed"),
    "standings": ("end", "live", "hidden"),
    "difficulty": ("any", "easy", "medium", "hard"),
}
# How the page names each choice (the form sends the value itself).
OPTION_WORDS = {
    "standard": N_("standard"),
    "speed": N_("speed"),
    "end": N_("at the end"),
    "live": N_("live"),
    "hidden": N_("hidden"),
    "any": N_("any"),
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
}
SWITCHES = ("streak_bonus", "untimed", "long_prompts", "thread", "hints")


def option_words(value: str) -> str:
    return _(OPTION_WORDS[value]) if value in OPTION_WORDS else value


MAX_TAGS_TEXT = 200


@dataclass(frozen=True, slots=True)
class SettingsForm:
    settings: GuildSettings  # as read (the saved ones where a field was wrong)
    errors: dict[str, str]  # field → its sentence


def read_settings_form(current: GuildSettings, form: Mapping[str, str], role_ids: set[int]) -> SettingsForm:
    errors: dict[str, str] = {}
    values: dict[str, object] = {}
    for name, (low, high) in NUMBERS.items():
        text = form.get(name, "").strip()
        if not text.isdigit() or not low <= int(text) <= high:
            errors[name] = _("A whole number from {low} to {high}.", low=low, high=high)
            continue
        values[name] = int(text)
    if values.get("teams") == 1:
        errors["teams"] = _(
            "{low} to {high} teams, or 0 for none; one team is no contest.", low=MIN_TEAMS, high=MAX_TEAMS
        )
        values.pop("teams")
    for name, allowed in CHOICES.items():
        text = form.get(name, "")
        if text not in allowed:
            errors[name] = _("One of {options}.", options=", ".join(option_words(o) for o in allowed))
            continue
        values[name] = None if name == "difficulty" and text == "any" else text
    for name in SWITCHES:
        values[name] = form.get(name) == "on"
    tags = form.get("tags", "").strip()
    if len(tags) > MAX_TAGS_TEXT:
        errors["tags"] = _("At most {most} characters of tags.", most=MAX_TAGS_TEXT)
    else:
        values["tags"] = " ".join(sorted(Filter.parse(tags, None).tags))
    role = form.get("quiz_master_role_id", "")
    if role == "":
        values["quiz_master_role_id"] = None
    elif role.isdigit() and int(role) in role_ids:
        values["quiz_master_role_id"] = int(role)
    else:
        errors["quiz_master_role_id"] = _("Choose one of this server's roles, or none.")
    return SettingsForm(replace(current, **values), errors)  # type: ignore[arg-type]
