"""The real catalogs' texts where grammar matters: Russian counts with three plural forms."""

from __future__ import annotations

import re

from gomoku import i18n
from gomoku.i18n import Language
from gomoku.tui import texts


def test_russian_counts_moves_in_three_forms_with_the_number() -> None:
    with i18n.speaking(Language.RUSSIAN):
        said = {count: texts.plural(count, "move") for count in (1, 2, 5, 21)}
    for count, text in said.items():
        assert re.search(rf"(?<!\d){count}(?!\d)", text), text
        assert "move" not in text and re.search("[а-яё]", text), text
    words = {count: text.replace(str(count), "").strip() for count, text in said.items()}
    assert len({words[1], words[2], words[5]}) == 3, words  # one, few, many
    assert words[21] == words[1], words  # 21 takes the form of 1


def test_english_and_chinese_for_comparison() -> None:
    assert [texts.plural(count, "move") for count in (1, 2)] == ["1 move", "2 moves"]
    with i18n.speaking(Language.CHINESE_SIMPLIFIED):
        one, two = texts.plural(1, "move"), texts.plural(2, "move")
    assert "move" not in one and one.replace("1", "") == two.replace("2", ""), (one, two)  # one form
