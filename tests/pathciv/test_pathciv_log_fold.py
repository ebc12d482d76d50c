"""A Project's cards placed one by one, agents deployed one by one and Research points gained one
by one read as one line per seat in the log people read (the page's log listed "Player 3 (Mayan)
places a Technology face down for the Project." four times in a row, a third of a game's lines
were such repeats); every card, agent and point is still told, and the record keeps every action."""

from __future__ import annotations

import re
from collections import Counter

from civtable.bots import make_bot
from civtable.core import Session, make_game, observe
from civtable.core.words import fold_lines
from civtable.games.pathciv.fold import fold_project_lines as fold

COUNTED = [
    (re.compile(r"^(.+?) places (a|\d+) Technolog(?:y|ies) face down"), "card"),
    (re.compile(r"^(.+?) deploys (one|\d+) (\w+?)s?\.$"), "agent"),
    (re.compile(r"^(.+?) gains (\d+) (\w+) Research points?\.$"), "point"),
]


def tally(lines: list[str]) -> Counter[tuple[str, ...]]:
    out: Counter[tuple[str, ...]] = Counter()
    for line in lines:
        for pattern, kind in COUNTED:
            m = pattern.match(line)
            if m:
                n = 1 if m[2] in ("a", "one") else int(m[2])
                out[(kind, m[1], *m.groups()[2:])] += n
    return out


def test_lines_of_one_seat_and_kind_fold() -> None:
    card = "Player 3 (Mayan) places a Technology face down for the Project."
    assert fold(card, card) == "Player 3 (Mayan) places 2 Technologies face down for the Project."
    assert fold("Ada (Roman) places 3 Technologies face down for the Project.", "Ada (Roman) places a Technology face "
                "down for the Project.") == "Ada (Roman) places 4 Technologies face down for the Project."
    assert fold(card, "Player 2 (Egyptian) places a Technology face down for the Project.") is None
    assert fold("Player 1 deploys one Sage.", "Player 1 deploys one Sage.") == "Player 1 deploys 2 Sages."
    assert fold("Player 1 deploys 2 Sages.", "Player 1 deploys one Builder.") is None
    assert fold("Player 2 gains 1 Spiritual Research point.", "Player 2 gains 1 Spiritual Research point.") == \
        "Player 2 gains 2 Spiritual Research points."
    assert fold("Player 2 gains 1 Spiritual Research point.", "Player 2 gains 1 Cultural Research point.") is None
    assert fold(card, "Player 3 (Mayan) deploys one Sage.") is None
    assert fold_lines(fold, ["a", card, card, card, "b"]) == [
        "a", "Player 3 (Mayan) places 3 Technologies face down for the Project.", "b"]


def test_a_game_reads_in_fewer_lines_and_tells_everything() -> None:
    game = make_game("pathciv", {"players": 3})
    session = Session(game, 3, ["random"] * 3)
    said: list[str] = []
    session.listeners.append(lambda _s, _p, _a, text: said.append(text) if text else None)
    bots = [make_bot("random", game, p, 3) for p in range(3)]
    while True:
        session.resolve_chance()
        d = session.state.decision()
        if not d.players or session.state.result().rounds >= 4:
            break
        p = d.players[0]
        session.apply(bots[p].decide(observe(session.state, p)), p)
    told = fold_lines(game.fold_log, said)
    assert len(told) < len(said) * 0.8, (len(told), len(said))
    assert all(game.fold_log(a, b) is None for a, b in zip(told, told[1:], strict=False))  # nothing left to fold
    assert tally(told) == tally(said) and tally(said)  # every card, agent and point, by seat and kind
