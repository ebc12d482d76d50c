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
it attacks with; ``aggression`` — weight of attacks against other moves; ``armies`` — Armies
kept per City (plus two); ``margin`` — Food income kept spare beyond the upkeep when recruiting.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from civtable.core import Action, Game, Observation, OptionError

from .content import CAT_FOOD, CAT_GOLD, CATEGORIES, T_AGRICULTURE, T_ECONOMICS, T_MILITARY, T_NAUTICAL
from .evaluation import VALUE_FEATURES, leaf_values, value_features

CIV_PREFERENCE = (
    "persians", "egyptians", "celts", "minoans", "babylonians", "romans", "sumerians", "spartans",
    "macedonians", "phoenicians", "goths", "athenians",
)
RESOURCE_VALUE = {
    "grain": 3.0, "herds": 3.0, "fish": 2.5, "gold": 3.0, "trade": 3.0, "stone": 2.6, "wine": 2.0,
    "olives": 2.0, "iron": 1.6, "wood": 1.4, "salt": 0.0,
}
_DONE = Action("done")

WEIGHTS: dict[str, float] = {"attack": 0.6, "aggression": 1.0, "armies": 2.0, "margin": 1.0}
"""The greedy player's tunable weights (``greedy:style=...``, ``greedy:noise=...``)."""
STYLES: dict[str, dict[str, float]] = {
    "balanced": {},
    "warlord": {"attack": 0.2, "aggression": 2.0, "margin": 0.0},
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


@lru_cache(maxsize=1024)
def roll_win(bonus_a: int, bonus_d: int, die: int = 8) -> float:
    """Probability that the attacker's d8 + bonus strictly beats the defender's."""
    wins = sum(1 for x in range(1, die + 1) for y in range(1, die + 1) if x + bonus_a > y + bonus_d)
    return wins / (die * die)


class GreedyConquest:
    """The greedy agent (see the module description). It reads the position through
    ``obs.sample_state`` (Conquest has no hidden information, so that is an exact copy), and
    :meth:`choose` serves MCTS rollouts on a search state directly."""

    def __init__(self, game: Game, seat: int, rng: random.Random, params: dict[str, str] | None = None) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.name = "greedy"
        params = params or {}
        try:
            self.attack_threshold = float(params.get("attack", 0.6))
            self.aggression = float(params.get("aggression", 1.0))
            self.armies_per_city = float(params.get("armies", 2.0))
            self.food_margin = float(params.get("margin", 1.0))
        except ValueError as exc:
            raise OptionError(f"greedy parameters attack=, aggression=, armies= and margin= must be numbers ({exc})") from None
        self._cancelled: set[tuple[int, Action]] = set()
        self.civ_order = CIV_PREFERENCE
        self._barred: Callable[[Action], bool] = lambda _a: False

    def restrict(self, barred: Callable[[Action], bool]) -> None:
        """Restricted play: a unit is picked to move only toward a destination it may take (picking
        one whose every good move is barred would leave only Cancel, and it would be picked again)."""
        self._barred = barred

    # ------------------------------------------------------------------ entry points
    def decide(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        return self.choose(obs.sample_state(self.rng), legal)

    def choose(self, s: Any, legal: list[Action]) -> Action:
        """The greedy choice among ``legal`` in position ``s`` (left unchanged)."""
        handler = getattr(self, f"_d_{s.decision().kind}", None)
        if handler is not None:
            act = handler(s, legal)
            if act is not None and act in legal:
                return act
        return _DONE if _DONE in legal else legal[0]

    # ------------------------------------------------------------------ setup
    def _d_civ(self, s: Any, legal: list[Action]) -> Action | None:
        ids = {a.args[0] for a in legal}
        for cid in self.civ_order:
            if cid in ids:
                return Action("civ", (cid,))
        return None

    def _d_city(self, s: Any, legal: list[Action]) -> Action | None:
        gm = s.map

        def score(t: int) -> float:
            sc = 2 * RESOURCE_VALUE.get(gm.resource[t], 1.0)
            for nb in gm.adj[t]:
                sc += RESOURCE_VALUE.get(gm.resource[nb], 1.0) * (1.0 if gm.land[nb] else 0.5)
                if not gm.land[nb]:
                    sc += 0.3
            return sc + self.rng.random() * 0.1

        return max(legal, key=lambda a: score(int(a.args[0]) - 1))

    # ------------------------------------------------------------------ upkeep
    def _d_famine(self, s: Any, legal: list[Action]) -> Action | None:
        if Action("feed") in legal:
            return Action("feed")
        legal = [a for a in legal if a.kind == "starve"]
        order = {"fleet": 0, "army": 1, "city": 2}
        monu = s.monu

        def key(a: Action) -> tuple[int, int]:
            return (order[str(a.args[0])], -monu[int(a.args[1]) - 1])

        return min(legal, key=key)

    # ------------------------------------------------------------------ build, upgrade, settle
    def _d_build(self, s: Any, legal: list[Action]) -> Action | None:
        builds = [a for a in legal if a.kind == "monument"]
        if not builds:
            return None
        return min(builds, key=lambda a: s.monu[int(a.args[0]) - 1])

    def _d_pay(self, s: Any, legal: list[Action]) -> Action | None:
        pays = [a for a in legal if a.kind == "pay"]
        if not pays:
            return None
        pool = dict(zip(CATEGORIES, s.pool, strict=True))
        top = s.frames[-1] if s.frames else None
        for c in getattr(top, "chosen", ()):
            pool[CATEGORIES[c]] -= 1
        # keep Gold (wild) and Luxury/Stone for a City upgrade if a Village exists
        keep = {"gold": 3.0, "luxury": 1.5 if s.villages(self.seat) else 0.0, "stone": 1.0, "iron": 0.5, "wood": 0.5}
        return max(pays, key=lambda a: pool.get(str(a.args[0]), 0) - keep.get(str(a.args[0]), 0.0))

    def _d_upgrade(self, s: Any, legal: list[Action]) -> Action | None:
        ups = [a for a in legal if a.kind == "upgrade"]
        if not ups:
            return None
        return max(ups, key=lambda a: RESOURCE_VALUE.get(s.map.resource[int(a.args[0]) - 1], 1.0))

    def _d_settle(self, s: Any, legal: list[Action]) -> Action | None:
        spots = [a for a in legal if a.kind == "village"]
        if not spots:
            return None
        gm = s.map
        me = self.seat
        armies = s.armies

        def score(a: Action) -> float:
            t = int(a.args[0]) - 1
            sc = RESOURCE_VALUE.get(gm.resource[t], 1.0)
            # prefer spots away from enemy armies
            for nb in gm.adj[t]:
                for q in range(len(armies)):
                    if q != me and nb in armies[q]:
                        sc -= 0.8
            return sc

        best = max(spots, key=score)
        return best if score(best) > 0.2 else None

    # ------------------------------------------------------------------ move and fight
    def _d_move(self, s: Any, legal: list[Action]) -> Action | None:
        units = [a for a in legal if a.kind == "unit"]
        if not units:
            return None
        best: tuple[float, Action] | None = None
        for a in units:
            if (s.round, a) in self._cancelled:
                continue
            sample = s.clone()
            sample.apply_unchecked(a, self.seat)
            dests = [d for d in sample.legal_actions(self.seat) if d.kind == "to" and not self._barred(d)]
            for d in dests:
                sc = self._move_score(s, str(a.args[0]), int(a.args[1]) - 1, d)
                if sc > 0 and (best is None or sc > best[0]):
                    best = (sc, a)
        return best[1] if best else None

    def _d_move_to(self, s: Any, legal: list[Action]) -> Action | None:
        top = s.frames[-1] if s.frames else None
        kind, src = getattr(top, "unit", "army"), getattr(top, "source", 0)
        best: tuple[float, Action] | None = None
        for d in legal:
            if d.kind != "to":
                continue
            sc = self._move_score(s, kind, src, d)
            if sc > 0 and (best is None or sc > best[0]):
                best = (sc, d)
        if best:
            return best[1]
        self._cancelled.add((s.round, Action("unit", (kind, src + 1))))
        return Action("cancel")

    def _move_score(self, s: Any, kind: str, src: int, dest: Action) -> float:
        """Value of moving (one or all of) the units at ``src`` (0-based) to ``dest``; <= 0 = don't."""
        me = self.seat
        t = int(dest.args[0]) - 1
        every = len(dest.args) > 1
        gm = s.map
        units = s.armies if kind == "army" else s.fleets
        moved = s.moved_a if kind == "army" else s.moved_f
        mine = units[me].get(src, 0) - moved.get(src, 0)
        n = mine if every else 1
        defenders = [q for q in range(len(units)) if q != me and t in units[q]]
        enemy_units = sum(units[q][t] for q in defenders)
        owner = s.owner[t] if s.settle[t] else -1
        enemy_settle = s.settle[t] != 0 and owner != me
        if enemy_units or enemy_settle:
            q = defenders[0] if defenders else owner
            trait = T_MILITARY if gm.land[t] else T_NAUTICAL
            ba = s.level[me][trait]
            bd = s.level[q][trait]
            p = roll_win(ba, bd)
            ps = roll_win(ba, s.level[q][T_MILITARY])
            fights = self.game.options.get("settlement_defense", "fights") == "fights"
            win = battle_win(n, enemy_units, bool(enemy_settle and fights), p, ps)
            if win < self.attack_threshold:
                return -1.0
            value = 1.0 + 2.0 * enemy_units
            if enemy_settle:
                value += 6.0 if s.settle[t] == 2 else 3.0
                value += 4.0 * s.monu[t]
            # don't strip a city we own of its last defenders for a small gain
            if s.settle[src] and s.owner[src] == me and n >= mine:
                value -= 2.5
            return self.aggression * value * win
        if kind == "fleet":
            # park fleets on empty producing sea spaces; fleets also open coasts for villages
            if gm.category[t] >= 0 and not any(t in f for f in s.fleets):
                here_prod = gm.category[src] >= 0 and sum(f.get(src, 0) for f in s.fleets) == 1
                if not here_prod and not every:
                    return 0.5 + RESOURCE_VALUE.get(gm.resource[t], 0.0) * 0.1
            return -1.0
        return -1.0

    def _d_fight(self, s: Any, legal: list[Action]) -> Action | None:
        t = s.fight_t
        civs = {c: q for q, c in enumerate(s.civ)}

        def strength(a: Action) -> int:
            if t < 0:
                return 0
            q = civs.get(str(a.args[0]), -1)
            return s.armies[q].get(t, 0) + s.fleets[q].get(t, 0) if q >= 0 else 0

        return min(legal, key=strength)

    # ------------------------------------------------------------------ recruit and research
    def _d_recruit(self, s: Any, legal: list[Action]) -> Action | None:
        me = self.seat
        gm = s.map
        lv = s.level[me]
        cities = s.cities(me)
        food_income = lv[T_AGRICULTURE] + lv[T_ECONOMICS] + cities
        food = (CAT_FOOD, CAT_GOLD)
        for t in range(gm.size):
            if s.owner[t] == me and s.settle[t] and gm.category[t] in food:
                food_income += 1
            if t in s.fleets[me] and not gm.land[t] and gm.category[t] in food:
                food_income += 1
        armies_n = sum(s.armies[me].values())
        fleets_n = sum(s.fleets[me].values())
        upkeep = cities + armies_n + fleets_n + s.recruited
        if upkeep + 1 > food_income - self.food_margin:
            return None
        armies = [a for a in legal if a.kind == "recruit" and a.args[0] == "army"]
        fleets = [a for a in legal if a.kind == "recruit" and a.args[0] == "fleet"]

        def threat(a: Action) -> float:
            t = int(a.args[1]) - 1
            sc = -sum(x.get(t, 0) for x in s.armies) * 0.5 + s.monu[t]
            for nb in gm.adj[t]:
                for q in range(len(s.armies)):
                    if q != me:
                        sc += s.armies[q].get(nb, 0)
            return sc

        if armies and armies_n < self.armies_per_city * cities + 2:
            return max(armies, key=threat)
        if fleets and fleets_n < 2:
            good = [a for a in fleets if gm.category[int(a.args[1]) - 1] >= 0]
            return (good or fleets)[0]
        return None

    def _d_research(self, s: Any, legal: list[Action]) -> Action | None:
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
        raise OptionError(f"the Conquest greedy bot has no parameter {sorted(unknown)[0]!r}; "
                          "it takes attack=, aggression=, armies=, margin=")
    if weights:
        params.update({k: repr(min(0.95, max(0.05, v)) if k == "attack" else v) for k, v in weights.items()})
    return GreedyConquest(game, seat, rng, params)


# ---------------------------------------------------------------------------------------
# Hooks for the game-agnostic MCTS bot (see civtable.bots.mcts)

MCTS_DEFAULTS = {"rollout": "greedy", "depth": "12", "iters": "100", "steps": "800", "c": "0.5"}
"""Defaults of ``mcts`` on Conquest: rollouts follow the greedy player (random rollouts lose
even to random play: they walk armies into lost battles), 100 iterations capped at 800 rollout
moves (deterministic, well within a second per decision)."""

_ROLLOUT_BOTS: dict[tuple[int, int, int, str], GreedyConquest] = {}


def rollout_action(state: Any, player: int, rng: random.Random) -> Action:
    """The greedy player's choice on a (sampled) state, for MCTS rollouts (``rollout=greedy``)."""
    legal = state.legal_actions(player)
    return legal[0] if len(legal) == 1 else _rollout_bot(state, player, rng).choose(state, legal)


SEARCHED = frozenset({"move", "move_to", "recruit", "settle", "upgrade"})
"""The decisions the search weighs; the others (research rolls, payments, Monuments, famine,
the order of fights, the setup) follow the greedy player."""
SEARCH_WIDTH = 6


def search_actions(state: Any, player: int, legal: list[Action], rng: random.Random, style: str = "") -> list[Action]:
    """The moves worth searching: the greedy player's choice first, then the few alternatives
    that change the game (attacks, defending own settlements, the best recruits and Villages,
    stopping), at most :data:`SEARCH_WIDTH`."""
    bot = _rollout_bot(state, player, rng, style)
    first = bot.choose(state, legal)
    kind = state.decision().kind
    if kind not in SEARCHED or len(legal) == 1:
        return [first]
    s = state
    gm = s.map
    out = [first]
    ranked: list[tuple[float, Action]] = []
    if kind == "move_to":
        top = s.frames[-1]
        ranked = _destinations(bot, s, player, top.unit, top.source, legal)
        if ranked:  # a unit picked is moved: cancelling would only return to the same position
            ranked.sort(key=lambda x: -x[0])
            out = [first] if first.kind == "to" else []
            out += [a for _v, a in ranked if a not in out][:SEARCH_WIDTH - len(out)]
            return out
    elif kind == "move":
        for a in legal:
            if a.kind == "unit" and _has_destination(bot, s, player, a):
                t = int(a.args[1]) - 1
                ranked.append((1.0 + s.monu[t] * 0.1 + rng.random() * 0.01, a))
        if first.kind == "unit" and not _has_destination(bot, s, player, first):
            out = []
    elif kind == "recruit":
        seen: set[Any] = set()
        for a in legal:
            if a.kind == "recruit":
                t = int(a.args[1]) - 1
                key = (a.args[0], s.monu[t], s.settle[t])
                if key not in seen:  # one recruit per kind of place
                    seen.add(key)
                    ranked.append((s.monu[t] + (0.5 if a.args[0] == "army" else 0.0), a))
    elif kind == "settle":
        for a in legal:
            if a.kind == "village":
                ranked.append((RESOURCE_VALUE.get(gm.resource[int(a.args[0]) - 1], 1.0), a))
    else:  # upgrade
        ranked = [(RESOURCE_VALUE.get(gm.resource[int(a.args[0]) - 1], 1.0), a) for a in legal if a.kind == "upgrade"]
    ranked.sort(key=lambda x: -x[0])
    for _v, a in ranked:
        if len(out) >= SEARCH_WIDTH - 1:
            break
        if a not in out:
            out.append(a)
    stop = _DONE if _DONE in legal else Action("cancel")
    if stop in legal and stop not in out:
        out.append(stop)
    return out or [first]


def _destinations(bot: GreedyConquest, s: Any, player: int, unit: str, source: int,
                  legal: list[Action]) -> list[tuple[float, Action]]:
    """The destinations worth searching for the unit(s) picked at ``source`` (0-based), scored:
    the greedy player's moves, and armies reinforcing an own settlement."""
    ranked = []
    for a in legal:
        if a.kind != "to":
            continue
        t = int(a.args[0]) - 1
        score = bot._move_score(s, unit, source, a)
        if score <= 0 and s.settle[t] and s.owner[t] == player and unit == "army":
            score = 0.5 + s.monu[t] - s.armies[player].get(t, 0)  # reinforce an own settlement
        if score > 0:
            ranked.append((score, a))
    return ranked


def _has_destination(bot: GreedyConquest, s: Any, player: int, pick: Action) -> bool:
    """Whether picking the unit(s) of ``pick`` leads to a destination worth searching. Picking a
    unit only to cancel returns to the same position, so the search would pick and cancel
    without end (it did: hundreds of times a turn); such picks are not searched."""
    sample = s.clone()
    sample.apply_unchecked(pick, player)
    if sample.decision().kind != "move_to":
        return True
    return bool(_destinations(bot, sample, player, str(pick.args[0]), int(pick.args[1]) - 1,
                              sample.legal_actions(player)))


SEARCH_POLICY: dict[str, float] = {"attack": 0.2, "margin": 0.0}
"""The greedy player the search follows in its rollouts and proposes first: it attacks from a
20% chance of winning the battle and recruits up to its whole Food income. Against the default
greedy player it won 77 of 100 two-player games (seed 700, the seeds it was tuned on)."""


SEARCH_CIVS = (
    "macedonians", "goths", "phoenicians", "babylonians", "celts", "minoans", "romans", "athenians", "sumerians",
    "persians", "spartans", "egyptians",
)
"""The civilizations in the order the search policy picks them: by how often each won in 240
two-player games of the search policy against itself with the civilizations rotated (seed 800:
Macedonians 30 of 40, Goths 29 ... Egyptians 10 of 40)."""


def _rollout_bot(state: Any, player: int, rng: random.Random, style: str = "") -> GreedyConquest:
    """The greedy player of ``player`` (in ``style``, else :data:`SEARCH_POLICY`) for searches
    drawing from ``rng``."""
    key = (id(state.game), id(rng), player, style)
    bot = _ROLLOUT_BOTS.get(key)
    if bot is None or bot.rng is not rng or bot.game is not state.game:
        if len(_ROLLOUT_BOTS) > 256:
            _ROLLOUT_BOTS.clear()
        params = {k: repr(v) for k, v in {**WEIGHTS, **(STYLES[style] if style else SEARCH_POLICY)}.items()}
        bot = _ROLLOUT_BOTS[key] = GreedyConquest(state.game, player, rng, params)
        bot.civ_order = SEARCH_CIVS
    return bot


def style_search(style: str, seat: int) -> dict[str, Any]:
    """The search hooks of ``seat`` playing ``style``: its own moves in rollouts and its first
    candidate move are the styled greedy player's (the other seats play the default greedy)."""

    def rollout(state: Any, player: int, rng: random.Random) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        return _rollout_bot(state, player, rng, style if player == seat else "").choose(state, legal)

    def candidates(state: Any, player: int, legal: list[Action], rng: random.Random) -> list[Action]:
        return search_actions(state, player, legal, rng, style if player == seat else "")

    return {"rollout": rollout, "candidates": candidates}


VALUE_BOTS = ("greedy", "greedy:style=warlord", "greedy:style=builder", "greedy:style=cautious", "greedy:noise=0.3")
"""The players whose games the learned value is fitted on (``python -m civtable.sim.value_fit conquest``)."""

__all__ = ["GreedyConquest", "make_greedy", "rollout_action", "leaf_values", "value_features", "VALUE_FEATURES",
           "MCTS_DEFAULTS", "search_actions", "style_search", "STYLES", "WEIGHTS", "VALUE_BOTS"]
