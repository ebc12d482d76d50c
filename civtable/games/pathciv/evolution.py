"""Phase C — Evolution and Purchase (PC-C): 1 Philosophy (PC-PHIL), 2 Wonders (PC-WON),
3 Leaders (PC-LEAD), with the acquisition-priority protocol (PC-PRIO).

Open claims (option ``claims=open``, the default; the Acquisition Priority Rule, PC-PRIO-2/3):
every seat that can afford a card takes part. Seeing everyone's cubes, each places them on a
card (``claim <card>``), moves them (``claim <other>``), takes them back (``withdraw``) or
confirms (``confirm``). A change makes every other seat taking part answer again. When every seat taking
part has confirmed with no change since, the priority track settles each contested card
(PC-PRIO-1): the outranked claimants' cubes stay on the card they lost and only those seats take
part in the next pass, where they must move them to another card they can afford (perhaps
claimed by someone else: a new comparison) or withdraw them, then confirm. Repeat until a
settlement outranks nobody; then each claimant pays and takes its card (PC-PRIO-4).

Why it ends (P-8): in one pass a seat changes its claim at most ``MAX_CHANGES`` times, and a
seat that confirms twice with no change of its own in between is done for the pass (its claim
stands; it is asked again only if outranked at the settlement), so every pass ends. Across
passes only outranked seats move, and never back onto a card they lost while someone still
claims it; a claimed card stays claimed, by ever higher priority, so each seat loses each card
at most once and the settlements end.

One-shot claims (option ``claims=once``, for fast simulations): every seat that can afford a card
claims one or passes (claims are public as soon as made); the losers of each settlement claim
again (any affordable card, except one they lost on while its winner still claims it) or pass;
repeat until nobody lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import Action

from .content import LEADERS, PHILOSOPHY, WONDERS
from .frames import Claim, FirstArrival, OpenClaims, PickBenefit, RevealTokens
from .player import gain
from .story import remember

if TYPE_CHECKING:
    from .state import PathState


# ----- 1. Philosophy ---------------------------------------------------------------------------
def run_philosophy(st: PathState) -> bool:
    c = st.content
    if st.stage == 0:
        st.stage = 1
        arrivals: dict[int, list[int]] = {}
        for seat, p in enumerate(st.players):
            # PC-PHIL-1/2/3: compulsory, exactly one level, the cost goes back to the reserve
            if p.phil < c.phil_top and p.trays[PHILOSOPHY] >= c.phil_costs[p.phil]:
                p.trays[PHILOSOPHY] -= c.phil_costs[p.phil]
                p.phil += 1
                arrivals.setdefault(p.phil, []).append(seat)
        st.phil_queue = [[lv, *seats] for lv, seats in sorted(arrivals.items())]
    while st.phil_queue:
        level, *seats = st.phil_queue[0]
        if not st.tokens[level]:  # never reached: its two tokens are turned up (PC-PHIL-4)
            st.stack.append(RevealTokens(level))
            return False
        if not st.faceup[level]:
            if len(seats) == 1:  # the only first arrival chooses which one goes face up
                st.phil_queue.pop(0)
                st.stack.append(FirstArrival(seats[0], level))
                return False
            st.faceup[level] = list(st.tokens[level])  # PC-PHIL-5: several first arrivals
        st.phil_queue.pop(0)
        if len(st.faceup[level]) == 1:  # PC-PHIL-6 / P-6: later arrivals take what is face up
            for s in seats:
                take_benefit(st, s, level, st.faceup[level][0])
        else:
            st.stack.append(PickBenefit(level, tuple(seats)))
            return False
    return True


def take_benefit(st: PathState, seat: int, level: int, token: int) -> None:
    c = st.content
    gain(c, st.players[seat], c.benefits[token].effect.times(c.phil_mult[level - 1]), st.round)


def legal_first(st: PathState, f: FirstArrival, seat: int) -> list[Action]:
    c = st.content
    return [Action("benefit", (c.benefits[t].id,)) for t in st.tokens[f.level]]


def apply_first(st: PathState, f: FirstArrival, seat: int, a: Action) -> None:
    t = st.content.benefit_index[str(a.args[0])]
    st.faceup[f.level] = [t]  # the other token goes face down for the rest of the game
    take_benefit(st, seat, f.level, t)
    st.pop()


def legal_pick(st: PathState, f: PickBenefit, seat: int) -> list[Action]:
    c = st.content
    return [Action("benefit", (c.benefits[t].id,)) for t in st.faceup[f.level]]


def apply_pick(st: PathState, f: PickBenefit, seat: int, a: Action) -> None:
    take_benefit(st, seat, f.level, st.content.benefit_index[str(a.args[0])])
    st.seat_done(seat)


# ----- 2. Wonders and 3. Leaders: claims ------------------------------------------------------
def market(st: PathState, kind: str) -> list[int]:
    return st.market_w if kind == "wonder" else st.market_l


def cost(st: PathState, kind: str, card: int) -> int:
    c = st.content
    return (c.wonders[card] if kind == "wonder" else c.leaders[card]).cost


def card_type(st: PathState, kind: str, card: int) -> int:
    c = st.content
    return (c.wonders[card] if kind == "wonder" else c.leaders[card]).type


def claim_options(st: PathState, kind: str, seat: int) -> list[int]:
    """Market cards ``seat`` may claim now (PC-WON-1, PC-LEAD-1, P-28, PC-PRIO-5)."""
    p = st.players[seat]
    tray = p.trays[WONDERS if kind == "wonder" else LEADERS]
    out = []
    for card in market(st, kind):
        if cost(st, kind, card) > tray:
            continue
        if card in p.lost and any(q.claim == card for i, q in enumerate(st.players) if i != seat):
            continue
        out.append(card)
    return out


def card_id(st: PathState, kind: str, card: int) -> str:
    c = st.content
    return (c.wonders[card] if kind == "wonder" else c.leaders[card]).id


MAX_CHANGES = 3
"""Most claims placed, moved or withdrawn by one seat in one pass of open claims."""


def _claimants(st: PathState, kind: str) -> tuple[int, ...]:
    """A claim step begins: every seat's claim is cleared; the seats that can afford a card of
    ``kind`` take part."""
    for p in st.players:
        p.claim = -1
        p.lost = []
    return tuple(s for s in range(st.game.num_players) if claim_options(st, kind, s))


def _run_claims(st: PathState, kind: str) -> bool:
    if st.game.options.get("claims", "open") == "open":
        return _run_open(st, kind)
    if st.stage == 0:
        seats = _claimants(st, kind)
        if not seats:
            return True
        st.stage = 1
        st.stack.append(Claim(kind, seats, 0))
        return False
    losers = settle(st, kind)
    again = tuple(s for s in losers if claim_options(st, kind, s))
    if again:
        st.stage += 1
        st.stack.append(Claim(kind, again, st.stage - 1))
        return False
    acquire(st, kind)
    return True


def _run_open(st: PathState, kind: str) -> bool:
    n = st.game.num_players
    if st.stage == 0:
        seats = _claimants(st, kind)
        if not seats:
            return True
        st.stage = 1
        st.stack.append(OpenClaims(kind, 0, seats, seats, (0,) * n, (0,) * n))
        return False
    losers = tuple(settle(st, kind, keep=True))  # every seat taking part confirmed: settle
    if losers:
        st.stage += 1
        st.stack.append(OpenClaims(kind, st.stage - 1, losers, losers, (0,) * n, (0,) * n))
        return False
    acquire(st, kind)
    return True


def outranked(st: PathState, seat: int) -> bool:
    """Are ``seat``'s cubes on a card it lost at the last settlement (it must move them)?"""
    p = st.players[seat]
    return p.claim >= 0 and p.claim in p.lost


