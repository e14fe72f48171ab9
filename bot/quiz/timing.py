"""How long a question of a round takes: reading time before its buttons open, and extra time for long prompts.

The rule for long prompts, as documented in docs/commands.md (Round options): a question whose prompt
is longer than 200 characters gets 1 more second for each 100 characters (or part of 100) beyond the
first 200, so a 320-character prompt gets +2 s. The moderator turns it on per round (`long_prompts:true`); it helps
members who read slowly or in a second language.
"""

from __future__ import annotations

READING_MAX = 30  # seconds a question may show before its buttons open
LONG_PROMPT_FROM = 200  # characters a prompt may have before it earns more time
LONG_PROMPT_STEP = 100  # characters per extra second beyond that


def extra_seconds(prompt: str) -> int:
    """Extra seconds a prompt earns by its length: +1 per 100 characters (or part) beyond 200."""
    beyond = len(prompt) - LONG_PROMPT_FROM
    return 0 if beyond <= 0 else -(-beyond // LONG_PROMPT_STEP)
