"""Canvas quiz exports: a zip of `imsmanifest.xml` and one QTI 1.2 document per quiz, or one such document.

The zip is checked as a workbook's is (bot/bank/importers/archive.py) before any entry is unpacked.
Canvas also writes each quiz's settings (`assessment_meta.xml`) and a copy of it for its own importer
(`non_cc_assessments/*.xml.qti`): neither is read, so no question comes twice.
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING

from bot.bank import part_sizes
from bot.bank.importers.archive import ArchiveRefused, checked_archive, zip_names
from bot.bank.importers.drafts import DeckDraft, too_many
from bot.bank.importers.moodle_drafts import add_items
from bot.bank.importers.qti import Assessment, looks_like_qti, parse_qti
from bot.bank.part_sizes import MAX_EXPORT_BYTES, size_problem
from bot.bank.problems import DeckError, Problem
from bot.locales import _, n_

if TYPE_CHECKING:
    import zipfile

MANIFEST = "imsmanifest.xml"
_SETTINGS = "assessment_meta.xml"
# The XML read from one export, all quizzes together: a quiz of a hundred questions is some 300 KiB.
MAX_XML = 16 * 1024 * 1024


def is_qti_package(data: bytes) -> bool:
    """Whether the bytes are a zip with `imsmanifest.xml` at its top, as every Canvas export is."""
    return any(name.lower() == MANIFEST for name in zip_names(data))


def read_qti(text: str, source: str) -> DeckDraft:
    """One QTI document given as it is (not zipped)."""
    return _drafted([(source, parse_qti(text, source))], source)


def read_qti_package(data: bytes, source: str) -> DeckDraft:
    """Every quiz of a zipped export, as one deck named after the first; DeckError in one sentence when
    the zip is too large, a zip bomb, or holds no quiz."""
    problem = size_problem(len(data), source, MAX_EXPORT_BYTES)
    if problem is not None:
        raise DeckError([problem])
    try:
        archive = checked_archive(data)
    except ArchiveRefused as exc:
        raise (_bomb(source) if exc.bomb else _broken(source)) from exc
    with archive:
        entries = [e for e in archive.infolist() if _is_quiz_entry(e)]
        if sum(entry.file_size for entry in entries) > MAX_XML:
            raise _bomb(source)
        texts = _texts(archive, entries, source)
    found = [(where, parse_qti(text, where)) for where, text in texts]
    if not found:
        raise DeckError(
            [
                Problem(
                    source,
                    0,
                    _(
                        "the zip holds no quiz: none of its XML files is a QTI `<questestinterop>`; export the "
                        "quiz from Canvas (Settings, Export Course Content, Quiz)"
                    ),
                )
            ]
        )
    return _drafted(found, source)


def _is_quiz_entry(entry: zipfile.ZipInfo) -> bool:
    name = entry.filename.lower()
    return not entry.is_dir() and name.endswith(".xml") and name != MANIFEST and not name.endswith(_SETTINGS)


def _texts(archive: zipfile.ZipFile, entries: list[zipfile.ZipInfo], source: str) -> list[tuple[str, str]]:
    """Each entry that opens as QTI, as text, named `upload.zip/folder/quiz.xml` for its problems."""
    import zipfile

    texts = []
    try:
        for entry in entries:
            text = archive.read(entry).decode("utf-8-sig", "replace")
            if looks_like_qti(text):
                texts.append((f"{source}/{entry.filename}", text))
    except (
        zipfile.BadZipFile,
        zlib.error,
        NotImplementedError,
        RuntimeError,
        ValueError,
        OSError,
        EOFError,
    ) as exc:
        raise _broken(source) from exc  # a damaged, encrypted or oddly packed entry
    return texts


def _drafted(found: list[tuple[str, Assessment]], source: str) -> DeckDraft:
    """The quizzes' items drafted in order, each problem named by the file it is in."""
    count = sum(len(a.read.items) + len(a.read.broken) for _where, a in found)
    if count > part_sizes.MAX_QUESTIONS_PER_DECK:
        raise too_many(source, count)
    draft = DeckDraft(source, title=next((a.title for _where, a in found if a.title), ""))
    for where, assessment in found:
        part = add_items(DeckDraft(where), assessment.read)
        draft.questions += part.questions
        draft.left_out += part.left_out
        draft.set_aside += part.set_aside
    if len(found) > 1:
        draft.note(
            0,
            n_(
                "the export holds {n} quiz; its questions were read into one deck",
                "the export holds {n} quizzes; their questions were read into one deck, named after the first",
                len(found),
                n=len(found),
            ),
        )
    return draft


def _bomb(source: str) -> DeckError:
    reason = _(
        "the zip unpacks to far more than a quiz export holds (a zip bomb?), so it was not opened; export the "
        "quiz from Canvas again"
    )
    return DeckError([Problem(source, 0, reason)])


def _broken(source: str) -> DeckError:
    reason = _("the file is not a zip Bvunzo can open; export the quiz from Canvas again, or upload its .xml")
    return DeckError([Problem(source, 0, reason)])
