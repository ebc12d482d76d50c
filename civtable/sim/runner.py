"""Mass simulation: many seeded games between bots, in parallel, resumable.

A run writes into one directory:

``manifest.json``   the parameters of the run; resuming with other parameters is refused,
``games.jsonl``     one line per finished game (appended and flushed game by game),
``records/``        the full game record of every game (``game-000012.json``), replayable,
``summary.json``    aggregated statistics (see :mod:`civtable.sim.report`),
``report.html``     a self-contained balance report.

Game ``i`` is seeded by :func:`game_seed` from the run seed and ``i`` only, so results are
identical whatever the number of workers or the backend, and an interrupted run resumes by
playing only the games that are missing.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TextIO

from civtable.bots import make_bot, parse_spec
from civtable.core import CivtableError, OptionError, make_game

from .assign import option_names, parse_assign, study_hooks
from .content_edit import RUN_COPY, run_content
from .factors import THRESHOLD
from .metrics import element_names, metric_labels
from .play import game_seed, run_game, seat_specs
from .restrict import resolve

__all__ = ["Interrupted", "SimConfig", "game_seed", "load_games", "report_only", "run_game", "run_tasks", "seat_specs",
           "simulate", "summarize_run"]

MANIFEST_FORMAT = "civtable-simulation"
SYNC_SECONDS = 1.0
"""games.jsonl is flushed after every game and synced to disk at most this often."""
GUARDED = ("game", "options", "content_id", "seats", "rotate_seats", "max_rounds", "seed", "assign", "forbid")


@dataclass
class SimConfig:
    """Everything that defines a simulation run (``games`` may grow when resuming)."""

    game: str
    seats: list[str]
    games: int = 100
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    content: str | None = None
    rotate_seats: bool = False
    max_rounds: int | None = None
    workers: int = 1
    backend: str = "local"
    address: str | None = None
    assign: str | None = None
    """How seats get their trait/civilization (``civ=rotate`` ...; see :mod:`civtable.sim.assign`)."""
    forbid: list[list[str]] | None = None
    """Per entry of ``seats``: restrictions its bot plays under (see :mod:`civtable.sim.restrict`)."""
    threshold: float = THRESHOLD
    """Effects on the win rate smaller than this (a share of a win) are not called imbalances."""

    def task(self, index: int) -> dict[str, Any]:
        return {
            "assign": self.assign,
            "forbid": self.forbid,
            "game": self.game,
            "options": self.options,
            "content": self.content,
            "seats": self.seats,
            "rotate_seats": self.rotate_seats,
            "max_rounds": self.max_rounds,
            "seed": self.seed,
            "index": index,
        }


# ---------------------------------------------------------------------------------------
def _manifest(config: SimConfig) -> dict[str, Any]:
    game = make_game(config.game, config.options, config.content)
    for spec in config.seats:  # fail early, in this process, on a bad spec
        make_bot(spec, game, 0, 0)
    parse_assign(config.assign, game)
    if config.forbid is not None:
        if len(config.forbid) != len(config.seats):
            raise OptionError("give one list of restrictions per seat (an empty list for none)")
        for names in config.forbid:
            resolve(game, names)
    return {
        "format": MANIFEST_FORMAT,
        "version": 1,
        "game": config.game,
        "options": game.options,
        "content_id": game.content_id,
        "content": config.content,
        "seats": list(config.seats),
        "rotate_seats": config.rotate_seats,
        "max_rounds": config.max_rounds,
        "seed": config.seed,
        "games": config.games,
        "assign": config.assign,
        "forbid": config.forbid,
    }


def check_config(config: SimConfig) -> None:
    """Refuse a run the game would refuse (bots, assignment, restrictions), before anything is written."""
    _manifest(config)


def check_or_write_manifest(out: Path, config: SimConfig) -> dict[str, Any]:
    """Write the manifest of a new run, or check that a resumed run has the same parameters."""
    manifest = _manifest(config)  # refuses bad input before anything is written
    old = resumed_manifest(out, manifest, MANIFEST_FORMAT, GUARDED, "a simulation run")
    if old is not None:
        old["games"] = max(int(old.get("games", 0)), config.games)
        manifest = old
    out.mkdir(parents=True, exist_ok=True)
    _write_json(out / "manifest.json", manifest)
    if config.content and not (out / RUN_COPY).exists():  # the run keeps the file it plays
        (out / RUN_COPY).write_bytes(Path(config.content).read_bytes())
    return manifest


def resumed_manifest(out: Path, manifest: dict[str, Any], fmt: str, guarded: tuple[str, ...] | list[str],
                     what: str) -> dict[str, Any] | None:
    """The manifest already in ``out`` (None if there is none), checked to be ``what`` (its
    ``format``) with the same ``guarded`` parameters as ``manifest``: a resumed run must be the
    same run. Refused in plain words otherwise."""
    path = out / "manifest.json"
    if not path.exists():
        return None
    try:
        old = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise CivtableError(f"{path} is unreadable ({exc}); use another --out directory") from exc
    if not isinstance(old, dict) or old.get("format") != fmt:
        raise CivtableError(f"{out} holds something else than {what}; use another --out directory")
    diffs = [k for k in guarded if old.get(k) != manifest.get(k)]
    if diffs:
        detail = "; ".join(line for k in diffs for line in parameter_differences(k, old, manifest))
        kind = what.split(" ", 1)[1] if " " in what else what
        raise CivtableError(
            f"{out} holds a {kind} made with other parameters (the run's -> this command's: {detail}); "
            "resume with the same command or use another --out"
        )
    return old


def _typed(v: Any) -> str:
    """A parameter as the command line gives it: on / off, a list joined by commas, or not given."""
    if v is None or v == []:
        return "(not given)"
    if isinstance(v, bool):
        return "on" if v else "off"
    if isinstance(v, list):
        return ",".join(_typed(x) for x in v)
    return str(v)


def parameter_differences(key: str, old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """How one parameter of a resumed run differs, in the command line's words: ``--rotate-seats:
    on -> off``, each option that differs on its own (``players: 4 -> 3``), never a Python dict."""
    a, b = old.get(key), new.get(key)
    if key == "options" and isinstance(a, dict) and isinstance(b, dict):
        names = sorted(set(a) | set(b))
        return [f"{n}: {_typed(a.get(n))} -> {_typed(b.get(n))}" for n in names if a.get(n) != b.get(n)]
    if key == "content_id":
        return [f"--content: {old.get('content') or 'the built-in content'} -> "
                f"{new.get('content') or 'the built-in content'} (other values)"]
    if key == "forbid" and (isinstance(a, list) or isinstance(b, list)):
        def bars(v: Any) -> str:
            per = [f"{i + 1}:{'+'.join(names)}" for i, names in enumerate(v or []) if names]
            return " ".join(per) or "(not given)"
        return [f"--forbid: {bars(a)} -> {bars(b)}"]
    flag = "game" if key == "game" else "--" + key.replace("_", "-")
    return [f"{flag}: {_typed(a)} -> {_typed(b)}"]


def _write_json(path: Path, data: Any) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    tmp.replace(path)


def load_games(out: Path) -> list[dict[str, Any]]:
    """The recorded games of a run directory, sorted by index (a torn last line is ignored)."""
    path = out / "games.jsonl"
    if not path.exists():
        return []
    games: dict[int, dict[str, Any]] = {}
    for raw in path.read_text().splitlines():
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except json.JSONDecodeError:
            continue
        if isinstance(line, dict) and isinstance(line.get("index"), int):
            games[line["index"]] = line
    return [games[i] for i in sorted(games)]


def _repair_tail(path: Path) -> None:
    """Cut a partially written last line (a run killed mid-write) so appends stay valid."""
    if not path.exists():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        cut = data.rfind(b"\n") + 1
        with path.open("r+b") as fh:
            fh.truncate(cut)


class Progress:
    """A one-line progress bar on stderr: games done, games per minute, time left."""

    def __init__(self, total: int, done: int, stream: TextIO | None = None, enabled: bool = True) -> None:
        self.total = total
        self.start_done = done
        self.done = done
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.t0 = time.monotonic()
        self.last = 0.0

    def update(self, done: int, force: bool = False) -> None:
        self.done = done
        now = time.monotonic()
        if not self.enabled or (not force and now - self.last < 0.5 and done < self.total):
            return
        self.last = now
        elapsed = max(now - self.t0, 1e-9)
        rate = (done - self.start_done) / elapsed * 60.0
        left = self.total - done
        eta = f"{left / rate * 60.0:5.0f}s" if rate > 0 else "    ?"
        width = 30
        filled = int(width * done / self.total) if self.total else width
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} games  {rate:7.1f} games/min  ETA {eta}")
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def run_tasks(
    tasks: list[dict[str, Any]], workers: int = 1, backend: str = "local", address: str | None = None
) -> Iterator[dict[str, Any]]:
    """Play the games described by ``tasks`` (see :meth:`SimConfig.task`) and yield
    :func:`run_game`'s results as they finish (in completion order, not task order)."""
    if backend == "ray":
        return _ray_results(tasks, workers, address)
    return _local_results(tasks, workers)


