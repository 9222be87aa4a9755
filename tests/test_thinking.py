"""The searches a worker answers off the page's thread (:mod:`farfalia.ui.answers`): the same
question gives the same decision in the worker as in the page, for every game of the site and
every level, a hint included; a search past the time limit decides with what it has."""

from __future__ import annotations

import pickle
import random

import pytest

import farfalia.site  # noqa: F401 (the site's games, registered)
from farfalia.ui.answers import answer, answer_message
from farfalia.ui.game import SiteGame, site_games
from farfalia.ui.seating import HINT_LEVEL, Player, Question, Table
from farfalia.ui.thinking import THINK_LIMIT_SECONDS, Asked


def bots_table(game: SiteGame, seed: int, level: str) -> Table:
    """A table of ``game``'s fewest players plus one, the first a person, the others bots of ``level``."""
    form = {"game": game.name, "players": str(game.min_players + 1), "mode": "four"}
    settings = game.settings_of(form)
    seats = game.seats(form)
    players = [Player("Ann", False)] + [Player(f"Bot {seat}", True) for seat in range(1, seats)]
    return game.table(settings, seed, players, level=level)


def questions(game: SiteGame, seed: int, level: str) -> list[tuple[Table, Question]]:
    """The bots' questions and the person's hints along a game played at random by the person."""
    table = bots_table(game, seed, level)
    chooser = random.Random(seed)
    asked: list[tuple[Table, Question]] = []
    while len(asked) < 6 and not table.game.is_over():
        if table.bot_to_act():
            asked.append((table, table.bot_question()))
            table.bot_action()
        elif table.deciding():
            asked.append((table, table.hint_question()))
            table.game.apply(chooser.choice(list(table.game.legal_actions())))
        else:
            break
    return asked


@pytest.mark.parametrize("game", site_games(), ids=lambda game: game.name)
@pytest.mark.parametrize("level", ["strong", "quick"])
def test_the_worker_decides_as_the_page_would(game: SiteGame, level: str) -> None:
    """Each question's answer from the worker's module (pickled there and back) is the decision
    of the page's own search for it."""
    asked = questions(game, 11, level)
    assert {question.level for _, question in asked} >= {level, HINT_LEVEL}
    for number, (table, question) in enumerate(asked):
        message = pickle.dumps(Asked(game.name, number, question))
        here = table.answering(question)
        here.complete()
        reply = pickle.loads(answer_message(message, clock=lambda: 0.0))  # the whole budget, however busy the machine
        assert reply.number == number and reply.decided == here.best()


def test_a_question_past_the_time_limit_is_answered_with_what_was_searched() -> None:
    """A clock that runs fast: the search stops at the limit, and its answer is one it can give."""
    game = site_games()[0]
    table, question = next((t, q) for t, q in questions(game, 3, "strong") if q.level == "strong")
    ticks = iter(range(1_000_000))
    search = table.answering(question)
    reply = answer(Asked(game.name, 1, question), search, clock=lambda: next(ticks) * 0.2)
    assert search.finished and reply.seconds >= THINK_LIMIT_SECONDS
    full = table.answering(question)
    full.complete()
    assert search.done < full.done and reply.decided in (search.fallback, *search.candidates)
