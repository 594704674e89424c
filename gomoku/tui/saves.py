"""Between a game on the screen and its save file: what autosave writes, and what resuming reads.

The save file's format is :mod:`gomoku.savegame`'s; this module maps it to and
from a :class:`~gomoku.tui.model.Game` (who plays what, the levels, the
cursor), and says which autosave effects a change of the game asks for.
"""

from __future__ import annotations

from dataclasses import replace

from gomoku.point import parse_point, to_notation
from gomoku.rules import Stone
from gomoku.savegame import SavedGame, SaveError
from gomoku.tui.effects import Autosave, Effects, RetireAutosave
from gomoku.tui.model import Game, new_game
from gomoku.tui.settings import Mode, Settings, validated
from gomoku.tui.texts import plural


def saved_from_game(game: Game) -> SavedGame:
    """What autosave writes for ``game``: moves, redo list, who plays what, the levels and the cursor."""
    players = {str(stone): "computer" if stone in game.computer else "human" for stone in Stone}
    settings = game.settings
    extra: dict[str, object] = {"cursor": to_notation(game.cursor, game.board.size)}
    level = settings.level
    if settings.mode is Mode.CVC:
        level = settings.black_level
        extra["levels"] = {"black": settings.black_level, "white": settings.white_level}
        extra["pace"] = settings.pace.value
    return SavedGame.from_board(game.board, mode=settings.mode.value, players=players, level=level, extra=extra)


def game_from_saved(saved: SavedGame, levels: tuple[str, ...], base: Settings) -> Game:
    """The game a save file holds, ready to play on (raises ``SaveError`` if it cannot be).

    ``base`` gives what the file does not say (an old file's pace).
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
        raise SaveError(f"its mode {saved.mode!r} is not pvc, pvp or cvc")
    game = new_game(settings, saved.to_board())
    remembered = saved.extra.get("cursor")
    if isinstance(remembered, str):
        try:
            return replace(game, cursor=parse_point(remembered, saved.size))
        except ValueError:
            pass
    return game


def offer_summary(saved: SavedGame) -> str:
    """``renju 15x15, two players, 34 moves`` or ``..., you (white) vs computer, ...``."""
    try:
        mode = Mode(saved.mode)
        who = mode.label
    except ValueError:
        mode, who = None, saved.mode
    if mode is Mode.PVC:
        who = f"you ({'white' if saved.players.get('black') == 'computer' else 'black'}) vs computer"
    return f"{saved.rule.value} {saved.size}x{saved.size}, {who}, {plural(len(saved.moves), 'move')}"


def autosave_effects(game: Game) -> Effects:
    """What a change of ``game``'s board asks of autosave.

    A game in progress is saved; a finished one is saved in its final
    position and retired (``previous.json``); one taken back to no moves is
    retired.
    """
    if game.board.is_game_over():
        return (Autosave(saved_from_game(game)), RetireAutosave())
    if not game.board.moves:
        return (RetireAutosave(),)
    return (Autosave(saved_from_game(game)),)


def fresh_game_effects(game: Game) -> Effects:
    """What starting ``game`` in place of another asks: retire the old save, then save this one."""
    return (RetireAutosave(),) + ((Autosave(saved_from_game(game)),) if game.in_progress else ())
