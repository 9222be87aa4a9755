"""A whole game of Papillon told in words, decision by decision and round by round (the command
line's ``replay decode``). Every phrase comes from the catalogs."""

from __future__ import annotations

from farfalia.games.papillon.engine.game import PapillonGame
from farfalia.games.papillon.page.words import LastPlay, play_words
from farfalia.records.replay import Replay
from farfalia.ui.texts import text


def describe(replay: Replay) -> str:
    """Every decision as it was taken ("Anna plays …"), each round's points, the scores and the winners."""
    settings = replay.settings
    names = replay.names or tuple(text("default-name", number=k + 1) for k in range(settings.players))
    game: PapillonGame = replay.start()
    origin = text("account.seed", seed=replay.seed) if replay.seed is not None else text("pa.account.finished")
    lines = [text("pa.account.header", players=settings.players, origin=origin, names=", ".join(names))]
    for action in replay.actions:
        play = LastPlay.before(game, action)
        rounds = len(game.round_scores())
        game.apply(action, check=False)
        lines.append(play_words(play, settings.yang, names))
        if len(game.round_scores()) > rounds:
            points = ", ".join(f"{names[p]} {score}" for p, score in enumerate(game.round_scores()[-1]))
            lines.append(text(f"pa.round-over.{settings.colours[rounds]}") + f" {points}")
    scores = ", ".join(f"{names[p]} {score}" for p, score in enumerate(game.returns()))
    lines.append(text("account.totals", scores=scores))
    if game.is_over():
        lines.append(text("winners", names=", ".join(names[p] for p in game.winners)))
    return "\n".join(lines)
