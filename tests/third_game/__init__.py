"""Plain Tricks: a small third game, used only by the test suite, that joins the site through the
registry with no line changed outside this folder (after OpenSpiel's Python games). Two or three
players are dealt five cards each from a shuffled deck of three suits of seven; they must follow
suit, the highest card of the suit led wins the trick, a trick is a point; two rounds.

Its floors mirror a game of the site's: :mod:`.engine` (the rules, the seat views),
:mod:`.records` (its replay texts), :mod:`.bots` (a heuristic and a search model), :mod:`.page`
(its table and viewer) and :mod:`.site` (the object the registry holds). Its words are plain
English: it is never shown to players.
"""
