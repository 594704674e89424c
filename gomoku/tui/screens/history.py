"""The game history: every finished game, filtered by keys, with the statistics and the rating on top.

The games come from the file worker (:class:`~gomoku.tui.effects.ReadHistory`,
answered by :class:`~gomoku.tui.events.HistoryRead`); this screen shows them
newest first, and under the list how the chosen game ended (a rematch
series' score after it too).  On the game under the cursor: Enter opens it in the replay,
``R`` in the review, ``S`` saves it as SGF or ``.psq`` (the save prompt, by
the name's ending), ``D`` deletes it (after a yes).  Filters cycle through
the values the games hold: ``o`` opponent, ``l`` level, ``r`` rule, ``n``
opening, ``w`` result; ``c`` clears them.  ``t`` shows the statistics by
level, rule, colour and opening instead of the list.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from gomoku import textwidth
from gomoku.ai import LEVELS
from gomoku.history import Filter, GameEntry, PlayerResult
from gomoku.history_stats import Statistics, rating_sentence
from gomoku.i18n import N_, N_plural, _, join_sentences, ngettext, pgettext
from gomoku.net.match import Series
from gomoku.openings import named_opening
from gomoku.records import RecordError, outcome_of
from gomoku.rules import Rule
from gomoku.sprt import Tally
from gomoku.tui import draw
from gomoku.tui.bindings import HELP, Binding, Bindings
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import ReadHistory
from gomoku.tui.events import Event, HistoryRead, Key, Pressed
from gomoku.tui.keys import QUIT_KEY, SAVE_KEY
from gomoku.tui.layout import HEADER_ROWS
from gomoku.tui.model import HistoryView, Menu, MenuRow, Playing, PromptKind, Screen
from gomoku.tui.screen import NOTHING, UNHANDLED, Context, Reply, Route, alerted, said
from gomoku.tui.screens import dialogs, prompt, review

T = TypeVar("T")

#: The rows above the list: the rating, the totals, the filter, a blank line, the column heads.
TOP_ROWS = 5
#: How far PgUp/PgDn move.
PAGE = 10
#: The fewest rows and columns the screen needs (the title bar, the rows above, three games, the detail, the keys).
NEEDS = (TOP_ROWS + 7, 60)

UP = Binding(("up", "k"), N_("the newer game"), N_("up/down choose"), "up k")
DOWN = Binding(("down", "j"), N_("the older game"), label="down j")
PAGE_UP = Binding(("pageup", "home"), N_("ten games up (Home: the newest)"), label="PgUp Home")
PAGE_DOWN = Binding(("pagedown", "end"), N_("ten games down (End: the oldest)"), label="PgDn End")
OPEN = Binding(("enter",), N_("open the game in the replay"), N_("Enter replay"), "Enter")
REVIEW = Binding(
    ("R",), N_("review the game: its missed wins and decisive mistakes, which become your puzzles"), N_("R review")
)
SAVE = Binding((SAVE_KEY,), N_("save the game as SGF or .psq (by the name's ending)"), N_("S save"))
DELETE = Binding(("D",), N_("delete the game from the history (asks first)"), N_("D delete"))
OPPONENT = Binding(("o",), N_("filter by opponent (round and round)"), N_("o/l/r/n/w filter"))
LEVEL = Binding(("l",), N_("filter by the computer's level"))
RULE = Binding(("r",), N_("filter by rule"))
OPENING = Binding(("n",), N_("filter by opening"))
RESULT = Binding(("w",), N_("filter by result: won, drawn, lost"))
CLEAR = Binding(("c",), N_("clear the filters"), N_("c clear"))
STATS = Binding(
    ("t",), N_("the statistics by level, rule, colour and opening (t again: the games)"), N_("t statistics")
)
LEAVE = Binding(("escape", "b"), N_("back to the menu"), N_("Esc back"), "Esc b")
QUIT = Binding((QUIT_KEY,), N_("quit"), always=True)
#: While a deletion waits for an answer.
YES = Binding(("y",), N_("delete it"), N_("y deletes"))
NO = Binding((), N_("keep it"), N_("any other key keeps it"), N_("any other key"))


def opened(ctx: Context, back: Playing | None = None) -> tuple[Screen, Reply]:
    """The history screen, its games being read; ``back`` is the game the menu was opened from."""
    return HistoryView(job=ctx.job, back=back), Reply(effects=(ReadHistory(ctx.job),))


def bindings(screen: HistoryView, ctx: Context) -> Bindings:
    if screen.deleting is not None:
        return (YES, NO)
    return (
        UP,
        DOWN,
        OPEN,
        REVIEW,
        SAVE,
        DELETE,
        OPPONENT,
        LEVEL,
        RULE,
        OPENING,
        RESULT,
        CLEAR,
        STATS,
        LEAVE,
        HELP,
        PAGE_UP,
        PAGE_DOWN,
        QUIT,
    )


def _cycled(options: list[T], current: T, blank: T) -> T:
    """The next of ``options`` after ``current``; after the last, ``blank`` (no filter)."""
    if current not in options:
        return options[0] if options else blank
    index = options.index(current) + 1
    return options[index] if index < len(options) else blank


def _distinct(values: list[str]) -> list[str]:
    return sorted({value for value in values if value})


def _filtered(screen: HistoryView, binding: Binding) -> HistoryView:
    games, current = screen.entries, screen.filter
    if binding is OPPONENT:
        chosen_filter = replace(current, opponent=_cycled(_distinct([g.opponent for g in games]), current.opponent, ""))
    elif binding is LEVEL:
        levels = [name for name in LEVELS if any(g.level == name for g in games)]
        chosen_filter = replace(current, level=_cycled(levels, current.level, ""))
    elif binding is RULE:
        rules: list[Rule | None] = [rule for rule in Rule if any(g.record.rule is rule for g in games)]
        chosen_filter = replace(current, rule=_cycled(rules, current.rule, None))
    elif binding is OPENING:
        openings = _distinct([g.opening_name for g in games])
        chosen_filter = replace(current, opening=_cycled(openings, current.opening, ""))
    elif binding is RESULT:
        results: list[PlayerResult | None] = list(PlayerResult)
        chosen_filter = replace(current, result=_cycled(results, current.result, None))
    else:
        chosen_filter = Filter()
    return replace(screen, filter=chosen_filter, row=0)


def update(screen: HistoryView, event: Event, ctx: Context) -> tuple[Screen, Reply]:
    if isinstance(event, HistoryRead):
        if event.job != screen.job:
            return screen, UNHANDLED
        row = min(screen.row, max(0, len(event.entries) - 1))
        read = replace(
            screen,
            entries=event.entries,
            job=None,
            row=row,
            figures=event.figures,
            rated=event.rated,
            rated_games=event.rated_games,
        )
        return read, (alerted(event.notice) if event.notice else NOTHING)
    if screen.deleting is not None and isinstance(event, Key):  # the question takes any key: y, or keep it
        if event.name in YES.keys:
            return replace(screen, deleting=None, job=ctx.job), said(
                _("The game is deleted from the history."), (ReadHistory(ctx.job, delete=screen.deleting),)
            )
        return replace(screen, deleting=None), said(_("The game is kept."))
    if not isinstance(event, Pressed):
        return screen, UNHANDLED
    binding = event.binding
    games = screen.listed()
    moves = {UP: -1, DOWN: 1, PAGE_UP: -PAGE, PAGE_DOWN: PAGE}
    if binding in moves:
        target = screen.row + moves[binding]
        if binding is PAGE_UP and event.key == "home":
            target = 0
        if binding is PAGE_DOWN and event.key == "end":
            target = len(games) - 1
        return replace(screen, row=max(0, min(len(games) - 1, target))), NOTHING
    if binding in (OPPONENT, LEVEL, RULE, OPENING, RESULT, CLEAR):
        return _filtered(screen, binding), NOTHING
    if binding is STATS:
        return replace(screen, stats=not screen.stats), NOTHING
    if binding is LEAVE:
        return Menu(MenuRow.HISTORY, back=screen.back, rating=rating_line(screen)), NOTHING
    if binding is QUIT:
        return screen, dialogs.quit_reply(screen)
    entry = screen.chosen()
    if entry is None:
        return screen, alerted(_("No game here: play one to the end, or clear the filters (c)."))
    if binding is DELETE:
        return replace(screen, deleting=entry.number), said(
            _("Delete the game against {opponent} of {date}? y deletes it, any other key keeps it.").format(
                opponent=opponent_text(entry), date=date_text(entry)
            )
        )
    if binding is SAVE:
        return screen, prompt.opened(ctx, PromptKind.SAVE)
    try:
        replay, text = prompt.replay_of(screen, entry.filed, date_text(entry))
    except RecordError as error:
        return screen, alerted(_("This game cannot be replayed: {error}.").format(error=error))
    replay = replace(replay, history=screen)  # Esc comes back here
    if binding is OPEN:
        return replay, said(text)
    if binding is REVIEW:
        return review.begin(replay.board, replay, ctx, outcome_of(entry.record.result, replay.board))
    return screen, UNHANDLED


# -- texts ---------------------------------------------------------------------------

#: The run of equal results the last games make, by its result.
_STREAKS = {
    PlayerResult.WIN: N_plural("{count} win in a row", "{count} wins in a row"),
    PlayerResult.DRAW: N_plural("{count} draw in a row", "{count} draws in a row"),
    PlayerResult.LOSS: N_plural("{count} loss in a row", "{count} losses in a row"),
}


def streak_text(result: PlayerResult, count: int) -> str:
    """The current run of results: ``3 wins in a row``."""
    return ngettext(*_STREAKS[result], count).format(count=count)


def rating_line(screen: HistoryView) -> str:
    """The rating as the menu's history row says it: the sentence, and that only games against levels count."""
    return _("{rating} Only games against the computer's levels count.").format(
        rating=rating_sentence(screen.rated, screen.rated_games)
    )


