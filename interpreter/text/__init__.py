"""Text: a ruleset and its cards in words for people: rules pages, diffs, card and seat names.

May import: base, loading, model, expr, engine, compiling.
"""
