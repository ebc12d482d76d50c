"""Civilization Points and how a game is won (rulebook p. 17, 19, 34-38).

Objectives are checked at the end of each player's turn (``check_objectives``) and the game
ends at the end of a round in which someone met them (``round_winners``): Mission 1 (p. 19),
Mission 2 (p. 34), Journey to Modern Civilization (p. 36) and For The Glory with its
civilizational and prosperity victories and blocking (p. 37-38). Ties go to the highest CP,
then the largest population, else the players share the win (p. 19, 38).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .frames import Over
from .player import RESBLD, SPECBLD, Player

if TYPE_CHECKING:
    from .state import InceptumState


def cp(state: InceptumState, p: Player) -> int:
    """Civilization Points: research, buildings, wonders and population (p. 17)."""
    return p.cp_research + p.cp_buildings + p.cp_wonders + p.pop_total // state.c.rules["population_per_cp"]


def cp_breakdown(state: InceptumState, p: Player) -> dict[str, int]:
    return {
        "research": p.cp_research,
        "buildings": p.cp_buildings,
        "wonders": p.cp_wonders,
        "population": p.pop_total // state.c.rules["population_per_cp"],
    }


def count_levels(p: Player, minimum: int) -> int:
    """Resource buildings at ``minimum`` level or higher."""
    return sum(1 for cell in p.city if cell is not None and cell[0] == RESBLD and cell[2] >= minimum)


def each(p: Player, amount: int) -> bool:
    """At least ``amount`` of every resource in hand."""
    h = p.hand
    return h[0] >= amount and h[1] >= amount and h[2] >= amount and h[3] >= amount and h[4] >= amount


def dawn(state: InceptumState, p: Player) -> bool:
    """Dawn of Modern Civilization unlocked (p. 35)."""
    return bool(p.researched & state.c.dawn_mask)


def trait_condition(state: InceptumState, p: Player, trait_id: str) -> bool:
    """A trait's Civilizational Victory Condition (p. 37), checked at the end of a turn."""
    c = state.c
    g = c.objectives["glory"]
    if trait_id == "scientific":
        everything = c.all_mask & ~c.government_mask
        gov_ok = bool(p.researched & c.government_mask)
        return gov_ok and p.researched & everything == everything and each(p, g["scientific_each_resource"])
    if trait_id == "expansionist":
        return count_levels(p, 4) >= g["expansionist_level4_buildings"]
    if trait_id == "cultural":
        ws = [w for w in c.wonders if p.wonders & w.bit]
        return len(ws) >= g["cultural_wonders"] and sum(1 for w in ws if w.kind == "legendary") >= g["cultural_legendary"]
    if trait_id == "united":
        structures = sum(1 for cell in p.city if cell is not None)
        return structures >= g["united_structures"] and each(p, g["united_each_resource"])
    return False


def check_objectives(state: InceptumState, seat: int) -> None:
    """At the end of ``seat``'s turn: note which objective of the mode they meet now."""
    p = state.players[seat]
    c = state.c
    mode = state.opt["mode"]
    o = c.objectives
    if mode == "mission1":
        if count_levels(p, 1) >= o["mission1"]["resource_buildings"]:
            state.achieved[seat] = "mission"
    elif mode == "mission2":
        m = o["mission2"]
        l3 = count_levels(p, 3)
        l2 = count_levels(p, 2)
        if state.opt["mission2_reading"] == "strict":
            level_ok = l3 >= m["level3_resource_buildings"] and l2 >= m["level2_resource_buildings"] + m["level3_resource_buildings"]
        else:
            level_ok = l3 >= m["level3_resource_buildings"] and l2 >= m["level2_resource_buildings"]
        specials = sum(1 for cell in p.city if cell is not None and cell[0] == SPECBLD)
        if (
            level_ok
            and specials >= m["special_buildings"]
            and p.wonders
            and bin(p.wonders).count("1") >= m["wonders"]
            and cp(state, p) >= m["cp"]
        ):
            state.achieved[seat] = "mission"
    elif mode == "journey":
        j = o["journey"]
        if dawn(state, p) and cp(state, p) >= j["cp"] and each(p, j["each_resource"]):
            state.achieved[seat] = "mission"
    else:
        g = o["glory"]
        own = p.trait >= 0 and trait_condition(state, p, c.traits[p.trait].id)
        if own and not state.civ_round[seat]:
            state.civ_round[seat] = state.round
        # blocking (p. 37): a seat of another trait meeting your condition before you or in
        # the same round blocks you; a seat that met it in an earlier round is not blocked
        for tr in c.traits:
            if tr.idx != p.trait and trait_condition(state, p, tr.id):
                for i, q in enumerate(state.players):
                    if q.trait == tr.idx and (not state.civ_round[i] or state.civ_round[i] >= state.round):
                        state.blocked |= 1 << i
        if not dawn(state, p):
            return
        got = []
        if own:
            got.append("civ")
        if cp(state, p) >= g["prosperity_cp"] and each(p, g["each_resource"]):
            got.append("prosperity")
        state.achieved[seat] = "+".join(got)


def round_winners(state: InceptumState) -> tuple[list[int], str] | None:
    """At the end of a round: the winners and why, or None if the game goes on."""
    n = state.n
    if state.opt["mode"] == "glory":
        civ = [i for i in range(n) if "civ" in state.achieved[i] and not state.blocked >> i & 1]
        pros = [i for i in range(n) if "prosperity" in state.achieved[i]]
        if civ:  # a civilizational victory beats a prosperity victory (p. 38)
            return tiebreak(state, civ), "civilizational victory"
        if pros:
            return tiebreak(state, pros), "prosperity victory"
        return None
    winners = [i for i in range(n) if state.achieved[i]]
    if winners:
        return tiebreak(state, winners), "mission objectives met"
    return None


def tiebreak(state: InceptumState, seats: list[int]) -> list[int]:
    """Highest CP, then largest population, else joint winners (p. 19, 38)."""
    players = state.players
    best = max((cp(state, players[i]), players[i].pop_total) for i in seats)
    return [i for i in seats if (cp(state, players[i]), players[i].pop_total) == best]


def game_over(state: InceptumState, winners: list[int], reason: str, finished: bool = True) -> None:
    """End the game; ``finished=False`` when it stopped at the round limit without a winner."""
    state.winners = winners
    state.finished = True
    state.end_reason = reason
    state.stack = [Over()]
    state.unfinished = not finished
