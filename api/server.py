"""Serving with gunicorn, as ``make serve``, ``duelcheck serve`` and the image do.

The settings are checked before gunicorn is imported (gunicorn itself reads
``WEB_CONCURRENCY`` with ``int()`` at import, which would end in a traceback). Defaults are
safe: sync workers (:mod:`api.worker`: a silent connection does not hold one), one per CPU
the process may use (its affinity and its cgroup's CPU limit, not the host's count),
gunicorn's control socket off, and gunicorn's own error pages (a bad request line, a URI too
long) as problem+json rather than HTML.
"""

from __future__ import annotations

import gc
import json
import socket
import sys
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from validator.cpus import usable_cpus

from .config import ConfigError, Settings, load_settings


def gunicorn_options(settings: Settings) -> dict[str, Any]:
    """gunicorn's settings for ``settings``.

    >>> opts = gunicorn_options(Settings(PORT="9000", WEB_CONCURRENCY="3"))
    >>> (opts["bind"], opts["workers"], opts["control_socket_disable"], opts["accesslog"])
    (['127.0.0.1:9000'], 3, True, None)
    """
    access = settings.access_log
    host = f"[{settings.host}]" if ":" in settings.host else settings.host
    return {
        "bind": [f"{host}:{settings.port}"],
        "workers": settings.workers or usable_cpus(),
        "worker_class": "api.worker.PatientSyncWorker",  # sync, not held by a silent client
        "preload_app": True,  # the shared turn machine is built once, before workers fork
        "timeout": settings.timeout,
        "accesslog": None if access in (None, "off") else access,
        # gunicorn 25.1+ opens a control socket in $HOME by default; nothing here uses it.
        "control_socket_disable": True,
        "pre_fork": freeze_before_fork,
    }


def freeze_before_fork(server: object, worker: object) -> None:
    """Freeze what the preloaded app allocated: a worker's full collections then skip it
    (pauses of 20 ms and more fall to about 2 ms) and its memory pages stay shared."""
    gc.freeze()


def write_problem(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's own error responses (it parses the request before the app sees it) as
    problem+json; it calls this in place of its ``util.write_error``, which writes HTML."""
    body = json.dumps({"type": "about:blank", "title": reason or HTTPStatus(status_int).phrase,
                       "status": status_int,
                       "detail": mesg or "The server could not read the request."}).encode()
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n"
            f"Content-Type: application/problem+json\r\nContent-Length: {len(body)}\r\n\r\n")
    from gunicorn import util

    util.write_nonblock(sock, head.encode("latin-1") + body)


def install_problem_errors() -> None:
    """Make gunicorn answer its own errors with :func:`write_problem`."""
    from gunicorn import util

    util.write_error = write_problem


def settings_or_exit(report: Callable[[str], object] | None = None) -> Settings:
    """The settings, or exit with status 3 after one line naming the bad variable."""
    try:
        return load_settings()
    except ConfigError as exc:
        (report or (lambda m: sys.stderr.write(m + "\n")))(f"duelcheck: {exc}")
        raise SystemExit(3) from None


def cannot_bind(host: str, port: int) -> str | None:
    """Why the service cannot listen on ``host:port`` (another process holds it, the address
    is not this machine's), or None when it can: asked before gunicorn starts, so that a port
    in use is one line, not gunicorn's retries.

    >>> cannot_bind("127.0.0.1", 0) is None
    True
    """
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        return f"cannot listen on {host}:{port}: {exc}"
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            return f"cannot listen on {host}:{port}: {exc.strerror or exc}"
    return None


def serve(options: dict[str, Any]) -> None:
    """Run the app under gunicorn with ``options`` (``GUNICORN_CMD_ARGS`` may add more)."""
    from gunicorn.app.base import BaseApplication

    from . import create_app

    class Server(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            for key, value in options.items():
                self.cfg.set(key, value)
            extra = self.cfg.parser().parse_args(self.cfg.get_cmd_args_from_env())
            for key, value in vars(extra).items():
                if value is not None and key != "args":
                    self.cfg.set(key.lower(), value)
            install_problem_errors()

        def load(self) -> Any:
            return create_app()

    Server().run()
