"""Browser sessions: an encrypted cookie (aiohttp-session, Fernet), and a row per signed-in member in the store.

The cookie holds the CSRF token, the login in progress (state and PKCE verifier) and, once signed in, a
random session id. The store keeps only that id's SHA-256, with who it is and until when: logging out
deletes the row, so a copied cookie opens nothing afterwards; logging out everywhere deletes every row
of the member, whichever browser holds it.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING

import aiohttp_session
from aiohttp import web
from aiohttp_session.cookie_storage import EncryptedCookieStorage
from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from bot.host.config import WebSettings
from bot.store import WebGuild, WebSession
from bot.web.context import context_of
from bot.web.discord_api import SignedIn

if TYPE_CHECKING:
    from bot.store import Store

COOKIE_NAME = "bvunzo_session"
SECRET_META_KEY = "web_session_secret"
SESSION_LIFETIME = timedelta(hours=12)
SESSION_ID = "sid"
CSRF = "csrf"
LOGIN = "login"  # the login in progress: state, verifier, where to go after
LANGUAGE_CHOICE = "language"  # the language switch's choice (bot/web/language.py), kept across a login
THEME_CHOICE = "theme"  # the theme switch's choice (bot/web/theme.py), kept across a login too
_KEPT_ACROSS_LOGIN = (LANGUAGE_CHOICE, THEME_CHOICE)
VIEWER = web.RequestKey("viewer", WebSession)


async def session_secret(settings: WebSettings, store: Store) -> str:
    """BVUNZO_WEB_SECRET, or the one kept in the store (made by whichever process first needed one)."""
    if settings.secret is not None:
        return settings.secret
    return await store.claim_meta(SECRET_META_KEY, secrets.token_urlsafe(48))


def cookie_storage(settings: WebSettings, secret: str) -> EncryptedCookieStorage:
    # A Fernet key of its own, derived from the secret, so the secret's text is never the key itself.
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"bvunzo web cookies").derive(
        secret.encode()
    )
    return EncryptedCookieStorage(
        Fernet(base64.urlsafe_b64encode(key)),
        cookie_name=COOKIE_NAME,
        httponly=True,
        samesite="Lax",  # i18n: not shown
        secure=settings.secure_cookies,
        max_age=int(SESSION_LIFETIME.total_seconds()),
        path="/",
    )


def id_hash(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


async def browser_session(request: web.Request) -> aiohttp_session.Session:
    return await aiohttp_session.get_session(request)


async def csrf_token(request: web.Request) -> str:
    """The session's CSRF token, made on first use."""
    session = await browser_session(request)
    token = session.get(CSRF)
    if not isinstance(token, str):
        token = secrets.token_urlsafe(32)
        session[CSRF] = token
    return token


async def sign_in(request: web.Request, who: SignedIn) -> WebSession:
    """A fresh session for the member (new id, new CSRF token: nothing from before the login carries over)."""
    context = context_of(request)
    now = context.clock()
    session_id = secrets.token_urlsafe(32)
    record = WebSession(
        id_hash=id_hash(session_id),
        user_id=who.user_id,
        user_name=who.name,
        guilds=tuple(WebGuild(i, n, icon) for i, n, icon in who.guilds),
        created_at=now,
        expires_at=now + SESSION_LIFETIME,
    )
    await context.store.save_web_session(record)
    await context.store.forget_web_sessions_before(now)
    before = await browser_session(request)
    kept = {key: before[key] for key in _KEPT_ACROSS_LOGIN if isinstance(before.get(key), str)}
    session = await aiohttp_session.new_session(request)
    session.update(kept)
    session[SESSION_ID] = session_id
    session[CSRF] = secrets.token_urlsafe(32)
    return record


async def sign_out(request: web.Request) -> None:
    session = await browser_session(request)
    session_id = session.get(SESSION_ID)
    if isinstance(session_id, str):
        await context_of(request).store.end_web_session(id_hash(session_id))
    session.invalidate()


async def sign_out_everywhere(request: web.Request) -> int:
    """End every session of the signed-in member, in every browser (this one too); how many ended."""
    who = await viewer(request)
    ended = 0 if who is None else await context_of(request).store.end_member_web_sessions(who.user_id)
    (await browser_session(request)).invalidate()
    return ended


async def viewer(request: web.Request) -> WebSession | None:
    """Who is signed in on this request; None for a visitor (or an ended or expired session)."""
    if VIEWER in request:
        return request[VIEWER]
    session = await browser_session(request)
    session_id = session.get(SESSION_ID)
    if not isinstance(session_id, str):
        return None
    context = context_of(request)
    found = await context.store.web_session(id_hash(session_id), context.clock())
    if found is None:
        session.pop(SESSION_ID, None)
        return None
    request[VIEWER] = found
    return found


@dataclass(frozen=True, slots=True)
class LoginInProgress:
    state: str
    verifier: str
    next_path: str


async def start_login(request: web.Request, state: str, verifier: str, next_path: str) -> None:
    session = await browser_session(request)
    session[LOGIN] = {"state": state, "verifier": verifier, "next": next_path}


async def take_login(request: web.Request) -> LoginInProgress | None:
    """The login this browser started (once: a second callback with the same state finds nothing)."""
    session = await browser_session(request)
    found = session.pop(LOGIN, None)
    if not isinstance(found, dict):
        return None
    return LoginInProgress(str(found["state"]), str(found["verifier"]), str(found["next"]))