def legal_open(st: PathState, f: OpenClaims, seat: int) -> list[Action]:
    p = st.players[seat]
    out: list[Action] = []
    if f.changes[seat] < MAX_CHANGES:
        out += [Action("claim", (card_id(st, f.kind, k),)) for k in claim_options(st, f.kind, seat) if k != p.claim]
        if p.claim >= 0:
            out.append(Action("withdraw"))
    if not outranked(st, seat):
        out.append(Action("confirm"))
    return out


def apply_open(st: PathState, f: OpenClaims, seat: int, a: Action) -> None:
    c = st.content
    changes, confirms = list(f.changes), list(f.confirms)
    active = f.active
    if a.kind == "confirm":
        confirms[seat] += 1
        seats = tuple(s for s in f.seats if s != seat)
        if confirms[seat] >= 2:  # confirmed twice with no change of its own: done for this pass
            active = tuple(s for s in active if s != seat)
    else:
        p = st.players[seat]
        if a.kind == "withdraw":
            p.claim = -1
        else:
            ident = str(a.args[0])
            p.claim = c.wonder_index[ident] if f.kind == "wonder" else c.leader_index[ident]
        changes[seat] += 1
        confirms[seat] = 0
        seats = active  # a change: every seat taking part answers again
    if seats:
        st.stack[-1] = f._replace(seats=seats, active=active, changes=tuple(changes), confirms=tuple(confirms))
    else:
        st.pop()


