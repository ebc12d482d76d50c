"""Typed decision frames.

Multi-part decisions are a stack of *frames* kept in a game state; the top frame is the decision
being made now. Each kind of frame is a small named, immutable type: a ``typing.NamedTuple``
with field names from the rulebook's vocabulary, given its *tag* (the short name the frame has
in saved states and records) by the ``tagged`` class decorator::

    @tagged("pray")
    class Pray(NamedTuple):
        seat: int
        remaining: int
        taken: tuple[int, ...]
        limit: int

This is the one way to declare a kind. (Every annotated name in a ``NamedTuple`` body is a
field and type checkers refuse plain assignments there, so the tag cannot sit in the body.) The
decorator stores the tag as the class attribute ``TAG``; code reads it with ``tag_of(frame)``,
which type checkers accept for any frame.

Frames are tuples underneath, so they are hashable, cheap to create and compare, and a state
that shares them between clones never sees them change. Rules read them by name
(``frame.remaining``), never by position. A ``FrameCodec`` turns a frame into JSON as
``[tag, field, ...]`` and back (lists become tuples again), so a game needs no per-frame
serialisation code. A field added later with a default value may be missing from older saves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

_K = TypeVar("_K", bound=type)


def tagged(tag: str) -> Callable[[_K], _K]:
    """Class decorator: set a frame kind's ``TAG`` (its name in saved states and records)."""

    if not isinstance(tag, str) or not tag:
        raise TypeError(f"a frame tag must be a non-empty string, not {tag!r}")

    def mark(cls: _K) -> _K:
        if not hasattr(cls, "_fields"):
            raise TypeError(f"{cls.__name__} is not a NamedTuple, so it cannot be a frame kind")
        cls.TAG = tag  # type: ignore[attr-defined]
        return cls

    return mark


def tag_of(frame: Any) -> str:
    """The tag of a frame (or of a frame kind): its name in saved states and records."""
    tag: str = frame.TAG
    return tag


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_jsonable(x) for x in v]
    return v


def _frozen(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_frozen(x) for x in v)
    return v


class FrameCodec:
    """JSON form of one game's frame kinds: ``[TAG, *fields]``."""

    __slots__ = ("_by_tag",)

    def __init__(self, kinds: Iterable[type]) -> None:
        self._by_tag: dict[str, type] = {}
        for k in kinds:
            tag = getattr(k, "TAG", None)
            if not isinstance(tag, str) or not hasattr(k, "_fields"):
                raise TypeError(f"{k.__name__} is not a frame kind (a NamedTuple declared with @tagged(...))")
            if tag in self._by_tag:
                raise TypeError(f"two frame types share the tag {tag!r}")
            self._by_tag[tag] = k

    def kinds(self) -> list[type]:
        return list(self._by_tag.values())

    def to_json(self, frame: Any) -> list[Any]:
        return [tag_of(frame), *(_jsonable(x) for x in frame)]

    def from_json(self, data: Any) -> Any:
        """Rebuild a frame; raises ``ValueError`` in plain words for anything malformed."""
        if not isinstance(data, list) or not data or not isinstance(data[0], str):
            raise ValueError(f"a decision frame must be a list starting with its kind, not {data!r}")
        cls = self._by_tag.get(data[0])
        if cls is None:
            raise ValueError(f"unknown kind of decision frame {data[0]!r}")
        fields = cls._fields  # type: ignore[attr-defined]
        # trailing fields with defaults may be missing (saved before the kind gained them)
        required = len(fields) - len(cls._field_defaults)  # type: ignore[attr-defined]
        if not required <= len(data) - 1 <= len(fields):
            counted = f"{len(fields)}" if required == len(fields) else f"{required} to {len(fields)}"
            raise ValueError(f"a {data[0]!r} frame has {counted} fields ({', '.join(fields)}), not {len(data) - 1}")
        return cls(*(_frozen(x) for x in data[1:]))
