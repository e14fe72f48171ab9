"""One game in the terminal: pick the deck and the questions, ask, judge, remember, and show the board."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import signal
import sys
from dataclasses import KW_ONLY, dataclass
from datetime import UTC, datetime, timedelta
from getpass import getuser
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from bot import locales
from bot.bank.cloze import blanks_text
from bot.bank.loader import DeckError, load_deck_file, load_folder, validate_paths
from bot.bank.models import Deck, Kind, Question
from bot.cli.play._match import read_pairing, show_rights
from bot.cli.play._screen import Screen
from bot.cli.play._terminal import catalog_of_terminal, terminal_language
from bot.host.config import database_location
from bot.locales import _, n_, number, p_, percent
from bot.quiz import (
    LETTERS,
    PracticeMode,
    PracticeSession,
    QuizError,
    choose_questions,
    due_by,
    slot_letter,
)
from bot.quiz.practice import MemoryState
from bot.reviews import Reviews, reviewed_memories
from bot.store import PracticeAnswer, StoreError, open_store

if TYPE_CHECKING:
    from bot.store import Store

EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130
MAX_COUNT = 50
QUIT_WORDS = {"q", "quit", ":q"}
# Local players are numbered from 1 in the database's meta table; Discord's user ids are 17 digits and
# more, so the two never meet in the same tables.
PLAYERS_KEY = "terminal_players"
BOARD_LINES = 10


class PlayError(Exception):
    """Something the player typed on the command line is wrong; the message is the one line they see."""


def play_from_arguments(args: argparse.Namespace) -> int:
    screen = Screen.for_terminal()
    language = args.language or terminal_language()
    # The game speaks the language it shows questions in, where Bvunzo has a catalog for it.
    locales.use(locales.catalog_language(language) or catalog_of_terminal())
    try:
        if not 1 <= args.count <= MAX_COUNT:
            raise PlayError(
                _(
                    "--count {count} is out of range: choose 1 to {most} questions.",
                    count=args.count,
                    most=number(MAX_COUNT),
                )
            )
        folder = args.questions or Path(os.environ.get("BVUNZO_QUESTIONS", "").strip() or "questions")
        deck = choose_deck(screen, args.deck, folder)
        if deck is None:
            return 0
        player = (args.player or os.environ.get("BVUNZO_PLAYER", "") or _login_name()).strip()
        if not player:
            raise PlayError(_("Give a player name with --player NAME."))
        game = Game(
            screen,
            deck,
            db=args.db or database_location(os.environ),
            player=player,
            review_only=args.review,
            count=args.count,
            language=language,
        )
        return _run_interruptible(game)
    except PlayError as exc:
        screen.out.flush()
        print(f"bvunzo: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except StoreError as exc:
        print(f"bvunzo: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def _run_interruptible(game: Game) -> int:
    """Run the game so that Ctrl-C while it waits for an answer ends it with its summary.

    asyncio.run's own Ctrl-C handler only cancels the main task at its next await, which never comes
    while the game sits in a blocking read of the terminal; a handler that raises does reach the read.
    """
    previous = signal.signal(signal.SIGINT, _interrupt)
    try:
        return asyncio.run(game.play())
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        signal.signal(signal.SIGINT, previous)


def _login_name() -> str:
    try:
        return getuser()
    except (KeyError, OSError):
        return "player"


def choose_deck(screen: Screen, wanted: str | None, folder: Path) -> Deck | None:
    """The deck named on the command line (an id or a file), or the one the player picks from a list."""
    if wanted is not None and (wanted.endswith((".yaml", ".yml")) or Path(wanted).is_file()):
        return _deck_file(screen, Path(wanted))
    if not folder.is_dir():
        raise PlayError(
            _(
                "There is no deck folder at {folder}: name a deck file (bvunzo play my-deck.yaml) or set "
                "BVUNZO_QUESTIONS.",
                folder=folder,
            )
        )
    decks, problems = load_folder(folder)
    for problem in problems:
        screen.say(_("skipped: {problem}", problem=problem), "yellow")
    if not decks:
        raise PlayError(_("No deck in {folder} loads; `bvunzo validate {folder}` lists why.", folder=folder))
    if wanted is not None:
        return _deck_named(decks, wanted, folder)
    if len(decks) == 1:
        return decks[0]
    return _pick_deck(screen, decks)


def _deck_named(decks: list[Deck], wanted: str, folder: Path) -> Deck:
    for deck in decks:
        if deck.id == wanted:
            return deck
    known = ", ".join(d.id for d in decks)
    raise PlayError(
        _(
            "There is no deck `{deck}` in {folder}; the decks are: {known}.",
            deck=wanted,
            folder=folder,
            known=known,
        )
    )


def _pick_deck(screen: Screen, decks: list[Deck]) -> Deck | None:
    """The deck the player picks from the list by its number or its id; None if they stop."""
    screen.say(_("Decks:"), "bold")
    for place, deck in enumerate(decks, 1):
        line = n_(
            "{place}. {title} ({deck}, {n} question)",
            "{place}. {title} ({deck}, {n} questions)",
            len(deck.questions),
            place=number(place),
            title=deck.title,
            deck=deck.id,
        )
        screen.say(f"  {line}")
    while True:
        answer = screen.ask(_("Which deck? (1-{last}, or q to stop) ", last=len(decks)))
        if answer is None or answer.lower() in QUIT_WORDS:
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(decks):
            return decks[int(answer) - 1]
        for deck in decks:
            if deck.id == answer:
                return deck
        screen.say(_("Type a number from 1 to {last}.", last=len(decks)), "yellow")


def _deck_file(screen: Screen, path: Path) -> Deck:
    if not path.is_file():
        raise PlayError(_("There is no deck file at {path}.", path=path))
    try:
        deck = load_deck_file(path)
    except DeckError as exc:
        # As `bvunzo validate` says them: a deck author fixes each line and plays again.
        problems = "\n".join(str(problem) for problem in exc.problems)
        raise PlayError(
            _("{path} cannot be played until these are fixed:\n{problems}", path=path, problems=problems)
        ) from exc
    # A deck author previewing a file sees what the bot would leave out, and plays the rest.
    for problem in validate_paths([path]):
        screen.say(_("left out: {problem}", problem=problem), "yellow")
    if not deck.questions:
        raise PlayError(_("{path} has no question that loads.", path=path))
    return deck


def _when(moment: datetime, now: datetime) -> str:
    delta = moment - now
    if delta <= timedelta(minutes=1):
        return p_("due", "now")
    minutes = round(delta.total_seconds() / 60)
    if minutes < 90:
        return n_("in {n} minute", "in {n} minutes", minutes)
    hours = round(minutes / 60)
    if hours < 36:
        return n_("in {n} hour", "in {n} hours", hours)
    return n_("in {n} day", "in {n} days", round(hours / 24))


@dataclass(eq=False)
class Game:
    screen: Screen
    deck: Deck
    _keywords: KW_ONLY
    db: Path | str
    player: str
    review_only: bool
    count: int
    language: str | None

    @staticmethod
    def now() -> datetime:
        return datetime.now(UTC)

    async def play(self) -> int:
        store = await open_store(self.db)
        try:
            return await self._play(store)
        finally:
            await store.close()

    async def _play(self, store: Store) -> int:
        user_id = await local_player(store, self.player)
        now = self.now()
        picked = await self._pick(store, user_id, now)
        if not picked:
            await self._say_nothing_due(store, user_id, now)
            return 0
        session = PracticeSession(
            user_id=user_id,
            deck=self.deck,
            question_ids=picked,
            seed=secrets.randbits(32),
            language=self.language,
        )
        heading = n_(
            "{title} · {n} question · playing as {player}",
            "{title} · {n} questions · playing as {player}",
            len(picked),
            title=self.deck.title,
            player=self.player,
        )
        self.screen.say(heading, "bold")
        stopped = False
        while not session.finished:
            self.screen.progress(session.index, session.question_count, session.right_count, self.deck.title)
            if not await self._question(store, session, user_id):
                stopped = True
                break
            session.next()
        await self._summary(store, session, user_id, stopped=stopped)
        return 0

    async def _pick(self, store: Store, user_id: int, now: datetime) -> tuple[str, ...]:
        """The questions to play: those due first, then new ones unless only reviews were asked for."""
        before = await store.memories(user_id, self.deck.id)
        mode = PracticeMode.REVIEW if self.review_only else PracticeMode.MIXED
        return choose_questions(
            self.deck,
            {qid: MemoryState.of(m) for qid, m in before.items()},
            mode,
            self.count,
            now,
            seed=secrets.randbits(32),
        )

    async def _say_nothing_due(self, store: Store, user_id: int, now: datetime) -> None:
        next_due = await store.next_due(user_id, self.deck.id)
        if next_due is None:
            self.screen.say(
                _(
                    "Nothing of “{deck}” is due for review: play it without --review first.",
                    deck=self.deck.title,
                )
            )
        else:
            self.screen.say(
                _(
                    "Nothing of “{deck}” is due for review; the next is due {when}.",
                    deck=self.deck.title,
                    when=_when(next_due, now),
                )
            )

    async def _question(self, store: Store, session: PracticeSession, user_id: int) -> bool:
        """Ask the current question until it is answered; False when the player stopped."""
        question = session.question
        order = session.order
        self.screen.say(question.shown_prompt, "bold")
        for shown, original in enumerate(order):
            letter = self.screen.style(slot_letter(shown), "cyan")
            self.screen.say(f"{letter}) {question.choices[original]}", indent="  ", hang="   ")
        if question.kind is Kind.MATCH:
            show_rights(self.screen, question)
        while True:
            given = self._read_answer(question, len(order))
            if given is None:
                return False
            if given is RETRY:
                continue
            slot, text, slots = given
            now = self.now()
            try:
                result = session.answer(slot, text=text, now=now, slots=slots)
            except QuizError as exc:
                self.screen.say(exc.sentence, "yellow")
                continue
            break
        # A multi question's partial answer: remembered from half its points on, with gaps (Hard).
        reviews = Reviews(self.deck.id, question.id, now)
        reviews.add(user_id, result.right, result.share)
        memory = (await reviewed_memories(store, reviews))[user_id]
        await store.record_practice(
            PracticeAnswer(user_id, None, self.deck.id, question.id, result.right, now), memory
        )
        self._feedback(result.question, order, result.right, result.right_slots, memory.due, now)
        return True

    def _read_answer(self, question: Question, choices: int) -> _Given | None:
        """What the player typed for the question: None when they stopped, RETRY when it meant nothing."""
        typed: str | None
        if question.kind is Kind.CLOZE:
            return self._read_blanks(len(question.blanks))
        if question.kind is Kind.MATCH:
            pairing = read_pairing(self.screen, question)
            return None if pairing is None else (None, pairing, None)
        if question.typed:
            typed = self.screen.ask(_("Your answer (:q to stop): "))
            return None if typed is None or typed == ":q" else (None, typed, None)
        letters = LETTERS[:choices]
        bounds = {"first": letters[0], "last": letters[-1]}
        if question.kind is Kind.MULTI:
            typed = self.screen.ask(
                _("Your answers, every right letter ({first}-{last}, q to stop): ", **bounds)
            )
        elif question.kind is Kind.ORDER:
            typed = self.screen.ask(
                _("Your order, every letter from first to last ({first}-{last}, q to stop): ", **bounds)
            )
        else:
            typed = self.screen.ask(_("Your answer ({first}-{last}, q to stop): ", **bounds))
        if typed is None or typed.lower() in QUIT_WORDS:
            return None
        if question.kind in (Kind.MULTI, Kind.ORDER):  # an order's letters as typed, first to last
            slots = [_slot(part, choices) for part in typed.replace(",", " ").split()]
            if slots and None not in slots:
                return (None, None, [slot for slot in slots if slot is not None])
            if question.kind is Kind.ORDER:
                self.screen.say(_("Type the letters of every item, first to last, such as C A B."), "yellow")
            else:
                self.screen.say(_("Type the letters of every right choice, such as A C."), "yellow")
            return RETRY
        slot = _slot(typed, choices)
        if slot is None:
            self.screen.say(_("Type one letter, {first} to {last}.", **bounds), "yellow")
            return RETRY
        return (slot, None, None)

    def _read_blanks(self, count: int) -> _Given | None:
        """A cloze question's blanks, one line each, kept as the rounds keep them (a JSON list)."""
        typed = []
        for n in range(1, count + 1):
            given = self.screen.ask(_("Blank {n} (:q to stop): ", n=number(n)))
            if given is None or given == ":q":
                return None
            typed.append(given)
        return (None, blanks_text(typed), None)

    def _feedback(
        self,
        question: Question,
        order: tuple[int, ...],
        right: bool,
        right_slots: frozenset[int],
        due: datetime,
        now: datetime,
    ) -> None:
        say = self.screen.say
        if right:
            say(_("✓ Right!"), "green", "bold")
        elif question.typed or question.kind is Kind.ORDER:  # an order: the items in their right order
            say(_("✗ Not quite: the answer is “{answer}”.", answer=question.answer_text), "red", "bold")
        else:
            answers = ", ".join(
                f"{slot_letter(s)}) {question.choices[order[s]]}" for s in sorted(right_slots)
            )
            say(_("✗ Not quite: the answer is {answers}.", answers=answers), "red", "bold")
        if question.explanation:
            say(question.explanation, "dim", indent="  ")
        say(_("Next review of this question: {when}.", when=_when(due, now)), "dim")

    async def _summary(self, store: Store, session: PracticeSession, user_id: int, *, stopped: bool) -> None:
        say = self.screen.say
        now = self.now()
        say()
        answered, right = session.answered_count, session.right_count
        if stopped:
            say(
                n_(
                    "Stopped after {answered} of {n} question.",
                    "Stopped after {answered} of {n} questions.",
                    session.question_count,
                    answered=number(answered),
                )
            )
        if answered:
            score = _(
                "Score: {right} of {answered} right ({percent})",
                right=number(right),
                answered=number(answered),
                percent=percent(round(100 * right / answered) / 100),
            )
        else:
            score = _("Score: {right} of {answered} right", right=number(right), answered=number(answered))
        say(score, "bold")
        due = await store.due_count(user_id, due_by(now), self.deck.id)
        if due:
            command = f"bvunzo play {self.deck.id} --review"  # i18n: not shown (a command to type)
            say(
                n_(
                    "{n} question is due for review now: {command}",
                    "{n} questions are due for review now: {command}",
                    due,
                    command=command,
                )
            )
        else:
            next_due = await store.next_due(user_id, self.deck.id)
            if next_due is not None:
                say(_("Your next review of this deck is due {when}.", when=_when(next_due, now)))
        await self._board(store, user_id, now)

    async def _board(self, store: Store, user_id: int, now: datetime) -> None:
        players = await _players(store)
        lines = []
        for name, player_id in players.items():
            stats = await store.member_stats(0, player_id, now)
            if stats.practice_answered:
                lines.append((stats.practice_right, stats.practice_answered, name, player_id))
        lines.sort(key=lambda line: (-line[0], line[1], line[2]))
        self.screen.say()
        self.screen.say(_("Players on this computer (right answers, every deck):"), "bold")
        rank = 0
        previous: tuple[int, int] | None = None
        for position, (right, answered, name, player_id) in enumerate(lines[:BOARD_LINES], 1):
            if (right, answered) != previous:
                rank, previous = position, (right, answered)
            shown = {"rank": number(rank), "name": name, "right": number(right), "answered": number(answered)}
            if player_id == user_id:
                self.screen.say("  " + _("{rank}. {name}: {right} of {answered} ← you", **shown), "green")
            else:
                self.screen.say("  " + _("{rank}. {name}: {right} of {answered}", **shown))


# What a player gave: the slot of a letter, the text typed, or a multi question's slots.
_Given = tuple[int | None, str | None, list[int] | None]
RETRY: _Given = (None, None, None)  # nothing readable: ask again


def _slot(typed: str, choices: int) -> int | None:
    """The display slot a typed letter (or number) means, if it is one of the choices."""
    text = typed.strip().upper().rstrip(")")
    if len(text) == 1 and text in LETTERS[:choices]:
        return LETTERS.index(text)
    if text.isdigit() and 1 <= int(text) <= choices:
        return int(text) - 1
    return None


async def _players(store: Store) -> dict[str, int]:
    raw = await store.get_meta(PLAYERS_KEY)
    try:
        players = json.loads(raw) if raw else {}
    except ValueError:
        players = {}
    return {str(name): int(pid) for name, pid in players.items()} if isinstance(players, dict) else {}


async def local_player(store: Store, name: str) -> int:
    """The id of the terminal player called `name`, numbered on first play."""
    players = await _players(store)
    if name not in players:
        players[name] = max(players.values(), default=0) + 1
        await store.set_meta(PLAYERS_KEY, json.dumps(players, ensure_ascii=False, sort_keys=True))
    return players[name]
