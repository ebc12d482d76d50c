"""A tiny multi-step test game for the terminal table: on a turn a seat may build (``build hut``,
then choose ``slot R C`` on its 2x2 grid) any number of times while it has coins, then ``end``s
the turn. A dice roll (chance) opens each turn, so undo must stop there."""

from __future__ import annotations

from typing import Any

from civtable.core import CHANCE, Action, Decision, Game, GameInfo, GameResult, GameState, OptionSpec


class StepGame(Game):
    info = GameInfo(
        name="stepgame",
        title="Step test game",
        min_players=2,
        max_players=2,
        chance="explicit",
        information="perfect",
        simultaneous=False,
        options=(OptionSpec("players", int, 2, "players", minimum=2, maximum=2),),
    )

    def load_content(self, path: str | None) -> str:
        return "stepgame-1"

    def new_initial_state(self) -> StepState:
        return StepState(self)

    def state_from_json(self, data: dict[str, Any]) -> StepState:
        s = StepState(self)
        s.__dict__.update(data)
        return s


class StepState(GameState):
    game: StepGame

    def __init__(self, game: StepGame) -> None:
        self.game = game
        self.coins = [3, 3]
        self.grid: list[list[list[str | None]]] = [[[None, None], [None, None]] for _ in range(2)]
        self.turn = 0
        self.rolled = False
        self.pending: str | None = None
        self.bonus = 0

    def decision(self) -> Decision:
        if self.turn >= 4:
            return Decision((), "over")
        if not self.rolled:
            return Decision((CHANCE,), "roll")
        if self.pending:
            return Decision((self.turn % 2,), "slot", f"place your {self.pending}")
        return Decision((self.turn % 2,), "turn", "build or end your turn")

    def legal_actions(self, player: int | None = None) -> list[Action]:
        d = self.decision()
        if d.is_chance:
            return [a for a, _ in self.chance_outcomes()]
        p = self.turn % 2
        if not d.players or (player is not None and player != p):
            return []
        if self.pending:
            return [
                Action("slot", (r + 1, c + 1))
                for r in range(2)
                for c in range(2)
                if self.grid[p][r][c] is None
            ]
        acts = [Action("end")]
        free = any(x is None for row in self.grid[p] for x in row)
        if self.coins[p] >= 1 and free:
            acts += [Action("build", ("hut",)), Action("build", ("farm",))]
        return acts

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.rolled or self.turn >= 4:
            return []
        return [(Action("roll", (k,)), 0.5) for k in (1, 2)]

    def apply_unchecked(self, action: Action, player: int) -> None:
        if action.kind == "roll":
            self.rolled = True
            self.bonus = int(action.args[0])
        elif action.kind == "build":
            self.coins[player] -= 1
            self.pending = str(action.args[0])
        elif action.kind == "slot":
            r, c = int(action.args[0]) - 1, int(action.args[1]) - 1
            self.grid[player][r][c] = self.pending
            self.pending = None
        elif action.kind == "end":
            self.turn += 1
            self.rolled = False

    def clone(self) -> StepState:
        s = StepState(self.game)
        s.coins = list(self.coins)
        s.grid = [[list(row) for row in g] for g in self.grid]
        s.turn, s.rolled, s.pending, s.bonus = self.turn, self.rolled, self.pending, self.bonus
        return s

    def view(self, player: int | None) -> dict[str, Any]:
        return {"coins": list(self.coins), "grid": self.grid, "turn": self.turn, "pending": self.pending}

    def result(self) -> GameResult:
        built = [sum(x is not None for row in g for x in row) for g in self.grid]
        done = self.turn >= 4
        best = max(built)
        return GameResult(
            done,
            [p for p in range(2) if built[p] == best] if done else [],
            self.turn // 2,
            [{"built": b} for b in built],
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "coins": self.coins,
            "grid": self.grid,
            "turn": self.turn,
            "rolled": self.rolled,
            "pending": self.pending,
            "bonus": self.bonus,
        }
