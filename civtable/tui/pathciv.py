"""Terminal screen for Path of Civilization, made to fit 80×24: the event coming next, the markets
with every live claim, your civilization (tracks, trays, Research, cards, Project), one line per
other civilization, the library and the Philosophy board (left out first when the screen is
short), and menu labels that say what each choice gives. The big moments (claims settled,
Challenges, Battles, round ends) come from ``view["moments"]`` through the shared screen.

Drawn from a seat's view only: other seats' Phase A choices are never in it until revealed."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from civtable.core import Action

from .render import Renderer
from .term import clip, visible_len, wrap

TRAYS = ("leaders", "wonders", "philosophy", "challenges", "battles")
AGENTS = ("Ambassadors", "Builders", "Philosophers", "Sages", "Units")
AGENT = ("Ambassador", "Builder", "Philosopher", "Sage", "Unit")
TYPES = ("cultural", "scientific", "spiritual", "military", "industrial")
SHORT = {"cultural": "Cul", "scientific": "Sci", "spiritual": "Spi", "military": "Mil", "industrial": "Ind"}
TRAY_SHORT = ("Amb", "Bld", "Phi", "Sag", "Uni")

HELP = """\
PATH OF CIVILIZATION — 9 rounds, all play each phase at once; most VP wins
A 'left fire', 'right tools': 2 cards deploy cubes (left), 2 give Research
B/D over your population, choose: 'deploy wonders', 'research scientific'
C open claims: 'claim <card>' puts or moves your cubes, 'withdraw' takes them
  back, 'confirm' when happy; then the best priority for the card's type wins
E 'buy writing': one Technology you can afford. F a Challenge or a Battle.
Marks: P2✓ leads a claim, P3✗ outranked. Trays: Amb Ambassadors, Bld Builders,
Phi Philosophers, Sag Sages, Uni Units. Research and card types: Cul Cultural,
Sci Scientific, Spi Spiritual, Mil Military, Ind Industrial. 'Ind>Spi>…': your
priority for a contested card of each type, best first. Philosophy 'L2 2→x1 ?':
level 2 costs 2 Philosophers, scores x1, its Benefit not yet turned up. 'view
library', 'view philosophy', 'view others': what the screen left out. In short:
a menu number, or a name's start: 'fi' (left fire), 'pyr', 'bld' (a Builder)."""
"""The game's part of ``help``: every short form of the screen (:data:`TRAY_SHORT`, :data:`SHORT`)
with the content's name in full, within 80 columns."""


_TRAY_WORDS = {w: tray for i, tray in enumerate(TRAYS)
               for w in (AGENTS[i].lower(), AGENT[i].lower(), TRAY_SHORT[i].lower())}
"""A tray as the screen names it: by its cubes ('builders', 'builder') or in short ('bld')."""
_HYPHEN = re.compile(r"(?<=[a-z])-(?=[a-z])")


