"""schemathesis against the OpenAPI document: no server error, every response as documented."""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi import checks

from api import create_app

APP = create_app({"TESTING": True})
SCHEMA = schemathesis.openapi.from_wsgi("/openapi.json", APP)

#: The document is semantically checked beyond its schema (card ids must exist, a duel's
#: cards must be placed once...), so schema-valid data may rightly get a 422.
NOT_FOR_US = [checks.positive_data_acceptance]


@SCHEMA.parametrize()
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_api_conforms_to_its_openapi_document(case: schemathesis.Case) -> None:
    case.call_and_validate(excluded_checks=NOT_FOR_US)