def date_text(entry: GameEntry) -> str:
    """When the game ended, in local time: ``2026-12-01 21:15``."""
    return entry.played_at.astimezone().strftime("%Y-%m-%d %H:%M")


def opponent_text(entry: GameEntry) -> str:
    """Who the player met: a level's name in the language in use, a person's or engine's name; for a game
    the player did not play alone, both sides (``gomoku easy - gomoku hard``)."""
    if entry.you is None:
        if entry.opponent:  # a network game watched: both players, as kept
            return entry.opponent
        return _("{black} v {white}").format(black=entry.record.black, white=entry.record.white)
    level = LEVELS.get(entry.level)
    return level.said() if level is not None else entry.opponent


def result_text(entry: GameEntry) -> str:
    """The result from the player's side, or who won a game they watched."""
    result = entry.player_result()
    if result is not None:
        return result_text_of(result)
    winner = entry.record.winner
    if winner is None:
        return pgettext("result", "drawn") if entry.termination is not None else "?"
    return _("{side} won").format(side=winner.said())


def opening_text(entry: GameEntry) -> str:
    opening = named_opening(entry.record.moves[:3]) if len(entry.record.moves) >= 3 else None
    return opening.said() if opening is not None else ""


def series_text(entry: GameEntry) -> str:
    """A network game's rematch series as it stood after this game (by role: the history does not keep which
    one the player was), ``""`` outside a series."""
    series = Series.of_record(entry.series_score)
    if series is None:
        return ""
    return ngettext(
        "Rematch series after this game: host {host}, guest {guest}, {draws} draw.",
        "Rematch series after this game: host {host}, guest {guest}, {draws} draws.",
        series.draws,
    ).format(host=series.host, guest=series.guest, draws=series.draws)


