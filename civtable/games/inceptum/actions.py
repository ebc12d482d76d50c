"""Pre-built action values for Inceptum (actions are immutable, so they are shared)."""

from __future__ import annotations

from civtable.core.actions import Action

from .content import RESOURCES, Content

END = Action("end")
DONE = Action("done")
CANCEL = Action("cancel")
PROPOSE = Action("propose")
ACCEPT = Action("accept")
DECLINE = Action("decline")
KEEP = Action("keep")
REDRAW = Action("redraw")


class ActionTable:
    """Every action of one content, built once: legal-action lists reuse these objects."""

    def __init__(self, c: Content, size: int = 5) -> None:
        self.research = [Action("research", (a.id,)) for a in c.advances]
        self.build = [Action("build", (line.id,)) for line in c.lines]
        self.wonder = [Action("wonder", (w.id,)) for w in c.wonders]
        self.benefit = [Action("benefit", (b.id,)) for b in c.benefits]
        cells = [(r, col) for r in range(1, size + 1) for col in range(1, size + 1)]
        self.slot = [Action("slot", rc) for rc in cells]
        self.upgrade = [Action("upgrade", rc) for rc in cells]
        self.assign = [Action("assign", rc) for rc in cells]
        self.bonus = [Action("bonus", rc) for rc in cells]
        self.row = [Action("row", (r,)) for r in range(1, size + 1)]
        self.col = [Action("col", (k,)) for k in range(1, size + 1)]
        self.bank = [[Action("bank", (a, b)) for b in RESOURCES] for a in RESOURCES]
        self.bank_from = [[x for x in row if x.args[0] != x.args[1]] for row in self.bank]
        self.take = [Action("take", (r,)) for r in RESOURCES]
        self.pray = [Action("pray", (r,)) for r in RESOURCES]
        self.give = [Action("give", (r,)) for r in RESOURCES]
        self.ask = [Action("ask", (r,)) for r in RESOURCES]
        self.offer = [Action("offer", (p,)) for p in range(4)]
        self.dice = [Action("dice", (b, w)) for b in range(1, 7) for w in range(1, 7)]
        self.startroll = [Action("startroll", (s,)) for s in range(2, 13)]
        self.dice_outcomes = [(a, 1 / 36) for a in self.dice]
        self.startroll_outcomes = [(self.startroll[s - 2], (6 - abs(s - 7)) / 36) for s in range(2, 13)]
        self.trait = [Action("trait", (t.id,)) for t in c.traits]
        self.hb = [Action("hb", (h.id,)) for h in c.humble]

    def space(self) -> list[Action]:
        """The fixed action space (for RL adapters), chance outcomes excluded."""
        out: list[Action] = [END, DONE, CANCEL, PROPOSE, ACCEPT, DECLINE, KEEP, REDRAW]
        out += self.research + self.build + self.wonder + self.benefit
        out += self.slot + self.upgrade + self.assign + self.bonus + self.row + self.col
        out += [a for row in self.bank for a in row if a.args[0] != a.args[1]]
        out += self.take + self.pray + self.give + self.ask + self.offer
        return out
