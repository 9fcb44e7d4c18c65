"""Front ends: the ways people reach a game: the CLI, the prompt, simulate, replay, logs, docs.

May import: base, loading, checking, model, expr, engine, compiling, agents, text, study.
"""
