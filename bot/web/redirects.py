"""Where the dashboard may send a browser: every redirect it makes goes through `on_site`, which answers a
path of this site only, whatever the text it was given (a `next=`, a request's own path, a Referer).

Browsers forgive what a server would not: they drop tabs and newlines anywhere in a URL and read a
backslash as a slash (the WHATWG URL standard), so `/\\t/evil.example/` or `/\\evil.example` arrive as
`//evil.example`, another site. Rather than list what is dangerous, `on_site` percent-encodes every
character that is not plain printable ASCII with a meaning in a URL, then keeps the result only when it
is a path (one `/`, never two, at its start) and short enough for the session cookie; else the fallback.
"""

from __future__ import annotations

from urllib.parse import quote

from aiohttp import web
from yarl import URL

# A `next` rides in the encrypted session cookie during a login; browsers drop a cookie past 4 KB, so a
# longer target is not kept (the home page instead). Real paths of the dashboard are far shorter.
MAX_TARGET = 1024
HOME = "/"
# Kept as written: what separates a URL's parts and what a path or query legitimately holds.
# Everything else (controls, spaces, backslashes, quotes, non-ASCII) is percent-encoded first.
_KEPT = "/?#&=;:@!$'()*+,%~"
_NEVER = frozenset("\\\t\r\n ")


def on_site(target: object, *, origin: str | None = None, fallback: str = HOME) -> str:
    """`target` as a path of this site (`/servers/1/?x=y`), or `fallback` when it is not one.

    An absolute URL is kept only when it starts with `origin` (BVUNZO_WEB_URL's scheme, host and port),
    as a Referer would; `javascript:`, `//host`, `/\\host`, `https://elsewhere` and the like fall back.
    """
    if not isinstance(target, str) or not target:
        return fallback
    if origin is not None and target.startswith(origin.rstrip("/") + "/"):
        target = target[len(origin.rstrip("/")) :]
    quoted = quote(target, safe=_KEPT)
    if len(quoted) > MAX_TARGET or not _is_path(quoted):
        return fallback
    try:
        located = str(URL(quoted))  # what aiohttp will write in Location: its own normal form
    except ValueError:
        return fallback
    return located if _is_path(located) and len(located) <= MAX_TARGET else fallback


def _is_path(text: str) -> bool:
    return (
        text.startswith("/")
        and not text.startswith("//")
        and text.isascii()
        and text.isprintable()
        and not _NEVER.intersection(text)
    )


def see_other(target: object, *, fallback: str = HOME) -> web.HTTPSeeOther:
    """303 to a path of this site (after a form: the browser GETs it); raise what this returns."""
    return web.HTTPSeeOther(on_site(target, fallback=fallback))


def found(target: object, *, fallback: str = HOME) -> web.HTTPFound:
    """302 to a path of this site; raise what this returns."""
    return web.HTTPFound(on_site(target, fallback=fallback))


def to_discord(url: str, oauth_url: str) -> web.HTTPFound:
    """The one redirect off this site: to Discord's authorize page (DISCORD_OAUTH_URL), for a login."""
    if not url.startswith(oauth_url + "?"):
        raise ValueError(f"{url!r} is not below DISCORD_OAUTH_URL")  # i18n: not shown
    return web.HTTPFound(url)
