"""The small family of typed errors every layer of civtable raises.

Every error carries a message written for a person. Errors raised while applying an
action guarantee that the state was not modified.
"""

from __future__ import annotations


class CivtableError(Exception):
    """Base class of every error civtable raises on purpose."""


class Reason(str):
    """The words of a refusal, as two parts: ``plain``, the sentence for everyone (a page where
    people click shows it alone), and ``typed``, how what can be played now is typed (the
    terminal shows it after the sentence, e.g. " ('left ...')"). As a string it is the whole,
    as the terminal shows it (``text`` when the whole is not simply the two parts joined)."""

    plain: str
    typed: str

    def __new__(cls, plain: str, typed: str = "", text: str | None = None) -> Reason:
        self = super().__new__(cls, text if text is not None else plain + typed)
        self.plain = str(plain)
        self.typed = str(typed)
        return self


class ActionError(CivtableError, ValueError):
    """An action could not be applied. The state is unchanged.

    ``str(error)`` is the whole message (the terminal's); ``plain`` is its sentence without how
    actions are typed, and ``typed`` that typed hint ("" when the message has none): a message
    given as a :class:`Reason` keeps its two parts."""

    def __init__(self, message: object = "", *args: object) -> None:
        super().__init__(message, *args)
        self.plain: str = getattr(message, "plain", str(message))
        self.typed: str = getattr(message, "typed", "")


class MalformedAction(ActionError):
    """The action text or JSON is not a well-formed action of this game."""


class IllegalAction(ActionError):
    """The action is well formed but not allowed in the current state."""


class NotYourTurn(IllegalAction):
    """The acting seat is not one of the seats that must decide now."""


class OptionError(CivtableError, ValueError):
    """Unknown game, unknown option or an option value out of range."""


class ContentError(CivtableError, ValueError):
    """A content (rules data) file is malformed or inconsistent.

    ``problems`` lists every problem found, each prefixed with its place in the file.
    """

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        self.problems = list(problems or [])
        if self.problems:
            message = message + ":\n" + "\n".join("  - " + p for p in self.problems)
        super().__init__(message)


class RecordError(CivtableError, ValueError):
    """A game record or saved state is corrupt, tampered with, or does not replay."""
