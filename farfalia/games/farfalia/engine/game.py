"""The public game API: a game is its settings, its seed and its list of actions.

>>> game = Game(Settings("four", first_dealer=0), seed=7)
>>> game.to_act().decision
'play'
>>> game.apply(game.legal_actions()[0])
>>> game.undo()
>>> len(game.actions)
0
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from farfalia.core.codes import bits_of
from farfalia.core.errors import IllegalActionError
from farfalia.core.interface import Progress
from farfalia.games.farfalia.engine.actions import ACTIONS, Action, Chance, parse_action
from farfalia.games.farfalia.engine.cards import FAMILY_NAMES, FAMILY_OF, FIRST_WILD, SUIT_NAMES, card_name
from farfalia.games.farfalia.engine.rules import HandPlan, Settings
from farfalia.games.farfalia.engine.state import (
    DISCARD,
    DOUBLE_PHASE,
    OVER,
    PHASE_NAMES,
    PICK,
    PLAY,
    TRUMP,
    State,
)


@dataclass(frozen=True)
class Turn:
    """Who acts now: the deciding ``player``, the ``seat`` the decision is for (a
    dummy's seat when its partner plays or picks for it) and the ``decision`` kind."""

    player: int
    seat: int
    decision: str


class Game:
    """A whole game with checked actions, undo, reasons and seat views.

    ``chance`` lists chance outcomes to use, in order, instead of drawing them from
    the seed (scenario tests, rules diagrams, replays of finished hands); one that
    does not fit the rules where it comes up raises :class:`IllegalActionError`.
    """

    def __init__(
        self,
        settings: Settings | None = None,
        seed: int = 0,
        chance: Iterable[Chance] = (),
        draw: bool = True,
        undoable: bool = True,
    ) -> None:
        self.settings = settings if settings is not None else Settings()
        self.seed = seed
        #: Whether each action keeps what :meth:`undo` needs (a reader of a replay takes nothing back).
        self.undoable = undoable
        #: Whether chance outcomes beyond ``chance`` are drawn from the seed; if not, the
        #: game waits at the next chance event (a replay of finished hands stops there).
        self.draw = draw
        self._rng = random.Random(seed)
        self._state = State(self.settings)
        self._script = list(chance)
        self._script_used = 0
        #: Every step so far: player actions and chance outcomes, in order.
        self.history: list[Action | Chance] = []
        self._undo: list[tuple[State, object | None, int, int]] = []
        self._resolve_chance()

    @classmethod
    def replay(
        cls,
        settings: Settings,
        seed: int,
        actions: Sequence[Action | int | str],
        chance: Iterable[Chance] = (),
        draw: bool = True,
    ) -> Game:
        """Rebuild a game from its settings, seed and player actions."""
        game = cls(settings, seed, chance, draw)
        for action in actions:
            game.apply(action)
        return game

    # ------------------------------------------------------------ read access

    @property
    def state(self) -> State:
        """The full state, hidden cards included (read it; change it only through :meth:`apply`)."""
        return self._state

    @property
    def actions(self) -> list[Action]:
        """The player actions so far (the history without chance outcomes)."""
        return [step for step in self.history if isinstance(step, Action)]

    @property
    def phase(self) -> str:
        """The phase's name: ``double``, ``discard``, ``trump``, ``play``, ``pick`` or ``over``."""
        return PHASE_NAMES[self._state.phase]

    @property
    def plan(self) -> HandPlan:
        """The plan of the current (or, once over, the last) hand."""
        return self._state.plan

    def is_over(self) -> bool:
        """True once the last hand is scored."""
        return self._state.phase == OVER

    @property
    def totals(self) -> tuple[int, ...]:
        """Every player's total score."""
        return tuple(self._state.totals)

    # ------------------------------------------------ the site's game interface

    @property
    def players(self) -> int:
        """How many players the game seats (dummies are not players)."""
        return self.settings.players

    def current_player(self) -> int:
        """The player who acts next, or :data:`~farfalia.core.interface.CHANCE`
        (a chance outcome is awaited), or :data:`~farfalia.core.interface.TERMINAL`."""
        return self._state.current_player()

    def returns(self) -> tuple[int, ...]:
        """Each player's total so far (the final totals once the game is over)."""
        return self.totals

    def round_scores(self) -> list[tuple[int, ...]]:
        """Each finished hand's points per player."""
        return list(self._state.hand_scores)

    def progress(self) -> Progress:
        """Hands finished, and tricks finished in the hand under way."""
        state = self._state
        return Progress(len(state.results), len(state.tricks) if state.phase != OVER else 0)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning players once the game is over (else empty)."""
        return self._state.winners

    def to_act(self) -> Turn | None:
        """Who decides what now, or None when the game is over."""
        state = self._state
        phase = state.phase
        if phase == OVER or state.is_chance():
            return None
        player = state.current_player()
        if phase == DOUBLE_PHASE:
            return Turn(player, player, "double-you")
        plan = self.plan
        position = state.acting_position()
        seat = plan.seats[position]  # type: ignore[index]
        if phase == PLAY:
            return Turn(player, seat, "play-dummy" if plan.dummies[position] else "play")  # type: ignore[index]
        return Turn(player, seat, {DISCARD: "discard", TRUMP: "trump", PICK: "pick"}[phase])

    def legal_actions(self) -> list[Action]:
        """The legal actions of the player to act, sorted."""
        return [ACTIONS[code] for code in self._state.legal_actions()]

    # ------------------------------------------------------------------ acting

    def parse(self, action: Action | int | str) -> Action:
        """An :class:`Action` from an action, its code or its notation."""
        if isinstance(action, str):
            return parse_action(action)
        # Only ints name actions: a bool, a float or anything unhashable never plays.
        if type(action) in (int, Action) and action in ACTIONS:
            return ACTIONS[action]
        raise IllegalActionError(f"{action!r:.40} is not an action code")

    def apply(self, action: Action | int | str, check: bool = True) -> None:
        """Apply a legal action; an illegal one raises :class:`IllegalActionError`
        naming the action and the situation, and changes nothing. A reader of actions taken
        from :meth:`legal_actions` may skip the check (``check=False``)."""
        act = self.parse(action)
        if check and act not in self._state.legal_actions():
            raise IllegalActionError(f"{act} is illegal: {self.why_illegal(act)} ({self.situation()})")
        # What undo needs; a game that takes nothing back keeps it while a given chance outcome,
        # which may break the rules, could come up. The generator's state only once an outcome is
        # drawn (:meth:`_resolve_chance`).
        kept = self.undoable or self.chance_left > 0
        if kept:
            self._undo.append((self._state.copy(), None, len(self.history), self._script_used))
        self._state.apply(act)
        self.history.append(act)
        try:
            self._resolve_chance()
        except IllegalActionError:  # a given chance outcome that breaks the rules: change nothing
            self.undo()
            raise
        if kept and not self.undoable:
            self._undo.pop()

    def undo(self) -> Action:
        """Take back the last player action (and the chance outcomes it led to)."""
        if not self._undo:
            raise IllegalActionError("nothing to undo: no action has been played")
        state, rng_state, length, used = self._undo.pop()
        last = self.history[length]
        self._state = state
        if rng_state is not None:
            self._rng.setstate(rng_state)  # type: ignore[arg-type]
        del self.history[length:]
        self._script_used = used
        return last  # type: ignore[return-value]

    def decisions(self) -> list[tuple[int, int]]:
        """For each player action so far: the player who took it and the hand (0-based) it was in."""
        return [(state.current_player(), len(state.results)) for state, *_ in self._undo]

    def _resolve_chance(self) -> None:
        state = self._state
        while state.is_chance():
            outcome = self._next_scripted()
            if outcome is None and not self.draw:
                return
            if outcome is None:
                if self._undo and self._undo[-1][1] is None:  # the state before the action
                    self._undo[-1] = (self._undo[-1][0], self._rng.getstate(), *self._undo[-1][2:])
                outcome = state.chance_outcome(self._rng)
            state.apply_chance(outcome)
            self.history.append(outcome)

    def _next_scripted(self) -> Chance | None:
        """The next given chance outcome, checked against the rules (it raises
        :class:`IllegalActionError` if it does not fit), or None to draw this one."""
        if self._script_used == len(self._script):
            return None
        outcome = self._script[self._script_used]
        if type(outcome) is not self._state.chance_kind() and self.draw:
            return None  # given for a later chance event: this one is drawn from the seed
        self._state.copy().apply_chance(outcome)
        self._script_used += 1
        return outcome

    @property
    def given_chance(self) -> tuple[Chance, ...]:
        """The chance outcomes given to the game (drawn ones are in :attr:`history`)."""
        return tuple(self._script)

    @property
    def chance_left(self) -> int:
        """Given chance outcomes not used yet."""
        return len(self._script) - self._script_used

    # ----------------------------------------------------------------- reasons

    def situation(self) -> str:
        """Where the game stands, for messages: hand, trick and who acts."""
        turn = self.to_act()
        if turn is None:
            return "the game is over" if self.is_over() else "the game waits for a chance event"
        state = self._state
        where = f"hand {len(state.results) + 1}"
        if state.phase in (PLAY, PICK):
            where += f", trick {len(state.tricks) + 1}"
        return f"{where}, player {turn.player} to {turn.decision.replace('-', ' ')} for seat {turn.seat}"

    def why_illegal(self, action: Action | int | str) -> str | None:
        """Why ``action`` cannot be taken now, or None if it is legal."""
        act = self.parse(action)
        state = self._state
        if act in state.legal_actions():
            return None
        turn = self.to_act()
        if turn is None:
            return "the game is over" if self.is_over() else "the game waits for a chance event"
        wanted = turn.decision.replace("-dummy", "")
        kind = {"pass": "pick", "decline": "double-you", "double": "double-you"}.get(act.kind, act.kind)
        if kind != wanted:
            return f"it is time to {turn.decision.replace('-', ' ')}, not to {act.kind}"
        if act.kind == "play":
            return self._why_unplayable(act.card)  # type: ignore[arg-type]
        if act.kind == "pick":
            return self._why_unpickable(act.card)  # type: ignore[arg-type]
        return f"{card_name(act.card)} is not in the dealer's hand"  # type: ignore[arg-type]

    def _why_unplayable(self, card: int) -> str:
        state = self._state
        position = state.to_move
        if not state.hands[position] >> card & 1:
            if card in state.covers[position].values() or any(card == down for _, down in state.pending_reveals):
                return f"{card_name(card)} lies face down under the dummy's cards"
            return f"{card_name(card)} is not in the hand"
        if not state.trick:
            return "a wild card cannot lead a trick (D8)"
        return f"{SUIT_NAMES[state.led]} was led and the hand holds {SUIT_NAMES[state.led]}: follow suit"

    def _why_unpickable(self, card: int) -> str:
        state = self._state
        if card not in state.trick:
            return f"{card_name(card)} is not in the trick"
        if card in state.burnt:
            return f"{card_name(card)} was burnt by a wild card"
        family = FAMILY_OF[card]
        wanted = state.proposal.count(family)
        if not wanted:
            return f"the proposal shows no {FAMILY_NAMES[family]}"
        return f"the side already holds the proposal's {wanted} {FAMILY_NAMES[family]}"

    def play_reasons(self) -> dict[int, str | None]:
        """For every card the position to move holds face up: None if it may be
        played now, else a reason code: ``follow-suit`` or ``wild-lead`` (D8).
        Empty outside a play decision."""
        state = self._state
        if state.phase != PLAY:
            return {}
        legal = set(state.legal_plays())
        reasons: dict[int, str | None] = {}
        for card in bits_of(state.hands[state.to_move]):
            if card in legal:
                reasons[card] = None
            else:
                reasons[card] = "wild-lead" if not state.trick else "follow-suit"
        return reasons

    def pick_reasons(self) -> dict[int, str | None]:
        """For every card of the won trick: None if the winner may take it, else a
        reason code: ``burnt``, ``not-wanted`` or ``side-full``. Empty outside a pick."""
        state = self._state
        if state.phase != PICK:
            return {}
        reasons: dict[int, str | None] = {}
        for card in state.trick:
            if card >= FIRST_WILD:
                continue  # wild cards are never picked (D8)
            if card in state.pickable:
                reasons[card] = None
            elif card in state.burnt:
                reasons[card] = "burnt"
            else:
                reasons[card] = "side-full" if FAMILY_OF[card] in state.proposal else "not-wanted"
        return reasons
