"""Every dashboard page's <title> (its `title` block in base.html's layout) is a short plain text: the
browser shows it in the tab as it is, so markup placed there would show as its source."""

from __future__ import annotations

from importlib.resources import files
from typing import Any

import pytest
from aiohttp import web
from jinja2 import meta, nodes

from bot.locales import SHIPPED, speaking
from bot.web.render import template_environment

ENV = template_environment(web.Application())
TEMPLATES = files("bot.web") / "templates"


class Named:
    """Any value a page is drawn with (a server, a deck, a question, a round, a status): each of its
    parts is one too, and each reads "Name"."""

    def __getattr__(self, part: str) -> Named:
        if part.startswith("_"):  # Jinja and markupsafe ask for __html__ and the like: a plain value
            raise AttributeError(part)
        return self

    def __str__(self) -> str:
        return "Name"


def source(name: str) -> str:
    return (TEMPLATES / name).read_text(encoding="utf-8")


def pages() -> list[str]:
    """The templates drawn as whole pages: those that extend the base layout."""
    found = []
    for entry in TEMPLATES.iterdir():
        if entry.name.endswith(".html"):
            extends = ENV.parse(source(entry.name)).find(nodes.Extends)
            if extends is not None and getattr(extends.template, "value", None) == "base.html":
                found.append(entry.name)
    return sorted(found)


def title(name: str) -> str:
    """The text of the page's <title>: its own title block (else the base's), then " · Bvunzo"."""
    names = meta.find_undeclared_variables(ENV.parse(source(name))) - set(ENV.globals)
    template = ENV.get_template(name)
    block = template.blocks.get("title") or ENV.get_template("base.html").blocks["title"]
    values: dict[str, Any] = {value: Named() for value in names}
    return "".join(block(template.new_context(values))) + " · Bvunzo"


def test_the_pages_are_found() -> None:
    assert {"member.html", "home.html", "deck.html", "error.html"} <= set(pages())
    assert not {"base.html", "_chart.html", "_discord_preview.html"} & set(pages())


@pytest.mark.parametrize("code", SHIPPED)
@pytest.mark.parametrize("name", pages())
def test_a_pages_title_is_a_short_plain_text(name: str, code: str) -> None:
    with speaking(code):
        shown = title(name)
    assert "<" not in shown and ">" not in shown, shown
    assert "\n" not in shown, shown
    assert len(shown) < 120, shown


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("member.html", "My page · Bvunzo"),
        ("home.html", "Home · Bvunzo"),
        ("audit.html", "Audit log · Name · Bvunzo"),
        ("server.html", "Name · Bvunzo"),
        ("deck.html", "Name · Name · Bvunzo"),
        ("question_edit.html", "Edit Name · Name · Bvunzo"),
        ("round.html", "Round Name · Name · Bvunzo"),
        ("error.html", "Name · Bvunzo"),
    ],
)
def test_a_pages_title_in_english(name: str, expected: str) -> None:
    assert title(name) == expected
