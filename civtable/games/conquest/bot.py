"""A greedy Conquest player that reads only its observation (view, legal actions, samples).

Policy, phase by phase:

* civilization: a fixed preference (Arts and Religion score VP directly);
* start City: the Land space with the best resources around it;
* famine: leave Fleets unfed first, then Armies, Cities last;
* build: always build a Monument when allowed (each scores every turn); pay the "any" part
  from the largest pile;
* upgrade: always (a City gives Gold, room for Monuments and recruits);
* settle: every Village it can place, on the most useful resource;
* move: attack when the exact win probability of the battle (dice, levels, settlement
  defence) is good, with the whole stack; otherwise send Fleets to empty producing Sea spaces.
  Destinations come from a one-step lookahead on a sampled copy (``obs.sample_state``);
* fight: the weakest enemy first;
* recruit: Armies while Food income covers the upkeep (a guard in threatened Cities first),
  a Fleet or two for coasts;
* research: buy every extra roll it can (resources are lost at the end of the turn anyway).

Parameters (``greedy:attack=0.6,aggression=1``): ``attack`` — the least battle-win probability
it attacks with; ``aggression`` — weight of attacks against other moves.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from civtable.core import Action, Game, Observation, OptionError, observe

CIV_PREFERENCE = (
    "persians", "egyptians", "celts", "minoans", "babylonians", "romans", "sumerians", "spartans",
    "macedonians", "phoenicians", "goths", "athenians",
)
RESOURCE_VALUE = {
    "grain": 3.0, "herds": 3.0, "fish": 2.5, "gold": 3.0, "trade": 3.0, "stone": 2.6, "wine": 2.0,
    "olives": 2.0, "iron": 1.6, "wood": 1.4, "salt": 0.0,
}
_DONE = Action("done")

WEIGHTS: dict[str, float] = {"attack": 0.6, "aggression": 1.0}
"""The greedy player's tunable weights (``greedy:style=...``, ``greedy:noise=...``)."""
STYLES: dict[str, dict[str, float]] = {
    "balanced": {},
    "warlord": {"attack": 0.45, "aggression": 2.0},
    "builder": {"attack": 0.8, "aggression": 0.4},
    "cautious": {"attack": 0.75, "aggression": 0.8},
}


@lru_cache(maxsize=4096)
def battle_win(a: int, d: int, settlement: bool, p: float, ps: float) -> float:
    """Probability that ``a`` attacking units destroy ``d`` defenders (and then beat the
    settlement, if any), when each roll is won with probability ``p`` (``ps`` vs the settlement)."""
    if a <= 0:
        return 0.0
    if d <= 0:
        if not settlement:
            return 1.0
        return ps + (1 - ps) * battle_win(a - 1, 0, settlement, p, ps)
    return p * battle_win(a, d - 1, settlement, p, ps) + (1 - p) * battle_win(a - 1, d, settlement, p, ps)


def roll_win(bonus_a: int, bonus_d: int, die: int = 8) -> float:
    """Probability that the attacker's d8 + bonus strictly beats the defender's."""
    wins = sum(1 for x in range(1, die + 1) for y in range(1, die + 1) if x + bonus_a > y + bonus_d)
    return wins / (die * die)


