"""Store contract: versions of questions as asked (question_versions), what rounds, assignments and days of
the question of the day name, and first tries kept per version as the answers are written."""

from __future__ import annotations

from datetime import timedelta

from bot.store import FirstTry, GivenVersions, NewAssignment, NewRound, QotdDay, Store, VersionRecord
from tests.store_contract.builders import T0, answer, start

V1 = ("a" * 64, '{"prompt":"one"}')
V2 = ("b" * 64, '{"prompt":"two"}')
V3 = ("c" * 64, '{"prompt":"three"}')


async def versioned_round(store: Store, digests: tuple[tuple[str, str], ...], *, at=T0):  # type: ignore[no-untyped-def]
    return await store.start_round(
        NewRound(
            guild_id=1,
            channel_id=int(at.timestamp()),
            deck_id="bio",
            started_by=9,
            question_ids=("cell", "dna")[: len(digests)],
            seconds=20,
            mode="standard",
            seed=5,
            started_at=at,
            asked=digests,
        )
    )


async def test_a_version_is_kept_once_with_its_first_sighting(store: Store) -> None:
    await store.keep_versions([V1], T0)
    await store.keep_versions([V1, V2], T0 + timedelta(days=3))
    kept = await store.question_versions([V1[0], V2[0], V3[0]])
    assert kept == {
        V1[0]: VersionRecord(V1[0], V1[1], T0),
        V2[0]: VersionRecord(V2[0], V2[1], T0 + timedelta(days=3)),
    }
    assert await store.question_versions([]) == {}


async def test_a_round_keeps_the_versions_it_starts_with_in_the_same_write(store: Store) -> None:
    record = await versioned_round(store, (V1, V2))
    assert record.versions == (V1[0], V2[0])
    assert (await store.get_round(record.id)).versions == (V1[0], V2[0])  # type: ignore[union-attr]
    assert set(await store.question_versions([V1[0], V2[0]])) == {V1[0], V2[0]}
    assert await store.rounds_without_versions() == []
    old = await start(store, deck="bio", questions=("cell", "dna"))  # as a round from before versions
    assert old.versions == ()
    assert [r.id for r in await store.rounds_without_versions()] == [old.id]
    await store.set_round_versions(GivenVersions([(old.id, [V3[0], None])], [V3], T0))
    assert (await store.get_round(old.id)).versions == (V3[0], None)  # type: ignore[union-attr]
    await store.set_round_versions(
        GivenVersions([(old.id, [V1[0], V1[0]])], [V1], T0)
    )  # given once: kept as it was
    assert (await store.get_round(old.id)).versions == (V3[0], None)  # type: ignore[union-attr]
    assert await store.rounds_without_versions() == []


async def test_first_tries_are_kept_per_version_and_a_second_try_is_ignored(store: Store) -> None:
    first = await versioned_round(store, (V1, V2))
    edited = await versioned_round(store, (V3, V2), at=T0 + timedelta(days=1))  # cell edited: V1 -> V3
    await store.record_answer(answer(first, 0, 7, right=False, choice=2, at=T0))
    await store.record_answer(answer(first, 1, 7, right=True, choice=1, at=T0 + timedelta(seconds=5)))
    # A later round: cell's new version is a first try again; dna's version is the same: a second try.
    await store.record_answer(answer(edited, 0, 7, right=True, choice=0, at=T0 + timedelta(days=1)))
    await store.record_answer(answer(edited, 1, 7, right=False, choice=0, at=T0 + timedelta(days=1)))
    await store.record_answer(answer(edited, 0, 5, right=True, choice=0, at=T0 + timedelta(days=1)))
    tries = await store.first_tries(1, "bio")
    assert tries == [
        FirstTry(7, "cell", False, 2, V1[0]),
        FirstTry(5, "cell", True, 0, V3[0]),
        FirstTry(7, "cell", True, 0, V3[0]),
        FirstTry(7, "dna", True, 1, V2[0]),
    ]


async def test_first_tries_from_before_versions_take_the_version_given_at_start(store: Store) -> None:
    old = await start(store, deck="bio", questions=("cell", "dna"))
    await store.record_answer(answer(old, 0, 7, right=True, choice=0, at=T0))
    await store.record_answer(answer(old, 1, 8, right=False, choice=1, at=T0))
    assert await store.first_tries(1, "bio") == [
        FirstTry(7, "cell", True, 0, ""),
        FirstTry(8, "dna", False, 1, ""),
    ]
    assert sorted(await store.unversioned_first_tries()) == [(1, "bio", "cell"), (1, "bio", "dna")]
    await store.version_first_tries(1, "bio", "cell", V1[0])
    assert await store.unversioned_first_tries() == [(1, "bio", "dna")]
    assert await store.first_tries(1, "bio") == [
        FirstTry(7, "cell", True, 0, V1[0]),
        FirstTry(8, "dna", False, 1, ""),
    ]


async def test_an_assignment_and_a_day_of_the_question_of_the_day_name_their_versions(store: Store) -> None:
    new = NewAssignment(1, 2, "bio", ("cell", "dna"), 3, T0 + timedelta(days=1), 1, "allow", 9, T0)
    assignment = await store.add_assignment(new)
    assert await store.assignment_versions(assignment.id) is None
    assert await store.assignments_without_versions() == [(assignment.id, 1, "bio", ("cell", "dna"))]
    await store.set_assignment_versions(GivenVersions([(assignment.id, [V1[0], None])], [V1], T0))
    assert await store.assignment_versions(assignment.id) == (V1[0], None)
    assert await store.assignments_without_versions() == []
    assert V1[0] in await store.question_versions([V1[0]])

    day = QotdDay(1, 20240515, 2, "bio", "cell", 4, None, T0, T0 + timedelta(hours=20))
    gone = QotdDay(1, 20240516, 2, "bio", "gone", 4, None, T0, T0 + timedelta(hours=20))
    assert await store.claim_qotd_day(day) and await store.claim_qotd_day(gone)
    assert await store.qotd_version(1, day.day) is None
    assert await store.qotd_days_without_version() == [
        (1, day.day, "bio", "cell"),
        (1, gone.day, "bio", "gone"),
    ]
    await store.set_qotd_version(1, day.day, V2, T0)
    await store.set_qotd_version(1, gone.day, None, T0)  # its question was gone: not asked about again
    await store.set_qotd_version(1, day.day, V3, T0)  # kept once
    assert await store.qotd_version(1, day.day) == V2[0]
    assert await store.qotd_version(1, gone.day) is None
    assert await store.qotd_days_without_version() == []
    assert (await store.question_versions([V2[0]]))[V2[0]].body == V2[1]


async def test_a_bulk_import_out_of_time_order_keeps_the_earliest_try(store: Store) -> None:
    rnd = await versioned_round(store, (V1,))
    later = answer(rnd, 0, 7, right=True, choice=0, at=T0 + timedelta(hours=1))
    earlier = answer(rnd, 0, 8, right=False, choice=1, at=T0)
    await store.import_answers([later, earlier])
    again = await versioned_round(store, (V1,), at=T0 + timedelta(days=1))
    # Member 7's answer in a later round was given before the import's (a copy of old history).
    await store.import_answers([answer(again, 0, 7, right=False, choice=2, at=T0 - timedelta(hours=1))])
    await store.record_answer(answer(again, 0, 8, right=True, choice=0, at=T0 + timedelta(days=1)))
    assert await store.first_tries(1, "bio") == [
        FirstTry(7, "cell", False, 2, V1[0]),
        FirstTry(8, "cell", False, 1, V1[0]),
    ]
