"""The duel document (contract §1-§3): its schemas, strict JSON text, loading and its compiled
fast path, cross-checks, positions and verdicts."""
