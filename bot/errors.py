"""What a member is told when something goes wrong: one sentence, never a traceback."""

from __future__ import annotations

from bot.locales import N_


class UserError(Exception):
    """An error a member or moderator caused; its message is the sentence they see (written with `_()`
    where it is raised: that runs in the member's interaction, so in their language)."""

    @property
    def sentence(self) -> str:
        return str(self)


class NotAllowedError(UserError):
    pass


UNEXPECTED = N_("Something went wrong on Bvunzo's side; it has been logged. Please try again in a moment.")


def sentence_for(error: BaseException) -> str | None:
    """The sentence for an error a user can cause, or None for a bug."""
    sentence = getattr(error, "sentence", None)
    if isinstance(sentence, str):
        return sentence
    return None
