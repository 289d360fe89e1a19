"""A marshmallow schema whose ``load`` tries the loader compiled from it first
(:class:`validator.document.fastload.Compiler`), and lets marshmallow decide (and word any error)
when the input is not plainly valid.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from marshmallow import Schema

from validator.document.fastload import Compiler, Fallback, Load


class FastSchema(Schema):
    """A schema whose :meth:`load` tries the loader compiled from it first.

    ``fast = False`` (on a subclass) loads with marshmallow alone, as tests do to compare.
    """

    fast: ClassVar[bool] = True
    _compiled: ClassVar[dict[type[Schema], Load]] = {}

    def load(self, data: Mapping[str, Any] | Any, *, many: bool | None = None,
             partial: Any = None, unknown: Any = None) -> Any:
        """Load ``data``: compiled when it is plainly valid, else by marshmallow.

        >>> from marshmallow import fields, validate
        >>> class Turn(FastSchema):
        ...     turn = fields.Integer(validate=validate.Range(1, 10))
        >>> Turn().load({"turn": 3})
        {'turn': 3}
        >>> Turn().load({"turn": "3"})  # not plainly valid: marshmallow loads it
        {'turn': 3}
        """
        if self.fast and many is None and partial is None and unknown is None:
            loader = self._compiled.get(type(self))
            if loader is None:
                loader = self._compiled[type(self)] = Compiler().schema(type(self)())
            try:
                return loader(data)
            except Fallback:
                pass
        return super().load(data, many=many, partial=partial, unknown=unknown)
