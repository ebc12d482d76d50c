"""The economy's story for the log: what each player received at production and from the bonus
slot, and what a trade exchanged. Sentences are computed by applying the action to a copy of the
state and reading the hands before and after, so they always agree with the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import CHANCE, Action

from .content import RESOURCES

if TYPE_CHECKING:
    from .state import InceptumState

# actions after which production or a bonus payout can happen
_ECONOMY = {"end", "dice", "row", "col", "bonus", "keep", "redraw", "startroll", "hb", "trait"}


def player_name(seat: int) -> str:
    """Players as people read them: 1-based."""
    return f"Player {seat + 1}"


def gains_text(delta: list[int]) -> str:
    parts = [f"{'+' if x > 0 else '−'}{abs(x)} {RESOURCES[r].title()}" for r, x in enumerate(delta) if x]
    return " ".join(parts) if parts else "nothing"


def _hands(s: InceptumState) -> list[list[int]]:
    return [list(p.hand) for p in s.players]


def economy(s: InceptumState, player: int, a: Action) -> str:
    """Sentences about resources the action hands out (production, bonus slot); '' if none."""
    if a.kind not in _ECONOMY or s.finished:
        return ""
    after = s.clone()
    try:
        after.apply_unchecked(a, player)
    except (KeyError, IndexError, ValueError, TypeError):
        return ""
    out = []
    before = _hands(s)
    now = _hands(after)
    deltas = [[now[i][r] - before[i][r] for r in range(5)] for i in range(s.n)]
    if after.round > s.round and not after.finished:
        paid = [f"{player_name(i)} {gains_text(d)}" for i, d in enumerate(deltas) if any(d)]
        out.append(f"Round {after.round} begins. Production: " + ("; ".join(paid) if paid else "nobody produces yet") + ".")
        return " ".join(out)
    if after.dice and after.dice[2] and (not s.dice or s.dice[2] != after.dice[2] or s.dice[3] != after.dice[3]
                                        or s.dice[:2] != after.dice[:2]):
        row, col = after.dice[2], after.dice[3]
        slot = (row - 1) * 5 + col - 1
        lines = []
        top = after.stack[-1] if after.stack else ("",)
        choices = top[1] if top[0] == "choice" else ()
        for i, p in enumerate(after.players):
            cell = p.city[slot]
            if cell is None:
                continue
            if cell[0] == 3:
                name = s.c.wonders[cell[1]].name
            else:
                name = s.c.lines[cell[1]].levels[cell[2] - 1].name
            more = f", and {choices[i]} of their choice" if choices and i < len(choices) and choices[i] else ""
            lines.append(f"{player_name(i)}'s {name}: {gains_text(deltas[i])}{more}")
        payees = "; ".join(lines) if lines else "nobody (no building there)"
        where = "The bonus slot" if a.kind == "dice" else f"Bonus slot row {row}, column {col}"
        out.append(f"{where} pays {payees}.")
        if any(x[0] == "pray" for x in after.stack):
            roller = next(x[1] for x in after.stack if x[0] == "pray")
            out.append(f"The dice sum {after.dice[0] + after.dice[1]}: {player_name(roller)}'s prayers are answered.")
    return " ".join(out)


def describe_with_economy(text: str, s: InceptumState, player: int, a: Action) -> str:
    extra = economy(s, player, a)
    if not extra:
        return text
    if player == CHANCE and a.kind == "dice":
        return f"{text} {extra}"
    return f"{text} {extra}" if text else extra
