"""``--think-time``: how long the computer may think, checked where it is typed."""

from __future__ import annotations

import pytest

from gomoku.ai import make_player
from gomoku.cli import build_parser


def test_think_time_reaches_the_levels():
    args = build_parser().parse_args(["--level", "hard", "--think-time", "0.25"])
    assert args.think_time == 0.25
    assert make_player(args.level, think_time=args.think_time).think_time == 0.25


def test_hard_thinks_one_second_by_default():
    assert build_parser().parse_args([]).think_time is None
    assert make_player("hard").think_time == 1.0


@pytest.mark.parametrize("text", ["soon", "0", "-1"])
def test_bad_think_time_says_what_to_give(text, capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--think-time", text])
    error = capsys.readouterr().err
    assert "--think-time" in error and "seconds" in error
