"""Checking: the located tree against the JSON Schema of ruleset files.

May import: base, loading.
"""