def _local_results(tasks: list[dict[str, Any]], workers: int) -> Iterator[dict[str, Any]]:
    if workers <= 1:
        for task in tasks:
            yield run_game(task)
        return
    pool = ProcessPoolExecutor(max_workers=workers)
    pending: set[Future[dict[str, Any]]] = set()
    queue = list(reversed(tasks))
    done = False
    _IN_POOL.set()
    try:
        while queue or pending:
            while queue and len(pending) < workers * 2:
                pending.add(pool.submit(run_game, queue.pop()))
            finished, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
            if _STOP.is_set():  # SIGTERM, noticed here, outside the pool's locks
                raise Terminated
            for fut in finished:
                yield fut.result()
        done = True
    finally:
        _IN_POOL.clear()
        # stopped early (interrupted): do not wait for the games under way
        procs = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=done, cancel_futures=True)
        if not done:
            for proc in procs:
                proc.terminate()


def _ray_results(tasks: list[dict[str, Any]], workers: int, address: str | None) -> Iterator[dict[str, Any]]:
    try:
        import ray
    except ImportError:
        raise CivtableError("the ray backend needs Ray: pip install 'civtable[ray]'") from None
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"ignore_reinit_error": True, "log_to_driver": False}
        if address:
            kwargs["address"] = address
        else:
            kwargs["num_cpus"] = max(1, workers)
            kwargs["include_dashboard"] = False
        ray.init(**kwargs)
        started = True
    try:
        remote = ray.remote(run_game)
        queue = list(reversed(tasks))
        pending: list[Any] = []
        while queue or pending:
            while queue and len(pending) < max(1, workers) * 2:
                pending.append(remote.remote(queue.pop()))
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def simulate(
    config: SimConfig,
    out: str | Path,
    progress: bool = True,
    stream: TextIO | None = None,
    on_game: Callable[[dict[str, Any]], None] | None = None,
    stop_after: int | None = None,
) -> dict[str, Any]:
    """Run (or resume) a simulation into ``out`` and write its summary and report.

    ``stop_after`` plays at most that many new games (used to test interrupted runs).
    Returns the summary."""
    from .report import write_report

    if config.games < 1:
        raise OptionError("--games must be at least 1")
    if config.workers < 1:
        raise OptionError("--workers must be at least 1")
    if config.backend not in ("local", "ray"):
        raise OptionError(f"--backend must be local or ray, not {config.backend!r}")
    for spec in config.seats:
        parse_spec(spec)
    game = make_game(config.game, config.options, config.content)
    if len(config.seats) != game.num_players:
        raise OptionError(
            f"--seats lists {len(config.seats)} bots but the game has {game.num_players} players; "
            "give one bot per seat (or pass --players)"
        )
    out = Path(out)
    manifest = check_or_write_manifest(out, config)
    (out / "records").mkdir(exist_ok=True)
    jsonl = out / "games.jsonl"
    _repair_tail(jsonl)
    done = {g["index"] for g in load_games(out)}
    todo = [i for i in range(config.games) if i not in done]
    if stop_after is not None:
        todo = todo[:stop_after]
    tasks = [config.task(i) for i in todo]
    bar = Progress(config.games, len(done & set(range(config.games))), stream, enabled=progress)
    bar.update(bar.done, force=True)
    t0 = time.monotonic()
    results = run_tasks(tasks, config.workers, config.backend, config.address)
    count = bar.done
    failed: list[dict[str, Any]] = []
    stopped: BaseException | None = None
    try:
        with _terminate_as_interrupt(), jsonl.open("a") as fh:
            synced = time.monotonic()
            for item in results:
                if "error" in item:
                    failed.append(item["error"])
                    _record_error(out, item)
                    continue
                _keep(out, fh, item)
                if time.monotonic() - synced >= SYNC_SECONDS:
                    os.fsync(fh.fileno())
                    synced = time.monotonic()
                count += 1
                bar.update(count)
                if on_game is not None:
                    on_game(item["line"])
            fh.flush()
            os.fsync(fh.fileno())
    except (KeyboardInterrupt, BrokenProcessPool) as exc:  # Ctrl-C, SIGTERM, a killed worker
        stopped = exc
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
    elapsed = time.monotonic() - t0
    games = [g for g in load_games(out) if g["index"] < manifest["games"]]
    summary = summarize_run(game, manifest, games, config.threshold)
    if stopped is not None:
        summary["findings"].insert(0, (
            f"Warning: the run was interrupted ({_why(stopped)}); this report covers the {len(games)} of "
            f"{manifest['games']} games that finished. Run the same command again to play the rest."))
    if failed:
        note = (
            f"{len(failed)} game(s) stopped on an error and were left out (see errors.jsonl; "
            "their records up to the failing action are in records/*.error.json): "
            + "; ".join(sorted({f["error"] for f in failed}))[:500]
        )
        summary["findings"].insert(0, note)
        if progress:
            (stream or sys.stderr).write(f"warning: {note}\n")
    summary["errors"] = len(failed)
    summary["run"] = {
        "new_games": len(tasks),
        "seconds": round(elapsed, 3),
        "games_per_minute": round(len(tasks) / elapsed * 60.0, 2) if elapsed > 0 and tasks else None,
        "workers": config.workers,
        "backend": config.backend,
    }
    summary["run"]["interrupted"] = stopped is not None
    _write_json(out / "summary.json", summary)
    write_report(out / "report.html", summary, games)
    if stopped is not None:
        raise Interrupted(str(out), len(games), int(manifest["games"])) from stopped
    return summary


