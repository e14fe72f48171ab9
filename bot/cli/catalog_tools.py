"""`bvunzo locales extract|check`: the catalog's template from the code, and each language checked against it.

The template (bot/locales/bvunzo.pot) holds every message the code wraps in `_`, `n_`, `p_` or `N_`,
every `{% trans %}` and `_()` of the dashboard's templates, and every slash command's name, description,
options and choices (read off the real command tree, under a `command …` context). `extract` writes
it and brings each language's .po up to date (new messages untranslated, gone ones dropped); `check`
finds what a shipped language still lacks.
"""

from __future__ import annotations

import asyncio
import re
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.locales import SHIPPED, SOURCE, catalog_path

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "n_": (1, 2), "p_": ((1, "c"), 2)}
# A template's `{% trans %}` compiles to gettext/ngettext/pgettext calls: the names its extraction looks for.
JINJA_KEYWORDS: dict[str, Any] = {
    **KEYWORDS,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
_METHODS = [
    ("**/tests/**", "ignore"),
    ("**.py", "python"),
    ("**/templates/**.html", "jinja2"),
]
_JINJA = {"extensions": "jinja2.ext.i18n", "trimmed": "true"}
PLACEHOLDER = re.compile(r"(?<!\{)\{([^\W\d]\w*)(?:![rsa])?(?::[^{}]*)?\}(?!\})")
COMMAND_CONTEXT = "command "  # + the place a string has in the command tree (name, description, …)


# A template's placeholders, as Jinja's i18n extension writes them (`{% trans name=… %}` gives %(name)s).
TEMPLATE_PLACEHOLDER = re.compile(r"%\(([A-Za-z_][A-Za-z0-9_]*)\)[sdifr]")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text)) | set(TEMPLATE_PLACEHOLDER.findall(text))


def _code_messages() -> Iterable[tuple[str, int, str | tuple[str, ...], str | None]]:
    for folder in ("bot", "cogs"):
        options = {"**/templates/**.html": _JINJA}
        # Python with the catalog's own names; templates also with the names `{% trans %}` compiles to.
        for kind, keywords in (("python", KEYWORDS), ("jinja2", JINJA_KEYWORDS)):
            methods = [
                (pattern, method if method in (kind, "ignore") else "ignore") for pattern, method in _METHODS
            ]
            for filename, lineno, message, _comments, context in extract_from_dir(
                ROOT / folder,
                methods,
                options,
                keywords=keywords,
                comment_tags=("i18n:",),
                strip_comment_tags=True,
            ):
                yield f"{folder}/{filename}", lineno, message, context


async def _command_strings() -> list[tuple[str, str]]:
    """(place, English) for every string of the slash commands, from the bot's own tree."""
    import discord
    from discord import app_commands

    from bot.bank import Bank, load_folder
    from bot.discord.client import EXTENSIONS, BvunzoBot
    from bot.host.config import Settings
    from bot.store import open_store

    found: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "extract.db"
        bot = BvunzoBot(Settings(token="x", db_path=db, questions_path=ROOT / "questions"))
        bot.store = await open_store(db)
        bot.bank = Bank(load_folder(ROOT / "questions")[0])
        try:
            for name in EXTENSIONS:
                await bot.load_extension(name)
            for command in bot.tree.walk_commands():
                kind = "group" if isinstance(command, app_commands.Group) else "command"
                found.append((f"{kind}_name", command.name))
                found.append((f"{kind}_description", command.description))
                if isinstance(command, app_commands.Command):
                    for parameter in command.parameters:
                        found.append(("parameter_name", parameter.display_name))
                        found.append(("parameter_description", parameter.description))
                        found.extend(("choice_name", choice.name) for choice in parameter.choices)
            for menu in bot.tree.walk_commands(type=discord.AppCommandType.user):
                found.append(("command_name", menu.name))
            for menu in bot.tree.walk_commands(type=discord.AppCommandType.message):
                found.append(("command_name", menu.name))
        finally:
            await bot.store.close()
    return [(place, text) for place, text in found if text and text != "…"]


def template() -> Catalog:
    """The catalog's template as the code has it today."""
    catalog = Catalog(project="Bvunzo", msgid_bugs_address="", copyright_holder="Bvunzo", fuzzy=False)
    for filename, lineno, message, context in _code_messages():
        catalog.add(message, locations=[(filename, lineno)], context=context)
    for place, text in asyncio.run(_command_strings()):
        catalog.add(text, locations=[], context=COMMAND_CONTEXT + place)
    return catalog


