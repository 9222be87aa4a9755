"""Cards, actions and records: notation that round-trips, and clear errors for bad text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from farfalia.core.errors import FarfaliaError, NotationError
from farfalia.games.farfalia.engine.actions import ACTIONS, parse_action
from farfalia.games.farfalia.engine.cards import DECK_SIZE, FIRST_WILD, card_label, card_name, parse_card
from farfalia.games.farfalia.engine.rules import Settings
from farfalia.games.farfalia.records.notation import format_settings, parse_record, parse_settings


def test_card_names() -> None:
    assert card_name(parse_card("B11")) == "B11"
    assert card_label(parse_card("B11")) == "blue 11, fish"
    assert card_label(parse_card("R10")) == "red 10, butterfly"
    assert card_name(FIRST_WILD + 9) == "WF2"
    assert card_label(parse_card("wf2")) == "wild card, butterfly"


@given(st.integers(0, FIRST_WILD + 9))
def test_every_card_name_round_trips(code: int) -> None:
    assert parse_card(card_name(code)) == code
    assert parse_card(card_name(code).lower()) == code


@given(st.sampled_from(sorted(ACTIONS)))
def test_every_action_round_trips(code: int) -> None:
    action = ACTIONS[code]
    assert parse_action(str(action)) == code
    assert parse_action(str(action).upper()) == code


@given(st.text(max_size=12))
def test_parse_action_accepts_or_names_the_bad_text(text: str) -> None:
    try:
        action = parse_action(text)
    except NotationError as error:
        # The message quotes the input, or the part of it that is not a card.
        parts = (text, text.strip(), text.partition(":")[2], text.strip().partition(":")[2])
        assert any(repr(part) in str(error) for part in parts)
    else:
        assert str(action).lower() == text.strip().lower()


@pytest.mark.parametrize("text", ["B0", "B14", "X3", "B011", "W", "WF3", "pick:WF1", "trump:F", "discard:", ""])
def test_bad_notation_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_errors_are_value_errors() -> None:
    assert issubclass(NotationError, FarfaliaError) and issubclass(FarfaliaError, ValueError)


def test_settings_header_round_trips() -> None:
    settings = Settings("four", frozenset({"burning", "double-you"}), first_dealer=2, target=50)
    line = format_settings(settings, 42)
    assert line == "farfalia mode=four variants=burning,double-you seed=42 dealer=2 target=50"
    assert parse_settings(line) == (settings, 42)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("chess mode=four seed=1", "starts with"),
        ("farfalia mode=four", "names its mode and its seed"),
        ("farfalia mode=five seed=1", "unknown mode"),
        ("farfalia mode=four seed=x", "whole number"),
        ("farfalia mode=four seed=1 colour=red", "bad header field"),
        ("farfalia mode=basic5 seed=1 hands=8", "options of 'four'"),
        ("farfalia mode=four seed=1 hands=6", "multiple of 4"),
    ],
)
def test_bad_headers_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(FarfaliaError, match=message):
        parse_record(text)


def test_record_with_an_illegal_action_is_refused() -> None:
    with pytest.raises(FarfaliaError, match="illegal"):
        parse_record("farfalia mode=four seed=1 dealer=0\npass")


def test_all_cards_have_distinct_names() -> None:
    names = {card_name(c) for c in range(FIRST_WILD + 10)}
    assert len(names) == DECK_SIZE + 10
