"""What the page shows instead of a game at the table: a replay that a link or a file holds (its
viewer, and the embed builder over it), a situation being set up (its game's editor), or why a
link cannot be shown. The controller (:mod:`farfalia.ui.controller`) holds one :class:`Studio`
and hands it the commands of these screens; every game's viewer and editor is found through the
registry (:mod:`farfalia.ui.game`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from farfalia.core.codes import ascii_int
from farfalia.core.errors import FarfaliaError, LinkError, SessionError
from farfalia.records.replay import MAX_NAME, read_replay
from farfalia.ui.embeds import EmbedOptions, embed_link, iframe_snippet, script_snippet, site_base
from farfalia.ui.game import SiteGame, find_game
from farfalia.ui.kept_reviews import KeptReviews
from farfalia.ui.layout import Layout
from farfalia.ui.links import Link, parse_link
from farfalia.ui.panels import Panel
from farfalia.ui.screen import Download, Screen
from farfalia.ui.screens import embed_panel, message_panel, review_offer, share_panel, viewer_bar
from farfalia.ui.texts import error_text, text
from farfalia.ui.viewer import Stepper, ViewerMove, open_viewer

if TYPE_CHECKING:  # the review's page modules are imported when a review is shown
    from farfalia.ui.practice import Practice
    from farfalia.ui.reviews import Describer, Mark, Marks, PageReview
    from farfalia.ui.thinking import Reviewed


class Studio:
    """The replay shown (its link and viewer), the situation being set up (an editor), the embed
    builder's options, or why a link cannot be shown: at most one of the three at a time.
    ``address``: the page's address without its fragment; ``embedded``: the embed page."""

    def __init__(self, address: str, embedded: bool, kept: KeptReviews) -> None:
        self.address = address
        self.embedded = embedded
        #: The reviews this page made, kept by replay.
        self.kept = kept
        self.viewer: Stepper | None = None
        self.link: Link | None = None
        #: The situation being set up (its game's editor), None when the editor is closed.
        self.editor: Any = None
        self.embed_options: EmbedOptions | None = None
        #: Why a link could not be shown, in the page's words.
        self.message: str | None = None
        #: The replay's review under way, and its marks once done (or as its link carried them).
        self.review: PageReview | None = None
        self.marks: Marks | None = None
        #: Whether the link's review could not be read (the page says so and offers another).
        self.review_unread = False
        #: While the better play of a mark is shown: the replay's own viewer, to go back to.
        self.main_viewer: Stepper | None = None
        #: The review's mistakes being tried again (shown instead of the replay), None when not.
        self.practice: Practice | None = None
        #: How many reviews were begun (each numbered so; a try's judging is one), and how many of
        #: their parts the worker judged (the finished reviews', and the tries' as they come).
        self.reviews_begun = 0
        self.reviews_remote = 0

    @property
    def showing(self) -> bool:
        """Whether it has something to show (else the page shows the start screen or a game)."""
        return self.viewer is not None or self.editor is not None or self.message is not None

    def close(self) -> None:
        """Show nothing any more."""
        self.viewer = self.link = self.editor = self.embed_options = self.message = None
        self.review = self.marks = self.main_viewer = self.practice = None
        self.review_unread = False

    # ---------------------------------------------------------------- replays

    def open_replay(self, fragment: str) -> Link | None:
        """Show the replay a link's fragment holds (its link, for the page to follow its language
        and theme), or say plainly why it cannot be shown (None)."""
        self.close()
        try:
            link = parse_link(fragment)
            self.viewer = open_viewer(read_replay(link.replay), link.at, link.view)
        except FarfaliaError as error:
            self.message = text("bad-link", error=error_text(error))
            return None
        self.link = link
        review = link.review or (self.kept.get(link.replay) if not self.embedded else "")
        if review:
            self.link = link = dataclasses.replace(link, review=review)
            from farfalia.ui import reviews  # a review to show: only now (a first visit never needs it)

            try:
                replay, game = self.viewer.replay, find_game(self.viewer.game_name)
                self.marks = reviews.read_marks(review, replay, game.reviewing(), self._describer(self.viewer))
            except LinkError:
                self.review_unread = True
        return link

    # ---------------------------------------------------------------- reviews

    @property
    def reviewing(self) -> bool:
        """Whether a review is under way (a try's judging included)."""
        return self._under_way() is not None

    def start_review(self) -> None:
        """Review the replay shown: the decisions of the seat viewed, or of every seat."""
        viewer = self._main()
        seat = ascii_int(viewer.view_name, 1)
        reviewing = find_game(viewer.game_name).reviewing()
        from farfalia.ui import reviews  # asked for: only now (a first visit never needs it)

        seats = None if seat is None else {seat}
        self.review = reviews.PageReview(viewer.replay, reviewing, seats, viewer.game_name, self._review_number())
        self.marks, self.review_unread = None, False

    def _review_number(self) -> int:
        """A new review's number (a try's judging is one too)."""
        self.reviews_begun += 1
        return self.reviews_begun

    def _judging_try(self) -> Practice | None:
        """The mistakes being tried again, while a try is judged (else None)."""
        practice = self.practice
        return practice if practice is not None and practice.judging is not None else None

    def _under_way(self) -> PageReview | None:
        """The review under way: the judging of a mistake's try, else the replay's."""
        trying = self._judging_try()
        return trying.judging if trying is not None else self.review

    def cancel_review(self) -> None:
        """Stop the review under way (its work so far is dropped; the worker's answer, stale)."""
        self.review = None

    def work(self, seconds: float) -> bool:
        """Run the review under way here for about ``seconds`` (unless the worker has a part of
        it); True when the screen should be drawn again (its progress moved on by a percent, or
        it is done; a try's judging, once done)."""
        trying = self._judging_try()
        if trying is not None:
            return trying.work(seconds)
        review = self.review
        if review is None:
            return False
        before = round(review.progress * 100)
        review.work(seconds)
        return self._finish(review) or round(review.progress * 100) != before

    def review_question(self) -> bytes | None:
        """The review's next part as a question for the worker, once (None: none to send)."""
        review = self._under_way()
        return review.question() if review is not None and not review.sent else None

    @property
    def review_meanwhile(self) -> bool:
        """Whether the review has work here while the worker judges its part (from its end)."""
        review = self._under_way()
        return review is not None and review.meanwhile

    @property
    def review_awaiting(self) -> bool:
        """Whether a part of the review under way was asked of the worker, which has not answered yet."""
        review = self._under_way()
        return review is not None and review.sent

    def review_answered(self, reply: Reviewed) -> bool:
        """The worker's part of a review: True when the screen should be drawn again; False when
        stale (another review's)."""
        trying = self._judging_try()
        if trying is not None:
            taken = trying.answered(reply)
            self.reviews_remote += taken
            return taken
        review = self.review
        if review is None or not review.answered(reply):
            return False
        self._finish(review)
        return True

    def review_worker_lost(self) -> None:
        """The worker failed: the review under way goes on here."""
        review = self._under_way()
        if review is not None:
            review.worker_lost()

    def _finish(self, review: PageReview) -> bool:
        """Once ``review`` is finished (True), its marks are shown, carried by the link and kept."""
        if review.review.finished:
            self.review = None
            self.reviews_remote += review.answered_remotely
            self.marks = review.marks(self._describer(self._main()))
            if self.link is not None:
                compact = self.marks.compact(review.review.replay)
                self.link = dataclasses.replace(self.link, review=compact)
                if compact:
                    self.kept.keep(self.link.replay, compact)
            return True
        return False

    @staticmethod
    def _describer(viewer: Stepper) -> Describer:
        """Marks' actions in the words of the replay's game."""
        from farfalia.ui.reviews import describer  # (loaded already: a review is shown)

        game, names = find_game(viewer.game_name), viewer.names()
        return describer(viewer.replay, lambda position, action: game.action_words(position, action, names))

    def to_mistake(self, forward: bool) -> None:
        """Go to the position just after the next (or previous) mistake."""
        viewer = self._main()
        there = self.marks.mistake_after(viewer.at, forward) if self.marks is not None else None
        if there is not None:
            viewer.jump(there)

    def jump(self, at: str) -> None:
        """A position of the review's graph (its ``data-at``)."""
        position = ascii_int(at, 6)
        if position is not None:
            self._main().jump(position)

    def show_better(self) -> None:
        """Show the better play of the mark at the position shown, played on the table instead."""
        viewer = self.stepping()
        mark = self.marks.at(viewer.at) if self.marks is not None else None
        if mark is None or mark.best == mark.action or self.main_viewer is not None:
            return
        before = viewer.replay.before(mark.index)
        better = dataclasses.replace(before, actions=(*before.actions, mark.best))
        self.main_viewer = viewer
        self.viewer = open_viewer(better, mark.index + 1, viewer.view_name)

    def back_to_game(self) -> None:
        """Leave the better play shown for the replay itself."""
        if self.main_viewer is not None:
            self.viewer, self.main_viewer = self.main_viewer, None

    # ---------------------------------------------------------------- mistakes

    def start_practice(self) -> None:
        """Try the review's mistakes again, from the first."""
        viewer = self._main()
        if self.marks is None or self.review is not None or self.embedded:
            raise SessionError("no review to learn from")
        if not self.marks.mistakes():
            raise SessionError("no mistake to learn from")
        from farfalia.ui.practice import Practice  # (loaded with the review's module)

        self.practice = Practice(viewer.replay, self.marks, find_game(viewer.game_name), viewer.names(),
                                 self._review_number)  # fmt: skip

    def practising(self) -> Practice:
        """The mistakes being tried again."""
        if self.practice is None:
            raise SessionError("no mistakes are being tried again")
        return self.practice

    def leave_practice(self) -> None:
        """Back to the replay, just after the mistake tried last (where its verdict is read)."""
        practice = self.practising()
        self.practice = None
        self._main().jump(practice.mistake.index + 1)

    def act(self, action: str) -> bool:
        """A click on a card or a choice: a try while mistakes are tried again (True), else nothing
        (a replay's cards take none)."""
        if self.practice is None:
            return False
        self.practice.act(action)
        return True

    def news(self) -> list[str]:
        """What a screen reader should hear since the last call: the tries, else the replay's steps."""
        if self.practice is not None:
            return self.practice.news()
        return self.viewer.news() if self.viewer is not None else []

    def _main(self) -> Stepper:
        """The replay's own viewer (the better play shown is left first)."""
        self.back_to_game()
        return self.stepping()

    def stepping(self) -> Stepper:
        """The replay being shown."""
        if self.viewer is None:
            raise SessionError("no replay is being shown")
        return self.viewer

    def move(self, name: str) -> bool:
        """A step button's command (:class:`~farfalia.ui.viewer.ViewerMove`): True if it was one. A
        better play shown gives way to the replay first (the bar's controls are the replay's)."""
        if self.viewer is None or name not in ViewerMove.__members__.values():
            return False
        self.back_to_game()
        self.stepping().move(ViewerMove(name))
        return True

    def seek(self, at: int) -> None:
        """The viewer's slider moved."""
        if self.viewer is not None:
            self._main().jump(at)

    def set_view(self, view: str) -> None:
        """The viewer's seat choice changed."""
        if self.viewer is not None:
            self._main().set_view(view)

    def export(self) -> Download | None:
        """The replay being shown, as a text file (None: none is)."""
        if self.link is None or self.viewer is None:
            return None
        return Download(f"{self.viewer.game_name}-replay.txt", self.link.replay)

    def play_from_here(self) -> tuple[SiteGame, Any, list[str], int]:
        """What playing on from the replay's position takes: its game, the game at the position,
        the players' names, and the person's seat (the seat viewed, else the first)."""
        viewer = self.stepping()
        if viewer.game.is_over():  # nothing left to play (the button is not offered there)
            raise SessionError(text("game-over"))
        you = ascii_int(viewer.view_name, 1)
        return find_game(viewer.game_name), viewer.game, viewer.names(), 0 if you is None else you

    # ---------------------------------------------------------------- embeds

    def open_embed(self) -> None:
        """The embed builder, over the replay shown, from its seat."""
        self.embed_options = EmbedOptions(view=self.stepping().view_name)

    def close_embed(self) -> None:
        """The embed builder closed."""
        self.embed_options = None

    def _embed_panel(self, viewer: Stepper, link: Link, options: EmbedOptions) -> str:
        embedded = embed_link(options, viewer, link.replay)
        iframe = iframe_snippet(self.address, options, embedded)
        script = script_snippet(self.address, options, embedded)
        preview = f"{site_base(self.address)}embed.html#{embedded.fragment()}"
        return embed_panel(options, viewer.names(), iframe, script, preview, viewer.themed)

    # ---------------------------------------------------------------- editing

    def new_editor(self, choices: Mapping[str, str], game: SiteGame) -> None:
        """Set up a situation of ``game``, for the start screen's ``choices`` (its players and table)."""
        names = [choices.get(f"name-{k}", "").strip()[:MAX_NAME] or text("default-name", number=k + 1)
                 for k in range(game.max_players)]  # fmt: skip
        self._open_editor(game.editor(names, choices))

    def edit_position(self) -> None:
        """Set up the round (a game's first hand) of the replay shown as a situation, with its plays
        up to the position shown."""
        viewer = self.stepping()
        self._open_editor(find_game(viewer.game_name).editor_at(viewer))

    def _open_editor(self, editor: Any) -> None:
        if editor is None:
            raise SessionError(text("editor-none"))
        self.close()
        self.editor = editor

    def editing(self) -> Any:
        """The situation being set up."""
        if self.editor is None:
            raise SessionError("no situation is being set up")
        return self.editor

    def scenario_link(self) -> Link:
        """The situation set up, as a link to its replay at the position it reaches."""
        editor = self.editing()
        return Link(editor.replay_text(), at=len(editor.playable().actions))

    def play_scenario(self, form: Mapping[str, str]) -> tuple[SiteGame, Any, Sequence[str], int | None]:
        """What playing the situation at the table takes: its game, the position, the players'
        names, and the person's seat (``you`` in the ``form``; none: bots only)."""
        editor = self.editing()
        return find_game(editor.game_name), editor.playable(), editor.player_names(), ascii_int(form.get("you", ""), 1)

    def update(self, form: str, fields: Mapping[str, str], editor_form: str, embed_form: str) -> None:
        """A field of the situation editor's form (``editor_form``), or of the embed builder's
        (``embed_form``), changed: the whole form as it now reads."""
        if form == editor_form:
            self.editing().update(dict(fields))
        elif form == embed_form and self.embed_options is not None:
            self.embed_options = self.embed_options.updated(dict(fields), len(self.stepping().names()))

    # ---------------------------------------------------------------- showing

    def screen(self, panel: Panel, share_link: str | None, layout: Layout, theme: str, aspect: float) -> Screen:
        """What it shows: the replay (the embed builder over it, when ``panel`` is
        :attr:`Panel.EMBED`), the situation being set up (its link to share, when ``panel`` is
        :attr:`Panel.SHARE`), or why a link cannot be shown."""
        if self.practice is not None:
            return self.practice.screen(layout, theme, aspect)
        if self.viewer is not None and self.link is not None:
            return self._viewer_screen(self.viewer, self.link, panel, layout, theme, aspect)
        if self.editor is not None:
            if panel == Panel.SHARE and share_link is not None:
                return Screen(overlay=share_panel(share_link), fragment=None)
            return Screen(overlay=self.editor.panel(layout, theme), fragment=None, keep_focus=True)
        return Screen(overlay=message_panel(self.message or "", self.embedded), fragment=None, modal=True)

    def _review_section(self, main: Stepper, better: Mark | None) -> str:
        """The bar's part for the review: only its offer, until there is a review to show."""
        if self.marks is None and self.review is None:
            return "" if self.embedded else review_offer(self.review_unread)
        from farfalia.ui.reviews import review_section  # (loaded already: a review is shown)

        return review_section(self.marks, self.review, main.at, main.total, main.names(), better,
                              self.review_unread, self.embedded)  # fmt: skip

    def _viewer_screen(
        self, viewer: Stepper, link: Link, panel: Panel, layout: Layout, theme: str, aspect: float
    ) -> Screen:
        options = self.embed_options if panel == Panel.EMBED else None
        main = self.main_viewer or viewer
        better = self.marks.at(main.at) if self.marks is not None and self.main_viewer is not None else None
        review = self._review_section(main, better)
        return Screen(
            drawing=partial(viewer.draw, viewer.view(), layout, theme, aspect),
            bar=viewer_bar(main, self.embedded) + review,
            overlay=viewer.summary() if options is None else self._embed_panel(viewer, link, options),
            keep_focus=options is not None,
            modal=options is not None,
            bar_hidden=not link.controls,
            at=main.at,
            fragment=link.with_position(main.at, main.view_name).fragment(),
            review="running" if self.review is not None else "done" if self.marks is not None else "",
            theme=link.theme,
            layout=layout.kind,
        )
