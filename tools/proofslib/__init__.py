"""The library of tools/proofs (the Why3 sessions of why3/): replay, results table and JSON, session building,
model execution. The script's header comment says which module holds what."""
