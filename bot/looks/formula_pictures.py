"""A question's formulas drawn as one PNG with matplotlib's mathtext (no TeX), stacked, cached by their text.

Drawing runs in a worker thread (asyncio.to_thread) one picture at a time, since matplotlib is not made
for several threads at once. A message waits at most PATIENCE for its picture: past that it goes out
with the formulas as written, and the drawing goes on into the cache for the next time. Without
matplotlib (the `charts` extra) nothing is drawn and the text shows the formulas as written.
"""

from __future__ import annotations

import asyncio
import io
import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from bot.bank.formulas import Piece, drawable, formulas_in
from bot.bank.models import Question

log = logging.getLogger(__name__)

# How long a message waits for its formulas' picture before it is sent with the text only: the
# first formula of a process also loads matplotlib (about half a second on a small host).
PATIENCE = 1.0
KEPT = 128  # pictures kept in memory (each a few KiB)
ALT_TEXT = 1024  # Discord's limit on an attachment's description
_SIZE = 20  # points, for an inline formula; a `$$…$$` one is a fifth larger
_GAP = 8  # points between stacked formulas, and around them
_DPI = 150
_DRAWING = threading.Lock()

Key = tuple[Piece, ...]


@dataclass(frozen=True, slots=True)
class FormulaPicture:
    """The PNG of some formulas and its alt text: their sources, one a line, as written."""

    png: bytes
    alt: str


def shown_formulas(question: Question, *, explanation: bool) -> Key:
    """The formulas a question shows: its prompt's and choices' (and its explanation's, once revealed)."""
    texts = [question.prompt, *question.choices]
    if explanation and question.explanation:
        texts.append(question.explanation)
    return formulas_in(*texts)


def alt_text(formulas: Sequence[Piece]) -> str:
    """The sources as written (`$…$` or `$$…$$`), one a line, within Discord's 1024."""
    text = "\n".join(p.written for p in formulas)
    return text if len(text) <= ALT_TEXT else text[: ALT_TEXT - 1] + "…"


def draw(formulas: Sequence[Piece]) -> bytes | None:
    """One PNG of `formulas`, each on its own line (None: mathtext cannot draw one of them)."""
    with _DRAWING:
        try:
            return _draw(formulas)
        except ValueError as exc:  # a deck read unchecked (the bot's start-up) may hold one
            log.warning("a formula could not be drawn: %s", exc)
            return None


def _draw(formulas: Sequence[Piece]) -> bytes:
    from matplotlib.figure import Figure  # the charts extra: loaded on the first formula drawn
    from matplotlib.font_manager import FontProperties
    from matplotlib.mathtext import MathTextParser

    parser = MathTextParser("path")
    lines = []
    for piece in formulas:
        prop = FontProperties(size=_SIZE * 1.2 if piece.display else _SIZE)
        width, height, depth, *_rest = parser.parse(piece.mathtext, dpi=72, prop=prop)
        lines.append((piece.mathtext, prop, width, height, depth))
    width = max(line[2] for line in lines) + 2 * _GAP
    height = sum(line[3] for line in lines) + _GAP * (len(lines) + 1)
    fig = Figure(figsize=(width / 72, height / 72))
    top = height - _GAP
    for text, prop, _width, line_height, depth in lines:
        baseline = top - line_height + depth
        fig.text(_GAP / width, baseline / height, text, fontproperties=prop, color="#1e1f22")
        top -= line_height + _GAP
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=_DPI, facecolor="white")
    return out.getvalue()


class FormulaPictures:
    """Pictures drawn so far (the last KEPT), and those being drawn, by their formulas' text."""

    def __init__(self, patience: float = PATIENCE, kept: int = KEPT) -> None:
        self.patience = patience
        self.kept = kept
        self._drawn: OrderedDict[Key, FormulaPicture | None] = OrderedDict()
        self._drawing: dict[Key, asyncio.Future[bytes | None]] = {}

    async def picture(self, formulas: Key) -> FormulaPicture | None:
        """The picture of `formulas`, or None: none, no matplotlib, not drawable, or not drawn in time."""
        if not formulas or not drawable():
            return None
        if formulas in self._drawn:
            self._drawn.move_to_end(formulas)
            return self._drawn[formulas]
        drawing = self._start(formulas)
        try:
            png = await asyncio.wait_for(asyncio.shield(drawing), timeout=self.patience)
        except TimeoutError:
            log.info("formulas took over %.1f s to draw; the message shows them as written", self.patience)
            return None
        except Exception:  # a bug in drawing costs the picture, never the message
            return None  # _keep logged it
        return None if png is None else FormulaPicture(png, alt_text(formulas))

    def prepare(self, formulas: Key) -> None:
        """Start drawing `formulas` without waiting (a reveal's picture, while its question is open)."""
        if formulas and drawable() and formulas not in self._drawn:
            self._start(formulas)

    def _start(self, formulas: Key) -> asyncio.Future[bytes | None]:
        """The drawing of `formulas` under way, started now unless it already was."""
        drawing = self._drawing.get(formulas)
        if drawing is None:
            drawing = asyncio.ensure_future(asyncio.to_thread(draw, formulas))
            self._drawing[formulas] = drawing
            drawing.add_done_callback(lambda done: self._keep(formulas, done))
        return drawing

    def _keep(self, formulas: Key, done: asyncio.Future[bytes | None]) -> None:
        self._drawing.pop(formulas, None)
        if done.cancelled():
            return
        if done.exception() is not None:
            log.warning("formulas could not be drawn: %r", done.exception())
            return
        png = done.result()
        self._drawn[formulas] = None if png is None else FormulaPicture(png, alt_text(formulas))
        while len(self._drawn) > self.kept:
            self._drawn.popitem(last=False)


# The process's pictures: a round's posts and practice share them.
PICTURES = FormulaPictures()
