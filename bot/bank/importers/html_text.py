"""A learning platform's HTML (Moodle's question text, feedback and answers) read as the plain text a card shows."""

from __future__ import annotations

import re
from html.parser import HTMLParser

# Tags that end a line of text where they open or close; a list item starts with a bullet.
_BREAKS = frozenset(
    {
        "br",
        "p",
        "div",
        "tr",
        "table",
        "ul",
        "ol",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "pre",
        "blockquote",
        "hr",
    }
)
_UNSEEN = frozenset({"script", "style", "head", "title"})
# A `<` that another `<` or the end follows before any `>` opens no tag. Python's HTMLParser searches to
# the end of the text for each such `<`, so a fragment of many costs the square of its length: each is
# written as `&lt;` first. The lookahead stops at the next `<`, so this pass reads the text once.
_UNCLOSED = re.compile(r"<(?=[^<>]*(?:<|\Z))")
_LOOKS_LIKE_HTML = re.compile(r"</?[a-zA-Z][a-zA-Z0-9]*(\s[^<>]*)?/?>|&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);")


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.images: list[str] = []  # each image's src, in order
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _UNSEEN:
            self.hidden += 1
        elif tag in _BREAKS:
            self.parts.append("\n")
        elif tag == "li":
            self.parts.append("\n• ")
        elif tag in ("td", "th"):
            self.parts.append(" ")
        elif tag == "img":
            self.images.append(dict(attrs).get("src") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in _UNSEEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in _BREAKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def looks_like_html(text: str) -> bool:
    """Whether text written without a declared format holds tags or entities (Moodle's "auto" format)."""
    return _LOOKS_LIKE_HTML.search(text) is not None


def _read(text: str) -> _Reader:
    reader = _Reader()
    reader.feed(_UNCLOSED.sub("&lt;", text))
    reader.close()
    return reader


def html_images(text: str) -> list[str]:
    """The `src` of every `<img>` in the HTML, in order."""
    return _read(text).images


def html_to_text(text: str) -> str:
    """The words of an HTML fragment: blocks and `<br>` as line breaks, list items as bullets, entities read."""
    reader = _read(text)
    lines = [" ".join(line.replace("\xa0", " ").split()) for line in "".join(reader.parts).split("\n")]
    joined = "\n".join(lines).strip()
    return re.sub(r"\n{3,}", "\n\n", joined)
