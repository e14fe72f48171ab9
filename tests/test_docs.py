"""The guide in docs/ names real files, and mkdocs.yml's nav lists every page, so neither can rot unseen."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
SPAN = re.compile(r"`([^`\n]+)`")
# A repository path as the pages write it: a top-level folder of ours, then a file or folder below it.
REPO_PATH = re.compile(r"(?<![\w./-])((?:bot|cogs|tests|bench|questions)/[\w./*-]*)")
# Inside the walks' diagrams, the files each step passes (the folders there are a layout sketch).
DIAGRAM_FILE = re.compile(r"(?<![\w./-])((?:bot|cogs|tests|bench)/[\w/-]+\.py)\b")


def named_paths(text: str) -> set[str]:
    """Every repository path named in an inline code span, or as a .py file inside a fenced block."""
    fenced = FENCE.findall(text)
    inline = FENCE.sub("", text)
    paths = set()
    for span in SPAN.findall(inline):
        for word in span.split():
            found = REPO_PATH.match(word.split("::")[0].rstrip(".,;:)"))
            if found:
                paths.add(found.group(1))
    for block in fenced:
        paths.update(DIAGRAM_FILE.findall(block))
    return paths


def exists(path: str) -> bool:
    if "*" in path:
        return any(ROOT.glob(path))
    return (ROOT / path.rstrip("/")).exists()


def test_the_guide_has_its_pages() -> None:
    names = {page.relative_to(DOCS).as_posix() for page in PAGES}
    wanted = {
        "index.md",
        "setup.md",
        "commands.md",
        "decks.md",
        "calendar.md",
        "dashboard.md",
        "languages.md",
        "hosting.md",
        "postgresql.md",
        "architecture.md",
        "contributing.md",
    }
    assert wanted <= names


def test_the_path_finder_sees_what_a_page_writes() -> None:
    text = (
        "See `bot/rounds/service.py` and `tests/test_readme.py::test_x`, `python bench/bench_bank.py`.\n"
        "```\ncogs/quiz/_desk.py   on_answer\nbot/         the core\n```\n"
    )
    assert named_paths(text) == {
        "bot/rounds/service.py",
        "tests/test_readme.py",
        "bench/bench_bank.py",
        "cogs/quiz/_desk.py",
    }


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_every_path_a_page_names_exists(page: Path) -> None:
    missing = sorted(path for path in named_paths(page.read_text(encoding="utf-8")) if not exists(path))
    assert missing == [], f"{page.relative_to(ROOT)} names files the repository does not have"


def nav_pages(entries: object) -> set[str]:
    """The page files a MkDocs nav lists, however deep its sections go."""
    if isinstance(entries, str):
        return {entries}
    if isinstance(entries, list):
        return set().union(*(nav_pages(entry) for entry in entries)) if entries else set()
    if isinstance(entries, dict):
        return set().union(*(nav_pages(value) for value in entries.values())) if entries else set()
    return set()


def test_the_nav_lists_every_page_and_only_pages_that_exist() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["docs_dir"] == "docs"
    listed = nav_pages(config["nav"])
    on_disk = {page.relative_to(DOCS).as_posix() for page in PAGES}
    assert sorted(on_disk - listed) == [], "pages in docs/ that mkdocs.yml's nav leaves out"
    assert sorted(listed - on_disk) == [], "pages mkdocs.yml's nav lists that docs/ does not have"


def walk_diagram(title: str) -> str:
    """The fenced diagram of one walk in docs/architecture.md (the section headed `## {title}`)."""
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    section = text.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]
    (diagram,) = FENCE.findall(section)
    return diagram


def test_the_scheduled_round_walks_past_no_cog_and_no_file_twice() -> None:
    passed = DIAGRAM_FILE.findall(walk_diagram("Walk 2: one scheduled round"))
    assert [path for path in passed if path.startswith("cogs/")] == []
    assert sorted({path for path in passed if passed.count(path) > 1}) == []
    assert passed[0] == "bot/calendar/runner.py"
    assert {"bot/rounds/service.py", "bot/discord/round_port.py", "bot/discord/round_channel.py"} <= set(
        passed
    )
