"""Log sentences for Inceptum actions (written before the action is applied)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import CHANCE, Action

from .content import RESOURCES
from .frames import (
    FREE_KINDS,
    Deal,
    Dice,
    HumbleBeginnings,
    Offer,
    Over,
    Pray,
    Redeal,
    Respond,
    Slot,
    StartRoll,
)
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
    if player == CHANCE and k == "resume":  # play going on after a held move: only what it pays
        return ""
    top = s.stack[-1] if s.stack else Over()
    try:
        if k == "dice":
            b, w = args
            extra = " (a six: the roller chooses)" if 6 in (b, w) else f": slot row {b}, column {w}"
            if isinstance(top, Dice):
                return f"{player_name(top.roller)} rolls black {b}, white {w}{extra}."
        if k == "trait":
            if isinstance(top, Deal | Redeal):
                seat = top.seat if isinstance(top, Deal) else top.seats[0]
                return f"{player_name(seat)} draws a trait card."
        if k == "startroll":
            if isinstance(top, StartRoll):
                return f"{player_name(top.contenders[len(top.rolls)])} rolls {args[0]} for the start player."
        if k == "hb":
            h = c.humble[c.humble_index[str(args[0])]]
            if isinstance(top, HumbleBeginnings):
                return f"{player_name(top.seat)} draws Humble Beginnings '{h.name}' ({_cost_text(h.resources)})."
        if k in ("keep", "redraw"):
            return f"{who} has decided about their trait."
        p = s.players[player]
        if k == "research":
            adv = c.advance_index[str(args[0])]
            free = isinstance(top, FREE_KINDS) or p.free_credit > 0
            price = "for free" if free else f"for {s.research_cost(p, adv)} Gold"
            return f"{who} researches {c.advances[adv].name} {price}."
        if k == "build":
            line = c.lines[c.line_index[str(args[0])]]
            return f"{who} will build a {line.levels[0].name}."
        if k == "wonder":
            won = c.wonders[c.wonder_index[str(args[0])]]
            return f"{who} will build {won.name} for {_cost_text(s.wonder_cost(p, won.idx))}."
        if k == "slot" and isinstance(top, Slot):
            what = c.lines[top.target].levels[0].name if top.kind == "b" else c.wonders[top.target].name
            free = top.kind == "b" and bool(top.free)
            cost = "" if top.kind == "w" else (" for free" if free else f" for {_cost_text(s.build_cost(p, top.target, 1))}")
            return f"{who} places {what} at row {args[0]}, column {args[1]}{cost}."
        if k == "upgrade":
            cell = p.city[(int(args[0]) - 1) * 5 + int(args[1]) - 1]
            if cell is not None:
                line = c.lines[cell[1]]
                free = isinstance(top, FREE_KINDS)
                cost = " for free" if free else f" for {_cost_text(s.build_cost(p, cell[1], cell[2] + 1))}"
                return f"{who} upgrades {line.levels[cell[2] - 1].name} to {line.levels[cell[2]].name}{cost}."
        if k == "assign":
            return f"{who} places an extra population token at row {args[0]}, column {args[1]}."
        if k == "bank":
            g = str(args[0])
            return f"{who} trades {s.bank_ratio(p, RESOURCES.index(g))} {g.title()} with the bank for 1 {str(args[1]).title()}."
        if k in ("offer", "give", "ask"):
            return ""  # composing an offer: the proposal says the whole of it
        if k == "propose" and isinstance(top, Offer):
            return f"{who} offers {player_name(top.partner)} {_cost_text(top.give)} for {_cost_text(top.ask)}."
        if k in ("accept", "decline") and isinstance(top, Respond):
            verb = "accepts" if k == "accept" else "declines"
            done = (f": {player_name(top.offerer)} gives {_cost_text(top.give)} and receives {_cost_text(top.ask)}"
                    if k == "accept" else "")
            return f"{who} {verb} {player_name(top.offerer)}'s trade offer{done}."
        if k == "take":
            return f"{who} takes 1 {str(args[0]).title()} from the bonus slot."
        if k == "pray":
            got = list(top.taken) if isinstance(top, Pray) else [0] * 5
            got[RESOURCES.index(str(args[0]))] += 1
            left = top.remaining - 1 if isinstance(top, Pray) else 0
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
