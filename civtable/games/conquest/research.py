"""Phase 9: Research.

Rulebook topic: a player rolls 1D12 on the Research table once for free, plus once per level of
Science (fixed at the start of the phase, A-20), and may buy more rolls with resources of any
kind — each bought roll costs more than the last. A roll gives 1 RP in the trait rolled; RP equal
to the next level raise the trait one level and start again at 0. The dice are the chance node
``roll <d12>``.
"""

from __future__ import annotations

from .content import T_SCIENCE, TRAITS
from .position import Position


def research_cost(s: Position) -> int:
    """Resources of any kind the next extra research roll costs."""
    return (s.paid_rolls + 1) * s.content.paid_roll_step


def begin_research(s: Position) -> bool:
    """Start the Research phase; False when there is nothing to roll and nothing affordable."""
    s.phase = "research"
    s.paid_rolls = 0
    s.rolls_due = s.content.free_rolls + s.level[s.active][T_SCIENCE]
    return bool(s.rolls_due or sum(s.pool) >= research_cost(s))


def research_roll(s: Position, face: int) -> bool:
    """Apply a research roll; False when the phase is over (no roll left, none affordable)."""
    p = s.active
    tr = s.content.research_table[face - 1]
    s.rp[p][tr] += 1
    if s.rp[p][tr] >= s.level[p][tr] + 1:
        s.level[p][tr] += 1
        s.rp[p][tr] = 0
    s.rolls_due -= 1
    s.last = {"research": TRAITS[tr], "roll": face, "level": s.level[p][tr], "rp": s.rp[p][tr]}
    return bool(s.rolls_due or sum(s.pool) >= research_cost(s))


def buy_roll(s: Position) -> None:
    """Buy one more roll. All categories are equally useless after research: the largest piles
    are spent first."""
    cost = research_cost(s)
    while cost:
        c = max(range(6), key=lambda i: s.pool[i])
        s.pool[c] -= 1
        cost -= 1
    s.paid_rolls += 1
    s.rolls_due += 1
