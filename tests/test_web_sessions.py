"""Session cookies: their flags under https, and one secret shared by every dashboard on a database."""

from __future__ import annotations

from pathlib import Path

from aiohttp.test_utils import TestClient, TestServer

from bot.host.config import WebSettings
from bot.store import open_store
from bot.web.app import make_app
from bot.web.server import in_process
from bot.web.sessions import SECRET_META_KEY
from tests.test_config import ROOT, TOKEN


def settings(db: Path, url: str, secret: str | None = None) -> WebSettings:
    return WebSettings(
        public_url=url,
        client_id="1234567890123456789",
        client_secret="aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY",
        token=TOKEN,
        db_path=db,
        questions_path=ROOT / "questions",
        api_base="http://127.0.0.1:9/api/v10",  # never asked: a visitor's start page needs no Discord
        secret=secret,
    )


async def visit(web: WebSettings, cookie: str | None = None) -> tuple[str, str]:
    """The start page as a visitor: its Set-Cookie header ("" when none), and the page."""
    store = await open_store(web.db_path)
    try:
        server = await in_process(web, store)
        client = TestClient(TestServer(await make_app(server.context)))
        await client.start_server()
        try:
            headers = {"Cookie": cookie} if cookie else {}
            answer = await client.get("/", headers=headers)
            assert answer.status == 200
            return answer.headers.get("Set-Cookie", ""), await answer.text()
        finally:
            await client.close()
            await server.context.discord.close()
    finally:
        await store.close()


async def test_cookies_are_httponly_lax_and_secure_under_https(tmp_path: Path) -> None:
    cookie, _ = await visit(settings(tmp_path / "b.db", "https://quiz.example.org"))
    parts = [p.strip() for p in cookie.split(";")]
    assert parts[0].startswith("bvunzo_session=")
    assert {"HttpOnly", "Secure", "SameSite=Lax", "Path=/"} <= set(parts)
    plain, _ = await visit(settings(tmp_path / "b.db", "http://127.0.0.1:8081"))
    assert "Secure" not in [p.strip() for p in plain.split(";")]


async def test_two_dashboards_on_one_database_read_each_others_cookies(tmp_path: Path) -> None:
    web = settings(tmp_path / "b.db", "http://127.0.0.1:8081")
    cookie, _ = await visit(web)
    store = await open_store(web.db_path)
    kept = await store.get_meta(SECRET_META_KEY)
    await store.close()
    assert kept is not None and len(kept) >= 32
    sent = cookie.split(";")[0]
    # Another process (a new app on the same database) decrypts the cookie: its session (and CSRF token)
    # stands, so no new cookie is sent.
    again, _ = await visit(web, sent)
    assert again == ""
    # With BVUNZO_WEB_SECRET set, that secret is used instead: the old cookie is unreadable, a new one comes.
    own_secret = settings(tmp_path / "b.db", "http://127.0.0.1:8081", secret="z" * 40)
    other, _ = await visit(own_secret, sent)
    assert other.startswith("bvunzo_session=")
    assert other.split(";")[0] != sent
