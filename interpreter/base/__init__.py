"""Base: what every stage shares: source positions, diagnostics, where the shipped files are.

May import: nothing of interpreter.
"""
