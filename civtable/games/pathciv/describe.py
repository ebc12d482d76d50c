"""Log sentences (written before the action is applied) and plain-words reasons for refusals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import CHANCE, Action, Reason
from civtable.core.frames import tag_of
from civtable.core.words import count

from .content import AGENT, AGENTS, TRAY_INDEX, TYPE_INDEX, TYPE_NAMES, TYPES
from .events import current_challenge
from .evolution import MAX_CHANGES, claim_options, cost
from .frames import OpenClaims
from .phases import affordable, deploy_available, research_available
from .setup import CHALLENGE_ROUNDS
from .view import destiny_done, effect_text

if TYPE_CHECKING:
    from .state import PathState


def _lefts(st: PathState, seat: int) -> int:
    project = st.players[seat].project or ()
    return sum(1 for t in project[:2] if t >= 0)


def who(st: PathState, seat: int) -> str:
    p = st.players[seat]
    civ = st.content.civs[p.civ].name if p.civ >= 0 else ""
    return f"Player {seat + 1}" + (f" ({civ})" if civ else "")


def describe(st: PathState, player: int, a: Action) -> str:
    c = st.content
    k = a.kind
    if player == CHANCE and k == "resume":  # play going on after a held move: nothing to tell
        return ""
    try:
        if player == CHANCE:
            if k == "deal":
                return "Boards dealt: " + ", ".join(
                    f"Player {s + 1} plays the {next(x.name for x in c.civs if x.id == cid)}" for s, cid in enumerate(a.args)) + "."
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
        if k in ("left", "right"):  # secret until everybody has committed
            return f"{w} places a Technology face down for the Project."
        if k == "deploy":
            return f"{w} deploys one {AGENT[TRAY_INDEX[str(a.args[0])]]}."
        if k == "research":
            return f"{w} gains 1 {TYPE_NAMES[TYPE_INDEX[str(a.args[0])]]} Research point."
        if k == "buy":
            t = c.techs[c.tech_index[str(a.args[0])]]
            return f"{w} buys {t.name} for {t.cost} {TYPE_NAMES[t.type]} Research and gains {effect_text(t.bonus)}."
        if k == "benefit":
            bn = c.benefits[c.benefit_index[str(a.args[0])]]
            return f"{w} takes the {bn.name} Benefit of Philosophy level {st.stack[-1].level}."
        if k == "claim":
            kind = st.stack[-1].kind
            x = c.wonders[c.wonder_index[str(a.args[0])]] if kind == "wonder" else c.leaders[c.leader_index[str(a.args[0])]]
            old = st.players[player].claim
            if isinstance(st.stack[-1], OpenClaims) and old >= 0:
                return f"{w} moves their cubes from {_card_name(st, kind, old)} to the {kind.title()} {x.name}."
            return f"{w} claims the {kind.title()} {x.name}."
        if k == "pass":
            return f"{w} claims nothing."
        if k == "withdraw":
            kind = st.stack[-1].kind
            old = st.players[player].claim
            return f"{w} takes their cubes back from {_card_name(st, kind, old)} to the tray."
        if k == "confirm":
            kind = st.stack[-1].kind
            old = st.players[player].claim
            return f"{w} confirms: " + (f"a claim on {_card_name(st, kind, old)}." if old >= 0 else "no claim.")
        if k == "destiny":
            n = int(a.args[0])
            if not n:
                return f"{w} does not use the Destiny."
            if st.round in CHALLENGE_ROUNDS:  # what the uses did, not only how many there were
                return f"{w} {destiny_done(current_challenge(st).destiny, n)} (Destiny)."
            return f"{w} uses the Destiny {count(n, 'time')}."
    except (KeyError, StopIteration, IndexError, AttributeError):
        pass
    return f"{who(st, player) if player >= 0 else 'Chance'}: {a.text()}"


def _card_name(st: PathState, kind: str, card: int) -> str:
    c = st.content
    return (c.wonders[card] if kind == "wonder" else c.leaders[card]).name


_DOING = {"left": "place a card of your hand on the left of your board", "right": "place a card of your hand on the right of your board",
          "deploy": "take cubes into your trays", "research": "take Research points", "buy": "buy a Technology",
          "benefit": "take a Philosophy Benefit", "claim": "claim a Wonder or a Leader", "destiny": "decide on the Challenge's Destiny",
          "confirm": "confirm a claim", "withdraw": "take cubes back from a card", "pass": "claim nothing"}
"""What each kind of action does, in the words of a refusal ("this is not the time to buy a Technology")."""


def _claiming_now(st: PathState, player: int) -> tuple[str, str]:
    """What ``player`` may do at a step of Wonder or Leader claims, every kind of its legal
    actions in words ("claim a Wonder, withdraw your cubes or confirm your claim"), and as they
    are typed ("'claim ...', 'withdraw' or 'confirm'")."""
    f = st.stack[-1]
    card = f"a {f.kind.title()}"
    kinds = {x.kind for x in st.legal_actions(player)}
    moving = isinstance(f, OpenClaims) and st.players[player].claim >= 0
    words = {"claim": f"move your cubes to another {f.kind.title()}" if moving else f"claim {card}",
             "withdraw": "withdraw your cubes", "confirm": "confirm your claim" if st.players[player].claim >= 0 else "confirm that you claim nothing",
             "pass": "claim nothing"}
    typed = {"claim": "'claim ...'", "withdraw": "'withdraw'", "confirm": "'confirm'", "pass": "'pass'"}
    order = [k for k in ("claim", "withdraw", "confirm", "pass") if k in kinds]
    return _either([words[k] for k in order]), _either([typed[k] for k in order])


def _either(items: list[str]) -> str:
    return ", ".join(items[:-1]) + " or " + items[-1] if len(items) > 1 else "".join(items)


def explain(st: PathState, a: Action, player: int) -> str:
    """Why ``a`` is not legal for ``player`` now, in plain words."""
    c = st.content
    if st.finished:
        return "the game is over"
    f = st.stack[-1]
    tag = tag_of(f)
    if player == CHANCE:
        return "that is not one of the possible draws now"
    seats = (f.seat,) if hasattr(f, "seat") else getattr(f, "seats", ())
    if player not in seats:
        return f"there is nothing for Player {player + 1} to decide now"
    expected = {"project": "left" if _lefts(st, player) < 2 else "right", "deploy": "deploy", "research": "research", "buy": "buy",
                "first": "benefit", "pick": "benefit", "claim": "claim", "claims": "claim", "destiny": "destiny"}[tag]
    p = st.players[player]
    if isinstance(f, OpenClaims) and a.kind in ("withdraw", "confirm", "pass"):
        if f.changes[player] >= MAX_CHANGES and a.kind == "withdraw":
            return f"you have moved your cubes {MAX_CHANGES} times in this pass: confirm your claim now"
        if a.kind == "withdraw":
            return "you have no cubes on a card to withdraw"
        if a.kind == "confirm":
            return "you were outranked there: move your cubes or withdraw them first"
        return "open claims have no 'pass': withdraw your cubes (if any), then 'confirm'"
    if a.kind != expected and not (tag == "claim" and a.kind == "pass"):
        tried = f"this is not the time to {_DOING[a.kind]}" if a.kind in _DOING else f"there is no action '{a.kind}' here"
        if tag in ("claim", "claims"):
            now, typed = _claiming_now(st, player)
            return Reason(f"{tried}; now {now}", f" ({typed})")
        return Reason(f"{tried}; now {_DOING[expected]}", f" ('{expected} ...')")
    if tag == "project":
        hand = [c.techs[i] for i in p.hand]
        if len(a.args) != 1 or str(a.args[0]) not in {t.id for t in hand}:
            return Reason(f"name one Technology of your hand ({', '.join(t.name for t in hand)})",
                          f", e.g. '{expected} {hand[0].id.replace('_', ' ')}'")
        options = ", ".join(c.techs[c.tech_index[str(x.args[0])]].name for x in st.legal_actions(player))
        return f"that card is already placed (a card goes on one side only); you may place: {options}"
    if tag in ("deploy", "research"):
        avail = deploy_available(st, p) if tag == "deploy" else research_available(st, p)
        if tag == "deploy":
            avail = [k - d for k, d in zip(avail, p.placed, strict=True)]
        words = AGENTS if tag == "deploy" else TYPE_NAMES
        left = p.population(c) - sum(p.placed)
        offer = ", ".join(f"{words[i]} ({k})" for i, k in enumerate(avail) if k > 0)
        what = count(left, "cube") if tag == "deploy" else count(left, "Research point")
        return f"you may still take {what}, from: {offer}"
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
        offered = [c.benefits[c.benefit_index[str(x.args[0])]].name for x in st.legal_actions(player) if x.kind == "benefit"]
        return f"that Benefit is not offered to you now; choose one of: {', '.join(offered)}"
    if tag in ("claim", "claims"):
        kind = f.kind
        ident = str(a.args[0]) if a.args else ""
        index = c.wonder_index if kind == "wonder" else c.leader_index
        if not ident:
            now, typed = _claiming_now(st, player)
            return Reason(f"say which {kind.title()}: now {now}", f" ({typed})")
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
        if isinstance(f, OpenClaims):
            if card == p.claim:
                return "your cubes are already on that card: 'confirm' to keep them there"
            if f.changes[player] >= MAX_CHANGES:
                return f"you have moved your cubes {MAX_CHANGES} times in this pass: confirm your claim now"
    if tag == "destiny":
        return Reason("choose how many times you use the Destiny, from 0 to what you can pay", " ('destiny N')",
                      "say how many times you use the Destiny: 'destiny N' with N from 0 to what you can pay")
    if tag in ("claim", "claims"):
        now, typed = _claiming_now(st, player)
        return Reason(f"that is not a legal action now: '{a.text()}'; now {now}", f" ({typed})")
    return f"that is not a legal action now: '{a.text()}'"


__all__ = ["describe", "explain", "TYPES"]
