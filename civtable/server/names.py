"""Players' display names: checking a name a person typed, and naming seats in what people read.

A seat without a chosen name is "Player N" (1-based), as the games name seats in their log
sentences; :func:`name_players` puts the chosen names into such sentences when they are served,
so a name chosen after some moves also shows in the earlier log lines.

A name is NFKC-normalised (a fullwidth ``Ｐ`` becomes ``P``) and compared by its *skeleton*
(:func:`skeleton`): lower case, accents dropped, every letter that Unicode lists as confusable
with a Latin letter or digit replaced by it (data: the ``confusable-homoglyphs`` package, built
from Unicode's confusables list), ``0``/``o`` and ``1``/``i``/``l`` taken as one. A name whose
skeleton reads as another seat ("Player 2", "Seat 3"), as a bot ("bot", "greedy", ...), as the
server's own words, or as the name of another player at the same table is refused in plain words;
so is a name that mixes alphabets with look-alike letters.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence

from .errors import ApiError

NAME_MAX = 24
_MARKUP = set('<>&"`\\')
_PLAYER_N = re.compile(r"\bPlayer (\d+)\b")
# skeletons (see skeleton(..., digits=False)) that would pass for a seat, a bot or the server
_SEAT_LIKE = re.compile(r"\b(p[l1]ayer|seat|sp[l1]e[l1]er|joueur|jugador|spe[l1]er)\s*"
                        r"(\d+|one|two|three|four|flve|slx|seven|e[l1]ght|n[l1]ne|ten)\b")
_RESERVED_WORDS = {"bot", "bots", "cpu"}
_RESERVED_NAMES = {"random", "greedy", "mcts", "chance", "dlce", "spectator", "server", "admln", "admlnlstrator",
                   "moderator", "system", "nobody", "everyone", "you", "clvtable", "human"}
_FILLERS = frozenset("\u115f\u1160\u3164\uffa0")  # Hangul fillers: letters that print nothing
MAX_MARKS = 4  # combining marks on one character; more pile up over the lines around it ("Zalgo" text)
_FOLD = str.maketrans({"i": "l", "|": "l", "$": "s", "@": "a"})
_FOLD_DIGITS = str.maketrans({"0": "o", "1": "l"})


@functools.lru_cache(maxsize=4096)
def _latin(ch: str) -> str:
    """The Latin letter or digit ``ch`` looks like (Unicode's confusables), else ``ch``."""
    if ch.isascii():
        return ch
    try:
        from confusable_homoglyphs.confusables import confusables_data
    except ModuleNotFoundError:  # pragma: no cover - the web extra installs it
        return ch
    for form in (ch, ch.upper(), ch.lower()):
        for glyph in confusables_data.get(form, ()):
            c = glyph["c"]
            if len(c) == 1 and c.isascii() and c.isalnum():
                return c.lower()
    return ch


def skeleton(text: str, digits: bool = True) -> str:
    """What ``text`` looks like, for comparing names: NFKC, lower case, accents dropped,
    look-alike letters replaced by the Latin ones, i/l (and with ``digits`` 0/o and 1/l) taken
    as one, runs of anything else one space."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    letters = "".join(_latin(ch) for ch in folded)
    bare = "".join(ch for ch in unicodedata.normalize("NFKD", letters) if not unicodedata.combining(ch))
    shape = bare.casefold().translate(_FOLD)
    if digits:
        shape = shape.translate(_FOLD_DIGITS)
    return " ".join(re.sub(r"[^0-9a-z]+", " ", shape).split()) or bare.strip()


def check_reserved(name: str, own: str | None = None) -> None:
    """A 400 :class:`ApiError` if ``name`` would pass for a seat, a bot or the server (``own``:
    the caller's own default name, which it may keep)."""
    shape = skeleton(name, digits=False)
    if own is not None and skeleton(name) == skeleton(own):
        return
    if _SEAT_LIKE.search(shape):
        raise ApiError(400, f"'{name}' would be mistaken for another seat (\"Player N\"); choose another name",
                       "bad_name")
    words = set(skeleton(name).split())
    if words & _RESERVED_WORDS or skeleton(name).replace(" ", "") in _RESERVED_NAMES | _RESERVED_WORDS:
        raise ApiError(400, f"'{name}' would be mistaken for a bot or for the server; choose another name", "bad_name")


def _mixes_lookalikes(name: str) -> bool:
    try:
        from confusable_homoglyphs import confusables
    except ModuleNotFoundError:  # pragma: no cover - the web extra installs it
        return False
    return bool(confusables.is_dangerous(name))


def unseen_text(text: str, where: str, code: str, spaces: str = " \t") -> None:
    """A 400 :class:`ApiError` if ``text`` (a name, a chat message) holds characters that show
    nothing (controls, invisible formatting, private-use characters, blank letters) or stacks more
    than :data:`MAX_MARKS` combining marks on one character. ``spaces``: the controls allowed (as
    spaces)."""
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Cn") or ch in _FILLERS
           for ch in text if ch not in spaces):
        raise ApiError(400, f"{where} may not contain control or invisible characters", code)
    run = 0
    for ch in unicodedata.normalize("NFC", text):
        run = run + 1 if unicodedata.category(ch) in ("Mn", "Me") else 0
        if run > MAX_MARKS:
            raise ApiError(400, f"{where} may not stack more than {MAX_MARKS} accents or marks on one letter", code)


def default_name(seat: int) -> str:
    return f"Player {seat + 1}"


def check_name(text: object, seat: int) -> str:
    """The display name ``text`` for ``seat``, tidied (NFKC, spaces collapsed), or a 400
    :class:`ApiError` saying plainly what is wrong with it."""
    if not isinstance(text, str):
        raise ApiError(400, "a name must be text", "bad_name")
    unseen_text(text, "a name", "bad_name")
    name = " ".join(unicodedata.normalize("NFKC", text).split())
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
    if _mixes_lookalikes(name):
        raise ApiError(400, f"'{name}' mixes alphabets with look-alike letters; write it in one alphabet", "bad_name")
    check_reserved(name, default_name(seat))
    return name


def check_unique(name: str, seat: int, names: Sequence[str | None]) -> None:
    """A 409 :class:`ApiError` if another seat of the game already goes by ``name`` or by a name
    that looks the same (any case, look-alike letters): the log must tell the players apart."""
    shape = skeleton(name)
    for other, taken in enumerate(names):
        if other != seat and taken and skeleton(taken) == shape:
            same = taken.casefold() == name.casefold()
            raise ApiError(409, f"{default_name(other)} is already called {taken}"
                           f"{'' if same else f', which looks the same as {name}'}; choose another name", "name_taken")
    for other in range(len(names)):
        if other != seat and shape == skeleton(default_name(other)):
            raise ApiError(409, f"'{name}' is the name of {default_name(other)}; choose another name", "name_taken")


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
