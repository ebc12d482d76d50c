"""A rated ladder: round robins between bots in 2-, 3- and 4-player line-ups, rated with OpenSkill.

``run_ladder(LadderConfig(game="inceptum", bots=["random", "greedy", "mcts"], games=20), out)``

* **Line-ups** — for every player count ``k`` asked for (default: 2, 3 and 4, as far as the game
  allows), every set of ``k`` different bots is a *table*; with fewer bots than seats, every
  line-up that seats each bot at least once (``greedy, greedy, greedy, mcts`` ...).
* **Seats rotated** — game ``i`` of a table seats the line-up shifted by ``i`` places, so with a
  number of games that is a multiple of ``k`` every bot sits in every seat equally often.
* **Deterministic** — a table's seed derives from the run seed, the player count and the line-up
  (adding a bot to the ladder does not change the games of the other tables), game ``i``'s seed
  from the table's seed and ``i`` (:func:`civtable.sim.runner.game_seed`); the games are played
  by the simulator's process pool (:func:`civtable.sim.runner.run_tasks`) and rated in a fixed
  order, so the results are identical whatever the number of workers.
* **Resumable** — games are appended to ``games.jsonl`` as they finish; running the same command
  again plays only the missing games (``--games`` may grow).

Output directory: ``manifest.json``, ``games.jsonl``, ``records/`` (every game record,
replayable), ``errors.jsonl`` (games that stopped on an error, left out), ``ladder.json``,
``ladder.md`` and ``ladder.png`` (see :mod:`civtable.sim.rating`).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, TextIO

from civtable.bots import make_bot, parse_spec
from civtable.core import CivtableError, OptionError, make_game
from civtable.core.registry import game_info

from .metrics import numeric_score
from .runner import Progress, _repair_tail, _write_json, game_seed, resumed_manifest, run_tasks

MANIFEST_FORMAT = "civtable-ladder"
GUARDED = ("game", "options", "content_id", "bots", "players", "max_rounds", "seed")
DEFAULT_PLAYERS = (2, 3, 4)


@dataclass
class LadderConfig:
    """Everything that defines a ladder run (``games`` is per table and may grow on resume)."""

    game: str
    bots: list[str]
    games: int = 20
    players: list[int] | None = None
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    content: str | None = None
    max_rounds: int | None = None
    workers: int = 1
    backend: str = "local"
    address: str | None = None


class Table(NamedTuple):
    """One line-up of bots at a table of ``players`` seats."""

    key: str
    players: int
    lineup: tuple[str, ...]
    seed: int


def lineups(bots: list[str], players: int) -> list[tuple[str, ...]]:
    """The line-ups of ``players`` seats: every set of different bots, or, with fewer bots than
    seats, every multiset that seats each bot at least once (in the order of ``bots``)."""
    if len(bots) >= players:
        return list(itertools.combinations(bots, players))
    return [
        combo
        for combo in itertools.combinations_with_replacement(bots, players)
        if set(combo) == set(bots)
    ]


def table_seed(run_seed: int, players: int, lineup: tuple[str, ...]) -> int:
    digest = hashlib.sha256(f"civtable-ladder/{run_seed}/{players}/{'|'.join(lineup)}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def player_counts(config: LadderConfig) -> list[int]:
    """The player counts of the run: those asked for (checked against the game), else 2-4 as far
    as the game allows."""
    info = game_info(config.game)
    if config.players:
        bad = [k for k in config.players if not info.min_players <= k <= info.max_players]
        if bad:
            raise OptionError(
                f"{info.title} is for {info.min_players} to {info.max_players} players, not {bad[0]}"
            )
        return sorted(set(config.players))
    counts = [k for k in DEFAULT_PLAYERS if info.min_players <= k <= info.max_players]
    if not counts:
        counts = [info.min_players]
    return counts


def tables(config: LadderConfig) -> list[Table]:
    out: list[Table] = []
    for k in player_counts(config):
        for lineup in lineups(config.bots, k):
            key = f"{k}p:" + "|".join(lineup)
            out.append(Table(key, k, lineup, table_seed(config.seed, k, lineup)))
    return out


def _options(config: LadderConfig, players: int) -> dict[str, Any]:
    return {**config.options, "players": players}


def _manifest(config: LadderConfig, counts: list[int]) -> dict[str, Any]:
    game = make_game(config.game, _options(config, counts[0]), config.content)
    for spec in config.bots:  # fail early, in this process, on a bad spec
        make_bot(spec, game, 0, 0)
    options = dict(game.options)
    options.pop("players", None)
    return {
        "format": MANIFEST_FORMAT,
        "version": 1,
        "game": config.game,
        "options": options,
        "content_id": game.content_id,
        "content": config.content,
        "bots": list(config.bots),
        "players": counts,
        "max_rounds": config.max_rounds,
        "seed": config.seed,
        "games": config.games,
    }


def _check_manifest(out: Path, manifest: dict[str, Any]) -> dict[str, Any]:
    old = resumed_manifest(out, manifest, MANIFEST_FORMAT, GUARDED, "a ladder")
    if old is not None:
        manifest["games"] = max(int(old.get("games", 0)), manifest["games"])
    _write_json(out / "manifest.json", manifest)
    return manifest


def load_ladder_games(out: Path) -> list[dict[str, Any]]:
    """The recorded games of a ladder directory (a torn last line is ignored), one per
    (table, index), in file order."""
    path = out / "games.jsonl"
    if not path.exists():
        return []
    seen: dict[tuple[str, int], dict[str, Any]] = {}
    for raw in path.read_text().splitlines():
        try:
            line = json.loads(raw)
        except json.JSONDecodeError:
            continue
        if isinstance(line, dict) and isinstance(line.get("table"), str) and isinstance(line.get("index"), int):
            seen[(line["table"], line["index"])] = line
    return list(seen.values())


def _line(table: Table, result_line: dict[str, Any]) -> dict[str, Any]:
    seats = result_line["seats"]
    return {
        "table": table.key,
        "players": table.players,
        "index": result_line["index"],
        "seed": result_line["seed"],
        "seats": [s["bot"] for s in seats],
        "winners": list(result_line["winners"]),
        "finished": bool(result_line["finished"]),
        "stopped_at_max_rounds": bool(result_line["stopped_at_max_rounds"]),
        "rounds": result_line["rounds"],
        "actions": result_line["actions"],
        "scores": [numeric_score({k: v for k, v in s.items() if k not in ("seat", "bot", "won")}) for s in seats],
        "final_hash": result_line["final_hash"],
    }


def run_ladder(
    config: LadderConfig,
    out: str | Path,
    progress: bool = True,
    stream: TextIO | None = None,
    plot: bool = True,
    play: bool = True,
) -> dict[str, Any]:
    """Play (or resume) a ladder into ``out``, fit the ratings and write ``ladder.json``,
    ``ladder.md`` and (with ``plot``) ``ladder.png``. With ``play=False`` nothing is played:
    the games already in ``out`` (an interrupted ladder) are rated. Returns the ladder summary."""
    from .rating import render_markdown, summarize_ladder, write_plot

    if config.games < 1:
        raise OptionError("--games must be at least 1")
    if config.workers < 1:
        raise OptionError("--workers must be at least 1")
    if len(config.bots) < 2:
        raise OptionError("a ladder needs at least two bots, e.g. --bots random,greedy")
    if len(set(config.bots)) != len(config.bots):
        raise OptionError("--bots lists a bot twice; give each spec once")
    for spec in config.bots:
        parse_spec(spec)
    counts = player_counts(config)
    all_tables = tables(config)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "records").mkdir(exist_ok=True)
    manifest = _check_manifest(out, _manifest(config, counts))
    total_games = manifest["games"]
    jsonl = out / "games.jsonl"
    _repair_tail(jsonl)
    done = {(g["table"], g["index"]) for g in load_ladder_games(out)}
    by_key = {t.key: t for t in all_tables}
    tasks: list[dict[str, Any]] = []
    if not play and not (out / "games.jsonl").exists():
        raise CivtableError(f"{out} holds no games to report on; run the ladder first")
    # interleave the tables so an interrupted ladder has played every table about equally
    for i in range(total_games):
        for t in all_tables:
            if (t.key, i) in done or not play:
                continue
            tasks.append(
                {
                    "game": config.game,
                    "options": _options(config, t.players),
                    "content": config.content,
                    "seats": list(t.lineup),
                    "rotate_seats": True,
                    "max_rounds": config.max_rounds,
                    "seed": t.seed,
                    "index": i,
                    "table": t.key,
                }
            )
    planned = total_games * len(all_tables)
    load_before = _load()
    cpu_before = _cpu()
    bar = Progress(planned, planned - len(tasks), stream, enabled=progress)
    bar.update(bar.done, force=True)
    t0 = time.monotonic()
    count = bar.done
    errors = 0
    with jsonl.open("a") as fh:
        for item in run_tasks(tasks, config.workers, config.backend, config.address):
            if "error" in item:
                errors += 1
                with (out / "errors.jsonl").open("a") as ef:
                    ef.write(json.dumps(item["error"], sort_keys=True) + "\n")
                continue
            line = item["line"]
            table = _table_of(by_key, line)
            rec = out / "records" / f"{_slug(table)}-game-{line['index']:06d}.json"
            rec.write_text(json.dumps(item["record"], separators=(",", ":")) + "\n")
            fh.write(json.dumps(_line(table, line), sort_keys=True, separators=(",", ":")) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
            count += 1
            bar.update(count)
    elapsed = time.monotonic() - t0
    games = [g for g in load_ladder_games(out) if g["table"] in by_key and g["index"] < total_games]
    order = {t.key: n for n, t in enumerate(all_tables)}
    games.sort(key=lambda g: (g["index"], order[g["table"]]))
    summary = summarize_ladder(manifest, all_tables, games)
    summary["run"] = {
        "new_games": len(tasks),
        "errors": errors,
        "seconds": round(elapsed, 3),
        "cpu_seconds": round(_cpu() - cpu_before, 1),
        "load_before": load_before,
        "load_after": _load(),
        "workers": config.workers,
    }
    _write_json(out / "ladder.json", summary)
    (out / "ladder.md").write_text(render_markdown(summary))
    if plot:
        write_plot(summary, out / "ladder.png")
    if progress and errors:
        (stream or sys.stderr).write(f"warning: {errors} game(s) stopped on an error (see errors.jsonl)\n")
    return summary


def _load() -> float | None:
    """The machine's one-minute load average (None where the system does not tell)."""
    return round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None


def _cpu() -> float:
    """CPU seconds used so far by this process and its finished worker processes."""
    import resource

    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _table_of(by_key: dict[str, Table], line: dict[str, Any]) -> Table:
    """The table a finished game belongs to (matched by its seed, unique per table)."""
    for t in by_key.values():
        if game_seed(t.seed, int(line["index"])) == line["seed"]:
            return t
    raise CivtableError(f"a finished game (seed {line['seed']}) matches no table of the ladder")


def _slug(table: Table) -> str:
    return hashlib.sha256(table.key.encode()).hexdigest()[:10]
