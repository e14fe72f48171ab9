"""What Discord shows beside each option of /quiz start and /quiz settings, and the server languages offered.

The descriptions are the slash commands' own words, read off the command tree into the catalog and
localised by the bot's app_commands.Translator, as the commands' names are.
"""

from __future__ import annotations

from discord import app_commands

# The languages a server's channels may read Bvunzo in (bot/locales ships a catalog for each), each
# shown by its own name, as its speakers write it.
LANGUAGE_CHOICES = [
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="chiShona", value="sn"),
    app_commands.Choice(name="Français", value="fr"),
    app_commands.Choice(name="Português (Brasil)", value="pt-BR"),
]
LANGUAGE_NAMES = {choice.value: choice.name for choice in LANGUAGE_CHOICES}

START_OPTIONS = app_commands.describe(
    deck="The deck to play (/decks lists them)",
    questions="How many questions (1-50)",
    seconds="Seconds to answer each question (5-120)",
    mode="standard: 100 points per right answer; speed: 50-100, more for faster answers",
    podium="Places on the final podium (1-10; server default 3)",
    standings="end: only in the summary; live: top 5 after each reveal; hidden: no names before the end",
    streaks="Right answers in a row earn +10 each after the first, up to +50",
    reading="Seconds each question shows before its buttons open (0-30)",
    untimed="No timer: each question waits for every player, or a moderator's Reveal button",
    long_prompts="Long prompts get more time: +1 s per 100 characters beyond 200",
    tags="Only questions with one of these tags (separated by commas); any: no filter",
    difficulty="Only questions of this difficulty; any: no filter",
    deck2="A second deck to mix into the round",
    deck3="A third deck to mix into the round",
    thread="Play the round in a new public thread named after the deck; the summary also comes here",
    teams="2-4 teams scored by their members' mean points; 0: no teams",
    hints="Typed questions get a Hint button (each press costs a quarter of the points); false: none",
)

SETTINGS_OPTIONS = app_commands.describe(
    role="Members with this role may run rounds without Manage Server",
    questions="Default number of questions per round (1-50)",
    seconds="Default seconds per question (5-120)",
    mode="Default scoring mode",
    pause="Seconds between a reveal and the next question (0-60)",
    clear_role="Remove the quiz-master role",
    podium="Default places on the final podium (1-10)",
    standings="Default: end (summary only), live (top 5 after each reveal), hidden (no names before the end)",
    streaks="Default for the streak bonus (+10 per right answer in a row after the first, up to +50)",
    reading="Default seconds each question shows before its buttons open (0-30)",
    untimed="Default: no timer, questions wait for every player or a moderator's Reveal",
    long_prompts="Default: long prompts get +1 s per 100 characters beyond 200",
    thread="Default: rounds start in a new public thread under the channel",
    teams="Default number of teams (2-4), 0 for none",
    tags="Default tag filter (tags separated by commas); any: none",
    difficulty="Default difficulty filter; any: none",
    timezone="The server's time zone, an IANA name such as Africa/Harare (schedules follow it)",
    champion_role="A role for the top members of each week's or month's board (Bvunzo needs Manage Roles)",
    champion_period="week or month: when the champion role changes hands (server's zone)",
    champion_count="How many members get the champion role (1-10)",
    language="The language Bvunzo posts in here: rounds, reveals, summaries, question of the day",
    hints="Typed questions get a Hint button (each press costs a quarter of the points); false: none",
    card_style="How questions look: classic (embeds) or cards (one Discord card per question)",
)
