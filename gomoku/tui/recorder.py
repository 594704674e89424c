"""A finished game on a screen as the history keeps it, and keeping it on a worker.

The screens ask for :class:`~gomoku.tui.effects.KeepGame` when a game ends
(with the autosave that keeps it aside: :func:`gomoku.tui.saves.autosave_effects`
for the local game, the network screen's ending for a network game); the
performer hands :func:`keep` to the file worker, so the UI loop never waits
on the database.  A write refused (a full disk, a read-only or locked file)
comes back as a :class:`~gomoku.tui.events.Report`: the game itself is in
its autosave.  A game quit before its end is not history: it is the
autosave, resumed next time.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gomoku.ai import LEVELS
from gomoku.history import GameEntry, GameKind, History, HistoryError, OpponentKind, entry_of
from gomoku.history_stats import rated_games, rating, statistics
from gomoku.net.match import MatchRecord, Role
from gomoku.records import GameRecord
from gomoku.review import GameReview
from gomoku.rules import Stone
from gomoku.tui.effects import KeepGame, MarkGame, ReadHistory
from gomoku.tui.events import Event, HistoryRead, Report
from gomoku.tui.model import LocalGame, NetPlaying
from gomoku.tui.settings import Mode, login_name

#: The name records give a person playing at this keyboard (each format writes names its own way).
HUMAN = "Human"


def player_name(game: LocalGame, stone: Stone) -> str:
    """A player's name for a record: ``Human``, or ``gomoku normal`` for the computer."""
    return f"gomoku {game.level_of(stone)}" if stone in game.computer else HUMAN


def game_record(game: LocalGame) -> GameRecord:
    """The record of ``game`` so far: names, moves, result, the opening with its steps, the clock and times."""
    black, white = (player_name(game, stone) for stone in (Stone.BLACK, Stone.WHITE))
    record = GameRecord.from_board(game.board, black=black, white=white)  # each format writes the names its way
    if game.opening.events:  # SGF keeps the opening rule and its steps, swaps included
        steps = tuple(game.opening.transcript(game.board.size))
        record = replace(record, opening=game.opening.rule, opening_steps=steps)
    if game.clock.enabled:  # the clock, each move's time and the time left after it (moves after the opening)
        moves = len(game.board.moves)
        played = min(moves - game.opening.stones, len(game.clock.move_times))  # the opening's steps come first
        before: tuple[float | None, ...] = (None,) * (moves - played)
        times = before + (game.clock.move_times[-played:] if played else ())
        left = before + (game.clock.left_after()[-played:] if played else ())
        record = replace(record, clock=game.clock.spec, move_times=times, time_left=left)
    return record


def local_entry(game: LocalGame) -> GameEntry:
    """The history's entry for the local game that just ended: against the computer, two players, watched."""
    record = game_record(game)
    mode = game.settings.mode
    if mode is Mode.PVP:
        return entry_of(record, GameKind.TWO_PLAYERS, game.game.result, opponent_kind=OpponentKind.PERSON)
    if mode is Mode.CVC:
        return entry_of(record, GameKind.WATCHED, game.game.result)
    you = Stone.WHITE if Stone.BLACK in game.computer else Stone.BLACK
    level = game.level_of(you.opponent)
    name = game.settings.name or login_name() or HUMAN
    record = replace(record, black=name) if you is Stone.BLACK else replace(record, white=name)
    measured = level in LEVELS
    return entry_of(
        record,
        GameKind.VS_COMPUTER,
        game.game.result,
        you=you,
        opponent=level,
        opponent_kind=OpponentKind.LEVEL if measured else OpponentKind.ENGINE,
        level=level if measured else "",
    )


def net_entry(screen: NetPlaying) -> GameEntry:
    """The history's entry for the network game that just ended, from this side (each side keeps its own)."""
    table = screen.table
    view = screen.view
    series = view.series.record() if view.series.games else ""
    if view.watching:  # a game between two others: the players by role (which held black is not said here)
        host, guest = (view.player(role) for role in (Role.HOST, Role.GUEST))
        record = replace(GameRecord.from_board(table.board), clock=screen.setup.clock)
        return entry_of(
            record,
            GameKind.WATCHED_NETWORK,
            table.result,
            opponent=f"{host} v {guest}",  # kept as records keep names: the same in every language
            series=table.match.hex(),
            series_score=series,
        )
    you = table.my_stone
    name = screen.setup.name or login_name() or HUMAN
    names = {you: name, you.opponent: screen.opponent}
    record = GameRecord.from_board(table.board, black=names[Stone.BLACK], white=names[Stone.WHITE])
    saved = screen.view.saved
    if isinstance(saved, MatchRecord):  # the host's record holds the opening's steps
        record = replace(record, opening=saved.opening, opening_steps=tuple(saved.steps))
    record = replace(record, clock=screen.setup.clock)
    return entry_of(
        record,
        GameKind.NETWORK,
        table.result,
        you=you,
        opponent=screen.opponent,
        opponent_kind=OpponentKind.PERSON,
        series=table.match.hex(),
        series_score=series,
    )


def keep(effect: KeepGame, path: Path | None = None) -> Event | None:
    """Add the game to the history (on a worker); what the player should hear, if anything."""
    try:
        history = History.open(path)
        history.add(effect.entry)
    except HistoryError as error:
        return Report(str(error))
    return Report(history.notice) if history.notice else None


def read(effect: ReadHistory, path: Path | None = None) -> Event:
    """Read the history (on a worker), first deleting the game the effect names; a refusal is said."""
    try:
        history = History.open(path)
        if effect.delete is not None:
            history.delete(effect.delete)
        games = history.entries()
        return HistoryRead(
            effect.job, tuple(games), history.notice, statistics(games), rating(games), rated_games(games)
        )
    except HistoryError as error:
        return HistoryRead(effect.job, (), str(error))


def marks_of(review: GameReview) -> tuple[tuple[int, str], ...]:
    """A review's marks as the history keeps them: (move number, mark) for each mark and severity, in order."""
    marks: list[tuple[int, str]] = []
    for move in review.moves:
        marks.extend((move.number, mark.value) for mark in move.marks)
        if move.severity is not None:
            marks.append((move.number, move.severity.value))
    return tuple(marks)


def mark(effect: MarkGame, path: Path | None = None) -> Event | None:
    """Keep a review's marks on its game in the history (on a worker); a refusal is said."""
    try:
        History.open(path).set_marks(effect.number, effect.marks)
    except HistoryError as error:
        return Report(str(error))
    return None