class GreedyConquest:
    """The greedy agent (see the module description)."""

    def __init__(self, game: Game, seat: int, rng: random.Random, params: dict[str, str] | None = None) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.name = "greedy"
        params = params or {}
        try:
            self.attack_threshold = float(params.get("attack", 0.6))
            self.aggression = float(params.get("aggression", 1.0))
        except ValueError as exc:
            raise OptionError(f"greedy parameters attack= and aggression= must be numbers ({exc})") from None
        self._cancelled: set[tuple[int, Action]] = set()

    # ------------------------------------------------------------------ entry point
    def decide(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        v = obs.view
        kind = obs.decision.kind
        handler = getattr(self, f"_d_{kind}", None)
        if handler is not None:
            act = handler(obs, v, legal)
            if act is not None and act in legal:
                return act
        return _DONE if _DONE in legal else legal[0]

    # ------------------------------------------------------------------ setup
    def _d_civ(self, obs: Observation, v: dict[str, Any], legal: list[Action]) -> Action | None:
        ids = {a.args[0] for a in legal}
        for cid in CIV_PREFERENCE:
            if cid in ids:
                return Action("civ", (cid,))
        return None

    def _d_city(self, obs: Observation, v: dict[str, Any], legal: list[Action]) -> Action | None:
        mp = v["map"]["territories"]

        def score(t: int) -> float:
            info = mp[t - 1]
            s = 2 * RESOURCE_VALUE.get(info["resource"], 1.0)
            for nb in info["neighbours"]:
                n = mp[nb - 1]
                s += RESOURCE_VALUE.get(n["resource"], 1.0) * (1.0 if n["land"] else 0.5)
                if not n["land"]:
                    s += 0.3
            return s + self.rng.random() * 0.1

        return max(legal, key=lambda a: score(int(a.args[0])))

    # ------------------------------------------------------------------ upkeep
    def _d_famine(self, obs: Observation, v: dict[str, Any], legal: list[Action]) -> Action | None:
        if Action("feed") in legal:
            return Action("feed")
        legal = [a for a in legal if a.kind == "starve"]
        order = {"fleet": 0, "army": 1, "city": 2}
        terr = v["territories"]

        def key(a: Action) -> tuple[int, int]:
            t = terr[int(a.args[1]) - 1]
            return (order[str(a.args[0])], -t["monuments"])

        return min(legal, key=key)

    # ------------------------------------------------------------------ build, upgrade, settle
    def _d_build(self, obs: Observation, v: dict[str, Any], legal: list[Action]) -> Action | None:
        builds = [a for a in legal if a.kind == "monument"]
        if not builds:
            return None
        terr = v["territories"]
        return min(builds, key=lambda a: terr[int(a.args[0]) - 1]["monuments"])

    def _d_pay(self, obs: Observation, v: dict[str, Any], legal: list[Action]) -> Action | None:
        pays = [a for a in legal if a.kind == "pay"]
        if not pays:
            return None
        pool = dict(v["pool"])
        for c in v["frame"]["chosen"] if v.get("frame") else []:
            pool[c] -= 1
        # keep Gold (wild) and Luxury/Stone for a City upgrade if a Village exists
        me = v["players"][self.seat]
        keep = {"gold": 3.0, "luxury": 1.5 if me["villages"] else 0.0, "stone": 1.0, "iron": 0.5, "wood": 0.5}
        return max(pays, key=lambda a: pool.get(str(a.args[0]), 0) - keep.get(str(a.args[0]), 0.0))

    def _d_upgrade(self, obs: Observation, v: dict[str, Any], legal: list[Action]) -> Action | None:
        ups = [a for a in legal if a.kind == "upgrade"]
        if not ups:
            return None
        mp = v["map"]["territories"]
        return max(ups, key=lambda a: RESOURCE_VALUE.get(mp[int(a.args[0]) - 1]["resource"], 1.0))

    def _d_settle(self, obs: Observation, v: dict[str, Any], legal: list[Action]) -> Action | None:
        spots = [a for a in legal if a.kind == "village"]
        if not spots:
            return None
        mp = v["map"]["territories"]
        terr = v["territories"]
        me = self.seat

        def score(a: Action) -> float:
            t = int(a.args[0]) - 1
            s = RESOURCE_VALUE.get(mp[t]["resource"], 1.0)
            # prefer spots away from enemy armies
            for nb in mp[t]["neighbours"]:
                for seat in terr[nb - 1]["armies"]:
                    if int(seat) != me:
                        s -= 0.8
            return s

        best = max(spots, key=score)
        return best if score(best) > 0.2 else None

    # ------------------------------------------------------------------ move and fight
    def _d_move(self, obs: Observation, v: dict[str, Any], legal: list[Action]) -> Action | None:
        units = [a for a in legal if a.kind == "unit"]
        if not units:
            return None
        best: tuple[float, Action] | None = None
        for a in units:
            if (v["round"], a) in self._cancelled:
                continue
            sample = obs.sample_state(self.rng)
            sample.apply(a, self.seat)
            dests = [d for d in sample.legal_actions(self.seat) if d.kind == "to"]
            for d in dests:
                sc = self._move_score(v, str(a.args[0]), int(a.args[1]), d)
                if sc > 0 and (best is None or sc > best[0]):
                    best = (sc, a)
        return best[1] if best else None

    def _d_move_to(self, obs: Observation, v: dict[str, Any], legal: list[Action]) -> Action | None:
        frame = v.get("frame") or {}
        kind, src = frame.get("unit", "army"), int(frame.get("from", 1))
        best: tuple[float, Action] | None = None
        for d in legal:
            if d.kind != "to":
                continue
            sc = self._move_score(v, kind, src, d)
            if sc > 0 and (best is None or sc > best[0]):
                best = (sc, d)
        if best:
            return best[1]
        self._cancelled.add((v["round"], Action("unit", (kind, src))))
        return Action("cancel")

    def _move_score(self, v: dict[str, Any], kind: str, src: int, dest: Action) -> float:
        """Value of moving (one or all of) the units at ``src`` to ``dest``; <= 0 = don't."""
        me = self.seat
        t = int(dest.args[0])
        every = len(dest.args) > 1
        terr = v["territories"]
        mp = v["map"]["territories"]
        here = terr[src - 1]
        there = terr[t - 1]
        moved = v["turn"]["moved_armies" if kind == "army" else "moved_fleets"]
        mine = (here["armies"] if kind == "army" else here["fleets"]).get(str(me), 0) - moved.get(str(src), 0)
        n = mine if every else 1
        enemy_units = sum(c for s, c in (there["armies"] if kind == "army" else there["fleets"]).items() if int(s) != me)
        enemy_settle = there["settlement"] is not None and there["owner"] != me
        players = v["players"]
        if enemy_units or enemy_settle:
            defenders = [int(s) for s, c in (there["armies"] if kind == "army" else there["fleets"]).items() if int(s) != me]
            q = defenders[0] if defenders else there["owner"]
            trait = "military" if mp[t - 1]["land"] else "nautical"
            ba = players[me]["traits"][trait]["level"]
            bd = players[q]["traits"][trait]["level"]
            p = roll_win(ba, bd)
            ps = roll_win(ba, players[q]["traits"]["military"]["level"])
            fights = self.game.options.get("settlement_defense", "fights") == "fights"
            win = battle_win(n, enemy_units, bool(enemy_settle and fights), p, ps)
            if win < self.attack_threshold:
                return -1.0
            value = 1.0 + 2.0 * enemy_units
            if enemy_settle:
                value += 6.0 if there["settlement"] == "city" else 3.0
                value += 4.0 * there["monuments"]
            # don't strip a city we own of its last defenders for a small gain
            if here["settlement"] is not None and here["owner"] == me and n >= mine:
                value -= 2.5
            return self.aggression * value * win
        if kind == "fleet":
            # park fleets on empty producing sea spaces; fleets also open coasts for villages
            if mp[t - 1]["category"] and not there["fleets"]:
                here_prod = mp[src - 1]["category"] is not None and sum(here["fleets"].values()) == 1
                if not here_prod and not every:
                    return 0.5 + RESOURCE_VALUE.get(mp[t - 1]["resource"], 0.0) * 0.1
            return -1.0
        return -1.0

    def _d_fight(self, obs: Observation, v: dict[str, Any], legal: list[Action]) -> Action | None:
        t = v["turn"]["battle"]
        terr = v["territories"][t - 1] if t else None
        civs = {p["civ"]: p["seat"] for p in v["players"]}

        def strength(a: Action) -> int:
            if terr is None:
                return 0
            seat = civs.get(str(a.args[0]), -1)
            return terr["armies"].get(str(seat), 0) + terr["fleets"].get(str(seat), 0)

        return min(legal, key=strength)

    # ------------------------------------------------------------------ recruit and research
    def _d_recruit(self, obs: Observation, v: dict[str, Any], legal: list[Action]) -> Action | None:
        me = self.seat
        mp = v["map"]["territories"]
        terr = v["territories"]
        pl = v["players"][me]
        food_income = pl["traits"]["agriculture"]["level"] + pl["traits"]["economics"]["level"] + pl["cities"]
        for i, t in enumerate(terr):
            if t["owner"] == me and t["settlement"] and mp[i]["category"] in ("food", "gold"):
                food_income += 1
            if str(me) in t["fleets"] and not mp[i]["land"] and mp[i]["category"] in ("food", "gold"):
                food_income += 1
        upkeep = pl["cities"] + pl["armies"] + pl["fleets"] + v["turn"]["recruited"]
        if upkeep + 1 > food_income - 1:
            return None
        armies = [a for a in legal if a.kind == "recruit" and a.args[0] == "army"]
        fleets = [a for a in legal if a.kind == "recruit" and a.args[0] == "fleet"]

        def threat(a: Action) -> float:
            t = int(a.args[1]) - 1
            s = -sum(terr[t]["armies"].values()) * 0.5 + terr[t]["monuments"]
            for nb in mp[t]["neighbours"]:
                for seat, c in terr[nb - 1]["armies"].items():
                    if int(seat) != me:
                        s += c
            return s

        if armies and pl["armies"] < 2 * pl["cities"] + 2:
            return max(armies, key=threat)
        if fleets and pl["fleets"] < 2:
            good = [a for a in fleets if mp[int(a.args[1]) - 1]["category"] is not None]
            return (good or fleets)[0]
        return None

    def _d_research(self, obs: Observation, v: dict[str, Any], legal: list[Action]) -> Action | None:
        return Action("buy") if Action("buy") in legal else None


def make_greedy(
    game: Game, seat: int, rng: random.Random, params: dict[str, str] | None = None,
    weights: dict[str, float] | None = None,
) -> GreedyConquest:
    """The greedy Conquest agent for ``seat`` (the ``greedy`` bot dispatches here); ``weights``
    (see :data:`WEIGHTS`) override ``attack`` and ``aggression``."""
    params = dict(params or {})
    unknown = set(params) - set(WEIGHTS)
    if unknown:
        raise OptionError(f"the Conquest greedy bot has no parameter {sorted(unknown)[0]!r}; it takes attack=, aggression=")
    if weights:
        params.update({k: repr(min(0.95, max(0.05, v)) if k == "attack" else v) for k, v in weights.items()})
    return GreedyConquest(game, seat, rng, params)


# ---------------------------------------------------------------------------------------
# Hooks for the game-agnostic MCTS bot (see civtable.bots.mcts)

MCTS_DEFAULTS = {"rollout": "greedy", "depth": "12", "iters": "100", "steps": "800", "c": "0.5"}
"""Defaults of ``mcts`` on Conquest: rollouts follow the greedy player (random rollouts lose
even to random play: they walk armies into lost battles), 100 iterations capped at 800 rollout
moves (deterministic, well within a second per decision)."""

_ROLLOUT_BOTS: dict[tuple[int, int, int], GreedyConquest] = {}


def rollout_action(state: Any, player: int, rng: random.Random) -> Action:
    """The greedy player's choice on a (sampled) state, for MCTS rollouts (``rollout=greedy``)."""
    key = (id(state.game), id(rng), player)
    bot = _ROLLOUT_BOTS.get(key)
    if bot is None or bot.rng is not rng or bot.game is not state.game:
        if len(_ROLLOUT_BOTS) > 256:
            _ROLLOUT_BOTS.clear()
        bot = _ROLLOUT_BOTS[key] = GreedyConquest(state.game, player, rng)
    return bot.decide(observe(state, player))
