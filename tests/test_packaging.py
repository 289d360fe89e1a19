"""What `pip install .` (the Dockerfile's install) ships, and what the Dockerfile promises."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from tests.helpers import ROOT


def test_the_wheel_carries_the_catalog_and_the_service(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                    "-q", "-w", str(tmp_path), str(ROOT)], check=True, timeout=300,
                   capture_output=True)
    (wheel,) = tmp_path.glob("duelcheck-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("validator/specs/rules.toml", "validator/checks/turn.py", "validator/py.typed",
                   "api/gunicorn_conf.py", "api/views.py", "api/static/app.js",
                   "api/static/index.html", "validator/specs/cases/hand.limit.json"):
        assert needed in names, needed
    assert not any(n.startswith("tests/") for n in names)


def test_dockerfile_runs_gunicorn_as_a_non_root_user_with_a_healthcheck() -> None:
    lines = (ROOT / "Dockerfile").read_text("utf-8").splitlines()
    assert lines[1] == "FROM python:3.11-slim"
    assert "USER duelcheck" in lines
    assert any(line.startswith("HEALTHCHECK") for line in lines)
    assert any("/healthz" in line for line in lines)
    assert lines[-1] == 'CMD ["gunicorn", "-c", "python:api.gunicorn_conf", "api:create_app()"]'
    ignored = (ROOT / ".dockerignore").read_text("utf-8").split()
    assert ".venv" in ignored and ".git" in ignored
