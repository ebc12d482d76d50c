"""Setup (PC-SETUP, PC-PLAYER), the start and end of a round (PC-ROUND), and every chance draw.

Face-down Leader/Wonder piles and Benefit tokens are drawn at the moment they are turned up:
a uniform draw from the cards not yet seen, which is the same distribution as shuffling them at
setup, and leaves nothing hidden in the state.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any

from civtable.core import Action

from .frames import DealBoards, DrawBattle, DrawChallenge, FollowUp, RevealCard, RevealTokens
from .player import gain
from .story import remember
from .vocab import BATTLE_ROUNDS, CHALLENGE_ROUNDS

if TYPE_CHECKING:
    from .state import PathState

__all__ = ["BATTLE_ROUNDS", "CHALLENGE_ROUNDS"]


def begin(st: PathState) -> None:
    st.advance()


def run_setup(st: PathState) -> bool:
    if st.stage == 0:
        st.stage = 1
        st.stack.extend(DrawBattle(k) for k in (3, 2, 1, 0))
        st.stack.extend(DrawChallenge(k) for k in (3, 2, 1, 0))
        st.stack.append(DealBoards())
        return False
    c = st.content
    for p in st.players:  # PC-PLAYER-3..7
        p.hand = list(c.basics)
        p.pop = 0
        gain(c, p, c.civs[p.civ].start, st.round)
    st.threat = c.battles[st.battles[0]].threat  # PC-SETUP-10
    st.round = 1
    return True


def pile(st: PathState, kind: str, rnd: int) -> tuple[int, int]:
    """(level, number) of the round's face-down pile of ``kind`` (from the Market card)."""
    m = st.content.markets[st.game.num_players]
    return (m.wonders if kind == "wonder" else m.leaders)[rnd - 1]


def run_round_start(st: PathState) -> bool:
    if st.stage == 0:  # PC-ROUND-2: this round's piles are turned up
        st.stage = 1
        if st.round > 1 and st.game.options["unsold"] == "discard":  # P-21, the other reading
            st.market_w.clear()
            st.market_l.clear()
        for kind in ("leader", "wonder"):
            level, k = pile(st, kind, st.round)
            if k:
                st.stack.append(RevealCard(kind, level, k))
        if st.stack:
            return False
    for p in st.players:  # PC-ROUND-4: the hand is last round's 4 played cards + the discovered ones
        if st.round > 1:
            p.hand = sorted(p.left + p.right + p.discovered)
            p.left, p.right, p.discovered = [], [], []
        p.bought = False
    # PC-ROUND-5 / P-18: the Threat shows the Power of the next Battle to come
    nxt = next((k for k, r in enumerate(BATTLE_ROUNDS) if r >= st.round), 3)
    st.threat = st.content.battles[st.battles[nxt]].threat
    return True


def last_round(st: PathState) -> int:
    """The round after which the game ends (PC-END-1: 9; option ``rounds``: a shorter learning game)."""
    return min(st.content.rounds, int(st.game.options.get("rounds", 9)))


def run_round_end(st: PathState) -> bool:
    scores = [p.score(st.content)["score"] for p in st.players]
    if st.round >= last_round(st):  # PC-END-1
        st.finished = True
        best = max(scores)
        remember(st, {"kind": "end", "round": st.round, "scores": scores,
                      "winners": [i for i, x in enumerate(scores) if x == best]})
    else:
        before = next((m["scores"] for m in reversed(st.moments) if m["kind"] == "round"), None)
        gained = [a - b for a, b in zip(scores, before, strict=True)] if before else None
        remember(st, {"kind": "round", "round": st.round, "scores": scores, "gained": gained})
        st.round += 1
    return True


# ----- chance ----------------------------------------------------------------------------------
RESUME = Action("resume")
"""The one outcome of a :class:`~.frames.FollowUp` (only on the game review's copies): the rules
go on with the phases it held back."""