def report_only(config: SimConfig, out: str | Path) -> dict[str, Any]:
    """The summary and report of the games a run directory holds, playing none (a killed run's)."""
    from .report import write_report

    out = Path(out)
    if not (out / "manifest.json").exists():
        raise CivtableError(f"{out} holds no simulation run (no manifest.json)")
    manifest = json.loads((out / "manifest.json").read_text())
    if config.game and manifest.get("game") != config.game:
        from .html_report import game_title

        raise CivtableError(
            f"{out} holds a run of {game_title(str(manifest.get('game')))}, not of {game_title(config.game)}; "
            f"civtable simulate {manifest.get('game')} --report-only --out {out} writes its report")
    manifest = {**manifest, "content": run_content(out, manifest)}
    game = make_game(manifest["game"], manifest.get("options") or {}, manifest.get("content"))
    games = [g for g in load_games(out) if g["index"] < int(manifest["games"])]
    summary = summarize_run(game, manifest, games, config.threshold)
    if len(games) < int(manifest["games"]):
        summary["findings"].insert(0, (
            f"Warning: this report covers the {len(games)} of {manifest['games']} games that finished; "
            "run the same simulate command again to play the rest."))
    summary["run"] = {"new_games": 0, "seconds": 0.0, "games_per_minute": None, "report_only": True}
    _write_json(out / "summary.json", summary)
    write_report(out / "report.html", summary, games)
    return summary


