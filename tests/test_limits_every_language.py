"""Every message bot/ui renders, at its worst case, in every shipped language, within Discord's limits.

The longest language decides (issue 22): the longest names, the largest numbers, the most entries a
message lists and the longest deck titles and ids the validator allows (bot/bank/part_sizes.py), rendered
in English, Shona, French and Brazilian Portuguese, checked against ../shared/discord-api/LIMITS.md.
"""

from __future__ import annotations

import functools
import json
from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import discord
import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from bot.bank import load_folder
from bot.bank import part_sizes as bank_limits
from bot.bank.importers import ROLES, ImportOutcome, import_file
from bot.bank.match import MAX_PAIR_ITEM, MAX_PAIRS
from bot.bank.models import Deck, Kind, Question, Translation
from bot.bank.notes import draft_from
from bot.calendar.assignment_service import Asking, Finished, Progress
from bot.calendar.assignments import MOST_ATTEMPTS, MemberResult, QuestionResult
from bot.calendar.qotd import Streak
from bot.calendar.qotd_service import Shown
from bot.locales import _
from bot.looks import mistakes, preview
from bot.quiz import FLAG_REASONS, FlaggedQuestion, Mastery, Misses, Mode, Passes, PlayerResult, Reveal
from bot.quiz.hints import hint_for
from bot.quiz.options import RoundOptions
from bot.quiz.teams import TeamResult
from bot.rounds.cards import (
    Card,
    IntroCard,
    Notice,
    QuestionCard,
    RevealCard,
    Sentence,
    SummaryCard,
    TeamsCard,
)
from bot.rounds.running import BROKEN
from bot.rounds.service import COULD_NOT_RESUME
from bot.store import (
    Board,
    BoardLine,
    DeckStats,
    GuildSettings,
    MemberStats,
    QotdBoardLine,
    ReportLine,
    StruggleLine,
    SuggestionRecord,
    WeekStats,
)
from bot.store.assignment_records import AssignmentRecord, AttemptRecord
from bot.store.calendar_records import QotdDay
from bot.ui import (
    answers,
    boards,
    custom_ids,
    deck_views,
    flag_views,
    import_report,
    practice,
    qotd,
    round_views,
)
from bot.ui import assignments as assignment_ui
from bot.ui import round as round_ui
from bot.ui.attempt_cards import attempt_screen
from bot.ui.calendar_desks import ASSIGNMENT_DESK, CALENDAR_DESK, QOTD_DESK
from bot.ui.deck_profile import profile_line
from bot.ui.desks import unavailable
from bot.ui.forms import Form
from bot.ui.import_report import IMPORT_DESK
from bot.ui.order_picker import answer_form, picker_message
from bot.ui.practice_cards import practice_screen
from bot.ui.round_cards import content_of
from bot.ui.text import embed_of, fit_together, fit_total, language_name, percent, seconds_text
from cogs.answers import ROUND, TextAnswerModal
from cogs.calendar._assign import question_message as attempt_question
from cogs.calendar._assign import summary_embed
from cogs.calendar._assign_channel import assignment_message
from cogs.calendar._qotd_channel import question_message, reveal_message
from tests.discord_limits import (
    BUTTON_LABEL,
    CHOICE_NAME,
    FIELD_VALUE,
    check_content,
    check_embed,
    check_embeds,
    check_message,
    check_modal,
    check_view,
)

pytestmark = pytest.mark.usefixtures("every_language")

ROOT = Path(__file__).resolve().parents[1]
DECKS, _PROBLEMS = load_folder(ROOT / "questions")
NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
TODAY = date(2026, 11, 30)

NAME = "Ŵ" * 32  # the longest display name Discord allows
USER = 2**63 - 1  # the longest snowflake: every mention at its widest
BIG = 999_999_999_999  # points, answers, counts: larger than any server reaches
ROUND_ID = 10**15 - 1  # the largest round id a custom_id template accepts
DECK_ID = "d" * bank_limits.MAX_DECK_ID_LENGTH
QUESTION_ID = "q" * bank_limits.MAX_QUESTION_ID_LENGTH
TITLE = "T" * bank_limits.MAX_DECK_TITLE_LENGTH
TAGS = tuple(f"{i:02d}" + "t" * (bank_limits.MAX_TAG_LENGTH - 2) for i in range(bank_limits.MAX_TAGS))
CHOICE = "M" * bank_limits.MAX_CHOICE_LENGTH
EXPLANATION = "E" * bank_limits.MAX_EXPLANATION_LENGTH
ANSWER = "A" * bank_limits.MAX_TEXT_ANSWER_LENGTH
TRANSLATED_TO = ("sn", "fr", "pt", "nd", "zu", "xh", "sw", "es", "de")  # "Read in isiNdebele" and such


def _choice_prompt(choices: int) -> str:
    """The longest prompt the validator lets `choices` choices of the longest length have."""
    room = bank_limits.DISCORD_EMBED_DESCRIPTION - bank_limits.rendered_length("", [CHOICE] * choices, None)
    return "P" * min(room, bank_limits.MAX_PROMPT_LENGTH)


