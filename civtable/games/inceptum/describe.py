"""Log sentences for Inceptum actions (written before the action is applied)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import CHANCE, Action

from .content import RESOURCES
from .narrate import describe_with_economy, player_name

if TYPE_CHECKING:
    from .state import InceptumState


def _cost_text(v: tuple[int, ...]) -> str:
    parts = [f"{x} {RESOURCES[r].title()}" for r, x in enumerate(v) if x]
    return ", ".join(parts) if parts else "nothing"


def describe(s: InceptumState, player: int, a: Action) -> str:
    """The log sentence of an action, with what it paid out (production, bonus slot). Composing a
    trade offer (offer, give, ask) writes nothing: the proposal says the whole offer."""
    return describe_with_economy(_describe(s, player, a), s, player, a)


def _describe(s: InceptumState, player: int, a: Action) -> str:
    c = s.c
    who = "Chance" if player == CHANCE else player_name(player)
    k = a.kind
    args = a.args
    top = s.stack[-1] if s.stack else ("",)
    try:
        if k == "dice":
            b, w = args
            extra = " (a six: the roller chooses)" if 6 in (b, w) else f": slot row {b}, column {w}"
            return f"{player_name(top[1])} rolls black {b}, white {w}{extra}."
        if k == "trait":
            seat = top[1] if top[0] == "deal" else top[1][0]
            return f"{player_name(seat)} draws a trait card."
        if k == "startroll":
            rolls = top[2]
            seat = top[1][len(rolls)]
            return f"{player_name(seat)} rolls {args[0]} for the start player."
        if k == "hb":
            h = c.humble[c.humble_index[str(args[0])]]
            return f"{player_name(top[1])} draws Humble Beginnings '{h.name}' ({_cost_text(h.resources)})."
        if k in ("keep", "redraw"):
            return f"{who} has decided about their trait."
        p = s.players[player]
        if k == "research":
            adv = c.advance_index[str(args[0])]
            free = top[0] in ("free", "gov") or p.free_credit > 0
            price = "for free" if free else f"for {s.research_cost(p, adv)} Gold"
            return f"{who} researches {c.advances[adv].name} {price}."
        if k == "build":
            line = c.lines[c.line_index[str(args[0])]]
            return f"{who} will build a {line.levels[0].name}."
        if k == "wonder":
            won = c.wonders[c.wonder_index[str(args[0])]]
            return f"{who} will build {won.name} for {_cost_text(s.wonder_cost(p, won.idx))}."
        if k == "slot":
            what = c.lines[top[3]].levels[0].name if top[2] == "b" else c.wonders[top[3]].name
            free = top[0] == "slot" and top[2] == "b" and top[4]
            cost = "" if top[2] == "w" else (" for free" if free else f" for {_cost_text(s.build_cost(p, top[3], 1))}")
            return f"{who} places {what} at row {args[0]}, column {args[1]}{cost}."
        if k == "upgrade":
            cell = p.city[(int(args[0]) - 1) * 5 + int(args[1]) - 1]
            if cell is not None:
                line = c.lines[cell[1]]
                free = top[0] in ("free", "gov")
                cost = " for free" if free else f" for {_cost_text(s.build_cost(p, cell[1], cell[2] + 1))}"
                return f"{who} upgrades {line.levels[cell[2] - 1].name} to {line.levels[cell[2]].name}{cost}."
        if k == "assign":
            return f"{who} places an extra population token at row {args[0]}, column {args[1]}."
        if k == "bank":
            g = str(args[0])
            return f"{who} trades {s.bank_ratio(p, RESOURCES.index(g))} {g.title()} with the bank for 1 {str(args[1]).title()}."
        if k in ("offer", "give", "ask"):
            return ""  # composing an offer: the proposal says the whole of it
        if k == "propose":
            return f"{who} offers {player_name(top[2])} {_cost_text(top[3])} for {_cost_text(top[4])}."
        if k in ("accept", "decline") and top[0] == "respond":
            verb = "accepts" if k == "accept" else "declines"
            done = (f": {player_name(top[2])} gives {_cost_text(top[3])} and receives {_cost_text(top[4])}"
                    if k == "accept" else "")
            return f"{who} {verb} {player_name(top[2])}'s trade offer{done}."
        if k == "take":
            return f"{who} takes 1 {str(args[0]).title()} from the bonus slot."
        if k == "pray":
            got = list(top[3]) if top[0] == "pray" else [0] * 5
            got[RESOURCES.index(str(args[0]))] += 1
            left = top[2] - 1 if top[0] == "pray" else 0
            rest = f" ({left} more to choose)" if left else ""
            return f"{who} prays for 1 {str(args[0]).title()}; the prayers have given {_cost_text(tuple(got))} so far{rest}."
        if k == "bonus":
            return f"{who} chooses row {args[0]}, column {args[1]} as the bonus slot."
        if k in ("row", "col"):
            return f"{who} chooses {'row' if k == 'row' else 'column'} {args[0]} for the bonus slot."
        if k == "benefit":
            ben = c.benefits[c.benefit_index[str(args[0])]]
            return f"{who} chooses the extra benefit '{ben.name}'."
        if k == "done":
            return f"{who} finishes the free actions."
        if k == "cancel":
            return f"{who} cancels."
        if k == "end":
            return f"{who} ends the turn."
    except (KeyError, IndexError, ValueError, TypeError):
        pass
    return f"{who}: {a.text()}"
