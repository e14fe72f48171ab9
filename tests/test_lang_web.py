"""The dashboard's own words in Shona, French and Brazilian Portuguese: expected text written by hand."""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer, make_mocked_request

from bot.locales import speaking
from bot.quiz.item_analysis import ItemFigures
from bot.store import GuildSettings, WeekStats, open_store
from bot.web.app import make_app
from bot.web.deck_charts import accuracy_chart, weeks_chart
from bot.web.discord_look import relative
from bot.web.language import accepted, switch_links
from bot.web.render import template_environment
from bot.web.server import in_process
from bot.web.settings_form import option_words, read_settings_form
from tests.test_web_sessions import settings

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def figures(difficulty: float | None, discrimination: float | None = 0.5) -> ItemFigures:
    return ItemFigures("q1", 10, 7, 10, difficulty, discrimination, 0.4, 3, ())


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("fr-CH, fr;q=0.9, en;q=0.8", "fr"),
        ("de-DE, sn;q=0.7, en;q=0.5", "sn"),
        ("en;q=0.2, pt-BR;q=0.9", "pt-BR"),
        ("pt-PT", "pt-BR"),
        ("de, ja;q=0.5", None),
        ("*", None),
        ("fr;q=0, en-GB", "en"),
        ("", None),
    ],
)
def test_the_best_shipped_language_of_an_accept_language_header(header: str, expected: str | None) -> None:
    assert accepted(header) == expected


def test_relative_times_in_each_language() -> None:
    in_one = NOW + timedelta(seconds=1)
    in_five = NOW + timedelta(minutes=5)
    two_hours_ago = NOW - timedelta(hours=2)
    assert [relative(in_one, NOW), relative(in_five, NOW), relative(two_hours_ago, NOW)] == [
        "in 1 second",
        "in 5 minutes",
        "2 hours ago",
    ]
    with speaking("fr"):
        assert [relative(in_one, NOW), relative(in_five, NOW), relative(two_hours_ago, NOW)] == [
            "dans 1 seconde",
            "dans 5 minutes",
            "il y a 2 heures",
        ]
    with speaking("sn"):
        assert [relative(in_one, NOW), relative(in_five, NOW)] == ["musekondi 1", "mumaminitsi 5"]
    with speaking("pt-BR"):
        assert relative(two_hours_ago, NOW) == "há 2 horas"


def test_the_charts_text_alternative_in_french_and_shona() -> None:
    chart = accuracy_chart([figures(0.75), figures(None)], ["1. Roots", "2. Leaves"])
    assert chart.alt == (
        "Share right on the first try, per question: 1. Roots: 75%; 2. Leaves: not enough answers yet."
    )
    with speaking("fr"):
        chart = accuracy_chart([figures(0.75, 0.1)], ["1. Racines"])
        assert chart.title == "Justesse par question"
        # French writes a no-break space before the percent sign (CLDR).
        assert chart.alt == (
            "Part de réponses justes au premier essai, par question : 1. Racines : 75\xa0%, signalée."
        )
    with speaking("sn"):
        assert accuracy_chart([], []).title == "Kururama pamubvunzo wega wega"


def test_weeks_in_each_language_with_plural_forms() -> None:
    weeks = [WeekStats(date(2026, 11, 23), 10, 1, 1), WeekStats(date(2026, 11, 30), 10, 1, 2)]
    assert weeks_chart(weeks).alt == (
        "Answers per week, oldest first: week of 2026-11-23: 1 answer, 100% right; "
        "week of 2026-11-30: 2 answers, 50% right."
    )
    with speaking("fr"):
        assert weeks_chart(weeks).alt == (
            "Réponses par semaine, des plus anciennes aux plus récentes : "
            "semaine du 2026-11-23 : 1 réponse, 100\xa0% juste; "
            "semaine du 2026-11-30 : 2 réponses, 50\xa0% justes."
        )
    with speaking("pt-BR"):
        assert weeks_chart(weeks[1:]).alt == (
            "Respostas por semana, das mais antigas às mais recentes: "
            "semana de 2026-11-30: 2 respostas, 50% certas."
        )


def test_the_settings_form_refuses_in_the_readers_language() -> None:
    current = GuildSettings(guild_id=1)
    form = {"questions": "99", "mode": "turbo"}
    with speaking("fr"):
        errors = read_settings_form(current, form, set()).errors
        assert errors["questions"] == "Un nombre entier de 1 à 50."
        assert errors["mode"] == "L'un de : standard, rapidité."
        assert option_words("hard") == "difficile"
    with speaking("sn"):
        assert read_settings_form(current, form, set()).errors["questions"] == (
            "Nhamba yakazara kubva pa1 kusvika pa50."
        )


