"""A question's `image:`: an https URL, a PNG, JPEG, GIF or WebP file beside its deck, within Discord's
upload limit, or a picture uploaded for a server's deck (`picture:NAME`, bot/bank/pictures.py)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from bot.bank.pictures import PICTURE_PREFIX, picture_name
from bot.locales import _, fixed

# Discord's upload limit for a server without boosts: 10 MiB (the API docs' "Uploading Files"; it was
# 25 MiB for a while before 2024-09, and we keep to the lower so an image posts in every server).
MAX_IMAGE_BYTES = 10 * 1024 * 1024
MAX_IMAGE_REFERENCE = 500  # characters of a path or URL
# Extension → (the type's name, how its files begin).
IMAGE_TYPES: dict[str, tuple[str, tuple[bytes, ...]]] = {
    ".png": ("PNG", (b"\x89PNG\r\n\x1a\n",)),
    ".jpg": ("JPEG", (b"\xff\xd8\xff",)),
    ".jpeg": ("JPEG", (b"\xff\xd8\xff",)),
    ".gif": ("GIF", (b"GIF87a", b"GIF89a")),
    ".webp": ("WebP", (b"RIFF",)),  # and "WEBP" at byte 8, checked below
}


def _mebibytes(size: int) -> str:
    """A size in MiB with one decimal, as the task's language writes it (10.5 in English, 10,5 in French)."""
    return fixed(size / 1024 / 1024)


def is_url(reference: str) -> bool:
    return reference.startswith("https://")


def check_image(reference: str, folder: Path | None) -> tuple[str | None, str]:
    """(a problem for the deck's author or None, the reference to keep: the URL, or the file's full path)."""
    if reference.startswith(PICTURE_PREFIX):
        return _picture_problem(reference), reference
    if "://" in reference or reference.startswith("http:"):
        return _url_problem(reference), reference
    if folder is None:
        return _("an uploaded deck can show images only from https:// URLs, not files"), reference
    return _check_file(reference, folder)


def _picture_problem(reference: str) -> str | None:
    # Checked for its form only: whether the server keeps that picture is the store's to say, and a
    # picture gone is shown as none (bot/decks/pictures.py).
    if picture_name(reference) is None:
        return _(
            "`image` `{reference}` is not the name of a picture uploaded on the dashboard",
            reference=reference,
        )
    return None


def _url_problem(reference: str) -> str | None:
    if not is_url(reference):
        return _("`image` URLs must start with https://")
    if not urlsplit(reference).netloc:
        return _("`image` `{reference}` has no host after https://", reference=reference)
    return None


def _check_file(reference: str, folder: Path) -> tuple[str | None, str]:
    """A file beside the deck: an image's type by its name, then where it is, its size and its first bytes."""
    suffix = Path(reference).suffix.lower()
    if suffix not in IMAGE_TYPES:
        return (
            _(
                "`image` must be a PNG, JPEG, GIF or WebP file (.png, .jpg, .jpeg, .gif, .webp), not `{reference}`",
                reference=reference,
            ),
            reference,
        )
    base = folder.resolve()
    path = (base / reference).resolve()
    if base not in path.parents:
        return _("`image` must name a file in the deck's folder or below it"), reference
    if not path.is_file():
        return _("`image` file `{reference}` does not exist beside the deck", reference=reference), reference
    problem = _size_problem(reference, path.stat().st_size) or _content_problem(reference, path, suffix)
    return (problem, reference) if problem is not None else (None, str(path))


def _size_problem(reference: str, size: int) -> str | None:
    if size <= MAX_IMAGE_BYTES:
        return None
    return _(
        "`image` file `{reference}` has {size} MiB; Discord takes at most {most} MiB",
        reference=reference,
        size=_mebibytes(size),
        most=MAX_IMAGE_BYTES // 1024 // 1024,
    )


def _content_problem(reference: str, path: Path, suffix: str) -> str | None:
    """A file whose first bytes are not those of the image type its name says."""
    kind, starts = IMAGE_TYPES[suffix]
    with path.open("rb") as file:
        head = file.read(12)
    if not head.startswith(starts) or (kind == "WebP" and head[8:12] != b"WEBP"):
        return _(
            "`image` file `{reference}` is not a {kind} image, whatever its name says",
            reference=reference,
            kind=kind,
        )
    return None