TEXT_PROMPT = "P" * (bank_limits.DISCORD_EMBED_DESCRIPTION - bank_limits.rendered_length("", [], ANSWER))


def _question(i: int, kind: Kind) -> Question:
    if kind is Kind.TEXT:
        return Question(
            id=f"{i:04d}" + "q" * (bank_limits.MAX_QUESTION_ID_LENGTH - 4),
            kind=kind,
            prompt=TEXT_PROMPT,
            accepted=tuple(ANSWER for _ in range(bank_limits.MAX_TEXT_ANSWERS)),
            explanation=EXPLANATION,
            tags=TAGS,
            difficulty="medium",
            suggested_by=USER,
        )
    count = 2 if kind is Kind.TRUEFALSE else bank_limits.MAX_CHOICES
    prompt = _choice_prompt(count)
    choices = tuple(CHOICE for _ in range(count))
    return Question(
        id=f"{i:04d}" + "q" * (bank_limits.MAX_QUESTION_ID_LENGTH - 4),
        kind=kind,
        prompt=prompt,
        choices=choices,
        answers=frozenset(range(count)) if kind is Kind.POLL else frozenset({count - 1}),
        explanation="" if kind is Kind.POLL else EXPLANATION,
        tags=TAGS,
        difficulty=("easy", "medium", "hard", None)[i % 4],
        translations={
            lang: Translation(prompt=prompt, choices=choices, explanation=EXPLANATION)
            for lang in TRANSLATED_TO
        },
        suggested_by=USER,
        line=999_999,
    )


KINDS = (Kind.CHOICE, Kind.TRUEFALSE, Kind.TEXT, Kind.POLL)
LONGEST = Deck(
    id=DECK_ID,
    title=TITLE,
    questions=tuple(_question(i, KINDS[i % 4]) for i in range(40)),
    description="D" * bank_limits.MAX_DECK_DESCRIPTION_LENGTH,
    tags=TAGS,
    source="/srv/decks/" + DECK_ID + ".yaml",
)
GUILD_DECK = Deck(
    id=DECK_ID, title=TITLE, questions=LONGEST.questions, description=LONGEST.description, guild_id=USER
)
ALL_DECKS = (*DECKS, LONGEST)


# The longest match question: the longest prompt beside five pairs of the longest items.
MATCH = Question(
    id="m" * bank_limits.MAX_QUESTION_ID_LENGTH,
    kind=Kind.MATCH,
    prompt=_choice_prompt(10).replace("P", "M"),
    pairs=tuple(
        (f"{n}" + "L" * (MAX_PAIR_ITEM - 1), f"{n}" + "R" * (MAX_PAIR_ITEM - 1)) for n in range(MAX_PAIRS)
    ),
    explanation=EXPLANATION,
    translations={
        lang: Translation(prompt="P", pairs=((f"{lang}l", "r"), ("l", "r"))) for lang in TRANSLATED_TO
    },
)


def _order(question: Question) -> tuple[int, ...]:
    return tuple(range(len(question.choices)))


def _questions() -> list[Question]:
    """Every question of every deck shipped, in each of its languages, and the longest of each kind."""
    found = [q.in_language(lang) for deck in DECKS for q in deck.questions for lang in q.languages]
    return [*found, *LONGEST.questions[:4], MATCH]


def _players(count: int) -> list[PlayerResult]:
    return [
        PlayerResult(user_id=USER - i, points=BIG - i, right=BIG, answered=BIG, accuracy=1.0, rank=i + 1)
        for i in range(count)
    ]


def _teams() -> list[TeamResult]:
    return [TeamResult(team=t, members=BIG, points=BIG, mean=Fraction(BIG, 7), rank=t + 1) for t in range(4)]


def _reveal(question: Question) -> Reveal:
    slots = len(question.choices)
    return Reveal(
        question_index=49,
        right_slots=frozenset(question.answers) if question.kind is not Kind.TEXT else frozenset(),
        counts=tuple(BIG for _ in range(slots)),
        fastest=tuple((USER - i, 9_999_999) for i in range(10)),
        answered=BIG,
        right=BIG,
        streaks=tuple((USER - i, BIG) for i in range(50)),
        hinted=tuple((USER - i, 3) for i in range(500)),
    )


# Rounds: what test_ui_limits.py does not already (worst case numbers, names, teams, every card).


