"""Configuration from the environment (api/config.py): one mechanism, one way to fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from api import create_app
from api.config import ENVIRONMENT, ConfigError, load_settings


def test_environment_overrides_defaults_and_explicit_config_wins(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DUELCHECK_MAX_ACTIONS", "7")
    monkeypatch.setenv("DUELCHECK_MAX_BODY_BYTES", "4096")
    monkeypatch.setenv("DUELCHECK_MAX_CANDIDATES", "")  # empty: the default
    app = create_app()
    assert app.config["DUELCHECK_MAX_ACTIONS"] == 7 and app.config["MAX_CONTENT_LENGTH"] == 4096
    assert app.config["DUELCHECK_MAX_CANDIDATES"] == 20_000
    assert create_app({"DUELCHECK_MAX_ACTIONS": 9}).config["DUELCHECK_MAX_ACTIONS"] == 9


def test_defaults() -> None:
    settings = load_settings({})
    assert (settings.host, settings.port, settings.workers, settings.timeout) == \
        ("127.0.0.1", 8000, None, 30)
    config = settings.flask_config()
    assert config["MAX_CONTENT_LENGTH"] == 2 * 1024 * 1024
    assert config["DUELCHECK_MAX_ACTIONS"] == 20_000
    assert config["DUELCHECK_MAX_LEGAL_ACTIONS"] == 1_000
    assert config["DUELCHECK_MAX_STEPS"] == 2_000
    assert load_settings({"DUELCHECK_MAX_STEPS": "50"}).max_steps == 50
    with pytest.raises(ConfigError, match="DUELCHECK_MAX_STEPS='0'"):
        load_settings({"DUELCHECK_MAX_STEPS": "0"})


NUMERIC = [name for name in ENVIRONMENT if name not in ("HOST", "DUELCHECK_ACCESS_LOG",
                                                        "DUELCHECK_DATA_DIR",
                                                        "DUELCHECK_STEP_FASTPATH",
                                                        "DUELCHECK_REDIS_POLL_US")]


def test_the_steps_fast_path_is_on_unless_turned_off() -> None:
    assert load_settings({}).step_fastpath is True
    assert [load_settings({"DUELCHECK_STEP_FASTPATH": value}).step_fastpath
            for value in ("0", "off", "false", "1", "on", "true")] == [False] * 3 + [True] * 3
    with pytest.raises(ConfigError, match="DUELCHECK_STEP_FASTPATH='maybe' is not valid"):
        load_settings({"DUELCHECK_STEP_FASTPATH": "maybe"})


def test_redis_replies_are_polled_for_100_us_by_default_and_0_never_polls() -> None:
    assert load_settings({}).flask_config()["DUELCHECK_REDIS_POLL_US"] == 100
    assert load_settings({"DUELCHECK_REDIS_POLL_US": "0"}).redis_poll_us == 0
    for value in ("-1", "10001", "lots", "1.5"):
        with pytest.raises(ConfigError, match=f"DUELCHECK_REDIS_POLL_US={value!r} is not valid"):
            load_settings({"DUELCHECK_REDIS_POLL_US": value})


@pytest.mark.parametrize("name", NUMERIC)
@pytest.mark.parametrize("value", ["0", "-5", "lots", "1.5"])
def test_every_bad_number_fails_the_same_way_naming_the_variable(name: str, value: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_settings({name: value})
    message = str(caught.value)
    assert message.startswith(f"{name}={value!r} is not valid ({ENVIRONMENT[name]}): ")
    assert "\n" not in message


def test_a_bad_variable_stops_create_app_with_a_value_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DUELCHECK_MAX_ACTIONS", "abc")
    with pytest.raises(ValueError, match="DUELCHECK_MAX_ACTIONS='abc'"):
        create_app()


def test_a_port_out_of_range() -> None:
    with pytest.raises(ConfigError, match="PORT='70000'"):
        load_settings({"PORT": "70000"})


def test_a_held_duel_keeps_as_many_actions_as_one_document_may_have_and_no_more() -> None:
    assert load_settings({}).flask_config()["DUELCHECK_MAX_DUEL_ACTIONS"] == 20_000
    follows = load_settings({"DUELCHECK_MAX_ACTIONS": "40"}).flask_config()
    assert follows["DUELCHECK_MAX_DUEL_ACTIONS"] == 40
    fewer = load_settings({"DUELCHECK_MAX_ACTIONS": "40", "DUELCHECK_MAX_DUEL_ACTIONS": "10"})
    assert fewer.flask_config()["DUELCHECK_MAX_DUEL_ACTIONS"] == 10
    for environ in ({"DUELCHECK_MAX_ACTIONS": "4", "DUELCHECK_MAX_DUEL_ACTIONS": "10"},
                    {"DUELCHECK_MAX_DUEL_ACTIONS": "30000"}):
        with pytest.raises(ConfigError, match=r"^DUELCHECK_MAX_DUEL_ACTIONS='\d+' is not valid "
                           r"\(.*\): a held duel may keep at most DUELCHECK_MAX_ACTIONS "
                           r"\((4|20000)\) actions, so that its document can be judged whole$"):
            load_settings(environ)


@pytest.mark.parametrize("url", ["redis://:::/x", "redis://localhost:port/0",
                                 "redis://localhost:70000/0"])
def test_a_redis_url_redis_cannot_read_stops_the_service_at_start(url: str) -> None:
    with pytest.raises(ConfigError, match=r"^DUELCHECK_STORE='.*' is not valid \(.*\): not a "
                                          r"Redis URL redis-py can read: "):
        load_settings({"DUELCHECK_STORE": url})
    for fine in ("redis://127.0.0.1:6379/0", "rediss://user:pw@host:6380/2",
                 "unix:///run/redis.sock?db=1"):
        assert load_settings({"DUELCHECK_STORE": fine}).store == fine


def test_a_data_dir_that_is_a_file_stops_the_service_at_start(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("", "utf-8")
    with pytest.raises(ConfigError, match=r"^DUELCHECK_DATA_DIR='.*afile' is not valid "
                                          r"\(.*\): it is a file, not a folder$"):
        load_settings({"DUELCHECK_DATA_DIR": str(afile)})
    assert load_settings({"DUELCHECK_DATA_DIR": str(tmp_path / "new")}).data_dir == \
        str(tmp_path / "new")  # made at the first duel
