"""Discord's limits on what Bvunzo renders (../shared/discord-api/LIMITS.md), in one place for bot/ui and cogs."""

from __future__ import annotations

# Messages and embeds.
CONTENT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
EMBED_TOTAL = 6000

# Components.
ACTION_ROWS = 5
BUTTONS_PER_ROW = 5
BUTTON_LABEL = 80
CUSTOM_ID = 100
SELECT_OPTIONS = 25
SELECT_OPTION_LABEL = 100
SELECT_PLACEHOLDER = 150

# Components V2 (layout components: containers, sections, text displays, media galleries): every component
# counts, nested ones too (a section, its text and its button are three), and the text of all text
# displays together; such a message has no content and no embeds.
V2_COMPONENTS = 40
V2_TEXT = 4000

# Forms (modals): the title and a text input's label; what one text input may hold.
MODAL_TITLE = 45
INPUT_LABEL = 45
TEXT_INPUT = 4000

# Application commands and threads.
CHOICE_NAME = 100
AUTOCOMPLETE_CHOICES = 25
THREAD_NAME = 100
