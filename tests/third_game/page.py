"""Plain Tricks at the page: its table (a :class:`~farfalia.ui.seating.Table`) and its viewer
(a :class:`~farfalia.ui.viewer.Stepper`), drawn as plain SVG and HTML."""

from __future__ import annotations

from html import escape
from typing import Any, ClassVar, Final

from farfalia.bots.search import Level
from farfalia.core.errors import SaveError, SessionError
from farfalia.records.replay import problem
from farfalia.ui.contract import ACTION_ATTRIBUTE, Command
from farfalia.ui.layout import Layout
from farfalia.ui.seating import PACES, Player, Table, read_players, read_typed, save_faults
from farfalia.ui.svg import SVG_NS, node, svg_text
from farfalia.ui.viewer import ALL, Stepper
from tests.third_game.bots import PLAYOUTS, TRICKS_SEARCH
from tests.third_game.engine import (
    TRICKS_RULES,
    TricksGame,
    TricksSettings,
    TricksView,
    card_name,
    parse_card,
    seat_view,
)
from tests.third_game.records import encode

LEVELS: Final = {"quick": Level(TRICKS_SEARCH, 0), "strong": Level(TRICKS_SEARCH, PLAYOUTS)}
SAVE_FORMAT: Final = 1


def draw_view(view: TricksView, names: list[str], theme: str) -> str:
    """The table: each seat's name and card count, the trick, and the viewer's hand (its legal
    cards to click)."""
    svg = node("svg", xmlns=SVG_NS, viewBox="0 0 800 400", class_=f"table theme-{theme}", role="group",
               aria_label="Plain Tricks")  # fmt: skip
    for seat, size in enumerate(view.hand_sizes):
        node("text", svg, x=20, y=30 + 24 * seat).text = f"{names[seat]}: {size} cards"
    for k, (who, card) in enumerate(view.trick):
        node("text", svg, x=300 + 60 * k, y=180, class_="trick-card").text = f"{names[who]} {card_name(card)}"
    for k, card in enumerate(view.hand):
        legal = card in view.legal_actions
        attributes = {ACTION_ATTRIBUTE.replace("-", "_"): card_name(card), "tabindex": "0" if legal else "-1"}
        group = node("g", svg, class_="card legal" if legal else "card", data_card=card_name(card),
                     role="img", aria_label=card_name(card), **(attributes if legal else {}))  # fmt: skip
        node("text", group, x=100 + 60 * k, y=340).text = card_name(card)
    return svg_text(svg)