def tally_text(tally: Tally) -> str:
    """``3 won, 1 drawn, 2 lost``."""
    return _("{wins} won, {draws} drawn, {losses} lost").format(wins=tally.wins, draws=tally.draws, losses=tally.losses)


def filter_text(shown: Filter) -> str:
    """The filters in force, or what the filter keys do."""
    parts = []
    if shown.opponent:
        parts.append(shown.opponent)
    if shown.level:
        parts.append(LEVELS[shown.level].said() if shown.level in LEVELS else shown.level)
    if shown.rule is not None:
        parts.append(shown.rule.said())
    if shown.opening:
        parts.append(shown.opening)
    if shown.result is not None:
        parts.append(result_text_of(shown.result))
    if not parts:
        return _("All games (o opponent, l level, r rule, n opening, w result: filter).")
    return _("Only: {filters} (c clears).").format(filters=", ".join(parts))


def result_text_of(result: PlayerResult) -> str:
    """``won``, ``drawn``, ``lost``, in the language in use."""
    return {
        PlayerResult.WIN: pgettext("result", "won"),
        PlayerResult.DRAW: pgettext("result", "drawn"),
        PlayerResult.LOSS: pgettext("result", "lost"),
    }[result]


# -- the view -------------------------------------------------------------------------


def header(screen: HistoryView, ctx: Context) -> str:
    return _("Game history")


def fits(screen: HistoryView, ctx: Context, rows: int, cols: int) -> bool:
    return rows >= NEEDS[0] and cols >= NEEDS[1]


