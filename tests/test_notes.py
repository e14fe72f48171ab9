"""A message's text read as a question to suggest: the first sentence, the rest, and what fits the form."""

from __future__ import annotations

import pytest

from bot.bank.notes import Draft, draft_from, split_first_sentence


@pytest.mark.parametrize(
    ("text", "prompt", "rest"),
    [
        (
            "What does the mitochondrion make? It makes ATP. Cells need it.",
            "What does the mitochondrion make?",
            "It makes ATP. Cells need it.",
        ),
        (
            "Guta guru reZimbabwe ndeupi? Harare ndiro guta guru. Rakavambwa muna 1890.",
            "Guta guru reZimbabwe ndeupi?",
            "Harare ndiro guta guru. Rakavambwa muna 1890.",
        ),
        (
            "Mvura inovira pa100°C pagungwa. Pamusoro pemakomo inovira pasi paizvozvo.",
            "Mvura inovira pa100°C pagungwa.",
            "Pamusoro pemakomo inovira pasi paizvozvo.",
        ),
        (
            "Photosynthesis needs light!\nIt happens in chloroplasts",
            "Photosynthesis needs light!",
            "It happens in chloroplasts",
        ),
        (
            "Nyika ine matunhu gumi\nManicaland iri kumabvazuva",
            "Nyika ine matunhu gumi",
            "Manicaland iri kumabvazuva",
        ),
        ("no punctuation at all in this note", "no punctuation at all in this note", ""),
        (
            "See https://example.org/cells.html for the diagram. The nucleus holds DNA.",
            "See https://example.org/cells.html for the diagram.",
            "The nucleus holds DNA.",
        ),
        (
            "Organelles, e.g. the nucleus, have membranes. Ribosomes do not.",
            "Organelles, e.g. the nucleus, have membranes.",
            "Ribosomes do not.",
        ),
        (
            "Pi is about 3.14 in most sums. Use 22/7 by hand.",
            "Pi is about 3.14 in most sums.",
            "Use 22/7 by hand.",
        ),
        ("Really?! Yes.", "Really?!", "Yes."),
        ('He said "stop." Then he left.', 'He said "stop."', "Then he left."),
        ("  \n  Who wrote Nehanda?  \n\n  Yvonne Vera.  ", "Who wrote Nehanda?", "Yvonne Vera."),
    ],
)
def test_the_first_sentence_is_the_prompt_and_the_rest_the_explanation(
    text: str, prompt: str, rest: str
) -> None:
    assert split_first_sentence(text) == (prompt, rest)


def test_an_empty_message_gives_no_draft() -> None:
    assert draft_from("", 100, 100) is None
    assert draft_from("  \n ", 100, 100) is None


def test_a_text_that_fits_is_kept_whole() -> None:
    assert draft_from("Chii chinonzi photosynthesis? Kugadzira chikafu nechiedza.", 100, 100) == Draft(
        "Chii chinonzi photosynthesis?", "Kugadzira chikafu nechiedza.", clipped=False
    )


def test_a_text_too_long_is_cut_at_a_word_and_said_so() -> None:
    draft = draft_from(
        "The quick brown fox jumps over the lazy dog. It was tired after the long run.", 20, 16
    )
    assert draft == Draft("The quick brown fox…", "It was tired…", clipped=True)
    assert len(draft.prompt) <= 20 and len(draft.explanation) <= 16
