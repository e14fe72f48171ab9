"""A server's icon on the dashboard: only a hash as Discord writes one becomes a CDN address."""

from __future__ import annotations

import pytest

from bot.faces.face import icon_hash
from bot.store import WebSession
from bot.web.access import Server
from bot.web.security import CONTENT_SECURITY_POLICY
from tests.store_contract.builders import T0

HASH = "0123456789abcdef0123456789abcdef"


@pytest.mark.parametrize("given", [HASH, "a_" + HASH])
def test_a_discord_icon_hash_is_kept(given: str) -> None:
    assert icon_hash(given) == given


@pytest.mark.parametrize("given", [None, "", 7, HASH.upper(), HASH[:-1], "../../x" + HASH, HASH + "?x=1"])
def test_anything_else_is_no_icon(given: object) -> None:
    assert icon_hash(given) is None


def test_the_icon_comes_from_discords_cdn_which_the_csp_allows() -> None:
    who = WebSession("a" * 64, 7, "Tendai", (), T0, T0)
    server = Server(1577238940987949056, "Study A", who, manages=True, icon=HASH)
    assert server.icon_url == f"https://cdn.discordapp.com/icons/1577238940987949056/{HASH}.png?size=64"
    assert Server(1, "B", who, manages=True).icon_url is None
    assert "img-src 'self' data: https://cdn.discordapp.com;" in CONTENT_SECURITY_POLICY
