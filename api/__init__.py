"""duelcheck's HTTP service: a thin Flask layer over :mod:`validator`.

>>> app = create_app({"TESTING": True})
>>> app.test_client().get("/healthz").json
{'status': 'ok'}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

from . import problems, security
from .cards import cards_blp
from .config import Config, load_settings
from .decks import decks_blp
from .duels import fastpath
from .duels.stepping import make_board
from .duels.views import duels_blp, register_store_errors
from .edopro import EdoproImportView  # noqa: F401  (it registers POST /v1/import/edopro)
from .openapi import register_document_schemas
from .teaching import assets, page, teach_blp
from .views import ServiceFlask, docs_static, health_blp, rules_blp, validate_blp
from .workbench import workbench_blp


def create_app(config: Mapping[str, Any] | object | None = None) -> Flask:
    """Build the app: :class:`Config` and the settings from the environment
    (:class:`api.config.Settings`), then ``config``.

    Raises :class:`api.config.ConfigError` (a ``ValueError``) naming a variable whose value
    cannot be used.
    """
    app = ServiceFlask(__name__)
    app.config.from_object(Config)
    app.config.update(load_settings().flask_config())
    if isinstance(config, Mapping):
        app.config.update(config)
    elif config is not None:
        app.config.from_object(config)
    api = problems.ProblemApi(app)
    register_document_schemas(api)
    for blp in (validate_blp, rules_blp, cards_blp, teach_blp, workbench_blp, health_blp):
        api.register_blueprint(blp)
    api.register_blueprint(decks_blp)
    api.register_blueprint(duels_blp)
    app.register_blueprint(docs_static)
    app.register_blueprint(page)
    app.register_blueprint(assets)
    problems.register(app)
    register_store_errors(app)
    security.register(app)
    fastpath.install(app)
    make_board(app)
    return app


__all__ = ["create_app"]
