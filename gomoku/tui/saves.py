"""Between a game on the screen and its save file: what autosave writes, and what resuming reads.

The save file's format is :mod:`gomoku.savegame`'s; this module maps it to and
from a :class:`~gomoku.tui.model.LocalGame` (who plays what, the levels, the
cursor), and says which autosave effects a change of the game asks for.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import Any

from gomoku import game as core
from gomoku.board import Board
from gomoku.clock import NO_CLOCK, ClockError, ClockSpec, SideTime, parse_clock
from gomoku.i18n import _
from gomoku.net.errors import ProtocolError
from gomoku.net.match import NO_SERIES, BlackChoice, ChatLine, MatchRecord, Role, Series, Times
from gomoku.net.protocol import ENDINGS, MAX_CHAT, MAX_CHAT_LINES, TERMINATIONS, ResumeRecord, clean_text
from gomoku.openings import OpeningError, OpeningRule, OpeningState, Seat, replay
from gomoku.point import Point, parse_point, to_notation
from gomoku.rules import Outcome, Rule, Stone
from gomoku.savegame import SavedGame, SaveError
from gomoku.tui.effects import Autosave, Effects, NetSetup, RetireAutosave
from gomoku.tui.model import LocalGame, NetPlaying, new_game, undo_policy
from gomoku.tui.settings import Mode, Settings, validated
from gomoku.tui.texts import moves_text


def saved_from_game(game: LocalGame, now: float | None = None) -> SavedGame:
    """What autosave writes for ``game``: moves, redo list, who plays what, the levels, the cursor, the clock.

    The clock is kept by seat, each seat's time as at the start of the action
    under way and the time that action has ``used`` by ``now`` (when given:
    quitting mid-move keeps the time at quitting, not at the last stone).
    """
    players = {str(stone): "computer" if stone in game.computer else "human" for stone in Stone}
    settings = game.settings
    extra: dict[str, object] = {"cursor": to_notation(game.cursor, game.board.size)}
    level = settings.level
    if settings.mode is Mode.CVC:
        level = settings.black_level
        extra["levels"] = {"black": settings.black_level, "white": settings.white_level}
        extra["pace"] = settings.pace.value
    if game.opening.rule is not OpeningRule.NONE:
        extra[OPENING] = {
            "rule": game.opening.rule.value,
            "steps": game.opening.transcript(game.board.size),
            "computer": sorted(seat.name.lower() for seat in game.seats),
        }
    if game.clock.enabled:
        played = game.game
        extra[CLOCK] = {
            "spec": game.clock.spec.text(),
            **{_SEAT_KEYS[seat]: [played.side_time(seat).main, played.side_time(seat).periods] for seat in Seat},
            "used": played.move_time(now) if now is not None and not played.over else 0.0,
        }
    return SavedGame.from_board(
        game.board, mode=settings.mode.value, players=players, level=level, extra=extra, ended=game.over
    )


#: The key of ``SavedGame.extra`` holding a game's clock: its control, each seat's time left (main seconds,
#: byo-yomi periods) as at the start of the action under way, and the time that action had used (``used``).
#: Saves before the clock was kept by seat hold each colour's time instead (``black``, ``white``).
CLOCK = "clock"
_SEAT_KEYS = {Seat.FIRST: "first", Seat.SECOND: "second"}


def _saved_times(saved: SavedGame, opening: OpeningState) -> tuple[ClockSpec, dict[Seat, SideTime] | None, float]:
    """The clock a save recorded: its control, each seat's time (``None``: none saved) and the time used."""
    data = saved.extra.get(CLOCK)
    if not isinstance(data, dict):
        return NO_CLOCK, None, 0.0
    try:
        spec = parse_clock(str(data.get("spec")))
        if all(key in data for key in _SEAT_KEYS.values()):
            times = {seat: SideTime(float(data[key][0]), int(data[key][1])) for seat, key in _SEAT_KEYS.items()}
        else:  # an older save: by colour, the times following the colours through swaps
            times = {
                opening.seat_of(stone): SideTime(float(data[str(stone)][0]), int(data[str(stone)][1]))
                for stone in Stone
            }
        used = float(data.get("used", 0.0))
    except (ClockError, KeyError, TypeError, ValueError, IndexError) as error:
        raise SaveError(_("its clock cannot be read ({error})").format(error=error)) from None
    return spec, times, max(0.0, used)


#: The key of ``SavedGame.extra`` holding a game's opening rule, its steps and the computer's seats.
OPENING = "opening"


def _saved_opening(saved: SavedGame, board: Board) -> tuple[OpeningState | None, frozenset[Seat] | None]:
    """The opening a save recorded, replayed (a game saved mid-opening resumes at its step), and the computer's
    seats; ``None`` for each when the save has no opening rule."""
    data = saved.extra.get(OPENING)
    if not isinstance(data, dict):
        return None, None
    try:
        rule = OpeningRule(data.get("rule"))
        steps = [str(step) for step in data.get("steps", [])]
        seats = frozenset(Seat[str(name).upper()] for name in data.get("computer", []))
        placed = Board(saved.size, saved.rule)
        opening = replay(rule, placed, steps)
    except (ValueError, KeyError, TypeError, OpeningError) as error:
        raise SaveError(_("its opening cannot be replayed ({error})").format(error=error)) from None
    if placed.moves != board.moves[: len(placed.moves)]:
        raise SaveError(_("its opening steps place other stones than its moves"))
    if not opening.done and len(placed.moves) != len(board.moves):
        raise SaveError(_("it has moves after an opening that is not over"))
    return opening, seats


