"""Why3 sessions of why3/: replay, results table and JSON, session building, model execution."""