def test_a_template_speaks_the_tasks_language() -> None:
    env = template_environment(web.Application())
    chart = accuracy_chart([], [])
    template = env.get_template("_chart.html")
    assert "The chart in words" in template.render(chart=chart, chart_id="c")
    with speaking("fr"):
        assert "Le graphique en mots" in template.render(chart=chart, chart_id="c")
    with speaking("sn"):
        assert "Chati iyi nemashoko" in template.render(chart=chart, chart_id="c")
    plural = env.from_string(
        "{% trans count=n, n=number(n) %}{{ n }} question{% pluralize count %}{{ n }} questions{% endtrans %}"
    )
    assert [plural.render(n=1), plural.render(n=1200)] == ["1 question", "1,200 questions"]
    with speaking("sn"):
        assert [plural.render(n=1), plural.render(n=3)] == ["mubvunzo 1", "mibvunzo 3"]
    with speaking("pt-BR"):
        assert [plural.render(n=1), plural.render(n=1200)] == ["1 pergunta", "1.200 perguntas"]
    with speaking("fr"):
        # French counts 0 as one, and writes 1 200 with a narrow no-break space.
        assert [plural.render(n=0), plural.render(n=1200)] == ["0 question", "1\u202f200 questions"]


async def test_the_real_app_speaks_the_browsers_language_and_the_switch_stays_on_this_site(
    tmp_path: Path,
) -> None:
    """Accept-Language picks the page's language; `?language=` switches it (kept in the cookie) and comes
    back to the same path of this site, never to `//elsewhere`."""
    store = await open_store(tmp_path / "b.db")
    try:
        server = await in_process(settings(tmp_path / "b.db", "http://127.0.0.1:8081"), store)
        client = TestClient(TestServer(await make_app(server.context)))
        await client.start_server()
        try:
            french = await client.get("/", headers={"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"})
            text = await french.text()
            assert '<html lang="fr">' in text
            assert "Tableau de bord Bvunzo" in text
            missing = await client.get("/nowhere", headers={"Accept-Language": "pt-BR"})
            assert missing.status == 404
            assert "Não existe essa página aqui." in await missing.text()
            switched = await client.get("/me?language=sn&x=1", allow_redirects=False)
            assert switched.status == 303
            assert switched.headers["Location"] == "/me?x=1"
            # A request line of `//elsewhere/...` is a path to aiohttp: the switch still comes back here.
            reader, writer = await asyncio.open_connection("127.0.0.1", client.server.port)
            writer.write(
                b"GET //elsewhere.example/x?language=fr HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"
            )
            await writer.drain()
            answer = (await reader.read()).decode("latin-1")
            writer.close()
            assert answer.startswith("HTTP/1.1 303")
            assert "\r\nLocation: /\r\n" in answer
            shona = await client.get("/", headers={"Accept-Language": "fr"})  # the cookie's choice wins
            assert '<html lang="sn">' in await shona.text()
            assert "Dashboard yeBvunzo" in await shona.text()
        finally:
            await client.close()
            await server.context.discord.close()
    finally:
        await store.close()


def test_the_switch_links_name_each_language_in_itself_and_keep_the_query() -> None:
    page = make_mocked_request("GET", "/servers/1/board?period=week")
    assert [link["href"] for link in switch_links(page)] == [
        "/servers/1/board?period=week&language=en",
        "/servers/1/board?period=week&language=sn",
        "/servers/1/board?period=week&language=fr",
        "/servers/1/board?period=week&language=pt-BR",
    ]
    assert [link["name"] for link in switch_links(page)] == [
        "English",
        "ChiShona",
        "Français",
        "Português (Brasil)",
    ]


def test_the_fragment_reads_a_templates_trans_blocks_and_checks_their_placeholders() -> None:
    from babel.messages.catalog import Catalog

    from bot.cli.catalog_tools import _file_messages, problems_in

    found = _file_messages(["bot/web/templates/base.html", "bot/web/templates/board.html"])
    assert found.get("Signed in as %(name)s") is not None  # {% trans name=… %}…{% endtrans %}
    assert found.get("Log out") is not None  # {{ _("…") }}
    assert found.get(("%(period)s: %(n)s member", "%(period)s: %(n)s members")) is not None
    french = Catalog(locale="fr")
    french.add("Signed in as %(name)s", "Connecté")
    said = problems_in("fr", french, found, "fr.po")
    assert [line for line in said if "Signed in" in line] == [
        "fr.po:None: the fr translation of “Signed in as %(name)s” lacks {name}"
    ]
