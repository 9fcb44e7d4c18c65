"""Studies: many games at once and what they say about a ruleset.

May import: base, loading, engine, compiling, agents.

`runner` plays ranges of game numbers in this process, in worker processes or
as Ray tasks, and hands their parts back in range order, so a result never
depends on who played which game; `balance` (with `measures`, `stats` and
`firing`) compares rulesets on the same seeds; `report` and `plots` write
what it found as one HTML file.  The report's words are English, like the
generated pages of docs/ and the diagnostics of `validate`: they are for the
authors of rulesets.  Nothing here prints: the front ends do.
"""