def open_prompt(st: PathState, f: OpenClaims) -> str:
    what = "Wonder" if f.kind == "wonder" else "Leader"
    if f.reclaim:
        # only the outranked decide in this pass; once their cubes are moved or back, they confirm
        return f"{what} claims: move your outranked cubes to another {what} or take them back, then confirm"
    return f"{what} claims: claim, move or withdraw your cubes, then confirm"


def settle(st: PathState, kind: str, keep: bool = False) -> list[int]:
    """Settle every contested card by the priority tracks (PC-PRIO-1); return the losers. With
    ``keep`` the losers' cubes stay on the card they lost (open claims: they must move them)."""
    c = st.content
    losers: list[int] = []
    by_card: dict[int, list[int]] = {}
    for seat, p in enumerate(st.players):
        if p.claim >= 0:
            by_card.setdefault(p.claim, []).append(seat)
    for card, seats in by_card.items():
        if len(seats) < 2:
            continue
        t = card_type(st, kind, card)
        winner = min(seats, key=lambda s: c.civs[st.players[s].civ].rank[t])
        for s in seats:
            if s != winner:
                if not keep:
                    st.players[s].claim = -1
                st.players[s].lost.append(card)
                losers.append(s)
    return sorted(losers)


def acquire(st: PathState, kind: str) -> None:
    """Each claimant pays and takes their card (PC-WON-3, PC-LEAD-2/3)."""
    c = st.content
    got = [[s, p.claim] for s, p in enumerate(st.players) if p.claim >= 0]
    holder = {card: s for s, card in got}
    lost = [[s, card, holder.get(card, -1)] for s, p in enumerate(st.players) for card in p.lost]
    if got or lost:
        remember(st, {"kind": "claims", "round": st.round, "what": kind, "got": got, "lost": lost})
    for p in st.players:
        card = p.claim
        if card < 0:
            continue
        if kind == "wonder":
            p.trays[WONDERS] -= c.wonders[card].cost
            st.market_w.remove(card)
            p.wonders.append(card)
            gain(c, p, c.wonders[card].bonus, st.round)
        else:
            p.trays[LEADERS] -= c.leaders[card].cost
            st.market_l.remove(card)
            if p.leader >= 0:
                p.cemetery.append(p.leader)  # P-17: the old Leader always goes to the Cemetery
            p.leader = card
            gain(c, p, c.leaders[card].instant, st.round)
        p.claim = -1
    for p in st.players:
        p.lost = []


def run_wonders(st: PathState) -> bool:
    return _run_claims(st, "wonder")


def run_leaders(st: PathState) -> bool:
    return _run_claims(st, "leader")


def legal_claim(st: PathState, f: Claim, seat: int) -> list[Action]:
    return [Action("claim", (card_id(st, f.kind, k),)) for k in claim_options(st, f.kind, seat)] + [Action("pass")]


def apply_claim(st: PathState, f: Claim, seat: int, a: Action) -> None:
    c = st.content
    p = st.players[seat]
    if a.kind == "pass":
        p.claim = -1
    else:
        ident = str(a.args[0])
        p.claim = c.wonder_index[ident] if f.kind == "wonder" else c.leader_index[ident]
    st.seat_done(seat)
