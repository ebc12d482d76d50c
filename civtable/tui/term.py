"""Small terminal helpers: optional colour, screen clearing, column layout.

Colour is used only when the output stream is a terminal and ``NO_COLOR`` is not set, so piped
output (tests, logs) is plain text.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Sequence
from typing import TextIO

_CODES = {
    "bold": "1",
    "dim": "2",
    "under": "4",
    "red": "31",
    "green": "32",
    "yellow": "33",
    "blue": "34",
    "magenta": "35",
    "cyan": "36",
    "grey": "90",
}


class Term:
    """Formatting for one output stream."""

    def __init__(self, stream: TextIO | None = None, color: bool | None = None) -> None:
        self.stream: TextIO = stream if stream is not None else sys.stdout
        if color is None:
            color = (
                _isatty(self.stream) and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
            )
        self.color = bool(color)

    @property
    def width(self) -> int:
        """Usable width in columns: a terminal's own, kept between 40 and 160 (100 when its
        size cannot be read); 100 for pipes and files."""
        if _isatty(self.stream):
            return max(40, min(shutil.get_terminal_size((100, 40)).columns, 160))
        return 100

    @property
    def height(self) -> int:
        """Rows of a real terminal; 0 (no limit) for pipes and files."""
        if _isatty(self.stream):
            return max(10, shutil.get_terminal_size((100, 40)).lines)
        return 0

    def style(self, text: str, *styles: str) -> str:
        """Wrap ``text`` in the named ANSI styles (no-op without colour)."""
        if not self.color or not styles:
            return text
        codes = ";".join(_CODES[s] for s in styles)
        return f"\x1b[{codes}m{text}\x1b[0m"

    def write(self, text: str = "") -> None:
        try:
            self.stream.write(text + "\n")
            self.stream.flush()
        except BrokenPipeError:
            reader_gone()

    def clear(self, separator: bool = False) -> None:
        """Clear the screen on a terminal; on a pipe print a blank line (and a visible
        separator line if ``separator``)."""
        if _isatty(self.stream):
            self.stream.write("\x1b[2J\x1b[3J\x1b[H")
        else:
            self.stream.write("\n" + ("=" * 60 + "\n" if separator else ""))
        self.stream.flush()


def reader_gone() -> None:
    """The reader of standard output went away (``civtable ... | head``): stop quietly, with the
    exit status a shell expects for a closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    raise SystemExit(141)


def out(text: str) -> None:
    """Print ``text`` (and a newline) on standard output, stopping quietly if the reader is gone."""
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        reader_gone()


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def visible_len(text: str) -> int:
    """Length of ``text`` without ANSI escape sequences."""
    n = 0
    i = 0
    while i < len(text):
        if text[i] == "\x1b":
            j = text.find("m", i)
            if j < 0:
                break
            i = j + 1
            continue
        n += 1
        i += 1
    return n


def pad(text: str, width: int) -> str:
    """Left-align ``text`` (which may hold ANSI codes) in ``width`` columns."""
    return text + " " * max(0, width - visible_len(text))


def columns(items: Sequence[str], width: int, gap: int = 2) -> list[str]:
    """Lay ``items`` out column by column (like ``ls``) to fit ``width``."""
    if not items:
        return []
    cell = max(visible_len(s) for s in items) + gap
    ncols = max(1, min(len(items), (width + gap) // cell))
    nrows = -(-len(items) // ncols)
    lines = []
    for r in range(nrows):
        row = [items[c * nrows + r] for c in range(ncols) if c * nrows + r < len(items)]
        lines.append("".join(pad(s, cell) for s in row[:-1]) + row[-1])
    return lines


def clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` visible columns (ANSI styles kept, an ellipsis where it was cut)."""
    if visible_len(text) <= width:
        return text
    out = []
    n = 0
    i = 0
    styled = False
    while i < len(text) and n < width - 1:
        if text[i] == "\x1b":
            j = text.find("m", i)
            if j < 0:
                break
            out.append(text[i : j + 1])
            styled = True
            i = j + 1
            continue
        out.append(text[i])
        n += 1
        i += 1
    return "".join(out) + "…" + ("\x1b[0m" if styled else "")


def wrap(text: str, width: int, indent: str = "  ", limit: int = 0) -> list[str]:
    """``text`` (which may hold ANSI styles) in lines of at most ``width`` visible columns, broken
    at spaces, every line after the first indented; at most ``limit`` lines (0: any), the last
    one clipped."""
    lead = text[: len(text) - len(text.lstrip(" "))]  # a line's own indentation stays
    indent = lead + indent
    lines: list[str] = []
    line = lead
    for word in text[len(lead):].split(" "):
        candidate = f"{line} {word}" if line.strip() else line + word
        if visible_len(candidate) > width and line.strip():
            lines.append(line)
            line = indent + word
        else:
            line = candidate
    lines.append(line)
    if limit and len(lines) > limit:
        rest = " ".join(x.strip() for x in lines[limit - 1:])
        lines = lines[: limit - 1] + [clip(indent + rest, width)]
    return [clip(x, width) for x in lines]
