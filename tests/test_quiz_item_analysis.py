"""Item analysis on a small table worked out by hand: difficulty, point-biserial, 27% groups, choices."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from bot.quiz.item_analysis import ItemQuestion, analyse, point_biserial


@dataclass(frozen=True)
class Try:
    user_id: int
    question_id: str
    correct: bool
    choice: int | None


# Ten members (1 strongest ... 10 weakest) and four questions of four choices, the key at choice 0.
# 1 = right on the first try.
#
#   member  q1 q2 q3 q4   total
#     1      1  1  1  1     4
#     2      1  1  1  1     4
#     3      1  1  1  1     4
#     4      1  1  0  1     3
#     5      1  1  0  1     3
#     6      1  0  0  1     2
#     7      0  0  1  1     2
#     8      0  1  1  0     2
#     9      0  0  1  0     1
#    10      0  1  0  0     1
TABLE = {
    1: (1, 1, 1, 1),
    2: (1, 1, 1, 1),
    3: (1, 1, 1, 1),
    4: (1, 1, 0, 1),
    5: (1, 1, 0, 1),
    6: (1, 0, 0, 1),
    7: (0, 0, 1, 1),
    8: (0, 1, 1, 0),
    9: (0, 0, 1, 0),
    10: (0, 1, 0, 0),
}
# The wrong choice each member picked where they were wrong (question, member): choice.
WRONG_CHOICES = {
    ("q1", 7): 2,
    ("q1", 8): 1,
    ("q1", 9): 1,
    ("q1", 10): 3,
    ("q2", 6): 1,
    ("q2", 7): 1,
    ("q2", 9): 2,
}
QUESTIONS = [ItemQuestion(f"q{n}", 4, frozenset({0})) for n in (1, 2, 3, 4)]


def table_tries() -> list[Try]:
    tries = []
    for user, row in TABLE.items():
        for n, right in enumerate(row, start=1):
            qid = f"q{n}"
            choice = 0 if right else WRONG_CHOICES.get((qid, user), 3)
            tries.append(Try(user, qid, bool(right), choice))
    return tries


def by_id(figures: list) -> dict:
    return {f.question_id: f for f in figures}


def test_a_good_question_q1() -> None:
    q1 = by_id(analyse(QUESTIONS, table_tries()))["q1"]
    # Difficulty: members 1-6 right of 10 = 0.6.
    assert (q1.members, q1.right, q1.scored) == (10, 6, 10)
    assert q1.difficulty == pytest.approx(0.6)
    # Rest score = share right of q2, q3, q4: members 1-3: 3/3 = 1; 4, 5: 2/3; 6: 1/3; 7: 2/3; 8: 2/3;
    # 9: 1/3; 10: 1/3.
    # Right (1-6): 1 + 1 + 1 + 2/3 + 2/3 + 1/3 = 14/3, M1 = 14/3 / 6 = 7/9.
    # Wrong (7-10): 2/3 + 2/3 + 1/3 + 1/3 = 2, M0 = 2 / 4 = 1/2.
    # Mean = (14/3 + 2) / 10 = 2/3; deviations +1/3 (1-3), 0 (4, 5, 7, 8), -1/3 (6, 9, 10):
    # variance = 6 × 1/9 / 10 = 1/15, s = √(1/15) = 0.258199.
    # r = (7/9 − 1/2) / 0.258199 × √(0.6 × 0.4) = 0.277778 / 0.258199 × 0.489898 = 0.527046.
    assert q1.discrimination == pytest.approx(0.527046, abs=1e-6)
    assert not q1.weak
    # Groups: round(0.27 × 10) = 3. Strongest by rest score: 1, 2, 3 (rest 1); weakest: 6, 9, 10 (1/3).
    # Right among the strongest 3/3, among the weakest 1/3 (member 6): index = 1 − 1/3 = 0.666667.
    assert q1.group_size == 3
    assert q1.upper_lower == pytest.approx(2 / 3)
    # Choices: 0 (the key) 6/10; 1 by members 8, 9: 2/10; 2 by 7: 1/10; 3 by 10: 1/10.
    # Strongest: all chose 0. Weakest (6, 9, 10): 0, 1, 3 once each.
    shares = [(c.choice, c.right, c.overall, c.strongest, c.weakest) for c in q1.choices]
    assert shares == [
        (0, True, pytest.approx(0.6), pytest.approx(1.0), pytest.approx(1 / 3)),
        (1, False, pytest.approx(0.2), pytest.approx(0.0), pytest.approx(1 / 3)),
        (2, False, pytest.approx(0.1), pytest.approx(0.0), pytest.approx(0.0)),
        (3, False, pytest.approx(0.1), pytest.approx(0.0), pytest.approx(1 / 3)),
    ]
    assert not any(c.draws_the_strong for c in q1.choices)


def test_a_question_that_barely_discriminates_q2_is_marked() -> None:
    q2 = by_id(analyse(QUESTIONS, table_tries()))["q2"]
    # Right: 1-5, 8, 10 = 7 of 10.
    assert q2.difficulty == pytest.approx(0.7)
    # Rest score = share right of q1, q3, q4: 1-3: 1; 4: 2/3; 5: 2/3; 6: 2/3; 7: 2/3; 8: 1/3; 9: 1/3; 10: 0.
    # Right (1-5, 8, 10): 3 + 4/3 + 1/3 + 0 = 14/3, M1 = 14/3 / 7 = 2/3.
    # Wrong (6, 7, 9): 2/3 + 2/3 + 1/3 = 5/3, M0 = 5/9.
    # Mean = (14/3 + 5/3) / 10 = 19/30. Squared deviations in 900ths: 11² × 3 = 363, 1² × 4 = 4,
    # 9² × 2 = 162, 19² = 361: 890/900 / 10 = 89/900, s = √89 / 30 = 0.314466.
    # r = (2/3 − 5/9) / 0.314466 × √(0.7 × 0.3) = 0.111111 / 0.314466 × 0.458258 = 0.161918.
    assert q2.discrimination == pytest.approx(0.161918, abs=1e-6)
    assert q2.weak  # positive, but under 0.2
    # Strongest 1, 2, 3 (rest 1), all right; weakest 8, 9, 10 (1/3, 1/3, 0): 8 and 10 right = 2/3.
    assert q2.upper_lower == pytest.approx(1 - 2 / 3)
    # Choice 1: members 6 and 7 = 2/10; choice 2: member 9 = 1/10, and 1/3 of the weakest.
    assert q2.choices[1].overall == pytest.approx(0.2)
    assert (q2.choices[2].overall, q2.choices[2].weakest) == (pytest.approx(0.1), pytest.approx(1 / 3))


def test_a_question_the_weak_get_right_q3_is_marked_negative() -> None:
    q3 = by_id(analyse(QUESTIONS, table_tries()))["q3"]
    # Right: 1, 2, 3, 7, 8, 9 = 6 of 10.
    assert q3.difficulty == pytest.approx(0.6)
    # Rest score = share right of q1, q2, q4: 1-5: 1; 6: 2/3; 7: 1/3; 8: 1/3; 9: 0; 10: 1/3.
    # Right (1, 2, 3, 7, 8, 9): 3 + 1/3 + 1/3 + 0 = 11/3, M1 = 11/18. Wrong (4, 5, 6, 10): 1 + 1 + 2/3 + 1/3
    # = 3, M0 = 3/4. Mean = (11/3 + 3) / 10 = 2/3. Squared deviations: (1/3)² × 5 + 0 + (1/3)² × 3
    # + (2/3)² = 5/9 + 3/9 + 4/9 = 4/3; variance 4/30 = 2/15, s = 0.365148.
    # r = (11/18 − 3/4) / 0.365148 × √0.24 = −0.138889 / 0.365148 × 0.489898 = −0.186339.
    assert q3.discrimination == pytest.approx(-0.186339, abs=1e-6)
    assert q3.weak


def test_fewer_than_ten_members_is_not_enough_answers_yet() -> None:
    tries = [t for t in table_tries() if t.user_id != 10]
    q1 = by_id(analyse(QUESTIONS, tries))["q1"]
    # Nine members answered: members and right are counted, no figure is given.
    assert (q1.members, q1.right) == (9, 6)
    assert (q1.difficulty, q1.discrimination, q1.upper_lower, q1.choices) == (None, None, None, ())
    assert not q1.enough
    assert not q1.weak


def test_only_the_first_try_counts_and_unknown_questions_are_ignored() -> None:
    tries = table_tries()
    # Member 10 comes back to q1 and gets it right; and answered a question the deck no longer has.
    again = [Try(10, "q1", True, 0), Try(10, "gone", True, 0)]
    q1 = by_id(analyse(QUESTIONS, tries + again))
    assert set(q1) == {"q1", "q2", "q3", "q4"}
    assert q1["q1"].right == 6


def test_a_member_with_no_other_answer_counts_in_difficulty_only() -> None:
    # Member 11 answered only q1, wrongly: 6 right of 11; discrimination still over the ten scored,
    # so it is the 0.527046 of the full table.
    tries = [*table_tries(), Try(11, "q1", False, 1)]
    q1 = by_id(analyse(QUESTIONS, tries))["q1"]
    assert (q1.members, q1.right, q1.scored) == (11, 6, 10)
    assert q1.difficulty == pytest.approx(6 / 11)
    assert q1.discrimination == pytest.approx(0.527046, abs=1e-6)
    # Choice 1: members 8, 9, 11 = 3/11 overall.
    assert q1.choices[1].overall == pytest.approx(3 / 11)


def test_everyone_right_has_no_discrimination_and_is_not_marked() -> None:
    tries = [Try(user, qid, True, 0) for user in range(1, 11) for qid in ("q1", "q2")]
    figures = analyse(QUESTIONS[:2], tries)
    assert figures[0].difficulty == 1.0
    assert figures[0].discrimination is None
    assert not figures[0].weak


def test_a_wrong_choice_the_strongest_prefer_is_pointed_at() -> None:
    # Ten members; q2 is a filler question whose results rank them: members 1-3 right, 4-10 wrong.
    # On q1, members 1-3 chose 2 (wrong), 4-7 chose 0 (the key), 8-10 chose 1.
    tries = []
    for user in range(1, 11):
        tries.append(Try(user, "q2", user <= 3, 0 if user <= 3 else 1))
        choice = 2 if user <= 3 else 0 if user <= 7 else 1
        tries.append(Try(user, "q1", choice == 0, choice))
    q1 = analyse(QUESTIONS[:2], tries)[0]
    # Strongest (rest 1): 1, 2, 3, all on choice 2; weakest (rest 0, ties by id): 8, 9, 10, on choice 1.
    assert [c.draws_the_strong for c in q1.choices] == [False, False, True, False]
    # Right: 4-7 of 10 = 0.4; none of the strongest are right: the index is 0 − 0 = 0.
    assert q1.difficulty == pytest.approx(0.4)
    assert q1.upper_lower == pytest.approx(0.0)


def test_point_biserial_formula_on_three_values() -> None:
    # right = [1, 0, 1], scores = [3, 1, 2]: M1 = 2.5, M0 = 1, mean 2, s = √(2/3) = 0.816497,
    # p = 2/3: r = 1.5 / 0.816497 × √(2/9) = 1.837117 × 0.471405 = 0.866025 (= √3 / 2).
    assert point_biserial([True, False, True], [3, 1, 2]) == pytest.approx(math.sqrt(3) / 2)
    assert point_biserial([True, True], [1, 2]) is None
    assert point_biserial([True, False], [1, 1]) is None