#: The columns of the list: date, opponent, rule, opening, result, moves (widths in terminal columns).
COLUMNS = (16, 18, 10, 14, 10, 5)


def _row(cells: list[str], width: int) -> str:
    parts = [textwidth.ljust(textwidth.fit(cell, size), size) for cell, size in zip(cells[:-1], COLUMNS)]
    return textwidth.fit(" ".join(parts) + " " + textwidth.rjust(cells[-1], COLUMNS[-1]), width)


def view(win: Window, screen: HistoryView, ctx: Context, theme: Theme) -> None:
    rows, cols = win.getmaxyx()
    if not fits(screen, ctx, rows, cols):
        draw.too_small(win, theme, _("The game history"), NEEDS)
        return
    width = cols - 2
    left = 1
    top = HEADER_ROWS
    sentence = rating_sentence(screen.rated, screen.rated_games)
    draw.put(win, top, left, textwidth.fit(sentence, width), theme("status"))
    stats = screen.figures
    if stats.streak is None:
        totals = _("Your games: {tally}; best run of wins {best}.").format(
            tally=tally_text(stats.total), best=stats.best_streak
        )
    else:
        totals = _("Your games: {tally}; now {streak}; best run of wins {best}.").format(
            tally=tally_text(stats.total), streak=streak_text(*stats.streak), best=stats.best_streak
        )
    draw.put(win, top + 1, left, textwidth.fit(totals, width))
    draw.put(win, top + 2, left, textwidth.fit(filter_text(screen.filter), width), theme("dim"))
    bottom = rows - 2  # the message line is the last
    if screen.stats:
        _statistics(win, stats, top + 4, bottom, left, width)
        return
    if screen.job is not None and not screen.entries:
        draw.put(win, top + 4, left, _("Reading the history..."))
        return
    shown = screen.listed()
    if not shown:
        draw.put(
            win, top + 4, left, textwidth.fit(_("No game here: play one to the end, or clear the filters (c)."), width)
        )
        return
    heads = [
        # i18n: width 16
        pgettext("history", "Date"),
        # i18n: width 18
        pgettext("history", "Opponent"),
        # i18n: width 10
        pgettext("history", "Rule"),
        # i18n: width 14
        pgettext("history", "Opening"),
        # i18n: width 10
        pgettext("history", "Result"),
        # i18n: width 5
        pgettext("history", "Moves"),
    ]
    draw.put(win, top + 4, left, _row(heads, width), theme("dim"))
    room = bottom - (top + 5) - 1  # a line for the chosen game's ending
    row = min(screen.row, len(shown) - 1)
    first = max(0, min(row - room // 2, len(shown) - room))
    for offset, entry in enumerate(shown[first : first + room]):
        cells = [
            date_text(entry),
            opponent_text(entry),
            entry.record.rule.said(),
            opening_text(entry),
            result_text(entry),
            str(len(entry.record.moves)),
        ]
        attr = theme("selected") if first + offset == row else 0
        draw.put(win, top + 5 + offset, left, textwidth.ljust(_row(cells, width), width), attr)
    entry = shown[row]
    outcome = entry.outcome
    ending = join_sentences(outcome.said(entry.record.size) if outcome is not None else "", series_text(entry))
    if ending:
        draw.put(win, bottom, left, textwidth.fit(ending, width), theme("dim"))


def _statistics(win: Window, stats: Statistics, top: int, bottom: int, left: int, width: int) -> None:
    lines: list[str] = []
    for name, tally in stats.by_level.items():
        level = LEVELS[name].said() if name in LEVELS else name
        lines.append(_("{what}: {tally}").format(what=level, tally=tally_text(tally)))
    for rule, tally in stats.by_rule.items():
        lines.append(_("{what}: {tally}").format(what=rule.said(), tally=tally_text(tally)))
    for stone, tally in stats.by_colour.items():
        lines.append(_("{what}: {tally}").format(what=stone.said(), tally=tally_text(tally)))
    for name, tally in sorted(stats.by_opening.items(), key=lambda item: -item[1].games):
        lines.append(_("{what}: {tally}").format(what=name, tally=tally_text(tally)))
    for offset, line in enumerate(lines[: bottom - top]):
        draw.put(win, top + offset, left, textwidth.fit(line, width))


ROUTE = Route(update, view, bindings, header=header, fits=fits, typing=lambda screen: screen.deleting is not None)
