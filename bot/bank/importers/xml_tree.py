"""An uploaded XML file read safely (defusedxml: no entities, no external references) into a small tree with lines."""

from __future__ import annotations

import io
import re
import xml.sax
from dataclasses import dataclass, field
from xml.sax.xmlreader import AttributesImpl, Locator

import defusedxml
import defusedxml.sax

from bot.bank.problems import DeckError, Problem
from bot.locales import _

# The declaration names the bytes' encoding, but the upload is already text (bot/bank/importers/decoding.py):
# it is dropped, and the text given to the parser as UTF-8.
_DECLARATION = re.compile(r"\A\s*<\?xml[^>]*\?>")
# A Moodle export nests six deep and writes about one element per 20 bytes (50,000 in the largest upload);
# past these, the file is no quiz, and reading on would only cost memory.
MAX_ELEMENTS = 100_000
MAX_DEPTH = 32


class _Refused(Exception):
    """Raised inside the parser when the document is past a cap: its sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(slots=True)
class Element:
    """One element: its tag, attributes, the line its start tag is on, its children and its own text."""

    tag: str
    attrs: dict[str, str]
    line: int
    children: list[Element] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)

    def child(self, tag: str) -> Element | None:
        return next((c for c in self.children if c.tag == tag), None)

    def every(self, tag: str) -> list[Element]:
        return [c for c in self.children if c.tag == tag]

    def descendants(self, tag: str) -> list[Element]:
        """Every element below this one with the tag, in document order (the tree is at most MAX_DEPTH deep)."""
        found: list[Element] = []
        for c in self.children:
            if c.tag == tag:
                found.append(c)
            found += c.descendants(tag)
        return found

    def first(self, tag: str) -> Element | None:
        """The first element below this one with the tag, at any depth."""
        for c in self.children:
            hit = c if c.tag == tag else c.first(tag)
            if hit is not None:
                return hit
        return None

    @property
    def text(self) -> str:
        return "".join(self.parts)


class _Builder(xml.sax.ContentHandler):
    def __init__(self) -> None:
        super().__init__()
        self.locator: Locator | None = None
        self.stack: list[Element] = []
        self.root: Element | None = None
        self.count = 0

    def setDocumentLocator(self, locator: Locator) -> None:
        self.locator = locator

    @property
    def line(self) -> int:
        return (self.locator.getLineNumber() or 0) if self.locator else 0

    def startElement(self, name: str, attrs: AttributesImpl) -> None:
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise _Refused(
                _("the XML has more than {most} elements; a deck is far smaller", most=MAX_ELEMENTS)
            )
        if len(self.stack) >= MAX_DEPTH:
            raise _Refused(_("the XML is nested too deeply to be a deck"))
        element = Element(name, dict(attrs.items()), self.line)
        if self.stack:
            self.stack[-1].children.append(element)
        else:
            self.root = element
        self.stack.append(element)

    def endElement(self, name: str) -> None:
        self.stack.pop()

    def characters(self, content: str) -> None:
        if self.stack:
            self.stack[-1].parts.append(content)


def read_xml(text: str, source: str) -> Element:
    """The document's root element; DeckError with one sentence when the XML is malformed or hostile."""
    declaration = _DECLARATION.match(text)
    if declaration:
        text = "\n" * declaration[0].count("\n") + text[declaration.end() :]
    builder = _Builder()
    parser = defusedxml.sax.make_parser()
    parser.setContentHandler(builder)
    try:
        parser.parse(io.BytesIO(text.encode("utf-8", "surrogatepass")))
    except _Refused as exc:
        raise _refused(source, builder.line, exc.reason) from exc
    except defusedxml.EntitiesForbidden as exc:
        raise _refused(source, builder.line, _entities()) from exc
    except defusedxml.DTDForbidden as exc:  # never raised as configured; said the same if it were
        raise _refused(source, builder.line, _entities()) from exc
    except defusedxml.ExternalReferenceForbidden as exc:
        reason = _(
            "the XML refers to another file or address ({where}), which Bvunzo never opens; a quiz exported "
            "from Moodle or Canvas needs none, so remove the reference",
            where=exc.sysid or exc.pubid or "?",
        )
        raise _refused(source, builder.line, reason) from exc
    except xml.sax.SAXParseException as exc:
        reason = _("this is not well-formed XML: {detail}", detail=exc.getMessage())
        raise _refused(source, exc.getLineNumber() or 0, reason) from exc
    except (xml.sax.SAXException, UnicodeError) as exc:
        raise _refused(source, builder.line, _("this is not well-formed XML: {detail}", detail=exc)) from exc
    if builder.root is None:
        raise _refused(source, 0, _("the XML holds no element"))
    return builder.root


def _entities() -> str:
    return _(
        "the XML declares entities (`<!ENTITY`), which can expand without end or read other files; a quiz "
        "exported from Moodle or Canvas needs none, so the file was refused"
    )


def read_root(text: str, source: str, tag: str, not_it: str) -> Element:
    """The root element of a document whose root must be `<tag>`; `not_it`, a catalog sentence with `{tag}`, tells
    a document of another root what it is not and where to export the right one."""
    root = read_xml(text, source)
    if root.tag != tag:
        raise _refused(source, root.line, _(not_it, tag=root.tag))
    return root


def _refused(source: str, line: int, reason: str) -> DeckError:
    return DeckError([Problem(source, line, reason)])
