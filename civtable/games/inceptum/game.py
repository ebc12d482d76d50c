"""The INCEPTUM game definition: options, content, and the wiring of the state to its view,
explanations of illegal actions and log sentences (which all sit on top of the state)."""

from __future__ import annotations

from typing import Any

from civtable.core import CHANCE, Action, Game, GameInfo, OptionSpec

from .actions import ActionTable
from .content import RESOURCES, Content, load_content
from .describe import describe
from .explain import explain
from .follow_up import before_follow_up
from .frames import CODEC
from .state import InceptumState
from .view import build_view

MODES = ("mission1", "mission2", "journey", "glory")
MODE_TITLES = {
    "mission1": "Mission 1: The Foundations",
    "mission2": "Mission 2: The Mastery",
    "journey": "Journey to Modern Civilization",
    "glory": "For The Glory",
}


class Inceptum(Game):
    """INCEPTUM: Dawn of Civilizations, 2-4 players, four modes."""

    info = GameInfo(
        name="inceptum",
        title="INCEPTUM: Dawn of Civilizations",
        min_players=2,
        max_players=4,
        chance="explicit",
        information="imperfect",
        simultaneous=True,
        modes=MODES,
        options=(
            OptionSpec("players", int, 3, "number of players (2-4)", minimum=2, maximum=4),
            OptionSpec("mode", str, "journey", "game mode", choices=MODES),
            OptionSpec(
                "max_rounds", int, 80,
                "end the game unfinished after this many rounds (0: no limit)", minimum=0, maximum=10_000,
            ),
            OptionSpec(
                "building_cp", str, "level",
                "a building is worth the CP of its current level ('level') or of every level built ('cumulative')",
                choices=("level", "cumulative"),
            ),
            OptionSpec(
                "pray_rule", str, "at_least",
                "prayers answered at a dice sum of 7 or more ('at_least', main text) or above 7 ('above', quick reference)",
                choices=("at_least", "above"),
            ),
            OptionSpec(
                "cultural_rounding", str, "up",
                "Cultural's 50% first-wonder discount rounds the cost up or down on odd amounts",
                choices=("up", "down"),
            ),
            OptionSpec(
                "mission2_reading", str, "strict",
                "Mission 2 needs four Level 2 buildings plus a Level 3 one ('strict') or counts the Level 3 among the four ('lenient')",
                choices=("strict", "lenient"),
            ),
            OptionSpec(
                "max_offers_per_turn", int, 3,
                "trade offers to other players one may make in a turn (keeps automated play finite)",
                minimum=0, maximum=50,
            ),
        ),
        description=(
            "Research, build, trade and raise wonders on a 5x5 city; first to meet the mode's "
            "objectives at the end of a round wins."
        ),
    )

    offer_limit = 20  # most resources on one side of a trade offer

    def load_content(self, path: str | None) -> str:
        self.content: Content = load_content(path)
        self.table = ActionTable(self.content)
        self.start_slots = self.content.start_slots
        self.mission1_start = self.content.mission1_start
        self.avail_cache: dict[int, tuple[int, ...]] = {}
        self.cost_cache: dict[tuple[int, int], Any] = {}
        self.wonder_cache: dict[tuple[int, int], Any] = {}
        self.grid_cache: dict[int, list[int]] = {}
        self.adv_costs = tuple(a.cost for a in self.content.advances)
        # per kind of frame: frame -> Decision (frames of different kinds may hold equal fields)
        self.decision_cache: dict[type, dict[Any, Any]] = {kind: {} for kind in CODEC.kinds()}
        n = int(self.options["players"])
        self.offers_for = [[self.table.offer[q] for q in range(n) if q != seat] for seat in range(n)]
        return self.content.content_id

    def new_initial_state(self) -> InceptumState:
        return InceptumState(self)

    def state_from_json(self, data: dict[str, Any]) -> InceptumState:
        return InceptumState.from_json(self, data)

    def action_space(self) -> list[Action]:
        return self.table.space()

    def seat_name(self, player: int) -> str:
        return f"Player {player + 1}"  # people count from 1, as in the log

    def describe_action(self, state: Any, player: int, action: Action) -> str:
        return describe(state, player, action)

    def before_follow_up(self, state: Any, player: int, action: Action) -> tuple[InceptumState, str] | None:
        """The last turn of a round, apart from the next round's production phase
        (``follow_up.py``)."""
        return before_follow_up(state, player, action) if isinstance(state, InceptumState) else None

    def view_of(self, state: InceptumState, player: int | None) -> dict[str, Any]:
        """What ``player`` may see of ``state`` (``InceptumState.view`` asks here)."""
        return build_view(state, player)

    def explain_illegal(self, state: InceptumState, action: Action, player: int) -> str:
        """Why ``action`` is not legal (``InceptumState.explain_illegal`` asks here)."""
        return explain(state, action, player)

    @property
    def mode_title(self) -> str:
        return MODE_TITLES[self.options["mode"]]


__all__ = ["Inceptum", "MODES", "RESOURCES", "CHANCE"]
