"""What the server answers about a game: a seat's payload (its view, legal actions and log),
listing summaries, records and replay steps. Everything here reads a :class:`LiveGame` and never
changes it; each seat sees only ``state.view(seat)``."""

from __future__ import annotations

import logging
import time
from typing import Any

from civtable.bots.levels import bot_title
from civtable.core import GameRecord, GameState, replay, teaching
from civtable.core.record import replay_onto
from civtable.core.words import fold_lines

from .errors import ApiError
from .live import LiveGame, Subscriber, dumps
from .names import name_players
from .series import series_view
from .table_views import early_result, seat_extra, table_view

log = logging.getLogger("civtable.server")
LOG_TAIL = 30  # log entries sent with each view; the whole log on request
FOLD_BACK = 60  # log entries read before the tail, for the lines the game folds into one (Game.fold_log)


def payload(live: LiveGame, seat: int | None, full_log: bool = False) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) may know: its view, its legal actions and the end
    of the log (entries from index ``log_start``; all of it with ``full_log``)."""
    state = live.session.state
    decision = state.decision()
    playing = live.status == "active" and seat is not None and seat not in live.takeovers \
        and live.forfeited(seat) is None
    deciding = playing and seat in decision.players
    legal = [a.text() for a in state.legal_actions(seat)] if deciding else []
    early = early_result(live)
    finished = state.is_terminal() or early is not None
    start = 0 if full_log else max(0, len(live.log) - LOG_TAIL)
    view = named_view(live, state.view(seat))
    result = ({**state.result().to_json(), **early} if early  # the scores as they stood, and who won
              else state.result().to_json() if finished else None)
    return {
        "id": live.id,
        "game": live.game.info.name,
        "title": live.game.info.title,
        "seat": seat,
        "state_id": live.state_id,
        "status": live.status,
        "seats": seat_list(live),
        "decision": {"players": list(decision.players), "kind": decision.kind,
                     "prompt": name_players(decision.prompt or "", live.names) or decision.prompt},
        "your_turn": deciding,
        "legal": legal,
        "can_undo": seat is not None and playing and live.session.can_undo(seat),
        "view": view,
        "log": named_log(live, start),
        "log_start": start,
        "finished": finished,
        "result": result,
        # the game's score sheet reads a game its rules ended; one that people left ended early
        "score_sheet": named_sheet(live, teaching.score_sheet(live.game, view, result))
        if result and early is None else None,
        "table": table_view(live, seat, time.time()),
        "rematch": live.rematch,  # the game its players started to play again (rematch.py)
        "series": series_view(live),  # its place in a series of rematches and the tally (series.py)
    }


def payload_json(live: LiveGame, seat: int | None) -> str:
    """:func:`payload` encoded as JSON, computed once per seat and game version."""
    hit = live.cache.get(seat)
    if hit is not None and hit[0] == live.version:
        return hit[1]
    text = dumps(payload(live, seat))
    live.cache[seat] = (live.version, text)
    return text


def push_message(live: LiveGame, seat: int | None) -> str:
    """The WebSocket message for ``seat``: the payload with ``"type": "state"``, the server's
    time (for the clocks) and the seats whose people have the game open (``online``) first."""
    online = ",".join(map(str, live.online()))
    return f'{{"type":"state","now":{time.time():.3f},"online":[{online}],' + payload_json(live, seat)[1:]



def bot_label(game: str, spec: str) -> str:
    """A bot seat in the words of the lobby: "Expert bot, Warlord" for ``expert:style=warlord``;
    a bot that is not a level keeps its name ("greedy bot")."""
    return bot_title(game, spec, params=False)  # a spec stored before today's rules: its words as they are


def publish(live: LiveGame) -> None:
    """Send every socket of ``live`` whose token still holds its seat the seat's new payload."""
    for sub in holding(live):
        push_to(live, sub)


def holding(live: LiveGame) -> list[Subscriber]:
    """The sockets of ``live`` whose tokens still give their seats; the others are closed (the
    seat was given to someone else, its person left a waiting table, or the browser signed out)."""
    out = []
    for sub in list(live.subscribers):
        if live.holds(sub):
            out.append(sub)
        else:
            sub.revoke()
    return out


def push_to(live: LiveGame, sub: Subscriber) -> None:
    """Send ``sub`` its seat's payload. A payload that cannot be made (a game's teaching hook
    failing) is logged and skipped: the change is stored, and the request that made it is
    answered all the same."""
    try:
        sub.push(push_message(live, sub.seat))
    except Exception:
        log.exception("game %s: the view of seat %s cannot be made", live.id, sub.seat)


def seat_list(live: LiveGame) -> list[dict[str, Any]]:
    """Each seat: who plays it (``human`` or a bot, with ``bot_label`` in words), its name for
    people and whether a person chose that name (``named``)."""
    out = []
    for i, spec in enumerate(live.seats):
        chosen = live.names[i] if i < len(live.names) else None
        entry = {"seat": i, "player": spec, "name": chosen or live.game.seat_name(i), "named": bool(chosen)}
        if spec != "human":
            entry["bot_label"] = bot_label(live.game.info.name, spec)
        out.append({**entry, **seat_extra(live, i)})
    return out


