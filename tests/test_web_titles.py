"""Every dashboard page's <title> (its `title` block in base.html's layout) is a short plain text: the
browser shows it in the tab as it is, so markup placed there would show as its source."""

from __future__ import annotations

from importlib.resources import files
from typing import Any

import pytest
from aiohttp import web
from jinja2 import meta, nodes

from bot.locales import SHIPPED, _, speaking
from bot.web.pages import nav_links
from bot.web.render import template_environment

ENV = template_environment(web.Application())
TEMPLATES = files("bot.web") / "templates"
PAGE_LAYOUTS = ("base.html", "server_page.html")  # a server's menu pages extend the latter


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


def layouts(name: str) -> list[str]:
    """The template, then each layout it extends in turn, base.html last."""
    chain = [name]
    while (extends := ENV.parse(source(chain[-1])).find(nodes.Extends)) is not None:
        chain.append(getattr(extends.template, "value", ""))
    return chain


def pages() -> list[str]:
    """The templates drawn as whole pages: those that extend the base layout, themselves or through the
    layout of a server's menu pages (server_page.html)."""
    found = []
    for entry in TEMPLATES.iterdir():
        if entry.name.endswith(".html"):
            extends = ENV.parse(source(entry.name)).find(nodes.Extends)
            if extends is not None and getattr(extends.template, "value", None) in PAGE_LAYOUTS:
                found.append(entry.name)
    return sorted(found)


def title(name: str) -> str:
    """The text of the page's <title>: the title block of the page or of the nearest layout that has one,
    then " · Bvunzo". A page of the server's menu is titled by its entry there, as render gives it."""
    chain = layouts(name)
    asked = set().union(*(meta.find_undeclared_variables(ENV.parse(source(n))) for n in chain))
    values: dict[str, Any] = {value: Named() for value in asked - set(ENV.globals)}
    menu = {link.path + ".html": link.title for link in nav_links()}
    if name in menu:
        values["menu_title"] = _(menu[name])
    template = ENV.get_template(name)
    block = next(ENV.get_template(n).blocks["title"] for n in chain if "title" in ENV.get_template(n).blocks)
    return "".join(block(template.new_context(values))) + " · Bvunzo"


def test_the_pages_are_found() -> None:
    assert {"member.html", "home.html", "deck.html", "error.html", "board.html"} <= set(pages())
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
        ("board.html", "Board · Name · Bvunzo"),
        ("server.html", "Name · Bvunzo"),
        ("deck.html", "Name · Name · Bvunzo"),
        ("question_edit.html", "Edit Name · Name · Bvunzo"),
        ("round.html", "Round Name · Name · Bvunzo"),
        ("error.html", "Name · Bvunzo"),
    ],
)
def test_a_pages_title_in_english(name: str, expected: str) -> None:
    assert title(name) == expected
