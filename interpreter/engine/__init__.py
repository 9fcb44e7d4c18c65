"""Engine: runs a compiled ruleset: state, flow program, legality, claims, melds, observations.

May import: base, expr.
"""
