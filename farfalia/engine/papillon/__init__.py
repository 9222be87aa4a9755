"""Papillon, the second game of the rulebooks: a blue round of captures, then an orange
round of shedding (``docs/PAPILLON.md``). Part of the rules core: it imports no other layer."""
