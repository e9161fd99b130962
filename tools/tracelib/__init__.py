"""Traceability between spec/ requirements and their implementation, tests, proofs and inspections."""
