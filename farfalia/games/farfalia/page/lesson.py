"""Farfalia's guided first game (:mod:`farfalia.ui.lessons`): the rulebook's worked example played
from Barbara's seat (the proposal, following suit, trumps, winning a trick and picking a card, the
side's limit, the scoring), then in short the dummy, Double You and Burnin' from the rules page's
own examples (:mod:`farfalia.games.farfalia.records.examples`)."""

from __future__ import annotations

from farfalia.games.farfalia.records.examples import (
    BARBARA,
    burn_example,
    double_you_example,
    dummy_example,
    worked_example,
)
from farfalia.ui.lessons import Lesson, LessonPart, from_example

#: The seats the learner plays: Ada deals with the dummy; Chiara burns the fishes.
ADA, CHIARA = 0, 2


FARFALIA_LESSON = Lesson(
    "farfalia",
    (
        LessonPart(
            "lesson.fa.hand",
            from_example(worked_example),
            BARBARA,
            {
                3: "lesson.fa.lead",
                12: "lesson.fa.follow",
                16: "lesson.fa.trump",
                19: "lesson.fa.pick",
                20: "lesson.fa.own-way",
            },
            "lesson.fa.scoring",
        ),
        LessonPart(
            "lesson.fa.dummy",
            from_example(dummy_example),
            ADA,
            {
                0: "lesson.fa.dummy-deal",
                2: "lesson.fa.dummy-card",
                4: "lesson.fa.dummy-uncovered",
                # then, turn by turn, whose card the learner plays (the dummy's or the learner's own)
                6: "lesson.fa.dummy-turn",
                8: "lesson.fa.own-turn",
                10: "lesson.fa.dummy-turn",
                12: "lesson.fa.own-turn",
                15: "lesson.fa.dummy-turn",
                17: "lesson.fa.dummy-pick",
                20: "lesson.fa.own-turn",
            },
            "lesson.fa.dummy-end",
            length=23,
        ),
        LessonPart(
            "lesson.fa.double-you",
            from_example(double_you_example),
            BARBARA,
            {0: "lesson.fa.double"},
            "lesson.fa.double-end",
            length=5,
        ),
        LessonPart(
            "lesson.fa.burning",
            from_example(burn_example),
            CHIARA,
            {4: "lesson.fa.burn"},
            "lesson.fa.burn-end",
            length=9,
        ),
    ),
)