class PathRenderer(Renderer):
    """Draws Path of Civilization views."""

    help_text = HELP

    def typed(self, line: str, legal: Sequence[Action]) -> str:
        """Names as the screen writes them: a tray by its cubes ('deploy builders', 'bld': the
        action is 'deploy wonders') while cubes are deployed, and a name with a hyphen as its
        words ('claim al-khwarizmi': 'claim al_khwarizmi')."""
        words = _HYPHEN.sub(" ", line.lower()).split()
        if any(a.kind == "deploy" for a in legal):
            words = [_TRAY_WORDS.get(w, w) for w in words]
        return " ".join(words)
    page_of_events = True  # at 80×24 the markets and a menu leave no room for the other players' moves
    optional_sections = ("library", "philosophy", "recent:2", "others", "recent:0", "events", "market")

    def title_line(self, view: dict[str, Any], seat: int | None) -> str:
        t = self.term
        parts = [t.style("PATH OF CIVILIZATION", "bold"), f"round {view.get('round', '?')}/{view.get('last_round', 9)}",
                 str(view.get("phase", ""))]
        me = self._player(view, seat)
        if me is not None:
            parts.append(t.style(f"{self.game.seat_name(seat or 0)} (you), {me.get('civ')}", "bold", "green"))
        return clip(" · ".join(parts), t.width)

    def board(self, view: dict[str, Any], seat: int | None) -> list[str]:
        out: list[str] = []
        for _, body in self.sections(view, seat):
            if body:
                out += ([""] if out else []) + body
        return out

    def sections(self, view: dict[str, Any], seat: int | None) -> list[tuple[str, list[str]]]:
        me = self._player(view, seat)
        parts: list[tuple[str, list[str]]] = [("events", self._events(view)), ("market", self._market(view))]
        if me is not None:
            parts.append(("you", self._you(me, view)))
        others = [p for p in view.get("players", []) if me is None or p is not me]
        if others:
            parts.append(("others", [self.term.style("Others", "bold")] + [self._other(p) for p in others]))
        parts.append(("library", self._library(view)))
        parts.append(("philosophy", self._philosophy(view)))
        return parts

    # ----- parts ----------------------------------------------------------------------------
    def _fit(self, line: str, width: int, part: str) -> str:
        """A line of a part, whole when the part is asked for; on the screen cut to the width, its
        cut saying where the rest is ('… (view events)'), as a cut menu entry does."""
        if self.whole or visible_len(line) <= width:
            return line
        mark = f" (view {part})"
        return clip(line, width - len(mark)) + self.term.style(mark, "grey")

    def _player(self, view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        if seat is None:
            return None
        for p in view.get("players", []):
            if p.get("seat") == seat + 1:
                return p  # type: ignore[no-any-return]
        return None

    def _events(self, view: dict[str, Any]) -> list[str]:
        t = self.term
        rnd = int(view.get("round") or 0)
        coming = [e for e in view.get("events", []) if int(str(e["round"]).rstrip("ab")) >= rnd][:2]
        out = []
        for e in coming:
            if e["kind"] == "challenge":
                what = f"Challenge {e['name']} ({e['type'].title()}): Destiny: {e['destiny']}"
            else:
                what = f"Battle {e['name']} (Threat {e['threat']}): " + " / ".join(e["lines"])
            now = str(e["round"]) in (str(rnd), f"{rnd}a", f"{rnd}b")
            line = ("▶ " if now else "  ") + f"R{e['round']} {what}"
            out.append(self._fit(t.style(line, "bold") if now else line, t.width, "events"))
        return out

    def _market(self, view: dict[str, Any]) -> list[str]:
        t = self.term
        claims = (view.get("claims") or {}).get("cards") or {}
        out = []
        for key, agents in (("wonders", "Bld"), ("leaders", "Amb")):
            cards = view.get("market", {}).get(key, [])
            out.append(t.style(f"{key.title()}:", "bold") + (" none" if not cards else ""))
            for c in cards:
                marks = " ".join(f"P{e['seat']}{'✓' if e['leads'] else '✗'}" for e in claims.get(c["id"], []))
                line = (f"  {c['name']} {SHORT[c['type']]}{c['level']} {c['cost']}{agents} {c['vp']}VP"
                        f" {marks + ' ' if marks else ''}· {c.get('bonus') or '—'}")
                out.append(self._fit(line, t.width, "market"))
        return out

    def _you(self, p: dict[str, Any], view: dict[str, Any]) -> list[str]:
        t = self.term
        prio = ">".join(SHORT[x] for x in p.get("priority", []))
        head = (f"You: {p['score']} VP so far ({p['vp']} tokens) · pop {p['population']} · Phil {p['philosophy']} "
                f"· Legacy {p['legacy']} · {prio}")
        trays = " ".join(f"{TRAY_SHORT[i]} {p['trays'][k]}" for i, k in enumerate(TRAYS))
        rs = " ".join(f"{SHORT[k]} {v}" for k, v in p["research"].items())
        lines = [self._fit(t.style(head, "bold"), t.width, "you"), self._fit(f"  trays {trays} · research {rs}", t.width, "you")]
        pr = p.get("project") or {}
        placed = list(pr.get("left") or []) + list(pr.get("right") or [])
        hand = list(p.get("hand") or [])
        for name in placed:
            if name in hand:
                hand.remove(name)
        if pr.get("left") or pr.get("right"):
            lines.append(self._fit(t.style(f"  Project: left {', '.join(pr.get('left') or []) or '—'} | right "
                                      f"{', '.join(pr.get('right') or []) or '—'}", "green"), t.width, "you"))
        elif p.get("left") or p.get("right"):
            lines.append(self._fit(f"  left {', '.join(p['left'])} | right {', '.join(p['right'])}"
                              + (f" · new {', '.join(p['discovered'])}" if p.get("discovered") else ""), t.width, "you"))
        if hand:
            lines.append(self._fit(f"  hand {', '.join(hand)}", t.width, "you"))
        cards = []
        if p.get("leader"):
            cards.append(f"Leader {p['leader']}")
        if p.get("wonders"):
            cards.append(f"Wonder{'s' if len(p['wonders']) > 1 else ''} {', '.join(p['wonders'])}")
        if p.get("aside"):
            cards.append("aside " + ", ".join(f"{a['cubes']} {a['agents']} for R{a['round']}" for a in p["aside"]))
        if p.get("claim"):
            state = {"outranked": "outranked: move or withdraw", "done": "final"}.get(p.get("claim_state", ""), p.get("claim_state", ""))
            cards.append(t.style(f"claims {p['claim']}" + (f" ({state})" if state else ""), "yellow"))
        if cards:
            lines.append(self._fit("  " + " · ".join(cards), t.width, "you"))
        return lines

    def _other(self, p: dict[str, Any]) -> str:
        trays = " ".join(f"{TRAY_SHORT[i]}{p['trays'][k]}" for i, k in enumerate(TRAYS))
        bits = [f"P{p['seat']} {p['civ']}: {p['score']}VP", trays, f"Leg {p['legacy']}"]
        if p.get("claim"):
            bits.append(f"claims {p['claim']}" + ("✗" if p.get("claim_state") == "outranked" else ""))
        elif p.get("committed") and not p.get("left"):
            bits.append("Project placed")
        return self._fit("  " + " · ".join(bits), self.term.width, "others")

    def _library(self, view: dict[str, Any]) -> list[str]:
        t = self.term
        out = [t.style("Library", "bold") + " (name cost/VP, cards left)"]
        by_type: dict[str, list[str]] = {}
        for x in view.get("library", []):
            by_type.setdefault(x["type"], []).append(f"{x['name']} {x['cost']}/{x['vp']}({x['left']})")
        for ty in TYPES:
            if ty in by_type:
                out.append(self._fit(f"  {SHORT[ty]} " + ", ".join(by_type[ty]), t.width, "library"))
        return out

    def _philosophy(self, view: dict[str, Any]) -> list[str]:
        items = []
        for lv in view.get("philosophy", []):
            up = "/".join(lv["faceup"]) or ("?" if not lv["seen"] else "—")
            items.append(f"L{lv['level']} {lv['cost']}→x{lv['multiplier']} {up}")
        return [self._fit(self.term.style("Philosophy", "bold") + " " + "; ".join(items), self.term.width, "philosophy")]

    def moment_lines(self, moments: Any) -> list[str]:
        """The new big moments, compact enough for 24 rows: a title and up to 4 lines each, the
        scores of a round end on one line."""
        t = self.term
        out: list[str] = []
        for m in list(moments)[-3:]:
            head = f"★ Round {m['round']}: {m['title']}"
            if m["title"].startswith("Scores") or m["title"] == "Final score":
                scores = "; ".join(x.rstrip(".").replace(" VP so far", "").replace(" ", "\u00a0") for x in m["lines"])
                said = t.style(f"★ Round {m['round']} scores: ", "bold", "magenta") + scores
                out += wrap(said, t.width, indent="    ", limit=3)  # every player's score, yours too
                continue
            out.append(clip(t.style(head, "bold", "magenta"), t.width))
            lines = list(m.get("lines", []))
            shown = lines[:4] if len(lines) <= 4 else lines[:3] + [f"... {len(lines) - 3} more lines: 'log'"]
            out += [x for line in shown for x in wrap("    " + line, t.width, indent="  ", limit=2)]
        return out

    # ----- prompt and menu -------------------------------------------------------------------
    def prompt_line(self, view: dict[str, Any], seat: int, prompt: str) -> str:
        return self.term.style(f"{self.game.seat_name(seat)}: ", "bold") + prompt  # wrapped whole by the table

    def action_label(self, action: Action, view: dict[str, Any], seat: int, short: bool = False) -> str:
        cards = view.get("cards") or {}
        k, args = action.kind, action.args
        arg = str(args[0]) if args else ""
        if k in ("left", "right") and arg in cards:
            c = cards[arg]
            if k == "left":
                gives = ", ".join(f"{n} {AGENTS[i] if n > 1 else AGENT[i]}" for i, n in enumerate(c["deploy"]) if n)
            else:
                gives = ", ".join(f"{n} {TYPES[i].title()}" for i, n in enumerate(c["research"]) if n)
            return f"{c['name']}: {gives}" if short else f"{c['name']} on the {k}"
        if k == "deploy" and arg in TRAYS:
            return f"one {AGENT[TRAYS.index(arg)]}"
        if k == "research":
            return f"1 {arg.title()} point"
        if k == "claim":
            for key, agents in (("wonders", "Builders"), ("leaders", "Ambassadors")):
                for c in view.get("market", {}).get(key, []):
                    if c["id"] == arg:
                        return f"{c['name']} ({c['cost']} {agents}, {c['vp']} VP)"
        if k == "buy" and arg in cards:
            c = cards[arg]
            return f"{c['name']} ({c['cost']} {c['type'].title()}, {c['vp']} VP)"
        if k == "benefit":
            for lv in view.get("philosophy", []):
                for ident, name in zip(lv.get("seen_ids", []), lv.get("seen", []), strict=False):
                    if ident == arg:
                        return f"{name} x{lv['multiplier']}"
        if k == "destiny":
            n = int(arg or 0)
            return "do not use the Destiny" if n == 0 else f"use the Destiny {n} time{'s' if n > 1 else ''}"
        if k == "confirm":
            me = self._player(view, seat) or {}
            return f"confirm your claim on {me['claim']}" if me.get("claim") else "confirm: no claim"
        if k == "withdraw":
            return "take your cubes back"
        if k == "pass":
            return "claim nothing"
        return super().action_label(action, view, seat, short)


RENDERER = PathRenderer
