"""Playing one game of a simulation run, in whatever process runs it (see :mod:`.runner`).

:func:`run_game` takes a task (the run's parameters and a game number, see
``SimConfig.task``) and returns the game's ``games.jsonl`` line and its record. Game ``i`` is
seeded by :func:`game_seed` from the run seed and ``i`` only, so results are identical whatever
the number of workers or the backend.
"""

from __future__ import annotations

import gc
import hashlib
from collections.abc import Sequence
from typing import Any

from civtable.bots import make_bot
from civtable.core import CHANCE, Session, make_game, sample_chance
from civtable.core.session import chance_rng

from .assign import wanted as assign_wanted
from .metrics import first_player, score_snapshot, seat_metrics, turn_order
from .observe import LazyObservation
from .restrict import RestrictedAgent, label, resolve

GC_THRESHOLD = 100_000
"""Allocations between young-generation collections while a game is played (Python's default is
700; the positions' lists are short-lived and hold no cycles, so collecting less often only saves
time)."""

def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: a pure function of the run seed and the index."""
    digest = hashlib.sha256(f"civtable-sim/{run_seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def seat_specs(seats: Sequence[Any], index: int, rotate: bool, players: int) -> list[Any]:
    """The bot spec of every seat in game ``index`` (rotated by one seat per game if asked)."""
    shift = index % players if rotate else 0
    return [seats[(p + shift) % players] for p in range(players)]


def _bots(task: dict[str, Any], game: Any, specs: list[str], index: int, seed: int) -> tuple[list[Any], list[str]]:
    """The agents of one game and their labels (a restricted bot is labelled with its bar)."""
    n = game.num_players
    forbid = task.get("forbid") or [[] for _ in range(n)]
    bars = seat_specs(forbid, index, bool(task["rotate_seats"]), n)
    bots, labels = [], []
    for p, spec in enumerate(specs):
        bot = make_bot(spec, game, p, seed)
        if bars[p]:
            names = list(bars[p])
            bot = RestrictedAgent(bot, [pred for _n, _d, pred in resolve(game, names)], label(spec, names))
        bots.append(bot)
        labels.append(label(spec, list(bars[p])))
    return bots, labels


def run_game(task: dict[str, Any]) -> dict[str, Any]:
    """Play one game of a run (top level so worker processes can pickle it).

    Returns ``{"line": <games.jsonl entry>, "record": <GameRecord JSON>}``, or, if the game or a
    bot raised, ``{"error": {...}, "record": <the record up to the failure>}`` so one broken game
    never stops a run and can be replayed to the failing action."""
    holder: dict[str, Any] = {}
    thresholds = gc.get_threshold()
    gc.set_threshold(GC_THRESHOLD, *thresholds[1:])  # a game makes many short-lived lists: collect less often
    try:
        return _run_game(task, holder)
    except Exception as exc:  # noqa: BLE001 - reported in errors.jsonl, the run goes on
        import traceback

        session = holder.get("session")
        return {
            "error": {
                "index": int(task["index"]),
                "seed": game_seed(int(task["seed"]), int(task["index"])),
                "error": f"{type(exc).__name__}: {exc}",
                "traceback": traceback.format_exc(),
                "actions": len(session.record.actions) if session is not None else 0,
            },
            "record": session.record.to_json() if session is not None else None,
        }
    finally:
        gc.set_threshold(*thresholds)


def _run_game(task: dict[str, Any], holder: dict[str, Any]) -> dict[str, Any]:
    game = make_game(task["game"], task["options"], task["content"])
    index = int(task["index"])
    seed = game_seed(int(task["seed"]), index)
    n = game.num_players
    specs = seat_specs(task["seats"], index, bool(task["rotate_seats"]), n)
    bots, labels = _bots(task, game, specs, index, seed)
    hooks, wanted = assign_wanted(task, game, index, int(task["seed"]))
    session = Session(game, seed, specs, undo=False)
    holder["session"] = session
    max_rounds = task["max_rounds"]
    snapshots: list[list[Any]] = []
    last_round = -1
    actions = 0
    stopped = False
    first: int | None = None
    order: list[int] | None = None
    while True:
        state = session.state
        if hooks is not None:
            forced = hooks.forced_action(state, wanted)
            if forced is not None:
                player, act = forced
                if isinstance(act, list):  # chance draws among these outcomes only
                    act = sample_chance([(a, 1.0 / len(act)) for a in act],
                                        chance_rng(session.seed, session.chance_count))
                session.apply(act, player)
                continue
        if state.is_chance_node():
            outcome = sample_chance(state.chance_outcomes(), chance_rng(session.seed, session.chance_count))
            _apply_known_legal(session, outcome, CHANCE)  # drawn from the outcomes: legal
            continue
        res = state.result()
        if res.rounds != last_round:
            last_round = res.rounds
            snapshots.append([res.rounds, score_snapshot(state)])
            if first is None and res.rounds >= 1:  # the order of round 1 (it may change later)
                first = first_player(state)
                order = turn_order(state)
        deciders = state.decision().players
        if not deciders:
            break
        if max_rounds is not None and res.rounds > max_rounds:
            stopped = True
            break
        for p in deciders:
            if p in session.state.decision().players:
                obs = LazyObservation(session.state, p)
                act = bots[p].decide(obs)
                if act in obs.legal:  # the legal actions were just listed: no need to list them again
                    _apply_known_legal(session, act, p)
                else:
                    session.apply(act, p)  # refused with the rules' explanation
                actions += 1
    record = session.finish_record()
    state = session.state
    result = state.result()
    metrics = seat_metrics(state)
    winners = list(result.winners) if result.finished else []
    seats_out = []
    for p in range(n):
        row = {"seat": p, "bot": labels[p], "won": p in winners}
        row.update(metrics[p] if p < len(metrics) else {})
        seats_out.append(row)
    if snapshots and snapshots[-1][0] == result.rounds:
        snapshots[-1] = [result.rounds, score_snapshot(state)]
    else:
        snapshots.append([result.rounds, score_snapshot(state)])
    line = {
        "index": index,
        "seed": seed,
        # a game stopped at the limit has played its rounds 1..max_rounds; the state already counts the next one
        "rounds": max_rounds if stopped and max_rounds is not None else result.rounds,
        "finished": bool(result.finished),
        "stopped_at_max_rounds": stopped,
        "reason": result.reason,
        "winners": winners,
        "actions": actions,
        "seats": seats_out,
        "score_by_round": snapshots,
        "final_hash": record.final_hash or state.state_hash(),
        "first_player": first if first is not None else first_player(state),
    }
    if order is not None or first is None:
        order = order if first is not None else turn_order(state)
        if order is not None:
            line["turn_order"] = order
    forced = sum(getattr(b, "forced", 0) for b in bots)
    if forced:
        line["forced_restricted"] = forced
    counts = {str(p): b.counts() for p, b in enumerate(bots) if isinstance(b, RestrictedAgent)}
    if counts:
        line["restricted"] = counts
    return {"line": line, "record": record.to_json()}


def _apply_known_legal(session: Session, act: Any, player: int) -> None:
    """What :meth:`Session.apply` does in a simulation (no undo history, no listeners) for an
    action already known to be legal: apply it and record it, without listing the legal actions
    again to check it."""
    session.state.apply_unchecked(act, player)
    if player == CHANCE:
        session.chance_count += 1
    session.record.actions.append((player, act.text()))
