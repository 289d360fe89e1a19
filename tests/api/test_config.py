"""Configuration from the environment (api/config.py)."""

from __future__ import annotations

import pytest

from api import create_app
from api.config import from_environment


def test_environment_overrides_defaults_and_explicit_config_wins(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DUELCHECK_MAX_ACTIONS", "7")
    monkeypatch.setenv("DUELCHECK_MAX_BODY_BYTES", "4096")
    app = create_app()
    assert app.config["DUELCHECK_MAX_ACTIONS"] == 7 and app.config["MAX_CONTENT_LENGTH"] == 4096
    assert create_app({"DUELCHECK_MAX_ACTIONS": 9}).config["DUELCHECK_MAX_ACTIONS"] == 9


def test_defaults() -> None:
    config = create_app().config
    assert config["MAX_CONTENT_LENGTH"] == 2 * 1024 * 1024
    assert config["DUELCHECK_MAX_ACTIONS"] == 20_000


@pytest.mark.parametrize("value", ["0", "-5", "lots", "1.5"])
def test_a_bad_limit_names_the_variable(value: str) -> None:
    with pytest.raises(ValueError, match="DUELCHECK_MAX_ACTIONS"):
        from_environment({"DUELCHECK_MAX_ACTIONS": value})
