"""Every number that tunes the computer players, named, with where its value came from.

In the manner of Rapfi's ``search/ab/parameter.h``: the search, the threat
searcher, the evaluation and the greedy levels read their scores, weights,
time shares and node caps from here and nowhere else.  "Measured" below means
with ``benchmarks/strength.py`` (``docs/strength.md`` keeps the runs); a value that
was carried over from an earlier, unmeasured choice says so.

Time shares are fractions of the move's think time, counted from the start
of the move unless they say otherwise.
"""

from __future__ import annotations

from gomoku.patterns import C_DOUBLE_THREE, C_FIVE, C_FOUR_THREE, C_WIN_FOUR, CLASS_COUNT

# -- scores of shapes: one table for every player ------------------------------------------

#: What one line shape adds to a cell's score, by shape (none, two, open two, three, open three,
#: four, open four, five, overline).  Carried over from the first search board; an open three
#: under a plain four (600 against 700) because a four must be answered but gains nothing more,
#: while an open two at 70 above a closed three at 60 because twos are what double threats grow from.
LINE_SCORES: tuple[int, ...] = (0, 12, 70, 60, 600, 700, 12_000, 200_000, 0)
#: What a cell's class adds on top of its lines: a winning four, a four-three and a double three
#: are worth more than their lines (carried over from the first search board).
CLASS_BONUS: tuple[int, ...] = tuple(
    {C_WIN_FOUR: 20_000, C_FOUR_THREE: 8_000, C_DOUBLE_THREE: 3_000}.get(cls, 0) for cls in range(CLASS_COUNT)
)

# -- the evaluation ------------------------------------------------------------------------

#: The side to move's shape potential counts this many times the opponent's: it moves first, so
#: its threes become fours and its twos threes before the opponent's can.  Measured: 6/5
#: undervalued the initiative (as white, ``hard`` then lost about 1.6 times as many games to
#: ``normal``; 400 games at 0.25 s a move: 51 losses at 6/5, 36 at 3/2, 34 at 3/1, 32 at 2).
TEMPO = 2
#: Whether ``hard`` and the levels built on it judge positions by the learned evaluation
#: (:mod:`gomoku.ai.learned`, tables fitted by ``tools/make_eval.py``): 0 no (``TEMPO`` and the
#: scores above), 1 the whole learned model, 2 its cell values alone with ``TEMPO`` (no mix table,
#: no colour bias).  See docs/strength.md, session of 2026-12-02, for the screens.
LEARNED_EVAL = 0
#: Move ordering: a cell's own score and the opponent's score there (taking its point) weigh
#: 5 to 4, plus the history heuristic (carried over: attack slightly before defence).
ORDER_OWN, ORDER_THEIRS = 5, 4

# -- alpha-beta ----------------------------------------------------------------------------

#: How many moves alpha-beta weighs at the root (best first by shape score), ...
ROOT_WIDTH = 24
#: ... at the next plies up to this one, ...
NEAR_PLY = 2
NEAR_WIDTH = 10
#: ... and deeper (carried over; 8 to 10 lets alpha-beta reach depth 6 to 8 in 1 s).
DEEP_WIDTH = 8
#: Facing an open three, fours and blocks are weighed: this many times the usual width.
THREAT_WIDTH_FACTOR = 2
#: The deepest ply any line is searched to, and the deepest iteration.
MAX_PLY = 40
MAX_DEPTH = 30
#: Past the horizon, an open three is answered by at most this many of its blocks.
HORIZON_BLOCKS = 3

#: A side to move with a four-three whose opponent can make a four is not judged a winner on the
#: spot (a counter-four may break it): its VCF is read on at most this many nodes instead (0: no
#: read).  Measured on the positions judged at the horizon of hard's searches (16,000 nodes) in 3
#: renju games: 84% of them have a VCF, found in 3 to 6 nodes on average, so 50 finds nearly all
#: at little cost.  Screened against Rapfi 3k in renju, 80 games: 57.5% with it, 50% without.
HORIZON_VCF_NODES = 50

# -- the transposition table ---------------------------------------------------------------

#: What one kept position costs in memory, in bytes: a dict slot and a tuple of four integers
#: (measured with tracemalloc on a table of 100,000 positions: 200 to 230 bytes each).
TABLE_ENTRY_BYTES = 230
#: The table's size when the engine is given no memory limit: about 100 MB.
DEFAULT_TABLE_LIMIT = 500_000
#: Of a memory limit given (Gomocup ``INFO max_memory``), the share the table may use: the rest is
#: the interpreter, the boards and the threat searcher's memo.
TABLE_MEMORY_SHARE = 0.5

