"""gunicorn settings, for running gunicorn directly: ``gunicorn -c python:api.gunicorn_conf
'api:create_app()'``. ``make serve``, ``duelcheck serve`` and the image use
:mod:`api.server`, which checks the environment before gunicorn reads it.

The same settings as :func:`api.server.gunicorn_options`; a bad variable stops gunicorn
with one line naming it (exit status 3).
"""

from __future__ import annotations

from api.server import gunicorn_options, install_problem_errors, settings_or_exit

globals().update(gunicorn_options(settings_or_exit()))
install_problem_errors()
