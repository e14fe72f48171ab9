"""Who moderates a server, the one rule Discord's commands and the dashboard both ask: hand-written cases."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot.permissions import Standing, is_moderator, manages_server

QUIZ_MASTERS, OTHER_ROLE = 555, 777
SEND_MESSAGES = 1 << 11  # a permission that moderates nothing
ADMINISTRATOR, MANAGE_GUILD = 8, 32  # Discord's bits, written out as its docs table them


@pytest.mark.parametrize(
    ("who", "standing", "manages", "moderates"),
    [
        ("the owner, with no permission bits", Standing(0, frozenset(), owner=True), True, True),
        ("an administrator", Standing(ADMINISTRATOR, frozenset()), True, True),
        ("Manage Server among other bits", Standing(MANAGE_GUILD | SEND_MESSAGES, frozenset()), True, True),
        (
            "the quiz-master role only",
            Standing(SEND_MESSAGES, frozenset({OTHER_ROLE, QUIZ_MASTERS})),
            False,
            True,
        ),
        ("another role only", Standing(SEND_MESSAGES, frozenset({OTHER_ROLE})), False, False),
        ("nothing at all", Standing(0, frozenset()), False, False),
    ],
)
def test_who_manages_and_who_moderates(who: str, standing: Standing, manages: bool, moderates: bool) -> None:
    assert manages_server(standing) is manages, who
    assert is_moderator(standing, QUIZ_MASTERS) is moderates, who


def test_without_a_quiz_master_role_only_managers_moderate() -> None:
    assert is_moderator(Standing(SEND_MESSAGES, frozenset({QUIZ_MASTERS})), None) is False
    assert is_moderator(Standing(MANAGE_GUILD, frozenset()), None) is True
    assert is_moderator(Standing(0, frozenset(), owner=True), None) is True


def test_the_rule_imports_neither_discord_nor_the_web() -> None:
    code = (
        "import sys, bot.permissions\n"
        "print(sorted(n for n in sys.modules if n.split('.')[0] in {'discord', 'aiohttp'} or n.startswith('bot.web')))\n"
    )
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == "[]"
