"""Typing what the screen shows works: Inceptum's advances by their names ('research trade
routes', which was refused with "there is no advance called 'trade'"), and a trade offered to a
player by the number the screen and the help use ('offer 2' for Player 2, which was refused: the
action counts seats from 0 and the menu read 'offer 1 (trade with Player 2)')."""

from __future__ import annotations

import io
import random

from civtable.core import CHANCE, Action, make_game, sample_chance
from civtable.tui import Term, renderer_for, resolve


def _first_turn():  # type: ignore[no-untyped-def]
    game = make_game("inceptum", {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(4)
    while True:
        d = state.decision()
        if d.is_chance:
            state.apply(sample_chance(state.chance_outcomes(), rng), CHANCE)
        elif d.kind == "redraw":
            for p in d.players:
                state.apply(Action("keep"), p)
        elif d.kind != "turn" or not any(a.kind == "offer" for a in state.legal_actions(d.players[0])):
            state.apply(state.legal_actions(d.players[0])[-1], d.players[0])
        else:
            return game, state, d.players[0]


def test_an_advance_is_typed_by_its_name() -> None:
    game, state, seat = _first_turn()
    assert resolve(state, seat, "research trade routes") == [Action("research", ("trade_routes",))]
    assert resolve(state, seat, "Research Organized Lab") == [Action("research", ("organized_labor",))]
    r = renderer_for(game, Term(io.StringIO(), color=False))
    menu = "\n".join(r.menu(state.legal_actions(seat), state.view(seat), seat, {}))
    assert "research Trade Routes" in menu and "trade_routes" not in menu


def test_an_offer_names_the_player_as_the_screen_does() -> None:
    game, state, seat = _first_turn()
    other = 1 - seat
    r = renderer_for(game, Term(io.StringIO(), color=False))
    typed = r.typed(f"offer {other + 1}", state.legal_actions(seat))
    assert resolve(state, seat, typed) == [Action("offer", (other,))]
    assert r.typed(f"offer player {other + 1}", []) == f"offer {other}"
    menu = "\n".join(r.menu(state.legal_actions(seat), state.view(seat), seat, {}))
    assert f"offer {other + 1} (trade with Player {other + 1})" in menu


def test_other_civilizations_count_in_words() -> None:
    """'1 advances' and '0 advances' read as '1 advance' and 'no advances'."""
    game, state, seat = _first_turn()
    r = renderer_for(game, Term(io.StringIO(), color=False))
    view = state.view(seat)
    other = next(p for p in view["players"] if p["seat"] != seat)
    line = " ".join(r._other({**other, "researched": ["writing"]}, view))
    assert line.endswith(" 1 advance") and "advances" not in line
    assert "no advances" in " ".join(r._other({**other, "researched": []}, view))


def test_the_words_of_the_menu_can_be_typed() -> None:
    """Dominations' menu reads 'keep Maya + Parthenon' for the action 'choose maya parthenon';
    typing the menu's words was refused ("'+' ... is neither a word nor a whole number")."""
    from civtable.bots import make_bot
    from civtable.core import Session
    from civtable.tui import TerminalTable

    game = make_game("dominations", {"players": 2})
    session = Session(game, seed=3, seats=["human", "random"])
    probe = TerminalTable(session, [None, make_bot("random", game, 1, 3)],
                          renderer_for(game, Term(io.StringIO(), color=False)), Term(io.StringIO(), color=False))
    session.step_agents(probe.agents)
    state = session.state
    view = state.view(0)
    first = state.legal_actions(0)[0]
    label = probe.renderer.action_label(first, view, 0)
    assert label.startswith("keep ") and "+" in label
    out = io.StringIO()
    term = Term(out, color=False)
    t = TerminalTable(session, [None, make_bot("random", game, 1, 3)], renderer_for(game, term), term,
                      stdin=io.StringIO(label.upper() + "\nquit\n"))
    t.run()
    assert "✗" not in out.getvalue()
    assert [a for p, a in session.record.actions if p == 0][0] == first.text()


def test_a_long_inceptum_menu_gathers_bank_trades_and_then_advances() -> None:
    """Twelve bank trades are one entry; with seven advances, two upgrades, the offer and 'end'
    the menu would still be eleven rows at 80 columns, so the advances are one entry too."""
    game, state, seat = _first_turn()
    r = renderer_for(game, Term(io.StringIO(), color=False))
    view = state.view(seat)
    res = ["food", "wood", "stone", "gold"]
    banks = [Action("bank", (a, b)) for a in res for b in res if a != b]
    techs = [Action("research", (x,)) for x in ("writing", "mysticism", "masonry", "sailing", "literature",
                                                "mathematics", "cultivation")]
    legal = [*techs, Action("upgrade", (1, 1)), Action("upgrade", (3, 3)), *banks, Action("offer", (1 - seat,)),
             Action("end")]
    entries = r.steps(legal, view, seat, "")
    assert entries is not None
    assert [text for _, text in entries] == ["research", "upgrade 1 1", "upgrade 3 3", "bank", f"offer {1 - seat}", "end"]
    assert entries[0][0] == "research: choose one of 7 advances" and entries[3][0] == "bank: choose one of 12 trades"
    inner = r.steps(legal, view, seat, "research")
    assert inner is not None and [t for _, t in inner] == [a.text() for a in techs]
    short = r.steps([*techs[:3], *banks, Action("end")], view, seat, "")
    assert short is not None and [t for _, t in short][:3] == [a.text() for a in techs[:3]]  # a short menu keeps them


def test_pathciv_names_your_wonders() -> None:
    """'1 Wonders' read as a count with a wrong plural and without which Wonder."""
    game = make_game("pathciv", {"players": 2})
    r = renderer_for(game, Term(io.StringIO(), color=False))
    view = game.new_initial_state().view(0)
    me = view["players"][0]
    lines = r._you({**me, "wonders": ["Pyramids of Giza"]}, view)
    assert any("Wonder Pyramids of Giza" in line for line in lines) and not any("1 Wonders" in x for x in lines)
    lines = r._you({**me, "wonders": ["Pyramids of Giza", "Great Library"]}, view)
    assert any("Wonders Pyramids of Giza, Great Library" in line for line in lines)
