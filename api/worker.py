"""The service's gunicorn worker: a sync worker that does not wait on a silent connection.

gunicorn's sync worker reads a request as soon as it accepts the connection, and blocks
there until the first byte comes. A client that opens a connection and sends nothing (a
browser's speculative preconnect, a load balancer's TCP check, a slow or hostile client)
held the worker until gunicorn's own timeout killed it: two such connections stopped a
two-worker service for 30 s, and a worker holding one took gunicorn's whole 30 s graceful
bound to stop on SIGTERM.

:class:`PatientSyncWorker` waits for the first byte at most
``DUELCHECK_CLIENT_TIMEOUT`` seconds, and stops waiting at once when the worker is told to
stop; a connection silent that long is closed unanswered. A client that starts a request and
then stalls is still bounded by ``DUELCHECK_TIMEOUT`` (gunicorn restarts the worker).
"""

from __future__ import annotations

import os
import select
import socket
import time
from collections.abc import Callable
from typing import Any

from gunicorn import util
from gunicorn.workers.sync import SyncWorker

from .config import load_settings


def first_byte_within(client: socket.socket, wake: int, seconds: float,
                      stopping: Callable[[], bool]) -> bool:
    """Whether ``client`` has something to read (a request, or its closing) within
    ``seconds``. ``wake`` is the worker's signal pipe: a signal wakes the wait, which ends
    False at once if ``stopping()``, and goes on otherwise (a log reopened on SIGUSR1).

    >>> a, b = socket.socketpair()
    >>> r, w = os.pipe()
    >>> first_byte_within(a, r, 0.01, lambda: False)
    False
    >>> _ = b.send(b"G"); first_byte_within(a, r, 5, lambda: False)
    True
    >>> _ = a.recv(1); _ = os.write(w, b"1"); first_byte_within(a, r, 5, lambda: True)
    False
    >>> for s in (a, b): s.close()
    >>> for fd in (r, w): os.close(fd)
    """
    deadline, fd = time.monotonic() + seconds, client.fileno()
    while (left := deadline - time.monotonic()) > 0:
        ready, _, _ = select.select([fd, wake], [], [], left)
        if fd in ready:
            return True
        if wake in ready:
            os.read(wake, 64)
            if stopping():
                return False
    return False


class PatientSyncWorker(SyncWorker):  # type: ignore[misc]
    """gunicorn's sync worker, which waits at most ``DUELCHECK_CLIENT_TIMEOUT`` seconds for a
    connection's first byte and not at all once it is told to stop (module docstring)."""

    client_timeout = 5.0

    def run(self) -> None:
        self.client_timeout = float(load_settings().client_timeout)
        super().run()

    def accept(self, listener: Any) -> None:
        client, addr = listener.accept()
        client.setblocking(True)
        util.close_on_exec(client)
        if not first_byte_within(client, self.PIPE[0], self.client_timeout,
                                 lambda: not self.alive):
            client.close()  # silent for too long, or the worker is stopping
            return
        self.handle(listener, client, addr)
