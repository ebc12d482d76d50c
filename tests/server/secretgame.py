"""A tiny hidden-information game for the server tests: each seat is dealt a secret card by
chance; seats then in turn say ``raise`` or ``stay`` twice; the highest card wins. A seat's view
shows only its own card, so any leak of another seat's card is detectable."""

from __future__ import annotations

from typing import Any

from civtable.core import CHANCE, Action, Decision, Game, GameInfo, GameResult, GameState, OptionSpec


class SecretGame(Game):
    info = GameInfo(
        name="secretgame",
        title="Secret cards (test game)",
        min_players=2,
        max_players=3,
        chance="explicit",
        information="imperfect",
        simultaneous=False,
        options=(OptionSpec("players", int, 2, "number of players", minimum=2, maximum=3),),
    )

    def load_content(self, path: str | None) -> str:
        return "secretgame-1"

    def new_initial_state(self) -> SecretState:
        return SecretState(self, [], 0, 0)

    def state_from_json(self, data: dict[str, Any]) -> SecretState:
        return SecretState(self, list(data["cards"]), int(data["turn"]), int(data["raises"]))

    def describe_action(self, state: GameState, player: int, action: Action) -> str:
        return "A card is dealt." if player == CHANCE else f"Seat {player} says {action.text()}."


class SecretState(GameState):
    def __init__(self, game: SecretGame, cards: list[int], turn: int, raises: int) -> None:
        self.game = game
        self.cards = cards
        self.turn = turn
        self.raises = raises

    def decision(self) -> Decision:
        n = self.game.num_players
        if len(self.cards) < n:
            return Decision((CHANCE,), "deal", "cards are dealt")
        if self.turn >= 2 * n:
            return Decision((), "over", "the game is over")
        return Decision((self.turn % n,), "bet", "raise or stay")

    def legal_actions(self, player: int | None = None) -> list[Action]:
        d = self.decision()
        if d.is_chance:
            return [a for a, _ in self.chance_outcomes()]
        if not d.players or (player is not None and player not in d.players):
            return []
        return [Action("raise"), Action("stay")]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if len(self.cards) >= self.game.num_players:
            return []
        free = [c for c in range(100, 200) if c not in self.cards]
        return [(Action("card", (c,)), 1 / len(free)) for c in free]

    def apply_unchecked(self, action: Action, player: int) -> None:
        if action.kind == "card":
            self.cards.append(int(action.args[0]))
            return
        if action.kind == "raise":
            self.raises += 1
        self.turn += 1

    def clone(self) -> SecretState:
        return SecretState(self.game, list(self.cards), self.turn, self.raises)

    def view(self, player: int | None) -> dict[str, Any]:
        over = self.turn >= 2 * self.game.num_players
        return {
            "cards": [c if (over or p == player) else None for p, c in enumerate(self.cards)],
            "turn": self.turn,
            "raises": self.raises,
            "you": player,
        }

    def result(self) -> GameResult:
        n = self.game.num_players
        over = len(self.cards) == n and self.turn >= 2 * n
        best = max(range(n), key=lambda p: self.cards[p]) if over else -1
        return GameResult(over, [best] if over else [], self.turn, [{"card": c} for c in self.cards])

    def to_json(self) -> dict[str, Any]:
        return {"cards": self.cards, "turn": self.turn, "raises": self.raises}

