"""How large each part of a deck may be, so that everything renders within Discord's limits."""

from __future__ import annotations

# Discord's own limits these are derived from (see shared/discord-api/LIMITS.md).
DISCORD_EMBED_DESCRIPTION = 4096
DISCORD_EMBED_FIELD_VALUE = 1024
DISCORD_EMBED_TOTAL = 6000
DISCORD_BUTTON_LABEL = 80
DISCORD_CUSTOM_ID = 100
DISCORD_AUTOCOMPLETE_NAME = 100
DISCORD_SELECT_OPTIONS = 25

# A question is one embed: its description holds the prompt and every choice after its letter,
# so prompt + 5 x (choice + "**A.** " and a newline) stays near 2100, far below 4096.
MAX_PROMPT_LENGTH = 1000
MIN_CHOICES = 2
MAX_CHOICES = 5
# Choices are listed in full in the embed; buttons show the letter and at most a shortened text,
# so a choice may be longer than a button label.
MAX_CHOICE_LENGTH = 200
# The explanation is one embed field value at the reveal (1024), with room for a short prefix.
MAX_EXPLANATION_LENGTH = 1000
# A typed answer is shown at the reveal and compared with what players type in a modal.
MAX_TEXT_ANSWER_LENGTH = 200
MAX_TEXT_ANSWERS = 20
# A reader picks a translation from a select menu (25 options, one of them the original).
MAX_TRANSLATIONS = DISCORD_SELECT_OPTIONS - 1

# Deck titles are autocomplete choice names (100).
MAX_DECK_TITLE_LENGTH = 100
MAX_DECK_DESCRIPTION_LENGTH = 300
MAX_QUESTIONS_PER_DECK = 500
# Deck and question ids travel inside custom_ids (100 characters with a prefix and a round id).
MAX_DECK_ID_LENGTH = 40
MAX_QUESTION_ID_LENGTH = 40
MAX_TAG_LENGTH = 40
MAX_TAGS = 20

# A deck file (or an upload) larger than this is refused before it is parsed.
MAX_DECK_BYTES = 1024 * 1024

TRUE_FALSE_CHOICES: dict[str, tuple[str, str]] = {
    "en": ("True", "False"),
    "sn": ("Ichokwadi", "Manyepo"),
}


def true_false_choices(lang: str) -> tuple[str, str]:
    """The words for true and false in `lang`, English where we have none of its own."""
    return TRUE_FALSE_CHOICES.get(lang, TRUE_FALSE_CHOICES["en"])
