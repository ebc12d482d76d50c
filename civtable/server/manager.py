"""Live games of the server: sessions rebuilt from storage, seat authentication, bots driven in
the background, and change notifications for WebSocket subscribers.

Every change to a game happens under that game's lock and follows the same order: apply to the
in-memory :class:`~civtable.core.Session` (checked; the state is untouched on error), resolve any
chance events that follow, commit the new actions to the database in one transaction, and only
then acknowledge and notify. If the commit fails, the game is rebuilt from the database so memory
never runs ahead of what is stored.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import re
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from civtable.bots import bot_names, make_bot, parse_spec
from civtable.core import (
    CHANCE,
    Action,
    ActionError,
    CivtableError,
    Game,
    GameRecord,
    IllegalAction,
    OptionError,
    Session,
    game_class,
    make_game,
    replay,
)

from .botpool import BotJob, BotPool, decision_seed
from .store import Store, StoredGame, hash_token

log = logging.getLogger("civtable.server")

try:  # views are big and encoded on every change: use orjson when it is installed (10x faster)
    import orjson

    def dumps(data: Any) -> str:
        """Compact JSON text of ``data``."""
        return orjson.dumps(data).decode()

except ModuleNotFoundError:  # pragma: no cover - depends on the environment

    def dumps(data: Any) -> str:
        """Compact JSON text of ``data``."""
        return json.dumps(data, separators=(",", ":"))

MAX_SEATS = 16
MAX_ACTIVE_GAMES = 10_000  # games being played at once; more are refused with 503
MAX_BOT_PARAM = 20_000
MAX_LIVE = 2000  # games kept in memory; finished, idle ones beyond this are dropped (reloaded on demand)
LOG_TAIL = 30  # log entries sent with each view; the whole log on request
_GAME_ID = re.compile(r"^[A-Za-z0-9_-]{4,32}$")


class ApiError(Exception):
    """An error answered to the client as ``{"error": message, "code": code}`` with ``status``."""

    def __init__(self, status: int, message: str, code: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code


def error_for(exc: CivtableError) -> ApiError:
    """Map a core error to an HTTP answer in plain words."""
    from civtable.core import MalformedAction, NotYourTurn

    if isinstance(exc, MalformedAction):
        return ApiError(400, str(exc), "malformed")
    if isinstance(exc, NotYourTurn):
        return ApiError(409, str(exc), "not_your_turn")
    if isinstance(exc, IllegalAction | ActionError):
        return ApiError(422, str(exc), "illegal")
    if isinstance(exc, OptionError):
        return ApiError(400, str(exc), "bad_option")
    return ApiError(400, str(exc), "error")


@dataclass
class Subscriber:
    """One WebSocket listening to a game as ``seat`` (``None``: spectator). Keeps only the newest
    message, so a slow client never makes the server queue stale views."""

    seat: int | None
    latest: str | None = None
    event: asyncio.Event = field(default_factory=asyncio.Event)

    def push(self, message: str) -> None:
        self.latest = message
        self.event.set()

    async def next(self) -> str:
        await self.event.wait()
        self.event.clear()
        message, self.latest = self.latest, None
        return message or ""


@dataclass
class LiveGame:
    """A game in memory."""

    id: str
    game: Game
    session: Session
    seats: list[str]
    agents: list[Any]
    token_hashes: dict[int, str]
    created: float
    log: list[dict[str, Any]] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    version: int = 0
    subscribers: list[Subscriber] = field(default_factory=list)
    driver: asyncio.Task[None] | None = None
    status: str = "active"
    cache: dict[int | None, tuple[int, str]] = field(default_factory=dict)  # seat -> (version, JSON payload)
    # deciders[i]: the seats deciding just before action i; next_deciders: those deciding now
    deciders: list[tuple[int, ...]] = field(default_factory=list)
    next_deciders: tuple[int, ...] = ()
    touched: float = field(default_factory=time.monotonic)

    @property
    def state_id(self) -> int:
        return len(self.session.record.actions)

    def seat_for_token(self, token: str) -> int | None:
        """The seat ``token`` belongs to, comparing hashes in constant time against every seat."""
        digest = hash_token(token)
        found: int | None = None
        for seat, stored in self.token_hashes.items():
            if hmac.compare_digest(digest, stored):
                found = seat
        return found


def _log_entry(index: int, player: int, text: str) -> dict[str, Any]:
    return {"i": index, "seat": None if player == CHANCE else player, "text": text}


class GameManager:
    """Owns the live games and the background bot drivers."""

    def __init__(self, store: Store, bot_delay: float = 0.0, bot_workers: int = 0) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.bots = BotPool(bot_workers)
        self.games: dict[str, LiveGame] = {}
        self._loading = asyncio.Lock()
        self._closed = False

    # ----- lifecycle ----------------------------------------------------------------------
    async def start(self) -> None:
        """Rebuild every unfinished game and resume its bots (after a restart or a crash)."""
        self.bots.warm_up()
        for game_id in await asyncio.to_thread(self.store.game_ids, "active"):
            try:
                live = await self.get(game_id)
            except (CivtableError, ApiError) as exc:
                log.error("game %s cannot be rebuilt: %s", game_id, exc)
                continue
            except Exception:  # one broken game must not keep the server from starting
                log.exception("game %s cannot be rebuilt", game_id)
                continue
            if live is not None:
                self.kick(live)

    async def stop(self) -> None:
        self._closed = True
        tasks = [g.driver for g in self.games.values() if g.driver is not None]
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
    ) -> tuple[LiveGame, dict[int, str]]:
        """Create and store a game; return it with the new tokens of its human seats."""
        try:
            cls = game_class(name)
        except CivtableError as exc:
            raise ApiError(400, str(exc), "bad_game") from exc
        if not seats:
            raise ApiError(400, "say who plays each seat: seats is a list like ['human', 'greedy']", "bad_seats")
        if sum(1 for g in self.games.values() if g.status == "active") >= MAX_ACTIVE_GAMES:
            raise ApiError(503, "this server is full: too many games are being played; try again later", "full")
        if len(seats) > MAX_SEATS:
            raise ApiError(400, f"at most {MAX_SEATS} seats", "bad_seats")
        opts = dict(options or {})
        if mode is not None:
            opts["mode"] = mode
        if "players" in opts and opts["players"] != len(seats):
            raise ApiError(
                400, f"options say {opts['players']} players but {len(seats)} seats were given", "bad_seats"
            )
        if any(s.name == "players" for s in cls.info.options):
            opts["players"] = len(seats)
        try:
            game = make_game(name, opts)
        except CivtableError as exc:
            raise error_for(exc) from exc
        if game.num_players != len(seats):
            raise ApiError(400, f"{cls.info.title} needs {game.num_players} seats, not {len(seats)}", "bad_seats")
        if seed is None:
            seed = secrets.randbelow(2**31)
        specs = [s.strip().lower() for s in seats]
        agents = [self._agent(spec, game, i, seed) for i, spec in enumerate(specs)]
        session = Session(game, seed, specs)
        game_id = secrets.token_urlsafe(9)
        tokens = {i: secrets.token_urlsafe(24) for i, a in enumerate(agents) if a is None}
        now = time.time()
        live = LiveGame(
            id=game_id,
            game=game,
            session=session,
            seats=specs,
            agents=agents,
            token_hashes={i: hash_token(t) for i, t in tokens.items()},
            created=now,
        )
        self._listen(live)
        session.resolve_chance()
        live.status = "finished" if session.state.is_terminal() else "active"
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
        )
        await asyncio.wrap_future(self.store.create_game(stored, tokens))
        self.games[game_id] = live
        self.kick(live)
        return live, tokens

    def _agent(self, spec: str, game: Game, seat: int, seed: int) -> Any:
        if spec == "human":
            return None
        name, params = parse_spec(spec)
        if name not in bot_names():
            raise ApiError(
                400, f"seat {seat}: {spec!r} is neither 'human' nor a bot ({', '.join(bot_names())})", "bad_seats"
            )
        for key, value in params.items():
            if value.isdigit() and int(value) > MAX_BOT_PARAM:
                raise ApiError(400, f"seat {seat}: bot parameter {key}={value} is too large for this server", "bad_seats")
        try:
            return make_bot(spec, game, seat, seed)
        except CivtableError as exc:
            raise ApiError(400, f"seat {seat}: {exc}", "bad_seats") from exc

    async def get(self, game_id: str) -> LiveGame | None:
        """The live game, rebuilt from storage on first access; ``None`` if there is no such game."""
        live = self.games.get(game_id)
        if live is not None:
            live.touched = time.monotonic()
            return live
        if not _GAME_ID.match(game_id):
            return None
        async with self._loading:
            live = self.games.get(game_id)
            if live is not None:
                return live
            stored = await asyncio.to_thread(self.store.load_game, game_id)
            if stored is None:
                return None
            live = self._rebuild(stored)
            self.games[game_id] = live
            self._evict()
            start = live.state_id
            live.session.resolve_chance()  # normally a no-op: chance is stored with the action before it
            if live.state_id != start:
                await self._commit(live, start)
        self.kick(live)
        return live

    def _evict(self) -> None:
        """Keep at most ``MAX_LIVE`` games in memory by dropping the least recently used finished
        games nobody watches. Finished games never change, so a later request simply rebuilds
        an identical copy from storage."""
        excess = len(self.games) - MAX_LIVE
        if excess <= 0:
            return
        idle = [
            g for g in self.games.values()
            if g.status == "finished" and not g.subscribers and not g.lock.locked()
            and (g.driver is None or g.driver.done())
        ]
        idle.sort(key=lambda g: g.touched)
        for g in idle[:excess]:
            del self.games[g.id]

    def _rebuild(self, stored: StoredGame) -> LiveGame:
        """Re-execute the stored actions (each checked) to rebuild the session and the log."""
        game = make_game(stored.game, stored.options, stored.content_path)
        if game.content_id != stored.content_id:
            raise CivtableError(
                f"game {stored.id} was played with other {stored.game} content than the content loaded now"
            )
        record = GameRecord(
            game=stored.game,
            options=dict(game.options),
            content_id=stored.content_id,
            seed=stored.seed,
            seats=list(stored.seats),
            content_path=stored.content_path,
        )
        state = game.new_initial_state()
        entries: list[dict[str, Any]] = []
        deciders: list[tuple[int, ...]] = []
        for i, (player, text) in enumerate(stored.actions):
            action = Action.parse(text)
            entries.append(_log_entry(i, player, game.describe_action(state, player, action)))
            deciders.append(state.decision().players)
            state.apply(action, player)
            record.actions.append((player, text))
        session = Session(game, stored.seed, stored.seats, record=record, state=state)
        seed = stored.seed if stored.seed is not None else 0
        agents = [self._agent(spec, game, i, seed) for i, spec in enumerate(stored.seats)]
        live = LiveGame(
            id=stored.id,
            game=game,
            session=session,
            seats=list(stored.seats),
            agents=agents,
            token_hashes=dict(stored.token_hashes),
            created=stored.created,
            log=entries,
            status=stored.status,
            deciders=deciders,
        )
        self._listen(live)
        return live

    def _listen(self, live: LiveGame) -> None:
        def on_action(state: Any, player: int, _action: Action, text: str) -> None:
            live.log.append(_log_entry(len(live.session.record.actions) - 1, player, text))
            live.deciders.append(live.next_deciders)
            live.next_deciders = state.decision().players

        live.next_deciders = live.session.state.decision().players

        live.session.listeners.append(on_action)

    # ----- acting ---------------------------------------------------------------------------
    async def act(self, live: LiveGame, seat: int, text: str, state_id: int) -> None:
        """Apply a human seat's action (checked), resolve chance, commit, notify."""
        try:
            action = Action.parse(text)
        except CivtableError as exc:
            raise error_for(exc) from exc
        async with live.lock:
            if state_id != live.state_id and not self._answer_still_stands(live, seat, state_id):
                raise ApiError(
                    409,
                    f"the game has moved on (you saw state {state_id}, it is now {live.state_id}); "
                    "look at the new position and choose again",
                    "stale",
                )
            start = live.state_id
            try:
                live.session.apply(action, seat)
            except CivtableError as exc:
                raise error_for(exc) from exc
            live.session.resolve_chance()
            await self._commit(live, start)
        self.kick(live)

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
            if not live.session.can_undo(seat):
                raise ApiError(
                    409,
                    "nothing to undo: undo takes back only your own actions since the last dice roll, "
                    "revealed information or another player's action",
                    "cannot_undo",
                )
            live.session.undo(seat)
            keep = live.state_id
            del live.log[keep:]
            del live.deciders[keep:]
            live.next_deciders = live.session.state.decision().players
            status = "finished" if live.session.state.is_terminal() else "active"
            try:
                await asyncio.wrap_future(self.store.truncate_actions(live.id, keep, status))
            except Exception:
                await self._reload(live)
                raise
            live.status = status
            live.version += 1
            self._publish(live)

    async def _commit(self, live: LiveGame, start: int) -> None:
        """Store the actions from index ``start`` on; on failure rebuild the game from storage.
        Must be called with ``live.lock`` held."""
        new = live.session.record.actions[start:]
        status = "finished" if live.session.state.is_terminal() else "active"
        try:
            await asyncio.wrap_future(self.store.append_actions(live.id, start, list(new), status))
        except Exception:
            log.exception("game %s: storing actions failed; rebuilding from storage", live.id)
            await self._reload(live)
            raise ApiError(
                503, "the game could not be saved; the action was not taken, please retry", "storage"
            ) from None
        if status == "finished":
            live.session.finish_record()
        live.status = status
        live.version += 1
        self._publish(live)

    async def _reload(self, live: LiveGame) -> None:
        stored = await asyncio.to_thread(self.store.load_game, live.id)
        if stored is None:
            self.games.pop(live.id, None)
            return
        fresh = self._rebuild(stored)
        fresh.session.listeners.clear()
        live.session, live.log, live.status = fresh.session, fresh.log, fresh.status
        live.deciders = fresh.deciders
        self._listen(live)
        live.version += 1

    # ----- bots -----------------------------------------------------------------------------
    def kick(self, live: LiveGame) -> None:
        """Make sure a background task plays the bot seats while a bot must decide."""
        if self._closed or (live.driver is not None and not live.driver.done()):
            return
        if self._bot_to_move(live) is None:
            return
        live.driver = asyncio.get_running_loop().create_task(self._drive(live), name=f"bots-{live.id}")

    def _bot_to_move(self, live: LiveGame) -> int | None:
        for p in live.session.state.decision().players:
            if p >= 0 and live.agents[p] is not None:
                return p
        return None

    async def _drive(self, live: LiveGame) -> None:
        failures = 0
        while True:
            try:
                await self._drive_loop(live)
                return
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                log.exception("game %s: the bots hit an unexpected error (%d in a row)", live.id, failures)
                if failures >= 3:
                    return  # the next human action or a restart tries again
                await asyncio.sleep(0.5 * failures)

    async def _drive_loop(self, live: LiveGame) -> None:
        while not self._closed:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            async with live.lock:
                seat = self._bot_to_move(live)
                if seat is None:
                    return
                state = live.session.state
                fallback = state.legal_actions(seat)[0]
                job = BotJob(
                    game=live.game.info.name,
                    options=dict(live.game.options),
                    content_path=live.game.content_path,
                    saved_state=live.game.save_state(state),
                    seat=seat,
                    spec=live.seats[seat],
                    seed=decision_seed(live.session.seed, live.state_id, seat),
                )
                version = live.version
            try:
                action = Action.parse(await self.bots.decide(job))
            except Exception:
                log.exception("game %s: bot %s failed to decide; it plays its first legal action", live.id, job.spec)
                action = fallback
            async with live.lock:
                if live.version != version:
                    continue  # someone else changed the game meanwhile: decide again
                start = live.state_id
                try:
                    live.session.apply(action, seat)
                except CivtableError as exc:
                    log.error("game %s: bot %s chose %s: %s; playing its first legal action",
                              live.id, job.spec, action, exc)
                    live.session.apply(fallback, seat)
                live.session.resolve_chance()
                try:
                    await self._commit(live, start)
                except ApiError:
                    await asyncio.sleep(1.0)

    # ----- views ----------------------------------------------------------------------------
    def payload(self, live: LiveGame, seat: int | None, full_log: bool = False) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) may know: its view, its legal actions and the end
        of the log (entries from index ``log_start``; all of it with ``full_log``)."""
        state = live.session.state
        decision = state.decision()
        deciding = seat is not None and seat in decision.players
        legal = [a.text() for a in state.legal_actions(seat)] if deciding else []
        finished = state.is_terminal()
        start = 0 if full_log else max(0, len(live.log) - LOG_TAIL)
        return {
            "id": live.id,
            "game": live.game.info.name,
            "title": live.game.info.title,
            "seat": seat,
            "state_id": live.state_id,
            "status": live.status,
            "seats": self.seat_list(live),
            "decision": {"players": list(decision.players), "kind": decision.kind, "prompt": decision.prompt},
            "your_turn": deciding,
            "legal": legal,
            "can_undo": seat is not None and live.session.can_undo(seat),
            "view": state.view(seat),
            "log": live.log[start:],
            "log_start": start,
            "finished": finished,
            "result": state.result().to_json() if finished else None,
        }

    def payload_json(self, live: LiveGame, seat: int | None) -> str:
        """:meth:`payload` encoded as JSON, computed once per seat and game version."""
        hit = live.cache.get(seat)
        if hit is not None and hit[0] == live.version:
            return hit[1]
        text = dumps(self.payload(live, seat))
        live.cache[seat] = (live.version, text)
        return text

    def seat_list(self, live: LiveGame) -> list[dict[str, Any]]:
        return [
            {"seat": i, "player": spec, "name": live.game.seat_name(i)} for i, spec in enumerate(live.seats)
        ]

    def summary(self, live: LiveGame, seat: int | None) -> dict[str, Any]:
        decision = live.session.state.decision()
        waiting = [p for p in decision.players if p >= 0]
        return {
            "id": live.id,
            "game": live.game.info.name,
            "title": live.game.info.title,
            "mode": live.game.options.get("mode"),
            "seat": seat,
            "seats": self.seat_list(live),
            "status": live.status,
            "state_id": live.state_id,
            "waiting_for": waiting,
            "waiting_names": [live.game.seat_name(p) for p in waiting],
            "your_turn": seat is not None and seat in waiting,
            "created": live.created,
        }

    # ----- notifications --------------------------------------------------------------------
    def subscribe(self, live: LiveGame, seat: int | None) -> Subscriber:
        sub = Subscriber(seat)
        live.subscribers.append(sub)
        return sub

    def unsubscribe(self, live: LiveGame, sub: Subscriber) -> None:
        if sub in live.subscribers:
            live.subscribers.remove(sub)

    def _publish(self, live: LiveGame) -> None:
        if not live.subscribers:
            return
        for sub in list(live.subscribers):
            sub.push(self.push_message(live, sub.seat))

    def push_message(self, live: LiveGame, seat: int | None) -> str:
        """The WebSocket message for ``seat``: the payload with ``"type": "state"`` first."""
        return '{"type":"state",' + self.payload_json(live, seat)[1:]

    # ----- records and replays ----------------------------------------------------------------
    def record(self, live: LiveGame) -> dict[str, Any]:
        data = live.session.finish_record().to_json()
        data["content_path"] = None
        return data

    def replay_step(self, live: LiveGame, step: int, seat: int | None) -> dict[str, Any]:
        """The position of a finished game after ``step`` actions, rebuilt by re-execution."""
        record = live.session.finish_record()
        total = len(record.actions)
        if not 0 <= step <= total:
            raise ApiError(400, f"step must be between 0 and {total}", "bad_step")
        if seat is not None and not 0 <= seat < live.game.num_players:
            raise ApiError(400, f"seat must be between 0 and {live.game.num_players - 1}", "bad_step")
        state = replay(record, live.session.record.content_path, upto=step)
        decision = state.decision()
        return {
            "id": live.id,
            "game": live.game.info.name,
            "title": live.game.info.title,
            "step": step,
            "total": total,
            "seat": seat,
            "seats": self.seat_list(live),
            "decision": {"players": list(decision.players), "kind": decision.kind, "prompt": decision.prompt},
            "view": state.view(seat),
            "log": live.log[:step],
            "finished": state.is_terminal(),
            "result": state.result().to_json() if state.is_terminal() else None,
        }

