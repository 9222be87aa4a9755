"""The bots: sampling hidden cards from a seat view, the heuristic, the search, tournaments."""
