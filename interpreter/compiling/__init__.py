"""Compiling: the model -> a compiled Ruleset: deck, names, steps, melds, expressions.

May import: base, loading, checking, model, expr, engine.
"""
