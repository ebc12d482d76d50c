"""Masteries and the Civilisation Tree.

* A card joins the Tree on a free square sharing a full side with a card already there; on every
  shared side the two half-Nodus must form a full Nodus: same colour, or Vestigium with a colour
  (never Vestigium with Vestigium); Corruptio joins nothing (DOM-TREE, option ``nodus_match``).
* A Mastery costs its value (3/6/9) in its own colour, less discounts; value-9 cards need another
  Mastery of the prerequisite Domain and value; one copy of a Mastery per Tree (DOM-DEV).
* Upgrading flips an owned card to Advanced for its printed cost; its Advanced side replaces
  the basic side's lasting effects and its VP/Influence score at once.
* End of Age: the Influence leader may assimilate a Mastery seen in another Tree (DOM-INF).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from civtable.core import Action

from . import narrate
from .content import CORR, VEST, Effect
from .frames import Assimilate
from .reserve import CARDS, converts, gain, refresh_limits

if TYPE_CHECKING:
    from .state import DominationsState, Player

SIDES = ((0, 1), (1, 0), (0, -1), (-1, 0))  # north, east, south, west


class Mods(NamedTuple):
    """The lasting effects of a Tree, summed once whenever the Tree changes."""

    limit: tuple[int, ...]
    city_discount: int
    mastery_discount: tuple[int, ...]
    on_produce: tuple[int, ...]
    camp_bonus: int
    on_locus: tuple[int, ...]  # 7: colours then Vestigium
    turn_start: tuple[int, ...]
    age_end: tuple[int, ...]
    carry: tuple[int, ...]
    hand_size: int
    final: tuple[Effect, ...]


def card_nodus(s: DominationsState, card: tuple[int, int, int]) -> tuple[int, int, int, int]:
    kind, ref, copy = card
    if kind == 0:
        return s.c.campfires[ref].nodus
    if kind == 1:
        return s.c.masteries[ref].copies[copy]
    return s.c.monuments[ref // 8].levels[ref % 8].nodus


def joins(a: int, b: int) -> bool:
    """Do two half-Nodus form a full Nodus?"""
    if a == CORR or b == CORR:
        return False
    if a == VEST:
        return b != VEST
    return b == VEST or a == b


def fits(s: DominationsState, p: Player, nodus: tuple[int, ...], x: int, y: int) -> bool:
    """May a card with ``nodus`` go at (x, y) in the Tree?"""
    if (x, y) in p.tree:
        return False
    shared = good = 0
    for k, (dx, dy) in enumerate(SIDES):
        other = p.tree.get((x + dx, y + dy))
        if other is None:
            continue
        shared += 1
        if joins(nodus[k], card_nodus(s, other)[(k + 2) % 4]):
            good += 1
    if s.opt["nodus_match"] == "all":
        return shared > 0 and good == shared
    return good > 0


def open_squares(p: Player) -> list[tuple[int, int]]:
    out = set()
    for x, y in p.tree:
        for dx, dy in SIDES:
            if (x + dx, y + dy) not in p.tree:
                out.add((x + dx, y + dy))
    return sorted(out)


def needs(s: DominationsState, p: Player) -> list[tuple[tuple[int, int], tuple[tuple[int, int], ...]]]:
    """Each free square next to the Tree with what it faces: (side, the neighbour's half-Nodus)."""
    out = []
    for x, y in open_squares(p):
        faces = []
        for k, (dx, dy) in enumerate(SIDES):
            other = p.tree.get((x + dx, y + dy))
            if other is not None:
                faces.append((k, card_nodus(s, other)[(k + 2) % 4]))
        out.append(((x, y), tuple(faces)))
    return out


def fits_faces(nodus: tuple[int, ...], faces: tuple[tuple[int, int], ...], every: bool) -> bool:
    good = sum(1 for k, other in faces if joins(nodus[k], other))
    return good == len(faces) if every else good > 0


def spots(s: DominationsState, seat: int, nodus: tuple[int, ...],
          squares: list[tuple[tuple[int, int], tuple[tuple[int, int], ...]]] | None = None) -> list[tuple[int, int]]:
    every = s.opt["nodus_match"] == "all"
    if squares is None:
        squares = needs(s, s.players[seat])
    return [xy for xy, faces in squares if fits_faces(nodus, faces, every)]


def nodus_count(s: DominationsState, p: Player, colour: int) -> int:
    """Full Nodus of ``colour`` in a Tree (a Vestigium half counts as the other half's colour)."""
    n = 0
    for (x, y), card in p.tree.items():
        for k in (0, 1):  # north and east: each pair counted once
            other = p.tree.get((x + SIDES[k][0], y + SIDES[k][1]))
            if other is None:
                continue
            a, b = card_nodus(s, card)[k], card_nodus(s, other)[k + 2]
            if joins(a, b) and (a if a != VEST else b) == colour:
                n += 1
    return n


def side_effects(s: DominationsState, p: Player) -> list[Effect]:
    out: list[Effect] = []
    for m, adv in p.owned.items():
        card = s.c.masteries[m]
        out += card.advanced if adv else card.basic
    for m, lv in p.levels:
        out += s.c.monuments[m].levels[lv].effects
    return out


def refresh(s: DominationsState, p: Player) -> None:
    limit = [0] * 6
    md = [0] * 6
    onp = [0] * 6
    loc = [0] * 7
    ts = [0] * 7
    ae = [0] * 7
    carry = [0] * 6
    cd = cb = hs = 0
    final = []
    for e in side_effects(s, p):
        if e.do == "limit":
            limit[e.colour] = max(limit[e.colour], e.n)
        elif e.do == "city_discount":
            cd += e.n
        elif e.do == "mastery_discount":
            md[e.colour] += e.n
        elif e.do == "on_produce":
            onp[e.colour] += e.n
        elif e.do == "camp_bonus":
            cb += e.n
        elif e.do == "on_locus":
            loc[e.colour] += e.n
        elif e.do == "turn_start":
            ts[e.colour] += e.n
        elif e.do == "age_end":
            ae[e.colour] += e.n
        elif e.do == "carry":
            carry[e.colour] += e.n
        elif e.do == "hand_size":
            hs += e.n
        elif e.do == "final_vp":
            final.append(e)
    p.mods = Mods(tuple(limit), cd, tuple(md), tuple(onp), cb, tuple(loc), tuple(ts), tuple(ae), tuple(carry),
                  hs, tuple(final))


def immediate(s: DominationsState, seat: int, effects: tuple[Effect, ...]) -> None:
    """The at-once part of a card's effects: VP, Influence, Gained Knowledge (DOM-DEV-4)."""
    p = s.players[seat]
    counts = [0] * 6
    vest = 0
    for e in effects:
        if e.do == "vp":
            p.score(CARDS, e.n)
        elif e.do == "influence":
            p.influence += e.n
        elif e.do == "gain":
            if e.colour == VEST:
                vest += e.n
            else:
                counts[e.colour] += e.n
    if any(counts) or vest:
        gain(s, seat, counts, vest)


# ----- Masteries ------------------------------------------------------------------------------------
def mastery_cost(s: DominationsState, seat: int, m: int) -> int:
    card = s.c.masteries[m]
    return max(0, card.value - s.players[seat].mods.mastery_discount[card.colour])


def prerequisite_met(s: DominationsState, p: Player, m: int) -> bool:
    pre = s.c.masteries[m].prerequisite
    if pre is None:
        return True
    colour, value = pre
    return any(s.c.masteries[o].colour == colour and s.c.masteries[o].value >= value for o in p.owned if o != m)


def can_take(s: DominationsState, seat: int, m: int) -> bool:
    """Rule of 1, a copy in supply and the prerequisite (placement checked per copy)."""
    p = s.players[seat]
    return m not in p.owned and s.supply[m] != 0 and prerequisite_met(s, p, m)


def take_actions(s: DominationsState, seat: int, kind: str, masteries: list[int]) -> list[Action]:
    out = []
    squares = needs(s, s.players[seat])
    for m in masteries:
        card = s.c.masteries[m]
        for copy in range(4):
            if s.supply[m] >> copy & 1:
                for x, y in spots(s, seat, card.copies[copy], squares):
                    out.append(Action(kind, (card.id, copy + 1, x, y)))
    return out


def band(s: DominationsState, influence: int) -> int:
    """Highest Mastery value the Influence allows to assimilate (DOM-INF-3)."""
    low, high = s.c.rules["influence_bands"]
    return 3 if influence <= low else 6 if influence <= high else 9


def assimilable(s: DominationsState, seat: int) -> tuple[list[int], list[int]]:
    """(Masteries to take, own Masteries to flip) for the Influence leader."""
    p = s.players[seat]
    top = band(s, p.influence)
    seen: set[int] = set()
    adv: set[int] = set()
    for q, other in enumerate(s.players):
        if q != seat:
            seen.update(other.owned)
            adv.update(m for m, a in other.owned.items() if a)
    take = sorted(m for m in seen if s.c.masteries[m].value <= top and can_take(s, seat, m))
    flip = sorted(m for m in adv if s.c.masteries[m].value <= top and m in p.owned and not p.owned[m])
    return take, flip


def legal(s: DominationsState, top: Any) -> list[Action]:
    seat = top.seat
    p = s.players[seat]
    if isinstance(top, Assimilate):
        take, flip = assimilable(s, seat)
        return take_actions(s, seat, "assimilate", take) + [Action("flip", (s.c.masteries[m].id,)) for m in flip] + [Action("pass")]
    cands = [m for m in range(len(s.c.masteries)) if p.stock[s.c.masteries[m].colour] >= mastery_cost(s, seat, m)
             and can_take(s, seat, m)]
    out = take_actions(s, seat, "develop", cands)
    out += [Action("advance", (s.c.masteries[m].id,)) for m, a in sorted(p.owned.items())
            if not a and p.stock[s.c.masteries[m].colour] >= s.c.masteries[m].upgrade_cost]
    return out + [Action("pass")] + converts(s, p)


def place_mastery(s: DominationsState, seat: int, m: int, copy: int, x: int, y: int) -> None:
    p = s.players[seat]
    s.supply[m] &= ~(1 << copy)
    p.owned[m] = False
    p.tree[(x, y)] = (1, m, copy)
    refresh(s, p)
    refresh_limits(s, seat)
    immediate(s, seat, s.c.masteries[m].basic)


def flip(s: DominationsState, seat: int, m: int) -> None:
    p = s.players[seat]
    p.owned[m] = True
    refresh(s, p)
    refresh_limits(s, seat)
    immediate(s, seat, s.c.masteries[m].advanced)


def apply(s: DominationsState, top: Any, a: Action) -> None:
    seat = top.seat
    k = a.kind
    s.stack.pop()
    if isinstance(top, Assimilate):
        what = ("assimilates nothing" if k == "pass" else
                f"assimilates {s.c.masteries[s.c.mastery_index[str(a.args[0])]].name}" if k == "assimilate" else
                f"turns its {s.c.masteries[s.c.mastery_index[str(a.args[0])]].name} to the Advanced side")
        narrate.assimilation(s, seat, what)
    if k == "pass":
        return
    m = s.c.mastery_index[str(a.args[0])]
    card = s.c.masteries[m]
    p = s.players[seat]
    if k == "develop":
        p.stock[card.colour] -= mastery_cost(s, seat, m)
    elif k == "advance":
        p.stock[card.colour] -= card.upgrade_cost
    if k in ("develop", "assimilate"):
        place_mastery(s, seat, m, int(a.args[1]) - 1, int(a.args[2]), int(a.args[3]))
    else:
        flip(s, seat, m)
