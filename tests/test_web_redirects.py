"""Every redirect of the dashboard stays on BVUNZO_WEB_URL's origin: one function decides, whatever it is fed."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.web.redirects import MAX_TARGET, found, on_site, see_other, to_discord

ORIGIN = "https://quiz.example.org:8443"
WEB = Path(__file__).resolve().parents[1] / "bot" / "web"


def browser_target(location: str) -> tuple[str, str | None, int | None]:
    """Where a browser goes on reading `location` at ORIGIN: it first drops tabs and newlines (WHATWG URL
    parsing) and reads a backslash as a slash, then resolves against the page's URL."""
    cleaned = re.sub("[\t\r\n]", "", location).replace("\\", "/")
    resolved = urlsplit(urljoin(ORIGIN + "/somewhere/page", cleaned))
    return resolved.scheme, resolved.hostname, resolved.port


HOME = ("https", "quiz.example.org", 8443)


@pytest.mark.parametrize(
    ("given_target", "expected"),
    [
        ("/servers/1/flags?done=closed", "/servers/1/flags?done=closed"),
        ("/%09/evil.example/", "/%09/evil.example/"),  # stays encoded: a browser asks this site for it
        ("/\t/evil.example/x", "/%09/evil.example/x"),
        ("/\r\n/evil.example", "/%0D%0A/evil.example"),
        ("/\\evil.example", "/%5Cevil.example"),
        ("/%5cevil", "/%5Cevil"),
        ("/%2F%2Fevil.example", "/%2F%2Fevil.example"),
        ("//evil.example/x", "/"),
        ("///evil.example", "/"),
        ("https://evil.example/", "/"),
        ("javascript:alert(1)", "/"),
        ("evil.example", "/"),
        ("", "/"),
        ("/é ü", "/%C3%A9%20%C3%BC"),
        ("/\uff0f\uff0fevil.example", "/%EF%BC%8F%EF%BC%8Fevil.example"),  # fullwidth solidus, encoded
        ("/" + "x" * (MAX_TARGET - 1), "/" + "x" * (MAX_TARGET - 1)),
        ("/" + "x" * MAX_TARGET, "/"),  # one past the cap: the home page
    ],
)
def test_a_target_becomes_a_path_of_this_site_or_the_home_page(given_target: str, expected: str) -> None:
    assert on_site(given_target) == expected


def test_an_absolute_url_is_kept_only_on_the_sites_own_origin() -> None:
    assert on_site(ORIGIN + "/servers/1/?a=b", origin=ORIGIN) == "/servers/1/?a=b"
    assert on_site(ORIGIN + ".evil.example/x", origin=ORIGIN) == "/"
    assert on_site("https://quiz.example.org:8443@evil.example/", origin=ORIGIN) == "/"
    assert on_site(ORIGIN + "//evil.example/", origin=ORIGIN) == "/"
    assert on_site("https://evil.example/x", origin=ORIGIN) == "/"


def test_the_redirects_write_the_same_path_in_location() -> None:
    assert see_other("/\\evil.example").headers["Location"] == "/%5Cevil.example"
    assert found("/\t/evil.example/").headers["Location"] == "/%09/evil.example/"
    assert found("//evil.example").headers["Location"] == "/"
    with pytest.raises(ValueError):
        to_discord("https://evil.example/oauth2/authorize?x=1", "https://discord.com/oauth2/authorize")


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(st.text(), st.text(alphabet="/\\\t\r\n%2fF5cC:.@ evil.x?#\x00\x7f\u3000\uff0f", max_size=40))
)
@example("/\t/evil.example/")
@example("/\\/evil.example")
@example("/%2F%2Fevil.example")
@example("\t//evil.example")
@example("/\r\n/evil.example")
def test_whatever_the_text_the_browser_stays_on_the_origin(text: str) -> None:
    for target in (text, "/" + text, "//" + text):
        answer = on_site(target, origin=ORIGIN)
        location = see_other(target).headers["Location"]
        assert browser_target(answer) == HOME, (target, answer)
        assert browser_target(location) == HOME, (target, location)
        assert len(answer) <= MAX_TARGET


# Only redirects.py makes a redirect response or writes Location: every other module calls it.
_REDIRECTS = re.compile(
    r"HTTPFound|HTTPSeeOther|HTTPMovedPermanently|HTTPTemporaryRedirect|HTTPPermanentRedirect"
    r"|HTTPMultipleChoices|HTTPUseProxy|HTTPNotModified|[\"']Location[\"']"
)


def test_no_module_but_redirects_makes_a_redirect() -> None:
    offenders = []
    for path in sorted(WEB.rglob("*.py")):
        if path.name == "redirects.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if _REDIRECTS.search(code) and "-> web.HTTPFound" not in code:
                offenders.append(f"{path.relative_to(WEB)}:{number}: {line.strip()}")
    assert offenders == []
