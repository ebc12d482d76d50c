"""OpenSpiel observers of civtable games (``game.make_py_observer``): a seat's observation or
information state, the public observation or information state, and a seat's private
observation or information state (see :mod:`civtable.rl.openspiel`)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from .public import public_view

if TYPE_CHECKING:
    from .openspiel import CivtableSpielState, _Box, _Context


class CivtableObserver:
    """Observation (``perfect_recall=False``) or information state (``True``) of a seat, the
    public observation (``private_info=NONE``: what every seat sees), or a seat's private
    observation (``public_info=False``: what only it sees): a ``tensor`` with named pieces in
    ``dict``, and a string (see :mod:`civtable.rl.openspiel`)."""

    def __init__(self, ctx: _Context, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"civtable observers take no parameters, not {params}")
        self.ctx = ctx
        self.recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        self.kind = _observer_kind(ctx, iig_obs_type)
        self.public = self.kind == "public"
        if self.public:
            pieces = [("public", ctx.public.size)]
            if self.recall:  # the public information state: states made from now on record their public history
                ctx.track_public = True
                pieces.append(("public_steps", 1))
        else:
            pieces = [(self.kind, ctx.obs_size)]
            if self.kind == "private" and self.recall:  # the private information state: moves from now on record it
                ctx.track_private = True
            if self.recall:
                pieces.append(("tokens_chosen", ctx.n_actions))
        self.tensor = np.zeros(sum(size for _, size in pieces), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, size in pieces:
            self.dict[name] = self.tensor[at:at + size]
            at += size
        self._obs = np.empty(ctx.obs_size, np.float32)

    def set_from(self, state: CivtableSpielState, player: int) -> None:
        player = self.ctx.seat(player)
        box = state._box
        if self.public:
            self.ctx.public.encode(box.state, self.dict["public"])
            if self.recall:
                self.dict["public_steps"][0] = min(1.0, (len(_public_history(box)) - 1) / self.ctx.max_len)
            return
        if self.kind == "private":
            self.ctx.private_observe(box, player, self.dict["private"])
        else:
            self.ctx.observe(box, player, self.dict["observation"])
        if self.recall:
            chosen = self.dict["tokens_chosen"]
            chosen.fill(0.0)
            if box.chosen[player]:
                chosen[list(box.chosen[player])] = 1.0

    def string_from(self, state: CivtableSpielState, player: int) -> str:
        player = self.ctx.seat(player)
        box = state._box
        if self.public:
            now = "public: " + json.dumps(public_view(box.state), sort_keys=True, separators=(",", ":"))
            if not self.recall:
                return now
            history = _public_history(box)
            return "\n".join([f"public, {len(history) - 1} steps", *history, now])
        space = self.ctx.space
        if self.kind == "private":
            now = self.ctx.private_string(box, player)
            if not self.recall:
                return now
            if any(private is None for _, _, private in box.records[player]):
                raise ValueError(f"seat {player + 1} moved before its private history was recorded: make the private "
                                 "information-state observer (perfect_recall=True, public_info=False) before "
                                 "new_initial_state()")
            lines = [f"{private} -> {space.name(token)}" for _, token, private in box.records[player]]
            return "\n".join([f"seat {player + 1} private, {len(lines)} moves", *lines, now])
        now = self.ctx.observation_string(box, player)
        if not self.recall:
            return now
        lines = [f"{digest} -> {space.name(token)}" for digest, token, _ in box.records[player]]
        return "\n".join([f"seat {player + 1}, {len(lines)} moves", *lines, now])


def _public_history(box: _Box) -> list[str]:
    """The digests of the state's public observations from its start, refused in plain words for
    a state made before anyone asked for a public information state."""
    if box.public is None:
        raise ValueError("this state does not record its public history: make the public information-state "
                         "observer (perfect_recall=True, private_info=NONE) before new_initial_state()")
    return box.public


def _observer_kind(ctx: _Context, t: Any) -> str:
    """``"observation"`` (a seat's), ``"public"`` or ``"private"`` for an observation type civtable
    provides; any other is refused in plain words."""
    if t is None:
        return "observation"
    kinds = pyspiel.PrivateInfoType
    title = ctx.civ.info.title
    if t.private_info == kinds.NONE and t.public_info:
        return "public"
    if t.private_info == kinds.ALL_PLAYERS and t.public_info:
        if ctx.civ.info.information == "perfect":
            return "observation"  # a seat sees everything: its observation is the whole position
        raise ValueError(f"{title} hides information from the players (cards, tiles or choices of other seats), "
                         "so an observation with every player's private information is not provided; ask for "
                         "one seat's (private_info=SINGLE_PLAYER) or the public one (private_info=NONE)")
    if t.private_info == kinds.SINGLE_PLAYER and t.public_info:
        return "observation"
    if t.private_info == kinds.SINGLE_PLAYER:
        if ctx.private_slices is None:
            raise ValueError(f"{title}'s encoder does not declare which slices are public (PUBLIC), so a seat's "
                             "private observation (public_info=False) is not provided")
        return "private"
    raise ValueError("civtable observers show one seat what it may see (public_info=True, private_info="
                     "SINGLE_PLAYER), what every seat sees (public_info=True, private_info=NONE) or what only "
                     "one seat sees (public_info=False, private_info=SINGLE_PLAYER); other types (public_info="
                     "False with private_info NONE or ALL_PLAYERS) are not provided")