@pytest.mark.parametrize("question", _questions(), ids=lambda q: q.id)
def test_round_question_and_reveal(question: Question) -> None:
    order = _order(question)
    for untimed, opens in ((False, None), (True, NOW), (False, NOW)):
        check_embed(
            round_ui.question_embed(
                QuestionCard(ROUND_ID, BIG - 1, BIG, question, order, TITLE, NOW, BIG, opens, untimed)
            )
        )
        reading = QuestionCard(ROUND_ID, 49, BIG, question, order, TITLE, NOW, BIG, NOW, untimed, hints=True)
        check_view(round_views.question_view(reading))
    reveal = _reveal(question)
    for names in (True, False):
        standings, teams = tuple(_players(500)), tuple(_teams())
        shown = RevealCard(
            ROUND_ID,
            BIG - 1,
            BIG,
            question,
            order,
            reveal,
            TITLE,
            names,
            standings,
            teams,
            (DECK_ID, QUESTION_ID),
        )
        embed = round_ui.reveal_embed(shown)
        check_embed(embed)
    check_view(round_views.reveal_view(replace(shown, index=49)))
    # The same as Components V2 cards (card_style "cards"): 40 components, 4,000 characters of text.
    for untimed, opens in ((False, None), (True, NOW)):
        asked = QuestionCard(
            ROUND_ID, 49, BIG, question, order, TITLE, NOW, BIG, opens, untimed=untimed, hints=True
        )
        check_message(content_of(asked, formulas=True, cards=True))
    shown = RevealCard(
        ROUND_ID, 49, BIG, question, order, reveal, TITLE, True, tuple(_players(500)), tuple(_teams()),
        (DECK_ID, QUESTION_ID),
    )  # fmt: skip
    check_message(content_of(shown, formulas=True, cards=True))


def test_every_hint_reply() -> None:
    # The widest answer with its widest pattern, and a deck's own hint at its longest.
    answer = "ẅ" * bank_limits.MAX_TEXT_ANSWER_LENGTH
    widest = Question(
        id="q", kind=Kind.TEXT, prompt="?", accepted=(answer,), hint="ẅ" * bank_limits.MAX_HINT_LENGTH
    )
    for presses in (1, 2, 3):
        for question, own in ((widest, presses == 1), (replace(widest, hint=None), False)):
            reply = answers.hint_reply(hint_for(question, presses), own)
            check_content(reply)
            assert len(reply) <= 1900
    # The widest cloze question (five blanks at their longest) and the longest number.
    cloze = Question(id="c", kind=Kind.CLOZE, prompt="?", blanks=((answer,),) * 5)
    digits = Decimal("-" + "9" * 98 + "." + "9" * 98)
    for question in (
        cloze,
        replace(widest, kind=Kind.NUMBER, number=digits),
        replace(widest, kind=Kind.NUMBER, number=Decimal("1e999")),
    ):
        for presses in (1, 2, 3):
            reply = answers.hint_reply(hint_for(replace(question, hint=None), presses), False)
            check_content(reply)
            assert len(reply) <= 1900 and reply.count("`") == 2


def test_round_intro_teams_summary() -> None:
    for deck in ALL_DECKS:
        for mode in ("speed", "standard"):
            for untimed, reading in ((False, 0), (True, 30), (False, 30), (True, 0)):
                check_embed(
                    round_ui.intro_embed(deck, BIG, BIG, mode, USER, untimed=untimed, reading=reading)
                )
        check_embed(round_ui.intro_embed(deck, BIG, BIG, "speed", None))
        scores = _players(500)
        embed = round_ui.summary_embed(
            deck,
            scores,
            questions_played=BIG,
            note="N" * 200,
            round_id=ROUND_ID,
            podium_size=10,
            teams=_teams(),
        )
        check_embed(embed)
        check_embed(round_ui.summary_embed(deck, [], questions_played=0, note=None, round_id=ROUND_ID))
    for teams in (2, 3, 4):
        check_embed(round_ui.teams_embed(teams))
        check_view(round_views.teams_view(ROUND_ID, teams))
    check_view(round_views.summary_view(ROUND_ID))
    scores = _players(500)
    for result in (scores[0], scores[-1], None):
        check_content(round_ui.my_result_text(result, scores, list(range(1, 1001)), ROUND_ID))
    tied = [PlayerResult(USER - i, BIG, BIG, BIG, 1.0, 1) for i in range(3)]
    check_content(round_ui.my_result_text(tied[0], tied, [], ROUND_ID))
    for rank in (1, 2, BIG):
        assert len(round_ui.place_text(rank)) < 30


def test_round_cards() -> None:
    """Every card of a round as the channel port sends it (bot/ui/round_cards.py)."""
    options = RoundOptions(seconds=BIG, mode=Mode.SPEED, untimed=True, reading_seconds=30)
    cards: list[Card] = [
        IntroCard(ROUND_ID, LONGEST, BIG, options, USER),
        TeamsCard(ROUND_ID, 4),
        Notice(Sentence(lambda: _(BROKEN))),
        Notice(Sentence(lambda: _(COULD_NOT_RESUME))),
        SummaryCard(
            ROUND_ID, LONGEST, tuple(_players(500)), BIG, Sentence(lambda: _(BROKEN)), 10, tuple(_teams())
        ),
        SummaryCard(ROUND_ID, LONGEST, (), 0, None, 3, ()),
    ]
    for question in LONGEST.questions[:4]:
        order = _order(question)
        cards.append(QuestionCard(ROUND_ID, 49, BIG, question, order, TITLE, NOW, BIG, NOW, untimed=True))
        cards.append(
            RevealCard(
                ROUND_ID,
                49,
                BIG,
                question,
                order,
                _reveal(question),
                TITLE,
                names=True,
                standings=tuple(_players(500)),
                teams=tuple(_teams()),
                reported=(DECK_ID, QUESTION_ID),
            )
        )
    for card in cards:
        check_message(content_of(card))
        check_message(content_of(card, cards=True))  # the Components V2 look of each


