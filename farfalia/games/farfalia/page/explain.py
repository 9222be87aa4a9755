"""What the screen says about the game, beyond the cards: whose turn it is, who
plays with whom, what the viewer's side still needs, the rules that apply now,
and how a trick or a game ended. Pure functions of a seat view and the names."""

from __future__ import annotations

from collections.abc import Sequence

from farfalia.games.farfalia.bots.inference import side_needs
from farfalia.games.farfalia.engine.actions import NO_TRUMP_SUIT
from farfalia.games.farfalia.engine.cards import BUTTERFLY, NO_CARD
from farfalia.games.farfalia.engine.state import Trick
from farfalia.games.farfalia.engine.views import View
from farfalia.games.farfalia.page.texts import card_text, count_text, seat_label
from farfalia.ui.texts import join_names, plural_text, text


def turn_status(view: View, names: Sequence[str], discards_left: int) -> str:
    """The status line: "Your turn: play a card." for the viewer, else who is deciding."""
    turn = view.to_act
    if turn is None:
        return ""
    if turn.player != view.viewer:
        return text("waiting", name=names[turn.player])
    if turn.decision == "double-you":
        return text("turn.double-you", left=view.doubles_left[turn.player])
    return text(f"turn.{turn.decision}", left=discards_left)


def _sides(view: View, names: Sequence[str]) -> dict[int, list[str]]:
    """Each side's members by name (dummies as "Dummy of …"), in seat order."""
    plan = view.plan
    assert plan is not None
    members: dict[int, list[str]] = {}
    for seat, controller, side, dummy in zip(plan.seats, plan.controllers, plan.sides, plan.dummies, strict=True):
        members.setdefault(side, []).append(seat_label(names, seat, controller, dummy))
    return members


def partnership_line(view: View, names: Sequence[str]) -> str:
    """Who plays with whom this hand, from the viewer's chair: "You play with Anna
    against Bea and Carl" (every side named for an onlooker)."""
    plan = view.plan
    if plan is None:
        return ""
    sides = _sides(view, names)
    if view.viewer is None or view.viewer not in plan.seats:
        return text("sides", sides=text("list-separator").join(join_names(members) for members in sides.values()))
    mine = plan.sides[plan.seats.index(view.viewer)]
    partners = [name for name in sides[mine] if name != names[view.viewer]]
    others = " " + text("and-against") + " "
    against = others.join(join_names(members) for side, members in sides.items() if side != mine)
    if partners:
        return text("you-play-with", partners=join_names(partners), opponents=against)
    return text("you-play-alone", opponents=against)


def needs_line(view: View) -> str:
    """What the viewer's side may still collect: "Your side needs: 1 seashell, 2 butterflies"."""
    plan = view.plan
    if plan is None or not view.proposal or view.viewer is None or view.viewer not in plan.seats:
        return ""
    side = plan.sides[plan.seats.index(view.viewer)]
    need = side_needs(view)[side]
    wanted = [count_text(family, count) for family, count in enumerate(need) if count > 0]
    return text("side-needs", families=", ".join(wanted)) if wanted else text("side-complete")


def notices(view: View) -> list[str]:
    """The rules the screen should mention now: no picks in the first tricks, no
    trump because of a butterfly, the last hand scoring double, a doubled player."""
    plan = view.plan
    if plan is None:
        return []
    found = []
    if plan.multiplier > 1:
        found.append(text("notice.double-hand"))
    if plan.trump_from_subject and view.proposal and view.proposal[0] == BUTTERFLY:
        found.append(text("notice.butterfly-no-trump"))
    elif view.trump == NO_TRUMP_SUIT and view.phase in ("play", "pick"):
        found.append(text("notice.no-trump"))
    if view.phase in ("play", "pick") and len(view.tricks) < plan.first_pick_trick:
        found.append(text("notice.no-picks", tricks=plan.first_pick_trick))
    return found


def trick_line(view: View, names: Sequence[str]) -> str:
    """Who won the last trick and what was taken, while the next has not started."""
    if view.trick or not view.tricks or not view.seats:
        return ""
    return _won_line(view, view.tricks[-1], names)


def position_name(view: View, position: int, names: Sequence[str]) -> str:
    """The name of the place at ``position`` (a player's, or "Dummy of …")."""
    info = view.seats[position]
    return seat_label(names, info.seat, info.controller, info.is_dummy)


def _won_line(view: View, trick: Trick, names: Sequence[str]) -> str:
    """Who won ``trick`` and what was taken."""
    winner = position_name(view, trick.winner, names)
    if trick.picked == NO_CARD:
        return text("trick-won", name=winner)
    return text("trick-won-taken", name=winner, card=card_text(trick.picked))


def last_trick_line(view: View, names: Sequence[str]) -> str:
    """The hand's last completed trick, card by card, who won it and what was taken
    (the keyboard's "last trick"); or that none has been played yet."""
    if not view.tricks or not view.seats:
        return text("no-last-trick")
    trick = view.tricks[-1]
    plays = [
        text("card-by", card=card_text(card), name=position_name(view, position, names))
        for position, card in trick.plays(len(view.seats))
    ]
    return text("last-trick-line", plays=text("list-separator").join(plays), won=_won_line(view, trick, names))


def result_line(winners: Sequence[int], humans: Sequence[int], names: Sequence[str]) -> str:
    """The end of the game for the one human at the screen: "You won!" or who did."""
    if len(humans) != 1:
        return ""
    if humans[0] in winners:
        others = [names[p] for p in winners if p != humans[0]]
        return text("you-won-with", names=join_names(others)) if others else text("you-won")
    return plural_text("you-lost", len(winners), names=join_names([names[p] for p in winners]))
