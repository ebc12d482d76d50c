"""A fixed-length numeric encoding of an Inceptum view, for learning agents.

:func:`observation_vector` reads only the player's view (what the seat may see) and returns
floats, mostly in [0, 1]. Seats are *rotated*: the viewer's own block always comes first, then the
next seats in turn order, and absent seats (2-3 player games) are zeros, so one network serves
every seat and player count. Layout, in order:

* game: round / 20, mode (one-hot), number of players (one-hot 2-4), decision kind (one-hot),
  whether the viewer decides, dice (black, white, row, column / 6), the trade offer on the table
  (give and ask / 10, from the viewer's side), pending sub-decision counts;
* per seat (4 blocks): hand and PTP / 50, CP / 100 and its breakdown, population, trait, government
  and age one-hot, free research, discounts, then the 25 city slots (occupied, building, special,
  wonder, level / 4, population / 4, resource one-hot);
* per advance: researched by the viewer, available to the viewer, the viewer's cost / 10, how
  many others have it;
* per wonder: owned by the viewer, owned by another seat, unlocked for the viewer, the viewer's
  total cost / 50;
* per government benefit: taken by the viewer, taken by another seat.

The length depends only on the content (number of advances, wonders, benefits):
:func:`observation_size`.
"""

from __future__ import annotations

from typing import Any

RES = ("food", "wood", "stone", "iron", "gold")
MODES = ("mission1", "mission2", "journey", "glory")
TRAITS = ("scientific", "expansionist", "cultural", "united")
GOVERNMENTS = ("republic", "monarchy")
AGES = ("ancient", "medieval", "modern")
KINDS = (
    "turn", "dice", "slot", "bonus_choice", "pray", "free", "government", "offer", "respond",
    "bonus_slot", "deal_trait", "redraw", "redeal_trait", "start_roll", "humble_beginnings", "over",
)
MAX_SEATS = 4
CELL = 11
SEAT_BLOCK = 5 + 5 + 1 + 4 + 2 + (len(TRAITS) + 1) + len(GOVERNMENTS) + len(AGES) + 1 + 6 + 1 + 25 * CELL


def _onehot(value: Any, choices: tuple[Any, ...]) -> list[float]:
    return [1.0 if value == c else 0.0 for c in choices]


def _seat_block(pl: dict[str, Any]) -> list[float]:
    out: list[float] = []
    hand = pl.get("hand") or {}
    ptp = pl.get("ptp") or {}
    out += [min(hand.get(r, 0), 100) / 50.0 for r in RES]
    out += [min(ptp.get(r, 0), 100) / 50.0 for r in RES]
    out.append(pl.get("cp", 0) / 100.0)
    bd = pl.get("cp_breakdown") or {}
    out += [bd.get(k, 0) / 50.0 for k in ("research", "buildings", "wonders", "population")]
    pop = pl.get("population") or {}
    out += [pop.get("total", 0) / 20.0, pop.get("free", 0) / 10.0]
    trait = pl.get("trait")
    out += _onehot(trait, TRAITS) + [1.0 if trait is None else 0.0]
    out += _onehot(pl.get("government"), GOVERNMENTS)
    out += _onehot(pl.get("age"), AGES)
    out.append(pl.get("free_research_this_turn", 0) / 3.0)
    disc = pl.get("discounts") or {}
    out += [disc.get(k, 0) / 5.0 for k in ("research", "build", "special_build", "wonder", "bank_trade", "iron_trade")]
    out.append(1.0 if pl.get("dawn") else 0.0)
    city = pl.get("city") or []
    for r in range(5):
        row = city[r] if r < len(city) else []
        for c in range(5):
            cell = row[c] if c < len(row) else None
            if not cell:
                out += [0.0] * CELL
                continue
            building = cell.get("kind") == "building"
            out += [
                1.0,
                1.0 if building else 0.0,
                1.0 if cell.get("special") else 0.0,
                0.0 if building else 1.0,
                cell.get("level", 0) / 4.0 if building else 0.0,
                cell.get("pop", 0) / 4.0 if building else 0.0,
            ]
            out += _onehot(cell.get("resource"), RES)
    return out


def observation_vector(view: dict[str, Any], player: int) -> list[float]:
    """The encoding of ``view`` (the view of seat ``player``)."""
    players = view.get("players") or []
    n = len(players)
    out: list[float] = [view.get("round", 0) / 20.0]
    out += _onehot(view.get("mode"), MODES)
    out += _onehot(n, (2, 3, 4))
    dec = view.get("decision") or {}
    out += _onehot(dec.get("kind"), KINDS)
    out.append(1.0 if player in (dec.get("players") or []) else 0.0)
    dice = view.get("dice") or {}
    slot = dice.get("slot") or [0, 0]
    out += [dice.get("black", 0) / 6.0, dice.get("white", 0) / 6.0, slot[0] / 6.0, slot[1] / 6.0]
    offer = view.get("offer")
    if offer:
        mine_give = offer.get("from") == player
        give, get = offer.get("give") or {}, offer.get("get") or {}
        out.append(1.0)
        out += [(give if mine_give else get).get(r, 0) / 10.0 for r in RES]
        out += [(get if mine_give else give).get(r, 0) / 10.0 for r in RES]
    else:
        out += [0.0] * 11
    pending = view.get("pending") or {}
    out += [
        pending.get("free_research", 0) / 3.0,
        pending.get("free_build", 0) / 3.0,
        pending.get("benefit", 0) / 1.0,
        pending.get("pray_left", 0) / 5.0,
    ]
    for k in range(MAX_SEATS):
        if k < n:
            out += _seat_block(players[(player + k) % n] if 0 <= player < n else players[k])
        else:
            out += [0.0] * SEAT_BLOCK
    for t in view.get("tech") or []:
        status = t.get("status")
        others = sum(1 for s in t.get("researched_by") or [] if s != player)
        out += [
            1.0 if status == "researched" else 0.0,
            1.0 if status == "available" else 0.0,
            t.get("your_cost", t.get("cost", 0)) / 10.0,
            others / 3.0,
        ]
    for w in view.get("wonders") or []:
        owner = w.get("owner")
        cost = w.get("your_cost") or w.get("cost") or {}
        out += [
            1.0 if owner == player else 0.0,
            1.0 if owner is not None and owner != player else 0.0,
            1.0 if w.get("unlocked") else 0.0,
            sum(cost.values()) / 50.0,
        ]
    for b in view.get("benefits") or []:
        taken = b.get("taken_by")
        out += [1.0 if taken == player else 0.0, 1.0 if taken is not None and taken != player else 0.0]
    return out


def observation_size(game: Any) -> int:
    """The length of :func:`observation_vector` for this game's content."""
    return len(observation_vector(game.new_initial_state().view(0), 0))
