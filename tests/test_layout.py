"""bot/ is folders that say what they hold: at its top level only the entry point and the shared errors."""

from __future__ import annotations

from pathlib import Path

BOT = Path(__file__).resolve().parents[1] / "bot"


def test_bots_top_level_holds_only_the_entry_point_and_the_errors() -> None:
    modules = sorted(path.name for path in BOT.glob("*.py"))
    assert modules == ["__init__.py", "__main__.py", "errors.py"]


def test_every_folder_of_bot_is_a_package_with_a_docstring() -> None:
    """Each folder's __init__.py says in its first line what the folder holds."""
    folders = [path for path in BOT.iterdir() if path.is_dir() and path.name != "__pycache__"]
    assert len(folders) > 10
    undescribed = []
    for folder in folders:
        if not any(folder.glob("*.py")):
            continue  # data only (templates, static files, migrations)
        init = folder / "__init__.py"
        if not init.exists() or not init.read_text(encoding="utf-8").lstrip().startswith('"""'):
            undescribed.append(folder.name)
    assert undescribed == []
