"""The Inceptum screen: your 5×5 city, hand and production, the technology board, wonders,
government benefits, the dice and the other civilizations — drawn from ``state.view(seat)`` only.

Symbols work without colour: ``✓`` researched, ``○`` available now, ``·`` locked; the bonus slot
of the dice is marked ``»`` and its row and column numbers are bracketed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from civtable.core import Action
from civtable.core.words import count

from . import inceptum_events
from .inceptum_changes import changes, res_words
from .render import Renderer
from .term import columns, pad, visible_len, wrap

RES = ("food", "wood", "stone", "iron", "gold")
RES_SHORT = {"food": "F", "wood": "W", "stone": "S", "iron": "I", "gold": "G"}
RES_STYLE = {"food": "green", "wood": "yellow", "stone": "grey", "iron": "cyan", "gold": "yellow"}
LINE_STYLE = {"food": "green", "wood": "yellow", "stone": "blue", "iron": "cyan"}
MODES = {"journey": "Journey to Modern Civilization", "glory": "For the Glory"}


def res_list(values: dict[str, int] | None, sep: str = " ") -> str:
    """``{"food": 2, "wood": 3}`` -> ``"2F 3W"`` (zero amounts left out; ``"—"`` when empty)."""
    if not values:
        return "—"
    parts = [f"{values[r]}{RES_SHORT.get(r, r)}" for r in RES if values.get(r)]
    parts += [f"{v}{k}" for k, v in values.items() if k not in RES and v]
    return sep.join(parts) or "—"


ADJECTIVES = ("Small", "Grand", "Royal", "High", "Great")
"""Leading words a name too long for its place may lose first ('Small Crop Field': 'Crop Field')."""


def short_name(name: str, width: int) -> str:
    """A name within ``width`` columns in whole words, never cut inside one: without 'The', then
    what comes before ' of ' ('Library of Alexandria': 'Library'), then without a leading
    adjective ('Grand Estate': 'Estate'), then its longest run of first words ('Lumberjack Hut':
    'Lumberjack'); a single word too long is shortened with a full stop ('Constructio.')."""
    if name.startswith("The "):
        name = name[4:]
    if len(name) <= width:
        return name
    head = name.split(" of ")[0]
    if len(head) <= width:
        return head
    words = name.split()
    if len(words) > 1 and words[0] in ADJECTIVES and len(" ".join(words[1:])) <= width:
        return " ".join(words[1:])
    for k in range(len(words) - 1, 0, -1):
        if len(" ".join(words[:k])) <= width:
            return " ".join(words[:k])
    return words[0][: max(1, width - 1)] + "."


HELP = """\
INCEPTUM: each round, production (every building pays), then each player's
turn: research an advance, build or upgrade a building, build a Wonder, trade
with the bank or a player; 'end' ends your turn. The goal depends on the mode:
'goal' says it and how far everyone is. Actions: 'research writing', 'build
food' then 'slot 2 3' (or 'build food 2 3'), 'upgrade 2 3' (row 2, column 3),
'bank food wood' (give food, get wood), 'offer 2' (a trade with Player 2).
Your city is a 5x5 grid; the dice name a row and a column: that slot of every
city pays again (» on the screen). Tech: ✓ researched, ○ available now.
CP: Civilization Points, what wins. PTP: production per round. Resources in
short: F food, W wood, S stone, I iron, G gold (research Writing 4G: 4 gold)."""


class InceptumRenderer(Renderer):
    """Draws Inceptum views."""

    help_text = HELP

    # ----- header ---------------------------------------------------------------------------
    def title_line(self, view: dict[str, Any], seat: int | None) -> str:
        t = self.term
        mode = view.get("mode")
        rnd = view.get("round", "?")
        parts = [t.style("INCEPTUM", "bold"), "setup" if rnd == 0 else f"round {rnd}"]  # round 1 follows the setup
        if mode:
            parts.append(MODES.get(mode, str(mode)))
        short = [*parts[:-1], str(mode).title()] if mode else parts  # when the long name does not fit
        if seat is not None:
            me = self._player(view, seat) or {}
            who = f"{self.game.seat_name(seat)} (you)"
            extras = [x.title() for x in (me.get("trait"), me.get("government"), me.get("age")) if x]
            if extras:
                who += " — " + ", ".join(extras)
            parts.append(t.style(who, "bold", "green"))
            short.append(parts[-1])
        line = " · ".join(parts)
        return line if visible_len(line) <= t.width else " · ".join(short)

    _view: dict[str, Any] = {}

    optional_sections = ("benefits", "wonders", "recent:8", "others", "tech", "tight", "recent:6", "recent:5",
                         "recent:4", "recent:3", "recent:2", "recent:0")
    pack_recent = True
    page_of_events = True

    def brief_events(self, events: Sequence[str]) -> list[tuple[str, int]]:
        """Events briefly: another player's turn fits a short screen (:mod:`.inceptum_events`)."""
        return inceptum_events.brief(events)

    def board(self, view: dict[str, Any], seat: int | None) -> list[str]:
        out: list[str] = []
        for _, body in self.sections(view, seat):
            if body:
                out += ([""] if out else []) + body
        return out

    def sections(self, view: dict[str, Any], seat: int | None) -> list[tuple[str, list[str]]]:
        t = self.term
        me = self._player(view, seat) if seat is not None else None
        self._view = view
        parts: list[tuple[str, list[str]]] = [("status", self._status(view, seat))]
        if me is not None:
            parts.append(("you", self._resources(me) + self._score_line(me, view)))
            parts.append(("city", self._city(me, view.get("dice"), max(12, min(22, (t.width - 4) // 5)))))
        parts.append(("tech", self._tech(view)))
        parts.append(("wonders", self._wonders(view)))
        if self._benefits_relevant(view, me):
            parts.append(("benefits", self._benefits(view)))
        others = [p for p in view.get("players", []) if seat is None or p.get("seat") != seat]
        if others:
            lines = [t.style("Other civilizations", "bold")]
            for p in others:
                lines += self._other(p, view)
            parts.append(("others", lines))
        return parts

    def _player(self, view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        for p in view.get("players", []):
            if p.get("seat") == seat:
                return p  # type: ignore[no-any-return]
        return None

    def _seat(self, seat: Any) -> str:
        return self.game.seat_name(int(seat)) if isinstance(seat, int) else str(seat)

    def _status(self, view: dict[str, Any], seat: int | None) -> list[str]:
        t = self.term
        lines = []
        order = view.get("order") or []
        current = view.get("current")
        if order:
            names = []
            for p in order:
                name = self._seat(p)
                if p == current:
                    name = t.style("▶" + name, "bold")
                names.append(name)
            start = view.get("start_player")
            line = "Turn order: " + " → ".join(names)
            said = next((x for x in (f"   (start player: {self._seat(start)})", f" (start: {self._seat(start)})")
                         if visible_len(line + x) <= t.width), "") if start is not None else ""
            lines.append(line + said)  # four players: the start player said shorter, never cut
        dice = view.get("dice")
        if dice:
            slot = dice.get("slot")
            where = (
                f" → bonus slot row {slot[0]}, column {slot[1]}" if slot else " → bonus slot still to choose"
            )
            lines.append(f"Dice: black {dice.get('black')}, white {dice.get('white')}{where}")
        offer = view.get("offer")
        if offer:
            give, get = res_words(offer.get("give") or {}), res_words(offer.get("get") or {})
            if offer.get("proposed", True):
                said = (t.style("Trade offer: ", "bold")
                        + f"{self._seat(offer.get('from'))} offers {give} to {self._seat(offer.get('to'))} for {get}")
            else:
                said = (t.style("Offer being composed: ", "bold")
                        + f"{self._seat(offer.get('from'))} gives {give} to {self._seat(offer.get('to'))}, asks {get}")
            lines += wrap(said, t.width)  # whole: each step of composing it shows
        pending = view.get("pending")
        if pending:
            lines += wrap(t.style("Pending: ", "bold") + self._pending(pending), t.width)
        return lines

    def _pending(self, pending: dict[str, Any]) -> str:
        """A sentence for the multi-step decision under way."""
        slot_for = pending.get("slot_for")
        if slot_for:
            free = " (free)" if slot_for.get("free") else ""
            return f"placing {self._piece_name(slot_for)}{free}: choose an empty slot"
        redraw = pending.get("redraw")
        if isinstance(redraw, dict):  # each seat's trait: kept, redrawn (your own), decided or not yet
            said = {"waiting": "to decide", "submitted": "decided", "keep": "keeps it", "redraw": "draws again"}
            by: dict[str, list[str]] = {}
            for k, v in redraw.items():
                by.setdefault(said.get(str(v), str(v)), []).append(self._seat(int(k)))
            return "trait cards: " + "; ".join(f"{', '.join(n)} {w}" for w, n in by.items())
        if "pray_left" in pending:
            return f"prayers: {pending['pray_left']} more resources to take (taken so far: {res_list(pending.get('pray_taken'))})"
        if "free_research" in pending:
            parts = [
                f"{pending[k]} {k.replace('_', ' ')}"
                for k in ("free_research", "free_build", "benefit")
                if pending.get(k)
            ]
            return "still to use: " + (", ".join(parts) or "nothing")
        choices = pending.get("bonus_choices")
        if choices:
            return "bonus resources to choose: " + ", ".join(
                f"{self._seat(int(k))} {v}" for k, v in choices.items()
            )
        parts = []
        for key, value in pending.items():
            if isinstance(value, dict):
                value = ", ".join(
                    f"{self._seat(int(k)) if str(k).isdigit() else k} {v}" for k, v in value.items()
                )
            parts.append(f"{key.replace('_', ' ')}: {value}")
        return "; ".join(parts)

    def _piece_name(self, slot_for: dict[str, Any]) -> str:
        """The building or wonder being placed, by its name (the view names it by id)."""
        ident, wonder = slot_for.get("id"), slot_for.get("kind") == "wonder"
        for item in (self._view.get("wonders") if wonder else self._view.get("buildings")) or []:
            if item.get("id") == ident:
                levels = item.get("levels") or [{}]
                name = item.get("name") or levels[0].get("name")
                if name:
                    return str(name)
        return f"{'wonder' if wonder else 'building'} {ident}"

    # ----- the city and resources ----------------------------------------------------------------
    def _city(self, me: dict[str, Any], dice: dict[str, Any] | None, cw: int) -> list[str]:
        t = self.term
        grid = me.get("city") or []
        raw_slot = (dice or {}).get("slot")
        slot: tuple[int, int] | None = (int(raw_slot[0]), int(raw_slot[1])) if raw_slot else None
        ncols = len(grid[0]) if grid else 0
        head = (
            "    "
            + "".join(
                (f"[{c}]" if slot and slot[1] == c else f" {c}").ljust(cw) for c in range(1, ncols + 1)
            ).rstrip()
        )
        title = [] if self.tight else [t.style("Your city", "bold") + t.style("  (row, column as in 'slot 2 3')", "grey")]
        empty = [r for r, row in enumerate(grid, start=1) if not any(row) and not (slot and slot[0] == r)]
        choosing = (self._view.get("decision") or {}).get("kind") in ("slot", "bonus_slot", "assign")
        if self.tight and empty and not choosing:  # short of rows: the empty rows said on the head line
            note = next((n for n in (f"  (empty rows: {_runs(empty)})", f"  empty rows {_runs(empty)}",
                                     f" empty {_runs(empty)}") if visible_len(head + n) <= t.width), "")
            head += t.style(note, "grey") if note else ""
            empty = empty if note else []
        else:
            empty = []
        lines = [*title, head]
        for r, row in enumerate(grid, start=1):
            if self.tight and r in empty:
                continue
            cells = []
            for c, cell in enumerate(row, start=1):
                bonus = slot is not None and slot == (r, c)
                cells.append(pad(self._cell(cell, cw - 3, bonus), cw))
            label = f"[{r}]" if slot and slot[0] == r else f" {r} "
            lines.append(label + " " + "".join(cells).rstrip())
        return lines

    def _cell(self, cell: dict[str, Any] | None, width: int, bonus: bool) -> str:
        t = self.term
        mark = "»" if bonus else " "
        if not cell:
            return t.style(mark + "·", "yellow" if bonus else "grey")
        if cell.get("kind") == "wonder":
            text = "★" + short_name(str(cell.get("name") or cell.get("id")), width)
            return mark + t.style(text, "bold", "magenta")
        level = cell.get("level", 1)
        name = short_name(str(cell.get("name") or cell.get("line")), width - 1)
        style = "magenta" if cell.get("special") else LINE_STYLE.get(str(cell.get("line")), "")
        text = f"{name} {level}"
        return mark + (t.style(text, style) if style else text)

    def _resources(self, me: dict[str, Any]) -> list[str]:
        """Hand, production per round (PTP) and what the next production phase brings."""
        t = self.term
        hand = me.get("hand") or {}
        ptp = me.get("ptp") or {}
        nxt = me.get("ptp_next") or me.get("next_ptp")
        if self.tight:  # a short terminal: one line or two, resources in words where they fit
            changed = nxt and any(nxt.get(r, 0) != ptp.get(r, 0) for r in RES)
            have = f"{t.style('In hand', 'bold')} {res_words(hand)}"
            words = res_words(ptp) + (f" (next round {res_words(nxt or {})})" if changed else "")
            letters = res_list(ptp) + (f" (next round {res_list(nxt)})" if changed else "")
            ptp_line = f"{t.style('PTP', 'bold')} (production per round) "
            short = f"{t.style('PTP', 'bold')} (per round) "
            for one in (f"{have} · {ptp_line}{words}", f"{have} · {short}{words}", f"{have} · {ptp_line}{letters}"):
                if visible_len(one) <= t.width:  # on one line when it fits: a row more for the events
                    return [one]
            return [have, next((ptp_line + x for x in (words, letters) if visible_len(ptp_line + x) <= t.width),
                               ptp_line + letters)]
        lines = [
            t.style(f"{'Resources':<12}", "bold") + "".join(t.style(f"{r:>7}", RES_STYLE[r]) for r in RES)
        ]
        lines.append(f"{'in hand':<12}" + "".join(f"{hand.get(r, 0):>7}" for r in RES))
        lines.append(f"{'PTP':<12}" + "".join(f"{ptp.get(r, 0):>7}" for r in RES))
        if nxt:
            cells = []
            for r in RES:
                cell = f"{nxt.get(r, 0):>7}"
                cells.append(t.style(cell, "bold", "green") if nxt.get(r, 0) != ptp.get(r, 0) else cell)
            lines.append(f"{'next round':<12}" + "".join(cells))
        return lines

    def _score_line(self, me: dict[str, Any], view: dict[str, Any] | None = None) -> list[str]:
        """CP with its breakdown, population, benefits and discounts, wrapped to the width."""
        t = self.term
        cp = me.get("cp")
        parts = [t.style(f"CP {cp}", "bold")]
        breakdown = me.get("cp_breakdown") or {}
        if self.tight:  # a short terminal: only the parts that count
            breakdown = {k: v for k, v in breakdown.items() if v}
        if breakdown:
            parts[0] += " (" + " + ".join(f"{k} {v}" for k, v in breakdown.items()) + ")"
        pop = me.get("population") or {}
        if pop:
            parts.append(f"population {pop.get('total')} ({pop.get('free')} free)")
        if me.get("benefits"):
            names = {b.get("id"): b.get("name") for b in (view or {}).get("benefits") or []}
            parts.append("benefits: " + ", ".join(str(names.get(b) or b) for b in me["benefits"]))
        discounts = {k: v for k, v in (me.get("discounts") or {}).items() if v}
        if discounts:
            parts.append(
                "discounts: " + ", ".join(f"{k.replace('_', ' ')} −{v}" for k, v in discounts.items())
            )
        if me.get("free_research_this_turn"):
            parts.append(f"free research: {me['free_research_this_turn']}")
        lines = [parts[0]]
        for part in parts[1:]:
            if visible_len(lines[-1]) + 3 + visible_len(part) > t.width:
                lines.append("  " + part)
            else:
                lines[-1] += " · " + part
        return lines

    # ----- the boards -------------------------------------------------------------------------
    def _tech(self, view: dict[str, Any]) -> list[str]:
        t = self.term
        techs = view.get("tech") or []
        if not techs:
            return []
        lines = [
            t.style("Technology", "bold")
            + t.style("  ✓ researched  ○ available (your cost in gold)  · locked", "grey")
        ]
        ages: dict[str, list[dict[str, Any]]] = {}
        for tech in techs:
            ages.setdefault(str(tech.get("age", "")), []).append(tech)
        for age, items in ages.items():
            cells = []
            for tech in items:
                name = str(tech.get("name") or tech.get("id"))
                status = tech.get("status")
                cost = tech.get("your_cost", tech.get("cost"))
                if status == "researched":
                    cells.append(t.style("✓ " + name, "green"))
                elif status == "available":
                    cells.append(t.style("○ " + name, "bold") + f" {cost}G")
                else:
                    cells.append(t.style(f"· {name} {cost}G", "grey"))
            lines.append(f"  {age.title()}:")
            lines += ["    " + x for x in columns(cells, t.width - 4)]
        return lines

    def _wonders(self, view: dict[str, Any]) -> list[str]:
        t = self.term
        wonders = view.get("wonders") or []
        if not wonders:
            return []
        cells = []
        for w in wonders:
            name = short_name(str(w.get("name") or w.get("id")), 24)
            owner = w.get("owner")
            cp = w.get("cp")
            if owner is not None:
                mine = owner == view.get("you")
                cells.append(
                    t.style(
                        f"★ {name} {cp}CP — {'yours' if mine else self._seat(owner)}",
                        "magenta" if mine else "grey",
                    )
                )
            else:
                cost = w.get("your_cost") or w.get("cost")
                locked = w.get("unlocked") is False
                text = f"{'·' if locked else '○'} {name} {cp}CP: {res_list(cost)}"
                cells.append(t.style(text, "grey") if locked else text)
        return [t.style("Wonders", "bold")] + ["  " + x for x in columns(cells, t.width - 2, gap=3)]

    def _benefits_relevant(self, view: dict[str, Any], me: dict[str, Any] | None) -> bool:
        """Government benefits matter once a government is in reach (or chosen, or taken)."""
        if any(b.get("taken_by") is not None for b in view.get("benefits") or []):
            return True
        if me is None or me.get("government"):
            return True
        return any(
            t.get("government") and t.get("status") in ("available", "researched")
            for t in view.get("tech") or []
        )

    def _benefits(self, view: dict[str, Any]) -> list[str]:
        t = self.term
        items = view.get("benefits") or []
        if not items:
            return []
        cells = []
        for b in items:
            taken = b.get("taken_by")
            gov = b.get("government")
            text = f"{b.get('name') or b.get('id')} ({gov})" if gov else str(b.get("name") or b.get("id"))
            cells.append(
                t.style(f"✓ {text} — {self._seat(taken)}", "grey") if taken is not None else "○ " + text
            )
        return [t.style("Government benefits", "bold")] + [
            "  " + x for x in columns(cells, t.width - 2, gap=3)
        ]

    def _other(self, p: dict[str, Any], view: dict[str, Any]) -> list[str]:
        t = self.term
        seat = p.get("seat")
        name = self._seat(seat)
        if seat == view.get("current"):
            name = "▶" + name
        bits = [t.style(name, "bold"), f"CP {p.get('cp')}"]
        pop = p.get("population") or {}
        if pop:
            bits.append(f"pop {pop.get('total')}")
        extras = [x for x in (p.get("trait"), p.get("government"), p.get("age")) if x]
        if extras:
            bits.append("/".join(extras))
        if p.get("hand") is not None:
            bits.append("hand " + res_list(p.get("hand")))
        if p.get("ptp") is not None:
            bits.append("PTP " + res_list(p.get("ptp")))
        city = p.get("city") or []
        buildings = sum(1 for row in city for c in row if c and c.get("kind") == "building")
        bits.append(count(buildings, "building"))
        if p.get("wonders"):  # by name: the view keeps a player's Wonders by id
            names = {w.get("id"): w.get("name") for w in view.get("wonders") or []}
            bits.append("wonders " + ", ".join(str(names.get(w) or w) for w in p["wonders"]))
        bits.append(count(len(p.get("researched") or []), "advance"))
        lines = ["  " + bits[0]]
        for bit in bits[1:]:
            if visible_len(lines[-1]) + 3 + visible_len(bit) > t.width:
                lines.append("      " + bit)
            else:
                lines[-1] += " · " + bit
        return lines

    # ----- the menu ---------------------------------------------------------------------------
    def typed(self, line: str, legal: Sequence[Action]) -> str:
        """A trade is offered to a player by the number the screen shows: 'offer 2' (or 'offer
        player 2') is the offer to Player 2, whose seat the action counts from 0."""
        words = line.lower().split()
        if words[:1] == ["offer"] and len(words) in (2, 3) and words[-1].isdigit() and words[1:-1] in ([], ["player"]):
            return f"offer {int(words[-1]) - 1}"
        return line

    def action_label(self, action: Action, view: dict[str, Any], seat: int, short: bool = False) -> str:
        t = self.term
        if action.kind == "offer" and action.args:  # the player as the screen names them
            return f"{'' if short else 'offer '}{int(action.args[0]) + 1}" + t.style(
                f" (trade with {self._seat(action.args[0])})", "grey")
        label = super().action_label(action, view, seat, short)
        for kind, items in (("benefit", "benefits"), ("wonder", "wonders")):  # by name, never the id
            if action.kind == kind and action.args:
                name = next((b.get("name") for b in view.get(items) or [] if b.get("id") == action.args[0]), None)
                if name:
                    label = str(name) if short else f"{kind} {name}"
        if action.kind == "research" and action.args:  # the advance by its name
            name = next((x.get("name") for x in view.get("tech") or [] if x.get("id") == action.args[0]), None)
            if name:
                label = str(name) if short else f"research {name}"
        if (view.get("decision") or {}).get("kind") in ("free", "government") and action.kind in (
            "research",
            "build",
        ):
            return label + t.style(" free", "green")
        if action.kind == "research" and action.args:
            for tech in view.get("tech") or []:
                if tech.get("id") == action.args[0]:
                    return label + t.style(f" {tech.get('your_cost', tech.get('cost'))}G", "grey")
        if action.kind == "bank" and len(action.args) == 2:
            ratio = self._bank_ratio(view, seat, str(action.args[0]))
            if ratio:
                return label + t.style(f" {ratio}:1", "grey")
        if action.kind == "build" and action.args:
            for line in view.get("buildings") or []:
                if line.get("id") == action.args[0] and line.get("levels"):
                    first = line["levels"][0]
                    return label + t.style(
                        " " + res_list(first.get("your_cost") or first.get("cost")), "grey"
                    )
        if action.kind == "upgrade" and len(action.args) == 2:
            cost = self._upgrade_cost(view, seat, int(action.args[0]), int(action.args[1]))
            if cost is not None:
                return label + t.style(" " + cost, "grey")
        if action.kind == "wonder" and action.args:
            for w in view.get("wonders") or []:
                if w.get("id") == action.args[0]:
                    return label + t.style(" " + res_list(w.get("your_cost") or w.get("cost")), "grey")
        return label

    def steps(self, legal: Sequence[Action], view: dict[str, Any], seat: int, chosen: str) -> list[tuple[str, str]] | None:
        """Many bank trades (up to 20) are one entry, 'bank: choose one of N trades', whose step
        lists them (and with them, in a long menu, the advances: 'research: choose one of N'), so the menu leaves room for the city on
        24 rows; other menus are flat."""
        banks = [a for a in legal if a.kind == "bank"]
        if len(banks) < 5:
            return None
        if chosen == "bank":
            return [(f"{a.args[0]} → {a.args[1]}" + self.term.style(f" {self._bank_ratio(view, seat, str(a.args[0]))}:1", "grey"),
                     a.text()) for a in banks]
        research = [a for a in legal if a.kind == "research"]
        if chosen == "research":
            return [(self.action_label(a, view, seat), a.text()) for a in research]
        gather = {"bank"} | ({"research"} if len(legal) - len(banks) > 8 and len(research) > 3 else set())
        out: list[tuple[str, str]] = []
        for a in legal:
            if a.kind not in gather:
                out.append((self.action_label(a, view, seat), a.text()))
            elif a is banks[0]:
                out.append((f"bank: choose one of {len(banks)} trades", "bank"))
            elif research and a is research[0]:
                out.append((f"research: choose one of {len(research)} advances", "research"))
        return out

    def _bank_ratio(self, view: dict[str, Any], seat: int, give: str) -> int | None:
        """How many of ``give`` the bank takes for one resource: the rules' ratio less the seat's
        trade discounts (never below 1)."""
        rules = getattr(getattr(self.game, "content", None), "rules", None)
        if not isinstance(rules, dict) or give not in (rules.get("bank_ratio") or {}):
            return None
        discounts = (self._player(view, seat) or {}).get("discounts") or {}
        ratio = int(rules["bank_ratio"][give]) - int(discounts.get("bank_trade", 0))
        if give == "iron":
            ratio -= int(discounts.get("iron_trade", 0))
        return max(1, ratio)

    def _upgrade_cost(self, view: dict[str, Any], seat: int, row: int, col: int) -> str | None:
        me = self._player(view, seat) or {}
        try:
            cell = (me.get("city") or [])[row - 1][col - 1]
        except IndexError:
            return None
        if not cell or cell.get("kind") != "building":
            return None
        for line in view.get("buildings") or []:
            levels = line.get("levels") or []
            if line.get("id") == cell.get("line") and int(cell.get("level", 0)) < len(levels):
                nxt = levels[int(cell["level"])]
                return f"→ {nxt.get('name')}: {res_list(nxt.get('your_cost') or nxt.get('cost'))}"
        return None

    # ----- what an action changes -------------------------------------------------------------
    def diff(self, before: dict[str, Any], after: dict[str, Any], seat: int) -> list[str]:
        return changes(before, after, seat, self._player)


RENDERER = InceptumRenderer


def _runs(rows: Sequence[int]) -> str:
    """``[1, 2, 4]`` -> ``"1-2,4"``: row numbers, runs of neighbours joined."""
    out: list[str] = []
    for r in rows:
        if out and int(out[-1].split("-")[-1]) == r - 1:
            out[-1] = f"{out[-1].split('-')[0]}-{r}"
        else:
            out.append(str(r))
    return ",".join(out)
