"""The fit behind ``tools/make_eval.py fit``: quiet positions from games, a logistic model, Texel tuning.

Pure Python (the standard library only).  A position is the side to move's
view of the board after some move of a game, labelled with the game's result
for the side to move (1 win, 0.5 draw, 0 loss).  The model's logit is

    tempo[c] * sum(w[code] for the mover's empty cells) - sum(w[code] for the opponent's)
        + mix[threats(mover), threats(opponent)] + bias[c]

where ``c`` is the mover's colour, ``code`` a cell's histogram of its four
line shapes (:mod:`gomoku.patterns`), cells of class none left out (their
value is 0: the search's move generator counts on it), and ``threats`` sorts a
side's class counts into 9 states (fours 0/1/2+ by open threes 0/1/2+).  That
is the form the search reads (:mod:`gomoku.ai.learned`): one table shared by
both sides, with a learned tempo factor.  ``--compare`` also fits the other
forms (separate tables for the mover and the opponent; one table per colour)
and prints their losses, so the choice is measured.

Fitted by Adam on mini-batches, with an L2 penalty on the tables, on a
training share of the positions; the log-loss is printed on the held-out
share before (the hand-set scores of :mod:`gomoku.ai.parameters`, scaled by a
fitted factor) and after.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from gomoku.ai.parameters import CLASS_BONUS, LINE_SCORES, TEMPO
from gomoku.ai.searchboard import SearchBoard
from gomoku.patterns import (
    C_DOUBLE_THREE,
    C_FIVE,
    C_FOUR,
    C_FOUR_THREE,
    C_NONE,
    C_OPEN_THREE,
    C_WIN_FOUR,
    cell_class,
    histograms,
    shape_counts,
)
from gomoku.rules import BLACK, OPPONENT, WHITE, Rule

#: The share of positions (by game) kept out of the fit to judge it.
VALIDATION_SHARE = 0.2
#: Positions of a game's first this many stones are left out (the opening, drawn at random).
SKIP_PLIES = 5
#: The most stones a judging opening may have (a game's first this many are checked against them).
OPENING_CHECK = 8
BATCH = 256
LEARNING_RATE = 0.02
#: The mix-of-threats table's side: 9 states a side.
STATES = 9
MIX_SIZE = STATES * STATES
#: Every histogram, in a fixed order: a code's index in the tables.
CODES: tuple[int, ...] = tuple(histograms())
CODE_INDEX = {code: i for i, code in enumerate(CODES)}
#: The codes that carry a value (class above none).
VALUED = frozenset(code for code in CODES if cell_class(code)[0] > C_NONE)
#: Each code's shape counts and class, by index: a code's value is built from them (see :class:`Model`).
CODE_SHAPES = tuple(shape_counts(code) for code in CODES)
CODE_CLASS = tuple(cell_class(code)[0] for code in CODES)
SHAPES = len(CODE_SHAPES[0])
CLASSES = 10


def threat_state(counts: Sequence[int]) -> int:
    """A side's threats from its class counts: 3 * (four cells, 0 to 2+) + (open-three cells, 0 to 2+)."""
    fours = min(counts[C_FOUR] + counts[C_FOUR_THREE], 2)
    threes = min(counts[C_OPEN_THREE] + counts[C_DOUBLE_THREE], 2)
    return 3 * fours + threes


@dataclass
class Position:
    """A quiet position as the fit sees it."""

    colour: int
    #: code -> how many of the mover's (opponent's) empty cells have it (valued codes only)
    mine: dict[int, int]
    theirs: dict[int, int]
    mix: int
    label: float
    #: the hand-set evaluation of the position (``TEMPO * mover's total - opponent's``)
    hand: float
    game: int = 0