class TricksTable(Table):
    """A game of Plain Tricks at one screen."""

    levels: ClassVar = LEVELS
    hint_playouts: ClassVar = PLAYOUTS
    model: ClassVar = TRICKS_SEARCH
    game: TricksGame

    def __init__(self, settings: TricksSettings, seed: int, players: list[Player], pace: str = "normal",
                 level: str = "strong", actions: Any = (), chance: Any = ()) -> None:  # fmt: skip
        if len(players) != settings.players or pace not in PACES:
            raise SessionError("these players or this pace do not fit the game")
        self.game = TricksGame(settings, seed, chance)
        for action in actions:
            self.game.apply(action)
        super().__init__(players, level)
        self.pace = pace
        self.seen_rounds = len(self.game.scores)
        self._told = len(self.game.actions)

    def actor(self) -> int | None:
        player = self.game.current_player()
        return player if player >= 0 else None

    def summary_pending(self) -> int | None:
        return self.seen_rounds if self.seen_rounds < len(self.game.scores) and not self.game.is_over() else None

    def _seat_view(self, player: int) -> TricksView:
        return seat_view(self.game, player)

    def _apply(self, action: Any) -> None:
        self.game.apply(action)
        self._changes += 1

    def human_action(self, action: str) -> None:
        if not self.deciding():
            raise SessionError("it is not your turn")
        self._apply(parse_card(action))

    def dismiss_summary(self) -> None:
        self.seen_rounds = len(self.game.scores)

    def to_record(self) -> dict[str, Any]:
        return {"format": SAVE_FORMAT, "game": TRICKS_RULES.name, "players_count": self.game.players,
                "seed": self.game.seed, "players": [p.record() for p in self.players],
                "pace": self.pace, "level": self.level, "seen_rounds": self.seen_rounds,
                "actions": " ".join(card_name(action) for action in self.game.actions)}  # fmt: skip

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> TricksTable:
        if data.get("format") != SAVE_FORMAT:
            raise SaveError(problem("save-format", found=repr(data.get("format"))))
        with save_faults():
            settings = TricksSettings(read_typed(data, "players_count", int))
            players = read_players(data, settings.players)
            actions = read_typed(data, "actions", str).split()
            table = cls(settings, read_typed(data, "seed", int), players, read_typed(data, "pace", str),
                        read_typed(data, "level", str), actions)  # fmt: skip
            table.seen_rounds = min(read_typed(data, "seen_rounds", int), len(table.game.scores))
        return table

    def label(self) -> str:
        return f"Plain Tricks for {self.game.players}, round {min(len(self.game.scores) + 1, 2)} of 2"

    def view(self) -> TricksView:
        return seat_view(self.game, self.viewer())

    def draw(self, layout: Layout, theme: str, aspect: float) -> str:
        return draw_view(self.view(), self.names(), theme)

    def bar(self) -> str:
        actor = self.actor()
        waiting = "The game is over." if actor is None else f"{self.names()[actor]} to play."
        return f'<p class="status">{escape(waiting)}</p>'

    def panel(self) -> str:
        if self.game.is_over():
            return (f'<div class="panel" role="dialog" aria-label="Game over"><p>Scores: {self.game.returns()}</p>'
                    f'<button type="button" data-command="{Command.SHARE}">Share</button>'
                    f'<button type="button" data-command="{Command.PLAY_AGAIN}">Play again</button></div>')  # fmt: skip
        if self.summary_pending() is not None:
            return (f'<div class="panel" role="dialog" aria-label="Round over"><p>{self.game.scores[-1]}</p>'
                    f'<button type="button" data-command="{Command.CONTINUE}">Continue</button></div>')  # fmt: skip
        return ""

    def sheet(self) -> str:
        rows = "".join(f"<tr>{''.join(f'<td>{points}</td>' for points in score)}</tr>" for score in self.game.scores)
        return (f'<div class="panel" role="dialog" aria-label="Score sheet"><table>{rows}</table>'
                f'<button type="button" data-command="{Command.CLOSE_SHEET}">Close</button></div>')  # fmt: skip

    def decision(self) -> str:
        return "play" if self.deciding() else ""

    def forced_action(self, always: bool) -> str | None:
        legal = self.game.legal_actions()
        actor = self.actor()
        if actor is None or self.players[actor].bot or len(legal) != 1:
            return None
        return card_name(legal[0]) if always or len(self.game.hands[actor]) == 1 else None

    def action_words(self, action: Any) -> str:
        return card_name(action)

    def hint(self, best: Any) -> tuple[str, str]:
        return f"Hint: {self.action_words(best)}", card_name(best)

    def share(self) -> str:
        return encode(self.game, self.names())

    def news(self) -> list[str]:
        actions = self.game.actions
        told = [f"{card_name(action)} played" for action in actions[self._told :]]
        self._told = len(actions)
        return told


class TricksViewer(Stepper):
    """A replay of Plain Tricks, stepped by card, trick and round."""

    themed = False

    def view(self) -> TricksView:
        game: TricksGame = self.game
        player = 0 if self.view_name == ALL else int(self.view_name)
        return seat_view(game, player)

    def draw(self, view: Any, layout: Layout, theme: str, aspect: float = 0.0, defs: bool = True) -> str:
        return draw_view(view, self.names(), theme)

    def card_art(self, theme: str) -> str:
        return ""

    def summary(self) -> str:
        finished = self.finished_round()
        return "" if finished is None else f"<p>Round {finished + 1}: {self.game.scores[finished]}</p>"

    def news(self) -> list[str]:
        return [f"Action {self.at} of {self.total}"]
