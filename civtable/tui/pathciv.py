"""Terminal screen for Path of Civilization: the event line, the markets, the Philosophy board,
every civilization's tracks and trays, your hand and Project, and readable menu labels.

Drawn from a seat's view only: other seats' Phase A choices are never in it until revealed."""

from __future__ import annotations

from typing import Any

from civtable.core import Action

from .render import Renderer

TRAYS = ("leaders", "wonders", "philosophy", "challenges", "battles")
AGENTS = ("Ambassadors", "Builders", "Philosophers", "Sages", "Units")
TYPES = ("cultural", "scientific", "spiritual", "military", "industrial")
SHORT = {"cultural": "Cul", "scientific": "Sci", "spiritual": "Spi", "military": "Mil", "industrial": "Ind"}


class PathRenderer(Renderer):
    """Draws Path of Civilization views."""

    optional_sections = ("library", "recent:4", "philosophy", "others", "recent:1")

    def title_line(self, view: dict[str, Any], seat: int | None) -> str:
        t = self.term
        parts = [t.style("PATH OF CIVILIZATION", "bold"), f"round {view.get('round', '?')} of 9",
                 f"phase {view.get('phase', '')}"]
        me = self._player(view, seat)
        if me is not None:
            parts.append(t.style(f"{self.game.seat_name(seat or 0)} (you) — {me.get('civ')}", "bold", "green"))
        return " · ".join(parts)

    def board(self, view: dict[str, Any], seat: int | None) -> list[str]:
        out: list[str] = []
        for _, body in self.sections(view, seat):
            if body:
                out += ([""] if out else []) + body
        return out

    def sections(self, view: dict[str, Any], seat: int | None) -> list[tuple[str, list[str]]]:
        t = self.term
        parts: list[tuple[str, list[str]]] = [("events", self._events(view)), ("market", self._market(view))]
        parts.append(("library", self._library(view)))
        parts.append(("philosophy", self._philosophy(view)))
        me = self._player(view, seat)
        if me is not None:
            parts.append(("you", [t.style("Your civilization", "bold")] + self._civ(me, mine=True)))
        others = [p for p in view.get("players", []) if me is None or p is not me]
        if others:
            lines = [t.style("Other civilizations", "bold")]
            for p in others:
                lines += self._civ(p, mine=False)
            parts.append(("others", lines))
        if view.get("log"):
            parts.append(("results", [t.style("Event results", "bold")] + ["  " + x for x in view["log"][-2:]]))
        return parts

    # ----- parts ----------------------------------------------------------------------------
    def _player(self, view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        if seat is None:
            return None
        for p in view.get("players", []):
            if p.get("seat") == seat + 1:
                return p  # type: ignore[no-any-return]
        return None

    def _events(self, view: dict[str, Any]) -> list[str]:
        t = self.term
        items = []
        for e in view.get("events", []):
            label = f"{e['round']}: {e['name']}"
            if e["kind"] == "challenge":
                label += f" ({e['type'].title()} Challenge)"
            else:
                label += f" (Battle, Threat {e['threat']})"
            r = str(view.get("round"))
            if e["round"] in (r, r + "a", r + "b"):
                if e["kind"] == "challenge":
                    label += f" — Destiny: {e['destiny']}"
                label = t.style("▶ " + label, "bold")
            items.append(label)
        return [t.style("Event line", "bold") + f"   External Threat Power now: {view.get('threat')}"] + [
            "  " + x for x in items
        ]

    def _market(self, view: dict[str, Any]) -> list[str]:
        t = self.term
        out = [t.style("Markets", "bold")]
        for key, agents in (("wonders", "Builders"), ("leaders", "Ambassadors")):
            cards = view.get("market", {}).get(key, [])
            out.append(f"  {key.title()}: " + ("none" if not cards else ""))
            for c in cards:
                extra = f"; end: {c['end']}" if c.get("end") else ""
                out.append(f"    {c['name']} ({c['type'].title()} L{c['level']}) — {c['cost']} {agents}, "
                           f"{c['vp']} VP; {c.get('bonus') or '—'}{extra}")
        return out

    def _library(self, view: dict[str, Any]) -> list[str]:
        t = self.term
        out = [t.style("Technology library", "bold") + "  (cost in Research of its type; left)"]
        by_type: dict[str, list[str]] = {}
        for x in view.get("library", []):
            by_type.setdefault(x["type"], []).append(f"{x['name']} {x['cost']} ({x['left']})")
        for ty in TYPES:
            if ty in by_type:
                out.append(f"  {ty.title():<11} " + ", ".join(by_type[ty]))
        return out

    def _philosophy(self, view: dict[str, Any]) -> list[str]:
        items = []
        for lv in view.get("philosophy", []):
            up = "/".join(lv["faceup"]) or ("?" if not lv["seen"] else "—")
            items.append(f"L{lv['level']}: cost {lv['cost']}, x{lv['multiplier']}, {lv['vp']} VP, {up}")
        return [self.term.style("Philosophy", "bold") + "  " + "; ".join(items)]

    def _civ(self, p: dict[str, Any], mine: bool) -> list[str]:
        t = self.term
        head = f"  Player {p['seat']} {p['civ']}: score {p['score']}, VP tokens {p['vp']}, population {p['population']}, " \
               f"Philosophy {p['philosophy']}, Legacy {p['legacy']}"
        prio = " > ".join(SHORT[x] for x in p.get("priority", []))
        rs = " ".join(f"{SHORT[k]} {v}" for k, v in p["research"].items())
        trays = ", ".join(f"{AGENTS[i]} {p['trays'][k]}" for i, k in enumerate(TRAYS))
        lines = [t.style(head, "bold") if mine else head, f"    priority {prio} · research {rs}", f"    trays: {trays}"]
        cards = []
        if p.get("leader"):
            cards.append(f"Leader {p['leader']}")
        if p.get("cemetery"):
            cards.append("Cemetery " + ", ".join(p["cemetery"]))
        if p.get("wonders"):
            cards.append("Wonders " + ", ".join(p["wonders"]))
        if cards:
            lines.append("    " + "; ".join(cards))
        board = []
        if p.get("hand"):
            board.append("hand " + ", ".join(p["hand"]))
        if p.get("left") or p.get("right"):
            board.append(f"left {', '.join(p['left'])} | right {', '.join(p['right'])}")
        if p.get("discovered"):
            board.append("discovered " + ", ".join(p["discovered"]))
        if p.get("discards"):
            board.append(f"discarded {len(p['discards'])}")
        if board:
            lines.append("    " + "; ".join(board))
        pr = p.get("project") or {}
        if mine and (pr.get("left") or pr.get("right")):
            lines.append(t.style(f"    your Project: left {', '.join(pr['left'])} | right {', '.join(pr['right'])}", "green"))
        elif p.get("committed"):
            lines.append("    has committed a Project (secret until everyone has)")
        if p.get("claim"):
            lines.append(t.style(f"    claims {p['claim']}", "yellow"))
        return lines

    # ----- menu ------------------------------------------------------------------------------
    def action_label(self, action: Action, view: dict[str, Any], seat: int, short: bool = False) -> str:
        names = self._names(view)
        k, args = action.kind, action.args
        if k in ("left", "right"):
            label = names.get(str(args[0]), str(args[0]))
            return label if short else f"{k}: {label}"
        if k == "deploy":
            label = AGENTS[TRAYS.index(str(args[0]))][:-1] if str(args[0]) in TRAYS else str(args[0])
            return label if short else f"deploy one {label}"
        if k == "research":
            label = f"{str(args[0]).title()} point"
            return label if short else f"research: 1 {label}"
        if k in ("buy", "claim", "benefit"):
            label = names.get(str(args[0]), str(args[0]))
            return label if short else f"{k} {label}"
        if k == "destiny":
            return f"use the Destiny {args[0]} time(s)"
        return super().action_label(action, view, seat, short)

    def _names(self, view: dict[str, Any]) -> dict[str, str]:
        out: dict[str, str] = {}
        for x in view.get("library", []):
            out[x["id"]] = f"{x['name']} ({x['cost']} {x['type'].title()} Research; {x['bonus']})"
        for key, agents in (("wonders", "Builders"), ("leaders", "Ambassadors")):
            for c in view.get("market", {}).get(key, []):
                out[c["id"]] = f"{c['name']} ({c['type'].title()}, {c['cost']} {agents}, {c['vp']} VP)"
        for lv in view.get("philosophy", []):
            for ident, name in zip(lv.get("seen_ids", []), lv.get("seen", []), strict=False):
                out[ident] = f"{name} x{lv['multiplier']}"
        for p in view.get("players", []):
            for ident, name in zip(p.get("hand_ids", []), p.get("hand", []), strict=False):
                out[ident] = f"{name} ({p.get('hand_cards', {}).get(ident, '')})" if p.get("hand_cards") else name
        return out


RENDERER = PathRenderer
