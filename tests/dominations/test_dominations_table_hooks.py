"""What the tables show a Dominations player: every legal action described before it is chosen
(from the content and the seat's view only), placements split into tile / position / rotation,
the preview of what a placement Produces (the same numbers as the rules), the big moments of the
game and the end-of-game score sheet."""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

from dom_helpers import B, G, O, P, Y, fresh, give_tile, grow, lay, own, tile_id

from civtable.core import CHANCE, Action, make_game
from civtable.games.dominations import placement
from civtable.games.dominations.glossary import describe_action, score_sheet, tutorial
from civtable.games.dominations.state import DominationsState

RAW = re.compile(r"None|\bnan\b|[{}]|_[a-z]|\b(yellow|orange|blue|green|red|purple)\b")


def play_random(players: int, seed: int, stop: Any = None) -> DominationsState:
    game = make_game("dominations", {"players": players})
    s: DominationsState = game.new_initial_state()  # type: ignore[assignment]
    rng = random.Random(seed)
    while not s.is_terminal():
        d = s.decision()
        if stop is not None and stop(s):
            break
        if d.is_chance:
            s.apply(rng.choice(s.chance_outcomes())[0], CHANCE)
        else:
            s.apply(rng.choice(s.legal_actions(d.players[0])), d.players[0])
    return s


def test_every_legal_action_is_described_in_plain_words() -> None:
    """Seen in a whole random game: each legal action has a title and a text with content names."""
    game = make_game("dominations", {"players": 3})
    s: DominationsState = game.new_initial_state()  # type: ignore[assignment]
    rng = random.Random(2)
    kinds: set[str] = set()
    while not s.is_terminal():
        d = s.decision()
        if d.is_chance:
            s.apply(rng.choice(s.chance_outcomes())[0], CHANCE)
            continue
        seat = d.players[0]
        view = s.view(seat)
        legal = s.legal_actions(seat)
        for a in rng.sample(legal, min(8, len(legal))):
            got = describe_action(game, view, a.text())
            assert got is not None and got["title"] and got["text"], a.text()
            assert not RAW.search(got["title"] + " " + got["text"]), (a.text(), got)
            kinds.add(a.kind)
        s.apply(rng.choice(legal), seat)
    assert {"choose", "keep", "place", "pass", "convert", "develop", "city"} <= kinds
    assert describe_action(game, s.view(0), "no such action here") is None


def test_the_setup_choice_says_what_the_objective_and_monument_do() -> None:
    """"China + Great Pyramid" — doing what? The description names every goal and Level cost."""
    game = make_game("dominations", {"players": 2})
    c = game.content  # type: ignore[attr-defined]
    ob, mon = c.objectives[0], c.monuments[0]
    got = describe_action(game, {"players": [], "you": 0}, f"choose {ob.id} {mon.id}")
    assert got is not None and got["title"] == f"Keep {ob.name} and {mon.name}"
    for g in ob.goals:
        assert f"({g.vp} VP)" in got["text"]
    assert f"scores {mon.control_vp} VP" in got["text"] and f"its {len(mon.levels)} Levels" in got["text"]


def test_a_designers_content_describes_its_own_choices(tmp_path: Any) -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "civtable/games/dominations/content.toml").read_text(encoding="utf-8")
    old = 'name = "Bartering"\ncolour = "yellow"\nvalue = 3\nupgrade_cost = 3\n'
    path = tmp_path / "content.toml"
    path.write_text(text.replace(old, old.replace('name = "Bartering"', 'name = "Haggling"')
                                 .replace("upgrade_cost = 3", "upgrade_cost = 4")), encoding="utf-8")
    game = make_game("dominations", {"players": 2}, str(path))
    got = describe_action(game, {"players": [{"tree": []}], "you": 0}, "advance bartering")
    assert got is not None and got["title"] == "Turn Haggling to its Advanced side" and "Costs 4 Trade" in got["text"]


