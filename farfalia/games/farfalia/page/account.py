"""A whole game told in words, hand by hand and trick by trick (the command
line's ``replay decode``). Every phrase comes from :mod:`farfalia.ui.texts`."""

from __future__ import annotations

from farfalia.games.farfalia.engine.actions import NO_TRUMP_SUIT
from farfalia.games.farfalia.engine.cards import FAMILY_LETTERS, NO_CARD, card_name
from farfalia.games.farfalia.engine.state import HandResult, Trick
from farfalia.games.farfalia.page.texts import seat_label, suit_text
from farfalia.records.replay import Replay
from farfalia.ui.texts import text


def describe(replay: Replay) -> str:
    """A readable account of the game: every hand's dealer, trump, proposal and
    tricks (who played what, who won, what was picked), the scores and the winners."""
    settings = replay.settings
    names = replay.names or tuple(text("default-name", number=k + 1) for k in range(settings.players))
    game = replay.start()
    variants = f" ({', '.join(sorted(settings.variants))})" if settings.variants else ""
    origin = text("account.seed", seed=replay.seed) if replay.seed is not None else text("account.finished")
    lines = [text("account.header", mode=settings.mode + variants, origin=origin, names=", ".join(names))]
    for action in replay.actions:
        tricks, rounds = game.state.tricks, game.progress().rounds
        game.apply(action)
        if game.progress().rounds > rounds:
            lines += _describe_hand(game.state.results[-1], tricks, names)
    if not game.is_over():
        lines.append(text("account.in-progress", number=len(game.state.results) + 1, actions=len(replay.actions)))
    scores = ", ".join(f"{names[p]} {t}" for p, t in enumerate(game.totals))
    lines.append(text("account.totals", scores=scores))
    if game.is_over():
        lines.append(text("winners", names=", ".join(names[p] for p in game.winners)))
    return "\n".join(lines)


def _describe_hand(result: HandResult, tricks: list[Trick], names: tuple[str, ...]) -> list[str]:
    plan = result.plan

    def seat_name(position: int) -> str:
        return seat_label(names, plan.seats[position], plan.controllers[position], plan.dummies[position])

    trump = text("no-trump") if result.trump == NO_TRUMP_SUIT else text("account.trump", suit=suit_text(result.trump))
    proposal = " ".join(FAMILY_LETTERS[f] for f in result.proposal)
    lines = [text("account.hand", number=plan.number + 1, dealer=names[plan.dealer], trump=trump, proposal=proposal)]
    for number, trick in enumerate(tricks, 1):
        played = ", ".join(f"{seat_name(pos)} {card_name(c)}" for pos, c in trick.plays(plan.positions))
        pick = text("account.picks", card=card_name(trick.picked)) if trick.picked != NO_CARD else ""
        lines.append(text("account.trick", number=number, played=played, winner=seat_name(trick.winner), pick=pick))
    points = ", ".join(f"{names[p]} {pts}" for p, pts in enumerate(result.player_points))
    lines.append(text("account.points", scores=points))
    return lines
