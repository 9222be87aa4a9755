"""What a screen reader hears as the game goes on: one short sentence for each card
played (and by whom), each trick's winner and the card taken, each new hand (who plays
with whom, the trump) and whose turn it is when a person must decide.

:class:`Narrator` follows a game as the page shows it. Each call to
:meth:`Narrator.news` tells what happened since the last one, action by action, from
the seat view the screen shows (so nothing hidden is ever said: a discard is "sets a
card aside", Double You's choices are told when they are revealed together). The page
appends the sentences to its one polite live region, which is never redrawn.
"""

from __future__ import annotations

from collections.abc import Sequence

from farfalia.games.farfalia.engine.actions import NO_TRUMP_SUIT, Action
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.state import winning_play
from farfalia.games.farfalia.engine.views import View, omniscient_view, seat_view
from farfalia.games.farfalia.page.explain import partnership_line, position_name, turn_status
from farfalia.games.farfalia.page.texts import card_text, suit_text
from farfalia.ui.seating import MAX_TOLD
from farfalia.ui.texts import join_names, plural_text, text


class Narrator:
    """Follows one game at a time and tells what changed, in sentences."""

    def __init__(self) -> None:
        self._game: Game | None = None
        self._followed: Game | None = None
        #: The last turn told: (player, decision, state length), to say it once.
        self._turn: tuple[int, str, int] | None = None

    def news(self, game: Game, viewer: int | None, names: Sequence[str], turn_of: int | None = None) -> list[str]:
        """What happened in ``game`` since the last call, as ``viewer`` (None: everyone's
        cards) may know it; then, if ``turn_of`` must decide now, whose turn it is."""
        actions = game.actions
        told = self._catch_up(game, actions)
        sentences: list[str] = []
        if told is None:
            sentences += self._where(game, viewer, names)
        else:
            shadow = self._game
            assert shadow is not None
            for action in actions[told:]:
                before = _view(shadow, viewer)
                player = shadow.to_act()
                shadow.apply(action)
                sentences += _told(action, before, _view(shadow, viewer), names, player.player if player else None)
        if turn_of is not None:
            sentences += self._turn_line(game, viewer, names, turn_of)
        else:
            self._turn = None
        return sentences

    def _catch_up(self, game: Game, actions: Sequence[Action]) -> int | None:
        """Follow ``game``: the number of its actions already told, or None when it is a
        new game, went back (undo, a step back), or moved on too far to tell each step."""
        shadow = self._game
        same = (
            shadow is not None
            and self._followed is game
            and len(actions) >= len(shadow.actions)
            and actions[: len(shadow.actions)] == shadow.actions
            and len(actions) - len(shadow.actions) <= MAX_TOLD
        )
        if same:
            assert shadow is not None
            return len(shadow.actions)
        self._followed = game
        self._game = Game.replay(game.settings, game.seed, actions, game.given_chance, game.draw)
        self._turn = None
        return None

    def _where(self, game: Game, viewer: int | None, names: Sequence[str]) -> list[str]:
        """Where a game stands, told when it is opened or jumped to."""
        view = _view(game, viewer)
        if view.plan is None:
            return []
        sentences = [text("say.hand", number=view.hand_number + 1)]
        if not view.tricks and not view.trick:
            sentences += _hand_lines(view, names)
        else:
            sentences.append(plural_text("say.tricks-played", len(view.tricks)))
        return sentences

    def _turn_line(self, game: Game, viewer: int | None, names: Sequence[str], player: int) -> list[str]:
        turn = game.to_act()
        if turn is None:
            return []
        key = (player, turn.decision, len(game.history))
        if key == self._turn:
            return []
        self._turn = key
        view = _view(game, viewer)
        left = game.plan.discards - len(game.state.discards)
        return [turn_status(view, names, left)]


def _view(game: Game, viewer: int | None) -> View:
    return omniscient_view(game) if viewer is None else seat_view(game, viewer)


def _told(action: Action, before: View, after: View, names: Sequence[str], player: int | None) -> list[str]:
    """The sentences one action makes, from the views before and after it."""
    sentences: list[str] = []
    kind = action.kind
    name = names[player] if player is not None else ""
    if kind == "play" and before.to_act is not None:
        info = before.seat(before.to_act.seat)
        card = action.card or 0
        sentences.append(text("say.play", name=position_name(before, info.position, names), card=card_text(card)))
        plays = [*before.trick, (info.position, card)]
        if len(plays) == len(before.seats) and before.trump is not None:
            winner, _strength = winning_play(plays, before.trump)
            sentences.append(text("say.wins", name=position_name(before, winner, names)))
    elif kind == "pick":
        sentences.append(text("say.takes", name=name, card=card_text(action.card or 0)))
    elif kind == "pass":
        sentences.append(text("say.takes-nothing", name=name))
    elif kind == "discard":
        sentences.append(text("say.discard", name=name))
    elif kind == "trump":
        suit = action.trump
        sentences.append(
            text("say.no-trump", name=name)
            if suit == NO_TRUMP_SUIT
            else text("say.trump", name=name, suit=suit_text(suit or 0))
        )
    elif kind in ("double", "decline") and after.phase != "double":
        doubling = [names[p] for p, choice in enumerate(after.doubling) if choice]
        sentences.append(text("say.doubles", names=join_names(doubling)) if doubling else text("say.no-doubles"))
    if len(after.results) > len(before.results):
        result = after.results[-1]
        sentences.append(text("say.hand-over", number=result.plan.number + 1))
        if after.winners:
            winners = [names[p] for p in after.winners]
            sentences.append(plural_text("say.game-over", len(winners), names=join_names(winners)))
    if after.plan is not None and after.seats and (before.plan is None or not before.seats or _new_hand(before, after)):
        sentences.append(text("say.hand", number=after.hand_number + 1))
        sentences += _hand_lines(after, names)
    return sentences


def _new_hand(before: View, after: View) -> bool:
    return after.hand_number != before.hand_number or len(after.results) > len(before.results)


def _hand_lines(view: View, names: Sequence[str]) -> list[str]:
    """A new hand: who plays with whom, and the trump once known."""
    lines = [partnership_line(view, names)]
    if view.trump == NO_TRUMP_SUIT:
        lines.append(text("say.trump-none"))
    elif view.trump is not None:
        lines.append(text("say.trump-is", suit=suit_text(view.trump)))
    return [line for line in lines if line]
