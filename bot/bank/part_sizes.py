"""How large each part of a deck may be, so that everything renders within Discord's limits."""

from __future__ import annotations

from bot.bank.problems import Problem
from bot.locales import n_, p_, speaking

# Discord's own limits these are derived from (see shared/discord-api/LIMITS.md).
DISCORD_EMBED_DESCRIPTION = 4096
DISCORD_EMBED_FIELD_VALUE = 1024
DISCORD_EMBED_TOTAL = 6000
DISCORD_BUTTON_LABEL = 80
DISCORD_CUSTOM_ID = 100
DISCORD_AUTOCOMPLETE_NAME = 100
DISCORD_SELECT_OPTIONS = 25
DISCORD_TEXT_INPUT = 4000  # a modal text input's max_length

# A question is one embed: its description (4096) holds the prompt and every choice after its letter.
# What the bot adds around them (bot/ui) is counted generously, so a question that passes here is
# never cut short in a round, its reveal, practice feedback or a translation:
# - between the prompt and the choices, and the closing time: "\n\n" ... "\n\nCloses <t:...:R>.";
QUESTION_FRAME = 40
# - on each choice's line: a newline, a mark ("✅ ", "▫️ "), "**A**  " and at the reveal "  — 12345";
CHOICE_LINE_FRAME = 24
# - a text question in practice feedback quotes back what was typed (cut to 200) and the answer.
TYPED_ANSWER_SHOWN = 200
TEXT_ANSWER_FRAME = 40
# The prompt alone may fill the description but for the frame; with its choices it must fit too.
MAX_PROMPT_LENGTH = DISCORD_EMBED_DESCRIPTION - QUESTION_FRAME
MIN_CHOICES = 2
MAX_CHOICES = 5
# A multi question ("select all that apply") is answered in one select menu (at most 25 options), so it
# may have more choices than there are letters on a row of buttons.
MAX_MULTI_CHOICES = 10
# Choices are listed in full in the embed; buttons show the letter and at most a shortened text,
# so a choice may be longer than a button label.
MAX_CHOICE_LENGTH = 200
# The explanation is one embed field value at the reveal (1024), with room for a short prefix.
MAX_EXPLANATION_LENGTH = 1000
# A question's own hint is shown alone in an ephemeral reply, one short line.
MAX_HINT_LENGTH = 200
# A typed answer is shown at the reveal and compared with what players type in a modal.
MAX_TEXT_ANSWER_LENGTH = 200
# A number question's unit follows its number at the reveal and may end what a member types.
MAX_UNIT_LENGTH = 20
# "Name any ..." questions accept many answers (a real Red trivia list has 34).
MAX_TEXT_ANSWERS = 50
# A reader picks a translation from a select menu (25 options, one of them the original).
MAX_TRANSLATIONS = DISCORD_SELECT_OPTIONS - 1

# Deck titles are autocomplete choice names (100).
MAX_DECK_TITLE_LENGTH = 100
MAX_DECK_DESCRIPTION_LENGTH = 300
MAX_QUESTIONS_PER_DECK = 5000
# All of one server's uploaded decks together, so one server cannot fill the host's memory.
MAX_QUESTIONS_PER_SERVER = 20000
MAX_DECKS_PER_SERVER = 50
# Deck and question ids travel inside custom_ids (100 characters with a prefix and a round id).
MAX_DECK_ID_LENGTH = 40
MAX_QUESTION_ID_LENGTH = 40
MAX_TAG_LENGTH = 40
MAX_TAGS = 20

# A deck file (or an upload of text: YAML, CSV, GIFT, ...) larger than this is refused before it is parsed.
MAX_DECK_BYTES = 1024 * 1024
# A learning platform's export (Moodle XML, a Canvas quiz, an Anki package, a Kahoot or Wayground
# workbook) may be this large: their markup runs to about 1 KiB a question, so a bank of 2,000 questions
# and more fits. What it imports to is kept under MAX_STORED_DECK_BYTES, as any deck.
MAX_EXPORT_BYTES = 4 * MAX_DECK_BYTES
# The YAML a server's deck is kept as (what an import, an edit or an approved suggestion writes) may be
# larger than the upload it came from (keys, ids, quoting: at most about 150 bytes for each of 5,000
# questions); it is ours, so it is saved and read again under this one limit (bot/bank/reader.py's
# read_stored_deck), never the upload's.
MAX_STORED_DECK_BYTES = 2 * MAX_DECK_BYTES


def rendered_length(prompt: str, choices: tuple[str, ...] | list[str], first_answer: str | None) -> int:
    """The most characters a question can take in an embed description once the bot has framed it.

    `first_answer` is the answer a text question reveals (None for a question with choices).
    """
    if first_answer is not None:
        return len(prompt) + QUESTION_FRAME + TEXT_ANSWER_FRAME + TYPED_ANSWER_SHOWN + len(first_answer)
    return len(prompt) + QUESTION_FRAME + sum(len(choice) + CHOICE_LINE_FRAME for choice in choices)


def true_false_choices(lang: str) -> tuple[str, str]:
    """The words for true and false in `lang`: the catalog's in a language Bvunzo speaks, else English."""
    with speaking(lang):
        return p_("true or false", "True"), p_("true or false", "False")


def size_problem(size: int, source: str, limit: int = MAX_DECK_BYTES) -> Problem | None:
    if size <= limit:
        return None
    return Problem(
        source,
        0,
        n_(
            "the file is {n} KiB; a deck may be at most {most} KiB, so split it into several decks",
            "the file is {n} KiB; a deck may be at most {most} KiB, so split it into several decks",
            -(-size // 1024),
            n=-(-size // 1024),
            most=limit // 1024,
        ),
    )
