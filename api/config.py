"""Configuration: defaults on :class:`Config`, overridden by environment variables, then by the
``config`` given to :func:`api.create_app`."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

#: Environment variable -> (config key, what it means).
ENVIRONMENT: dict[str, tuple[str, str]] = {
    "DUELCHECK_MAX_BODY_BYTES": ("MAX_CONTENT_LENGTH", "largest request body, in bytes"),
    "DUELCHECK_MAX_ACTIONS": ("DUELCHECK_MAX_ACTIONS", "most actions in one duel document"),
    "DUELCHECK_MAX_LEGAL_ACTIONS": ("DUELCHECK_MAX_LEGAL_ACTIONS",
                                    "most actions one legal-actions answer lists"),
    "DUELCHECK_MAX_BATCH_BYTES": ("DUELCHECK_MAX_BATCH_BYTES",
                                  "largest JSON Lines batch body, in bytes"),
    "DUELCHECK_MAX_BATCH_DOCUMENTS": ("DUELCHECK_MAX_BATCH_DOCUMENTS",
                                      "most duel documents in one JSON Lines batch"),
    "DUELCHECK_MAX_BATCH_ACTIONS": ("DUELCHECK_MAX_BATCH_ACTIONS",
                                    "most actions judged for one JSON Lines batch"),
}


class Config:
    """Defaults; every limit is documented in the README."""

    API_TITLE = "duelcheck"
    API_VERSION = "1"
    OPENAPI_VERSION = "3.0.3"
    OPENAPI_URL_PREFIX = "/"
    OPENAPI_JSON_PATH = "openapi.json"
    OPENAPI_SWAGGER_UI_PATH = "docs"
    OPENAPI_SWAGGER_UI_URL = "/docs/static/"
    API_SPEC_OPTIONS: Mapping[str, Any] = {
        "info": {"description": "A judge in software for Yu-Gi-Oh! TCG duel logs: is every "
                               "action legal, and if not, which rule does the first illegal "
                               "one break."}}
    MAX_CONTENT_LENGTH = 2 * 1024 * 1024
    DUELCHECK_MAX_ACTIONS = 20_000
    DUELCHECK_MAX_LEGAL_ACTIONS = 1_000
    DUELCHECK_MAX_BATCH_BYTES = 32 * 1024 * 1024
    DUELCHECK_MAX_BATCH_DOCUMENTS = 1_000
    DUELCHECK_MAX_BATCH_ACTIONS = 200_000


def from_environment(environ: Mapping[str, str] | None = None) -> dict[str, int]:
    """The overrides the environment sets; a value that is not a positive integer is an error.

    >>> from_environment({"DUELCHECK_MAX_ACTIONS": "500"})
    {'DUELCHECK_MAX_ACTIONS': 500}
    """
    environ = os.environ if environ is None else environ
    out: dict[str, int] = {}
    for name, (key, meaning) in ENVIRONMENT.items():
        raw = environ.get(name)
        if raw is None or raw == "":
            continue
        try:
            value = int(raw)
        except ValueError:
            value = 0
        if value <= 0:
            raise ValueError(f"{name} ({meaning}) must be a positive integer, not {raw!r}")
        out[key] = value
    return out
