"""Plain-language reasons why an Inceptum action is not legal now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import Action, Reason

from .content import RES_INDEX, RESOURCES
from .costs import usable
from .frames import Respond
from .player import WONDER

if TYPE_CHECKING:
    from .state import InceptumState

_DECISION_WORDS = {
    "turn": "research, build, upgrade, wonder, bank, offer, assign or end",
    "slot": "slot ROW COLUMN or cancel",
    "bonus_choice": "take RESOURCE",
    "pray": "pray RESOURCE",
    "free": "research ADVANCE, build BUILDING, upgrade ROW COLUMN or done",
    "government": "research ADVANCE, build BUILDING, upgrade ROW COLUMN, benefit ID or done",
    "offer": "give RESOURCE, ask RESOURCE, propose or cancel",
    "respond": "accept or decline",
    "bonus_slot": "row R, col C or bonus R C",
    "redraw": "keep or redraw",
}


# action kinds that belong to each decision, legal now or not (so a reason can be given)
_DECISION_KINDS = {
    "turn": ("research", "build", "wonder", "upgrade", "assign", "bank", "offer", "end"),
    "slot": ("slot", "cancel"),
    "bonus_choice": ("take",),
    "pray": ("pray",),
    "free": ("research", "build", "upgrade", "done"),
    "government": ("research", "build", "upgrade", "benefit", "done"),
    "offer": ("give", "ask", "propose", "cancel"),
    "respond": ("accept", "decline"),
    "bonus_slot": ("row", "col", "bonus"),
    "redraw": ("keep", "redraw"),
}


def _need(have: list[int], cost: tuple[int, ...]) -> str:
    short = [f"{cost[r]} {RESOURCES[r].title()} (you have {have[r]})" for r in range(5) if have[r] < cost[r]]
    return "you need " + ", ".join(short)


def explain(s: InceptumState, a: Action, player: int) -> str:
    c = s.c
    d = s.decision()
    words = _DECISION_WORDS.get(d.kind, "")
    k = a.kind
    p = s.players[player]
    legal_kinds = {x.kind for x in s.legal_actions(player)}
    if k not in legal_kinds and k not in _DECISION_KINDS.get(d.kind, ()):
        return Reason(f"that is not possible now: {d.prompt}", f"; choose {words}",
                      f"'{a.text()}' is not possible now: {d.prompt}; choose {words}")
    try:
        if k == "research":
            ident = str(a.args[0])
            if ident not in c.advance_index:
                return f"there is no advance called {ident!r}"
            adv = c.advances[c.advance_index[ident]]
            if p.researched & adv.bit:
                return f"you have already researched {adv.name}"
            if adv.excludes & p.researched:
                return f"you cannot research {adv.name}: Republic and Monarchy exclude each other"
            missing = [c.advances[i].name for i in range(len(c.advances)) if adv.requires >> i & 1 and not p.researched >> i & 1]
            if missing:
                return f"{adv.name} needs {', '.join(missing)} first"
            if adv.requires_any and not adv.requires_any & p.researched:
                names = [c.advances[i].name for i in range(len(c.advances)) if adv.requires_any >> i & 1]
                return f"{adv.name} needs one of {', '.join(names)} first"
            if s.opt["mode"] == "mission1" and adv.government:
                return "Republic and Monarchy are not researched in Mission 1"
            cost = s.research_cost(p, adv.idx)
            return f"{adv.name} costs {cost} Gold and you have {p.hand[4]}"
        if k == "build":
            ident = str(a.args[0])
            if ident not in c.line_index:
                return f"there is no building called {ident!r} (buildings: {', '.join(c.line_index)})"
            line = c.lines[c.line_index[ident]]
            lv = line.levels[0]
            if s.opt["mode"] == "mission1" and line.special:
                return "special buildings are not built in Mission 1"
            if p.line_count[line.idx] >= line.max_count:
                return f"you may have at most {line.max_count} {line.id} building(s)"
            if lv.unlocked_by >= 0 and not p.researched >> lv.unlocked_by & 1:
                return f"{lv.name} is unlocked by researching {c.advances[lv.unlocked_by].name}"
            if not p.pop_free:
                return "you have no free population token for a new building"
            if None not in p.city:
                return "your city has no empty slot for a new building"
            bcost = s.build_cost(p, line.idx, 1)
            if not usable(s, p, bcost):
                return f"{lv.name} needs Stone or Iron, which you cannot use before Cutting Tools / Iron Working"
            return f"{lv.name}: {_need(p.hand, bcost)}"
        if k == "wonder":
            ident = str(a.args[0])
            if ident not in c.wonder_index:
                return f"there is no wonder called {ident!r}"
            w = c.wonders[c.wonder_index[ident]]
            if s.opt["mode"] == "mission1":
                return "wonders are not built in Mission 1"
            if s.wonder_owner[w.idx] >= 0:
                return f"{w.name} was already built by Player {s.wonder_owner[w.idx] + 1}; wonders are exclusive"
            if w.unlocked_by >= 0 and not p.researched >> w.unlocked_by & 1:
                return f"{w.name} is unlocked by researching {c.advances[w.unlocked_by].name}"
            wcost = s.wonder_cost(p, w.idx)
            if not usable(s, p, wcost):
                return f"{w.name} needs Stone or Iron, which you cannot use before Cutting Tools / Iron Working"
            if None not in p.city:
                return "your city has no empty slot for a wonder"
            return f"{w.name}: {_need(p.hand, wcost)}"
        if k in ("upgrade", "slot", "assign", "bonus"):
            r, col = int(a.args[0]), int(a.args[1])
            if not (1 <= r <= 5 and 1 <= col <= 5):
                return "rows and columns are numbered 1 to 5"
            cell = p.city[(r - 1) * 5 + col - 1]
            if k == "slot":
                return f"row {r}, column {col} is already taken; choose an empty slot"
            if k == "assign":
                if p.trait < 0 or not c.traits[p.trait].grid_population:
                    return "only a United civilization may place extra population tokens on buildings"
                if cell is None:
                    return f"there is no building at row {r}, column {col}"
                if cell[0] == WONDER:
                    return "wonders take no population tokens"
                if not p.pop_free:
                    return "you have no free population token"
                return f"row {r}, column {col} already holds as many tokens as its grid allows ({cell[3]})"
            if k == "upgrade" and s.opt["mode"] == "mission1":
                return "buildings are not upgraded in Mission 1"
            if cell is None:
                return f"there is no building at row {r}, column {col}"
            if cell[0] == WONDER:
                return "wonders have no levels"
            line = c.lines[cell[1]]
            if cell[2] >= len(line.levels):
                return f"{line.levels[-1].name} is already at the highest level"
            lv = line.levels[cell[2]]
            if lv.unlocked_by >= 0 and not p.researched >> lv.unlocked_by & 1:
                return f"{lv.name} is unlocked by researching {c.advances[lv.unlocked_by].name}"
            return f"{lv.name}: {_need(p.hand, s.build_cost(p, line.idx, cell[2] + 1))}"
        if k == "bank":
            g, x = str(a.args[0]), str(a.args[1])
            if g not in RES_INDEX or x not in RES_INDEX:
                return f"resources are {', '.join(RESOURCES)}"
            if g == x:
                return "trade one resource for a different one"
            if not p.researched >> c.bank_adv & 1:
                return "you can trade with the bank only after researching Trade Routes"
            ratio = s.bank_ratio(p, RES_INDEX[g])
            return f"the bank wants {ratio} {g.title()} for 1 {x.title()}; you have {p.hand[RES_INDEX[g]]}"
        if k == "offer":
            if s.offers_made >= s.opt["max_offers_per_turn"]:
                return f"you have made the most offers allowed in a turn ({s.opt['max_offers_per_turn']})"
            return Reason("offer to another seat of this game", ": offer SEAT")
        if k in ("give", "take", "pray", "ask"):
            return f"'{a.text()}' is not possible: check the resource name and your hand (and the limits of this choice)"
        if k == "accept":
            top = s.stack[-1]
            if isinstance(top, Respond):
                return f"you cannot pay what the offer asks: {_need(p.hand, top.ask)}"
        if k == "benefit":
            ident = str(a.args[0])
            if ident not in c.benefit_index:
                return f"there is no extra benefit called {ident!r}"
            b = c.benefits[c.benefit_index[ident]]
            if s.benefit_owner[b.idx] >= 0:
                return f"'{b.name}' was already chosen by Player {s.benefit_owner[b.idx] + 1}"
            return f"'{b.name}' belongs to the {b.government} card; choose from Common or your own government"
        if k == "done":
            return "choose your extra benefit first"
    except (ValueError, IndexError, TypeError):
        pass
    return Reason(f"'{a.text()}' is not a legal action now", f"; choose {words}")
