"""The generic engine: state, steps, tricks, claims, melds and observation."""
