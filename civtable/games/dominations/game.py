"""The Dominations game definition: options, content and log sentences."""

from __future__ import annotations

from typing import Any

from civtable.core import Action, Game, GameInfo, GameState, OptionSpec

from .content import Content, load_content
from .state import DominationsState

SEAT_COLOURS = ("White", "Black", "Grey", "Brown")


class Dominations(Game):
    """Dominations: Road to Civilization, 2-4 players, three Ages of five turns."""

    info = GameInfo(
        name="dominations",
        title="Dominations: Road to Civilization",
        min_players=2,
        max_players=4,
        chance="explicit",
        information="imperfect",
        simultaneous=True,
        options=(
            OptionSpec("players", int, 3, "number of players (2-4)", minimum=2, maximum=4),
            OptionSpec(
                "multi_edge", str, "choose_one",
                "a tile touching several tiles scores one edge of the placer's choice ('choose_one', "
                "the text's 'the connected edge') or every connected edge ('all_edges')",
                choices=("choose_one", "all_edges"),
            ),
            OptionSpec(
                "city_activation", str, "owner_level",
                "an activated City Produces its level in its Camp's colour for its owner ('owner_level'), "
                "for the placer ('placer_level') or for both ('both')",
                choices=("owner_level", "placer_level", "both"),
            ),
            OptionSpec(
                "nodus_match", str, "all",
                "a new Tree card must form a full Nodus on every shared side ('all') or on at least one ('at_least_one')",
                choices=("all", "at_least_one"),
            ),
            OptionSpec(
                "campfire_overflow_vp", bool, False,
                "a Campfire exchange into a Domain at 20 scores the overflow VP (default: no)",
            ),
        ),
        description=(
            "Lay triangular Land tiles round the Cradle to Produce Knowledge, build Cities and "
            "Monuments, grow a Civilisation Tree of Masteries; most VP after three Ages wins."
        ),
    )

    def load_content(self, path: str | None) -> str:
        self.content: Content = load_content(path)
        return self.content.content_id

    def new_initial_state(self) -> DominationsState:
        return DominationsState(self)

    def state_from_json(self, data: dict[str, Any]) -> DominationsState:
        return DominationsState.from_json(self, data)

    def seat_name(self, player: int) -> str:
        return f"Player {player + 1}"

    def fold_log(self, earlier: str, later: str) -> str | None:
        """A seat's cards or tiles drawn one by one read as one line: "Player 1 draws 3 Land
        tiles." (the line names no tile, as each draw's own line does not)."""
        from .describe import fold_draws

        return fold_draws(earlier, later)

    def round_words(self, rounds: int) -> str:
        """The round played while ``rounds`` rounds are complete, as the table's header and its
        moments say it (:func:`.view.moment_when`): 7 -> "Age 2, round 3"; the count at the end
        of the game names its last round."""
        from .view import moment_when

        last = int(self.content.rules["ages"]) * int(self.content.rules["turns_per_age"]) - 1
        return moment_when(self.content, "", max(0, min(rounds, last)))

    def round_of(self, state: GameState) -> int:
        """The rounds complete before the round the table's header shows: a seat's turn counts in
        its round while it is played (the result's count takes a round as complete once its last
        seat's turn begins), and an Age's end in its round 5."""
        if not isinstance(state, DominationsState):
            return super().round_of(state)
        from .narrate import round_no

        return round_no(state)

    def in_setup(self, state: GameState) -> bool:
        """Before Age 1's play: the Objective and Monument choices are still secret (the count of
        rounds complete is 0 through Age 1, round 1 as well)."""
        return isinstance(state, DominationsState) and not state.in_play

    def follow_up_when(self, words: str) -> str:
        """The end of an Age's steps (:func:`.follow_up._words`) happen at its end, not in the next
        round: "the end of Age 1 scoring" -> "End of Age 1"; "the final scoring" -> "Final scoring"."""
        import re

        if words.startswith("the final scoring"):
            return "Final scoring"
        age = re.match(r"the (?:end of Age|Influence VP and Domination cards of Age) (\d+)", words)
        if age:
            return f"End of Age {age.group(1)}"
        before = re.match(r"the Knowledge reset before Age (\d+)", words)
        return f"End of Age {int(before.group(1)) - 1}" if before else ""

    def round_mark(self, rounds: int) -> str:
        """The round of :meth:`round_words` on a chart's axis: "Age 2, round 3" -> "A2 R3"."""
        return self.round_words(rounds).replace("Age ", "A").replace(", round ", " R")

    def before_follow_up(self, state: GameState, player: int, action: Action) -> tuple[GameState, str] | None:
        """A move apart from the automatic steps it sets off: the next seat's gains at the start
        of its turn, the end of an Age's scoring and Domination cards, the next Age's start, the
        final scoring (:mod:`.follow_up`)."""
        from .follow_up import before_follow_up

        return before_follow_up(state, player, action) if isinstance(state, DominationsState) else None

    def describe_action(self, state: GameState, player: int, action: Action) -> str:
        from .describe import describe

        assert isinstance(state, DominationsState)
        return describe(state, player, action)


__all__ = ["Dominations"]
