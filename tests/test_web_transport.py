"""Strict-Transport-Security: sent on every answer when BVUNZO_WEB_URL is https, never under http."""

from __future__ import annotations

from pathlib import Path

from aiohttp.test_utils import TestClient, TestServer

from bot.store import open_store
from bot.web.app import make_app
from bot.web.server import in_process
from tests.test_web_sessions import settings


async def headers_of(db: Path, url: str, paths: list[str]) -> list[dict[str, str]]:
    store = await open_store(db)
    try:
        server = await in_process(settings(db, url), store)
        client = TestClient(TestServer(await make_app(server.context)))
        await client.start_server()
        try:
            found = []
            for path in paths:
                answer = await client.get(path, allow_redirects=False)
                found.append(dict(answer.headers))
            return found
        finally:
            await client.close()
            await server.context.discord.close()
    finally:
        await store.close()


PATHS = ["/", "/static/style.css", "/no-such-page", "/?language=fr", "/me"]  # a page, a file, 404, 303, 302


async def test_https_answers_carry_a_years_hsts(tmp_path: Path) -> None:
    answers = await headers_of(tmp_path / "b.db", "https://quiz.example.org", PATHS)
    assert [a.get("Strict-Transport-Security") for a in answers] == ["max-age=31536000"] * len(PATHS)


async def test_http_answers_carry_none(tmp_path: Path) -> None:
    answers = await headers_of(tmp_path / "b.db", "http://127.0.0.1:8081", PATHS)
    assert [a.get("Strict-Transport-Security") for a in answers] == [None] * len(PATHS)
    assert all(a["X-Frame-Options"] == "DENY" for a in answers)
