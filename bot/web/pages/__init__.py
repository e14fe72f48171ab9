"""The dashboard's pages: each module here registers its routes, and its links in a server's menu.

A page module defines `routes = web.RouteTableDef()` and, for a server's page, `SERVER_NAV` (a tuple of
NavLink); bot/web/app.py finds every module of this package by itself. See bot/web/README-dev.md.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import cache
from types import ModuleType


@dataclass(frozen=True, slots=True)
class NavLink:
    """A link in a server's menu: its text, its path below /servers/{id}/, and its place (low first)."""

    title: str
    path: str
    order: int = 50


@cache
def page_modules() -> tuple[ModuleType, ...]:
    """Every module of bot.web.pages, by name."""
    names = sorted(info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_"))
    return tuple(importlib.import_module(f"{__name__}.{name}") for name in names)


@cache
def nav_links() -> tuple[NavLink, ...]:
    links = [link for module in page_modules() for link in getattr(module, "SERVER_NAV", ())]
    return tuple(sorted(links, key=lambda link: (link.order, link.title)))