def test_placement_split_and_join_round_trip() -> None:
    a = Action("place", ("t12", 3, -1, 0, 2))
    p = placement.split(a)
    assert p == placement.Placement("t12", (3, -1, 0), 2)
    assert placement.join(p) == a and placement.split(a.text()) == p
    assert placement.split(Action("pass")) is None
    s = fresh(2)
    grow(s, 0)
    legal = s.legal_actions(0)
    tiles = placement.tiles(legal)
    assert tiles == list(dict.fromkeys(s.c.tiles[t].id for t in sorted(s.players[0].hand)))
    cells = placement.positions(legal, tiles[0])
    assert len(cells) == 6  # the six spaces round the Cradle
    assert placement.rotations(legal, tiles[0], cells[0]) == [0, 1, 2]
    assert len(legal) >= len(tiles) * len(cells) * 3


def test_preview_is_what_the_rules_produce() -> None:
    """EX-1: the preview of the placement says 4 Trade, 1 Craftsmanship, 1 Religion — and with
    Bartering 5 Trade — exactly what the stock then shows."""
    tiles = {80: (G, (G, Y, P)), 81: (Y, (Y, B, O))}
    for bartering in (False, True):
        s = fresh(2, tiles)
        lay(s, (5, 0, 0), 80, seat=1)
        give_tile(s, 0, 81)
        if bartering:
            own(s, 0, "bartering")
        grow(s, 0)
        action = Action("place", (tile_id(s, 81), 5, 0, 1, 0))
        outs = placement.preview(s.game, s.view(0), action)
        assert [o.counts for o in outs] == [(5 if bartering else 4, 1, 0, 0, 0, 1)]
        text = describe_action(s.game, s.view(0), action.text())
        assert text is not None and f"{5 if bartering else 4} Trade, 1 Craftsmanship, 1 Religion" in text["text"]
        s.apply(action, 0)
        assert tuple(s.players[0].stock) == (5 if bartering else 4, 1, 0, 0, 0, 1)


def test_preview_agrees_with_the_rules_in_random_positions() -> None:
    """For many placements of random games: the stock after the placement is the preview's stock
    (limits applied), and other City owners receive what the preview says."""
    checked = 0
    for seed in range(6):
        s = play_random(3, seed, stop=lambda st: st.age == 2 + st.turn_no % 2 and st.decision().kind == "grow")
        if s.is_terminal():
            continue
        seat = s.decision().players[0]
        view = s.view(seat)
        rng = random.Random(seed)
        legal = [a for a in s.legal_actions(seat) if a.kind == "place"]
        for a in rng.sample(legal, min(25, len(legal))):
            outs = placement.preview(s.game, view, a)
            t = s.clone()
            t.apply(a, seat)
            if t.decision().kind == "source":
                opt = t.stack[-1].options[0]
                t.apply(t.legal_actions(seat)[0], seat)
                outs = [o for o in outs if o.option == opt]
            if t.decision().kind in ("vestige", "farmer") or len(outs) != 1:
                continue
            o = outs[0]
            p0 = s.players[seat]
            want = [min(p0.limit[k], p0.stock[k] + o.counts[k]) for k in range(6)]
            assert t.players[seat].stock == want, a.text()
            for q, got in o.others:
                pq = s.players[q]
                assert t.players[q].stock == [min(pq.limit[k], pq.stock[k] + got[k] + (pq.mods.on_produce[k] if got[k] else 0))
                                              for k in range(6)]
            checked += 1
    assert checked >= 40


def test_moments_tell_the_end_of_each_age_and_the_final_scoring() -> None:
    s = play_random(3, 4)
    view = s.view(1)
    titles = [m["title"] for m in view["moments"]]
    assert titles[-2:] == ["End of Age 3", "Final scoring"]
    for m in view["moments"]:
        assert set(m) == {"title", "lines", "round", "when"} and m["lines"]
        # when, as the table's header counts; the end of an Age and the final scoring say it in their titles
        assert m["when"] == "" if m["title"].startswith(("End of Age", "Final")) else re.fullmatch(r"Age [1-3], round [1-5]", m["when"])
        for line in m["lines"]:
            assert not RAW.search(line), line
            assert not re.search(r"\bseat\b|Player 0\b", line), line
    age3 = next(m for m in view["moments"] if m["title"] == "End of Age 3")
    assert any(line.startswith("Influence scores:") for line in age3["lines"])
    assert any(" takes " in line and "VP)" in line for line in age3["lines"])
    final = view["moments"][-1]["lines"]
    winner = s.result().winners[0]
    assert final[0].startswith(f"Player {winner + 1} wins with {s.players[winner].vp} VP")
    # the sentence names every player's final total, not only the winner's
    for q, p in enumerate(s.players):
        if q != winner:
            assert f"Player {q + 1} has {p.vp} VP" in final[0], final[0]
    # moments are public: every seat and a spectator read the same
    assert s.view(0)["moments"] == s.view(None)["moments"] == view["moments"]
    # an early state: the reveal is a moment, nobody's hand is in it
    early = play_random(3, 4, stop=lambda st: bool(st.in_play) and st.decision().kind == "grow")
    first = early.view(0)["moments"][0]
    assert first["title"] == "Objectives and Monuments revealed" and len(first["lines"]) == 3


