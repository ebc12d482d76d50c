"""Players' display names: checking a name a person typed, and naming seats in what people read.

A seat without a chosen name is "Player N" (1-based), as the games name seats in their log
sentences; :func:`name_players` puts the chosen names into such sentences when they are served,
so a name chosen after some moves also shows in the earlier log lines.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from .errors import ApiError

NAME_MAX = 24
_MARKUP = set('<>&"`\\')
_DEFAULT = re.compile(r"^(player|seat)\s*\d+$", re.IGNORECASE)
_PLAYER_N = re.compile(r"\bPlayer (\d+)\b")


def default_name(seat: int) -> str:
    return f"Player {seat + 1}"


def check_name(text: object, seat: int) -> str:
    """The display name ``text`` for ``seat``, tidied (spaces collapsed, NFC), or a 400
    :class:`ApiError` saying plainly what is wrong with it."""
    if not isinstance(text, str):
        raise ApiError(400, "a name must be text", "bad_name")
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        raise ApiError(400, "a name needs at least one letter or digit", "bad_name")
    if len(name) > NAME_MAX:
        raise ApiError(400, f"a name has at most {NAME_MAX} characters, not {len(name)}", "bad_name")
    if any(not ch.isprintable() for ch in name):
        raise ApiError(400, "a name may not contain control or invisible characters", "bad_name")
    bad = sorted(set(name) & _MARKUP)
    if bad:
        raise ApiError(400, f"a name may not contain {' '.join(bad)} (no markup)", "bad_name")
    if not any(ch.isalnum() for ch in name):
        raise ApiError(400, "a name needs at least one letter or digit", "bad_name")
    if _DEFAULT.match(name) and name.lower().replace(" ", "") != default_name(seat).lower().replace(" ", ""):
        raise ApiError(400, f"'{name}' would be mistaken for another seat; choose another name", "bad_name")
    return name


def check_unique(name: str, seat: int, names: Sequence[str | None]) -> None:
    """A 409 :class:`ApiError` if another seat of the game already goes by ``name`` (any case):
    the log must tell the players apart."""
    for other, taken in enumerate(names):
        if other != seat and taken and taken.casefold() == name.casefold():
            raise ApiError(409, f"{default_name(other)} is already called {taken}; choose another name", "name_taken")


def seat_names(names: Sequence[str | None], seats: int) -> list[str]:
    """Each seat's name for people: its chosen name, else "Player N"."""
    return [(names[i] if i < len(names) and names[i] else None) or default_name(i) for i in range(seats)]


def name_players(text: str, names: Sequence[str | None]) -> str:
    """``text`` with every "Player N" of a seat that chose a name replaced by that name."""
    if not any(names) or "Player " not in text:
        return text

    def sub(m: re.Match[str]) -> str:
        k = int(m.group(1)) - 1
        return (names[k] or m.group(0)) if 0 <= k < len(names) else m.group(0)

    return _PLAYER_N.sub(sub, text)
