"""schemathesis against the OpenAPI document: no server error, every response as documented.

The examples are drawn from a fixed seed (``derandomize``, and no example database), so a
run finds what the last one found; a server error it finds is kept as a regular test
(tests/api/test_server.py: a crafted position).
"""

from __future__ import annotations

import tempfile

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi import checks

from api import create_app

# A JSON Lines batch is documented as text (one document per line): send it as text.
schemathesis.serializer.alias("application/x-ndjson", "text/plain")

APP = create_app({"TESTING": True, "DUELCHECK_DATA_DIR": tempfile.mkdtemp()})
SCHEMA = schemathesis.openapi.from_wsgi("/openapi.json", APP)

#: The document is semantically checked beyond its schema (card ids must exist, a duel's
#: cards must be placed once...), so schema-valid data may rightly get a 422.
NOT_FOR_US = [checks.positive_data_acceptance]
#: Any JSON Lines body is text on the wire, and a batch answers 200 with a problem line for
#: each bad line: "schema-violating" batch bodies are rightly accepted.
NOT_FOR_BATCHES = [*NOT_FOR_US, checks.negative_data_rejection]


@SCHEMA.parametrize()
@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_api_conforms_to_its_openapi_document(case: schemathesis.Case) -> None:
    batch = case.media_type == "application/x-ndjson"
    case.call_and_validate(excluded_checks=NOT_FOR_BATCHES if batch else NOT_FOR_US)
