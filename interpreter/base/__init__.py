"""Base: what every stage shares: source positions, diagnostics, where the shipped files are,
the program's words in the player's language (i18n.py, catalogs in locale/).

May import: nothing of interpreter.
"""