class Terminated(KeyboardInterrupt):
    """The run received SIGTERM."""


def _why(stopped: BaseException) -> str:
    """Why a run stopped early, in plain words."""
    if isinstance(stopped, Terminated):
        return "stopped by a termination signal, SIGTERM"
    if isinstance(stopped, KeyboardInterrupt):
        return "stopped with Ctrl-C"
    return "a worker process died"


class Interrupted(KeyboardInterrupt):
    """A run stopped before all its games were played; its report covers the games that finished."""

    def __init__(self, out: str, done: int, total: int) -> None:
        super().__init__(f"interrupted after {done} of {total} games; report of the finished games: {out}/report.html")
        self.out, self.done, self.total = out, done, total


_IN_POOL = threading.Event()
_STOP = threading.Event()
"""While games are played in a process pool, SIGTERM only sets ``_STOP`` and the pool's loop stops
at a safe point: an exception raised from the signal handler in the middle of
``concurrent.futures.wait`` can leave a future's lock held, and the process then hangs at exit."""


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """Within this block SIGTERM stops the run like Ctrl-C does (so the report is still written)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: Any) -> None:
        if _IN_POOL.is_set():
            _STOP.set()  # the pool's loop stops at its next check (within a quarter of a second)
        else:
            raise Terminated

    _STOP.clear()
    old = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


def _keep(out: Path, fh: TextIO, item: dict[str, Any]) -> None:
    """Write a finished game's record, then its line, flushed to the system at once (a killed
    run loses no finished game; the file is synced to disk every second, so a crash of the
    machine itself loses at most the last second)."""
    line = item["line"]
    rec_path = out / "records" / f"game-{line['index']:06d}.json"
    tmp = rec_path.with_name(rec_path.name + ".tmp")
    tmp.write_text(json.dumps(item["record"], separators=(",", ":")) + "\n")
    tmp.replace(rec_path)
    fh.write(json.dumps(line, sort_keys=True, separators=(",", ":")) + "\n")
    fh.flush()


def summarize_run(game: Any, manifest: dict[str, Any], games: list[dict[str, Any]], threshold: float = THRESHOLD
                  ) -> dict[str, Any]:
    """The summary of a run's games with the game's names, outcome fields and study choice."""
    from .places import add_places
    from .report import findings, summarize

    names, titles = element_names(game)
    hooks: Any = study_hooks(game)
    labels = metric_labels(game)
    choice = (str(hooks.CHOICE), [str(o) for o in hooks.choice_options(game)]) if hasattr(hooks, "CHOICE") else None
    outcomes = getattr(hooks, "OUTCOME_FIELDS", None)
    summary = summarize(manifest, games, names, titles, choice, threshold=threshold,
                        outcomes=frozenset(outcomes) if outcomes is not None else None,
                        choice_names=option_names(game) if choice else None, labels=labels,
                        order_note=getattr(hooks, "ORDER_NOTE", None))
    elements = summary.get("elements") or {}
    add_places(game, manifest.get("content"), [*elements.get("tested", []), *elements.get("outcomes", [])])
    summary["findings"] = findings(summary)  # now with each element's place in the content file
    return summary


def _record_error(out: Path, item: dict[str, Any]) -> None:
    """Keep a failed game's error and partial record; a resumed run tries the game again."""
    err = item["error"]
    with (out / "errors.jsonl").open("a") as fh:
        fh.write(json.dumps(err, sort_keys=True) + "\n")
    if item.get("record") is not None:
        path = out / "records" / f"game-{err['index']:06d}.error.json"
        path.write_text(json.dumps(item["record"], separators=(",", ":")) + "\n")


def config_dict(config: SimConfig) -> dict[str, Any]:
    return asdict(config)
