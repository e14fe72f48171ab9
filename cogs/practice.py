"""/practice and /language: one member plays questions alone, with spaced review of what they missed."""

from __future__ import annotations

import re
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.bank.models import Deck, Kind
from bot.errors import UserError
from bot.quiz import PracticeMode, PracticeSession, QuizError, choose_questions, due_by, reviewed
from bot.store import Memory, RoundRecord
from bot.ui.practice import feedback_embed, practice_question_embed, practice_summary_embed, translation_embed
from bot.ui.text import BUTTON_LABEL, clip, language_name, letter
from cogs.guard import frozen_view, guarded
from cogs.lookup import deck_choices, find_deck

if TYPE_CHECKING:
    from bot.app import BvunzoBot

SESSION = r"(?P<session>[0-9]{1,15})"
INDEX = r"(?P<q>[0-9]{1,2})"
# Sessions live in memory; a member rarely leaves one open this long, and a restart ends them anyway.
SESSION_LIFETIME = 6 * 3600
LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(-[A-Za-z]{2})?$")


@dataclass(slots=True)
class Practice:
    id: int
    user_id: int
    guild_id: int | None
    deck: Deck
    session: PracticeSession
    started: float = field(default_factory=time.monotonic)


def _practice_cog(interaction: discord.Interaction[Any]) -> PracticeCog:
    cog = interaction.client.get_cog("Practice")
    if cog is None:
        raise UserError("Practice is not available right now.")
    return cog


class PracticeAnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"bvz:1:p:{SESSION}:{INDEX}:(?P<slot>[0-4])"
):
    def __init__(
        self,
        session_id: int,
        index: int,
        slot: int,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or letter(slot),
                style=style,
                disabled=disabled,
                row=0,
                custom_id=f"bvz:1:p:{session_id}:{index}:{slot}",
            )
        )
        self.session_id, self.index, self.slot = session_id, index, slot

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PracticeAnswerButton:
        return cls(int(match["session"]), int(match["q"]), int(match["slot"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(
            interaction,
            _practice_cog(interaction).on_answer(interaction, self.session_id, self.index, slot=self.slot),
        )


class PracticeActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"bvz:1:p(?P<action>[nxo]):{SESSION}:{INDEX}"
):
    """n: next question; x: type an answer; o: see the question in its original language."""

    LABELS: ClassVar[dict[str, str]] = {"n": "Next", "x": "Answer", "o": "Original"}

    def __init__(self, action: str, session_id: int, index: int, *, label: str | None = None) -> None:
        style = (
            discord.ButtonStyle.success
            if action == "n"
            else (discord.ButtonStyle.primary if action == "x" else discord.ButtonStyle.secondary)
        )
        super().__init__(
            discord.ui.Button(
                label=clip(label or self.LABELS[action], BUTTON_LABEL),
                style=style,
                row=1 if action == "o" else 0,
                custom_id=f"bvz:1:p{action}:{session_id}:{index}",
            )
        )
        self.action, self.session_id, self.index = action, session_id, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PracticeActionButton:
        return cls(match["action"], int(match["session"]), int(match["q"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = _practice_cog(interaction)
        work = {"n": cog.on_next, "x": cog.on_type, "o": cog.on_original}[self.action]
        await guarded(interaction, work(interaction, self.session_id, self.index))


class PracticeTextModal(discord.ui.Modal):
    def __init__(self, cog: PracticeCog, session_id: int, index: int, prompt: str) -> None:
        super().__init__(
            title=clip(f"Practice question {index + 1}", 45),
            timeout=900,
            custom_id=f"bvz:1:pm:{session_id}:{index}",
        )
        self.cog, self.session_id, self.index = cog, session_id, index
        self.answer: discord.ui.TextInput[PracticeTextModal] = discord.ui.TextInput(
            label=clip(prompt, 45), custom_id="answer", placeholder="Your answer", max_length=200
        )
        self.add_item(self.answer)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(
            interaction, self.cog.on_answer(interaction, self.session_id, self.index, text=self.answer.value)
        )


class PracticeCog(commands.Cog, name="Practice"):
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot
        self.practices: dict[int, Practice] = {}

    @app_commands.command(
        name="practice", description="Practise a deck alone, with feedback and spaced review"
    )
    @app_commands.describe(
        deck="The deck to practise",
        count="How many questions (1-50)",
        mode="mixed: due reviews then new; review: only due; new: only unseen; missed: wrong in your last round",
    )
    async def practice(
        self,
        interaction: discord.Interaction,
        deck: str | None = None,
        count: app_commands.Range[int, 1, 50] = 10,
        mode: Literal["mixed", "review", "new", "missed"] = "mixed",
    ) -> None:
        user_id = interaction.user.id
        now = self.bot.clock()
        missed: list[str] = []
        if mode == "missed":
            last = await self.bot.store.missed_in_last_round(user_id, interaction.guild_id)
            if last is None:
                raise UserError("You haven't answered in a round yet; play one, or use another mode.")
            deck_id, missed = last
            if deck and deck != deck_id:
                raise UserError(
                    "Your last round was of another deck; leave `deck` empty to practise its misses."
                )
            chosen = find_deck(self.bot, deck_id, interaction.guild_id)
            if not missed:
                raise UserError("You got everything right in your last round. Nothing to practise there!")
        else:
            if not deck:
                raise UserError("Choose a deck to practise (/decks lists them).")
            chosen = find_deck(self.bot, deck, interaction.guild_id)
        memories = {q: m.as_state() for q, m in (await self.bot.store.memories(user_id, chosen.id)).items()}
        picked = choose_questions(
            chosen, memories, PracticeMode(mode), count, now, missed=missed, seed=secrets.randbits(32)
        )
        if not picked:
            raise UserError(await self._nothing_to_practise(user_id, chosen, mode))
        await self._begin(interaction, chosen, picked)

    @practice.autocomplete("deck")
    async def _deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.bot, interaction.guild_id, current)

    async def _nothing_to_practise(self, user_id: int, deck: Deck, mode: str) -> str:
        if mode == "new":
            return f"You have seen every question of “{deck.title}”; try mode:review or mode:mixed."
        next_due = await self.bot.store.next_due(user_id, deck.id)
        if next_due is None:
            return f"Nothing of “{deck.title}” is due: practise new questions first (mode:new)."
        return f"Nothing of “{deck.title}” is due for review; the next one is due <t:{int(next_due.timestamp())}:R>."

    async def start_missed(self, interaction: discord.Interaction, record: RoundRecord) -> None:
        """The round summary's button: practise what the clicker got wrong or skipped in that round."""
        deck = find_deck(self.bot, record.deck_id, record.guild_id)
        answers = await self.bot.store.round_answers(record.id)
        right = {a.question_id for a in answers if a.user_id == interaction.user.id and a.right}
        played = any(a.user_id == interaction.user.id for a in answers)
        missed = [
            q for q in dict.fromkeys(record.question_ids) if q not in right and deck.question(q) is not None
        ]
        if played and not missed:
            await self.bot.tell(
                interaction, "You got every question of that round right. Nothing to practise!"
            )
            return
        await self._begin(interaction, deck, missed)

    async def _language(self, interaction: discord.Interaction) -> str | None:
        chosen = await self.bot.store.member_language(interaction.user.id)
        return chosen or str(interaction.locale).split("-")[0].lower()

    async def _begin(
        self, interaction: discord.Interaction, deck: Deck, question_ids: list[str] | tuple[str, ...]
    ) -> None:
        self._expire()
        practice_id = secrets.randbits(40)
        session = PracticeSession(
            user_id=interaction.user.id,
            deck=deck,
            question_ids=question_ids,
            seed=secrets.randbits(32),
            language=await self._language(interaction),
        )
        self.practices[practice_id] = Practice(
            practice_id, interaction.user.id, interaction.guild_id, deck, session
        )
        embed, view = self._question_screen(self.practices[practice_id])
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    def _question_screen(self, practice: Practice) -> tuple[discord.Embed, discord.ui.View]:
        s = practice.session
        question = s.question
        embed = practice_question_embed(
            question, s.order, index=s.index, total=s.question_count, deck_title=practice.deck.title
        )
        items: list[discord.ui.Item[Any]]
        if question.kind is Kind.TEXT:
            items = [PracticeActionButton("x", practice.id, s.index)]
        else:
            items = [PracticeAnswerButton(practice.id, s.index, slot) for slot in range(len(s.order))]
        original = practice.deck.question(question.id)
        if original is not None and original.lang != question.lang:
            items.append(
                PracticeActionButton(
                    "o", practice.id, s.index, label=f"See in {language_name(original.lang)}"
                )
            )
        return embed, frozen_view(*items)

    def _find(self, interaction: discord.Interaction, practice_id: int, index: int) -> Practice:
        practice = self.practices.get(practice_id)
        if practice is None:
            raise UserError(
                "This practice session has ended (Bvunzo may have restarted); start a new one with /practice."
            )
        if practice.user_id != interaction.user.id:
            raise UserError("This practice belongs to someone else; start your own with /practice.")
        if index != practice.session.index:
            raise UserError("That question has already moved on; use the latest practice message.")
        return practice

    async def on_answer(
        self,
        interaction: discord.Interaction,
        practice_id: int,
        index: int,
        *,
        slot: int | None = None,
        text: str | None = None,
    ) -> None:
        practice = self._find(interaction, practice_id, index)
        s = practice.session
        now = self.bot.clock()
        try:
            result = s.answer(slot, text=text, now=now)
        except QuizError as exc:
            raise UserError(exc.sentence) from exc
        question_id = s.question.id
        kept = await self.bot.store.question_memories(practice.deck.id, question_id, [practice.user_id])
        before = {user_id: memory.as_state() for user_id, memory in kept.items()}
        after = reviewed(f"{practice.deck.id}/{question_id}", {practice.user_id: result.right}, before, now)
        memory = Memory.from_state(practice.user_id, practice.deck.id, question_id, after[practice.user_id])
        await self.bot.store.record_practice(
            practice.user_id, practice.guild_id, practice.deck.id, question_id, result.right, now, memory
        )
        embed = feedback_embed(
            s.question,
            s.order,
            right=result.right,
            right_slots=result.right_slots,
            chosen=slot,
            typed=text,
            index=s.index,
            total=s.question_count,
            next_due=memory.due,
        )
        last = s.index + 1 >= s.question_count
        view = frozen_view(
            PracticeActionButton("n", practice.id, s.index, label="Finish" if last else "Next")
        )
        await interaction.response.edit_message(embed=embed, view=view)

    async def on_next(self, interaction: discord.Interaction, practice_id: int, index: int) -> None:
        practice = self._find(interaction, practice_id, index)
        s = practice.session
        if not s.answered:
            raise UserError("Answer this question first.")
        if s.next():
            embed, view = self._question_screen(practice)
            await interaction.response.edit_message(embed=embed, view=view)
            return
        del self.practices[practice_id]
        now = self.bot.clock()
        due = await self.bot.store.due_count(practice.user_id, due_by(now), practice.deck.id)
        next_due = await self.bot.store.next_due(practice.user_id, practice.deck.id)
        embed = practice_summary_embed(practice.deck.title, s.right_count, s.answered_count, due, next_due)
        await interaction.response.edit_message(embed=embed, view=None)

    async def on_type(self, interaction: discord.Interaction, practice_id: int, index: int) -> None:
        practice = self._find(interaction, practice_id, index)
        await interaction.response.send_modal(
            PracticeTextModal(self, practice_id, index, practice.session.question.prompt)
        )

    async def on_original(self, interaction: discord.Interaction, practice_id: int, index: int) -> None:
        practice = self._find(interaction, practice_id, index)
        original = practice.deck.question(practice.session.question.id)
        assert original is not None
        embed = translation_embed(
            original, practice.session.order, original.lang, revealed=practice.session.answered
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    def _expire(self) -> None:
        cutoff = time.monotonic() - SESSION_LIFETIME
        for key in [k for k, p in self.practices.items() if p.started < cutoff]:
            del self.practices[key]

    @app_commands.command(
        name="language", description="The language practice shows questions in, when a deck has it"
    )
    @app_commands.describe(code="A language code such as en or sn; `auto` follows your Discord language")
    async def language(self, interaction: discord.Interaction, code: str) -> None:
        code = code.strip()
        if code.lower() in {"auto", "none", "reset"}:
            await self.bot.store.set_member_language(interaction.user.id, None)
            await interaction.response.send_message(
                "Practice now follows your Discord language.", ephemeral=True
            )
            return
        if not LANGUAGE_CODE.match(code):
            raise UserError(f"“{clip(code, 20)}” is not a language code; use one like en or sn (or auto).")
        await self.bot.store.set_member_language(interaction.user.id, code)
        await interaction.response.send_message(
            f"Practice will show questions in {language_name(code)} where a deck has that translation.",
            ephemeral=True,
        )

    @language.autocomplete("code")
    async def _language_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        codes = sorted(
            {code for deck in self.bot.bank.decks_for(interaction.guild_id) for code in deck.languages}
        )
        needle = current.casefold()
        return [
            app_commands.Choice(name=f"{language_name(c)} ({c})", value=c)
            for c in [*codes, "auto"]
            if needle in c or needle in language_name(c).casefold()
        ][:25]


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(PracticeCog(bot))
    bot.add_dynamic_items(PracticeAnswerButton, PracticeActionButton)