def is_quiet(board: SearchBoard) -> bool:
    """Whether the search would judge ``board`` statically: no five or winning four (open three) either side,
    and no four-three or double three for the mover that the opponent cannot answer with a four."""
    me, opp = board.side, OPPONENT[board.side]
    mine, theirs = board.count[me], board.count[opp]
    if mine[C_FIVE] or mine[C_WIN_FOUR] or theirs[C_FIVE] or theirs[C_WIN_FOUR]:
        return False
    opp_fours = theirs[C_FOUR] or theirs[C_FOUR_THREE]
    return bool(opp_fours or not (mine[C_FOUR_THREE] or mine[C_DOUBLE_THREE]))


def _codes(board: SearchBoard, colour: int) -> dict[int, int]:
    found: dict[int, int] = {}
    cells, codes = board.cells, board.code[colour]
    for q in range(board.n):
        if not cells[q]:
            code = codes[q]
            if code in VALUED:
                found[code] = found.get(code, 0) + 1
    return found


def positions_of_game(rule: Rule, result: str, moves: list[int], size: int, game: int = 0) -> list[Position]:
    """The quiet positions of one game, each labelled with the result for its side to move."""
    board = SearchBoard([0] * (size * size), size, rule, BLACK)
    found = []
    for ply, move in enumerate(moves):
        board.play(move)
        if ply + 1 < SKIP_PLIES or ply + 1 == len(moves) or not is_quiet(board):
            continue
        me, opp = board.side, OPPONENT[board.side]
        winner = {"B": BLACK, "W": WHITE}.get(result)
        label = 0.5 if winner is None else 1.0 if winner == me else 0.0
        mix = threat_state(board.count[me]) * STATES + threat_state(board.count[opp])
        hand = board.total[me] * TEMPO - board.total[opp]
        found.append(Position(me, _codes(board, me), _codes(board, opp), mix, label, hand, game))
    return found


# -- the model -------------------------------------------------------------------


@dataclass
class Model:
    """A model form's parameters: the cell tables, the mix table, and per mover colour tempo and bias.

    A table's value of a code is built in layers, so that few games give
    sensible values and more games give detail: a value per line shape times
    how many of the four lines have it, plus a value per class, plus the
    code's own residual.  The layers start from the hand-set scores
    (:data:`~gomoku.ai.parameters.LINE_SCORES`, :data:`~gomoku.ai.parameters.CLASS_BONUS`
    and :data:`~gomoku.ai.parameters.TEMPO`, scaled by the factor ``k`` that
    best fits them to the results), and the L2 penalty pulls them back there:
    on the residuals at full weight, on the other layers ten times lighter; so
    a code seen rarely keeps about the value its shapes and class give it,
    and with no data the model is the hand-set evaluation.

    ``form`` is ``shared`` (one table, learned tempo), ``separate`` (one table
    for the mover's cells and one for the opponent's, tempo fixed at 1) or
    ``colour`` (one table per colour of the cells, learned tempo).
    """

    form: str = "shared"
    #: the hand-set scores' scale (logits per point of score) the layers start from and are pulled to
    k: float = 0.0
    tables: dict[str, list[float]] = field(default_factory=dict)
    #: per table: the layers (``shape``, ``class``, ``code``) its values are built from
    layers: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    mix: list[float] = field(default_factory=lambda: [0.0] * MIX_SIZE)
    tempo: list[float] = field(default_factory=lambda: [0.0, 1.0, 1.0])
    bias: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])

    def __post_init__(self) -> None:
        names = {"shared": ("cells",), "separate": ("mine", "theirs"), "colour": ("black", "white")}[self.form]
        for name in names:
            self.tables.setdefault(name, [0.0] * len(CODES))
            self.layers.setdefault(name, self.prior())
        if self.form != "separate" and self.k:
            self.tempo = [0.0, float(TEMPO), float(TEMPO)]
        self.build()

    def prior(self) -> dict[str, list[float]]:
        """The layers of the hand-set scores times ``k``."""
        return {
            "shape": [self.k * v for v in LINE_SCORES],
            "class": [self.k * v for v in CLASS_BONUS],
            "code": [0.0] * len(CODES),
        }

    def build(self) -> None:
        """Work each table's values out from its layers (codes of class none stay 0)."""
        for name, table in self.tables.items():
            layer = self.layers[name]
            shape, kind, own = layer["shape"], layer["class"], layer["code"]
            for i, code in enumerate(CODES):
                if code in VALUED:
                    table[i] = sum(v * n for v, n in zip(shape, CODE_SHAPES[i])) + kind[CODE_CLASS[i]] + own[i]

    def table_names(self, colour: int) -> tuple[str, str]:
        """(the mover's table, the opponent's) when ``colour`` moves."""
        if self.form == "shared":
            return "cells", "cells"
        if self.form == "separate":
            return "mine", "theirs"
        return ("black", "white") if colour == BLACK else ("white", "black")

    def sums(self, p: Position) -> tuple[float, float]:
        mine_name, theirs_name = self.table_names(p.colour)
        mt, tt = self.tables[mine_name], self.tables[theirs_name]
        own = sum(mt[CODE_INDEX[code]] * n for code, n in p.mine.items())
        other = sum(tt[CODE_INDEX[code]] * n for code, n in p.theirs.items())
        return own, other

    def logit(self, p: Position) -> float:
        own, other = self.sums(p)
        return self.tempo[p.colour] * own - other + self.mix[p.mix] + self.bias[p.colour]


def sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def log_loss(predictions: Iterable[float], labels: Iterable[float]) -> float:
    """The mean cross-entropy of ``predictions`` (win chances) against ``labels`` (0, 0.5 or 1)."""
    total = count = 0.0
    for prediction, label in zip(predictions, labels):
        prediction = min(max(prediction, 1e-9), 1 - 1e-9)
        total -= label * math.log(prediction) + (1 - label) * math.log(1 - prediction)
        count += 1
    return total / count if count else 0.0


def model_loss(model: Model, positions: Sequence[Position]) -> float:
    return log_loss((sigmoid(model.logit(p)) for p in positions), (p.label for p in positions))


def hand_loss(positions: Sequence[Position], k: float) -> float:
    return log_loss((sigmoid(k * p.hand) for p in positions), (p.label for p in positions))


def fit_hand_scale(positions: Sequence[Position]) -> float:
    """The factor K that best turns the hand-set evaluation into a win chance (golden-section search on log K)."""
    lo, hi = math.log(1e-7), math.log(1e-1)
    ratio = (math.sqrt(5) - 1) / 2
    a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
    fa, fb = hand_loss(positions, math.exp(a)), hand_loss(positions, math.exp(b))
    for _ in range(40):
        if fa < fb:
            hi, b, fb = b, a, fa
            a = hi - ratio * (hi - lo)
            fa = hand_loss(positions, math.exp(a))
        else:
            lo, a, fa = a, b, fb
            b = lo + ratio * (hi - lo)
            fb = hand_loss(positions, math.exp(b))
    return math.exp((lo + hi) / 2)


