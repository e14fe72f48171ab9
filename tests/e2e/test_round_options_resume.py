"""A round with options resumes with them after a restart: in its thread, untimed, with its streaks."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.harness import wait_until
from tests.e2e.rounds import DECKS, click, is_revealed, right_letter, round_id_of, set_pause, start

DECK = DECKS["gradient-checkpointing"]


def open_in(world: World, number: int, *, besides: int = 0) -> object:
    thread = world.study.threads[0]
    return next(
        (
            m
            for m in world.fake.channel_messages(thread)
            if m.id != besides
            and f"Question {number} of 3" in m.text
            and any(not b.get("disabled") for b in m.buttons() if b.get("label") in tuple("ABCDE"))
        ),
        None,
    )


async def test_a_round_in_a_thread_with_streaks_and_no_timer_resumes_with_them(world: World) -> None:
    fake = world.fake
    alice, bongani = world.members[:2]
    async with world.running():
        await set_pause(world, 0)
        await start(
            world, world.general, world.moderator, questions=3, untimed=True, streaks=True, thread=True
        )
        thread = await wait_until(lambda: next(iter(world.study.threads), None), what="the thread")
        q1 = await wait_until(lambda: open_in(world, 1), what="question 1")
        for member in (alice, bongani):
            await click(world, q1, member, right_letter(q1, DECK))
        await click(world, q1, world.moderator, "Reveal (moderators)")
        await fake.wait_for_message(thread, is_revealed(1))
        q2 = await wait_until(lambda: open_in(world, 2), what="question 2")
        await click(world, q2, alice, right_letter(q2, DECK))  # Bongani has not answered: it waits
    async with world.running() as bot:
        await fake.wait_for_message(thread, lambda m: "resuming this round at question 2" in m.text)
        again = await wait_until(lambda: open_in(world, 2, besides=q2.id), what="question 2 re-posted")
        assert "No timer" in again.text
        await click(world, again, bongani, right_letter(again, DECK))  # everyone has answered: revealed
        await fake.wait_for_message(thread, lambda m: m.id == again.id and "— answer" in m.text)
        q3 = await wait_until(lambda: open_in(world, 3), what="question 3")
        await click(world, q3, alice, right_letter(q3, DECK))
        await click(world, q3, bongani, right_letter(q3, DECK))
        await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)  # in the parent too
        points = {
            (a.user_id, a.question_index): a.points for a in await bot.store.round_answers(round_id_of(q1))
        }
        assert [points[alice.id, i] for i in range(3)] == [100, 110, 120]
        assert [points[bongani.id, i] for i in range(3)] == [100, 110, 120]
