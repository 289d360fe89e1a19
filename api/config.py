"""Configuration: every environment variable the service reads, in one pydantic-settings
model, so that each fails the same way: one line naming the variable, its value and what it
should be. Defaults live on the fields; ``create_app(config)`` overrides them last.

>>> Settings(DUELCHECK_MAX_ACTIONS="500").max_actions
500
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class ConfigError(ValueError):
    """An environment variable with a value the service cannot use; the message is one line.

    >>> str(ConfigError("PORT", "abc", "Input should be a valid integer", "the port"))
    "PORT='abc' is not valid (the port): input should be a valid integer"
    """

    def __init__(self, name: str, value: Any, problem: str, meaning: str) -> None:
        self.name, self.value = name, value
        problem = problem.removeprefix("Value error, ")  # pydantic's words for our own checks
        super().__init__(f"{name}={value!r} is not valid ({meaning}): "
                         f"{problem[:1].lower()}{problem[1:]}")


def _env(name: str, default: Any, meaning: str, **bounds: Any) -> Any:
    return Field(default, validation_alias=name, description=meaning, **bounds)


class Settings(BaseSettings):
    """The service's settings, read from the environment (README: "Limits" and "Serving")."""

    model_config = SettingsConfigDict(case_sensitive=True, env_ignore_empty=True,
                                      extra="ignore", populate_by_name=False)

    host: str = _env("HOST", "127.0.0.1", "the address the server listens on")
    port: int = _env("PORT", 8000, "the TCP port the server listens on", ge=1, le=65535)
    workers: int | None = _env("WEB_CONCURRENCY", None,
                               "gunicorn worker processes; default one per usable CPU", gt=0)
    timeout: int = _env("DUELCHECK_TIMEOUT", 30,
                        "seconds a worker may spend on one request before it is restarted",
                        gt=0)
    client_timeout: int = _env("DUELCHECK_CLIENT_TIMEOUT", 5,
                               "seconds a worker waits for the first byte of a request on a "
                               "connection before it closes it", gt=0)
    access_log: str | None = _env("DUELCHECK_ACCESS_LOG", None,
                                  "where gunicorn writes its access log: - for standard "
                                  "output, a file path, or off")
    max_body_bytes: int = _env("DUELCHECK_MAX_BODY_BYTES", 2 * 1024 * 1024,
                               "largest request body, in bytes", gt=0)
    max_actions: int = _env("DUELCHECK_MAX_ACTIONS", 20_000,
                            "most actions in one request (one duel document, or "
                            "all the games of one report)", gt=0)
    max_legal_actions: int = _env("DUELCHECK_MAX_LEGAL_ACTIONS", 1_000,
                                  "most actions one legal-actions answer lists", gt=0)
    max_candidates: int = _env("DUELCHECK_MAX_CANDIDATES", 20_000,
                               "most candidate actions one legal-actions request checks",
                               gt=0)
    max_batch_bytes: int = _env("DUELCHECK_MAX_BATCH_BYTES", 32 * 1024 * 1024,
                                "largest JSON Lines batch body, in bytes", gt=0)
    max_batch_documents: int = _env("DUELCHECK_MAX_BATCH_DOCUMENTS", 1_000,
                                    "most duel documents in one JSON Lines batch", gt=0)
    max_batch_actions: int = _env("DUELCHECK_MAX_BATCH_ACTIONS", 200_000,
                                  "most actions judged for one JSON Lines batch", gt=0)
    max_steps: int = _env("DUELCHECK_MAX_STEPS", 2_000,
                          "most actions of a duel whose board POST /v1/steps shows at every "
                          "step", gt=0)
    store: str = _env("DUELCHECK_STORE", "sqlite",
                      "where held duels live: sqlite (a file in DUELCHECK_DATA_DIR) or a "
                      "redis:// (rediss://, unix://) URL shared by every instance",
                      pattern=r"^(sqlite|(redis|rediss|unix)://.*)$")
    data_dir: str | None = _env("DUELCHECK_DATA_DIR", None,
                                "the folder of the service's own files (the held duels' "
                                "SQLite file); default $XDG_DATA_HOME/duelcheck or "
                                "~/.local/share/duelcheck")
    duel_idle_seconds: int = _env("DUELCHECK_DUEL_IDLE_SECONDS", 86_400,
                                  "seconds a held duel is kept without an action kept", gt=0)
    max_duels: int = _env("DUELCHECK_MAX_DUELS", 10_000, "most duels held at once", gt=0)
    max_duel_actions: int | None = _env("DUELCHECK_MAX_DUEL_ACTIONS", None,
                                        "most actions one held duel keeps; by default and at "
                                        "most DUELCHECK_MAX_ACTIONS, so that a duel's "
                                        "document can be judged whole", gt=0)
    step_fastpath: bool = _env("DUELCHECK_STEP_FASTPATH", True,
                               "serve a held duel's plain steps in front of Flask's request "
                               "cycle (the same answers, faster): 1 (the default) or 0")
    redis_poll_us: int = _env("DUELCHECK_REDIS_POLL_US", 100,
                              "microseconds a worker polls for a Redis reply before it sleeps "
                              "on it (a late one puts the next few to sleep); 0: never polls",
                              ge=0, le=10_000)

    @field_validator("store")
    @classmethod
    def _store_url(cls, value: str) -> str:
        """A Redis URL must be one redis-py can read (its host, port and database), so that
        a mistyped one stops the service at start, not at the first duel."""
        if value != "sqlite":
            from redis.connection import parse_url

            try:
                parse_url(value)  # type: ignore[no-untyped-call]
            except ValueError as exc:
                raise ValueError(f"not a Redis URL redis-py can read: {exc}") from None
        return value

    @field_validator("data_dir")
    @classmethod
    def _folder(cls, value: str | None) -> str | None:
        if value is not None and Path(value).exists() and not Path(value).is_dir():
            raise ValueError("it is a file, not a folder")
        return value

    @field_validator("max_duel_actions")
    @classmethod
    def _within_a_document(cls, value: int | None, info: ValidationInfo) -> int | None:
        most = info.data.get("max_actions")
        if value is not None and most is not None and value > most:
            raise ValueError(f"a held duel may keep at most DUELCHECK_MAX_ACTIONS ({most}) "
                             f"actions, so that its document can be judged whole")
        return value

    def flask_config(self) -> dict[str, Any]:
        """The Flask config keys these settings give.

        >>> Settings().flask_config()["MAX_CONTENT_LENGTH"]
        2097152
        """
        return {"MAX_CONTENT_LENGTH": self.max_body_bytes,
                "DUELCHECK_MAX_ACTIONS": self.max_actions,
                "DUELCHECK_MAX_LEGAL_ACTIONS": self.max_legal_actions,
                "DUELCHECK_MAX_CANDIDATES": self.max_candidates,
                "DUELCHECK_MAX_BATCH_BYTES": self.max_batch_bytes,
                "DUELCHECK_MAX_BATCH_DOCUMENTS": self.max_batch_documents,
                "DUELCHECK_MAX_BATCH_ACTIONS": self.max_batch_actions,
                "DUELCHECK_MAX_STEPS": self.max_steps,
                "DUELCHECK_STORE": self.store, "DUELCHECK_DATA_DIR": self.data_dir,
                "DUELCHECK_DUEL_IDLE_SECONDS": self.duel_idle_seconds,
                "DUELCHECK_MAX_DUELS": self.max_duels,
                "DUELCHECK_MAX_DUEL_ACTIONS": self.max_duel_actions or self.max_actions,
                "DUELCHECK_STEP_FASTPATH": self.step_fastpath,
                "DUELCHECK_REDIS_POLL_US": self.redis_poll_us}


#: Environment variable -> what it means (for docs and errors).
ENVIRONMENT: dict[str, str] = {
    str(field.validation_alias): field.description or ""
    for field in Settings.model_fields.values()}


def load_settings(environ: Mapping[str, str] | None = None) -> Settings:
    """The settings from the environment (or from ``environ``, for tests).

    Raises :class:`ConfigError` for the first variable whose value cannot be used.

    >>> load_settings({"DUELCHECK_MAX_ACTIONS": "-5"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    api.config.ConfigError: DUELCHECK_MAX_ACTIONS='-5' is not valid (...): input should be ...
    """
    try:
        if environ is None:
            return Settings()
        return Settings.model_validate({k: v for k, v in environ.items()
                                        if k in ENVIRONMENT and v != ""})
    except ValidationError as exc:
        first = exc.errors()[0]
        name = str(first["loc"][0])
        raise ConfigError(name, first["input"], first["msg"], ENVIRONMENT.get(name, "")) \
            from None


class Config:
    """Flask and flask-smorest settings that no environment variable changes."""

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
