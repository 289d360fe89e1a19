"""Typed exceptions: each is a ``ValueError`` that carries enough to reproduce the case."""

from __future__ import annotations

from typing import Any


def _stringify_keys(errors: Any) -> Any:
    """Make marshmallow's integer list indexes JSON-style string keys, recursively.

    >>> _stringify_keys({"actions": {3: {"card": ["x"]}}})
    {'actions': {'3': {'card': ['x']}}}
    """
    if isinstance(errors, dict):
        return {str(k): _stringify_keys(v) for k, v in errors.items()}
    return errors


def flatten_errors(errors: Any, prefix: str = "") -> list[tuple[str, str]]:
    """Path-keyed errors as ``(dotted path, message)`` pairs, for one-line reports.

    >>> flatten_errors({"actions": {"3": {"card": ["Unknown card id 'c9'."]}}})
    [('actions.3.card', "Unknown card id 'c9'.")]
    """
    if isinstance(errors, dict):
        out: list[tuple[str, str]] = []
        for key, value in errors.items():
            out += flatten_errors(value, f"{prefix}.{key}" if prefix else str(key))
        return out
    if isinstance(errors, list):
        return [pair for item in errors for pair in flatten_errors(item, prefix)]
    return [(prefix or "_document", str(errors))]


class DocumentError(ValueError):
    """A duel document that is not well formed: not a verdict but a list of field errors.

    ``errors`` is keyed by path in marshmallow's nested style, list indexes as strings.

    >>> err = DocumentError({"actions": {3: {"card": ["Unknown card id 'c9'."]}}})
    >>> err.errors
    {'actions': {'3': {'card': ["Unknown card id 'c9'."]}}}
    >>> str(err)
    "actions.3.card: Unknown card id 'c9'."
    """

    def __init__(self, errors: dict[Any, Any]) -> None:
        self.errors: dict[str, Any] = _stringify_keys(errors)
        super().__init__("; ".join(f"{p}: {m}" for p, m in flatten_errors(self.errors)))


class IllegalActionError(ValueError):
    """An action that breaks a rule, raised by :meth:`validator.Duel.push`. ``index`` counts
    the document's actions from 0, as ``violation.index`` does; the text names the action as
    a person counts, from 1.

    >>> e = IllegalActionError(4, "summon.normal-once", "p1 already Normal Summoned.", {})
    >>> (e.index, e.rule, str(e))
    (4, 'summon.normal-once', 'action 5: summon.normal-once: p1 already Normal Summoned.')
    """

    def __init__(self, index: int, rule: str, message: str, action: dict[str, Any]) -> None:
        self.index = index
        self.rule = rule
        self.message = message
        self.action = action
        super().__init__(f"action {index + 1}: {rule}: {message}")

