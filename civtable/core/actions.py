"""Actions: small immutable values with a stable text form and JSON form.

An action is a *kind* (a lower-case word) followed by zero or more arguments, each a
word or an integer::

    >>> a = Action("research", ("writing",))
    >>> a.text()
    'research writing'
    >>> Action.parse("build granary 2 3")
    Action(kind='build', args=('granary', 2, 3))
    >>> Action.from_json(a.to_json()) == a
    True

Games give meaning to kinds and arguments; the core only guarantees the forms round-trip.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, NamedTuple

from .errors import MalformedAction

_WORD = re.compile(r"^[a-z_][a-z0-9_.:\-]*$")
_INT = re.compile(r"^-?[0-9]+$")

Arg = str | int


class Action(NamedTuple):
    """One action. ``kind`` is a word; ``args`` a tuple of words and integers."""

    kind: str
    args: tuple[Arg, ...] = ()

    def text(self) -> str:
        """The stable text form, e.g. ``'bank iron food'``."""
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(str(a) for a in self.args)

    def __str__(self) -> str:
        return self.text()

    def to_json(self) -> dict[str, Any]:
        """The stable JSON form: ``{"kind": ..., "args": [...]}``."""
        return {"kind": self.kind, "args": list(self.args)}

    @staticmethod
    def parse(text: str) -> Action:
        """Parse the text form. Raises :class:`MalformedAction` with a readable message."""
        if not isinstance(text, str):
            raise MalformedAction(f"an action must be text, not {type(text).__name__}")
        parts = text.strip().lower().split()
        if not parts:
            raise MalformedAction("the action is empty")
        if len(parts) > 32 or len(text) > 512:
            raise MalformedAction("the action is too long")
        kind = parts[0]
        if not _WORD.match(kind):
            raise MalformedAction(f"that is not an action word: '{kind}' (an action word has letters, digits and '_' only)")
        args: list[Arg] = []
        for p in parts[1:]:
            if _INT.match(p):
                args.append(int(p))
            elif _WORD.match(p):
                args.append(p)
            else:
                raise MalformedAction(f"a part of '{text.strip()}' is neither a word nor a whole number: '{p}'")
        return Action(kind, tuple(args))

    @staticmethod
    def from_json(data: Any) -> Action:
        """Build an action from its JSON form (or from a text string)."""
        if isinstance(data, str):
            return Action.parse(data)
        if not isinstance(data, dict) or "kind" not in data:
            raise MalformedAction('an action in JSON must be an object {"kind": ..., "args": [...]}')
        kind = data["kind"]
        args = data.get("args", [])
        if not isinstance(kind, str) or not _WORD.match(kind):
            raise MalformedAction("the action's kind is not an action word (letters, digits and '_' only)")
        if not isinstance(args, list) or len(args) > 31:
            raise MalformedAction("action args must be a list of words and whole numbers")
        out: list[Arg] = []
        for a in args:
            if isinstance(a, bool) or not isinstance(a, int | str):
                raise MalformedAction(f"an action argument is neither a word nor a whole number: {a!r}")
            if isinstance(a, str) and not _WORD.match(a):
                raise MalformedAction(f"an action argument is not a word (letters, digits and '_' only): '{a}'")
            out.append(a)
        return Action(kind, tuple(out))


def as_action(value: Action | str | dict[str, Any]) -> Action:
    """Accept an :class:`Action`, its text form or its JSON form."""
    if isinstance(value, Action):
        return value
    if isinstance(value, tuple):
        raise MalformedAction("a plain tuple is not an action; use Action(kind, args)")
    return Action.from_json(value)


def spelled_out(text: str, legal: Iterable[Action]) -> Action | None:
    """The one legal action whose text, its ids' underscores read as spaces, is ``text`` (any
    case and spacing): ``develop ancestor worship 1 0 -1`` for ``develop ancestor_worship 1 0 -1``.
    Hints show ids that way, as words; both the terminal and the page's typed box take them."""
    words = " ".join(text.lower().split())
    found = [a for a in legal if a.text().replace("_", " ") == words]
    return found[0] if len(found) == 1 else None
