"""The rules: the catalog of rule ids (``specs/rules.toml``), the rulesets, the registry mapping
each id to its named predicates, and the checks themselves."""