def fit(
    positions: Sequence[Position],
    form: str = "shared",
    epochs: int = 30,
    l2: float = 1e-4,
    seed: int = 1,
    rate: float = LEARNING_RATE,
    k: float = 0.0,
) -> Model:
    """Fit a model of ``form`` to ``positions`` by Adam on mini-batches (mean log-loss plus ``l2`` on the tables),
    starting from (and pulled towards) the hand-set scores times ``k``."""
    model = Model(form, k)
    prior = model.prior()
    learn_tempo = form != "separate"
    # every parameter as (list, index); Adam's moments keyed the same way
    moments: dict[tuple[str, int], list[float]] = {}
    rng = random.Random(seed)
    order = list(positions)
    step = 0
    beta1, beta2, eps = 0.9, 0.999, 1e-8

    def update(key: tuple[str, int], values: list[float], index: int, grad: float) -> None:
        m = moments.get(key)
        if m is None:
            m = moments[key] = [0.0, 0.0]
        m[0] = beta1 * m[0] + (1 - beta1) * grad
        m[1] = beta2 * m[1] + (1 - beta2) * grad * grad
        mhat = m[0] / (1 - beta1**step)
        vhat = m[1] / (1 - beta2**step)
        values[index] -= rate * mhat / (math.sqrt(vhat) + eps)

    for _ in range(epochs):
        rng.shuffle(order)
        for start in range(0, len(order), BATCH):
            batch = order[start : start + BATCH]
            step += 1
            grads: dict[tuple[str, int], float] = {}
            scale = 1.0 / len(batch)
            for p in batch:
                own, other = model.sums(p)
                tempo = model.tempo[p.colour]
                err = (sigmoid(tempo * own - other + model.mix[p.mix] + model.bias[p.colour]) - p.label) * scale
                mine_name, theirs_name = model.table_names(p.colour)
                for code, n in p.mine.items():
                    key = (mine_name, CODE_INDEX[code])
                    grads[key] = grads.get(key, 0.0) + err * tempo * n
                for code, n in p.theirs.items():
                    key = (theirs_name, CODE_INDEX[code])
                    grads[key] = grads.get(key, 0.0) - err * n
                key = ("mix", p.mix)
                grads[key] = grads.get(key, 0.0) + err
                key = ("bias", p.colour)
                grads[key] = grads.get(key, 0.0) + err
                if learn_tempo:
                    key = ("tempo", p.colour)
                    grads[key] = grads.get(key, 0.0) + err * own
            layered: dict[tuple[str, str, int], float] = {}
            for (name, index), grad in grads.items():
                if name == "mix":
                    update((name, index), model.mix, index, grad + l2 * model.mix[index])
                elif name == "bias":
                    update((name, index), model.bias, index, grad)
                elif name == "tempo":
                    update((name, index), model.tempo, index, grad)
                else:
                    # a code's value is its layers' sum: each layer takes the code's gradient
                    for shape, n in enumerate(CODE_SHAPES[index]):
                        if n:
                            key3 = (name, "shape", shape)
                            layered[key3] = layered.get(key3, 0.0) + grad * n
                    key3 = (name, "class", CODE_CLASS[index])
                    layered[key3] = layered.get(key3, 0.0) + grad
                    layered[(name, "code", index)] = grad
            for (name, layer, index), grad in layered.items():
                values = model.layers[name][layer]
                weight = l2 if layer == "code" else l2 / 10
                update((name + layer, index), values, index, grad + weight * (values[index] - prior[layer][index]))
            model.build()
    return model


def split(positions: Sequence[Position], seed: int) -> tuple[list[Position], list[Position]]:
    """(training, validation) positions, split by game so that no game is on both sides."""
    games = sorted({p.game for p in positions})
    rng = random.Random(seed)
    held = set(rng.sample(games, max(1, int(len(games) * VALIDATION_SHARE)))) if len(games) > 1 else set()
    return [p for p in positions if p.game not in held], [p for p in positions if p.game in held]