# -- time ----------------------------------------------------------------------------------

DEFAULT_THINK_TIME = 1.0
#: No new alpha-beta iteration starts after this share of the think time (the next one would take
#: two to three times the last, so it would mostly be cut off) ...
SOFT_LIMIT = 0.55
#: ... and one under way is abandoned at this share, leaving :data:`VERIFY_SHARE` for the check of
#: its choice (or, when no check is needed, to alpha-beta).  Measured with 4 games against normal
#: at 1 s (``/tmp`` timing script, see the strength notes): with 0.8 and 1.35 (and the check until
#: 1.1 or 0.25 after alpha-beta) the moves that searched took a median 1.5 s, the longest 1.76 s.
HARD_LIMIT = 0.85
VERIFY_SHARE = 0.15
#: While the board holds fewer stones than this, the quiet moves that decide the game are being
#: made: alpha-beta gets these shares instead (those moves take up to about 1.3 times the budget).
OPENING_STONES = 12
OPENING_SOFT_LIMIT = 0.8
OPENING_HARD_LIMIT = 1.1

# -- the threat reads of ``hard``'s move -------------------------------------------------

#: Our own VCF: this share of the time and these nodes (a VCF is found in milliseconds or not at all).
OWN_VCF_TIME, OWN_VCF_NODES = 0.15, 100_000
#: Once a VCF is found, up to this share and these nodes to find a shortest one.
SHORTEST_VCF_TIME, SHORTEST_VCF_NODES = 0.5, 200_000
#: The opponent's VCF as if we passed: this share (from the start) and these nodes, ...
THEIR_VCF_TIME, THEIR_VCF_NODES = 0.22, 50_000
#: ... the moves that stop it are looked for until this share, each read on these nodes.
VCF_DEFENCE_TIME, VCF_DEFENCE_NODES = 0.4, 3_000
#: How many threats deep the VCTs are read.
VCT_DEPTH = 8
#: Our own VCT: this share of the time (from when the read starts) and these nodes, ...
OWN_VCT_TIME, OWN_VCT_NODES = 0.1, 20_000
#: ... and the opponent's, as if we passed.
THEIR_VCT_TIME, THEIR_VCT_NODES = 0.15, 20_000
#: The moves that stop the opponent's VCT are looked for until this share, read first on the
#: small budget, then the unproven ones on the larger one.
VCT_DEFENCE_TIME = 0.6
VCT_DEFENCE_NODES = (300, 3_000)
#: A move after which the opponent has no win of up to this many threats is taken as safe.
SAFE_ENOUGH = 6
#: Alpha-beta's choice is checked against the opponent's VCT until this share of the think time, ...
VERIFY_LIMIT = HARD_LIMIT + VERIFY_SHARE
#: ... or for at least this share after alpha-beta ends, ...
VERIFY_MIN = 0.12
#: ... trying at most this many root moves, best first, ...
VERIFY_WIDTH = 6
#: ... on this many nodes each.
VERIFY_NODES = 4_000
#: A move the check does not see lose is read one opponent move deeper: after each of the
#: opponent's best few quiet replies, we must still have a defence against its VCT ...
REFUTE_REPLIES = 4
#: ... among this many tried (the points of its winning line first), ...
REFUTE_DEFENCES = 20
#: ... each read on this many nodes (fewer prove too little: most defences then look sound).
REFUTE_NODES = 8_000

# -- the threat searcher's defaults ------------------------------------------------------------

#: Fours a VCF may play before its last, and threats a VCT may (deeper wins are rare and slow).
VCF_DEPTH = 20
DEFAULT_THREAT_NODES = 200_000
#: The budget is checked against its timer and the stop event once every this many nodes
#: (a node costs 5 to 20 us: a check every 128 keeps a stop within a few milliseconds).
TIME_CHECK_INTERVAL = 128

# -- ``normal``: a greedy player that reads threats on a small budget ---------------------------

