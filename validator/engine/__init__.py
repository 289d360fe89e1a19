"""The engine: the duel state, zones, the per-turn ``transitions`` machine and its compiled fast
path, what each action does (``apply``), ``Duel`` and ``validate``, and the legal actions."""
