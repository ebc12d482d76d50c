"""Tables of strangers: who holds each seat, clocks that keep a game moving, and what happens when
a person leaves.

* **Seats and invitations.** The creator of a game gets a token for their own seat and one
  single-use invitation for each other human seat. Claiming an invitation gives the claimant a
  fresh seat token and uses the invitation up (:mod:`civtable.server.tablestore`); the creator
  may invite again explicitly (a re-invitation of a seat someone holds takes it from them, so it
  is refused in rated games). Claiming, joining or being matched while signed in binds the seat
  to the account (what makes a game rated, :mod:`civtable.server.ratings`).
* **Waiting tables.** A game with a clock, or an open table (free seats listed in the lobby for any
  signed-in player), waits (status ``waiting``) until every human seat is taken, so nobody's
  clock runs for an empty chair. From ``fill_by`` on, its players are offered bots for the free
  seats (the creator may fill them at any time).
* **Clocks** (:mod:`civtable.server.clocks`) are updated with every change of the deciders and
  stored with the actions in one transaction; :meth:`Tables.watch` looks for clocks that ran out
  (also in games not in memory, by the indexed ``deadline`` column, so restarts and several
  processes change nothing).
* **Forfeits.** A person whose clock runs out, who resigns, or who abandons a game (it expires
  while waiting for them) *forfeits*: their seat counts as a loss in a rated game. When people
  remain, each of them may let a bot take the seat (the game goes on) or end the game (those
  still playing share the win); without an answer within the grace time a bot takes the seat.

Quick match is in :mod:`civtable.server.quickmatch`; what everyone sees of a table in
:mod:`civtable.server.table_views`.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from civtable.core import CHANCE

from .errors import ApiError
from .limits import check_seat
from .live import LiveGame, dumps
from .names import check_unique, unseen_text
from .ratings import ranks_of
from .series import result_column
from .store import Conflict, hash_token
from .tablestore import ClaimError, TableStore

if TYPE_CHECKING:
    from .manager import GameManager

log = logging.getLogger("civtable.server")

TAKEOVER_BOT = "greedy"  # the bot that takes the seat of a person who left
FIRST = -1  # TableSpec.seat: the creator plays the first human seat
CLOSED = "this table was closed before its game started: the player who opened it deleted their account"


@dataclass(frozen=True)
class TableSpec:
    """How a new game's table is set: the creator's seat (``FIRST``: the first human seat;
    ``None``: the creator does not play), rated, open seats, speed (``(name, initial,
    increment)`` or ``None``), every human seat held from the start (quick match), a given id
    (a rematch's, reserved by the link from the game it follows)."""

    seat: int | None = FIRST
    rated: bool = False
    open_table: bool = False
    speed: tuple[str, float, float] | None = None
    all_held: bool = False
    game_id: str | None = None
    rematch_of: str | None = None  # the game whose rematch link reserves ``game_id`` (series.reserved)
    series: str | None = None  # a rematch: the first game of its series

    def creator(self, specs: Sequence[str]) -> int | None:
        humans = [i for i, s in enumerate(specs) if s == "human"]
        if self.all_held or self.seat is None or not humans:
            return None
        if self.seat == FIRST:
            return humans[0]
        if self.seat not in humans:
            raise ApiError(400, f"your seat must be a human seat, and Player {self.seat + 1} is not one", "bad_seats")
        return self.seat

    def holders(self, specs: Sequence[str]) -> list[int]:
        if self.all_held:
            return [i for i, s in enumerate(specs) if s == "human"]
        creator = self.creator(specs)
        return [] if creator is None else [creator]


def grace(live: LiveGame) -> float:
    """Seconds the others have to answer a forfeit before a bot takes the seat."""
    if live.clock is None:
        return 86400.0
    return min(86400.0, max(15.0, live.clock.increment))


class Tables:
    """The table side of a :class:`~civtable.server.manager.GameManager`."""

    def __init__(self, manager: GameManager) -> None:
        self.m = manager
        self.store = TableStore(manager.store)
        self._joining: dict[str, asyncio.Lock] = {}  # game id -> held while someone joins its table

    # ----- state kept with the game ---------------------------------------------------------------
    def stored_state(self, live: LiveGame) -> dict[str, Any]:
        return {"rated": live.rated, "creator_seat": live.creator_seat, "open_table": live.open_table,
                "clock": live.clock.to_json() if live.clock else None, "deadline": self.deadline(live),
                "forfeits": list(live.forfeits), "takeovers": dict(live.takeovers), "fill_by": live.fill_by,
                "series": live.series}

    def _row_values(self, live: LiveGame) -> dict[str, Any]:
        import json

        return {"status": live.status, "clock": json.dumps(live.clock.to_json()) if live.clock else None,
                "deadline": self.deadline(live), "forfeits": json.dumps(live.forfeits) if live.forfeits else None,
                "takeovers": json.dumps({str(k): v for k, v in live.takeovers.items()}) if live.takeovers else None,
                "seats": json.dumps(live.seats), "bot_turn": int(live.status == "active" and live.bot_to_move() is not None),
                "result": result_column(live)}  # an ended game's result, with the status that ends it

    def deadline(self, live: LiveGame) -> float | None:
        """When the server must look at the game again: a clock running out, a forfeit's grace."""
        if live.status != "active":
            return None
        times = [f["until"] for f in live.forfeits if f.get("choice") is None and f.get("until")]
        if live.clock is not None and (d := live.clock.deadline()) is not None:
            times.append(d)
        return min(times) if times else None

    def fill_after(self, live: LiveGame) -> float:
        """Seconds a waiting table waits for players before bots are offered."""
        if live.clock is not None and live.clock.speed == "turnbased":
            return 86400.0
        return self.m.limits.match_wait

    def start_clock(self, live: LiveGame, now: float) -> None:
        if live.clock is not None and live.status == "active":
            live.clock.update(live.session.state.decision().players, live.humans(), now)

    def clock_meta(self, live: LiveGame, status: str) -> dict[str, Any] | None:
        """Update the clocks for the deciders now (``status``: the game's status after the
        change) and return the columns to store with the actions."""
        if live.clock is None and not live.forfeits:
            return None
        import json

        now = time.time()
        if live.clock is not None:
            if status == "active":
                live.clock.update(live.session.state.decision().players, live.humans(), now)
            else:
                live.clock.pause(now)
        deadline = self.deadline(live) if status == "active" else None
        return {"clock": json.dumps(live.clock.to_json()) if live.clock else None, "deadline": deadline}

    def copy_state(self, source: LiveGame, live: LiveGame) -> None:
        for name in ("seats", "bots", "token_hashes", "device_tokens", "names", "creator_seat", "rated", "open_table",
                     "clock", "forfeits", "takeovers", "fill_by", "claimed", "rematch", "series"):
            setattr(live, name, getattr(source, name))

    async def bind_seat(self, live: LiveGame, seat: int | None, account: str | None, client: str | None) -> None:
        """``seat`` becomes the signed-in ``account``'s (nothing without an account, a seat or
        accounts), and who owns the seats is read again."""
        if account is None or seat is None or self.m.accounts is None:
            return
        await asyncio.to_thread(self.m.accounts.bind, account, live.id, seat, client)
        await self.after_load(live)
        await self._call_by_account(live, seat)

    async def _call_by_account(self, live: LiveGame, seat: int, dropped: str | None = None) -> None:
        """A seat an account took is called by the account's name when its person chose no other
        (people meet by their account names, as on any game site), unless another seat's name
        looks the same; a name that was the seat's previous account's (``dropped``) goes with it."""
        names = live.names + [None] * (len(live.seats) - len(live.names))
        owner, chosen = live.owners.get(seat), names[seat]
        name = owner[1] if owner is not None else None
        if chosen is not None and chosen != dropped:
            return
        if name is not None:
            try:
                check_unique(name, seat, names)
            except ApiError:
                name = None
        if name != chosen:
            await asyncio.wrap_future(self.m.store.set_name(live.id, seat, name))
            names[seat] = name
            live.names = names

    async def after_load(self, live: LiveGame) -> None:
        """Read who owns the seats (accounts) and their ratings."""
        accounts, ratings = self.m.accounts, self.m.ratings
        if accounts is None:
            return
        live.owners = await asyncio.to_thread(accounts.owners, live.id)
        live.ratings = {}  # an account deleted meanwhile has none
        if ratings is not None and live.owners:
            shown = await asyncio.to_thread(ratings.of, live.game.info.name, [a for a, _ in live.owners.values()])
            live.ratings = {s: shown[a] for s, (a, _n) in live.owners.items() if a in shown}

    async def refresh(self, live: LiveGame) -> None:
        """Another process changed the table (a name, a seat, a forfeit): read it again."""
        from .live import rebuild

        stored = await asyncio.to_thread(self.m.store.load_game, live.id)
        if stored is None:
            return
        if len(stored.actions) != live.state_id or stored.seats != live.seats:
            fresh = await asyncio.to_thread(rebuild, stored, lambda spec, _g, _s: spec != "human")
            fresh.session.listeners.clear()
            live.session, live.log, live.deciders = fresh.session, fresh.log, fresh.deciders
            live.listen()
            self.copy_state(fresh, live)
        else:
            live.names = list(stored.names)
            live.token_hashes = dict(stored.token_hashes)
            live.device_tokens = dict(stored.device_tokens)  # those dropped elsewhere are gone
            live.claimed = set(stored.token_hashes) | set(stored.device_tokens.values())
            from .clocks import Clock

            live.clock = Clock.from_json(stored.clock) if stored.clock else None
            live.forfeits, live.takeovers, live.fill_by = list(stored.forfeits), dict(stored.takeovers), stored.fill_by
            live.rematch = stored.rematch
            live.bots = [spec != "human" or i in live.takeovers for i, spec in enumerate(live.seats)]
        live.status = stored.status
        await self.after_load(live)

    async def _save(self, live: LiveGame) -> None:
        """Store the table's state (under the game's lock), tell every viewer, let the bots play."""
        try:
            await asyncio.wrap_future(self.m.store.update_game(live.id, live.state_id, self._row_values(live)))
        except Conflict:
            await self.m._reload(live)
            raise ApiError(409, "the game has moved on meanwhile; look at the new position", "stale") from None
        live.version += 1
        self.m._publish(live)

    # ----- who may do what ---------------------------------------------------------------------------
    def check_seat_plays(self, live: LiveGame, seat: int) -> None:
        left = live.forfeited(seat)
        if seat in live.takeovers:
            why = {"timeout": "your time ran out", "resigned": "you resigned"}.get(str(left["reason"]) if left else "",
                                                                                  "you left the game")
            raise ApiError(409, f"a bot plays this seat now: {why}", "left")
        if left is not None:
            raise ApiError(409, "you left this game; the other players decide whether a bot takes your seat", "left")

    # ----- the clock watch -----------------------------------------------------------------------------
    async def watch(self) -> None:
        while not self.m._closed:
            try:
                await self.check_due()
            except Exception:
                log.exception("checking the game clocks failed")
            await asyncio.sleep(self.m.limits.clock_check)

    async def check_due(self, now: float | None = None) -> None:
        """Handle every game whose deadline passed: clocks that ran out, forfeits not answered."""
        now = time.time() if now is None else now
        for live in list(self.m.games.values()):
            due = self.deadline(live)
            if due is not None and due <= now:
                await self.handle(live, now)
        ids = await asyncio.to_thread(self.m.store.due_games, now)
        for game_id in ids:
            if game_id not in self.m.games:
                found = await self.m.get(game_id)
                if found is not None:
                    await self.handle(found, now)

    async def handle(self, live: LiveGame, now: float) -> None:
        async with live.lock:
            if live.status != "active":
                return
            changed = False
            if self.m.shared:  # several processes: the one that takes the stored deadline handles it
                stored = await asyncio.to_thread(self.m.store.stored_deadline, live.id)
                if stored is None or not await asyncio.to_thread(self.m.store.claim_deadline, live.id, stored):
                    return
                changed = True  # store the next deadline whatever happens
            if live.clock is not None:
                for seat in live.clock.expired(now):
                    self._forfeit(live, seat, "timeout", now)
                    changed = True
            for f in live.forfeits:
                if f.get("choice") is None and f.get("until") and f["until"] <= now and live.status == "active":
                    self._settle(live, f, "bot", now)
                    changed = True
            if changed:
                await self._after_change(live)
        self.m.kick(live)

    async def _after_change(self, live: LiveGame) -> None:
        await self._save(live)
        if live.status == "ended":
            self.m.run_finish_hooks(live)

    def _forfeit(self, live: LiveGame, seat: int, reason: str, now: float) -> dict[str, Any]:
        entry: dict[str, Any] = {"seat": seat, "reason": reason, "at": live.state_id, "time": round(now, 3),
                                 "choice": None, "until": None}
        live.forfeits.append(entry)
        if live.clock is not None:
            live.clock.stop(seat, now)
        if reason == "abandoned":
            entry["choice"] = "end"
        elif not live.humans():
            self._settle(live, entry, "end", now)  # nobody left to ask
        else:
            entry["until"] = round(now + grace(live), 3)
        return entry

    def _settle(self, live: LiveGame, entry: dict[str, Any], choice: str, now: float) -> None:
        entry["choice"] = choice
        seat = int(entry["seat"])
        if choice == "bot":
            live.takeovers[seat] = check_seat(TAKEOVER_BOT, live.game, seat, self.m.limits)
            live.bots[seat] = True
        else:
            live.status = "ended"
            if live.clock is not None:
                live.clock.pause(now)

    # ----- what players ask ----------------------------------------------------------------------------
    async def resign(self, live: LiveGame, seat: int) -> None:
        if live.status == "waiting":
            return await self.leave(live, seat)
        async with live.lock:
            self.m._check_playable(live)
            self.check_seat_plays(live, seat)
            self._forfeit(live, seat, "resigned", time.time())
            await self._after_change(live)
        self.m.kick(live)

    async def leave(self, live: LiveGame, seat: int) -> None:
        """A person leaves a table still waiting for players: the seat is free again (their token
        ends). Its creator starts it with bots instead, or waits."""
        if seat == live.creator_seat:
            raise ApiError(409, "you opened this table: start it with bots for the free seats, or wait for players",
                           "creator")
        async with live.lock:
            if live.status == "closed":
                raise ApiError(410, CLOSED, "closed")
            if live.status != "waiting":
                raise ApiError(409, "the game has started meanwhile; resign to leave it", "not_waiting")
            await asyncio.wrap_future(self.store.free_seat(live.id, seat))
            live.token_hashes.pop(seat, None)
            live.claimed.discard(seat)
            if seat < len(live.names):
                live.names[seat] = None
        await self._bind(live, seat, None, None, True)

    async def close(self, live: LiveGame) -> bool:
        """Close a table still waiting for players because the account that opened it was deleted:
        its status becomes ``closed`` (out of the lobby, nothing more can be done there, its
        players' pages say why), its unused invitations end. False if it was no longer waiting."""
        async with live.lock:
            if live.status != "waiting":
                return False
            live.status = "closed"
            await asyncio.wrap_future(self.store.drop_invitations(live.id, list(range(len(live.seats)))))
            await self._save(live)
        return True

    async def settle(self, live: LiveGame, seat: int, choice: str) -> None:
        """``seat`` answers the oldest open forfeit: ``bot`` takes the seat, or ``end`` the game."""
        if choice not in ("bot", "end"):
            raise ApiError(400, "choose 'bot' (a bot takes the seat) or 'end' (end the game)", "malformed")
        async with live.lock:
            self.m._check_playable(live)
            self.check_seat_plays(live, seat)
            entry = next((f for f in live.forfeits if f.get("choice") is None), None)
            if entry is None:
                raise ApiError(409, "nobody left the game: there is nothing to decide", "nothing_to_decide")
            self._settle(live, entry, choice, time.time())
            await self._after_change(live)
        self.m.kick(live)

    async def claim(self, live: LiveGame, invitation: str, account: str | None, client: str | None) -> tuple[int, str]:
        """Claim an invitation of ``live``: a fresh seat token (and the seat bound to the
        signed-in ``account``)."""
        try:
            claimed = await asyncio.wrap_future(self.store.claim(live.id, invitation))
        except ClaimError as exc:
            status = 404 if exc.code == "not_invitation" else 409
            raise ApiError(status, exc.message, exc.code) from None
        async with live.lock:
            replaced = claimed.seat in live.claimed
            live.token_hashes[claimed.seat] = hash_token(claimed.token)
            live.claimed.add(claimed.seat)
        await self._bind(live, claimed.seat, account, client, replaced)
        await self._maybe_start(live)
        return claimed.seat, claimed.token

    async def join(self, live: LiveGame, account: str, client: str | None, seat: int | None) -> tuple[int, str]:
        """A signed-in player takes a free seat of an open table: one seat per account, never more
        players than seats, at most ``limits.tables_joined`` waiting tables per account, all
        checked in the transaction that takes the seat (:meth:`TableStore.join`), so joins at
        once from several processes are taken one after the other; this process's joins of one
        table also wait for each other here, not in the database."""
        lock = self._joining.setdefault(live.id, asyncio.Lock())
        try:
            async with lock:
                return await self._join(live, account, client, seat)
        finally:
            if not lock.locked():
                self._joining.pop(live.id, None)

    async def _join(self, live: LiveGame, account: str, client: str | None, seat: int | None) -> tuple[int, str]:
        # checked and taken in one transaction, so joins from other processes count too
        cap = self.m.limits.tables_joined
        try:
            joined = await asyncio.to_thread(self.store.join, live.id, account, seat, cap, client)
        except ClaimError as exc:
            raise ApiError(exc.status, exc.message, exc.code) from None
        async with live.lock:
            live.token_hashes[joined.seat] = hash_token(joined.token)
            live.claimed |= joined.held
        await self._bind(live, joined.seat, None, client, False)
        await self._maybe_start(live)
        return joined.seat, joined.token

    async def _bind(self, live: LiveGame, seat: int, account: str | None, client: str | None, replaced: bool) -> None:
        accounts = self.m.accounts
        if accounts is None:
            return
        before = live.owners.get(seat)
        if replaced:
            dropped = await asyncio.to_thread(accounts.unbind, live.id, seat)
            for _game, digest in dropped:
                live.device_tokens.pop(digest, None)
            live.owners.pop(seat, None)
        if account is not None:
            await asyncio.to_thread(accounts.bind, account, live.id, seat, client)
        await self.after_load(live)
        await self._call_by_account(live, seat, before[1] if replaced and before is not None else None)
        async with live.lock:
            live.version += 1
            self.m._publish(live)

    async def reinvite(self, live: LiveGame, by: int, seat: int) -> str:
        """A new invitation for ``seat`` from the creator; earlier ones stop working."""
        if by != live.creator_seat:
            raise ApiError(403, "only the table's creator invites players", "forbidden")
        if not 0 <= seat < len(live.seats) or live.seats[seat] != "human" or seat == by:
            why = ("that is your own seat" if seat == by else f"this table has only {len(live.seats)} seats"
                   if not 0 <= seat < len(live.seats) else f"Player {seat + 1} is a bot's seat")
            raise ApiError(400, f"invite a human seat other than your own: {why}", "bad_seat")
        if live.status not in ("active", "waiting"):
            raise ApiError(409, "this game is over", "ended")
        held = seat in live.claimed
        if held and live.rated:
            raise ApiError(409, f"Player {seat + 1} holds this seat, and a rated game's seats are not given away",
                           "seat_taken")
        made, stored = self.store.invite(live.id, [seat], replaces=held)
        await asyncio.wrap_future(stored)
        return made[seat]

    async def fill(self, live: LiveGame, seat: int) -> None:
        """Bots take the free seats of a waiting table, and the game starts."""
        async with live.lock:
            if live.status == "closed":
                raise ApiError(410, CLOSED, "closed")
            if live.status != "waiting":
                raise ApiError(409, "this table is not waiting for players", "not_waiting")
            if seat != live.creator_seat and (live.fill_by is None or time.time() < live.fill_by):
                raise ApiError(409, "the table is still waiting for players; bots are offered once its time is up",
                               "too_early")
            free = live.free_seats()
            for i in free:
                live.seats[i] = check_seat(TAKEOVER_BOT, live.game, i, self.m.limits)
                live.bots[i] = True
            live.session.record.seats = list(live.seats)
            live.status = "active"
            self.start_clock(live, time.time())
            await asyncio.wrap_future(self.store.drop_invitations(live.id, free))
            await self._save(live)
        self.m.kick(live)

    async def _maybe_start(self, live: LiveGame) -> None:
        async with live.lock:
            if live.status != "waiting" or live.free_seats():
                return
            live.status = "active"
            self.start_clock(live, time.time())
            await self._save(live)
        self.m.kick(live)

    # ----- chat ------------------------------------------------------------------------------------------
    async def chat(self, live: LiveGame) -> list[dict[str, Any]]:
        return await asyncio.to_thread(self.store.chat, live.id)

    async def say(self, live: LiveGame, seat: int, text: str) -> dict[str, Any]:
        """A chat message of ``seat``: plain text, at most ``limits.chat_length`` characters, at
        most ``limits.chat_rate`` per ``limits.chat_window`` seconds."""
        limits = self.m.limits
        unseen_text(text, "a message", "bad_chat", " \t\n")
        message = " ".join(unicodedata.normalize("NFC", text).split())
        if not message:
            raise ApiError(400, "the message is empty", "bad_chat")
        if len(message) > limits.chat_length:
            raise ApiError(400, f"a message has at most {limits.chat_length} characters, not {len(message)}",
                           "bad_chat")
        now = time.time()
        async with live.lock:
            recent = [t for t in live.chat_sent.get(seat, []) if t > now - limits.chat_window]
            if len(recent) >= limits.chat_rate:
                wait = max(1, math.ceil(min(recent) + limits.chat_window - now))
                raise ApiError(429, f"at most {limits.chat_rate} messages every {limits.chat_window:g} seconds; "
                               f"try again in {wait} second{'s' if wait > 1 else ''}", "rate", retry_after=wait)
            if live.chat_count < 0:
                live.chat_count = len(await asyncio.to_thread(self.store.chat, live.id))
            if live.chat_count >= limits.chat_max:
                raise ApiError(409, "this table's chat is full", "chat_full")
            entry = {"i": live.chat_count, "seat": seat, "at": round(now, 3), "text": message}
            await asyncio.wrap_future(self.store.add_chat(live.id, live.chat_count, seat, message, now))
            live.chat_count += 1
            live.chat_sent[seat] = [*recent, now]
            push = dumps({"type": "chat", "message": entry})
            for sub in self.m.holding(live):
                sub.send(push)
        return entry

    # ----- ratings ------------------------------------------------------------------------------------------
    async def rate(self, live: LiveGame) -> None:
        """Rate a rated game that ended (finished, ended early, or abandoned)."""
        ratings = self.m.ratings
        if ratings is None or not live.rated:
            return
        left = [int(f["seat"]) for f in live.forfeits]
        if live.session.state.is_terminal():
            winners = list(live.session.state.result().winners)
        else:
            winners = [i for i in range(len(live.seats)) if i not in left]
        first: dict[int, int] = {}
        for i, (player, _text) in enumerate(live.session.record.actions):
            if player != CHANCE:
                first.setdefault(player, i)
        why = await asyncio.to_thread(ratings.rate, live.id, live.game.info.name, list(live.seats),
                                      ranks_of(len(live.seats), winners, left), first)
        if why:
            log.info("game %s is not rated: %s", live.id, why)
        await self.after_load(live)  # the new ratings beside the names ...
        live.rating_note = why  # ... then the note that the game counted
        live.version += 1
        self.m._publish(live)

    async def abandoned(self, live: LiveGame) -> None:
        """The game expired: the people it was waiting for forfeit (abandonment)."""
        now = time.time()
        waiting = [p for p in live.session.state.decision().players if p in live.humans()]
        for seat in waiting:
            self._forfeit(live, seat, "abandoned", now)
        if waiting:
            await asyncio.wrap_future(self.m.store.update_game(live.id, live.state_id, {
                k: v for k, v in self._row_values(live).items() if k in ("forfeits", "clock")}, notify=False))
