"""Rules and golden cases as data; installed as ``validator.specs`` (see setup.cfg)."""