def game_from_saved(saved: SavedGame, levels: tuple[str, ...], base: Settings) -> LocalGame:
    """The game a save file holds, ready to play on (raises ``SaveError`` if it cannot be).

    ``base`` gives what the file does not say (an old file's pace).  The clock
    stands still until the first tick, then the acting seat's time runs on
    from what the save kept.
    """
    data: dict[str, object] = base.to_json()
    watch_levels = saved.extra.get("levels")
    data.update(
        mode=saved.mode,
        black=saved.players.get("black", "human") if saved.mode == Mode.PVC.value else "human",
        rule=saved.rule.value,
        size=saved.size,
        level=saved.level,
        black_level=saved.level,
        white_level=saved.level,
    )
    if isinstance(watch_levels, dict):
        data.update(black_level=watch_levels.get("black"), white_level=watch_levels.get("white"))
    if isinstance(saved.extra.get("pace"), str):
        data["pace"] = saved.extra["pace"]
    settings = validated(data, levels)
    if settings.mode.value != saved.mode:
        raise SaveError(_("its mode {mode!r} is not pvc, pvp or cvc").format(mode=saved.mode))
    board = saved.to_board()
    opening, seats = _saved_opening(saved, board)
    spec, times, used = _saved_times(saved, opening or OpeningState.start(OpeningRule.NONE))
    local = new_game(replace(settings, clock=spec), board, opening)
    local = replace(local, game=core.Game.resumed(board, opening, spec, times, used, undo_policy(settings)))
    if seats is not None:
        local = replace(local, seats=seats)
    remembered = saved.extra.get("cursor")
    if isinstance(remembered, str):
        try:
            return replace(local, cursor=parse_point(remembered, saved.size))
        except ValueError:
            pass
    return local


# -- network games ------------------------------------------------------------------
#
# A network game is saved like a two-player one (so that any gomoku can read
# the file), with ``extra["network"]`` saying it was one: the side's setup
# (role, name, code, port, address) and the connection's record (the host's
# match, or the guest's resume record), moves as ``[x, y]`` pairs.

NETWORK = "network"
#: The roles as the save file writes them.
ROLE_WORDS = frozenset(role.value for role in Role)


def saved_from_net(screen: NetPlaying, level: str) -> SavedGame:
    """What autosave writes for a network game: the board, and how to pick the game up again."""
    setup = screen.setup
    info: dict[str, Any] = {
        "role": setup.role.value,
        "name": setup.name,
        "opponent": screen.opponent,
        "code": setup.code,
        "port": setup.port,
        "bind": setup.bind,
        "address": setup.address,
        "rule": setup.rule.value,
        "size": setup.size,
        "black": setup.black.value,
        "opening": setup.opening.value,
        "clock": setup.clock.text(),
        "stone": str(screen.table.my_stone),
        "record": _record_json(_timed_record(screen)),
    }
    players = {str(stone): "human" for stone in Stone}
    extra = {"cursor": to_notation(screen.cursor, screen.board.size), NETWORK: info}
    return SavedGame.from_board(
        screen.board, mode=Mode.PVP.value, players=players, level=level, extra=extra, ended=screen.over
    )


def _timed_record(screen: NetPlaying) -> MatchRecord | ResumeRecord | None:
    """The session's record, its clock read at the screen's time (the snapshot's may be seconds old)."""
    record, clock = screen.view.saved, screen.table.clock
    if isinstance(record, MatchRecord) and record.times is not None and clock is not None and screen.seconds:
        return replace(record, times=clock.times(screen.seconds))
    return record


def _record_json(record: MatchRecord | ResumeRecord | None) -> dict[str, Any] | None:
    if record is None:
        return None
    data: dict[str, Any] = {
        "match": record.match.hex(),
        "game": record.game,
        "moves": [[p.x, p.y] for p in record.moves],
    }
    if isinstance(record, MatchRecord):
        data.update(rule=record.rule.value, size=record.size, black=record.black.value)
        data["chat"] = [[line.by.value, line.text] for line in record.chat if line.by is not None]
        data["series"] = {"host": record.series.host, "guest": record.series.guest, "draws": record.series.draws}
        data.update(opening=record.opening.value, steps=list(record.steps), clock=record.clock.text())
        if record.times is not None:
            data["times"] = asdict(record.times)
            data["times"]["running"] = record.times.running.value if record.times.running else None
        if record.result is not None:
            winner = record.result.winner
            data["result"] = {"winner": str(winner) if winner else None, "ending": ENDINGS[record.result.termination]}
    return data


