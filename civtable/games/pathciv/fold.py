"""Consecutive log lines of one seat telling the same kind of thing, as one line for people: a
Project's cards placed one by one ("Player 2 (Egyptian) places 4 Technologies face down for
the Project."), the agents of one kind deployed one by one, the Research points of one type
gained one by one. The record keeps every action (see :meth:`civtable.core.Game.fold_log`)."""

from __future__ import annotations

import re

_PLACES = re.compile(r"^(?P<who>.+?) places (?P<n>a|\d+) Technolog(?:y|ies) face down for the Project\.$")
_DEPLOYS = re.compile(r"^(?P<who>.+?) deploys (?P<n>one|\d+) (?P<what>Ambassador|Builder|Philosopher|Sage|Unit)s?\.$")
_GAINS = re.compile(r"^(?P<who>.+?) gains (?P<n>\d+) (?P<what>\w+) Research points?\.$")


def _count(n: str) -> int:
    return 1 if n in ("a", "one") else int(n)


def fold_project_lines(earlier: str, later: str) -> str | None:
    """The one line that tells both ``earlier`` and ``later`` (the same seat placing Project
    cards, deploying agents of one kind, or gaining Research of one type), else ``None``."""
    for pattern in (_PLACES, _DEPLOYS, _GAINS):
        a, b = pattern.match(earlier), pattern.match(later)
        if a is None or b is None:
            continue
        if a["who"] != b["who"] or a.groupdict().get("what") != b.groupdict().get("what"):
            return None
        n = _count(a["n"]) + _count(b["n"])
        if pattern is _PLACES:
            return f"{a['who']} places {n} Technologies face down for the Project."
        if pattern is _DEPLOYS:
            return f"{a['who']} deploys {n} {a['what']}s."
        return f"{a['who']} gains {n} {a['what']} Research points."
    return None
