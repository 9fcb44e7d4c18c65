"""The card table in the browser (`cardrules serve`): a lobby, tables of any ruleset, seats for
people with join links and for agents, every table saved after each move as the prompt saves.

Part of the front ends: it talks to the engine through observations, legal actions and their
explanations only, and needs the extra `cardrules[web]` (Starlette and uvicorn).
"""
