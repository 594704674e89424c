"""Text measured in terminal columns (:mod:`gomoku.textwidth`): wide, combining, zero-width, ambiguous, ASCII."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gomoku.textwidth import NO_LINE_END, NO_LINE_START, centre, char_width, fit, fit_end, ljust, rjust, width, wrap

#: Letters of every width: ASCII, CJK (wide), fullwidth, Hangul, combining marks, zero-width, ambiguous.
MIXED = st.text(
    st.sampled_from(list("ab h8 中文黑白禁手ｈ한국é\u0301\u200b●○─Жя")),
    max_size=40,
)


def test_widths_of_each_kind_of_character() -> None:
    assert width("h8 black") == 8
    assert width("中文") == 4 and width("禁手") == 4  # wide: two columns each
    assert width("한국어") == 6 and width("ｈ８") == 4  # Hangul and fullwidth too
    assert width("e\u0301") == 1 and width("é") == 1  # a combining accent takes no column
    assert width("a\u200bb") == 2  # nor does a zero-width space
    assert width("Русский") == 7 and width("Tiếng Việt") == 10
    assert width("●○─") == 3  # ambiguous: one column by default...
    assert width("●○─", wide_ambiguous=True) == 6  # ...two where the terminal draws them wide
    assert width("中", wide_ambiguous=True) == 2 and char_width("a", wide_ambiguous=True) == 1


def test_fit_never_splits_a_wide_character() -> None:
    assert fit("中文abc", 3) == "中"  # 文 would end in the fourth column
    assert fit("中文abc", 4) == "中文" and fit("中文abc", 5) == "中文a"
    assert fit("abc", 0) == "" and fit("abc", -1) == "" and fit("abc", 2) == "ab"
    assert fit("e\u0301x", 1) == "e\u0301"  # the accent stays with its letter
    assert fit("●●", 3, wide_ambiguous=True) == "●"
    assert fit_end("abc中文", 3) == "文" and fit_end("中文ab", 4) == "文ab" and fit_end("ab", 0) == ""


def test_padding_and_centring_by_columns() -> None:
    assert ljust("中", 4) == "中  " and rjust("中", 4) == "  中"
    assert ljust("中文字", 5) == "中文 "  # cut first, then padded: exactly five columns
    assert centre("中文", 10) == 3 and centre("中文中文中文", 4) == 0


def test_wrap_breaks_at_spaces_and_cuts_a_run_of_chinese_between_characters() -> None:
    assert wrap("the quick brown fox", 10) == ["the quick", "brown fox"]
    assert wrap("五子棋是一种两人对弈的棋类游戏", 10) == ["五子棋是一", "种两人对弈", "的棋类游戏"]
    assert wrap("文件 中文名字.sgf", 9) == ["文件 中文", "名字.sgf"]
    assert wrap("王小明: 你好，下一盘吧", 12) == ["王小明: 你", "好，下一盘吧"]  # never a comma to open a line
    assert wrap("read /a/very/long/path", 10) == ["read", "/a/very/lo", "ng/path"]  # a path starts its own
    assert wrap("中", 1) == ["中"]  # a wide character on a line one column wide: alone, not lost
    assert wrap("", 5) == [] and wrap("a b", 0) == ["a", "b"]


@given(MIXED, st.integers(min_value=1, max_value=30))
def test_fit_is_the_longest_start_that_fits(text: str, columns: int) -> None:
    cut = fit(text, columns)
    assert text.startswith(cut) and width(cut) <= columns
    if cut != text:  # one more character would not fit
        assert width(text[: len(cut) + 1]) > columns


@given(MIXED, st.integers(min_value=0, max_value=30))
def test_fit_end_is_an_end_that_fits_and_ljust_is_exact(text: str, columns: int) -> None:
    end = fit_end(text, columns)
    assert text.endswith(end) and width(end) <= columns
    assert width(ljust(text, columns)) == columns


def test_wrap_keeps_chinese_and_japanese_punctuation_off_the_start_of_a_line() -> None:
    # Kinsoku: a full stop, a comma, an exclamation mark or a closing bracket never opens a line; an opening
    # bracket never ends one.
    assert wrap("黑棋禁手。白棋胜！", 8) == ["黑棋禁", "手。白棋", "胜！"]
    assert wrap("「禁じ手」です。", 6) == ["「禁じ", "手」で", "す。"]
    assert wrap("按「q」退出", 6) == ["按", "「q」", "退出"]
    assert wrap("ちょっと待った", 6) == ["ちょっ", "と待っ", "た"]  # a small kana stays with the one before
    for lines in (wrap("黑棋禁手。白棋胜！", 8), wrap("「禁じ手」です。", 6)):
        assert not any(line[0] in NO_LINE_START or line[-1] in NO_LINE_END for line in lines)


@given(MIXED, st.integers(min_value=2, max_value=30))
def test_wrapped_lines_fit_and_keep_every_word(text: str, columns: int) -> None:
    lines = wrap(text, columns)
    assert all(width(line) <= columns for line in lines)
    assert "".join("".join(lines).split()) == "".join(text.split())