def _chat_of(data: Any) -> tuple[ChatLine, ...]:
    """The chat lines a saved match holds (what cannot be read is left out)."""
    if not isinstance(data, list):
        return ()
    lines = []
    for item in data[-MAX_CHAT_LINES:]:
        if isinstance(item, list) and len(item) == 2 and item[0] in ROLE_WORDS and isinstance(item[1], str):
            lines.append(ChatLine(Role(item[0]), clean_text(item[1])[:MAX_CHAT]))
    return tuple(lines)


def _record_of(role: Role, data: Any) -> MatchRecord | ResumeRecord | None:
    """The record in a save's network data (``None`` if there is none or it is damaged)."""
    if not isinstance(data, dict):
        return None
    try:
        match = bytes.fromhex(data["match"])
        moves = tuple(Point(int(x), int(y)) for x, y in data["moves"])
        game = int(data["game"])
        if role is Role.GUEST:
            return ResumeRecord(match=match, game=game, moves=moves)
        result = None
        if isinstance(data.get("result"), dict):
            winner = data["result"]["winner"]
            result = Outcome(TERMINATIONS[data["result"]["ending"]], Stone[winner.upper()] if winner else None)
            if not result.possible:
                raise ValueError("not a possible result")
        rule, size, black = Rule(data["rule"]), int(data["size"]), Role(data["black"])
        opening = OpeningRule(data.get("opening", OpeningRule.NONE.value))
        steps = tuple(str(text) for text in data.get("steps", ()))
        clock = parse_clock(str(data.get("clock", "none")))
        times = None
        if isinstance(data.get("times"), dict):
            saved_times = data["times"]
            running = Role(saved_times["running"]) if saved_times.get("running") else None
            times = Times(
                float(saved_times["host"]),
                float(saved_times["guest"]),
                int(saved_times["host_periods"]),
                int(saved_times["guest_periods"]),
                running,
                float(saved_times["used"]),
            )
        chat = _chat_of(data.get("chat"))
        series = NO_SERIES
        if isinstance(data.get("series"), dict):  # a save from before series has none: the score starts at 0
            score = data["series"]
            series = Series(*(max(0, int(score[key])) for key in ("host", "guest", "draws")))
        return MatchRecord(match, game, rule, size, black, moves, result, chat, opening, steps, clock, times, series)
    except (KeyError, TypeError, ValueError, AttributeError, ProtocolError):
        return None


def net_from_saved(saved: SavedGame) -> tuple[NetSetup, MatchRecord | ResumeRecord | None] | None:
    """The network setup and record a save holds, or ``None`` if it is not a network game."""
    info = saved.extra.get(NETWORK)
    if not isinstance(info, dict) or info.get("role") not in ROLE_WORDS:
        return None
    try:
        setup = NetSetup(
            role=Role(info["role"]),
            name=str(info.get("name", "")),
            code=str(info.get("code", "")),
            port=int(info.get("port", 0)),
            bind=str(info.get("bind", "")),
            address=str(info.get("address", "")),
            rule=Rule(info.get("rule", saved.rule.value)),
            size=int(info.get("size", saved.size)),
            black=BlackChoice(info.get("black", BlackChoice.RANDOM.value)),
            opening=OpeningRule(info.get("opening", OpeningRule.NONE.value)),
            clock=parse_clock(str(info.get("clock", "none"))),
        )
    except (TypeError, ValueError):
        return None
    return setup, _record_of(setup.role, info.get("record"))


def offer_summary(saved: SavedGame) -> str:
    """``renju 15x15, two players, 34 moves`` or ``..., you (white) vs computer, ...``."""
    info = saved.extra.get(NETWORK)
    facts = {"rule": saved.rule.said(), "size": saved.size, "moves": moves_text(len(saved.moves))}
    if isinstance(info, dict):
        opponent = info.get("opponent") or _("another player")
        if info.get("role") == Role.HOST.value:
            text = _("{rule} {size}x{size}, a network game you hosted, against {opponent}, {moves}")
        else:
            text = _("{rule} {size}x{size}, a network game you joined, against {opponent}, {moves}")
        return text.format(opponent=opponent, **facts)
    try:
        mode = Mode(saved.mode)
        who = mode.label
    except ValueError:
        mode, who = None, saved.mode
    if mode is Mode.PVC:
        if saved.players.get("black") == "computer":
            return _("{rule} {size}x{size}, you (white) vs computer, {moves}").format(**facts)
        return _("{rule} {size}x{size}, you (black) vs computer, {moves}").format(**facts)
    return _("{rule} {size}x{size}, {mode}, {moves}").format(mode=who, **facts)


def autosave_effects(game: LocalGame) -> Effects:
    """What a change of ``game``'s board asks of autosave.

    A game in progress is saved; a finished one is saved in its final
    position and kept aside (``finished-<time>.json``); one taken back to
    no moves is kept aside too.
    """
    if game.over:
        return (Autosave(saved_from_game(game)), RetireAutosave())
    if not game.board.moves:
        return (RetireAutosave(),)
    return (Autosave(saved_from_game(game)),)


def fresh_game_effects(game: LocalGame) -> Effects:
    """What starting ``game`` in place of another asks: retire the old save, then save this one."""
    return (RetireAutosave(),) + ((Autosave(saved_from_game(game)),) if game.in_progress else ())
