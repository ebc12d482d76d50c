"""What a seat had in a game, as features of the seat table, and each one's effect on winning.

A *factor* is a yes/no feature of a seat in a game:

* ``turn`` — the seat took the first turn (the game's turn order, read once round 1 is under way);
* ``group`` — its trait or civilization (``Trait 'Expansionist'``);
* ``element`` — a content element it *chose* to hold: an advance researched, a wonder built, a
  benefit taken, a government;
* ``outcome`` — something it *reached*, which follows from playing well rather than being a lever
  (the age reached in Inceptum; a game lists them in ``OUTCOME_FIELDS`` of its metrics hooks):
  reported apart, never called an imbalance;
* ``bot`` — the bot that played it, when the seats do not all run the same one.

Each factor gets its effect on the win rate (win rate with it minus without it, in points, with a
game-clustered interval) and a per-game permutation test (see :mod:`civtable.sim.effects`); the
p-values of the choices (turn, group, element, bot) are corrected together with
Benjamini–Hochberg, the outcomes' apart. A factor is a *finding* only when it is significant
**and** its effect reaches the practical threshold (5 points unless the study says otherwise).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .effects import SeatTable, permutation_p, rate_difference, seat_table
from .metrics import GROUP_KEYS
from .stats import benjamini_hochberg

THRESHOLD = 0.05
"""Effects smaller than this (in shares of a win: 5 points) are not called imbalances."""
FDR = 0.05
NOT_ELEMENTS = frozenset({"seat", "bot", "won"})
DEFAULT_OUTCOMES = frozenset({"age"})
KIND_TITLES = {
    "trait": "Trait",
    "civ": "Civilization",
    "civilization": "Civilization",
    "faction": "Faction",
    "objective": "Objective",
    "government": "Government",
    "age": "Age reached",
    "advances": "Advance",
    "wonders": "Wonder",
    "benefits": "Government benefit",
    "building_lines": "Building",
    "cards": "Card",
}


def kind_title(field: str, titles: dict[str, str] | None = None) -> str:
    if titles and field in titles:
        return titles[field]
    if field in KIND_TITLES:
        return KIND_TITLES[field]
    word = field.replace("_", " ")
    return (word[:-1] if word.endswith("s") else word).capitalize()


@dataclass
class Factor:
    key: str  # "turn:first", "group:Expansionist", "element:benefits/production_all_2", "bot:greedy"
    kind: str  # "turn", "group", "element", "outcome", "bot"
    label: str  # how a person reads it
    x: np.ndarray  # bool per row of the seat table
    field: str = ""
    ident: str = ""
    title: str = ""  # "Government benefit"
    name: str = ""  # "Production of all resources +2"


def group_of(seat: dict[str, Any]) -> tuple[str, str] | None:
    for key in GROUP_KEYS:
        value = seat.get(key)
        if isinstance(value, str) and value:
            return key, value
    return None


def held_elements(seat: dict[str, Any], skip: str = "") -> list[tuple[str, str]]:
    """The (field, id) elements a seat row holds (text fields and lists of texts)."""
    out: list[tuple[str, str]] = []
    for key, value in seat.items():
        if key in NOT_ELEMENTS or key == skip:
            continue
        if isinstance(value, str) and value:
            out.append((key, value))
        elif isinstance(value, list) and value and all(isinstance(x, str) for x in value):
            out.extend((key, x) for x in dict.fromkeys(value))
    return out


def turn_positions(games: Sequence[dict[str, Any]]) -> list[int | None]:
    """Each seat row's place in the turn order (0 = first), in seat-table order: the recorded
    ``turn_order`` of the game, or the order round the table from ``first_player``."""
    out: list[int | None] = []
    for g in games:
        if not g.get("finished"):
            continue
        n = len(g["seats"])
        order = g.get("turn_order")
        fp = g.get("first_player")
        for seat in g["seats"]:
            s = seat["seat"]
            if isinstance(order, list) and s in order:
                out.append(order.index(s))
            elif isinstance(fp, int):
                out.append((s - fp) % n)
            else:
                out.append(None)
    return out


@dataclass
class FactorSet:
    table: SeatTable
    factors: list[Factor]
    positions: list[int | None]
    players: int
    group_field: str
    untestable: list[dict[str, Any]]


def build_factors(
    games: Sequence[dict[str, Any]],
    names: dict[str, dict[str, str]] | None = None,
    titles: dict[str, str] | None = None,
    outcomes: frozenset[str] = DEFAULT_OUTCOMES,
    bot_name: Callable[[str], str] | None = None,
) -> FactorSet:
    names = names or {}
    table, seats = seat_table(games)
    rows = table.rows
    positions = turn_positions(games)
    players = max((len(g["seats"]) for g in games if g.get("finished")), default=0)
    factors: list[Factor] = []
    if rows and any(p is not None for p in positions):
        first = np.array([p == 0 for p in positions], dtype=bool)
        factors.append(Factor("turn:first", "turn", "the first player", first, "turn", "first", "Turn order", "first player"))
    group_field = ""
    groups: dict[str, list[int]] = defaultdict(list)
    bots: dict[str, list[int]] = defaultdict(list)
    held: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, seat in enumerate(seats):
        gk = group_of(seat)
        if gk is not None:
            group_field = gk[0]
            groups[names.get(gk[0], {}).get(gk[1], gk[1])].append(i)
        bots[str(seat.get("bot", ""))].append(i)
        for el in held_elements(seat, skip=gk[0] if gk else ""):
            held[el].append(i)

    def vec(idx: list[int]) -> np.ndarray:
        x = np.zeros(rows, dtype=bool)
        x[idx] = True
        return x

    title = kind_title(group_field, titles) if group_field else ""
    for name, idx in sorted(groups.items()):
        factors.append(Factor(f"group:{name}", "group", f"{title} '{name}'", vec(idx), group_field, name, title, name))
    if len(bots) > 1:
        for name, idx in sorted(bots.items()):
            label = f"The {bot_name(name)}" if bot_name else f"Bot '{name}'"  # the lobby's words, given them
            factors.append(Factor(f"bot:{name}", "bot", label, vec(idx), "bot", name, "Bot", name))
    untestable: list[dict[str, Any]] = []
    for (fld, ident), idx in sorted(held.items()):
        name = names.get(fld, {}).get(ident, ident)
        kind = "outcome" if fld in outcomes else "element"
        label = f"{kind_title(fld, titles)} '{name}'"
        if len(idx) >= rows:
            untestable.append({"field": fld, "kind": kind_title(fld, titles), "id": ident, "name": name,
                               "held_by_seats": len(idx), "seats": rows})
            continue
        factors.append(Factor(f"{kind}:{fld}/{ident}", kind, label, vec(idx), fld, ident, kind_title(fld, titles), name))
    return FactorSet(table, factors, positions, players, group_field, untestable)


def factor_row(fs: FactorSet, f: Factor) -> dict[str, Any]:
    """The marginal effect of one factor: win rates with and without, their difference with its
    game-clustered interval, the shares among winners and seats, and the per-game test."""
    t = fs.table
    diff = rate_difference(t, f.x)
    test = permutation_p(t, f.x)
    winners = int(t.winner.sum())
    held_w = int((f.x & t.winner).sum())
    games_with = int(np.unique(t.game[f.x]).size)
    return {
        "key": f.key, "kind": f.kind, "label": f.label, "field": f.field, "id": f.ident, "title": f.title, "name": f.name,
        "with": round(diff["with"], 4), "without": round(diff["without"], 4),
        "n_with": int(diff["n_with"]), "n_without": int(diff["n_without"]),
        "effect": round(diff["diff"], 4), "ci": [round(diff["ci"][0], 4), round(diff["ci"][1], 4)],
        "held_by_winners": held_w, "winners": winners, "held_by_seats": int(diff["n_with"]), "seats": t.rows,
        "games_with": games_with, "games": t.games,
        "p": test["p"], "exact": bool(test["exact"]),
    }


def assess(fs: FactorSet, threshold: float = THRESHOLD, fdr: float = FDR) -> list[dict[str, Any]]:
    """Every factor's row, BH-corrected by family (choices together, outcomes apart), with
    ``significant`` and ``finding`` (significant and at least ``threshold`` in size)."""
    rows = [factor_row(fs, f) for f in fs.factors]
    for family in (("turn", "group", "element", "bot"), ("outcome",)):
        members = [r for r in rows if r["kind"] in family and r["effect"] == r["effect"]]
        rejected, adjusted = benjamini_hochberg([r["p"] for r in members], fdr) if members else ([], [])
        for r, rej, adj in zip(members, rejected, adjusted):
            r["p_adjusted"] = adj
            r["significant"] = bool(rej)
            r["finding"] = bool(rej and abs(r["effect"]) >= threshold and r["kind"] != "outcome")
    for r in rows:
        r.setdefault("p_adjusted", 1.0)
        r.setdefault("significant", False)
        r.setdefault("finding", False)
    rows.sort(key=lambda r: (not r["finding"], not r["significant"],
                             -round(abs(r["effect"]), 3) if r["effect"] == r["effect"] else 0,
                             -r["effect"] if r["effect"] == r["effect"] else 0, r["held_by_seats"]))
    return rows