def read_positions(files: Sequence[Path], rule: Rule) -> tuple[list[Position], int]:
    """The quiet positions of ``rule``'s games in ``files`` (and how many games).

    A game that passes through an opening that judges the program (read
    again now: a set may have been added since the games were played) is
    left out.
    """
    from tools.make_eval import excluded_openings, parse_game_line, passes_through

    excluded = excluded_openings()
    positions: list[Position] = []
    games = 0
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            game_rule, result, moves, size = parse_game_line(line)
            if game_rule is not rule:
                continue
            if passes_through([(q % size, q // size) for q in moves[:OPENING_CHECK]], excluded):
                print(f"left out (holds a judging opening): {line}")
                continue
            games += 1
            positions.extend(positions_of_game(rule, result, moves, size, games))
    return positions, games


# -- the output --------------------------------------------------------------------


def _rows(values: Sequence[int], per_row: int = 15) -> list[str]:
    """``values`` as rows of a tuple's body, ``per_row`` a row."""
    return ["            " + " ".join(f"{v}," for v in values[i : i + per_row]) for i in range(0, len(values), per_row)]


def colour_loss(train: Sequence[Position], valid: Sequence[Position]) -> float:
    """The validation log-loss of the training share's mean result by the colour to move (what colour alone says)."""
    rate = {}
    for colour in (BLACK, WHITE):
        labels = [p.label for p in train if p.colour == colour]
        rate[colour] = sum(labels) / len(labels) if labels else 0.5
    return log_loss((rate[p.colour] for p in valid), (p.label for p in valid))


def write_tables(out: Path, fitted: dict[Rule, tuple[Model, str]], scale: int, command: str, day: str) -> None:
    """Write the fitted models as a Python module (see :mod:`gomoku.ai.learned` for the format)."""
    lines = [
        '"""The learned evaluation\'s tables, generated: do not edit by hand.',
        "",
        f"Made by ``{command}`` on {day}",
        "(see ``tools/make_eval.py``; the format is described in :mod:`gomoku.ai.learned`).",
        "Per rule: ``cells``, a value for each histogram of four line shapes (in the order of",
        ":func:`gomoku.patterns.histograms`); ``mix``, 81 values by the threat states of the side to",
        "move and of the opponent; ``tempo`` and ``bias`` by the colour to move (black, white).",
        f"Values are logits times {scale}.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        f"SCALE = {scale}",
        "",
        "# fmt: off",
        "TABLES: dict[str, dict[str, tuple[float, ...]]] = {",
    ]
    for rule, (model, note) in fitted.items():
        cells = model.tables["cells"]
        values = [round(v * scale) if code in VALUED else 0 for code, v in zip(CODES, cells)]
        lines.append(f"    # {note}")
        lines.append(f'    "{rule.value}": {{')
        lines.append('        "cells": (')
        lines.extend(_rows(values))
        lines.append("        ),")
        lines.append('        "mix": (')
        lines.extend(_rows([round(v * scale) for v in model.mix]))
        lines.append("        ),")
        lines.append(f'        "tempo": ({model.tempo[BLACK]:.4f}, {model.tempo[WHITE]:.4f}),')
        lines.append(f'        "bias": ({round(model.bias[BLACK] * scale)}, {round(model.bias[WHITE] * scale)}),')
        lines.append("    },")
    lines.append("}")
    lines.append("# fmt: on")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def fit_and_write(
    files: Sequence[Path],
    rules: Sequence[Rule],
    out: Path,
    seed: int,
    epochs: int,
    l2: float,
    compare: bool,
    command: str,
    day: str,
    rate: float = LEARNING_RATE,
    scale: int = 1000,
) -> None:
    """Fit each rule's model, print the losses before and after, and write the tables module."""
    fitted: dict[Rule, tuple[Model, str]] = {}
    for rule in rules:
        positions, games = read_positions(files, rule)
        if not positions:
            print(f"{rule.value}: no games")
            continue
        train, valid = split(positions, seed)
        k = fit_hand_scale(train)
        before = hand_loss(valid, k)
        forms = ("shared", "separate", "colour") if compare else ("shared",)
        losses = {}
        models = {}
        for form in forms:
            models[form] = model = fit(train, form, epochs, l2, seed, rate, k)
            losses[form] = (model_loss(model, train), model_loss(model, valid))
        constant = log_loss((0.5 for _ in valid), (p.label for p in valid))
        print(
            f"{rule.value}: {games} games, {len(train)} training and {len(valid)} validation positions; "
            f"validation log-loss: coin {constant:.4f}, colour alone {colour_loss(train, valid):.4f}, "
            f"hand (K={k:.2e}) {before:.4f}, "
            + ", ".join(f"{form} {v:.4f} (train {t:.4f})" for form, (t, v) in losses.items()),
            flush=True,
        )
        model = models["shared"]
        note = (
            f"{rule.value}: {games} games, {len(positions)} positions; validation log-loss {losses['shared'][1]:.4f}, "
            f"hand-set scores {before:.4f}"
        )
        fitted[rule] = (model, note)
    write_tables(out, fitted, scale, command, day)
    print(f"wrote {out}")
