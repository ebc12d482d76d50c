"""Quick match: signed-in players wait for a game, mode, number of players and speed
(:class:`~civtable.server.tablestore.TableStore` keeps the queue); when enough wait, the
longest-waiting ones get a rated game with every seat bound to its account and the clock running.
A player tired of waiting plays the same game against bots at once."""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any

from .clocks import parse_speed
from .live import LiveGame
from .tables import TAKEOVER_BOT, TableSpec

if TYPE_CHECKING:
    from .manager import GameManager


class QuickMatch:
    """The quick-match side of a :class:`~civtable.server.manager.GameManager`."""

    def __init__(self, manager: GameManager) -> None:
        self.m = manager
        self.tables = manager.tables
        self.matching = asyncio.Lock()

    async def quick_match(self, account: str, key: dict[str, Any], client: str | None) -> None:
        """Wait for a match for ``key`` (game, mode, players, speed); when enough accounts wait,
        make their game (rated, every seat bound to its account, the clock running)."""
        await asyncio.to_thread(self.tables.store.enqueue, account, key, client)
        async with self.matching:
            game_id = secrets.token_urlsafe(9)
            order = await asyncio.to_thread(self.tables.store.match, key, int(key["players"]), game_id)
            if order is None:
                return
            try:
                await self._make_match(game_id, key, order)
            except Exception:
                await asyncio.to_thread(self.tables.store.unmatch, game_id)
                raise

    async def _make_match(self, game_id: str, key: dict[str, Any], order: list[tuple[str, str | None]]) -> None:
        accounts = self.m.accounts
        names = await asyncio.to_thread(accounts.names, [a for a, _c in order]) if accounts else {}
        spec = TableSpec(seat=None, rated=True, speed=parse_speed(key["speed"]), all_held=True, game_id=game_id)
        live, _tokens = await self.m.create(key["game"], ["human"] * len(order), key.get("mode"), None, {},
                                            names=[names.get(a) for a, _c in order], table=spec)
        if accounts is not None:
            for seat, (account, client) in enumerate(order):
                await asyncio.to_thread(accounts.bind, account, game_id, seat, client)
            await self.tables.after_load(live)

    async def play_bots(self, account: str, key: dict[str, Any], client: str | None,
                        name: str | None) -> tuple[LiveGame, int, str]:
        """Leave the queue and play the game of ``key`` against bots at once."""
        await asyncio.to_thread(self.tables.store.leave_queue, account)
        players = int(key["players"])
        seat = secrets.randbelow(players)
        seats = [TAKEOVER_BOT] * players
        seats[seat] = "human"
        names: list[str | None] = [None] * players
        names[seat] = name
        live, tokens = await self.m.create(key["game"], seats, key.get("mode"), None, {}, client=client,
                                           account=account, names=names,
                                           table=TableSpec(seat=seat, rated=True, speed=parse_speed(key["speed"])))
        await self.tables.bind_seat(live, seat, account, client)
        return live, seat, tokens[seat]
