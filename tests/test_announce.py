"""What a screen reader hears: every play by whom, every trick's winner and the card
taken, a new hand, whose turn; in order, once, and nothing a seat may not know."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from farfalia.games.farfalia.engine.cards import NO_CARD
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import MODES, PLAYERS, VARIANTS, Settings
from farfalia.games.farfalia.engine.state import HandPlan
from farfalia.games.farfalia.engine.views import seat_view
from farfalia.games.farfalia.page.announce import MAX_TOLD, Narrator
from farfalia.games.farfalia.page.texts import card_text, seat_label
from farfalia.ui.controller import Controller
from farfalia.ui.saves import MemoryStorage
from farfalia.ui.texts import join_names, text

NAMES = ["Andrew", "Barbara", "Carl", "Daniel", "Emma"]


def _label(plan: HandPlan, position: int) -> str:
    return seat_label(NAMES, plan.seats[position], plan.controllers[position], plan.dummies[position])


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(MODES), st.sets(st.sampled_from(VARIANTS)), st.integers(0, 2**16))
def test_a_whole_hand_is_told_play_by_play(mode: str, variants: set[str], seed: int) -> None:
    """Step by step through a hand, the sentences are what happened, in order: each card
    with who played it, each card taken, each trick's winner as the engine recorded it;
    and a card the viewer has not seen is never named (a discard is only "a card")."""
    game = Game(Settings(mode, frozenset(variants), first_dealer=0), seed)
    viewer = 1 % PLAYERS[mode]
    names = NAMES[: PLAYERS[mode]]
    narrator = Narrator()
    narrator.news(game, viewer, names)
    rng = random.Random(seed)
    seen: set[int] = set()
    expected: list[str] = []
    heard: list[str] = []
    while not game.state.results:
        seen |= {card for info in seat_view(game, viewer).seats for card in (info.hand or ())}
        action = rng.choice(game.legal_actions())
        turn = game.to_act()
        assert turn is not None
        plan, tricks = game.plan, list(game.state.tricks)
        if action.kind == "play":
            expected.append(text("say.play", name=_label(plan, game.state.to_move), card=card_text(action.card)))
            seen.add(action.card)
        elif action.kind == "pick":
            expected.append(text("say.takes", name=names[turn.player], card=card_text(action.card)))
        elif action.kind == "discard":
            expected.append(text("say.discard", name=names[turn.player]))
        game.apply(action)
        heard += narrator.news(game, viewer, names)
    assert [sentence for sentence in heard if sentence in expected] == expected
    wins = {text("say.wins", name=_label(plan, p)): p for p in range(plan.positions)}
    winners = [wins[sentence] for sentence in heard if sentence in wins]
    assert len(winners) == plan.tricks
    assert winners[:-1] == [trick.winner for trick in tricks]  # the last trick closed the hand: no record left
    assert text("say.hand-over", number=1) in heard and heard.index(text("say.hand-over", number=1)) > 0
    for sentence in heard:
        for card in set(range(NO_CARD)) - seen:
            assert card_text(card) + "." not in sentence, f"{sentence!r}: player {viewer} has not seen that card"


def test_double_you_choices_are_told_once_all_are_revealed() -> None:
    game = Game(Settings("basic5", frozenset({"double-you"}), first_dealer=0), 3)
    narrator = Narrator()
    narrator.news(game, 0, NAMES)
    doubled = []
    while game.phase == "double":
        turn = game.to_act()
        assert turn is not None
        choice = "double" if turn.player in (1, 4) else "decline"
        if choice == "double":
            doubled.append(NAMES[turn.player])
        game.apply(choice)
        told = narrator.news(game, 0, NAMES)
        if game.phase == "double":
            assert told == []  # D7: a choice stays secret until all are made
    assert told[0] == text("say.doubles", names=join_names(doubled))


def test_a_new_hand_tells_the_sides_and_trump_and_the_turn_is_told_once() -> None:
    game = Game(Settings("four", first_dealer=3), 5)
    narrator = Narrator()
    first = narrator.news(game, 0, NAMES[:4], turn_of=None)
    assert first[0] == text("say.hand", number=1) and "Barbara" in first[1] and "Carl" in first[1]
    while game.to_act() is not None and game.to_act().player != 0:
        game.apply(game.legal_actions()[0])
        narrator.news(game, 0, NAMES[:4])
    told = narrator.news(game, 0, NAMES[:4], turn_of=0)
    assert told == [text("turn.play")]
    assert narrator.news(game, 0, NAMES[:4], turn_of=0) == []  # said once


def test_a_jump_or_an_undo_tells_where_the_game_stands_not_every_step() -> None:
    game = Game(Settings("four", first_dealer=3), 5)
    narrator = Narrator()
    narrator.news(game, 0, NAMES[:4])
    for _ in range(MAX_TOLD + 4):
        game.apply(game.legal_actions()[0])
    told = narrator.news(game, 0, NAMES[:4])
    assert told[0] == text("say.hand", number=1) and len(told) == 2  # where it stands: the tricks played
    game.undo()
    assert narrator.news(game, 0, NAMES[:4])[0] == text("say.hand", number=1)
    game.apply(game.legal_actions()[0])
    assert len(narrator.news(game, 0, NAMES[:4])) >= 1


def test_the_controller_hands_each_sentence_to_the_page_once() -> None:
    controller = Controller(MemoryStorage(), rng=random.Random(2))
    controller.command("start", {"mode": "four", "kind-0": "human", "seed": "7", "dealer": "1"})
    opening = controller.take_announcements()
    assert opening[0] == text("say.hand", number=1)
    assert controller.take_announcements() == []
    while controller.bot_delay() is not None:
        controller.bot_move()
        while controller.thinking:
            controller.think(1.0)
    told = controller.take_announcements()
    assert told and all(sentence.count(".") >= 1 for sentence in told)
    assert told[-1] == text("turn.play")
    controller.command("new-game", {})
    controller.command("leave-game", {})
    assert controller.take_announcements() == []
