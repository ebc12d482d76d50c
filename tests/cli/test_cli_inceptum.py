"""The terminal with the real Inceptum engine: bot games, content files, the screen, a person's turn."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

pytest.importorskip("civtable.games.inceptum.game")

from civtable.cli import main  # noqa: E402
from civtable.core import GameRecord, Session, make_game, replay  # noqa: E402
from civtable.games.inceptum.content import BUILTIN_PATH  # noqa: E402
from civtable.tui import Term, TerminalTable, renderer_for  # noqa: E402
from civtable.tui.inceptum import (
    InceptumRenderer,  # noqa: E402
    short_name,
)


def test_bot_game_reports_cp_and_population(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    code = main(
        [
            "play",
            "inceptum",
            "--players",
            "4",
            "--seed",
            "3",
            "--max-rounds",
            "4",
            "--record",
            str(path),
            "--json",
        ]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    obj = json.loads(out)
    assert obj["game"] == "inceptum" and obj["mode"] == "journey" and obj["players"] == 4
    assert obj["options"]["max_rounds"] == 4 and obj["rounds"] <= 4
    assert all("cp" in s and "population" in s for s in obj["scores"])
    assert obj["state_hash"] == replay(GameRecord.load(path)).state_hash()
    assert main(["replay", str(path), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["state_hash"] == obj["state_hash"] and again["scores"] == obj["scores"]


def test_mode_flag_is_validated(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "inceptum", "--mode", "conquest", "--json"]) == 2
    assert "must be one of" in capsys.readouterr().err


def test_record_played_with_other_content_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "g.json"
    main(
        [
            "play",
            "inceptum",
            "--players",
            "2",
            "--seed",
            "1",
            "--max-rounds",
            "1",
            "--record",
            str(path),
            "--quiet",
        ]
    )
    capsys.readouterr()
    data = json.loads(path.read_text())
    data["content_id"] = "0" * 64
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    assert "other content" in capsys.readouterr().err


def test_content_check_builtin_and_broken(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["content", "check", "inceptum"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("OK: ") and "content.toml" in out
    broken = tmp_path / "broken.toml"
    text = BUILTIN_PATH.read_text()
    assert 'requires = ["writing"]' in text and "resource_cap = 50" in text
    broken.write_text(
        text.replace('requires = ["writing"]', 'requires = ["no_such_advance"]', 1).replace(
            "resource_cap = 50", "resource_cap = -3", 1
        )
    )
    assert main(["content", "check", "inceptum", "--content", str(broken)]) == 1
    out = capsys.readouterr().out
    assert "no_such_advance" in out and "resource_cap" in out
    assert main(["content", "check", "inceptum", "--content", str(tmp_path / "none.toml")]) == 2
    assert "no content file" in capsys.readouterr().err


def test_content_dump(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "dump", "inceptum", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["meta"]["game"] == "inceptum" and "advances" in data


def test_screen_shows_city_hand_tech_and_wonders() -> None:
    game = make_game("inceptum", {"players": 3})
    session = Session(game, seed=5, seats=["human", "random", "random"])
    out = io.StringIO()
    term = Term(out, color=False)
    renderer = renderer_for(game, term)
    assert isinstance(renderer, InceptumRenderer)
    table = TerminalTable(
        session, [None, *[_Random(i) for i in (1, 2)]], renderer, term, stdin=io.StringIO("")
    )
    table.run()  # plays the bots until seat 0 decides, shows its screen, then quits at end of input
    screen = out.getvalue()
    view = session.state.view(0)
    me = view["players"][0]
    assert "Your city" in screen and "Technology" in screen and "Wonders" in screen
    assert "Other civilizations" in screen and "Player 1>" in screen
    for row in me["city"]:
        for cell in row:
            if cell:
                assert short_name(cell["name"], 11) in screen  # in whole words
    hand = me["hand"]
    assert (
        "in hand     " + "".join(f"{hand[r]:>7}" for r in ("food", "wood", "stone", "iron", "gold")) in screen
    )
    for tech in view["tech"]:
        if tech["status"] == "available":
            assert f"○ {tech['name']} {tech['your_cost']}G" in screen
        elif tech["status"] == "locked":
            assert f"· {tech['name']} {tech['your_cost']}G" in screen
    for w in view["wonders"]:
        assert w["name"].removeprefix("The ")[:20] in screen


class _Driver:
    """Stands in for a person typing: plays the first listed action until building a Lumberjack
    Hut is possible, then types the script (with two empty city slots of that moment)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.script: list[str] | None = None
        self.reads = 0

    def readline(self) -> str:
        self.reads += 1
        assert self.reads < 400, "building never became possible"
        state = self.session.state
        if self.script is None and 0 in state.decision().players:
            if "build wood" in [a.text() for a in state.legal_actions(0)]:
                city = state.view(0)["players"][0]["city"]
                free = [f"{r + 1} {c + 1}" for r in range(5) for c in range(5) if city[r][c] is None]
                self.script = [
                    "info build wood",
                    f"build wood {free[0]}",
                    "undo",
                    "undo",
                    f"build wood {free[-1]}",
                ]
                self.slots = (free[0], free[-1])
        if self.script is None:
            return "1\n"
        return self.script.pop(0) + "\n" if self.script else ""  # then end of input: quit

    def isatty(self) -> bool:
        return False


