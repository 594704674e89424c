"""The computer's opening decisions, measured against an outside engine's reading of the same positions.

At each position below an opening rule asks for a decision (swap or stay, Swap2's third answer,
Taraguchi-10's offer of ten, Soosõrv-8's number of 5th moves).  The computer decides it
(:meth:`gomoku.ai.opening.OpeningPlayer.decide` on each level asked, ``hard`` by default); the outside
Gomocup engine given by ``--engine`` reads the position (its search score for the side to move at
``--nodes`` nodes, turned to black's view) and the reference decision follows from that reading:

- swap or stay: the colour the engine's reading favours;
- Swap2's "place two more": when the engine reads the position within :data:`ENGINE_EVEN` of even;
- Taraguchi-10's "offer ten": when the engine reads black better by more than :data:`ENGINE_EVEN`;
- Soosõrv-8's declaration: agreement is a number the rule's purpose allows (at least two, so black's
  5th move stays white's pick, and fewer the better the engine reads black).

Printed: each position, our decision, the engine's reading (black's view) and its decision, at Swap2
steps the engine's own ``SWAP2BOARD`` answer (swap, stay or place-two), and the agreement rates.
Needs an engine that prints ``MESSAGE ... ev N`` search lines (the form our manager
reads); the engine is only an opponent process here, nothing of it is in the repository.

    python benchmarks/opening_decisions.py --engine PATH [--levels hard,normal] [--think 1.0] [--nodes 200000]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku import Board, Rule
from gomoku.ai import make_player
from gomoku.ai.opening import OpeningPlayer
from gomoku.board import Stone
from gomoku.gomocup.manager import Engine, EnginePlayer
from gomoku.gomocup.protocol import Command, Field, format_field, rule_code
from gomoku.openings import Action, OpeningMove, OpeningRule, OpeningStep, Option, replay

#: How near even (in the engine's own score units, from black's view) a position reads for the reference
#: to call it balanced.  Chosen, not tuned: the engine reads the even Swap2 opening h8 h9 j10 about -200 for
#: white at 100,000 nodes and h8 h9 i9 (black's two touching) about -290, so 100 is well inside "even".
ENGINE_EVEN = 100.0

_SWAP1 = ["place h8", "place h9"]
#: The decision positions: a name, the opening rule, the game rule and the steps before the decision.
POSITIONS: tuple[tuple[str, OpeningRule, Rule, list[str]], ...] = (
    ("Swap1 h8 h9 j10", OpeningRule.SWAP1, Rule.FREESTYLE, [*_SWAP1, "place j10"]),
    ("Swap1 h8 h9 i9", OpeningRule.SWAP1, Rule.FREESTYLE, [*_SWAP1, "place i9"]),
    ("Swap1 h8 h9 h6", OpeningRule.SWAP1, Rule.FREESTYLE, [*_SWAP1, "place h6"]),
    ("Swap1 h8 h9 a1", OpeningRule.SWAP1, Rule.FREESTYLE, [*_SWAP1, "place a1"]),
    ("Swap1 h8 i9 f6", OpeningRule.SWAP1, Rule.FREESTYLE, ["place h8", "place i9", "place f6"]),
    ("Swap2/3 h8 h9 j10", OpeningRule.SWAP2, Rule.FREESTYLE, [*_SWAP1, "place j10"]),
    ("Swap2/3 h8 h9 i8", OpeningRule.SWAP2, Rule.FREESTYLE, [*_SWAP1, "place i8"]),
    ("Swap2/3 h8 h9 a1", OpeningRule.SWAP2, Rule.FREESTYLE, [*_SWAP1, "place a1"]),
    ("Swap2/3 h8 i9 f6", OpeningRule.SWAP2, Rule.FREESTYLE, ["place h8", "place i9", "place f6"]),
    (
        "Swap2/5 h8 h9 j10 i9 g7",
        OpeningRule.SWAP2,
        Rule.FREESTYLE,
        [*_SWAP1, "place j10", "place-two", "place i9", "place g7"],
    ),
    (
        "Swap2/5 h8 h9 a1 i9 j9",
        OpeningRule.SWAP2,
        Rule.FREESTYLE,
        [*_SWAP1, "place a1", "place-two", "place i9", "place j9"],
    ),
    (
        "Swap2/5 h8 h9 i8 a15 j8",
        OpeningRule.SWAP2,
        Rule.FREESTYLE,
        [*_SWAP1, "place i8", "place-two", "place a15", "place j8"],
    ),
    (
        "Swap2/5 h8 h9 o15 g9 a1",
        OpeningRule.SWAP2,
        Rule.FREESTYLE,
        [*_SWAP1, "place o15", "place-two", "place g9", "place a1"],
    ),
    ("Soosorv8/3 h8 h9 j10", OpeningRule.SOOSORV8, Rule.RENJU, [*_SWAP1, "place j10"]),
    ("Soosorv8/3 h8 h9 i9", OpeningRule.SOOSORV8, Rule.RENJU, [*_SWAP1, "place i9"]),
    ("Soosorv8/3 h8 i9 f6", OpeningRule.SOOSORV8, Rule.RENJU, ["place h8", "place i9", "place f6"]),
    ("Soosorv8/3 h8 i9 j10", OpeningRule.SOOSORV8, Rule.RENJU, ["place h8", "place i9", "place j10"]),
    ("Soosorv8/4 h8 h9 j10 i11", OpeningRule.SOOSORV8, Rule.RENJU, [*_SWAP1, "place j10", "stay", "place i11"]),
    (
        "Soosorv8/4 h8 h9 j10 i11 swap",
        OpeningRule.SOOSORV8,
        Rule.RENJU,
        [*_SWAP1, "place j10", "stay", "place i11", "declare 3"],
    ),
    ("Soosorv8/4 h8 h9 i9 g9", OpeningRule.SOOSORV8, Rule.RENJU, [*_SWAP1, "place i9", "stay", "place g9"]),
    ("Soosorv8/4 h8 h9 h10 e5", OpeningRule.SOOSORV8, Rule.RENJU, [*_SWAP1, "place h10", "stay", "place e5"]),
    (
        "Taraguchi10/3 h8 h9 j10",
        OpeningRule.TARAGUCHI10,
        Rule.RENJU,
        ["place h8", "stay", "place h9", "stay", "place j10"],
    ),
    (
        "Taraguchi10/3 h8 h9 i9",
        OpeningRule.TARAGUCHI10,
        Rule.RENJU,
        ["place h8", "stay", "place h9", "stay", "place i9"],
    ),
    (
        "Taraguchi10/4 h8 h9 j10 i11",
        OpeningRule.TARAGUCHI10,
        Rule.RENJU,
        ["place h8", "stay", "place h9", "stay", "place j10", "stay", "place i11"],
    ),
    (
        "Taraguchi10/ten h8 h9 j10 i11",
        OpeningRule.TARAGUCHI10,
        Rule.RENJU,
        ["place h8", "stay", "place h9", "stay", "place j10", "stay", "place i11", "stay"],
    ),
    (
        "Taraguchi10/ten h8 h9 i9 g9",
        OpeningRule.TARAGUCHI10,
        Rule.RENJU,
        ["place h8", "stay", "place h9", "stay", "place i9", "stay", "place g9", "stay"],
    ),
)


def said(move: OpeningMove, step: OpeningStep) -> str:
    """The decision in a few words, with the colour it leaves the decider for swap answers."""
    if move.action is Action.DECLARE:
        return f"declare {move.number}"
    option = move.option
    if option is Option.STAY:
        return f"stay ({step.colour.name.lower()})"
    if option is Option.SWAP:
        return f"swap ({step.colour.opponent.name.lower()})"
    return option.value if option is not None else str(move)


def reference(step: OpeningStep, black: float) -> str:
    """The decision the engine's reading of black's side (its own units) calls for."""
    if step.action is Action.DECLARE:
        return "declare >=2" if black > ENGINE_EVEN else "declare many"
    options = step.options
    if Option.OFFER_TEN in options:
        return Option.OFFER_TEN.value if black > ENGINE_EVEN else Option.FIFTH_IN_SQUARE.value
    if Option.PLACE_TWO in options and abs(black) <= ENGINE_EVEN:
        return Option.PLACE_TWO.value
    wanted = Stone.BLACK if black > 0 else Stone.WHITE
    option = "stay" if wanted is step.colour else "swap"
    return f"{option} ({wanted.name.lower()})"


def agrees(ours: str, theirs: str, ours_move: OpeningMove, step: OpeningStep) -> bool:
    """Whether our decision is the reference one (a declaration: at least two, and many when black reads worse)."""
    if step.action is Action.DECLARE:
        if ours_move.number < 2:
            return False
        return theirs == "declare >=2" or ours_move.number >= step.count // 2
    return ours == theirs


def swap2_answer(command: str, board: Board, nodes: int) -> str:
    """The engine's own ``SWAP2BOARD`` answer on ``board`` (3 or 5 stones): the colour it takes, or place-two.

    ``SWAP`` leaves white's move to us, so the engine takes black; one point is white's next move, so
    it takes white; two points are the two more stones.  Black's stones are sent as field 1, white's as
    2 (the form the reference engine reads).
    """
    with Engine(command) as engine:
        engine.start(board.size, rule_code(board.rule), 5000, {"max_node": str(nodes)}, 60_000, 10.0)
        engine.send(str(Command.SWAP2BOARD))
        for point in board.moves:
            engine.send(format_field(point, Field.OWN if board[point] is Stone.BLACK else Field.OPPONENT))
        engine.send(str(Command.DONE))
        answer = engine.answer(30.0).strip()
    if answer.upper() == "SWAP":
        return "black"
    return Option.PLACE_TWO.value if answer.count(",") >= 3 else "white"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True, help="an outside Gomocup engine (path or command line)")
    parser.add_argument("--levels", default="hard", help="our levels to ask, comma-separated (default hard)")
    parser.add_argument("--think", type=float, default=1.0, help="seconds our player may spend on a decision")
    parser.add_argument("--nodes", type=int, default=200_000, help="the engine's max_node for its reading")
    args = parser.parse_args()
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    engine = EnginePlayer(args.engine, think_time=5.0, infos={"max_node": str(args.nodes)})
    agreed = {level: 0 for level in levels}
    asked = 0
    agreed_swap2 = {level: 0 for level in levels}
    try:
        header = f"{'position':32} {'engine (black)':>14} {'reference':16} {'SWAP2BOARD':10} " + " ".join(
            f"{lv:22}" for lv in levels
        )
        print(header)
        for name, rule, game_rule, steps in POSITIONS:
            board = Board(15, game_rule)
            state = replay(rule, board, steps)
            step = state.step
            assert step is not None and step.action in (Action.CHOOSE, Action.DECLARE), name
            black = OpeningPlayer(engine).value_for(board, Stone.BLACK, 5.0)
            theirs = reference(step, black)
            own = swap2_answer(args.engine, board, args.nodes) if rule is OpeningRule.SWAP2 else ""
            asked += bool(own)
            cells = []
            for level in levels:
                move = OpeningPlayer(make_player(level, seed=1), think_time=args.think).decide(state, board.copy())
                ours = said(move, step)
                ok = agrees(ours, theirs, move, step)
                agreed[level] += ok
                agreed_swap2[level] += bool(own) and own in ours
                cells.append(f"{ours + (' ' if ok else ' X'):22}")
            print(f"{name:32} {black:14.0f} {theirs:16} {own:10} " + " ".join(cells))
    finally:
        engine.close()
    total = len(POSITIONS)
    for level in levels:
        print(
            f"{level}: agrees with the engine's reading on {agreed[level]}/{total} ({100 * agreed[level] / total:.0f}%)"
        )
        print(f"{level}: agrees with its SWAP2BOARD answer on {agreed_swap2[level]}/{asked}")


if __name__ == "__main__":
    main()