def test_fit_total_keeps_what_fits_and_gives_way_in_order() -> None:
    fits = discord.Embed(title="T", description="D" * 100)
    fits.add_field(name="Why", value="W" * 100)
    assert fit_total(fits).to_dict() == fits.to_dict()  # unchanged
    over = discord.Embed(title="T" * 6, description="D" * 4000)
    over.add_field(name="Why", value="W" * 1000)
    over.add_field(name="Streaks", value="S" * 1000)
    over.add_field(name="Teams", value="M" * 500)
    fit_total(over, first=("Streaks",))
    # 6 + 4000 + 1003 + 505 leave 486 for Streaks (7 of its name): 479 characters, the last an ellipsis.
    assert [f.name for f in over.fields] == ["Why", "Streaks", "Teams"]
    assert over.fields[1].value == "S" * 478 + "…"
    assert over.fields[0].value == "W" * 1000 and over.fields[2].value == "M" * 500
    tight = discord.Embed(description="D" * 4096)
    tight.add_field(name="Why", value="W" * 1000)
    tight.add_field(name="Streaks", value="S" * 1000)
    fit_total(tight, first=("Streaks",), limit=5110)  # no room for Streaks: it is left out
    assert [f.name for f in tight.fields] == ["Why"]
    first, second = discord.Embed(description="A" * 4000), discord.Embed(description="B" * 4000)
    fit_together(first, second)
    assert first.description == "A" * 4000 and second.description == "B" * 1999 + "…"


# Practice.


@pytest.mark.parametrize("question", _questions(), ids=lambda q: q.id)
def test_practice(question: Question) -> None:
    order = _order(question)
    asked = practice.practice_question_embed(
        question, order, index=BIG - 1, total=BIG, deck_title=TITLE, leech_failures=BIG
    )
    check_embed(asked)
    view = practice.practice_question_view(ROUND_ID, 49, question, order, "nd", hints=True)
    check_message(practice_screen(asked, view, TITLE, cards=True))  # as a Components V2 card
    for right, comes_back in ((True, False), (False, True)):
        feedback = practice.feedback_embed(
            question,
            order,
            right=right,
            right_slots=frozenset(question.answers),
            chosen=0,
            typed="y" * 4000,
            index=BIG - 1,
            total=BIG,
            next_due=NOW,
            comes_back=comes_back,
        )
        check_embed(feedback)
        after = practice.feedback_view(ROUND_ID, 49, DECK_ID, QUESTION_ID, last=False)
        check_message(practice_screen(feedback, after, TITLE, cards=True))
    for lang in (*TRANSLATED_TO, "en"):
        check_embed(practice.translation_embed(question, order, lang, revealed=True))
        check_view(practice.practice_question_view(ROUND_ID, 49, question.in_language(lang), order, "en"))
    check_view(practice.practice_question_view(ROUND_ID, 49, question, order, "nd"))
    for last in (True, False):
        check_view(practice.feedback_view(ROUND_ID, 49, DECK_ID, QUESTION_ID, last=last))


def test_practice_summary() -> None:
    questions = LONGEST.questions
    passes: list[tuple[Passes, Question | None]] = [
        (Passes(q.id, BIG, learned=i % 2 == 0), q) for i, q in enumerate(questions)
    ]
    passes += [(Passes(f"gone-{i}" + "x" * 34, BIG, learned=False), None) for i in range(200)]
    passes += [(Passes(f"once-{i}", 1, learned=True), None) for i in range(200)]
    for due in (0, BIG):
        for with_passes in (None, passes):
            embed = practice.practice_summary_embed(TITLE, BIG, BIG, due, NOW, passes=with_passes)
            check_embed(embed)
            check_message(practice_screen(embed, None, TITLE, cards=True))


def test_answer_buttons() -> None:
    for tags in (answers.ROUND_TAGS, answers.PRACTICE_TAGS):
        for question in LONGEST.questions[:4]:
            buttons = answers.answer_buttons(tags, ROUND_ID, 49, question, _order(question))
            check_view(_view(*buttons))
        check_view(_view(answers.type_answer_button(tags, ROUND_ID, 49, label=ANSWER)))
    check_modal(TextAnswerModal(ROUND, ROUND_ID, 49, answer_form("Q" * 100, MATCH, (), 60)))


