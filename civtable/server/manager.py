"""Live games of the server: sessions rebuilt from storage, creation under the server's limits,
actions and undo, abandoned games expiring, and change notifications for WebSocket subscribers.

Every change to a game happens under that game's lock and follows the same order: apply to the
in-memory :class:`~civtable.core.Session` (checked; the state is untouched on error), resolve any
chance events that follow, commit the new actions to the database in one transaction, and only
then acknowledge and notify. If the commit fails, the game is rebuilt from the database so memory
never runs ahead of what is stored.

Online games draw their chance from the seed *and* a secret chance key made for each game and
kept in the database; it is published with the record once the game is over.

What a new game is made of is checked in :mod:`civtable.server.creation`; changes other server
processes commit are followed in :mod:`civtable.server.following`, tables of strangers in
:mod:`civtable.server.tables`.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from civtable.core import CHANCE, Action, CivtableError, Game, Session, spelled_out

from . import views
from .accounts import Accounts
from .botpool import BotPool
from .clocks import Clock
from .creation import checked_game, checked_names
from .driver import BotDriver
from .errors import ApiError, error_for
from .following import Follower
from .limits import Limits, check_seat
from .live import LiveGame, Subscriber, dumps, rebuild
from .names import check_name, check_unique, name_players, seat_names
from .quickmatch import QuickMatch
from .ratings import Ratings
from .series import load_earlier, reserved, result_column, stored_result
from .store import PLAYING, Conflict, QuotaExceeded, Store, StoredGame, hash_token
from .sync import Notifications
from .tables import CLOSED, Tables, TableSpec

log = logging.getLogger("civtable.server")

_GAME_ID = re.compile(r"^[A-Za-z0-9_-]{4,32}$")
_QUOTA_STATUS = {"full": 503, "client_cap": 429, "rate": 429}
SWEEP = 10.0  # seconds between looks for bot games whose process is gone (several processes)


class GameManager:
    """Owns the live games and the background bot drivers."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.0,
        bot_workers: int = 0,
        limits: Limits | None = None,
        secret_chance: bool = True,
    ) -> None:
        self.store = store
        self.secret_chance = secret_chance  # False only for tests and demonstrations: seeds then foretell dice
        self.limits = limits or Limits()
        self.bots = BotPool(bot_workers)
        # PostgreSQL: other server processes may share the database (see sync.py)
        self.shared = not store.is_sqlite
        self.driver = BotDriver(self.bots, bot_delay, self._commit, self._may_drive if self.shared else None,
                                think=self.limits.think_ms)
        self.follower = Follower(self)  # changes other processes committed (PostgreSQL)
        self.notifications = Notifications(store.url, store.origin, self.follower.changed) if self.shared else None
        self.games: dict[str, LiveGame] = {}
        self.accounts_enabled = False  # set by the accounts router: device tokens exist
        self.accounts: Accounts | None = None  # set by the accounts router (accounts and ratings on)
        self.ratings: Ratings | None = None
        self.tables = Tables(self)  # invitations, clocks, forfeits, open tables, chat
        self.matches = QuickMatch(self)
        self.finish_hooks: list[Callable[[LiveGame], Awaitable[None]]] = []  # run when a game ends here
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._closed = False

    # ----- lifecycle ----------------------------------------------------------------------
    async def start(self) -> None:
        """Start the background work and return at once: games are rebuilt when first asked for;
        those where a bot was to move are rebuilt in the background so their bots resume."""
        self.bots.warm_up()
        loop = asyncio.get_running_loop()
        if self.notifications is not None:
            self.notifications.start(loop)
        self._tasks.append(loop.create_task(self._resume_bots(), name="resume-bots"))
        self._tasks.append(loop.create_task(self._expire_loop(), name="expire-games"))
        self._tasks.append(loop.create_task(self.tables.watch(), name="clocks"))

    async def _resume_bots(self) -> None:
        """Rebuild the games where a bot is to move, so their bots play on; with several
        processes, keep looking for such games whose process stopped (their lease ran out)."""
        while not self._closed:
            if self.shared:
                ids = await asyncio.to_thread(self.store.orphaned_bot_games, time.time())
            else:
                ids = await asyncio.to_thread(self.store.game_ids, "active", True)
            for game_id in ids:
                if self._closed:
                    return
                try:
                    live = await self.get(game_id)
                    if live is not None:
                        self.kick(live)
                except Exception:  # one broken game must not stop the others
                    log.exception("game %s cannot be rebuilt", game_id)
                await asyncio.sleep(0)  # let requests through between rebuilds
            if not self.shared:
                return
            await asyncio.sleep(min(SWEEP, self.limits.bot_lease))

    async def _may_drive(self, live: LiveGame) -> bool:
        return await asyncio.to_thread(self.store.take_bot_lease, live.id, self.limits.bot_lease)

    async def _expire_loop(self) -> None:
        while not self._closed:
            try:
                await self.expire_abandoned()
            except Exception:
                log.exception("checking for abandoned games failed")
            await asyncio.sleep(self.limits.expiry_check)

    async def expire_abandoned(self, now: float | None = None) -> list[str]:
        """Mark games with no human action for ``limits.idle_expiry`` seconds as expired (they no
        longer count against any limit, their bots stop, actions are refused)."""
        before = (now if now is not None else time.time()) - self.limits.idle_expiry
        ids = await asyncio.to_thread(self.store.expire, before)
        for game_id in ids:
            live = self.games.get(game_id)
            if live is None:
                live = await self.get(game_id) if await asyncio.to_thread(self.store.is_rated, game_id) else None
                if live is None:
                    continue
            async with live.lock:
                live.status = "expired"
                if live.driver is not None:
                    live.driver.cancel()
                await self.tables.abandoned(live)
                live.version += 1
                self._publish(live)
            self.run_finish_hooks(live)
        if ids:
            log.info("%d abandoned games expired", len(ids))
        return ids

    async def stop(self) -> None:
        self._closed = True
        self.driver.closed = True
        if self.notifications is not None:
            await asyncio.to_thread(self.notifications.stop)
        tasks = [g.driver for g in self.games.values() if g.driver is not None] + self._tasks
        for task in tasks:
            task.cancel()
        for task in tasks:
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass
        self.bots.close()

    # ----- creating and loading -----------------------------------------------------------
    async def create(
        self,
        name: str,
        seats: Sequence[str],
        mode: str | None = None,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        client: str | None = None,
        account: str | None = None,
        names: Sequence[str | None] | None = None,
        table: TableSpec | None = None,
    ) -> tuple[LiveGame, dict[int, str]]:
        """Create and store a game; return it with the new seat tokens (the creator's seat, see
        :class:`~civtable.server.tables.TableSpec`) and invitations of the other human seats
        (``live.invitations``). The creation counts against the limits of ``client`` (see
        :func:`~civtable.server.limits.client_key`) and of the signed-in ``account``, if any;
        ``names`` are display names of human seats (``None`` or missing: "Player N")."""
        table = table or TableSpec()
        game = checked_game(name, seats, mode, options)
        if seed is None:
            seed = secrets.randbelow(2**31)
        specs = [check_seat(spec, game, i, self.limits) for i, spec in enumerate(seats)]
        chosen = checked_names(names or [], specs)
        chance_key = secrets.token_hex(16) if self.secret_chance else None
        session = Session(game, seed, specs, chance_key=chance_key)
        game_id = table.game_id or secrets.token_urlsafe(9)
        holders = table.holders(specs)
        if table.open_table and all(spec != "human" or i in holders for i, spec in enumerate(specs)):
            raise ApiError(400, "an open table needs a free seat for another player: make at least one other seat "
                           "Human (its players join from the lobby)", "bad_seats")
        tokens = {i: secrets.token_urlsafe(24) for i in holders}
        now = time.time()
        live = LiveGame(
            id=game_id,
            game=game,
            session=session,
            seats=specs,
            bots=[spec != "human" for spec in specs],
            token_hashes={},
            created=now,
            names=chosen,
            creator_seat=table.creator(specs),
            rated=table.rated,
            open_table=table.open_table,
            clock=Clock.new(*table.speed, len(specs)) if table.speed else None,
            claimed=set(holders),
            series=table.series,
        )
        live.listen()
        session.resolve_chance()
        live.status = "finished" if session.state.is_terminal() else "active"
        if live.status == "active" and live.free_seats() and (live.clock is not None or live.open_table):
            live.status = "waiting"  # for its players: clocks start once every seat is taken
            live.fill_by = now + self.tables.fill_after(live)
        self.tables.start_clock(live, now)
        stored = StoredGame(
            id=game_id,
            game=name,
            options=dict(game.options),
            content_id=game.content_id,
            content_path=game.content_path,
            seed=seed,
            seats=specs,
            created=now,
            updated=now,
            status=live.status,
            actions=list(session.record.actions),
            chance_key=chance_key,
            client=client,
            account=account,
            bot_turn=live.status == "active" and live.bot_to_move() is not None,
            names=chosen,
            result=stored_result(live),
            **self.tables.stored_state(live),
        )
        try:
            guard = reserved(table.rematch_of, game_id) if table.rematch_of else None
            await asyncio.wrap_future(self.store.create_game(stored, tokens, self.limits.quota(), guard))
        except QuotaExceeded as exc:
            raise ApiError(_QUOTA_STATUS[exc.kind], str(exc), exc.kind, retry_after=exc.retry_after) from None
        invitations, stored_invitations = self.tables.store.invite(game_id, live.free_seats())
        await asyncio.wrap_future(stored_invitations)
        live.invitations = invitations

        live.token_hashes = {i: hash_token(t) for i, t in tokens.items()}
        self.games[game_id] = live
        self._evict()
        self.kick(live)
        return live, tokens

    async def rename(self, live: LiveGame, seat: int, text: str) -> None:
        """Set the display name of ``seat`` (checked), store it, tell every viewer."""
        name = check_name(text, seat)
        async with live.lock:
            check_unique(name, seat, live.names)
            now, window = time.time(), self.limits.chat_window * 4
            recent = live.renamed[seat] = [t for t in live.renamed.get(seat, []) if t > now - window] + [now]
            if len(recent) > self.limits.renames:
                recent.pop()
                raise ApiError(429, f"at most {self.limits.renames} name changes every {window:g} seconds; wait a "
                               "moment", "rate")
            await asyncio.wrap_future(self.store.set_name(live.id, seat, name))
            live.names += [None] * (len(live.seats) - len(live.names))
            live.names[seat] = name
            live.version += 1
            self._publish(live)

    def _is_bot(self, spec: str, game: Game, seat: int) -> bool:
        check_seat(spec, game, seat, self.limits)
        return spec != "human"

    async def get(self, game_id: str) -> LiveGame | None:
        """The live game, rebuilt from storage on first access; ``None`` if there is no such game."""
        live = self.games.get(game_id)
        if live is not None:
            live.touched = time.monotonic()
            return live
        if not _GAME_ID.match(game_id):
            return None
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                live = self.games.get(game_id)
                if live is not None:
                    return live
                stored = await asyncio.to_thread(self.store.load_game, game_id)
                if stored is None:
                    return None
                try:
                    live = await asyncio.to_thread(rebuild, stored, self._is_bot)
                except ApiError as exc:  # stored before today's limits: show it, but its bots stay still
                    log.error("game %s: %s; its bots will not play", game_id, exc.message)
                    live = await asyncio.to_thread(rebuild, stored, lambda spec, _g, _s: False)
                    live.bots = [spec != "human" for spec in stored.seats]
                    live.status = "stopped" if live.status == "active" else live.status
                await self.tables.after_load(live)
                await load_earlier(live, self.get, self.store)  # its series' games before it
                self.games[game_id] = live
                self._evict()
                if live.status == "active":
                    start = live.state_id
                    live.session.resolve_chance()  # normally a no-op: chance is stored with the action before it
                    if live.state_id != start:
                        async with live.lock:
                            await self._commit(live, start, False)
        finally:
            if not lock.locked():
                self._loading.pop(game_id, None)
        if live.status == "active":
            self.kick(live)
        return live

    def _evict(self) -> None:
        """Keep at most ``limits.max_live`` games in memory by dropping the least recently used
        games that are not being played and nobody watches. Such games never change, so a later
        request simply rebuilds an identical copy from storage."""
        excess = len(self.games) - self.limits.max_live
        if excess <= 0:
            return
        idle = [
            g for g in self.games.values()
            if g.status not in PLAYING and not g.subscribers and not g.lock.locked()
            and (g.driver is None or g.driver.done())
        ]
        idle.sort(key=lambda g: g.touched)
        for g in idle[:excess]:
            del self.games[g.id]

    # ----- acting ---------------------------------------------------------------------------
    async def act(self, live: LiveGame, seat: int, text: str, state_id: int) -> None:
        """Apply a human seat's action (checked), resolve chance, commit, notify."""
        action = self._parse(text)
        async with live.lock:
            action = self._checked(live, seat, action, text, state_id)
            start = live.state_id
            try:
                live.session.apply(action, seat)
            except CivtableError as exc:
                raise self._refusal(live, exc, seat) from exc
            live.session.resolve_chance()
            await self._commit(live, start, True)
        self.kick(live)

    async def check_action(self, live: LiveGame, seat: int, text: str, state_id: int) -> ApiError | None:
        """Why :meth:`act` would refuse this action now (the same error), or ``None`` when it would
        take it; nothing changes either way."""
        try:
            action = self._parse(text)
            async with live.lock:
                action = self._checked(live, seat, action, text, state_id)
                try:
                    live.session.state.check(action, seat)
                except CivtableError as exc:
                    raise self._refusal(live, exc, seat) from exc
        except ApiError as exc:
            return exc
        return None

    @staticmethod
    def _parse(text: str) -> Action:
        try:
            return Action.parse(text)
        except CivtableError as exc:
            raise error_for(exc) from exc

    def _checked(self, live: LiveGame, seat: int, action: Action, text: str, state_id: int) -> Action:
        """The action ``seat`` means by ``text`` (ids typed as words, as the hints show them:
        'advance burial rites'), once the game plays, the seat plays there and the position is
        the one it saw (or one its answer still stands in). Under ``live.lock``."""
        self._check_playable(live)
        self.tables.check_seat_plays(live, seat)
        if state_id != live.state_id and not self._answer_still_stands(live, seat, state_id):
            raise ApiError(409, moved_on(live, seat, state_id), "stale")
        legal = live.session.state.legal_actions(seat)
        return action if action in legal else spelled_out(text, legal) or action

    @staticmethod
    def _refusal(live: LiveGame, exc: CivtableError, seat: int) -> ApiError:
        error = error_for(exc)
        theirs = f"it is not {live.game.seat_name(seat)}'s decision; ".casefold()
        if error.code == "not_your_turn" and error.message.casefold().startswith(theirs):  # said to that seat
            error.message = "it is not your turn; " + error.message[len(theirs):]
            error.typed = ""
        error.message = name_players(error.message, live.names)  # refusals name players too
        error.typed = name_players(error.typed, live.names)
        return error

    @staticmethod
    def _check_playable(live: LiveGame) -> None:
        if live.status == "expired":
            raise ApiError(410, "this game was abandoned (nobody played for a long time) and has ended", "expired")
        if live.status == "closed":
            raise ApiError(410, CLOSED, "closed")
        if live.status == "stopped":
            raise ApiError(409, "this game cannot go on: one of its bots asks more than this server allows", "stopped")
        if live.status == "waiting":
            free = len(live.free_seats())
            raise ApiError(409, f"the table is waiting for {free} more player{'s' if free != 1 else ''}; "
                           "the game starts when every seat is taken", "waiting")
        if live.status == "ended":
            raise ApiError(409, "this game has ended", "ended")
        if live.status == "finished" or live.session.state.is_terminal():
            raise ApiError(409, "this game is over; nothing more can be played, undone or resigned", "finished")

    @staticmethod
    def _answer_still_stands(live: LiveGame, seat: int, state_id: int) -> bool:
        """True if, since ``state_id``, only *other* seats acted, each while ``seat`` was deciding
        at the same time (a simultaneous decision): their answers change nothing ``seat`` was
        choosing from, so an action sent from the older position is still meant. (It is still
        checked for legality.)"""
        if not 0 <= state_id < live.state_id:
            return False
        for i in range(state_id, live.state_id):
            player = live.session.record.actions[i][0]
            if player == seat or player == CHANCE or seat not in live.deciders[i]:
                return False
        return seat in live.next_deciders

    async def undo(self, live: LiveGame, seat: int) -> None:
        async with live.lock:
            self._check_playable(live)
            if not live.session.can_undo(seat):
                raise ApiError(
                    409,
                    "nothing to undo: undo takes back only your own actions since the last dice roll, "
                    "revealed information or another player's action",
                    "cannot_undo",
                )
            before = live.state_id
            live.session.undo(seat)
            keep = live.state_id
            del live.log[keep:]
            del live.deciders[keep:]
            live.next_deciders = live.session.state.decision().players
            status = "finished" if live.session.state.is_terminal() else "active"
            bot_turn = live.bot_to_move() is not None
            meta = {**(self.tables.clock_meta(live, status) or {}), "result": result_column(live)}
            try:
                await asyncio.wrap_future(self.store.truncate_actions(live.id, keep, status, bot_turn, before, meta))
            except Conflict:
                await self._reload(live)
                self._publish(live)
                raise ApiError(409, "the game has moved on meanwhile; look at the new position", "stale") from None
            except Exception:
                await self._reload(live)
                raise
            live.status = status
            live.version += 1
            self._publish(live)

    async def _commit(self, live: LiveGame, start: int, human: bool) -> None:
        """Store the actions from index ``start`` on (with the clocks they stop and start); on
        failure rebuild the game from storage. Must be called with ``live.lock`` held."""
        new = live.session.record.actions[start:]
        status = "finished" if live.session.state.is_terminal() else "active"
        bot_turn = status == "active" and live.bot_to_move() is not None
        meta = {**(self.tables.clock_meta(live, status) or {}), "result": result_column(live)}  # stored with the status
        try:
            await asyncio.wrap_future(self.store.append_actions(live.id, start, list(new), status, bot_turn, human,
                                                                meta))
        except Conflict:  # another process acted first: take its actions, refuse this one
            await self._reload(live)
            self._publish(live)
            raise ApiError(
                409, "the game has moved on (another player acted first); look at the new position", "stale"
            ) from None
        except Exception:
            log.exception("game %s: storing actions failed; rebuilding from storage", live.id)
            await self._reload(live)
            raise ApiError(
                503, "the game could not be saved; the action was not taken, please retry", "storage"
            ) from None
        live.status = status
        if status == "finished":
            live.session.finish_record()
            self.run_finish_hooks(live)
        live.version += 1
        self._publish(live)

    def run_finish_hooks(self, live: LiveGame) -> None:
        """The game ended here (finished, ended early, or abandoned): rate it and so on."""
        for hook in self.finish_hooks:
            self._background(hook(live), f"finished-{live.id}")

    def _background(self, work: Awaitable[None], name: str) -> None:
        async def run() -> None:
            try:
                await work
            except Exception:
                log.exception("%s failed", name)

        task = asyncio.get_running_loop().create_task(run(), name=name)
        self._tasks.append(task)
        task.add_done_callback(self._tasks.remove)

    async def _reload(self, live: LiveGame) -> None:
        stored = await asyncio.to_thread(self.store.load_game, live.id)
        if stored is None:
            self.games.pop(live.id, None)
            return
        fresh = await asyncio.to_thread(rebuild, stored, lambda spec, _g, _s: spec != "human")
        fresh.session.listeners.clear()
        live.session, live.log, live.status = fresh.session, fresh.log, fresh.status
        live.deciders = fresh.deciders
        self.tables.copy_state(fresh, live)
        live.listen()
        live.version += 1

    async def seat_for(self, live: LiveGame, token: str) -> int | None:
        """The seat ``token`` belongs to: a seat's own token, or a token given to a signed-in
        account's browser (perhaps by another process: looked up in the database)."""
        seat = live.seat_for_token(token)
        if seat is None and self.accounts_enabled:
            digest = hash_token(token)
            seat = await asyncio.to_thread(self.store.device_seat, live.id, digest)
            if seat is not None:
                live.device_tokens[digest] = seat
        return seat

    def kick(self, live: LiveGame) -> None:
        """Make sure the bots of ``live`` play while one of them must decide."""
        self.driver.kick(live)

    # ----- views (see views.py) -------------------------------------------------------------
    payload = staticmethod(views.payload)
    payload_json = staticmethod(views.payload_json)
    push_message = staticmethod(views.push_message)
    seat_list = staticmethod(views.seat_list)
    summary = staticmethod(views.summary)
    record = staticmethod(views.record)
    replay_step = staticmethod(views.replay_step)

    # ----- notifications --------------------------------------------------------------------
    def subscribe(self, live: LiveGame, seat: int | None, token: str | None = None) -> Subscriber:
        """A socket watching ``live`` as ``seat`` with ``token`` (it gets the seat's pushes while
        the token holds the seat)."""
        sub = Subscriber(seat, digest=hash_token(token) if token is not None and seat is not None else None)
        before = live.online()
        live.subscribers.append(sub)
        self._tell_presence(live, before, sub)  # the new socket's own first push says who is here
        return sub

    def unsubscribe(self, live: LiveGame, sub: Subscriber) -> None:
        if sub in live.subscribers:
            before = live.online()
            live.subscribers.remove(sub)
            self._tell_presence(live, before)

    @staticmethod
    def _tell_presence(live: LiveGame, before: list[int], new: Subscriber | None = None) -> None:
        """Who has the game open (``{"type": "presence", "online": [seats]}``), sent to the sockets
        but ``new`` when it changed since ``before`` (every state push says it too)."""
        now = live.online()
        if now == before:
            return
        message = dumps({"type": "presence", "online": now})
        for sub in live.subscribers:
            if sub is not new and not sub.revoked:
                sub.send(message)

    _publish = staticmethod(views.publish)
    holding = staticmethod(views.holding)
    push_to = staticmethod(views.push_to)


def moved_on(live: LiveGame, seat: int, seen: int) -> str:
    """Why an action ``seat`` chose on the position after ``seen`` actions is refused now that the
    game stands at ``live.state_id``, in a player's words: who played meanwhile (by name; the seat
    itself: a second click or another tab), or that a move was taken back, and what to do."""
    after = "so nothing was played; look at the new position and choose again"
    if not 0 <= seen < live.state_id:
        return f"the position changed (a move was taken back, or this page is out of date) before your move arrived, {after}"
    names = seat_names(live.names, len(live.seats))
    movers = list(dict.fromkeys(p for p, *_ in live.session.record.actions[seen:]))
    others = [names[p] for p in movers if p not in (seat, CHANCE)]
    said = others[0] if len(others) == 1 else f"{', '.join(others[:-1])} and {others[-1]}" if others else ""
    if seat in movers:
        also = f", and {said} played" if said else ""
        return f"you had already moved (a second click, or another tab){also} before this move arrived, {after}"
    if not said:
        return f"the dice or cards were drawn before your move arrived, {after}"
    return f"{said} played before your move arrived, {after}"
