"""Playing at the terminal: people and bots around one :class:`~civtable.core.Session`.

Bots act through ``session.step_agents``; when a person must decide, the table shows that seat's
screen (drawn from ``state.view(seat)`` only) and reads commands line by line from the input
stream, so piped input works like typing. Each seat sees only its own view: with several people
at one keyboard in a game with hidden information, a "pass the keyboard" screen clears the
previous seat's screen before the next seat's appears, and ``info`` works out what an action
would do from a position redrawn from the asking seat's knowledge (``state.resample``), so it
never tells what another seat holds or chose in secret.

What the game teaches comes through :mod:`civtable.core.teaching`: the big moments of the view
are printed as they happen, the choices of a short menu and ``info`` say what an action does,
and the end of the game prints the score sheet.
"""

from __future__ import annotations

import random
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from civtable.core import CHANCE, Action, ActionError, IllegalAction, MalformedAction, Session, teaching
from civtable.core.game import GameState
from civtable.core.words import count

from .render import Renderer
from .term import Term, clip, wrap
from .typed import choice_words, resolve, words_begin

Saver = Callable[[], None]


class Quit(Exception):
    """The person asked to stop (``quit`` or end of input)."""


class TerminalTable:
    """Runs a session until it ends or a person quits."""

    def __init__(
        self,
        session: Session,
        agents: Sequence[Any | None],
        renderer: Renderer,
        term: Term,
        stdin: TextIO | None = None,
        save: Saver | None = None,
        narrate: bool = True,
    ) -> None:
        self.session = session
        self.agents = list(agents)
        self.renderer = renderer
        self.term = term
        self.stdin = stdin if stdin is not None else sys.stdin
        self.save = save
        self.narrate = narrate
        self.humans = [p for p, a in enumerate(self.agents) if a is None]
        self.log: list[str] = []
        self.written = 0  # log lines written while narrating a game of bots
        self.seen: dict[int, int] = {}  # seat -> number of log lines shown to it
        self.chosen: dict[int, tuple[int, str]] = {}  # seat -> (position, steps of a staged menu taken)
        self.moments_seen: dict[int, set[str]] = {}  # seat -> the big moments it has been shown
        self.last_seat: int | None = None
        self.sheet_shown = False  # the game's score sheet has been shown at the end
        self.game = session.game
        self.pause = _isatty(self.stdin) and _isatty(term.stream)
        """A screen without room for all that happened since a seat's last decision is preceded by
        a page of it, and waits for Enter (a real terminal only: a pipe keeps every line)."""
        session.listeners.append(self._on_action)

    # ----- events ---------------------------------------------------------------------------
    def _on_action(self, state: GameState, player: int, action: Action, text: str) -> None:
        if text:  # an empty sentence: nothing worth a line (e.g. composing a trade offer)
            # a line the game folds into the last one unseen ("Player 1 draws 3 Land tiles.") replaces it
            both = self.game.fold_log(self.log[-1], text) if len(self.log) > max(self.seen.values(), default=0) else None
            if both is not None:
                self.log[-1] = both
            else:
                self.log.append(text)
        if text and self.narrate and not self.humans:
            self._write_log(keep_last=True)  # the last line waits: the next may fold into it
        if self.save is not None:
            self.save()

    def _write_log(self, keep_last: bool = False) -> None:
        """Narrating a game of bots: write the log's lines not yet written."""
        upto = len(self.log) - 1 if keep_last else len(self.log)
        for line in self.log[self.written:upto]:
            self.term.write(line)
        self.written = max(self.written, upto)

    # ----- main loop --------------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the game ends (returns True) or a person quits (returns False)."""
        try:
            while True:
                self._waiting_for_bots()
                self.session.step_agents(self.agents)
                decision = self.session.state.decision()
                if not decision.players:
                    if self.narrate and not self.humans:
                        self._write_log()
                    self._show_last_moves()
                    self._show_score_sheet()
                    return True
                waiting = [p for p in decision.players if p != CHANCE and self.agents[p] is None]
                if not waiting:  # pragma: no cover - step_agents only stops for people or the end
                    raise IllegalAction("no seat can act: the game is stuck")
                self.human_turn(waiting[0])
        except Quit:
            return False

    def _waiting_for_bots(self) -> None:
        """On a real terminal, a line while bots decide: a searching bot may take a minute, and
        the screen said nothing (the last screen stays until the next decision's)."""
        decision = self.session.state.decision()
        bots = [p for p in decision.players if p != CHANCE and self.agents[p] is not None]
        if decision.is_chance:  # dice or cards first, then perhaps the bots
            bots = [p for p, a in enumerate(self.agents) if a is not None]
        if self.pause and self.humans and bots:
            seats = self.session.record.seats
            names = ", ".join(self.game.seat_name(p) + (f" ({seats[p]})" if p < len(seats) else "") for p in bots)
            self.term.write(self.term.style(f"  Waiting for {names}…", "grey"))

    def _show_last_moves(self) -> None:
        """At the end, show the people what happened since the last of them looked."""
        if not self.humans:
            return
        since = min((self.seen.get(p, 0) for p in self.humans), default=0)
        last = self.log[since:][-12:]
        if last:
            self.term.write("")
            self.term.write(self.term.style("Last moves:", "bold"))
            for line in last:
                self.say(line, "  ")

    def _show_score_sheet(self) -> None:
        """At the end, the game's score sheet (if it has one) for the people at the table."""
        if not self.humans:
            return
        state = self.session.state
        view = state.view(self.humans[0])
        sheet = teaching.score_sheet(self.game, view, state.result().to_json())
        if sheet is None:
            return
        self.term.write("")
        for line in self.renderer.score_sheet(sheet):
            self.term.write(line)
        self.sheet_shown = True

    @property
    def private(self) -> bool:
        """Whether a seat's screen can show what another seat may not see."""
        return self.game.info.information != "perfect"

    def human_turn(self, seat: int) -> None:
        """Show ``seat`` its screen and read commands until it has played one action (or a
        multi-step shortcut)."""
        if len(self.humans) > 1 and seat != self.last_seat and self.private:
            self.pass_device(seat)
        self.last_seat = seat
        self.show(seat)
        while True:
            line = self.read(self.term.style(f"{self.game.seat_name(seat)}> ", "bold", "green"))
            if not line and self.only_option(seat):
                line = "1"  # Enter: the one option the menu shows, as its line under the menu says
            if not line:
                continue
            word, _, rest = line.partition(" ")
            word = word.lower()
            rest = rest.strip()
            try:
                if word in ("quit", "exit", "q"):
                    raise Quit()
                step = self.staged_choice(seat, line)
                if step is not None:
                    if step:  # a step taken: show the next one
                        self.show(seat)
                        continue
                    return  # an action played
                if word in ("help", "h"):
                    for text in self.renderer.help_lines():
                        self.term.write(text)
                elif word == "view":
                    self.view(seat, rest.lower())
                elif word in ("goal", "goals", "win"):
                    self.goal(seat)
                elif word == "log":
                    for entry in self.log[-40:]:
                        self.say(entry, "  ")
                    if not self.log:
                        self.term.write("  (nothing has happened yet)")
                elif word == "undo":
                    self.undo(seat)
                    return
                elif word in ("info", "?") or (word.startswith("?") and len(word) > 1):
                    target = rest if word in ("info", "?") else (word[1:] + " " + rest).strip()
                    self.info(seat, target)
                else:
                    self.play_line(seat, self.renderer.typed(line, self.session.state.legal_actions(seat)))
                    return
            except ActionError as exc:
                self.say(f"✗ {self.renderer.said(str(exc))}", "  ", "red")

    def read(self, prompt: str) -> str:
        if self.stdin is sys.stdin and self.term.stream is sys.stdout and _isatty(sys.stdin):
            return self._read_interactive(prompt)
        self.term.stream.write(prompt)
        self.term.stream.flush()
        line = self.stdin.readline()
        if not line:
            self.term.write("")
            raise Quit()
        if not _isatty(self.stdin):
            self.term.write(line.rstrip("\n"))  # echo piped input so the transcript reads naturally
        return line.strip()

    def _read_interactive(self, prompt: str) -> str:
        """A real terminal: ``input`` with line editing and history (readline, if available)."""
        try:
            import readline  # noqa: F401  (enables editing and history for input())
        except ImportError:  # pragma: no cover - platforms without readline
            pass
        # readline must know which prompt characters take no space: wrap escapes in \x01 .. \x02
        marked = re.sub(r"(\x1b\[[0-9;]*m)", "\x01\\1\x02", prompt)
        try:
            return input(marked).strip()
        except EOFError:
            self.term.write("")
            raise Quit() from None

    # ----- screens ----------------------------------------------------------------------------
    def pass_device(self, seat: int) -> None:
        """The hand-over screen between two people at one keyboard: the previous seat's screen
        (and the terminal's scrollback) is cleared first, so the next person sees only theirs."""
        t = self.term
        t.clear(separator=True)
        t.write(t.style(f"Pass the keyboard to {self.game.seat_name(seat)}, press Enter.", "bold", "yellow"))
        t.write("Everyone else: please look away until they have played.")
        if self.read("").lower() in ("quit", "exit", "q"):
            raise Quit()
        t.clear(separator=True)

    def show(self, seat: int, full: bool = False) -> None:
        """Draw ``seat``'s screen; on a small terminal optional parts are left out unless ``full``."""
        state = self.session.state
        view = state.view(seat)
        recent = self.log[self.seen.get(seat, 0) :][-RECENT:]
        self.seen[seat] = len(self.log)
        t = self.term
        legal = state.legal_actions(seat)
        entries = self.staged_entries(seat)
        if entries is None:
            described = teaching.describe_actions(self.game, view, [a.text() for a in legal]) if len(legal) <= 9 else {}
            menu = self.renderer.menu(legal, view, seat, described)
        else:
            menu = self.renderer.step_menu(entries, view, seat, bool(self.steps_taken(seat)))
        prompt = wrap(self.renderer.prompt_line(view, seat, state.decision().prompt), t.width, limit=3)
        height = 0 if full or not t.height else max(8, t.height - len(menu) - 3 - len(prompt))
        moments = self.new_moments(seat, view)
        self.renderer.whole = full  # 'view all': every part whole, wrapped to the width
        try:
            screen = self.renderer.screen(view, seat, recent, height=height, moments=moments)
            cuts = self.renderer.cuts
            if entries is None and any(described.values()):
                # the descriptions whole, wrapped, when that leaves out nothing more of the screen
                self.renderer.wrap_menu = True
                try:
                    wrapped = self.renderer.menu(legal, view, seat, described)
                finally:
                    self.renderer.wrap_menu = False
                room = 0 if full or not t.height else max(8, t.height - len(wrapped) - 3 - len(prompt))
                trial = self.renderer.screen(view, seat, recent, height=room, moments=moments)
                fits = not room or len(trial) + len(wrapped) + 3 + len(prompt) <= t.height  # (room is 8 at least)
                if len(wrapped) > len(menu) and fits and (not room or (len(trial) <= room and self.renderer.cuts == cuts)):
                    menu, height, screen = wrapped, room, trial
        finally:
            self.renderer.whole = False
        if full:
            screen = [part for line in screen for part in wrap(line, t.width, indent="    ")]
        if self.pause and self.renderer.page_of_events and not full and t.height and self.unseen_players(seat, recent):
            self.waited(recent)
        if entries is None and height and len(screen) > height and any(described.values()):
            # Too tall for the terminal: the menu without its descriptions ('info N' says them)
            # leaves room for the board, so the top of the screen does not scroll away.
            menu = self.renderer.menu(legal, view, seat, {})
            height = max(8, t.height - len(menu) - 3 - len(prompt))
            screen = self.renderer.screen(view, seat, recent, height=height, moments=moments)
        if entries is None and height and len(screen) > height:
            self.renderer.short_menu = True  # still too tall: options grouped by kind, several a line
            try:
                menu = self.renderer.menu(legal, view, seat, {})
            finally:
                self.renderer.short_menu = False
            height = max(8, t.height - len(menu) - 3 - len(prompt))
            screen = self.renderer.screen(view, seat, recent, height=height, moments=moments)
        if entries is not None and height and len(screen) > height:  # a staged menu too tall: two columns
            self.renderer.short_menu = True
            try:
                menu = self.renderer.step_menu(entries, view, seat, bool(self.steps_taken(seat)))
            finally:
                self.renderer.short_menu = False
            height = max(8, t.height - len(menu) - 3 - len(prompt))
            screen = self.renderer.screen(view, seat, recent, height=height, moments=moments)
        t.clear()
        for line in screen:
            t.write(clip(line, t.width))
        t.write("")
        for line in prompt:  # the question whole, on up to three lines
            t.write(line)
        for line in menu:
            t.write(clip(line, t.width))
        if self.only_option(seat):
            t.write(t.style("  (Enter takes it; 'info 1' explains, 'goal', 'undo', 'help', 'quit')", "grey"))
        else:
            t.write(t.style("  (number or text; 'info N' explains, 'goal', 'undo', 'help', 'quit')", "grey"))

    def only_option(self, seat: int) -> bool:
        """Whether Enter alone takes the seat's one option (a game's renderer offers it: Dominations'
        'build nothing' when nothing can be built)."""
        if not self.renderer.enter_takes_only_option:
            return False
        entries = self.staged_entries(seat)
        return len(entries if entries is not None else self.session.state.legal_actions(seat)) == 1

    def unseen_players(self, seat: int, recent: Sequence[str]) -> set[str]:
        """The other players whose events since ``seat``'s last decision its last screen left
        out entirely (it kept the latest :attr:`Renderer.events_kept` of ``recent``)."""
        names = [self.game.seat_name(p) for p in range(len(self.agents))]

        def who(events: Sequence[str]) -> set[str]:
            return {n for e in events for n in names if e.startswith(n + " ")}

        cut = len(recent) - self.renderer.events_kept
        return who(recent[:cut]) - who(recent[cut:]) - {self.game.seat_name(seat)} if cut > 0 else set()

    def waited(self, recent: Sequence[str]) -> None:
        """What happened since the seat's last decision, on a page of its own before its screen
        (which had no room for it), until Enter."""
        t = self.term
        t.clear()
        for line in self.renderer.waited_page(recent, t.height - 2):
            t.write(clip(line, t.width))
        if self.read(t.style("  (Enter: your decision) ", "grey")).lower() in ("quit", "exit", "q"):
            raise Quit()

    def say(self, text: str, indent: str = "", *styles: str) -> None:
        """Write ``text`` wrapped to the terminal's width, every line after the first indented
        once more."""
        t = self.term
        width = max(20, min(t.width, 160) - 1)
        for line in textwrap.wrap(text, width - len(indent) - (2 if styles else 0), subsequent_indent="  ") or [""]:
            t.write(indent + (t.style(line, *styles) if styles else line))

    def new_moments(self, seat: int, view: dict[str, Any]) -> list[dict[str, Any]]:
        """The big moments of ``view`` that ``seat`` has not been shown yet (at most the last 3)."""
        seen = self.moments_seen.setdefault(seat, set())
        fresh = []
        for m in teaching.moments(view):
            key = f"{m['round']}|{m['title']}|{'|'.join(m['lines'])}"
            if key not in seen:
                seen.add(key)
                fresh.append(m)
        return fresh[-3:]

    def view(self, seat: int, what: str) -> None:
        """``view``: the screen again; ``view all``: everything; ``view <part>``: one part."""
        if not what:
            self.show(seat)
            return
        if what == "all":
            self.show(seat, full=True)
            return
        view = self.session.state.view(seat)
        self.renderer.whole = True
        try:
            lines = self.renderer.section(what, view, seat)
        finally:
            self.renderer.whole = False
        if lines is None:
            names = ", ".join(name for name, _ in self.renderer.sections(view, seat))
            raise MalformedAction(f"there is no part called {what!r}; say 'view all' or one of: {names}")
        for line in lines:  # whole, wrapped to the terminal's width
            for part in wrap(line, self.term.width, indent="    "):
                self.term.write(part)
        if not any(line.strip() for line in lines):  # an empty part said so: 'view places' printed nothing
            self.term.write(f"  (nothing in '{what}' yet)")

    def goal(self, seat: int) -> None:
        """``goal``: how the game is won and how far each player is, from the seat's own view."""
        progress = teaching.how_to_win(self.game, self.session.state.view(seat))
        if progress is None:
            self.say(f"{self.game.info.title}: {self.game.info.description}".rstrip(": "), "  ")
            return
        for line in self.renderer.goal_lines(progress, seat):
            self.term.write(line)

    # ----- staged menus: a long menu chosen in small steps (e.g. a tile, then a place, then a turn) --
    def steps_taken(self, seat: int) -> str:
        """The steps of the staged menu ``seat`` has taken in this position ('' for none)."""
        at, chosen = self.chosen.get(seat, (-1, ""))
        return chosen if at == len(self.session.record.actions) else ""

    def staged_entries(self, seat: int) -> list[tuple[str, str]] | None:
        """The entries of the renderer's staged menu at the seat's current step, or None for a
        flat menu."""
        state = self.session.state
        return self.renderer.steps(state.legal_actions(seat), state.view(seat), seat, self.steps_taken(seat))

    def staged_choice(self, seat: int, line: str) -> bool | None:
        """A menu number (or an entry's text, or 'back') of a staged menu: True when a step was
        taken (or undone), False when an action was played, None when the line is something else."""
        entries = self.staged_entries(seat)
        if entries is None:
            return None
        text = " ".join(line.lower().split())
        here = len(self.session.record.actions)
        if text == "back":
            taken = self.steps_taken(seat)
            before = [e for e in self.renderer.step_path(taken)][:-1] if taken else []
            self.chosen[seat] = (here, before[-1] if before else "")
            return True
        if re.fullmatch(r"-?\d+", text):
            if not 1 <= int(text) <= len(entries):  # never a number of the whole list the steps hide
                raise IllegalAction(f"there is no option number {text}; choose {choice_words(len(entries))}")
            target = entries[int(text) - 1][1]
        elif any(text == e[1] for e in entries):
            target = text
        else:
            return None
        legal = {a.text(): a for a in self.session.state.legal_actions(seat)}
        if target in legal:
            self.chosen.pop(seat, None)
            self.session.apply(legal[target], seat)
            return False
        self.chosen[seat] = (here, target)
        return True

    # ----- commands ---------------------------------------------------------------------------
    def play_line(self, seat: int, line: str) -> None:
        try:
            entries = self.staged_entries(seat)
            plan = resolve(self.session.state, seat, line, len(entries) if entries else None)
        except ActionError:
            labelled = self.by_label(seat, line)  # the words of the menu: 'keep Maya + Parthenon'
            if labelled is None:
                raise
            plan = [labelled]
        for action in plan:
            self.session.apply(action, seat)

    def by_label(self, seat: int, line: str) -> Action | None:
        """The one legal action whose menu label is ``line``, or begins with it (four characters
        at least: a stray letter plays nothing), or whose label's words begin with its words
        (``cra`` for 'Craft x1', ``mil leg`` for 'Military Legacy x1')."""
        state = self.session.state
        view = state.view(seat)
        text = " ".join(line.lower().split())
        def plain(action: Action, short: bool = False) -> str:
            return " ".join(re.sub(r"\x1b\[[0-9;]*m", "", self.renderer.action_label(action, view, seat, short)).lower().split())

        labels = {a: plain(a) for a in state.legal_actions(seat)}
        exact = [a for a, label in labels.items() if label == text]
        starts = [a for a, label in labels.items() if label.startswith(text)] if len(text) >= 4 else []
        tokens = text.split()
        words = [a for a, label in labels.items() if tokens and len(tokens[0]) >= 2 and (
            words_begin(tokens, label.split()) or words_begin(tokens, [a.kind, *plain(a, True).split()]))]  # 'benefit mil'

        found = exact or starts or words
        return found[0] if len(found) == 1 else None

    def undo(self, seat: int) -> None:
        if not self.session.can_undo(seat):
            raise IllegalAction(
                "nothing to undo: undo reaches only your own actions this turn, "
                "never across a dice roll, revealed information or another player's action"
            )
        undone = self.session.record.actions[-1][1]
        self.session.undo(seat)
        self.log.append(f"{self.game.seat_name(seat)} takes back '{self.renderer.action_words(undone)}'.")
        if self.save is not None:
            self.save()

    def info(self, seat: int, target: str) -> None:
        """What ``target`` (a menu number or an action text) does and would change for ``seat``.
        With hidden information it is worked out on positions redrawn from the seat's own
        knowledge, twice: a change that differs between the two depends on what the seat cannot
        see, and is not shown."""
        if not target:
            raise MalformedAction("say which action: 'info 3' or 'info' and an action's text")
        state = self.session.state
        entries = self.staged_entries(seat)
        if entries is not None and re.fullmatch(r"-?\d+", target):  # a number of a staged menu names its entry
            if not 1 <= int(target) <= len(entries):
                raise IllegalAction(f"there is no option number {target}; choose {choice_words(len(entries))}")
            number, (label, target) = target, entries[int(target) - 1]
            if target not in {a.text() for a in state.legal_actions(seat)}:
                self.say(re.sub(r"\x1b\[[0-9;]*m", "", label), "  ")  # the entry whole, if the menu cut it
                self.term.write(f"  {number} is a step toward a choice: type {number} to see what follows ('back' returns).")
                return
        plan = resolve(state, seat, self.renderer.typed(target, state.legal_actions(seat)), len(entries) if entries else None)
        before = state.view(seat)
        t = self.term
        said = teaching.describe_action(self.game, before, plan[0].text())
        if said is not None:
            for i, line in enumerate(textwrap.wrap(f"{said['title']}: {said['text']}", min(t.width, 80) - 3)):
                t.write("  " + (t.style(line, "bold") if i == 0 else line))
        if self.private:
            rng = random.Random(len(self.session.record.actions) * 7919 + seat)
            trial, other = state.resample(seat, rng), state.resample(seat, rng)
        else:
            trial, other = state.clone(), None
        for action in plan:
            if said is None:
                self.say(self.game.describe_action(trial, seat, action), "  ", "bold")
            trial.apply(action, seat)
            if other is not None:
                other.apply(action, seat)
        changes = self.renderer.diff(before, trial.view(seat), seat)
        if other is not None:
            same = set(self.renderer.diff(before, other.view(seat), seat))
            hidden = [c for c in changes if c not in same]
            changes = [c for c in changes if c in same]
            if hidden:
                changes.append(f"(and {count(len(hidden), 'change')} that depend on what you cannot see yet)")
        for line in changes or ["(nothing you can see changes yet)"]:
            t.write(clip("    " + line, t.width))
        after = trial.decision()
        if not after.players:
            t.write("    then the game ends")
        elif after.is_chance:
            self.say(f"then chance: {after.prompt}", "    ")
        elif seat not in after.players:
            # only whose decision it is: another seat's prompt could tell what you may not know
            names = ", ".join(self.game.seat_name(p) for p in after.players)
            self.say(f"then it is {names}'s decision", "    ")
        else:
            self.say(f"then you decide: {after.prompt}", "    ")
            follow = trial.legal_actions(seat)
            if not changes and follow:
                # A first step (e.g. 'build granary') shows its effect only with the next one.
                example = trial.clone()
                example.apply(follow[0], seat)
                self.say(f"for example, then '{self.renderer.action_words(follow[0].text())}':", "    ")
                for line in self.renderer.diff(before, example.view(seat), seat) or ["(no visible change)"]:
                    t.write(clip("      " + line, t.width))


RECENT = 60  # the most events since a seat's last decision its screen considers (the log has them all)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
