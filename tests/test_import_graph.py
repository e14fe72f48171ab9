"""No import circle between the modules of bot/ and cogs/, type-only (TYPE_CHECKING) imports included."""

from __future__ import annotations

import grimp


def circles(imports: dict[str, set[str]]) -> list[set[str]]:
    """The groups of modules that reach each other through imports (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in sorted(imports.get(module, ())):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == module:
                    break
            if len(group) > 1 or module in imports.get(module, ()):
                found.append(group)

    for module in sorted(imports):
        if module not in index:
            visit(module)
    return found


def test_the_circle_finder_finds_a_circle_and_only_it() -> None:
    imports = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(imports) == [{"a", "b", "c"}]


def test_no_import_circles_in_bot_or_cogs() -> None:
    graph = grimp.build_graph("bot", "cogs", exclude_type_checking_imports=False)
    imports = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    assert "bot.store" in imports["bot.ui.desks"]  # imported there only under TYPE_CHECKING: seen
    assert circles(imports) == []
