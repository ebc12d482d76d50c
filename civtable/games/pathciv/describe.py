"""Log sentences (written before the action is applied) and plain-words reasons for refusals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import CHANCE, Action

from .content import AGENTS, TYPE_NAMES, TYPES
from .evolution import claim_options, cost
from .phases import affordable, deploy_available, research_available
from .view import effect_text

if TYPE_CHECKING:
    from .state import PathState


def who(st: PathState, seat: int) -> str:
    p = st.players[seat]
    civ = st.content.civs[p.civ].name if p.civ >= 0 else ""
    return f"Seat {seat + 1}" + (f" ({civ})" if civ else "")


def _vec(v: tuple[int | str, ...], names: tuple[str, ...]) -> str:
    return ", ".join(f"{k} {names[i]}" for i, k in enumerate(v) if k) or "nothing"


def describe(st: PathState, player: int, a: Action) -> str:
    c = st.content
    k = a.kind
    try:
        if player == CHANCE:
            if k == "deal":
                return "Boards dealt: " + ", ".join(
                    f"Seat {s + 1} plays the {next(x.name for x in c.civs if x.id == cid)}" for s, cid in enumerate(a.args)) + "."
            if k == "challenge":
                ch = next(x for x in c.challenges if x.id == a.args[0])
                return f"The Challenge of round {ch.round if ch.round < 9 else '9a'} is {ch.name} ({TYPE_NAMES[ch.type]})."
            if k == "battle":
                bt = next(x for x in c.battles if x.id == a.args[0])
                return f"The Battle of round {bt.round if bt.round < 9 else '9b'} is {bt.name} (External Threat {bt.threat})."
            if k == "reveal":
                f = st.stack[-1]
                if f.kind == "wonder":
                    wd = c.wonders[c.wonder_index[str(a.args[0])]]
                    return f"The Wonder {wd.name} ({TYPE_NAMES[wd.type]}, {wd.cost} Builders) comes to the market."
                ld = c.leaders[c.leader_index[str(a.args[0])]]
                return f"The Leader {ld.name} ({TYPE_NAMES[ld.type]}, {ld.cost} Ambassadors) comes to the market."
            if k == "tokens":
                names = [c.benefits[c.benefit_index[str(x)]].name for x in a.args]
                return f"The Benefits of Philosophy level {st.stack[-1].level} are turned up: {' and '.join(names)}."
        w = who(st, player)
        if k == "project":
            return f"{w} commits a Project."  # secret until everybody has committed
        if k == "deploy":
            return f"{w} deploys {_vec(a.args, AGENTS)}."
        if k == "research":
            return f"{w} researches {_vec(a.args, TYPE_NAMES)}."
        if k == "buy":
            t = c.techs[c.tech_index[str(a.args[0])]]
            return f"{w} buys {t.name} for {t.cost} {TYPE_NAMES[t.type]} Research and gains {effect_text(t.bonus)}."
        if k == "benefit":
            bn = c.benefits[c.benefit_index[str(a.args[0])]]
            return f"{w} takes the {bn.name} Benefit of Philosophy level {st.stack[-1].level}."
        if k == "claim":
            kind = st.stack[-1].kind
            x = c.wonders[c.wonder_index[str(a.args[0])]] if kind == "wonder" else c.leaders[c.leader_index[str(a.args[0])]]
            return f"{w} claims the {kind.title()} {x.name}."
        if k == "pass":
            return f"{w} claims nothing."
        if k == "destiny":
            return f"{w} uses the Destiny {a.args[0]} time(s)."
    except (KeyError, StopIteration, IndexError, AttributeError):
        pass
    return f"{who(st, player) if player >= 0 else 'Chance'}: {a.text()}"


def explain(st: PathState, a: Action, player: int) -> str:
    """Why ``a`` is not legal for ``player`` now, in plain words."""
    c = st.content
    if st.finished:
        return "the game is over"
    f = st.stack[-1]
    tag = f.TAG
    if player == CHANCE:
        return "that is not one of the possible draws now"
    seats = (f.seat,) if hasattr(f, "seat") else getattr(f, "seats", ())
    if player not in seats:
        return f"Seat {player + 1} has nothing to decide now"
    expected = {"project": "project", "deploy": "deploy", "research": "research", "buy": "buy",
                "first": "benefit", "pick": "benefit", "claim": "claim", "destiny": "destiny"}[tag]
    if a.kind != expected and not (tag == "claim" and a.kind == "pass"):
        return f"now is the time to '{expected} ...', not '{a.kind}'"
    p = st.players[player]
    if tag == "project":
        hand = [c.techs[i].id for i in p.hand]
        for x in a.args:
            if str(x) not in hand:
                return f"{x} is not a Technology in your hand ({', '.join(hand)})"
        if len(a.args) == 4:
            pairs = sorted(map(str, a.args[:2])) + sorted(map(str, a.args[2:]))
            if Action("project", tuple(pairs)) in st.legal_actions(player):
                return "write each pair in alphabetical order: 'project " + " ".join(pairs) + "'"
        return ("name 4 Technologies of your hand: 2 for the left section (cubes) then 2 for the right "
                "(Research), e.g. 'project " + " ".join(hand[:4]) + "'")
    if tag in ("deploy", "research"):
        avail = deploy_available(st, p) if tag == "deploy" else research_available(st, p)
        names = AGENTS if tag == "deploy" else TYPE_NAMES
        cap = p.population(c)
        return (f"give 5 numbers ({', '.join(names)}) adding up to your population {cap}, each at most "
                f"{', '.join(map(str, avail))}")
    if tag == "buy":
        ident = str(a.args[0]) if a.args else ""
        if ident not in c.tech_index:
            return f"there is no Technology called {ident!r}"
        i = c.tech_index[ident]
        t = c.techs[i]
        if t.level == 0:
            return f"{t.name} is a basic Technology; it cannot be bought"
        if st.supply[i] <= 0:
            return f"no {t.name} cards are left in the library"
        if p.research[t.type] < t.cost:
            return f"{t.name} costs {t.cost} {TYPE_NAMES[t.type]} Research and you have {p.research[t.type]}"
        return f"you may buy one of: {', '.join(c.techs[j].name for j in affordable(st, player))}"
    if tag in ("first", "pick"):
        return "choose one of the Benefits offered: 'benefit <id>'"
    if tag == "claim":
        kind = f.kind
        ident = str(a.args[0]) if a.args else ""
        index = c.wonder_index if kind == "wonder" else c.leader_index
        if ident not in index:
            return f"there is no {kind.title()} called {ident!r}"
        card = index[ident]
        market = st.market_w if kind == "wonder" else st.market_l
        if card not in market:
            return f"that {kind.title()} is not in the market"
        tray = p.trays[1 if kind == "wonder" else 0]
        if cost(st, kind, card) > tray:
            agents = "Builders" if kind == "wonder" else "Ambassadors"
            return f"it costs {cost(st, kind, card)} {agents} and you have {tray}"
        if card not in claim_options(st, kind, player):
            return "you lost that card to a player with higher priority who still claims it"
    if tag == "destiny":
        return "say how many times you use the Destiny: 'destiny N' with N from 0 to what you can pay"
    return f"{a.text()!r} is not a legal action now"


__all__ = ["describe", "explain", "TYPES"]
