"""The calendar in Shona, French and Brazilian Portuguese: the question of the day, a schedule's
announcement, an assignment's post and the sentences a moderator reads, rendered through the catalog
(the calendar's fragment, bot/locales/parts/calendar/) and compared with text written by hand."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from pathlib import Path

import pytest

from bot.bank.models import Kind, Question
from bot.calendar.repeats import Rule, RuleError, parse_time
from bot.calendar.runner import CalendarRunner, SkippedOccurrence
from bot.discord.calendar_channels import announcement
from bot.locales import _, speaking
from bot.store import CalendarSettings, NewSchedule, ScheduleRecord, open_store
from bot.ui.assignments import assignment_embed, progress_line
from bot.ui.qotd import days_in_a_row, qotd_embed, qotd_reveal_embed, status_latest

QUESTION = Question(
    id="q1",
    kind=Kind.CHOICE,
    prompt="Chii chinonzi gradient checkpointing?",
    choices=("Kuchengeta ndangariro", "Kumhanyisa"),
    answers=frozenset({0}),
    explanation="It trades compute for memory.",
)
DAY = date(2026, 12, 1)
CLOSES = datetime(2026, 12, 2, 7, 0, tzinfo=UTC)  # <t:1796194800>
STARTS = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)  # <t:1796148000>


def test_the_question_of_the_day_post_in_shona() -> None:
    with speaking("sn"):
        embed = qotd_embed(QUESTION, (0, 1), DAY, CLOSES, "Gradient Checkpointing")
    assert embed.title == "Mubvunzo wezuva · 2026 Zvita 1"
    assert embed.description == (
        "Chii chinonzi gradient checkpointing?\n\n"
        "**A**  Kuchengeta ndangariro\n**B**  Kumhanyisa\n\n"
        "Wakavhurika kusvika <t:1796194800:F> (<t:1796194800:R>)."
    )
    assert embed.footer.text == (
        "Gradient Checkpointing · pindura kamwe chete; mutsetse wako wezuva nezuva unoverengwa"
    )


def test_the_question_of_the_day_post_in_french_has_a_french_date() -> None:
    with speaking("fr"):
        embed = qotd_embed(QUESTION, (1, 0), DAY, CLOSES, "Gradient Checkpointing")
    assert embed.title == "Question du jour · 1 décembre 2026"
    assert embed.description is not None
    assert embed.description.endswith(
        "**A**  Kumhanyisa\n**B**  Kuchengeta ndangariro\n\n"
        "Ouverte jusqu'à <t:1796194800:F> (<t:1796194800:R>)."
    )
    assert embed.footer.text == "Gradient Checkpointing · une seule réponse ; ta série quotidienne compte"


def test_the_reveal_in_french_and_portuguese_counts_and_percentages_as_each_writes_them() -> None:
    with speaking("fr"):
        french = qotd_reveal_embed(QUESTION, (0, 1), DAY, (3, 1), 3, "Deck")
    assert french.title == "Question du jour · 1 décembre 2026 — réponse"
    assert french.fields[0].name == "Pourquoi"
    assert french.footer.text == "Deck · 3/4 ont eu juste (75\u00a0%)"  # CLDR: a no-break space
    with speaking("pt-BR"):
        portuguese = qotd_reveal_embed(QUESTION, (0, 1), DAY, (3, 1), 3, "Deck")
    assert portuguese.title == "Pergunta do dia · 1 de dezembro de 2026 — resposta"
    assert portuguese.footer.text == "Deck · 3/4 acertaram (75%)"


@pytest.mark.parametrize(
    ("code", "one", "three"),
    [
        ("en", "1 day in a row", "3 days in a row"),
        ("sn", "zuva 1 rakateedzana", "mazuva 3 akateedzana"),
        ("fr", "1 jour d'affilée", "3 jours d'affilée"),
        ("pt-BR", "1 dia seguido", "3 dias seguidos"),
    ],
)
def test_a_streak_is_counted_in_each_languages_plural(code: str, one: str, three: str) -> None:
    with speaking(code):
        assert days_in_a_row(1) == one
        assert days_in_a_row(3) == three


def test_a_schedules_announcement_in_shona_and_french() -> None:
    with speaking("sn"):
        shona = announcement("Gradient Checkpointing", STARTS, None)
    assert shona == "Mutambo we “Gradient Checkpointing” unotanga <t:1796148000:R> (<t:1796148000:F>)."
    with speaking("fr"):
        french = announcement("Gradient Checkpointing", STARTS, 42)
    assert french == (
        "<@&42> Une manche de « Gradient Checkpointing » commence <t:1796148000:R> (<t:1796148000:F>)."
    )


def test_a_schedules_rule_and_a_moderators_mistake_in_each_language() -> None:
    rule = Rule(time(18, 30), "daily")
    with speaking("sn"):
        assert rule.describe() == "zuva nezuva na 18:30"
    with speaking("fr"):
        assert Rule(time(8, 0), "weekdays").describe() == "en semaine à 08:00"
        with pytest.raises(RuleError) as mistake:
            parse_time("25:00")
    assert str(mistake.value) == (
        "« 25:00 » n'est pas une heure ; écris-la en HH:MM sur 24 heures, par exemple 18:30."
    )


def test_an_assignment_post_and_its_progress_in_shona_and_french() -> None:
    due = datetime(2026, 12, 8, 18, 0, tzinfo=UTC)  # <t:1796752800>
    with speaking("sn"):
        progress = progress_line(2, 1, due, closed=False)
        embed = assignment_embed(7, "Gradient Checkpointing", 1, 2, "refuse", progress)
    assert progress == "1 pa2 vakatanga vapedza; rinofanira kupera <t:1796752800:R> (<t:1796752800:F>)."
    assert embed.title == "Basa #7: Gradient Checkpointing"
    assert embed.description == (
        "Mubvunzo 1 kubva ku “Gradient Checkpointing”, wakafanana kune wese, unotambwa wega: "
        "dzvanya **Tanga**. Mikana 2 kune mumwe nemumwe (wakanyanya ndiwo unoverengwa); hapana mhinduro "
        "mushure menguva yekupedzisira.\n\n" + progress
    )
    with speaking("fr"):
        closed = progress_line(1, 0, due, closed=True)
        embed = assignment_embed(7, "Deck", 3, 1, "allow", closed)
    assert closed == "0 sur 1 ayant commencé ont fini ; fermé."
    assert embed.description == (
        "3 questions de « Deck », les mêmes pour tout le monde, en privé : appuie sur **Commencer**. "
        "1 tentative chacun (la meilleure compte) ; les réponses en retard sont marquées en retard."
        "\n\n0 sur 1 ayant commencé ont fini ; fermé."
    )


def test_qotd_status_names_the_day_as_each_language_writes_a_day_and_month() -> None:
    with speaking("fr"):
        assert status_latest(DAY, 1, CLOSES, CLOSES) == "Dernière : 1 déc. — 1 réponse, révélée."
    with speaking("pt-BR"):
        assert status_latest(DAY, 2, CLOSES, CLOSES) == "Última: 1 de dez. — 2 respostas, revelada."
    with speaking("en"):
        assert (
            status_latest(DAY, 2, None, CLOSES) == "Latest: Dec 1 — 2 answered, open until <t:1796194800:R>."
        )


class BusyChannel:
    """The Discord side as the runner sees it: every round is refused, in the language of the moment."""

    def __init__(self) -> None:
        self.told: list[str] = []

    def holds(self, guild_id: int) -> bool:
        return True

    async def announce(self, schedule: ScheduleRecord, starts_at: datetime) -> None:
        raise AssertionError("no announcement was asked for")

    async def start_round(self, schedule: ScheduleRecord, occurrence: datetime) -> str:
        raise SkippedOccurrence(_("a round was already running in this channel"))

    async def tell_moderators(self, schedule: ScheduleRecord, sentence: str) -> None:
        self.told.append(sentence)


async def test_the_runner_speaks_each_servers_language_for_its_schedules(tmp_path: Path) -> None:
    at = datetime(2027, 5, 3, 16, 0, tzinfo=UTC)
    languages = {1000: "fr", 2000: "sn"}

    async def language(guild_id: int) -> str:
        return languages[guild_id]

    async with await open_store(tmp_path / "lang.db") as store:
        for guild in languages:
            await store.save_calendar_settings(CalendarSettings(guild, "Africa/Harare"))
            await store.add_schedule(
                NewSchedule(
                    guild, guild + 1, "deck", "18:00", "daily", "", None, None, None, 0, None, 9, at, at
                ),
                at,
            )
        channel = BusyChannel()
        await CalendarRunner(store, lambda: at, channel, languages=language).tick()
        results = {s.guild_id: s.last_result for s in await store.guild_schedules(1000)}
        results |= {s.guild_id: s.last_result for s in await store.guild_schedules(2000)}
    assert sorted(channel.told) == [
        "mutambo wanga watotanga muchiteshi ichi",
        "une manche était déjà en cours dans ce salon",
    ]
    assert results == {
        1000: "passée : une manche était déjà en cours dans ce salon",
        2000: "zvasvetukwa: mutambo wanga watotanga muchiteshi ichi",
    }
