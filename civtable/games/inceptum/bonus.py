"""Roll for bonus production and praying (rulebook p. 11, 33).

At the start of a turn the player rolls the black (row) and white (column) dice; a six lets
them choose the row, column or slot. Every player with a structure in that slot gets bonus
production: Gold and the building's resource for a resource building, Gold and a resource of
their choice for a special building, a resource of their choice for a wonder. If the dice sum
reaches the praying threshold, the roller's best temple answers their prayers with resources of
their choice (p. 33).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import Action

from .content import GOLD, RES_INDEX, ZERO
from .frames import BonusChoice, BonusSlot, Dice, Pray
from .player import RESBLD, SPECBLD

if TYPE_CHECKING:
    from .state import InceptumState


def dice_outcomes(state: InceptumState) -> list[tuple[Action, float]]:
    return state.t.dice_outcomes


def apply_dice(state: InceptumState, f: Dice, action: Action, player: int) -> None:
    b, w = int(action.args[0]), int(action.args[1])
    state.stack.pop()
    if b == 6 or w == 6:
        state.dice = (b, w, 0, 0)
        state.stack.append(BonusSlot(f.roller, b, w))
    else:
        resolve_bonus(state, f.roller, b, w, b, w)


def legal_bonus_slot(state: InceptumState, f: BonusSlot, player: int | None) -> list[Action]:
    if player is not None and player != f.seat:
        return []
    if f.black == 6 and f.white == 6:
        return list(state.t.bonus)
    if f.black == 6:
        return list(state.t.row)
    return list(state.t.col)


def apply_bonus_slot(state: InceptumState, f: BonusSlot, action: Action, player: int) -> None:
    kind = action.kind
    b, w = f.black, f.white
    if kind == "bonus":
        row, col = int(action.args[0]), int(action.args[1])
    elif kind == "row":
        row, col = int(action.args[0]), w
    else:
        row, col = b, int(action.args[0])
    state.stack.pop()
    resolve_bonus(state, f.seat, b, w, row, col)


def resolve_bonus(state: InceptumState, roller: int, b: int, w: int, row: int, col: int) -> None:
    """Bonus production for every player with a structure in the slot (p. 11), then
    praying for the roller (p. 33)."""
    state.dice = (b, w, row, col)
    slot = (row - 1) * 5 + col - 1
    c = state.c
    rules = c.rules
    choices = [0] * state.n
    for i, p in enumerate(state.players):
        cell = p.city[slot]
        if cell is None:
            continue
        if cell[0] == RESBLD:
            res = c.lines[cell[1]].resource
            p.hand[GOLD] += rules["bonus_resource_building"]
            p.hand[res] += rules["bonus_resource_building"]
        elif cell[0] == SPECBLD:
            p.hand[GOLD] += rules["bonus_special_building"]
            choices[i] = rules["bonus_special_building"]
        else:
            choices[i] = rules["bonus_wonder"]
    roller_p = state.players[roller]
    total = b + w
    threshold = rules["pray_threshold"]
    answered = total >= threshold if state.opt["pray_rule"] == "at_least" else total > threshold
    if answered:
        best = None
        for cell in roller_p.city:
            if cell is not None and cell[0] == SPECBLD:
                lv = c.lines[cell[1]].levels[cell[2] - 1]
                if lv.pray and (best is None or lv.pray[0] > best[0]):
                    best = lv.pray
        if best:
            state.stack.append(Pray(roller, best[0], ZERO, best[1]))
    if any(choices):
        state.stack.append(BonusChoice(tuple(choices)))


def legal_choice(state: InceptumState, f: BonusChoice, player: int | None) -> list[Action]:
    """Everyone owed a bonus resource of their choice picks at once (any order)."""
    if player is None:
        seats = [i for i, r in enumerate(f.remaining) if r > 0]
        if len(seats) != 1:
            return []
        player = seats[0]
    if player < 0 or player >= state.n or f.remaining[player] <= 0:
        return []
    return list(state.t.take)


def apply_choice(state: InceptumState, f: BonusChoice, action: Action, player: int) -> None:
    r = RES_INDEX[str(action.args[0])]
    state.players[player].hand[r] += 1
    remaining = list(f.remaining)
    remaining[player] -= 1
    if any(remaining):
        state.stack[-1] = BonusChoice(tuple(remaining))
    else:
        state.stack.pop()


def legal_pray(state: InceptumState, f: Pray, player: int | None) -> list[Action]:
    if player is not None and player != f.seat:
        return []
    return [state.t.pray[r] for r in range(5) if f.taken[r] < f.limit]


def apply_pray(state: InceptumState, f: Pray, action: Action, player: int) -> None:
    r = RES_INDEX[str(action.args[0])]
    state.players[f.seat].hand[r] += 1
    taken = list(f.taken)
    taken[r] += 1
    if f.remaining > 1:
        state.stack[-1] = Pray(f.seat, f.remaining - 1, tuple(taken), f.limit)
    else:
        state.stack.pop()

