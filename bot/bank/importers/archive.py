"""An uploaded zip (an .xlsx workbook, a Canvas quiz export, an Anki package) checked before anything
in it is unpacked: every reader opens its zip here, and nowhere else.

The caps bound what a reader can be made to unpack: the number of entries, their declared sizes added
up, and how tightly a large entry is packed. zipfile never unpacks more than an entry declares, so the
declared sizes bound what is read afterwards. zipfile raises NotImplementedError, not BadZipFile, for
an entry needing a later version of the format, a packing method it lacks, or strong encryption; such a
zip is refused here as no zip, and so is an entry locked by a password, before a reader meets it.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import zipfile

# An .xlsx of a few thousand questions holds a dozen entries and unpacks to a few MiB, an Anki package
# of as many notes two or three; these leave room for styles, themes, media and a collection's history.
MAX_ENTRIES = 500
MAX_UNPACKED = 64 * 1024 * 1024
MAX_RATIO = 200  # for an entry over MAX_SMALL_ENTRY unpacked: a sheet's XML packs ten to fifty times
MAX_SMALL_ENTRY = 1024 * 1024
# The general purpose flag bits that make zipfile refuse to unpack an entry: a password (bit 0, a
# RuntimeError), compressed patched data (bit 5) and strong encryption (bit 6).
_UNREADABLE_FLAGS = 0x01 | 0x20 | 0x40


class ArchiveRefused(Exception):
    """The bytes are no zip (`bomb` False), or a zip that would unpack to far too much (`bomb` True)."""

    def __init__(self, *, bomb: bool) -> None:
        super().__init__("zip bomb" if bomb else "not a zip")  # i18n: not shown
        self.bomb = bomb


def zip_names(data: bytes) -> list[str]:
    """The names of a zip's entries, read from its directory alone; empty when the bytes are no zip."""
    import zipfile  # here: the bot loads it with the first zip uploaded, not at start

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return archive.namelist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError, NotImplementedError):
        return []


def checked_archive(data: bytes) -> zipfile.ZipFile:
    """The zip, open, once its entries and sizes are within the caps; ArchiveRefused otherwise."""
    import zipfile

    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        ValueError,
        OSError,
        EOFError,
        NotImplementedError,
    ) as exc:
        raise ArchiveRefused(bomb=False) from exc
    entries = archive.infolist()
    bomb = len(entries) > MAX_ENTRIES or sum(entry.file_size for entry in entries) > MAX_UNPACKED
    bomb = bomb or any(
        entry.file_size > MAX_SMALL_ENTRY and entry.file_size > MAX_RATIO * max(entry.compress_size, 1)
        for entry in entries
    )
    if bomb or not all(_readable(entry) for entry in entries):
        archive.close()
        raise ArchiveRefused(bomb=bomb)
    return archive


def _readable(entry: zipfile.ZipInfo) -> bool:
    """Whether zipfile can unpack the entry: a method it has (stored, deflate, bzip2, lzma), no lock."""
    import zipfile

    methods = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA)
    return entry.compress_type in methods and not entry.flag_bits & _UNREADABLE_FLAGS
