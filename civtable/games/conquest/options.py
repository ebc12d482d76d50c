"""Game options and what the game object knows before play: content, the map, chance lists.

Rulebook topics: the number of players ("2-4+", A-1), the readings the analysis left open
(A-9 Sea production, A-10 upkeep with Gold, A-16 battle length, A-17 undefended settlements,
A-19 the unit limit; the option help texts say them in players' words, the ids stay here), a
shorter game (``victory_points``, for guided first games) and the dice: the map seed, the battle d8s and the research d12.

``ConquestRules`` is the part of the game object the rules use. The game class proper
(``game.py``) adds making states and wires in views, explanations and log sentences, so the rule
modules never import them.
"""

from __future__ import annotations

from functools import cached_property, lru_cache
from typing import Any

from civtable.core import Action, Game, GameInfo, GameState, OptionSpec

from .content import CATEGORIES, MAP_SIZES, Content, load_content
from .mapgen import GameMap, generate_map, territory_count

MAP_SEEDS = 1 << 16
"""Number of distinct map seeds the ``map`` chance node draws from (uniformly)."""

DONE = Action("done")
CANCEL = Action("cancel")
BUY = Action("buy")
FEED = Action("feed")
RESUME = Action("resume")
"""The one outcome of a :class:`~.frames.FollowUp` (only on the game review's copies): the
next player's production and upkeep, held back, go on."""

INFO = GameInfo(
    name="conquest",
    title="Ancient Civilization Conquest",
    min_players=2,
    max_players=12,
    chance="explicit",
    information="perfect",
    simultaneous=False,
    options=(
        OptionSpec("players", int, 3, "number of players", minimum=2, maximum=12),
        OptionSpec("max_rounds", int, 200, "rounds after which the game ends unfinished", minimum=1, maximum=100000),
        OptionSpec("map_size", str, "standard", "map size (territories grow with the players)", choices=MAP_SIZES),
        OptionSpec("map_seed", int, -1, "fixed map seed (-1: the map is drawn by chance)", minimum=-1,
                   maximum=MAP_SEEDS - 1),
        OptionSpec("victory_points", int, 0, "VP that win the game (0: the rulebook's 100; fewer make a short game)",
                   minimum=0, maximum=100000),
        OptionSpec("civ_choice", str, "pick", "civilizations picked in seat order, or dealt at random",
                   choices=("pick", "random")),
        OptionSpec("sea_production", str, "fleet", "a Sea territory produces for your Fleet standing there alone (fleet), or never (none)",
                   choices=("fleet", "none")),
        OptionSpec("upkeep_gold", str, "must", "when Food runs out, Gold must feed your units (must), or you choose (may)",
                   choices=("must", "may")),
        OptionSpec("unit_limit", str, "per_turn", "the unit limit counts the units recruited this turn (per_turn) or all units on the board (on_board)",
                   choices=("per_turn", "on_board")),
        OptionSpec("battle_rounds", str, "until_resolved", "a battle goes on until one side is gone (until_resolved), or is one roll a turn (single)",
                   choices=("until_resolved", "single")),
        OptionSpec("settlement_defense", str, "fights", "a settlement without units defends itself as one unit (fights), or falls at once (falls)",
                   choices=("fights", "falls")),
    ),
    description="Twelve ancient peoples settle, build Monuments, research traits and fight; 100 VP wins.",
)


@lru_cache(maxsize=1)
def _map_outcomes() -> list[tuple[Action, float]]:
    p = 1.0 / MAP_SEEDS
    return [(Action("map", (s,)), p) for s in range(MAP_SEEDS)]


class ConquestRules(Game):
    """Options, content, the map for a seed and the lists of chance outcomes."""

    info = INFO

    content: Content

    def load_content(self, path: str | None) -> str:
        self.content, cid = load_content(path)
        return cid

    def seat_name(self, player: int) -> str:
        return f"Player {player + 1}"

    @cached_property
    def target_vp(self) -> int:
        """The VP that win: option ``victory_points``, else the content's (the rulebook's 100)."""
        return int(self.options["victory_points"]) or self.content.victory_points

    @cached_property
    def territories(self) -> int:
        return territory_count(self.content, self.num_players, self.options["map_size"])

    def map_for(self, seed: int) -> GameMap:
        return generate_map(self.content, self.num_players, self.options["map_size"], seed)

    @property
    def map_outcomes(self) -> list[tuple[Action, float]]:
        return _map_outcomes()

    @cached_property
    def battle_outcomes(self) -> list[tuple[Action, float]]:
        d = self.content.battle_die
        p = 1.0 / (d * d)
        return [(Action("battle", (a, b)), p) for a in range(1, d + 1) for b in range(1, d + 1)]

    @cached_property
    def roll_outcomes(self) -> list[tuple[Action, float]]:
        n = len(self.content.research_table)
        return [(Action("roll", (k,)), 1.0 / n) for k in range(1, n + 1)]

    def action_space(self) -> list[Action]:
        """Every player action in a fixed order (territory ids 1..T for these options)."""
        t_ids = range(1, self.territories + 1)
        out: list[Action] = [DONE, CANCEL, BUY, FEED]
        out += [Action("civ", (c,)) for c in self.content.civ_ids]
        out += [Action("city", (t,)) for t in t_ids]
        for kind in ("army", "fleet", "city"):
            out += [Action("starve", (kind, t)) for t in t_ids]
        out += [Action("monument", (t,)) for t in t_ids]
        out += [Action("pay", (c,)) for c in CATEGORIES]
        out += [Action("upgrade", (t,)) for t in t_ids]
        out += [Action("village", (t,)) for t in t_ids]
        for kind in ("army", "fleet"):
            out += [Action("unit", (kind, t)) for t in t_ids]
        out += [Action("to", (t,)) for t in t_ids]
        out += [Action("to", (t, "all")) for t in t_ids]
        out += [Action("fight", (c,)) for c in self.content.civ_ids]
        for kind in ("army", "fleet"):
            out += [Action("recruit", (kind, t)) for t in t_ids]
        return out

    # ------------------------------------------------------------------ wired in by game.py
    def view_of(self, state: GameState, player: int | None) -> dict[str, Any]:
        """What ``player`` sees of ``state`` (the game class supplies it)."""
        raise NotImplementedError

    def explain_illegal(self, state: GameState, action: Action, player: int) -> str:
        """Why ``action`` is not legal for ``player`` in ``state`` (the game class supplies it)."""
        raise NotImplementedError
