"""``GET /v1/cards/{passcode}`` and ``GET /v1/cards?name=`` (api/cards.py)."""

from __future__ import annotations

from flask.testing import FlaskClient

from validator import load_document


def test_a_card_by_passcode_is_a_document_entry_with_facts_and_sources(
        client: FlaskClient) -> None:
    body = client.get("/v1/cards/9126351").get_json()
    assert body["name"] == "Swap Frog" and body["facts"]["grants"] == ["normal_summon"]
    assert body["facts"]["procedures"] == [{"from": ["hand"]}]  # the importer's fact
    assert "procedures" not in body["card"]  # never in a document's entry
    doc = load_document({"cards": {"f": {**body["card"], "owner": "p1"}}})
    assert doc.cards["f"].grants == ("normal_summon",)


def test_a_card_by_name_and_its_goat_version(client: FlaskClient) -> None:
    current = client.get("/v1/cards?name=Gravekeeper's Spy").get_json()
    goat = client.get("/v1/cards?name=Gravekeeper's Spy&variant=goat").get_json()
    assert current["variant"] is None and goat["variant"] == "goat"
    assert goat["text"] != current["text"] and "goat" in current["variants"]


def test_unknown_cards_are_404_problems_with_suggestions(client: FlaskClient) -> None:
    response = client.get("/v1/cards?name=Cyber%20Dragun")
    assert response.status_code == 404 and response.mimetype == "application/problem+json"
    assert "Cyber Dragon" in response.get_json()["detail"]
    assert client.get("/v1/cards/12").status_code == 404
    assert client.get("/v1/cards/123456789012345678901234567890").status_code == 404


def test_a_cards_limits_are_facts_and_what_was_read_is_in_its_entry(
        client: FlaskClient) -> None:
    """Revision 4's limits (§8): R.B. Stage Landing's lock as a fact and in its entry (R.B.
    VALCan Booster's too, its ATK read from ``c:IsAttackBelow(1500)``); Scapegoat's lock,
    whose target the builder could not read, only as a fact."""
    landing = client.get("/v1/cards/5109321").get_json()
    lock = {"applies": "extra_deck", "allows": [{"race": "Machine", "atk_max": 1500}],
            "scope": "turn", "by": "activation"}
    assert landing["facts"]["locks"] == [lock] and landing["card"]["locks"] == [lock]
    assert "activations_per_turn" not in landing["card"]  # its text sets none
    booster = client.get("/v1/cards?name=R.B. VALCan Booster").get_json()
    assert booster["card"]["locks"] == [{**lock, "scope": "rest_of_turn", "by": 0}]
    scapegoat = client.get("/v1/cards/73915051").get_json()
    assert scapegoat["facts"]["locks"][0]["allows"] == "unread"
    assert "locks" not in scapegoat["card"]
    assert booster["card"]["materials"] == [
        {"summon": "link", "min": 2, "max": 2, "rating": 2, "kinds": {"race": "Machine"}}]
    assert {"kind": "ignition", "from": ["field"], "once": "name"} in booster["card"]["effects"]
    doc = load_document({"cards": {"b": {**booster["card"], "owner": "p1"}}})
    materials = doc.cards["b"].materials
    assert materials is not None and materials[0].rating == 2