def test_moments_survive_saving_and_loading() -> None:
    s = play_random(2, 1, stop=lambda st: st.age == 2)
    game = s.game
    again = game.load_state(game.save_state(s))
    assert again.view(0)["moments"] == s.view(0)["moments"] and again.state_hash() == s.state_hash()


def test_score_sheet_one_row_per_player_adding_up() -> None:
    s = play_random(3, 7)
    sheet = score_sheet(s.game, s.view(None), s.result().to_json())
    assert len(sheet["rows"]) == 3 and len(sheet["columns"]) == 7
    for row in sheet["rows"]:
        assert sum(row["cells"]) == row["total"] == s.players[row["seat"]].vp
        assert len(row["cells"]) == len(sheet["columns"])
    assert sheet["winners"] == s.result().winners
    assert "Influence" in sheet["columns"] and "Objective" in sheet["columns"]
    # the VP for Knowledge that would go past a Reserve of 20 (the rules' word), not a bare "Over 20"
    assert "Reserve past 20" in sheet["columns"] and "Over 20" not in sheet["columns"]


def test_score_sheet_names_the_tie_break() -> None:
    s = play_random(2, 3)
    view = s.view(None)
    view["initiative"] = [1, 0]
    result = dataclasses.replace(s.result()).to_json()
    for p in result["scores"]:
        p.update(vp=50, vp_influence=50, vp_cards=0, vp_overflow=0, vp_domination=0, objectives=0, monuments=0, cards=0)
    sheet = score_sheet(s.game, view, result)
    assert sheet["tiebreak"] and "Player 2 plays first" in sheet["tiebreak"]


def test_tutorial_is_a_two_player_game_against_a_bot() -> None:
    game = make_game("dominations", {"players": 2})
    t = tutorial(game)
    assert t["options"] == {"players": 2} and t["seats"][0] == "human" and len(t["seats"]) == 2
    assert "Land tiles" in t["intro"] and "VP" in t["goal"]


def test_a_moment_says_the_round_the_header_shows_when_it_happened() -> None:
    """A Locus completed in the last seat's turn of a round was told as the next round (the
    count took a round as played once its last seat's turn began) while the header still showed
    the round being played."""
    per_age = 5
    last_seat_moments = 0
    for seed in range(12):
        game = make_game("dominations", {"players": 2})
        s: DominationsState = game.new_initial_state()  # type: ignore[assignment]
        rng = random.Random(seed)
        while not s.is_terminal():
            d = s.decision()
            if d.is_chance:
                s.apply(rng.choice(s.chance_outcomes())[0], CHANCE)
                continue
            turn = min(s.turn_no, per_age * s.n)
            header = f"Age {s.age}, round {max(1, -(-turn // s.n))}"  # as the page's header counts
            old = set(s.moments)
            seat = d.players[0]
            s.apply(rng.choice(s.legal_actions(seat)), seat)
            shown = s.view(0)["moments"]
            for i, moment in enumerate(s.moments):  # the moments this action told (only the newest are kept)
                if moment not in old and moment[0].endswith("completes a Locus"):
                    assert shown[i]["when"] == header, (seed, shown[i], header)
                    last_seat_moments += turn % s.n == 0 and turn > 0
    assert last_seat_moments, "no Locus completed in a round's last turn"
