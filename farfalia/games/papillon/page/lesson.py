"""Papillon's guided first game (:mod:`farfalia.ui.lessons`): the rules page's blue round played as
Anna (captures and their arithmetic, the Chat Noir, the Papillon, the Couteau Suisse, the Yin, the
blue scoring), its orange round (sequences, signs, two cards a turn, the Chat Noir's attack and the
Papillon's counter, draws, tours and their points), then the counter after drawing, a moment set up
by hand (P-E19), played as Marc (:mod:`farfalia.games.papillon.records.examples`)."""

from __future__ import annotations

from farfalia.games.papillon.records.examples import (
    ANNA,
    MARC,
    blue_example,
    counter_example,
    orange_example,
)
from farfalia.ui.lessons import Lesson, LessonPart, from_example

PAPILLON_LESSON = Lesson(
    "papillon",
    (
        LessonPart(
            "lesson.pa.blue",
            from_example(lambda: blue_example(finish=True)),
            ANNA,
            {
                0: "lesson.pa.sign",
                2: "lesson.pa.lay",
                4: "lesson.pa.sum",
                6: "lesson.pa.match",
                8: "lesson.pa.papillon",
                10: "lesson.pa.couteau",
                13: "lesson.pa.blue-own-way",
            },
            "lesson.pa.blue-scoring",
        ),
        LessonPart(
            "lesson.pa.orange",
            from_example(lambda: orange_example(finish=True)),
            ANNA,
            {
                2: "lesson.pa.place",
                3: "lesson.pa.second",
                6: "lesson.pa.chat-noir",
                7: "lesson.pa.nine",
                9: "lesson.pa.orange-own-way",
            },
            "lesson.pa.orange-scoring",
        ),
        LessonPart(
            "lesson.pa.counter",
            from_example(counter_example),
            MARC,
            {0: "lesson.pa.attacked", 1: "lesson.pa.drawn"},
            "lesson.pa.counter-end",
            length=2,
        ),
    ),
)
