"""Trade (rulebook p. 12, 33): with the bank at its ratio after Trade Routes, and offers
between players.

An offer is composed one resource at a time (``Offer``: what to give, what to ask for), then
proposed; the other player accepts — if they can pay — or declines (``Respond``). A turn allows
a limited number of offers so that automated play ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import Action

from . import actions as A
from .content import RES_INDEX
from .costs import bank_ratio
from .frames import Offer, Respond
from .player import Player

if TYPE_CHECKING:
    from .state import InceptumState


def trade_with_bank(state: InceptumState, p: Player, give: int, get: int) -> None:
    p.hand[give] -= bank_ratio(state, p, give)
    p.hand[get] += 1


def legal_offer(state: InceptumState, f: Offer, player: int | None) -> list[Action]:
    if player is not None and player != f.seat:
        return []
    hand = state.players[f.seat].hand
    give, ask = f.give, f.ask
    t = state.t
    limit = state.game.offer_limit
    out: list[Action] = []
    if sum(give) < limit:
        out = [t.give[r] for r in range(5) if hand[r] > give[r] and not ask[r]]
    if sum(ask) < limit:
        out += [t.ask[r] for r in range(5) if not give[r]]
    if any(give) and any(ask):
        out.append(A.PROPOSE)
    out.append(A.CANCEL)
    return out


def apply_offer(state: InceptumState, f: Offer, action: Action, player: int) -> None:
    kind = action.kind
    if kind == "cancel":
        state.stack.pop()
        return
    if kind == "propose":
        state.stack[-1] = Respond(f.partner, f.seat, f.give, f.ask)
        return
    r = RES_INDEX[str(action.args[0])]
    if kind == "give":
        give = list(f.give)
        give[r] += 1
        state.stack[-1] = Offer(f.seat, f.partner, tuple(give), f.ask)
    else:
        ask = list(f.ask)
        ask[r] += 1
        state.stack[-1] = Offer(f.seat, f.partner, f.give, tuple(ask))


def legal_respond(state: InceptumState, f: Respond, player: int | None) -> list[Action]:
    if player is not None and player != f.seat:
        return []
    q = state.players[f.seat]
    ok = all(q.hand[r] >= f.ask[r] for r in range(5))
    return [A.ACCEPT, A.DECLINE] if ok else [A.DECLINE]


def apply_respond(state: InceptumState, f: Respond, action: Action, player: int) -> None:
    state.stack.pop()
    if action.kind == "accept":
        a, b = state.players[f.offerer], state.players[f.seat]
        give, ask = f.give, f.ask
        for r in range(5):
            a.hand[r] += ask[r] - give[r]
            b.hand[r] += give[r] - ask[r]
