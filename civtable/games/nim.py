"""Nim with a random pile: the smallest complete civtable game.

It is the worked example of ``docs/architecture.md`` (adding a game) and a fast game for
testing game-agnostic code (bots, simulation, server). The pile size is drawn by chance
(10 to 20 stones); players take 1 to 3 stones in turn; whoever takes the last stone wins.
"""

from __future__ import annotations

from typing import Any

from civtable.core import (
    CHANCE,
    Action,
    Decision,
    Game,
    GameInfo,
    GameResult,
    GameState,
    OptionSpec,
)

_CHANCE_DECISION = Decision((CHANCE,), "pile", "the pile size is drawn")
_END = Decision((), "over", "the game is over")


class Nim(Game):
    info = GameInfo(
        name="nim",
        title="Nim",
        min_players=2,
        max_players=4,
        chance="explicit",
        information="perfect",
        simultaneous=False,
        options=(
            OptionSpec("players", int, 2, "number of players", minimum=2, maximum=4),
            OptionSpec("max_take", int, 3, "most stones one may take", minimum=1, maximum=9),
        ),
        description="Take 1-3 stones from a random pile; taking the last stone wins.",
        example=True,
    )

    def load_content(self, path: str | None) -> str:
        return "nim-builtin-1"

    def new_initial_state(self) -> NimState:
        return NimState(self, pile=-1, to_move=0, winner=-1, turns=0)

    def state_from_json(self, data: dict[str, Any]) -> NimState:
        return NimState(self, int(data["pile"]), int(data["to_move"]), int(data["winner"]), int(data["turns"]))


class NimState(GameState):
    game: Nim
    __slots__ = ("game", "pile", "to_move", "winner", "turns")

    def __init__(self, game: Nim, pile: int, to_move: int, winner: int, turns: int) -> None:
        self.game = game
        self.pile = pile
        self.to_move = to_move
        self.winner = winner
        self.turns = turns

    def decision(self) -> Decision:
        if self.pile < 0:
            return _CHANCE_DECISION
        if self.winner >= 0:
            return _END
        return Decision((self.to_move,), "take", f"take 1 to {self.game.options['max_take']} stones")

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if self.pile < 0:
            return [a for a, _ in self.chance_outcomes()]
        if self.winner >= 0 or (player is not None and player != self.to_move):
            return []
        top = min(self.pile, self.game.options["max_take"])
        return [Action("take", (k,)) for k in range(1, top + 1)]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.pile >= 0:
            return []
        return [(Action("pile", (k,)), 1 / 11) for k in range(10, 21)]

    def apply_unchecked(self, action: Action, player: int) -> None:
        if action.kind == "pile":
            self.pile = int(action.args[0])
            return
        self.pile -= int(action.args[0])
        self.turns += 1
        if self.pile == 0:
            self.winner = player
        else:
            self.to_move = (self.to_move + 1) % self.game.num_players

    def explain_illegal(self, action: Action, player: int) -> str:
        if action.kind != "take" or len(action.args) != 1:
            return f"{action.text()!r} is not a Nim action; say 'take N'"
        return f"you may take 1 to {min(self.pile, self.game.options['max_take'])} stones, not {action.args[0]}"

    def clone(self) -> NimState:
        return NimState(self.game, self.pile, self.to_move, self.winner, self.turns)

    def view(self, player: int | None) -> dict[str, Any]:
        return {"pile": self.pile, "to_move": self.to_move, "winner": self.winner, "you": player}

    def result(self) -> GameResult:
        n = self.game.num_players
        return GameResult(
            finished=self.winner >= 0,
            winners=[self.winner] if self.winner >= 0 else [],
            rounds=self.turns,
            scores=[{"won": p == self.winner} for p in range(n)],
        )

    def to_json(self) -> dict[str, Any]:
        return {"pile": self.pile, "to_move": self.to_move, "winner": self.winner, "turns": self.turns}
