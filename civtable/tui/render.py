"""Renderers turn a seat's view (``state.view(seat)``, the only thing a player may see) into
terminal text. :class:`Renderer` is the generic renderer, good for any game; a game may have its
own module ``civtable.tui.<game>`` defining ``RENDERER`` (a :class:`Renderer` subclass)."""

from __future__ import annotations

import importlib
import json
import re
import textwrap
from collections.abc import Sequence
from typing import Any

from civtable.core import Action, Game, game_module, game_package
from civtable.core.words import count

from .changes import worded_changes
from .term import Term, clip, columns, visible_len, wrap

_SKIP_KEYS = {"decision", "you", "game"}

HELP = """\
Commands:  N      play option N of the menu
  <action text>   play an action by its text; the steps of one decision may be
                  typed together, e.g. a choice and then its place
  ? N  (info N)   what option N does and would change, without playing it
  undo            take back your last action (not across dice or other players)
  view            the screen again; 'view all': every part; 'view <part>': one
  goal            how to win, and how far each player is
  log             the game log         help   this text         quit   stop"""
"""The commands of every game; each game's renderer adds its own part (``Renderer.help_text``)."""


class Renderer:
    """Generic renderer: shows any JSON view compactly. Subclasses draw a real board."""

    help_text: str = ""
    """The game's own part of ``help``: how its actions read, what the screen's marks mean and
    how to win. A game's renderer sets it; the generic renderer says the game's description."""

    enter_takes_only_option: bool = False
    """When the menu has one option only, an empty line (Enter) takes it, and the line under the
    menu says so: the option is shown, and nothing is played without a key pressed."""

    def __init__(self, game: Game, term: Term) -> None:
        self.game = game
        self.term = term

    def typed(self, line: str, legal: Sequence[Action]) -> str:
        """A typed line in the words of the actions: a game whose screen writes things its own
        way (Conquest's ``T12``) turns them back here. ``legal``: the seat's legal actions."""
        return line

    def action_words(self, text: str) -> str:
        """An action's text as a person types it on this screen (the inverse of :meth:`typed`):
        the examples the table gives. The generic renderer: the text itself."""
        return text

    def said(self, message: str) -> str:
        """A message of the table (a refusal, its examples) in the screen's words: the actions
        it quotes as :meth:`action_words` writes them. The generic renderer: unchanged."""
        return message

    def help_lines(self) -> list[str]:
        """``help``: the game's own help, then the commands of every game."""
        own = self.help_text or f"{self.game.info.title}: {self.game.info.description}".rstrip(": ")
        width = min(self.term.width, 80) - 1
        lines = [w for line in own.splitlines() for w in (textwrap.wrap(line, width) or [""])]
        return ["\n".join(lines), "", HELP]

    def goal_lines(self, progress: dict[str, Any], seat: int | None) -> list[str]:
        """``goal``: how the game is won (:func:`civtable.core.teaching.how_to_win`) and one line
        of progress per player, ``have/need`` and ``✓`` once a goal is met, within the width."""
        t = self.term
        width = min(t.width, 100)
        out = [t.style(f"How to win: {progress['title']}" if progress["title"] else "How to win", "bold")]
        for text in progress["objectives"]:
            out += textwrap.wrap(text, width - 2, initial_indent="  ", subsequent_indent="    ",
                                 break_on_hyphens=False)
        if progress["players"]:
            out.append(t.style("How far everyone is:", "bold"))
        for p in progress["players"]:
            items = []
            for line in p["lines"]:
                have, need = line.get("have"), line.get("need")
                item = f"{line['label']} {have}" + (f"/{need}" if need else "")
                if line.get("done") and need:
                    item += " ✓"
                if line.get("note"):
                    item += f" ({line['note']})"
                items.append(item)
            line = "  " + self.game.seat_name(p["seat"]) + (" (you)" if p["seat"] == seat else "") + ":"
            for item in items:  # a line breaks between two items, never inside one
                if len(line) + 3 + len(item) > width - 3 and len(line) > 8:
                    out.append(line + " ·")
                    line = "     "
                line += (" " if line.endswith(":") or not line.strip() else " · ") + item
            out.append(line)
        return out

    def score_sheet(self, sheet: dict[str, Any], final: bool = True) -> list[str]:
        """The end-of-game score sheet (:func:`civtable.core.teaching.score_sheet`): a table when
        it fits the width, else one line per player and category. Not ``final`` (a game stopped
        early): the scores so far, without winners."""
        t = self.term
        width = t.width
        columns = ["Player", *sheet["columns"]]
        has_total = any(r.get("total") is not None for r in sheet["rows"])
        if has_total:
            columns.append("Total")
        winners = set(sheet["winners"])
        rows = []
        for r in sheet["rows"]:
            name = self.game.seat_name(r["seat"]) + (" *" if r["seat"] in winners else "")
            cells = [name, *("—" if c is None else str(c) for c in r["cells"])]
            if has_total:
                cells.append("—" if r.get("total") is None else str(r["total"]))
            rows.append(cells)
        if not final:
            winners = set()
            rows = [[row[0].removesuffix(" *"), *row[1:]] for row in rows]
        out = [t.style("Final scores" if final else "Scores so far", "bold")]
        names = ", ".join(self.game.seat_name(w) for w in sheet["winners"]) or "nobody"
        if final:
            out.append(f"Winner{'s' if len(winners) > 1 else ''}: {names}")
        if sheet.get("tiebreak"):
            out.append(clip(f"Tie-break: {sheet['tiebreak']}", width))
        widths = [max(len(row[i]) for row in [columns, *rows]) for i in range(len(columns))]
        if sum(widths) + 2 * (len(widths) - 1) + 2 <= width:
            out.append("  " + "  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)).rstrip())
            for row in rows:
                out.append("  " + "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
        else:
            for row in rows:
                parts = [f"{h} {c}" for h, c in zip(columns[1:], row[1:], strict=True)]
                lines = _wrap_items(parts, width - 4)
                out.append("  " + row[0] + ":")
                out += ["    " + line.replace("   ", " · ") for line in lines]
        if final:
            out.append("  (* winner)")
        return out

    def moment_lines(self, moments: Sequence[dict[str, Any]]) -> list[str]:
        """New big moments of the game, each a title and its lines."""
        t = self.term
        out: list[str] = []
        for m in moments:
            head = f"Round {m['round']}: {m['title']}" if m.get("round") else m["title"]
            out += [t.style(x, "bold", "magenta") for x in wrap("★ " + head, t.width, indent="  ", limit=2)]
            out += [clip("    " + line, t.width) for line in m.get("lines", [])[:4]]
        return out

    # ----- the main screen -----------------------------------------------------------------
    optional_sections: tuple[str, ...] = ("recent:3",)
    """How to shrink a screen too tall for the terminal, step by step: a section name leaves that
    section out; ``recent:N`` keeps only the last N recent events; ``tight`` draws the sections
    again with :attr:`tight` set (a renderer may then draw them shorter) and without the blank
    lines between them."""

    short_menu = False
    """Set while a menu is drawn for a terminal too short for it: options are grouped by kind,
    several on a line."""

    wrap_menu = False
    """Set while a menu with descriptions is drawn with room for them: each entry wraps onto up to
    three lines. An entry too long is cut where it says so, ``… (info N)``, and ``info N`` gives
    its whole text."""

    whole = False
    """Set while parts are drawn to be shown on their own ('view <part>', 'view all'): a renderer
    then leaves its lines whole, and the table wraps them to the terminal's width."""

    tight = False
    """Set while a screen is drawn for a terminal too short for it (see :attr:`optional_sections`)."""

    cuts: tuple[Any, ...] = ()
    """What the last :meth:`screen` left out to fit: the parts, how many recent events and big
    moments it kept, and whether it was drawn tight (two screens with the same cuts show as much)."""

    events_kept = 0
    """How many of the events since the last decision the last :meth:`screen` shows."""

    page_of_events = False
    """A renderer sets it when its screens, short of rows, keep too few of the events since a
    seat's last decision to show the other players' turns (Inceptum with 3-4 players): what does
    not fit is then shown first on a page of its own (:meth:`waited_page`)."""

    def waited_page(self, events: Sequence[str], height: int) -> list[str]:
        """The page of what happened since a seat's last decision, for when its screen has no
        room for it all (three or four players on 80×24): the latest events that fit ``height``
        rows, packed and briefly said as on a short screen."""
        t = self.term
        lines = self._packed(list(events), max(1, height - 1))
        kept = getattr(lines, "events", len(lines))
        head = "While you waited — since your last decision:"
        if kept < len(events):
            head = f"While you waited — the last {kept} of {len(events)} events ('log': all):"
        return [t.style(clip(head, t.width), "bold")] + ["  " + line for line in lines]

    def sections(self, view: dict[str, Any], seat: int | None) -> list[tuple[str, list[str]]]:
        """The board as named parts, in screen order (the generic renderer has one)."""
        return [("board", self.board(view, seat))]

    def section(self, name: str, view: dict[str, Any], seat: int | None) -> list[str] | None:
        """One named part of the board, or None if there is no such part."""
        for key, lines in self.sections(view, seat):
            if key == name:
                return lines
        return None

    def screen(
        self,
        view: dict[str, Any],
        seat: int | None,
        recent: Sequence[str] = (),
        height: int = 0,
        moments: Sequence[dict[str, Any]] = (),
    ) -> list[str]:
        """The whole screen shown to ``seat`` before it decides: title, the big moments new to it,
        board and what happened recently. With ``height`` (rows available), the steps of
        :attr:`optional_sections` shrink it until it fits; a line says what was left out, and
        the heading of the recent events how many of them are shown."""
        try:
            return self._screen(view, seat, recent, height, moments)
        finally:
            self.tight = False

    def _screen(self, view: dict[str, Any], seat: int | None, recent: Sequence[str], height: int,
                moments: Sequence[dict[str, Any]]) -> list[str]:
        t = self.term
        parts = self.sections(view, seat)
        dropped: list[str] = []
        told = self.moment_lines(moments)
        everything = len(recent)
        everything_list = list(recent)

        def assemble(recent_lines: Sequence[str], whole: bool = False) -> list[str]:
            gap = [] if self.tight else [""]
            lines = [self.title_line(view, seat), *told]
            for name, body in parts:
                if name not in dropped and body:
                    lines += gap + body
            if dropped:
                views = ", ".join(f"'view {d}'" for d in dropped)
                hint = f"(not shown to fit the screen — type {views} or 'view all')"
                if len(hint) > t.width:  # never wider than the terminal
                    hint = f"(left out to fit: {views}; 'view all')"
                if len(hint) > t.width:
                    hint = "(parts left out to fit: 'view all' shows them)"
                if everything and not recent_lines:
                    hint = hint[:-1] + f"; 'log': {count(everything, 'new event')})"
                    if len(hint) > t.width:
                        hint = f"(left out to fit: 'view all'; {count(everything, 'new event')}: 'log')"
                lines.append(t.style(clip(hint, t.width), "grey"))
            elif everything and not recent_lines:
                lines.append(t.style(f"({count(everything, 'event')} since your last decision: see 'log')", "grey"))
            if recent_lines:
                head = "Since your last decision:"
                kept = getattr(recent_lines, "events", len(recent_lines))
                if kept < everything:
                    head = f"Since your last decision (the last {kept} of {everything}; 'log': all):"
                lines += gap + [t.style(clip(head, t.width), "bold")]
                lines += [x for r in recent_lines for x in (wrap("  " + r, t.width, indent="  ") if whole else ["  " + r])]
            return lines

        lines = assemble(recent)
        names = {n for n, _ in parts}
        for step in self.optional_sections:
            if not height or len(lines) <= height:
                break
            if step.startswith("recent:"):
                keep = int(step.partition(":")[2])
                recent = self._packed(everything_list, keep) if self.pack_recent else list(recent)[-keep:] if keep else []
            elif step == "tight":
                self.tight = True
                parts = self.sections(view, seat)
                names = {n for n, _ in parts}
            elif step in names:
                dropped.append(step)
            lines = assemble(recent)
        shown = len(moments)
        while height and len(lines) > height and shown > 1:  # still too tall: the latest moments only
            shown -= 1
            told = self.moment_lines(list(moments)[-shown:])
            lines = assemble(recent)
        if height and len(lines) > height and len(told) > 2:  # and fewer of its lines ('log' has them)
            told = told[: max(1, len(told) - (len(lines) - height) - 1)] + [t.style("    … ('log' has it all)", "grey")]
            lines = assemble(recent)
        if self.pack_recent and height and len(recent) < everything:  # the room left: more events first
            for rows in range(len(recent) + 1, 3 * everything + 1):
                more = self._packed(everything_list, rows)
                if len(assemble(more)) > height:
                    break
                recent = more
            lines = assemble(recent)
        for name in list(reversed(dropped)):  # put back what fits after all
            dropped.remove(name)
            trial = assemble(recent)
            if len(trial) <= height:
                lines = trial
            else:
                dropped.append(name)
        whole = assemble(recent, whole=True)  # events longer than the width wrapped, when that fits
        if not height or len(whole) <= height:
            lines = whole
        self.cuts = (tuple(dropped), len(recent), shown, self.tight)
        self.events_kept = getattr(recent, "events", len(recent))
        return lines

    pack_recent = False
    """A renderer short of rows sets it: the ``recent:N`` steps of :attr:`optional_sections` then
    keep N *lines* of events packed together (one player's events in a row as one sentence,
    wrapped) instead of the last N events one a line."""

    def _packed(self, events: Sequence[str], rows: int) -> list[str]:
        """The latest ``events`` that fit ``rows`` lines packed: a player's events in a row are one
        sentence ('Player 2 researches Writing; builds a Market; ends the turn.'), wrapped to the
        width. The list's ``events`` says how many events it holds."""
        names = sorted({self.game.seat_name(p) for p in range(8)}, key=len, reverse=True)
        groups: list[tuple[str, list[str], list[int]]] = []  # (the player's name or '', the events without it, their weights)
        for text, weight in self.brief_events(events):
            name = next((n for n in names if text.startswith(n + " ")), "")
            # 'Player 2 (Persians) recruits': the name said once, unless the last event ends in a
            # sentence of another subject ('... The bonus slot pays nobody; offers ...' misread)
            if name and groups and groups[-1][0] == name and not re.search(r"\.\s+[A-Z]", groups[-1][1][-1]):
                groups[-1][1].append(re.sub(r"^\([^)]*\) ", "", text[len(name) + 1:]))
                groups[-1][2].append(weight)
            else:
                groups.append((name, [text[len(name) + 1:] if name else text], [weight]))
        lines: list[str] = []
        kept = 0
        for name, parts, weights in reversed(groups):
            for k in range(len(parts), 0, -1):  # the whole group, else its latest events that fit
                said = parts[-k:]
                sentence = (f"{name} " if name else "") + "; ".join([p.rstrip(".") for p in said[:-1]] + said[-1:])
                wrapped = wrap(sentence, self.term.width - 2, indent="  ")
                if len(lines) + len(wrapped) <= rows:
                    lines, kept = wrapped + lines, kept + sum(weights[-k:])
                    break
            else:
                if not lines and rows:  # the latest event alone is too long: cut
                    latest = (f"{name} " if name else "") + parts[-1]
                    lines, kept = wrap(latest, self.term.width - 2, indent="  ", limit=rows), weights[-1]
                break
            if k < len(parts):
                break
        out = _Events(lines)
        out.events = kept
        return out

    def brief_events(self, events: Sequence[str]) -> list[tuple[str, int]]:
        """The events as :meth:`_packed` says them on a short screen, each with how many events
        it stands for (a game may leave out one that the next says again). The generic
        renderer: every event as it is."""
        return [(text, 1) for text in events]

    def title_line(self, view: dict[str, Any], seat: int | None) -> str:
        who = "spectator" if seat is None else self.game.seat_name(seat)
        return self.term.style(f"{self.game.info.title} — {who}", "bold")

    def board(self, view: dict[str, Any], seat: int | None) -> list[str]:
        """The view, one ``key: value`` line per top-level entry."""
        out: list[str] = []
        width = self.term.width
        for key, value in view.items():
            if key in _SKIP_KEYS:
                continue
            label = self.term.style(f"{key}:", "bold")
            if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
                out.append(label)
                for i, item in enumerate(value):
                    out.append(_clip(f"  [{i}] {compact(item)}", width))
            else:
                out.append(_clip(f"{label} {compact(value)}", width + visible_len(label) - len(f"{key}:")))
        return out

    # ----- the action menu -----------------------------------------------------------------
    def prompt_line(self, view: dict[str, Any], seat: int, prompt: str) -> str:
        return self.term.style(f"{self.game.seat_name(seat)}, your decision: ", "bold") + prompt

    def menu(
        self,
        legal: Sequence[Action],
        view: dict[str, Any],
        seat: int,
        described: dict[str, dict[str, Any]] | None = None,
    ) -> list[str]:
        """The numbered legal actions. A short menu whose actions the game describes gives one
        line each with what it does; other short menus list full texts; longer ones group by kind."""
        t = self.term
        numbered = [(i + 1, a) for i, a in enumerate(legal)]
        said = {(described or {}).get(a.text(), {}).get("text") for a in legal}
        if described and len(legal) > 1 and len(said) == 1 and None not in said:
            # the same words for every option (a six's bonus column): said once, options in columns
            items = [f"{t.style(f'{n:>2})', 'cyan')} {self.action_label(a, view, seat)}" for n, a in numbered]
            each = f"  {t.style('each:', 'grey')} {said.pop()}"
            return ["  " + line for line in columns(items, t.width - 2, gap=3)] + self._wrapped(each, 1, limit=2)
        if described and len(legal) <= 9:
            lines = []
            for n, a in numbered:
                label = self.action_label(a, view, seat)
                d = described.get(a.text())
                text = f"  {t.style(f'{n:>2})', 'cyan')} " + (f"{label} — {d['text']}" if d else label)
                lines += self._wrapped(text, n) if self.wrap_menu else [self._marked(text, n)]
            return lines
        if len(legal) <= 12 and not self.short_menu:
            items = [f"{t.style(f'{n:>2})', 'cyan')} {self.action_label(a, view, seat)}" for n, a in numbered]
            if any(visible_len(item) > t.width - 2 for item in items):  # an entry whole, on lines of its own
                return [line for item in items for line in wrap("  " + item, t.width, indent="    ")]
            return ["  " + line for line in columns(items, t.width - 2, gap=3)]
        groups: dict[str, list[tuple[int, Action]]] = {}
        for n, a in numbered:
            groups.setdefault(a.kind, []).append((n, a))
        kw = max(len(k) for k in groups)
        out: list[str] = []
        for kind, acts in groups.items():
            items = [
                f"{t.style(f'{n})', 'cyan')} {self.action_label(a, view, seat, short=True)}" for n, a in acts
            ]
            head = "  " + t.style(kind.ljust(kw), "bold") + "  "
            body = _wrap_items(items, t.width - kw - 4)
            out.append(head + body[0])
            out += [" " * (kw + 4) + b for b in body[1:]]
        return out

    def _wrapped(self, text: str, number: int, limit: int = 3) -> list[str]:
        """A menu entry on up to ``limit`` lines; a longer one ends cut with its mark (``info N``)."""
        lines = wrap(text, self.term.width, indent="    ")
        if len(lines) <= limit:
            return lines
        rest = " ".join(x.strip() for x in lines[limit - 1:])
        return lines[: limit - 1] + [self._marked("      " + rest, number)]

    def _marked(self, text: str, number: int) -> str:
        """A menu entry within the width; one too wide is cut with a mark that says where its
        whole text is (``… (info 3)``), so a cut entry never looks like the whole of it."""
        t = self.term
        if visible_len(text) <= t.width:
            return text
        mark = f" (info {number})"
        return clip(text, t.width - len(mark)) + t.style(mark, "grey")

    # ----- staged menus ----------------------------------------------------------------------
    def steps(
        self, legal: Sequence[Action], view: dict[str, Any], seat: int, chosen: str
    ) -> list[tuple[str, str]] | None:
        """A long menu offered in small steps (a game's renderer may override it): the entries
        ``(label, text)`` after the steps ``chosen`` ('' at first). An entry whose text is a legal
        action plays it; any other text is the next step's ``chosen``. None: one flat menu (the
        default)."""
        return None

    def step_path(self, chosen: str) -> list[str]:
        """The steps that led to ``chosen``, each one's ``chosen`` (for 'back')."""
        words = chosen.split()
        return [" ".join(words[:k]) for k in range(1, len(words) + 1)]

    def step_menu(self, entries: Sequence[tuple[str, str]], view: dict[str, Any], seat: int, inner: bool) -> list[str]:
        """The numbered entries of one step, in columns; ``inner``: a step after the first."""
        t = self.term
        items = [f"{t.style(f'{n:>2})', 'cyan')} {label}" for n, (label, _) in enumerate(entries, 1)]
        if any(visible_len(item) > t.width - 2 for item in items):  # an entry whole, on lines of its own
            out = [line for item in items for line in wrap("  " + item, t.width, indent="    ")]
            if t.height and len(out) + inner > t.height // 2:  # no room: one line each, a cut one says so
                out = [self._marked("  " + item, n) for n, item in enumerate(items, 1)]
        else:
            out = ["  " + line for line in columns(items, t.width - 2, gap=3)]
        if self.short_menu and len(out) > 6:  # too tall for the terminal: two columns, a cut entry says so
            half = (t.width - 5) // 2
            cut = [x if visible_len(x) <= half else clip(x, half - len(f" (info {n})")) + t.style(f" (info {n})", "grey")
                   for n, x in enumerate(items, 1)]
            out = ["  " + line for line in columns(cut, t.width - 2, gap=3)]
        if inner:
            out.append(t.style("  ('back' for the previous step)", "grey"))
        return out

    def action_label(self, action: Action, view: dict[str, Any], seat: int, short: bool = False) -> str:
        """How one action reads in the menu (``short``: without its kind, under a kind header)."""
        if short:
            return " ".join(str(a) for a in action.args) or action.kind
        return action.text()

    # ----- what an action would change -------------------------------------------------------
    def diff(self, before: dict[str, Any], after: dict[str, Any], seat: int) -> list[str]:
        """Lines describing how ``seat``'s view changes (for ``info <action>``), in words: players
        by name, no bookkeeping, at most a dozen lines (:mod:`civtable.tui.changes`)."""
        return worded_changes(before, after, self.item_name, self.key_name, names=self.names())

    def names(self) -> dict[str, str]:
        """Names of the ids a view may hold without naming them (a game's cards kept by id), for
        :meth:`diff`; a game's renderer adds its own."""
        return {}

    def item_name(self, key: str, index: int, item: dict[str, Any]) -> str:
        """How an item of the view's list ``key`` reads in :meth:`diff`: a player by the seat's
        name, an item with a name by that name, else the list's name and the item's number
        counted from 1."""
        if key == "players":  # the view's players are in seat order
            return self.game.seat_name(index)
        if isinstance(item.get("name"), str) and item["name"]:
            return str(item["name"])
        return f"{key} {index + 1}" if key else str(index + 1)

    def key_name(self, path: list[str], key: str) -> str:
        """How a key of the view reads in :meth:`diff` (``path``: the words leading to it)."""
        return key.replace("_", " ")


class _Events(list[str]):
    """Lines of packed events, and how many events they hold."""

    events = 0


def compact(value: Any) -> str:
    """A short one-line form of a JSON value: ``{food: 3, wood: 1}``, ``[a, b]``."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {compact(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(compact(v) for v in value) + "]"
    if isinstance(value, str):
        return value
    return json.dumps(value)


def _clip(text: str, width: int) -> str:
    if visible_len(text) <= width or "\x1b" in text:
        return text
    return text[: max(1, width - 1)] + "…"


def _wrap_items(items: Sequence[str], width: int) -> list[str]:
    lines: list[str] = []
    cur = ""
    for it in items:
        candidate = f"{cur}   {it}" if cur else it
        if cur and visible_len(candidate) > width:
            lines.append(cur)
            cur = it
        else:
            cur = candidate
    lines.append(cur)
    return lines


def renderer_for(game: Game, term: Term) -> Renderer:
    """The game's own renderer, else the generic one. A built-in game's renderer is
    ``civtable.tui.<game name>.RENDERER``; a game package of one's own may bring its own as
    ``RENDERER`` in the package's ``tui`` module (``race/tui.py``). Only a game whose package is
    ``civtable.games.<name>`` is drawn by ``civtable.tui.<name>``, so a game of one's own named
    like a module of the terminal ("console") never loads that module as its renderer."""
    module = game_module(game, "tui")
    if module is None and game_package(game) == f"civtable.games.{game.info.name}":
        module_name = f"civtable.tui.{game.info.name}"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
    cls = getattr(module, "RENDERER", Renderer) if module is not None else Renderer
    return cls(game, term)  # type: ignore[no-any-return]
