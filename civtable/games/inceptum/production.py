"""Per-Turn Production (PTP) accounting (rulebook p. 9, 32, 35).

Every gain is kept uncapped in ``Player.gross``; the tracked PTP (``Player.ptp``) is the gross
value capped at 50 ("PTP Cap", p. 35), with Stone and Iron held at 0 until Cutting Tools /
Iron Working unlock them (p. 32). ``recalculate_ptp`` recomputes the tracker from scratch as
"Recalculating your PTP" (p. 35) says, to check the running totals.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .content import IRON, STONE
from .player import WONDER, Player

if TYPE_CHECKING:
    from .state import InceptumState


def gain(state: InceptumState, p: Player, gains: Iterable[int], all_amount: int) -> None:
    """Add PTP gains; Stone/Iron stay 0 while locked (p. 32) and PTP caps at 50 (p. 35)."""
    c = state.c
    cap = c.ptp_cap_value
    gross = p.gross
    ptp = p.ptp
    researched = p.researched
    for r, g in enumerate(gains):
        g += all_amount
        if not g:
            continue
        gross[r] += g
        if r == STONE and not researched >> c.stone_adv & 1:
            continue
        if r == IRON and not researched >> c.iron_adv & 1:
            continue
        ptp[r] = gross[r] if gross[r] < cap else cap


def refresh(state: InceptumState, p: Player, r: int) -> None:
    """Show the whole gross production of a resource that has just been unlocked."""
    cap = state.c.ptp_cap_value
    p.ptp[r] = p.gross[r] if p.gross[r] < cap else cap


def line_types(state: InceptumState, line_idx: int, level: int) -> tuple[bool, ...]:
    """Which resource types the first ``level`` levels of a building line produce."""
    line = state.c.lines[line_idx]
    total = [0] * 5
    for lv in line.levels[:level]:
        for r in range(5):
            total[r] += lv.gains[r]
    return tuple(x > 0 for x in total)


def recalculate_ptp(state: InceptumState, seat: int) -> list[int]:
    """PTP recalculated from scratch as the rulebook's 'Recalculating your PTP' says (p. 35):
    research + building tiles (with extra population) + wonders + government benefits."""
    p = state.players[seat]
    c = state.c
    total = [0, 0, 0, 0, 0]
    for a in c.advances:
        if p.researched & a.bit:
            for r in range(5):
                total[r] += a.gains[r] + a.gains_all
    for cell in p.city:
        if cell is None or cell[0] == WONDER:
            continue
        line = c.lines[cell[1]]
        for lv in line.levels[: cell[2]]:
            for r in range(5):
                total[r] += lv.gains[r]
        if cell[3] > 1:
            for r, on in enumerate(line_types(state, cell[1], cell[2])):
                if on:
                    total[r] += cell[3] - 1
    for w in c.wonders:
        if p.wonders & w.bit and w.idx not in p.pending_end:
            for e in w.effects:
                if e.type == "production" and e.timing != "next_turn" or e.type == "production_all":
                    for r in range(5):
                        total[r] += e.gains[r] + (e.amount if e.type == "production_all" else 0)
    for b in c.benefits:
        if p.benefits & b.bit:
            for e in b.effects:
                if e.type in ("production", "production_all"):
                    for r in range(5):
                        total[r] += e.gains[r] + (e.amount if e.type == "production_all" else 0)
    cap = c.ptp_cap_value
    out = [min(cap, x) for x in total]
    if not p.researched >> c.stone_adv & 1:
        out[STONE] = 0
    if not p.researched >> c.iron_adv & 1:
        out[IRON] = 0
    return out
