"""People at the terminal: piped stdin on nim and on the multi-step test game."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from stepgame import StepState

from civtable.cli import main
from civtable.core import Action, GameRecord, IllegalAction, MalformedAction, Session, make_game, replay
from civtable.tui import Renderer, Term, TerminalTable, resolve

Feed = Callable[..., None]


def play(
    capsys: pytest.CaptureFixture[str], stdin: Feed, lines: list[str], *argv: str
) -> tuple[int, str, str]:
    stdin(*lines)
    code = main(["play", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_human_nim_numbers_text_info_and_quit(
    capsys: pytest.CaptureFixture[str], stdin: Feed, tmp_path: Path
) -> None:
    path = tmp_path / "g.json"
    code, out, err = play(
        capsys,
        stdin,
        [
            "help",
            "info 2",
            "? take 3",
            "undo",
            "banana",
            "take 9",
            "12",
            "take 2",
            "view",
            "log",
            "1",
            "quit",
        ],
        "nim",
        "--seats",
        "human,random",
        "--seed",
        "5",
        "--record",
        str(path),
    )
    assert code == 0, err
    assert "Commands:" in out  # help
    assert "pile: 16 → 14" in out  # info 2 on a pile of 16: take 2
    assert "pile: 16 → 13" in out  # ? take 3
    assert "then it is Player 2's decision" in out  # whose turn follows, never their options
    assert "Nothing to undo" in out  # the first action of the game cannot be undone
    assert "not a Nim action" in out  # banana
    assert "take 1 to 3 stones, not 9" in out  # take 9
    assert "no action number 12" in out
    assert "The game stopped before its end." in out
    assert f"civtable play --resume {path}" in out
    record = GameRecord.load(path)
    assert record.seats == ["human", "random"]
    mine = [text for seat, text in record.actions if seat == 0]
    assert mine == ["take 2", "take 1"]
    assert replay(record).state_hash() == record.final_hash  # the partial record verifies


def test_end_of_input_quits(capsys: pytest.CaptureFixture[str], stdin: Feed) -> None:
    code, out, _ = play(capsys, stdin, ["1"], "nim", "--seats", "human,random", "--seed", "5")
    assert code == 0 and "stopped before its end" in out


def test_human_plays_to_the_end_and_resume(
    capsys: pytest.CaptureFixture[str], stdin: Feed, tmp_path: Path
) -> None:
    path = tmp_path / "g.json"
    play(capsys, stdin, ["1", "quit"], "nim", "--seats", "human,random", "--seed", "9", "--record", str(path))
    partial = GameRecord.load(path)
    assert not replay(partial).is_terminal()
    code, out, err = play(capsys, stdin, ["1"] * 30, "--resume", str(path))
    assert code == 0, err
    assert "Resuming" in out and "Game over" in out
    full = GameRecord.load(path)
    assert full.actions[: len(partial.actions)] == partial.actions
    assert replay(full).is_terminal() and replay(full).state_hash() == full.final_hash
    # resuming a finished game just reports it
    code, out, _ = play(capsys, stdin, [], "--resume", str(path))
    assert code == 0 and "Game over" in out


def test_resume_refuses_options_and_tampering(
    capsys: pytest.CaptureFixture[str], stdin: Feed, tmp_path: Path
) -> None:
    path = tmp_path / "g.json"
    play(capsys, stdin, ["1", "quit"], "nim", "--seats", "human,random", "--seed", "9", "--record", str(path))
    code, _, err = play(capsys, stdin, [], "--resume", str(path), "--seed", "3")
    assert code == 2 and "leave out --seed" in err
    code, _, err = play(capsys, stdin, [], "othergame", "--resume", str(path))
    assert code == 2 and "not 'othergame'" in err
    data = json.loads(path.read_text())
    data["actions"][-1][1] = "take 3" if data["actions"][-1][1] != "take 3" else "take 2"
    path.write_text(json.dumps(data))
    before = path.read_text()
    code, _, err = play(capsys, stdin, ["1"], "--resume", str(path))
    assert code == 2 and "civtable: error:" in err
    assert path.read_text() == before  # nothing was overwritten


def test_json_with_a_person_keeps_stdout_for_the_result(
    capsys: pytest.CaptureFixture[str], stdin: Feed
) -> None:
    code, out, err = play(
        capsys, stdin, ["1"] * 30, "nim", "--seats", "human,random", "--seed", "2", "--json"
    )
    assert code == 0
    obj = json.loads(out)
    assert obj["finished"] and obj["seats"] == ["human", "random"]
    assert "Player 1>" in err  # the table talked on stderr


def test_two_people_share_an_open_table_without_a_hand_over(capsys: pytest.CaptureFixture[str], stdin: Feed) -> None:
    """Nim hides nothing: both people see the same table, so no hand-over screen slows them down
    (hidden-information games have one: tests/tui/test_hot_seat.py)."""
    code, out, _ = play(capsys, stdin, ["1", "2", "quit"], "nim", "--seats", "human,human", "--seed", "1")
    assert code == 0
    assert "Pass the keyboard" not in out
    assert out.count("Player 1>") == 2 and out.count("Player 2>") == 1 and "stopped before its end" in out


# ----- the multi-step test game: shortcuts and undo --------------------------------------------------
def steps(t: TerminalTable) -> StepState:
    state = t.session.state
    assert isinstance(state, StepState)
    return state


def table(
    name: str, lines: list[str], seats: tuple[str, ...] = ("human", "human")
) -> tuple[TerminalTable, io.StringIO]:
    game = make_game(name)
    session = Session(game, seed=1, seats=list(seats))
    out = io.StringIO()
    term = Term(out, color=False)
    t = TerminalTable(
        session,
        [None if s == "human" else s for s in seats],
        Renderer(game, term),
        term,
        stdin=io.StringIO("".join(x + "\n" for x in lines)),
    )
    return t, out


def test_shortcut_applies_both_steps(stepgame: str) -> None:
    t, out = table(stepgame, ["", "build hut 2 1", "farm 1 2", "quit"])
    assert t.run() is False
    acts = [a for p, a in t.session.record.actions if p == 0]
    assert acts == ["build hut", "slot 2 1", "build farm", "slot 1 2"]
    assert steps(t).grid[0] == [[None, "farm"], ["hut", None]]


def test_undo_within_the_turn_but_not_across_chance(stepgame: str) -> None:
    t, out = table(
        stepgame,
        [
            "",
            "build hut",
            "undo",
            "undo",
            "build farm",
            "1 1",
            "undo",
            "undo",
            "undo",
            "end",
            "",
            "undo",
            "quit",
        ],
    )
    assert t.run() is False
    text = out.getvalue()
    # 3 undos work; 3 find nothing: after undoing everything, right after seat 0's roll, and at seat 1's start
    assert text.count("✗ Nothing to undo") == 3
    assert text.count("Player 1 takes back 'build hut'") >= 1 and text.count("takes back 'slot 1 1'") >= 1
    assert [a for p, a in t.session.record.actions if p == 0] == ["end"]
    assert steps(t).coins == [3, 3]


def test_info_shows_cost_and_next_step(stepgame: str) -> None:
    t, out = table(stepgame, ["", "info build hut", "? 2", "quit"])
    t.run()
    text = out.getvalue()
    assert "coins: 3, 3 → 2, 3" in text
    assert "then you decide: place your hut" in text
    assert steps(t).coins == [3, 3]  # info never plays


def test_resolve_rules(stepgame: str) -> None:
    game = make_game(stepgame)
    state = game.new_initial_state()
    assert isinstance(state, StepState)
    state.apply(Action("roll", (1,)), -1)
    assert resolve(state, 0, "2") == [Action("build", ("hut",))]
    assert resolve(state, 0, "  BUILD   Farm ") == [Action("build", ("farm",))]
    assert resolve(state, 0, "en") == [Action("end")]  # unambiguous beginning
    with pytest.raises(IllegalAction, match=r"That is the start of 2 actions \('build hut', 'build farm'\); type more of 'bu'"):
        resolve(state, 0, "bu")
    with pytest.raises(IllegalAction, match="not Player 2's decision"):
        resolve(state, 1, "end")
    with pytest.raises(MalformedAction):
        resolve(state, 0, "$$$")
    with pytest.raises(IllegalAction):
        resolve(state, 0, "build hut 3 3")  # no such slot: nothing is applied
    assert state.coins == [3, 3]


def test_numbers_that_are_no_option_get_the_menu_range(stepgame: str) -> None:
    game = make_game(stepgame)
    state = game.new_initial_state()
    state.apply(Action("roll", (1,)), -1)
    n = len(state.legal_actions(0))
    with pytest.raises(IllegalAction, match=f"There is no action number -5; choose 1 to {n}\\."):
        resolve(state, 0, "-5")
    with pytest.raises(IllegalAction, match=f"type one number from the menu \\(1 to {n}\\) or an action's text"):
        resolve(state, 0, "1 2 3")
    with pytest.raises(MalformedAction):
        resolve(state, 0, "--5")
    with pytest.raises(MalformedAction, match=f"^That is no action here: 'locus q/r3'; type one number from the menu \\(1 to {n}\\)"):
        resolve(state, 0, "locus Q/R3")  # not 'a part of … is neither a word nor a whole number'


class _Typed(io.StringIO):
    """Lines typed at an interactive terminal."""

    def isatty(self) -> bool:
        return True


def test_play_again_at_an_interactive_terminal(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    """After a finished game with people at a terminal: "y" plays the same seats again with a new
    deal and its record beside the first one's; anything else ends."""
    import civtable.cli.play as play_cli

    played: list[tuple[int, list[str], str | None]] = []

    def fake_play_one(args: object, session: Session, seats: list[str], path: str | None, term: object) -> tuple[bool, list[int]]:
        played.append((session.seed, list(seats), path))
        return True, [0]

    monkeypatch.setattr(play_cli, "play_one", fake_play_one)
    monkeypatch.setattr("sys.stdin", _Typed("y\nyes\nno\n"))
    record = tmp_path / "g.json"
    assert main(["play", "nim", "--seats", "human,random", "--seed", "5", "--record", str(record)]) == 0
    assert [p[2] for p in played] == [str(record), str(tmp_path / "g-2.json"), str(tmp_path / "g-3.json")]
    assert played[0][0] == 5 and len({p[0] for p in played}) == 3  # a new deal each time
    assert all(p[1] == ["human", "random"] for p in played)
    assert capsys.readouterr().out.count("Play again with the same seats and a new deal?") == 3
    # piped input (not a terminal) is never asked
    played.clear()
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert main(["play", "nim", "--seats", "human,random"]) == 0
    assert len(played) == 1


