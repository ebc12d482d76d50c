"""Where a problem of a content file is, worded the same way for every game.

A game's loader reports each problem at a *place*: the keys and list positions that lead from
the file's top to the value (``("rules", "ages")``, ``("technologies", 13, "cost")``; a text step
on a list of tables picks the entry with that ``id``: ``("advances", "writing", "cost")``). The
core words the place as a designer reads the file and finds its line in the file's text::

    line 15, [rules] ages: the rulebook says 3, the file says 'x'
    line 212, [[technologies]] #14 (metallurgy) cost: must be a whole number, not 'x'
    line 90, [[buildings]] #3 (granary) levels #2 (Grain Silo) cost.food: must be a whole number >= 0, not -1
    line 40, [[technologies]]: 184 cards in all, not 185

A place that is not in the file (a missing key) is given the line of the table that should hold it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

Step = str | int
Where = tuple[Step, ...]


class Problem(NamedTuple):
    """One problem of a content file: its place (keys and list positions) and what is wrong there."""

    where: Where
    message: str


def _as_where(where: Where | str) -> Where:
    return (where,) if isinstance(where, str) else tuple(where)


class Problems:
    """The problems found in one content file, in the order found."""

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def add(self, where: Where | str, message: str) -> None:
        """A problem at ``where`` (a tuple of steps, or one section's name); ``()`` is the whole file."""
        self.found.append(Problem(_as_where(where), message))

    def at(self, where: Where | str) -> bool:
        """Whether a problem was already reported at exactly this place (a later check of the
        same value would only repeat it)."""
        w = _as_where(where)
        return any(p.where == w for p in self.found)

    def under(self, where: Where | str) -> bool:
        """Whether a problem was reported at this place or at a table or list that holds it (a
        missing section is one problem, not one more for each of its keys)."""
        w = _as_where(where)
        return any(p.where and w[:len(p.where)] == p.where for p in self.found)

    def inside(self, where: Where | str) -> bool:
        """Whether a problem was reported at this place or anywhere within it (a fact about a
        table is not checked again once one of its values is reported)."""
        w = _as_where(where)
        return any(p.where[:len(w)] == w for p in self.found)

    def __iter__(self) -> Iterator[Problem]:
        return iter(self.found)

    def __len__(self) -> int:
        return len(self.found)

    def __bool__(self) -> bool:
        return bool(self.found)


# ----- words ---------------------------------------------------------------------------------
def _label(entry: Any) -> str:
    if not isinstance(entry, dict):
        return ""
    name = entry.get("id", entry.get("name"))
    return f" ({name})" if isinstance(name, str) and name else ""


def _index(node: Any, step: Step) -> int | None:
    """The position ``step`` names in a list: itself, or the entry whose ``id`` is ``step``."""
    if isinstance(step, int):
        return step
    if isinstance(node, list):
        for i, entry in enumerate(node):
            if isinstance(entry, dict) and entry.get("id") == step:
                return i
    return None


def resolve(raw: dict[str, Any], where: Where) -> tuple[Where, str]:
    """The place with every list step as a position, and its words (see the module's examples)."""
    if not where:
        return (), ""
    head, rest = str(where[0]), where[1:]
    node: Any = raw.get(head)
    concrete: list[Step] = [head]
    if rest and (isinstance(rest[0], int) or isinstance(node, list)):
        i = _index(node, rest[0])
        if i is None:  # an id the file does not have: keep its name
            words, node = f"[[{head}]] {rest[0]}", None
        else:
            entry = node[i] if isinstance(node, list) and 0 <= i < len(node) else None
            words, node = f"[[{head}]] #{i + 1}{_label(entry)}", entry
            concrete.append(i)
        rest = rest[1:]
    else:
        words = f"[[{head}]]" if isinstance(node, list) else f"[{head}]"
    tokens: list[str] = []
    joinable = False  # the last word is a key a next key continues with a dot
    for step in rest:
        i = _index(node, step) if isinstance(node, list) or isinstance(step, int) else None
        if i is not None:
            entry = node[i] if isinstance(node, list) and 0 <= i < len(node) else None
            item = f"#{i + 1}{_label(entry)}"
            if tokens:
                tokens[-1] += f" {item}"
            else:
                tokens.append(item)
            joinable = False
            concrete.append(i)
            node = entry
        else:
            key = str(step)
            if joinable:
                tokens[-1] += f".{key}"
            else:
                tokens.append(key)
            joinable = True
            concrete.append(key)
            node = node.get(key) if isinstance(node, dict) else None
    tail = " ".join(tokens)
    return tuple(concrete), f"{words} {tail}" if tail else words


def place_words(raw: dict[str, Any], where: Where | str) -> str:
    """The place as a designer reads the file: ``[rules] ages``, ``[[technologies]] #14 (metallurgy) cost``."""
    return resolve(raw, _as_where(where))[1]


# ----- lines ---------------------------------------------------------------------------------
def _split_key(text: str) -> list[str]:
    """A TOML key (bare, quoted or dotted) as its parts."""
    parts, cur, quote = [], "", ""
    for ch in text.strip():
        if quote:
            if ch == quote:
                quote = ""
            else:
                cur += ch
        elif ch in "\"'":
            quote = ch
        elif ch == ".":
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    parts.append(cur.strip())
    return parts


class _Scanner:
    """Finds the line of every table, key and element of a list in a TOML text (a lenient
    reading: the text has already been parsed, so it is valid TOML)."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.found: dict[Where, int] = {}
        self.counts: dict[Where, int] = {}
        self.row = 0
        self.col = 0
        table: Where = ()
        while self.row < len(self.lines):
            line = self.lines[self.row]
            s = line.strip()
            if s.startswith("["):
                array = s.startswith("[[")
                name = s[2:s.find("]]")] if array else s[1:s.find("]")]
                table = self._header(_split_key(name), array)
                self.found.setdefault(table, self.row + 1)
            elif s and not s.startswith("#") and "=" in s:
                key, value = self._key(line)
                path = table + tuple(key)
                self.found.setdefault(path, self.row + 1)
                self.col = value
                self._value(path)
            self.row += 1

    def _header(self, keys: list[str], array: bool) -> Where:
        concrete: Where = ()
        for j, key in enumerate(keys):
            concrete += (key,)
            if (j < len(keys) - 1 or not array) and concrete in self.counts:
                concrete += (self.counts[concrete] - 1,)
        if array:
            self.found.setdefault(concrete, self.row + 1)
            n = self.counts.get(concrete, 0)
            self.counts[concrete] = n + 1
            concrete += (n,)
        return concrete

    def _key(self, line: str) -> tuple[list[str], int]:
        quote = ""
        for i, ch in enumerate(line):
            if quote:
                quote = "" if ch == quote else quote
            elif ch in "\"'":
                quote = ch
            elif ch == "=":
                return _split_key(line[:i]), i + 1
        return [line.strip()], len(line)

    def _skip_string(self, quote: str) -> None:
        """From the opening quote(s) at (row, col) to just past the closing ones."""
        line = self.lines[self.row]
        triple = line.startswith(quote * 3, self.col)
        self.col += 3 if triple else 1
        while self.row < len(self.lines):
            line = self.lines[self.row]
            while self.col < len(line):
                ch = line[self.col]
                if ch == "\\" and quote == '"':
                    self.col += 2
                    continue
                if ch == quote and (not triple or line.startswith(quote * 3, self.col)):
                    self.col += 3 if triple else 1
                    return
                self.col += 1
            if not triple:
                return
            self.row, self.col = self.row + 1, 0

    def _value(self, path: Where) -> None:
        """Reads one value from (row, col), noting the line of each element of a list; leaves
        ``row`` on the value's last line."""
        stack: list[tuple[str, Where, int, bool]] = []  # bracket, path, element number, waiting for an element
        while self.row < len(self.lines):
            line = self.lines[self.row]
            while self.col < len(line):
                ch = line[self.col]
                if ch == "#":
                    break
                if stack and stack[-1][0] == "[" and stack[-1][3] and not ch.isspace() and ch not in ",]":
                    bracket, where, n, _ = stack[-1]
                    stack[-1] = (bracket, where, n, False)
                    self.found.setdefault(where + (n,), self.row + 1)
                if ch in "\"'":
                    self._skip_string(ch)
                    continue
                if ch in "[{":
                    inner = path if not stack else stack[-1][1] + ((stack[-1][2],) if stack[-1][0] == "[" else ())
                    stack.append((ch, inner, 0, ch == "["))
                elif ch in "]}":
                    stack.pop()
                    if not stack:
                        return
                elif ch == "," and stack and stack[-1][0] == "[":
                    bracket, where, n, _ = stack[-1]
                    stack[-1] = (bracket, where, n + 1, True)
                self.col += 1
            if not stack:
                return
            self.row, self.col = self.row + 1, 0

    def line_of(self, where: Where) -> int | None:
        while where:
            if where in self.found:
                return self.found[where]
            where = where[:-1]
        return None


def locate(raw: dict[str, Any], text: str, where: Where | str) -> tuple[int | None, str]:
    """The line of a place in the file's text and its words: ``(57, "[[traits]] #2 (military)")``."""
    concrete, words = resolve(raw, _as_where(where))
    return _Scanner(text).line_of(concrete), words


def worded(raw: dict[str, Any], text: str | None, problems: Iterable[Problem | str]) -> list[str]:
    """Every problem as one line: ``line N, <place>: <what is wrong>`` (a problem given as text is
    already worded and kept as it is)."""
    scanner = _Scanner(text) if text is not None else None
    out = []
    for p in problems:
        if isinstance(p, str):
            out.append(p)
            continue
        concrete, words = resolve(raw, p.where)
        line = scanner.line_of(concrete) if scanner is not None else None
        prefix = ", ".join(x for x in (f"line {line}" if line else "", words) if x)
        out.append(f"{prefix}: {p.message}" if prefix else p.message)
    return out