#: ``normal`` weighs the pattern layer's shapes its own way (it has no search to find out what
#: they lead to): by line shape (none, two, open two, three, open three, four, open four, five,
#: overline), open twos almost as much as threes, since double threats grow from them and a
#: greedy player that builds them wins games instead of filling the board ...
NORMAL_LINE_SCORES: tuple[int, ...] = (0, 60, 2_000, 400, 3_000, 2_500, 0, 0, 0)
#: ... and a cell of a winning class by its class alone (a five, a winning four, a four-three,
#: a double three).  Measured against ``easy`` (100 games): with the search's cell scores instead,
#: ``normal`` scored 77.5% (69 wins, 17 draws); the first ``normal`` had these weights.
NORMAL_CLASS_SCORES: dict[int, int] = {
    C_FIVE: 10_000_000,
    C_WIN_FOUR: 1_000_000,
    C_FOUR_THREE: 200_000,
    C_DOUBLE_THREE: 50_000,
}
#: How much the opponent's score at a point counts when ``normal`` ranks its moves.  Measured
#: against ``easy`` with the first shape table: 0.35 (defence mostly comes from the threat reads).
NORMAL_DEFENCE = 0.35
#: Document 000's urgency (weights 1/5/20/80), added to each side's score to break ties.
NORMAL_URGENCY = 0.5
#: How much the second-best score a move leaves us adds to its score, over how many of the best
#: moves (carried over from the first ``normal``: 6 won about 1 point more, at 1.7 times the time).
NORMAL_FOLLOW_UP = 0.5
NORMAL_FOLLOW_UP_WIDTH = 4
#: Nodes for each of ``normal``'s threat reads: its own VCF and VCT, the opponent's, and each
#: defence tried.  Small on purpose: ``normal`` sees the tactics a club player sees at a glance.
NORMAL_THREAT_NODES = 300
#: How many threats deep ``normal`` reads a VCT.
NORMAL_VCT_DEPTH = 4
#: How many of its best moves ``normal`` checks when it must stop a threat.
NORMAL_DEFENCE_WIDTH = 12
#: ``normal``'s default randomness (the share of the best score within which moves tie): 0.1%.
#: At 2% the random pick often took a visibly weaker move (about 4 points fewer against ``easy``).
NORMAL_RANDOMNESS = 0.001
#: ``easy``'s: 2%, so that it does not play the same game every time.
EASY_RANDOMNESS = 0.02

# -- the handicapped levels below ``easy`` ----------------------------------------------------

#: A slip is drawn among this many of the player's best-ranked moves ...
SLIP_WIDTH = 6
#: ... with weights exp(-shortfall / SLIP_TEMPERATURE), the shortfall a share of the best score:
#: at 0.3 a move scoring 70% of the best is a third as likely as the best.  (Chosen by eye so that
#: slips look like moves a beginner makes; the share of slips per level is measured in the ladder.)
SLIP_TEMPERATURE = 0.3

# -- the ladder (levels 1 to 10, see ``gomoku.ai``) ----------------------------------------

#: The share of slips (moves played without reading, see ``GreedyPlayer``) of the levels below
#: ``easy`` and of ``casual`` (``normal`` with slips).  Measured with ``benchmarks/strength.py``,
#: 60 games each: beginner (0.5) scored 11.7% against easy, novice (0.2) 30%, casual (0.3) 62.5%
#: against easy and 40% against normal.  (Slips among quiet moves alone did not weaken ``easy``:
#: at 0.2 it scored 56% against itself, most games drawn; a slip must also miss the threes.)
BEGINNER_SLIPS = 0.5
NOVICE_SLIPS = 0.2
CASUAL_SLIPS = 0.3
#: The node budgets a move of the searching levels between ``normal`` and ``hard`` (``hard``
#: searches about 24,000 in its second), and the think times of those above it.
CLUB_NODES = 1_000
STRONG_NODES = 4_000
EXPERT_THINK_TIME = 3.0
MASTER_THINK_TIME = 6.0

# -- pondering (thinking on the opponent's time, see ``gomoku.ai.ponder``) -------------------

#: A ponder searches the guessed position in stages of 1, 2, 4, ... think times (each stage a whole
#: move's steps, starting from the tables the stage before filled) and stops after the stage of this
#: many think times (15 think times in all): past that a long-thinking opponent gains us little, and
#: the program would burn a core for nothing while the player is away.
PONDER_LAST_STAGE = 8
#: The ponder's own table (kept apart from the kept one, so a wrong guess is dropped whole) holds at
#: most this share of the table limit: the tables then stay within 1.5 times the limit while pondering.
PONDER_TABLE_SHARE = 0.5