def test_play_again_prints_the_series_tally(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Each game played again at the terminal ends with the running tally of the series: wins
    per seat (named as the result names them) and ties."""
    import civtable.cli.play as play_cli

    won: list[list[int]] = []

    def fake_play_one(args: object, session: Session, seats: list[str], path: str | None, term: object) -> tuple[bool, list[int]]:
        while True:  # the game to its end, each seat taking its last option
            session.resolve_chance()
            if session.state.is_terminal():
                break
            p = session.state.decision().players[0]
            session.apply(session.state.legal_actions(p)[-1], p)
        won.append(list(session.state.result().winners))
        return True, [0]

    monkeypatch.setattr(play_cli, "play_one", fake_play_one)
    monkeypatch.setattr("sys.stdin", _Typed("y\ny\nn\n"))
    assert main(["play", "nim", "--seats", "human,random"]) == 0
    out = capsys.readouterr().out
    assert len(won) == 3 and all(len(w) == 1 for w in won)
    assert "Series after 1 game" not in out  # one game is no series yet
    for n in (2, 3):
        ones = sum(w == [0] for w in won[:n])
        line = f"Series after {n} games: Player 1 (human) {ones}, Player 2 (random) {n - ones}"
        assert line + "\n" in out, out
    assert out.index("Series after 3 games") < out.rindex("Play again with the same seats")


def test_a_series_tally_counts_ties_and_games_without_a_result() -> None:
    from civtable.core.series import Outcome, tally, tally_line

    games = [Outcome.of({"finished": True, "winners": [0], "scores": [{"vp": 10}, {"vp": 4}]}),
             Outcome.of({"finished": True, "winners": [0, 1], "scores": [{"vp": 7}, {"vp": 7}]}),
             Outcome.of({"finished": False, "winners": [], "scores": []}),
             Outcome.of({"finished": True, "winners": [1], "scores": [{"vp": 2}, {"vp": 9}]}, scored=False)]
    table = tally(games, 2)
    assert [(p["wins"], p["shared"], p["score"]) for p in table["players"]] == [(1, 1, 17), (1, 1, 11)]
    assert (table["games"], table["decided"], table["ties"]) == (4, 3, 1)
    assert tally_line(table, ["Ana", "Bot (strong)"]) == \
        "Series after 4 games: Ana 1 (+1 shared), Bot (strong) 1 (+1 shared), 1 tie, 1 without a result"


def test_the_next_record_goes_beside_the_last(tmp_path: Path) -> None:
    from civtable.cli.play import next_record_path

    (tmp_path / "g-2.json").write_text("{}")
    assert next_record_path(str(tmp_path / "g.json")) == str(tmp_path / "g-3.json")
    assert next_record_path(str(tmp_path / "g-3.json")) == str(tmp_path / "g-4.json")
    assert next_record_path(str(tmp_path / "game")) == str(tmp_path / "game-2")