def named_log(live: LiveGame, start: int = 0, end: int | None = None) -> list[dict[str, Any]]:
    """Log entries from ``start`` (to ``end``) with the players' chosen names in their sentences,
    consecutive lines of one kind folded into one by the game (``Game.fold_log``: a refill's draws
    one line per seat): the lines folded away keep their places, emptied (those just before
    ``start`` sent too, so that no client tells them twice)."""
    back = max(0, start - FOLD_BACK)  # a run of lines the game folds may begin before ``start``
    raw = live.log[back:end]
    folded = fold_lines(live.game.fold_log, raw)
    k = start - back
    while k > 0 and raw[k - 1].get("text") and not folded[k - 1].get("text"):
        k -= 1  # lines folded into one at or after ``start``: sent emptied, so none is told twice
    entries = folded[k:]
    if not any(live.names):
        return entries
    return [{**e, "text": name_players(str(e.get("text", "")), live.names)} for e in entries]


def named_view(live: LiveGame, view: dict[str, Any]) -> dict[str, Any]:
    """The view with the players' chosen names in its big moments (``view["moments"]``)."""
    found = view.get("moments") if isinstance(view, dict) else None
    if not found or not any(live.names):
        return view
    names = live.names
    moments = [{**m, "title": name_players(str(m.get("title", "")), names),
                "lines": [name_players(str(x), names) for x in m.get("lines") or []]} for m in found]
    return {**view, "moments": moments}


def named_sheet(live: LiveGame, sheet: dict[str, Any] | None) -> dict[str, Any] | None:
    """The score sheet with the players' chosen names in its tie-break sentence."""
    if sheet is None or not sheet.get("tiebreak") or not any(live.names):
        return sheet
    return {**sheet, "tiebreak": name_players(sheet["tiebreak"], live.names)}


def summary(live: LiveGame, seat: int | None) -> dict[str, Any]:
    decision = live.session.state.decision()
    # whose decision it is, while the game is played: a table waiting for players (or closed, or
    # stopped) waits for nobody's decision
    waiting = [p for p in decision.players if p >= 0] if live.status == "active" else []
    return {
        "id": live.id,
        "game": live.game.info.name,
        "title": live.game.info.title,
        "mode": live.game.options.get("mode"),
        "seat": seat,
        "seats": seat_list(live),
        "status": live.status,
        "state_id": live.state_id,
        "waiting_for": waiting,
        "waiting_names": [(live.names[p] if p < len(live.names) else None) or live.game.seat_name(p) for p in waiting],
        "your_turn": seat is not None and seat in waiting and live.status == "active",
        "created": live.created,
        "rated": live.rated,
        "speed": live.clock.speed if live.clock else "none",
    }


def is_over(live: LiveGame) -> bool:
    """Whether nothing more can happen in ``live``: its rules ended it, or its people did (the
    game ended early) or nobody played it for too long (it expired). Only then are its record,
    replay and review published: while it is played they would tell hidden information."""
    return live.session.state.is_terminal() or live.status in ("ended", "expired")


def published(live: LiveGame, refusal: str) -> None:
    """A 409 :class:`ApiError` (``not_finished``, saying ``refusal``) unless the game is over
    (:func:`is_over`): its record, replays and review reveal everything, so they are published
    only then."""
    if not is_over(live):
        raise ApiError(409, refusal, "not_finished")


def record(live: LiveGame) -> dict[str, Any]:
    """The record of a game that is over, with its seed and chance key: anyone can check that
    every die and card came from them (``civtable.core.session.check_chance``)."""
    published(live, "the record is published when the game is over")
    data = live.session.finish_record().to_json()
    data["content_path"] = None
    return data


REPLAY_MARK = 32
"""Every this many actions the replay keeps the state it reached, so stepping through a game
re-executes at most this many actions a step instead of the whole game from its start."""


def _replayed(live: LiveGame, record: GameRecord, step: int) -> GameState:
    """The state after ``step`` actions of a game that is over: from the nearest kept state before
    it (the first from the record), every action checked as :func:`civtable.core.replay` does."""
    marks = live.replay_marks
    if not marks:
        marks[0] = replay(record, live.session.record.content_path, upto=0)
    base = max(k for k in marks if k <= step)
    state = marks[base].clone()
    for mark in range(base - base % REPLAY_MARK + REPLAY_MARK, step + 1, REPLAY_MARK):
        replay_onto(state, record, base, mark)  # on to the next position worth keeping
        marks[mark], base = state.clone(), mark
    replay_onto(state, record, base, step)
    return state


def replay_step(live: LiveGame, step: int, seat: int | None) -> dict[str, Any]:
    """The position of a finished game after ``step`` actions, rebuilt by re-execution."""
    record = live.session.finish_record()
    total = len(record.actions)
    if not 0 <= step <= total:
        raise ApiError(400, f"step must be between 0 and {total}", "bad_step")
    if seat is not None and not 0 <= seat < live.game.num_players:
        n = live.game.num_players
        raise ApiError(400, f"this game has no such seat to watch from: its players are Player 1 to Player {n} "
                       f"(seat=0 to seat={n - 1} in the address), or leave seat out to watch as a spectator", "bad_step")
    state = _replayed(live, record, step)
    decision = state.decision()
    early = early_result(live) if step == total else None  # its people ended it after the last action
    return {
        "id": live.id,
        "game": live.game.info.name,
        "title": live.game.info.title,
        "step": step,
        "total": total,
        "seat": seat,
        "seats": seat_list(live),
        "decision": {"players": list(decision.players), "kind": decision.kind, "prompt": decision.prompt},
        "view": named_view(live, state.view(seat)),
        "log": named_log(live, 0, step),
        "finished": state.is_terminal() or early is not None,
        "result": ({**state.result().to_json(), **early} if early
                   else state.result().to_json() if state.is_terminal() else None),
    }