def _view(*items: discord.ui.Item[discord.ui.View]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


# Boards: the leaderboard and /stats.


def _board_lines(count: int) -> tuple[BoardLine, ...]:
    return tuple(
        BoardLine(rank=BIG - i, user_id=USER - i, points=BIG, right=BIG, answered=BIG) for i in range(count)
    )


def test_leaderboard() -> None:
    for period in (*boards.PERIOD_NAMES, "custom-period"):
        for deck_title in (None, TITLE):
            for lines, mine in ((_board_lines(boards.PAGE_SIZE), _board_lines(1)[0]), ((), None)):
                board = Board(lines=lines, total=BIG if lines else 0)
                embed = boards.leaderboard_embed(
                    board, period=period, deck_title=deck_title, page=BIG, viewer=USER, viewer_line=mine
                )
                check_embed(embed)
    check_view(boards.page_view("week", 99_998, 99_999, DECK_ID))
    check_view(boards.page_view("all", 0, 1, None))


def _stats() -> MemberStats:
    return MemberStats(
        points=BIG,
        answered=BIG,
        right=BIG,
        rounds=BIG,
        best_streak=BIG,
        week_points=BIG,
        decks=tuple(DeckStats(f"{i:02d}" + "d" * 38, BIG, BIG, BIG) for i in range(50)),
        weeks=tuple(WeekStats(TODAY, BIG, BIG, BIG) for _ in range(8)),
        practice_answered=BIG,
        practice_right=BIG,
    )


def test_stats() -> None:
    mastery = [(TITLE, Mastery(questions=BIG, learned=BIG, due=BIG, seen=BIG)) for _ in range(50)]
    leeches = [(q, Misses(q.id, BIG, BIG)) for q in LONGEST.questions]
    for rounds in (True, False):
        embed = boards.stats_embed(
            USER,
            NAME,
            _stats(),
            learned=BIG,
            due=BIG,
            mastery=mastery,
            retention=0.999,
            leeches=leeches,
            rounds=rounds,
        )
        check_embed(embed)
    empty = MemberStats(0, 0, 0, 0, 0, 0, (), (), 0, 0)
    check_embed(boards.stats_embed(USER, NAME, empty, learned=0, due=0))


def _report_lines(deck: Deck, count: int) -> list[ReportLine]:
    lines = []
    for i in range(count):
        question = deck.questions[i % len(deck.questions)]
        wrong = 0 if question.kind is not Kind.TEXT else None
        lines.append(ReportLine(i if i % 2 else None, question.id, BIG, BIG, wrong, BIG, ANSWER))
    lines.append(ReportLine(None, "gone-" + "x" * 35, BIG, BIG, None, BIG, ANSWER))
    return lines


def test_reports_and_struggles() -> None:
    for deck in ALL_DECKS:
        lines = _report_lines(deck, 100)
        votes = {i: dict.fromkeys(range(5), BIG) for i in range(100)}
        report = boards.report_embed("R" * 300, deck, lines, votes)
        struggles = [StruggleLine(q.id, BIG, BIG, BIG if i % 2 else 0) for i, q in enumerate(deck.questions)]
        struggles.append(StruggleLine("gone-" + "x" * 35, BIG, BIG, BIG))
        other = boards.struggles_embed(deck, struggles * 10, BIG)
        check_embed(report)
        check_embed(other)
        check_embeds(fit_together(report, other))  # /quiz report sends both in one message (cogs/quiz)
        check_embed(boards.report_embed("R", deck, []))
        check_embed(boards.struggles_embed(deck, [], 3))


def test_settings() -> None:
    widest = GuildSettings(
        guild_id=USER,
        quiz_master_role_id=USER,
        questions=BIG,
        seconds=BIG,
        mode="speed",
        pause_seconds=BIG,
        podium=BIG,
        standings="hidden",
        streak_bonus=True,
        reading_seconds=BIG,
        untimed=True,
        long_prompts=True,
        tags=" ".join(TAGS),
        difficulty="medium",
        thread=True,
        teams=4,
    )
    for settings in (widest, GuildSettings(guild_id=1)):
        for changed in (True, False):
            check_embed(boards.settings_embed(settings, changed))
    check_embed(boards.settings_embed(GuildSettings(guild_id=1, mode="other", standings="other"), True))


# Reported questions.


def _flagged(count: int) -> list[tuple[FlaggedQuestion, Deck | None]]:
    reasons = tuple((reason, BIG) for reason in FLAG_REASONS)
    shown: list[tuple[FlaggedQuestion, Deck | None]] = []
    for i in range(count):
        deck = (LONGEST, GUILD_DECK, None)[i % 3]
        line = FlaggedQuestion(
            deck_id=DECK_ID,
            question_id=LONGEST.questions[i % 40].id,
            members=BIG,
            reasons=reasons,
            notes=tuple("n" * flag_views.NOTE_LENGTH for _ in range(5)),
            first_at=NOW,
        )
        shown.append((line, deck))
    return shown


def test_flags() -> None:
    for count in (0, 1, flag_views.FLAG_LINES, 100):
        shown = _flagged(count)
        check_embed(flag_views.flags_embed(shown))
        check_view(flag_views.flags_view([line for line, _deck in shown]))
    form = Form.of(custom_ids.REPORT_FORM.pattern, _submit)
    check_modal(flag_views.report_form(form, DECK_ID, QUESTION_ID))
    check_view(_view(flag_views.report_button(DECK_ID, QUESTION_ID)))


async def _submit(*_args: object) -> None:
    return None


# A server's own decks: suggestions, deletion, imports.


def test_suggestions_and_delete() -> None:
    question = LONGEST.questions[0]
    choice = {"prompt": question.prompt, "choices": list(question.choices), "explanation": EXPLANATION}
    text = {"prompt": TEXT_PROMPT, "type": "text", "answers": [ANSWER] * 50, "explanation": EXPLANATION}
    for fields in (choice, text):
        record = SuggestionRecord(USER, USER, DECK_ID, USER, json.dumps(fields), "pending", NOW)
        check_embed(deck_views.suggestion_embed(record, BIG))
        edit = Form.of(custom_ids.EDIT_SUGGESTION_FORM.pattern, _submit)
        check_modal(deck_views.suggestion_form(edit, DECK_ID, suggestion_id=BIG, fields=fields))
    suggest = Form.of(custom_ids.SUGGEST_FORM.pattern, _submit)
    check_modal(deck_views.suggestion_form(suggest, DECK_ID))
    check_view(deck_views.review_view(ROUND_ID))
    check_view(deck_views.delete_view(DECK_ID))
    # Make a question from this: the select of a server's decks, and the form filled from a long message.
    check_view(deck_views.note_deck_view(USER, [GUILD_DECK] * 30))
    text = "Why " + "W" * 5000 + "? " + "E" * 4000
    draft = draft_from(text, deck_views.PROMPT_ROOM, deck_views.EXPLANATION_ROOM)
    assert draft is not None and draft.clipped
    filled = {"prompt": draft.prompt, "explanation": draft.explanation}
    check_modal(deck_views.suggestion_form(suggest, DECK_ID, fields=filled))


def _bad_csv(good: int, bad: int, header: bool) -> bytes:
    """Rows of a spreadsheet, `bad` of them without a question (each a problem), within 1 MiB."""
    rows = ["question,answer,wrong,wrong,wrong"] if header else []
    rows += [f"{'P' * 60} {i},{'A' * 30},{'W' * 30},x{i},y{i}" for i in range(good)]
    rows += [f",{'A' * 30} {i},{'W' * 30},x,y" for i in range(bad)]
    return ("\n".join(rows) + "\n").encode()


@functools.cache
def _outcomes() -> list[ImportOutcome]:
    """Made once, when first asked, not at import: collecting the suite (in every xdist worker) need not
    import 50,000 rows; the reports are then checked in each language."""
    source = "S" * 200 + ".csv"
    found = []
    for good, bad in ((3000, 2000), (10, 4990), (0, 5000)):
        for keep in (True, False):
            data = _bad_csv(good, bad, header=True)
            found.append(import_file(data, source, deck_id=DECK_ID, title=TITLE, keep_valid=keep))
            found.append(
                import_file(
                    _bad_csv(good, bad, header=False),
                    source,
                    deck_id=DECK_ID,
                    title=TITLE,
                    keep_valid=keep,
                    columns=("question", "answer", "wrong", "wrong", "wrong"),
                )
            )
    found.append(import_file(b"\x00" * 100, source, deck_id=DECK_ID))
    for corpus in sorted((ROOT / "tests" / "corpus").iterdir()):
        if corpus.suffix != ".md" or corpus.name != "README.md":
            found.append(import_file(corpus.read_bytes(), corpus.name, deck_id=DECK_ID, title=TITLE))
    return found


def test_import_reports() -> None:
    outcomes = _outcomes()
    assert any(outcome.problems for outcome in outcomes)
    assert any(outcome.kept is not None for outcome in outcomes)
    for outcome in outcomes:
        for replaced in (True, False):
            check_message(import_report.report_message(outcome, DECK_ID, replaced=replaced))
    for role in ROLES:
        select = import_report.column_select(DECK_ID, import_report.MAX_COLUMN_SELECTS - 1, "L" * 500, role)
        check_view(_view(select))


# The question of the day and assignments.


def test_qotd() -> None:
    for question in _questions():  # every kind: the calendar asks them all (bot/calendar/kinds.py)
        order = _order(question)
        check_embed(qotd.qotd_embed(question, order, TODAY, NOW, TITLE))
        counts = [BIG] * max(1, len(order))
        check_embed(qotd.qotd_reveal_embed(question, order, TODAY, counts, BIG, TITLE, answered=BIG))
    lines = [QotdBoardLine(BIG - i, USER - i, BIG, BIG) for i in range(25)]
    streaks = {line.user_id: Streak(BIG, BIG) for line in lines}
    mine = "Y" * 200
    check_embed(qotd.qotd_board_embed(lines, streaks, BIG, mine))
    check_embed(qotd.qotd_board_embed([], {}, 0, None))
    channel = USER
    for text in (
        qotd.locked_in("E", BIG, "<t:99999999999:R>"),
        qotd.qotd_set(TITLE, "23:59", "America/Argentina/ComodRivadavia", NOW),
        qotd.status_next(TITLE, channel, "23:59", "America/Argentina/ComodRivadavia", NOW),
        qotd.status_latest(TODAY, BIG, NOW, NOW),
        qotd.status_latest(TODAY, BIG, None, NOW),
        *qotd.questions_left(BIG, BIG, few=True),
    ):
        check_content(text)


def test_qotd_cards() -> None:
    """The day's question and its reveal as their messages send them, classic and as Components V2 cards
    (40 components, 4,000 characters)."""
    for question in _questions():
        _check_qotd_messages(question, _order(question))


def _check_qotd_messages(question: Question, order: tuple[int, ...]) -> None:
    day = QotdDay(USER, 99991231, USER, DECK_ID, QUESTION_ID, BIG, USER, NOW, NOW)
    shown = Shown(day, question, order, TITLE)
    counts = [BIG] * max(1, len(order))
    for cards in (False, True):
        check_message(question_message(shown, cards=cards))
        check_message(reveal_message(shown, counts, BIG, BIG, cards=cards))


def test_assignment_cards() -> None:
    for closed in (True, False):
        progress = Progress(BIG, BIG, BIG, NOW, closed)
        for late in ("allow", "refuse"):
            questions = (QUESTION_ID,) * 50
            record = AssignmentRecord(
                BIG, USER, USER, USER, DECK_ID, questions, BIG, NOW, BIG, late, USER, NOW, None
            )
            for cards in (False, True):
                check_message(assignment_message(record, TITLE, progress, cards=cards))


def test_attempt_cards() -> None:
    """A member's attempt as its messages send it, classic and as one card: the question alone, then its
    feedback with the next question or the summary (all in 4,000 characters and 40 components)."""
    attempt = AttemptRecord(BIG, BIG, USER, 1, NOW, None)  # attempts left: the summary's longest
    record = AssignmentRecord(
        BIG, USER, USER, USER, DECK_ID, (QUESTION_ID,) * 50, BIG, NOW, MOST_ATTEMPTS, "allow", USER, NOW, None
    )
    mine = MemberResult(USER, BIG, BIG, BIG, NOW, NOW, BIG, True)
    summary = summary_embed(Finished(record, attempt, BIG, True, mine))
    for question in _questions():
        order = _order(question)
        embed, view = attempt_question(Asking(record, attempt, 49, question, order))
        feedback = assignment_ui.feedback_embed(question, order, "Y" * 200, False)
        for cards in (False, True):
            check_message(attempt_screen([embed], view, TITLE, cards=cards))
            check_message(attempt_screen([feedback, embed], view, TITLE, cards=cards))
            check_message(attempt_screen([feedback, summary], None, TITLE, cards=cards))


def test_assignments() -> None:
    for closed in (True, False):
        progress = assignment_ui.progress_line(BIG, BIG, NOW, closed)
        for late in ("allow", "refuse"):
            check_embed(assignment_ui.assignment_embed(BIG, TITLE, BIG, BIG, late, progress))
    for question in _questions():
        order = _order(question)
        check_embed(assignment_ui.assignment_question_embed(BIG, question, order, BIG - 1, BIG))
        for right in (True, False):  # what the member said back: at most a typed answer's 200 characters
            check_embed(assignment_ui.feedback_embed(question, order, "Y" * 200, right))
    for marked_late in (True, False):
        check_embed(assignment_ui.attempt_summary_embed(BIG, BIG, BIG, 1, BIG, marked_late))
    members = [
        MemberResult(USER - i, BIG, BIG, BIG, NOW, NOW if i % 2 else None, BIG, i % 3 == 0)
        for i in range(500)
    ]
    results = [QuestionResult(i, QUESTION_ID, BIG, BIG, 0) for i in range(100)]
    prompts = ["P" * 4000] * 100
    wrong = [CHOICE if i % 2 else None for i in range(100)]
    check_embed(assignment_ui.results_embed(BIG, BIG, members, results, prompts, wrong))
    check_embed(assignment_ui.results_embed(BIG, 0, [], [], [], []))
    for text in (
        assignment_ui.was_due(NOW),
        assignment_ui.attempts_used(BIG),
        assignment_ui.posted(BIG, BIG, NOW),
        assignment_ui.too_few_questions(TITLE, BIG),
    ):
        check_content(text)


# Decks: their profile line (/about), a member's mistakes as a deck, the editor's preview.


def test_deck_profile_and_desks() -> None:
    for deck in ALL_DECKS:
        # /about lists each deck with its profile under its title (an embed field value).
        assert len(profile_line(deck)) <= FIELD_VALUE
    for key in (QOTD_DESK, ASSIGNMENT_DESK, CALENDAR_DESK, IMPORT_DESK):
        check_content(unavailable(key))


def test_mistakes_deck_stays_a_valid_deck() -> None:
    misses = [(q, Misses(q.id, BIG, BIG)) for q in LONGEST.questions]
    made = mistakes.mistakes_deck(LONGEST, misses, NOW)
    assert len(made.title) <= bank_limits.MAX_DECK_TITLE_LENGTH
    assert len(made.description) <= bank_limits.MAX_DECK_DESCRIPTION_LENGTH
    assert len(made.id) <= bank_limits.MAX_DECK_ID_LENGTH
    check_choice_name_of(made.title)


def check_choice_name_of(title: str) -> None:
    """A deck's title is offered as an autocomplete choice (100)."""
    assert 1 <= len(title) <= CHOICE_NAME


@pytest.mark.parametrize("question", _questions(), ids=lambda q: q.id)
def test_editor_preview(question: Question) -> None:
    for lang in (None, *TRANSLATED_TO):
        shown = preview.preview(question, LONGEST, NOW, lang=lang)
        for message in (shown.question, shown.reveal):
            check_embeds([embed_of(message.embed)])
            assert len(message.buttons) <= 25
            for button in message.buttons:
                assert len(button.label) <= BUTTON_LABEL, button.label


def test_text_helpers() -> None:
    assert len(seconds_text(BIG)) < 40
    assert len(percent(BIG, BIG)) < 10
    for code in (*TRANSLATED_TO, "en", "x" * 10):
        assert len(language_name(code)) <= 20


# The catalog as a whole: buttons' words fit a button; no translation runs away from its English.

LOCALES = ROOT / "bot" / "locales"


def _catalogs() -> list[tuple[Path, Catalog]]:
    found = []
    for path in sorted(LOCALES.glob("*.po")):
        with path.open("rb") as handle:
            found.append((path, read_po(handle, abort_invalid=True)))
    return found


def _forms(message: Message) -> list[tuple[str, str]]:
    """(English, translation) of each form: a plural's forms against its singular or plural English."""
    ids = [str(text) for text in (message.id if isinstance(message.id, (tuple, list)) else (message.id,))]
    strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
    return [(ids[0] if i == 0 else ids[-1], str(s)) for i, s in enumerate(strings) if s]


def test_button_translations_fit_a_button() -> None:
    offenders = []
    for path, catalog in _catalogs():
        for message in catalog:
            if not message.id or message.context != "button":
                continue
            for english, text in _forms(message):
                if len(text) > BUTTON_LABEL:
                    offenders.append(f"{path.name}:{message.lineno}: {english}")
    assert not offenders, "\n".join(offenders)


def test_no_runaway_translation() -> None:
    offenders = []
    for path, catalog in _catalogs():
        for message in catalog:
            if not message.id:
                continue
            for english, text in _forms(message):
                if len(text) > 3 * len(english) + 30:
                    offenders.append(f"{path.name}:{message.lineno}: {english}")
    assert not offenders, "\n".join(offenders)


# Order questions: the longest (eight items of the longest length, the longest prompt the validator lets
# them have) on the card, at the reveal, in practice, in the editor's preview and in its picker.

ORDER_ITEMS = tuple(f"{i}" + "M" * (bank_limits.MAX_CHOICE_LENGTH - 1) for i in range(8))
LONGEST_ORDER = Question(
    id=QUESTION_ID,
    kind=Kind.ORDER,
    prompt=_choice_prompt(8),
    choices=ORDER_ITEMS,
    explanation=EXPLANATION,
    tags=TAGS,
    suggested_by=USER,
    translations={lang: Translation(prompt="P" * 900, choices=ORDER_ITEMS) for lang in TRANSLATED_TO},
)


def test_order_question_card_reveal_practice_and_picker() -> None:
    question = LONGEST_ORDER
    test_round_question_and_reveal(question)
    test_practice(question)
    order = tuple(reversed(range(8)))
    wrong = replace(
        _reveal(question), top_wrong_order=(order, BIG), blanks_right=(BIG,) * 8, right_slots=frozenset()
    )
    check_embed(
        round_ui.reveal_embed(
            RevealCard(
                ROUND_ID, BIG - 1, BIG, question, order, wrong, TITLE, True, (), (), (DECK_ID, QUESTION_ID)
            )
        )
    )
    share = Fraction(7, 8)
    for tags in (answers.ROUND_TAGS, answers.PRACTICE_TAGS):
        check_view(_view(*answers.answer_buttons(tags, ROUND_ID, 49, question, order)))
        form = answer_form("Q" * 100, question, order, 60.0)
        for so_far in ((), (3,), tuple(range(7)), tuple(range(8))):
            shown = picker_message(tags.typed, ROUND_ID, 49, form, so_far)
            check_embed(shown["embed"])
            check_view(shown["view"])
    feedback = practice.feedback_embed(
        question, order, right=False, right_slots=frozenset(), chosen=None, typed=None, index=BIG - 1,
        total=BIG, next_due=NOW, picked=order, share=share,
    )  # fmt: skip
    check_embed(feedback)
    test_editor_preview(question)
    _check_qotd_messages(question, order)  # the day's question lists all eight items
