"""The Path of Civilization game definition: options, content, seat names and log sentences."""

from __future__ import annotations

from typing import Any

from civtable.core import Action, Game, GameInfo, OptionSpec

from .content import TRAYS, TYPES, Content, load_content
from .describe import describe, explain
from .events import DESTINY_LIMIT
from .fold import fold_project_lines
from .follow_up import before_follow_up
from .state import PathState
from .view import heuristic_values, view


class PathOfCivilization(Game):
    """Path of Civilization: 2-5 players, 9 rounds of six simultaneous phases."""

    info = GameInfo(
        name="pathciv",
        title="Path of Civilization",
        min_players=2,
        max_players=5,
        chance="explicit",
        information="imperfect",
        simultaneous=True,
        options=(
            OptionSpec("players", int, 4, "number of players (2-5)", minimum=2, maximum=5),
            OptionSpec(
                "threat_tie", str, "blocks",
                "a player tied with the External Threat is denied that reward line ('blocks', reading P-10) "
                "or shares it ('shares')",
                choices=("blocks", "shares"),
            ),
            OptionSpec(
                "rounds", int, 9,
                "rounds played: 9 is the game; fewer (3-8) make a short learning game that ends after that round's "
                "events and is scored as after round 9", minimum=3, maximum=9,
            ),
            OptionSpec(
                "claims", str, "open",
                "Wonder and Leader claims: 'open' (the Acquisition Priority Rule: place, move or withdraw your "
                "cubes seeing everyone's, confirm, settled by priority) or 'once' (one claim each, only the "
                "outranked claim again: fewer decisions, for fast simulations)",
                choices=("open", "once"),
            ),
            OptionSpec(
                "unsold", str, "keep",
                "market cards nobody bought stay for later rounds ('keep', reading P-21) or leave the game "
                "when the next round's cards come ('discard')",
                choices=("keep", "discard"),
            ),
        ),
        description=(
            "Nine rounds of secret Projects, Deployment, Philosophy, Wonders and Leaders claimed by "
            "priority, Research, Technology purchases, Challenges and Battles; most VP wins."
        ),
    )

    def load_content(self, path: str | None) -> str:
        self.content: Content = load_content(path)
        self.project_cache: dict[tuple[int, ...], list[tuple[int, ...]]] = {}  # hand -> Projects
        self.static_cache: dict[tuple[Any, ...], tuple[int, ...]] = {}  # the bot's static Projects
        return self.content.content_id

    def new_initial_state(self) -> PathState:
        return PathState(self).start()

    def state_from_json(self, data: dict[str, Any]) -> PathState:
        return PathState.from_json(self, data)

    def action_space(self) -> list[Action]:
        """Every player action that can ever be legal (a fixed order, for RL adapters)."""
        c = self.content
        out = [Action(side, (t.id,)) for side in ("left", "right") for t in c.techs]
        out += [Action("deploy", (t,)) for t in TRAYS] + [Action("research", (t,)) for t in TYPES]
        out += [Action("claim", (x.id,)) for x in c.wonders] + [Action("claim", (x.id,)) for x in c.leaders]
        out += [Action("pass")] + [Action("buy", (t.id,)) for t in c.techs if t.level > 0]
        out += [Action("benefit", (b.id,)) for b in c.benefits]
        out += [Action("destiny", (k,)) for k in range(DESTINY_LIMIT + 1)]
        out += [Action("withdraw"), Action("confirm")]  # open claims (appended: earlier indices unchanged)
        return out

    def seat_name(self, player: int) -> str:
        return f"Player {player + 1}"  # people count from 1, as in the log

    def fold_log(self, earlier: str, later: str) -> str | None:
        """A seat's Project cards, agents of one kind or Research points of one type, told one
        by one, read as one line (:mod:`.fold`)."""
        return fold_project_lines(earlier, later)

    # views, explanations and log sentences depend on the state, never the reverse: the state
    # asks its game for them
    def describe_action(self, state: Any, player: int, action: Action) -> str:
        return describe(state, player, action)

    def before_follow_up(self, state: Any, player: int, action: Action) -> tuple[PathState, str] | None:
        """The last answer before Phase F, apart from the events and the end of the round it sets
        off (:mod:`.follow_up`)."""
        return before_follow_up(state, player, action) if isinstance(state, PathState) else None

    def explain_illegal(self, state: PathState, action: Action, player: int) -> str:
        return explain(state, action, player)

    def view_of(self, state: PathState, player: int | None) -> dict[str, Any]:
        return view(state, player)

    def estimate(self, state: PathState) -> list[float]:
        return heuristic_values(state)
