"""The rules core: cards, settings and hand plans, the state machine, the checked game API and seat views."""