def test_a_person_builds_with_a_shortcut_then_undoes() -> None:
    game = make_game("inceptum", {"players": 2})
    session = Session(game, seed=3, seats=["human", "random"])
    out = io.StringIO()
    term = Term(out, color=False)
    driver = _Driver(session)
    table = TerminalTable(session, [None, _Random(1)], renderer_for(game, term), term, stdin=driver)  # type: ignore[arg-type]
    assert table.run() is False
    text = out.getvalue()
    first, last = driver.slots
    assert "for example, then 'slot" in text and "you pay: " in text
    assert f"takes back 'slot {first}'" in text and "takes back 'build wood'" in text
    mine = [a for seat, a in session.record.actions if seat == 0]
    assert mine[-2:] == ["build wood", f"slot {last}"]
    assert mine.count("build wood") == 1 and f"slot {first}" not in mine[-3:]
    r, c = map(int, last.split())
    assert session.state.view(0)["players"][0]["city"][r - 1][c - 1]["line"] == "wood"


def test_summary_hides_scores_of_an_unfinished_game_with_a_person(capsys: pytest.CaptureFixture[str]) -> None:
    import sys

    old = sys.stdin
    sys.stdin = io.StringIO("1\n1\nquit\n")
    try:
        code = main(["play", "inceptum", "--players", "2", "--seats", "human,random", "--seed", "3"])
    finally:
        sys.stdin = old
    out, _ = capsys.readouterr()
    assert (
        code == 0 and "scores stay hidden" in out and "trait:" not in out.split("stopped before its end")[1]
    )


class _Random:
    def __init__(self, seat: int) -> None:
        import random

        self.rng = random.Random(seat)
        self.name = "random"

    def decide(self, obs):  # type: ignore[no-untyped-def]
        return self.rng.choice(obs.legal)


def test_every_kind_of_decision_renders() -> None:
    """Random games in every mode: each decision's screen, menu and info diff draw without error,
    and a spectator's screen too."""
    import random

    from civtable.core import CHANCE, sample_chance

    kinds: set[str] = set()
    for seed, mode in enumerate(("journey", "glory", "mission1", "mission2")):
        game = make_game("inceptum", {"players": 2 + seed % 3, "mode": mode, "max_rounds": 25})
        out = io.StringIO()
        renderer = renderer_for(game, Term(out, color=bool(seed % 2)))
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            decision = state.decision()
            if decision.is_chance:
                state.apply_unchecked(sample_chance(state.chance_outcomes(), rng), CHANCE)
                continue
            p = decision.players[0]
            legal = state.legal_actions(p)
            if decision.kind not in kinds or steps % 40 == 0:
                kinds.add(decision.kind)
                view = state.view(p)
                assert renderer.screen(view, p, ["something happened"])
                assert len(renderer.menu(legal, view, p)) >= 1
                trial = state.clone()
                trial.apply(legal[0], p)
                renderer.diff(view, trial.view(p), p)
                renderer.screen(state.view(None), None)
            state.apply_unchecked(rng.choice(legal), p)
            steps += 1
        assert renderer.screen(state.view(0), 0)
    assert {"turn", "slot", "redraw", "bonus_slot"} <= kinds


def test_small_terminal_screen_leaves_parts_out_and_view_shows_them() -> None:
    game = make_game("inceptum", {"players": 4})
    session = Session(game, seed=2, seats=["human"] * 4)
    session.resolve_chance()
    seat = session.state.decision().players[0]
    view = session.state.view(seat)
    renderer = renderer_for(game, Term(io.StringIO(), color=False))
    recent = [f"event {i}" for i in range(12)]
    full = renderer.screen(view, seat, recent)
    assert "Technology" in "\n".join(full) and "event 0" in "\n".join(full)
    for height in (45, 35, 28):
        small = renderer.screen(view, seat, recent, height=height)
        text = "\n".join(small)
        assert len(small) <= height and "Lumberjack" in text and "event 11" in text  # the city, the latest event
        assert "not shown to fit the screen" in text and "'view all'" in text
    # the console's view command shows one part, or everything, or says which parts exist
    out = io.StringIO()
    table = TerminalTable(
        session,
        [None] * 4,
        renderer,
        Term(out, color=False),
        stdin=io.StringIO("\nview tech\nview wonders\nview nonsense\nview all\nquit\n"),
    )
    table.run()
    text = out.getvalue()
    assert text.count("Technology") >= 3  # first screen, 'view tech', 'view all'
    flat = " ".join(text.split())  # messages are wrapped to the terminal's width
    assert "There is no part called 'nonsense'" in flat and "tech, wonders" in flat


def test_bank_ratio_in_the_menu_matches_the_rules() -> None:
    import random

    from civtable.core import CHANCE, Action, sample_chance
    from civtable.games.inceptum.content import RESOURCES

    game = make_game("inceptum", {"players": 3, "max_rounds": 15})
    renderer = renderer_for(game, Term(io.StringIO(), color=False))
    assert isinstance(renderer, InceptumRenderer)
    rng = random.Random(4)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        d = state.decision()
        if d.is_chance:
            state.apply_unchecked(sample_chance(state.chance_outcomes(), rng), CHANCE)
            continue
        p = d.players[0]
        view = state.view(p)
        for i, res in enumerate(RESOURCES):
            ratio = state.bank_ratio(state.players[p], i)  # type: ignore[attr-defined]
            other = RESOURCES[(i + 1) % 5]
            assert renderer.action_label(Action("bank", (res, other)), view, p).endswith(f" {ratio}:1")
            checked += 1
        state.apply_unchecked(rng.choice(state.legal_actions(p)), p)
    assert checked > 100