def _read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=code.replace("-", "_") if code else None)


def _write(path: Path, catalog: Catalog) -> None:
    with path.open("wb") as handle:
        write_po(handle, catalog, width=110, sort_output=False, omit_header=False, include_previous=False)


def extract() -> list[str]:
    """Write the template and update every shipped language's .po; what was written."""
    fresh = template()
    written = [catalog_path(SOURCE)]
    _write(catalog_path(SOURCE), fresh)
    for code in SHIPPED:
        if code == SOURCE:
            continue
        path = catalog_path(code)
        catalog = _read(path, code) if path.exists() else Catalog(locale=code.replace("-", "_"))
        catalog.update(fresh, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        _write(path, catalog)
        written.append(path)
    return [str(p.relative_to(ROOT)) for p in written]


def _key(message: Message) -> tuple[str, str | None]:
    msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return str(msgid), message.context


def _forms(message: Message) -> list[str]:
    string = message.string
    return list(string) if isinstance(string, tuple | list) else [string or ""]


def _wanted(message: Message) -> set[str]:
    ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
    return set().union(*(placeholders(str(i)) for i in ids))


def problems_in(code: str, catalog: Catalog, fresh: Catalog, filename: str) -> list[str]:
    """Each way `catalog` (one language's) falls short of `fresh` (the code's messages), one line each."""
    said: list[str] = []
    have = {_key(m): m for m in catalog if m.id}
    for wanted in fresh:
        if not wanted.id:
            continue
        key = _key(wanted)
        got = have.get(key)
        shown = key[0] if len(key[0]) <= 60 else key[0][:57] + "..."
        if got is None:
            said.append(f"{filename}: “{shown}” is not in the catalog (run `bvunzo locales extract`)")
            continue
        where = f"{filename}:{got.lineno}"
        forms = _forms(got)
        if got.fuzzy:
            said.append(f"{where}: “{shown}” is marked fuzzy; check its translation and remove the flag")
        if not all(form.strip() for form in forms):
            said.append(f"{where}: “{shown}” has no translation in {code}")
            continue
        expected = _wanted(wanted)
        plural = isinstance(wanted.id, tuple | list)
        for form in forms:
            found = placeholders(form)
            missing = expected - found - ({"n"} if plural else set())
            extra = found - expected
            if missing:
                said.append(
                    f"{where}: the {code} translation of “{shown}” lacks {{{', '.join(sorted(missing))}}}"
                )
            if extra:
                said.append(
                    f"{where}: the {code} translation of “{shown}” has {{{', '.join(sorted(extra))}}}, "
                    "which the English does not"
                )
        if plural and len(forms) != catalog.num_plurals:
            said.append(
                f"{where}: “{shown}” needs {catalog.num_plurals} plural forms in {code}, not {len(forms)}"
            )
    return said


def check(fresh: Catalog | None = None) -> list[str]:
    """Every problem with the shipped catalogs, one line each; none when all is translated."""
    fresh = fresh if fresh is not None else template()
    said: list[str] = []
    written = _read(catalog_path(SOURCE))
    if {_key(m) for m in written if m.id} != {_key(m) for m in fresh if m.id}:
        said.append(
            f"{catalog_path(SOURCE).relative_to(ROOT)}: out of date with the code (run `bvunzo locales extract`)"
        )
    for code in SHIPPED:
        if code == SOURCE:
            continue
        path = catalog_path(code)
        name = str(path.relative_to(ROOT))
        if not path.exists():
            said.append(f"{name}: missing (run `bvunzo locales extract`, then translate it)")
            continue
        said.extend(problems_in(code, _read(path, code), fresh, name))
    return said


# -- fragments: one part of the code's messages, translated on a branch and merged into the catalog ------

PARTS = ROOT / "bot" / "locales" / "parts"


def _file_messages(files: list[str]) -> Catalog:
    from babel.messages.extract import extract_from_file

    catalog = Catalog(project="Bvunzo", fuzzy=False)
    for name in files:
        method = "jinja2" if name.endswith(".html") else "python"
        options = _JINJA if method == "jinja2" else {}
        keywords = JINJA_KEYWORDS if method == "jinja2" else KEYWORDS
        for lineno, message, _comments, context in extract_from_file(
            method, ROOT / name, keywords=keywords, options=options
        ):
            catalog.add(message, locations=[(name, lineno)], context=context)
    return catalog


def fragment(area: str, files: list[str], *, commands: bool = False) -> list[str]:
    """Write bot/locales/parts/AREA/<lang>.po for the messages of `files` (and the command tree's strings
    when `commands`), keeping the translations already there."""
    fresh = _file_messages(files)
    if commands:
        for place, text in asyncio.run(_command_strings()):
            fresh.add(text, locations=[], context=COMMAND_CONTEXT + place)
    folder = PARTS / area
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for code in SHIPPED:
        if code == SOURCE:
            continue
        path = folder / f"{code.replace('-', '_')}.po"
        catalog = _read(path, code) if path.exists() else Catalog(locale=code.replace("-", "_"), fuzzy=False)
        catalog.update(fresh, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        _write(path, catalog)
        written.append(str(path.relative_to(ROOT)))
    return written


def check_fragment(area: str) -> list[str]:
    """What a fragment's translations still lack (as `check`, for the messages the fragment holds)."""
    folder = PARTS / area
    said: list[str] = []
    for code in SHIPPED:
        if code == SOURCE:
            continue
        path = folder / f"{code.replace('-', '_')}.po"
        catalog = _read(path, code)
        fresh = Catalog(fuzzy=False)
        for message in catalog:
            if message.id:
                fresh.add(message.id, context=message.context)
        said.extend(problems_in(code, catalog, fresh, str(path.relative_to(ROOT))))
    return said


def add_locales_verb(verbs: Any) -> None:
    """`bvunzo locales extract|check` (and the developers' `fragment`)."""
    locales = verbs.add_parser(
        "locales", help="the message catalog: extract the code's messages, check translations"
    )
    tasks = locales.add_subparsers(dest="task", required=True)
    tasks.add_parser(
        "extract", help="write bot/locales/bvunzo.pot from the code and update every language's .po"
    )
    tasks.add_parser(
        "check",
        help="exit 1 when a shipped language lacks a translation, has a fuzzy one or a wrong {placeholder}",
    )
    part = tasks.add_parser("fragment", help="(developers) extract FILES into bot/locales/parts/AREA")
    part.add_argument("area")
    part.add_argument("files", nargs="*")
    part.add_argument("--commands", action="store_true", help="the command tree's strings too")
    part.add_argument("--check", action="store_true", help="check the fragment instead of writing it")
    locales.set_defaults(handler=run)


def run(args: Any) -> int:
    if args.task == "extract":
        for name in extract():
            print(f"wrote {name}")
        return 0
    if args.task == "fragment":
        if args.check:
            problems = check_fragment(args.area)
            print("\n".join(problems) or "fragment complete")
            return 1 if problems else 0
        for name in fragment(args.area, args.files, commands=args.commands):
            print(f"wrote {name}")
        return 0
    problems = check()
    for line in problems:
        print(line)
    if not problems:
        print(f"catalogs complete: {', '.join(c for c in SHIPPED if c != SOURCE)}")
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="bvunzo")
    add_locales_verb(parser.add_subparsers(dest="verb", required=True))
    args = parser.parse_args(["locales", *(argv if argv is not None else __import__("sys").argv[1:])])
    return int(args.handler(args))


if __name__ == "__main__":
    raise SystemExit(main())


def absorb_fragments() -> list[str]:
    """Move every fragment's translations into its language's .po (after `extract`), then delete the
    fragments; what each language took."""
    import shutil

    taken = []
    for code in SHIPPED:
        if code == SOURCE:
            continue
        path = catalog_path(code)
        catalog = _read(path, code)
        count = 0
        for part in sorted(PARTS.glob(f"*/{path.name}")):
            for message in _read(part, code):
                if not message.id or not message.string or message.fuzzy:
                    continue
                known = catalog.get(message.id, message.context)
                if known is not None and not any(_forms(known)[i].strip() for i in range(len(_forms(known)))):
                    known.string = message.string
                    count += 1
        _write(path, catalog)
        taken.append(f"{path.name}: {count} translations from fragments")
    shutil.rmtree(PARTS, ignore_errors=True)
    return taken
