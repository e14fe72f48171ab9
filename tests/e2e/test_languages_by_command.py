"""A mixed-language group sets its languages the way it would, with commands, then plays and reads.

The moderator sets the server to Shona with /quiz settings language:sn; one member chooses Shona with
/preferences language:sn; another's Discord client is French; a third is English. The channel reads
Shona; each member's own replies, refusals and /stats read their language.
"""

from __future__ import annotations

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.rounds import DECKS, click, right_letter, set_pause, start, stats_of, wrong_letter
from tests.e2e.test_round_languages import shona_question

DECK = DECKS["gradient-checkpointing"]


async def test_languages_chosen_by_command_carry_a_round_and_each_members_replies(
    world: World, bot: BvunzoBot
) -> None:
    fake = world.fake
    world.clock.freeze()
    await set_pause(world, 0)
    french, shona, english = world.members[0], world.members[1], world.members[2]
    french.user.locale = "fr"

    said = await (await fake.slash(world.general, world.moderator, "quiz settings", language="sn")).response()
    assert said.ephemeral and "Channels here read Bvunzo in chiShona." in said.text
    assert (await bot.store.guild_settings(world.study.id)).language == "sn"
    said = await (await fake.slash(world.general, shona, "preferences", language="sn")).response()
    assert said.ephemeral and said.content == (
        "Bvunzo ichakupindura muchiShona uye icharatidza mibvunzo muchiShona kana dhekisi riine shanduro iyoyo."
    )

    # Refused politely, each in their own language (and the English member in English).
    for member, sentence in (
        (shona, "Hapana mutambo uri kuitika muchiteshi chino."),
        (french, "Aucune manche n’est en cours dans ce salon."),
        (english, "No round is running in this channel."),
    ):
        refused = await (await fake.slash(world.general, member, "quiz stop")).response()
        assert refused.ephemeral and refused.content == sentence

    await start(world, world.general, world.moderator, questions=1, seconds=20)
    question = await fake.wait_for_message(world.general, shona_question(1))
    right, wrong = right_letter(question, DECK), wrong_letter(question, DECK)
    assert await click(world, question, french, right) == f"Réponse enregistrée : {right}."
    assert await click(world, question, shona, wrong) == f"Mhinduro yako yanyorwa: {wrong}."
    assert await click(world, question, english, right) == f"Locked in: {right}."

    stop = await (await fake.slash(world.general, shona, "quiz stop")).response()
    assert stop.ephemeral and stop.content == (
        "Nhengo dzine Manage Server chete ndidzo dzinogona kumisa mutambo wakatangwa nemumwe munhu."
    )

    world.clock.advance(21)
    await fake.wait_for_message(world.general, shona_question(1, revealed=True))
    summary = await fake.wait_for_message(world.general, lambda m: "Mutambo wapera:" in m.text)
    assert "**Vakunda**" in summary.text

    mine = await stats_of(world, shona)
    assert "Nhamba — " in mine.text and "Mapoindi" in mine.text
    theirs = await stats_of(world, french)
    assert "Statistiques — " in theirs.text and "Cette semaine" in theirs.text
    plain = await stats_of(world, english)
    assert "Stats — " in plain.text and "This week" in plain.text

    # Back to English for the channel: the next round's frame speaks English again.
    said = await (await fake.slash(world.general, world.moderator, "quiz settings", language="en")).response()
    assert "Channels here read Bvunzo in English." in said.text
    await start(world, world.general, world.moderator, questions=1, seconds=20)
    await fake.wait_for_message(world.general, lambda m: "Question 1 of 1" in m.text)
