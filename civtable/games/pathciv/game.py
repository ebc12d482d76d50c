"""The Path of Civilization game definition: options, content, seat names and log sentences."""

from __future__ import annotations

from typing import Any

from civtable.core import Action, Game, GameInfo, OptionSpec

from .content import Content, load_content
from .state import PathState


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
        ),
        description=(
            "Nine rounds of secret Projects, Deployment, Philosophy, Wonders and Leaders claimed by "
            "priority, Research, Technology purchases, Challenges and Battles; most VP wins."
        ),
    )

    def load_content(self, path: str | None) -> str:
        self.content: Content = load_content(path)
        return self.content.content_id

    def new_initial_state(self) -> PathState:
        return PathState(self).start()

    def state_from_json(self, data: dict[str, Any]) -> PathState:
        return PathState.from_json(self, data)

    def seat_name(self, player: int) -> str:
        return f"Seat {player + 1}"

    def describe_action(self, state: Any, player: int, action: Action) -> str:
        from .describe import describe

        return describe(state, player, action)