def outcomes(st: PathState, f: Any) -> list[tuple[Action, float]]:
    c = st.content
    acts: list[Action]
    if isinstance(f, DealBoards):
        n = st.game.num_players  # PC-PLAYER-1: boards 1..n
        boards = sorted(range(len(c.civs)), key=lambda i: c.civs[i].number)[:n]
        acts = [Action("deal", tuple(c.civs[i].id for i in perm)) for perm in permutations(boards)]
    elif isinstance(f, DrawChallenge):  # PC-SETUP-4/5: one Challenge of each type
        used = {c.challenges[i].type for i in st.challenges if i >= 0}
        rnd = CHALLENGE_ROUNDS[f.slot]
        acts = [Action("challenge", (ch.id,)) for ch in c.challenges if ch.round == rnd and ch.type not in used]
    elif isinstance(f, DrawBattle):
        rnd = BATTLE_ROUNDS[f.slot]
        acts = [Action("battle", (b.id,)) for b in c.battles if b.round == rnd]
    elif isinstance(f, RevealCard):
        if f.kind == "wonder":
            seen = set(st.drawn_w)
            acts = [Action("reveal", (w.id,)) for i, w in enumerate(c.wonders) if w.level == f.level and i not in seen]
        else:
            seen = set(st.drawn_l)
            acts = [Action("reveal", (x.id,)) for i, x in enumerate(c.leaders) if x.level == f.level and i not in seen]
    elif isinstance(f, FollowUp):
        acts = [RESUME]
    else:
        assert isinstance(f, RevealTokens)
        seen = {t for lv in st.tokens for t in lv}
        pool = [i for i in range(len(c.benefits)) if i not in seen]
        acts = [Action("tokens", (c.benefits[a].id, c.benefits[b].id)) for a, b in combinations(pool, 2)]
    p = 1.0 / len(acts)
    return [(a, p) for a in acts]


def chance_prompt(st: PathState, f: Any) -> str:
    if isinstance(f, DealBoards):
        return "the Civilization boards are dealt"
    if isinstance(f, DrawChallenge):
        return f"a Challenge is drawn for round {'9a' if f.slot == 3 else CHALLENGE_ROUNDS[f.slot]}"
    if isinstance(f, DrawBattle):
        return f"a Battle is drawn for round {'9b' if f.slot == 3 else BATTLE_ROUNDS[f.slot]}"
    if isinstance(f, RevealCard):
        return f"a level {f.level} {f.kind.title()} is turned up"
    if isinstance(f, FollowUp):
        return f.words
    return f"the Benefit tokens of Philosophy level {f.level} are turned up"


def apply_chance(st: PathState, f: Any, a: Action) -> None:
    c = st.content
    if isinstance(f, DealBoards):
        for seat, cid in enumerate(a.args):
            st.players[seat].civ = next(i for i, x in enumerate(c.civs) if x.id == cid)
        st.pop()
    elif isinstance(f, DrawChallenge):
        st.challenges[f.slot] = next(i for i, x in enumerate(c.challenges) if x.id == a.args[0])
        st.pop()
    elif isinstance(f, DrawBattle):
        st.battles[f.slot] = next(i for i, x in enumerate(c.battles) if x.id == a.args[0])
        st.pop()
    elif isinstance(f, RevealCard):
        if f.kind == "wonder":
            i = c.wonder_index[str(a.args[0])]
            st.drawn_w.append(i)
            st.market_w.append(i)
        else:
            i = c.leader_index[str(a.args[0])]
            st.drawn_l.append(i)
            st.market_l.append(i)
        if f.remaining > 1:
            st.stack[-1] = f._replace(remaining=f.remaining - 1)
        else:
            st.pop()
    elif isinstance(f, FollowUp):  # the review's copy goes on with the rules' own phases
        st.pop()
    else:
        assert isinstance(f, RevealTokens)
        st.tokens[f.level] = [c.benefit_index[str(x)] for x in a.args]
        st.pop()
