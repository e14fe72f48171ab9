"""A question's `image:`: an https URL, or a PNG, JPEG, GIF or WebP file beside its deck, within Discord's
upload limit."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

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
KINDS = "PNG, JPEG, GIF or WebP"


def is_url(reference: str) -> bool:
    return reference.startswith("https://")


def check_image(reference: str, folder: Path | None) -> tuple[str | None, str]:
    """(a problem for the deck's author or None, the reference to keep: the URL, or the file's full path)."""
    if "://" in reference or reference.startswith("http:"):
        if not is_url(reference):
            return "`image` URLs must start with https://", reference
        if not urlsplit(reference).netloc:
            return f"`image` `{reference}` has no host after https://", reference
        return None, reference
    if folder is None:
        return "an uploaded deck can show images only from https:// URLs, not files", reference
    suffix = Path(reference).suffix.lower()
    if suffix not in IMAGE_TYPES:
        return (
            f"`image` must be a {KINDS} file (.png, .jpg, .jpeg, .gif, .webp), not `{reference}`",
            reference,
        )
    base = folder.resolve()
    path = (base / reference).resolve()
    if base not in path.parents:
        return "`image` must name a file in the deck's folder or below it", reference
    if not path.is_file():
        return f"`image` file `{reference}` does not exist beside the deck", reference
    size = path.stat().st_size
    if size > MAX_IMAGE_BYTES:
        return (
            f"`image` file `{reference}` has {size / 1024 / 1024:.1f} MiB; Discord takes at most 10 MiB",
            reference,
        )
    kind, starts = IMAGE_TYPES[suffix]
    with path.open("rb") as file:
        head = file.read(12)
    if not head.startswith(starts) or (kind == "WebP" and head[8:12] != b"WEBP"):
        return f"`image` file `{reference}` is not a {kind} image, whatever its name says", reference
    return None, str(path)
