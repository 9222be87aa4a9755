"""Games written down: action notation, replay texts and the rulebook's worked examples."""
