"""Print the service's OpenAPI document (``make docs`` keeps ``specs/openapi.json`` current)."""

from __future__ import annotations

import json
import sys
from typing import Any

from . import create_app


def openapi_document() -> dict[str, Any]:
    """The OpenAPI document the app serves at ``/openapi.json``."""
    app = create_app({"TESTING": True})
    with app.test_client() as client:
        body: dict[str, Any] = client.get("/openapi.json").get_json()
    return body


if __name__ == "__main__":
    sys.stdout.write(json.dumps(openapi_document(), indent=2, sort_keys=True) + "\n")
