"""The opening book on disk: a plain-text form read and written, and an SGF export with variations.

The text form (``docs/book.md`` describes it for players)::

    gomoku book
    rule: renju
    size: 15
    # lines starting with '#' are skipped
    : h8 "The first move is at the centre."
    h8 : h9 good
    h8 h9 : "Direct openings: white beside black."
    h8 h9 : i9 good "Kagetsu (D4)"
    h8 h9 i9 : j10 bad
    h8 h9 i9 : i10 winning "black wins"

Each line after the header is one book entry: the line of play that reaches
a position (renju notation, black first; empty for the empty board), a
colon, then either a move with an optional mark (``good``, ``bad``,
``winning``, ``losing``, ``even``) and an optional comment, or a comment
alone, which is the position's own.  A comment is written in double quotes
with JSON's escapes (``\\"``, ``\\n``).  Every move of a line's path joins
the book too (unmarked, unless another line marks it), so one line is enough
to put a whole line of play in.  The header's ``rule`` and ``size`` say which
game the book is for (renju on 15x15 by default).

The writer walks the book from the empty board, rows in order, and writes a
line only where it says something the lines under it do not: a mark, a
comment, or the end of a line of play; so a written book reads back equal
and a change shows as a change of one line in a diff.

:func:`write_sgf_book` exports the tree as SGF (FF[4], GM[4]) with a
variation for each book move: marks as SGF's own properties (good ``TE``,
bad ``BM``, even ``DM``; winning and losing as ``GB``/``GW``, good for black
or white, on the node of the move), comments as ``C``.  :func:`read_sgf_book`
reads such a tree back (and any SGF game tree: every variation joins the book).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from gomoku.book import Book, BookError, BookMark, BookMove, Key, next_to_move
from gomoku.i18n import _
from gomoku.point import MAX_SIZE, MIN_SIZE, Point, to_notation
from gomoku.records.moves import parse_moves
from gomoku.records.record import RecordError, content_lines, cut, whole_number
from gomoku.records.sgf import (
    COLOUR_PROPERTY,
    SGF_LETTERS,
    SgfNode,
    game_of,
    sgf_escape,
    sgf_point,
    sgf_root,
    sgf_tree,
)
from gomoku.rules import Rule, Stone

#: The first line of the form, which says what the file is.
FIRST_LINE = "gomoku book"
#: The header keys, in the order the writer writes them.
KEYS = ("rule", "size")
_HEADER = re.compile(r"([a-z]+)\s*:\s*(\S.*)")
_MOVE = re.compile(r"[a-z]\d{1,2}")
_WORD = re.compile(r"\S+")
_MARKS = {mark.value: mark for mark in BookMark}

#: The SGF property of each mark, on the node of the move; winning and losing are written as good for the
#: mover's side or the other (``GB``/``GW``), so their property depends on who moved (:func:`_mark_property`).
_SGF_MARKS = {BookMark.GOOD: "TE", BookMark.BAD: "BM", BookMark.EVEN: "DM"}
_GOOD_FOR = {Stone.BLACK: "GB", Stone.WHITE: "GW"}


def read_book(text: str) -> Book:
    """A book from its plain-text form; :class:`RecordError` names the line of what is wrong."""
    lines = text.lstrip("\ufeff").split("\n")
    header: dict[str, str] = {}
    book: Book | None = None
    not_a_book = _("not a book: the first line must be '{first}'").format(first=FIRST_LINE)
    for line, where in content_lines(lines, FIRST_LINE, not_a_book):
        found = _HEADER.fullmatch(line)
        if book is None and found and found.group(1).lower() in KEYS:
            key = found.group(1).lower()
            if key in header:
                raise RecordError(_("{key} is given twice").format(key=repr(key)), where)
            header[key] = found.group(2).strip()
            continue
        if book is None:
            book = _book_of(header, where)
        _read_line(book, line, where)
    return book or _book_of(header, "")


def _book_of(header: dict[str, str], where: str) -> Book:
    """The empty book the header names (renju on 15x15 unless it says otherwise)."""
    rules = {rule.value: rule for rule in Rule}
    rule_text = header.get("rule", Rule.RENJU.value).lower()
    if rule_text not in rules:
        names = ", ".join(rules)
        raise RecordError(_("rule: {value} is not one of {names}").format(value=repr(cut(rule_text)), names=names))
    size_text = header.get("size", "15")
    if not (size_text.isascii() and size_text.isdigit()):
        raise RecordError(_("size: {value} is not a board size: write size: 15").format(value=repr(cut(size_text))))
    size = whole_number(size_text, "size")
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise RecordError(
            _("board size {size} is not supported (use {smallest} to {largest})").format(
                size=size, smallest=MIN_SIZE, largest=MAX_SIZE
            )
        )
    return Book(rules[rule_text], size)


def _read_line(book: Book, line: str, where: str) -> None:
    """Put one entry line (``h8 h9 : i9 good "comment"``) into ``book``."""
    path_text, colon, rest = line.partition(":")
    if not colon:
        raise RecordError(
            _(
                "{text} is not a book line: write the moves, a colon, then a move with its mark, like h8 h9 : i9 good"
            ).format(text=repr(cut(line))),
            where,
        )
    try:
        path = parse_moves(path_text, book.size)
    except RecordError as error:
        raise RecordError(error.detail, where) from None
    move, mark, comment = _entry(rest.strip(), book.size, where)
    stones: dict[Point, Stone] = {}
    try:
        for point in path:
            book.set_move(stones, point)
            stones[point] = next_to_move(stones.values())
        if move is None:
            book.set_position_comment(stones, comment or "")
        else:
            book.set_move(stones, move, mark, comment)
    except BookError as error:
        raise RecordError(str(error), where) from None


def _entry(text: str, size: int, where: str) -> tuple[Point | None, BookMark | None, str | None]:
    """The part after the colon: a move, its mark and its comment, each ``None`` when not written."""
    quote = text.find('"')
    words, comment_text = (text[:quote], text[quote:]) if quote >= 0 else (text, "")
    tokens = _WORD.findall(words)
    move: Point | None = None
    mark: BookMark | None = None
    if tokens and _MOVE.fullmatch(tokens[0].lower()):
        try:
            move = parse_moves(tokens.pop(0), size)[0]
        except RecordError as error:
            raise RecordError(error.problem, where) from None
    if tokens and move is not None and tokens[0].lower() in _MARKS:
        mark = _MARKS[tokens.pop(0).lower()]
    if tokens:
        names = ", ".join(mark.value for mark in BookMark if mark is not BookMark.NONE)
        raise RecordError(
            _("{text} is not a move with a mark: write a point, then one of {names}, then a comment in quotes").format(
                text=repr(cut(" ".join(tokens))), names=names
            ),
            where,
        )
    comment: str | None = None
    if comment_text:
        try:
            comment = json.loads(comment_text)
        except ValueError:
            comment = None
        if not isinstance(comment, str):
            raise RecordError(
                _('{text} is not a comment: write it in double quotes, with \\" for a quote inside').format(
                    text=cut(comment_text)
                ),
                where,
            )
    if move is None and comment is None:
        raise RecordError(_("a book line needs a move or a comment after the colon"), where)
    return move, mark, comment


def write_book(book: Book) -> str:
    """``book`` in its plain-text form (what :func:`read_book` reads back equal)."""
    lines = [FIRST_LINE, f"rule: {book.rule.value}", f"size: {book.size}"]
    for path, position_comment, moves in _walk(book):
        path_text = " ".join(to_notation(point, book.size) for point in path)
        prefix = f"{path_text} :" if path_text else ":"
        if position_comment:
            lines.append(f"{prefix} {_quoted(position_comment)}")
        for move, needed in moves:
            if not needed:
                continue
            entry = move.text(book.size)
            if move.comment:
                entry += f" {_quoted(move.comment)}"
            lines.append(f"{prefix} {entry}")
    return "\n".join(lines) + "\n"


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


#: One position as the walk meets it: the line that reaches it, its comment, and its moves, each with its mark,
#: comment, and whether a line must say it (``False``: the lines under it put it in).
_Visit = tuple[list[Point], str, list[tuple[BookMove, bool]]]


def _walk(book: Book) -> Iterator[_Visit]:
    """Every position of ``book`` once, depth first from the empty board (moves in row order); then the
    positions no book move reaches, each along one order of its stones."""
    seen: set[Key] = set()

    def visit(stones: dict[Point, Stone], path: list[Point]) -> Iterator[_Visit]:
        seen.add(book.key_of(stones))
        position = book.lookup_stones(stones)
        if position is None:
            return
        mover = next_to_move(stones.values())
        moves = []
        children = []
        taken: set[Key] = set()
        for move in position.moves:
            after = {**stones, move.point: mover}
            key = book.key_of(after)
            if key in taken:  # an image of a move already met: the position's own symmetry makes them one
                continue
            taken.add(key)
            goes_on = key not in seen and book.lookup_stones(after) is not None
            if goes_on:
                seen.add(key)
                children.append((after, path + [move.point]))
            moves.append((move, not goes_on or move.mark is not BookMark.NONE or bool(move.comment)))
        yield path, position.comment, moves
        for after, line in children:
            yield from visit(after, line)

    yield from visit({}, [])
    for stones, _position in book.positions():
        if book.key_of(stones) not in seen:
            yield from visit(stones, _some_order(stones))


def _some_order(stones: dict[Point, Stone]) -> list[Point]:
    """The stones as a line of play, black first and alternating (a position no book move reaches)."""
    blacks = sorted((point for point, stone in stones.items() if stone is Stone.BLACK), key=lambda p: (p.y, p.x))
    whites = sorted((point for point, stone in stones.items() if stone is Stone.WHITE), key=lambda p: (p.y, p.x))
    order = []
    for index, black in enumerate(blacks):
        order.append(black)
        if index < len(whites):
            order.append(whites[index])
    return order


# -- SGF: the tree as variations -----------------------------------------------------------------------------


def write_sgf_book(book: Book) -> str:
    """``book`` as one SGF game tree (FF[4], GM[4], UTF-8): a variation for each book move, marks as SGF's
    properties and comments as ``C``.  A position's own comment joins the ``C`` of the move that reaches it;
    positions no book move reaches from the empty board are not in the tree."""
    header = sgf_root(book.size, book.rule)
    root = book.lookup_stones({})
    if root is not None and root.comment:
        header += f"C[{sgf_escape(root.comment)}]"
    seen: set[Key] = {book.key_of({})}
    return "(;" + header + _sgf_variations(book, {}, seen) + ")\n"


def _sgf_variations(book: Book, stones: dict[Point, Stone], seen: set[Key]) -> str:
    """The book's moves from ``stones`` as SGF: one move goes on in sequence, several as variations."""
    position = book.lookup_stones(stones)
    if position is None:
        return ""
    mover = next_to_move(stones.values())
    branches = []
    taken: set[Key] = set()
    for move in position.moves:
        after = {**stones, move.point: mover}
        key = book.key_of(after)
        if key in taken:
            continue
        taken.add(key)
        node = f";{COLOUR_PROPERTY[mover]}[{SGF_LETTERS[move.point.x]}{SGF_LETTERS[move.point.y]}]"
        node += _mark_property(move.mark, mover)
        reached = book.lookup_stones(after) if key not in seen else None
        comment = "\n\n".join(text for text in (move.comment, reached.comment if reached else "") if text)
        if comment:
            node += f"C[{sgf_escape(comment)}]"
        if key not in seen:
            seen.add(key)
            node += "\n" + _sgf_variations(book, after, seen)
        branches.append(node.rstrip("\n"))
    if len(branches) == 1:
        return "\n" + branches[0]
    return "".join(f"\n({branch})" for branch in branches)


def _mark_property(mark: BookMark, mover: Stone) -> str:
    """The SGF property that says ``mark`` on the node of a move by ``mover`` (``""`` for no mark)."""
    if mark in _SGF_MARKS:
        return f"{_SGF_MARKS[mark]}[1]"
    if mark is BookMark.WINNING:
        return f"{_GOOD_FOR[mover]}[1]"
    if mark is BookMark.LOSING:
        return f"{_GOOD_FOR[mover.opponent]}[1]"
    return ""


def _mark_of(node: SgfNode, mover: Stone) -> BookMark:
    """The mark an SGF move node says (``UC``, unclear, and a node with none are unmarked)."""
    if node.values(_GOOD_FOR[mover]):
        return BookMark.WINNING
    if node.values(_GOOD_FOR[mover.opponent]):
        return BookMark.LOSING
    for mark, name in _SGF_MARKS.items():
        if node.values(name):
            return mark
    return BookMark.NONE


def read_sgf_book(text: str) -> Book:
    """A book from an SGF game tree: every move of every variation joins it, with the mark its node says
    (:func:`write_sgf_book`'s properties) and its comment; the root's comment is the empty board's."""
    root = sgf_tree(text.lstrip("\ufeff"))
    size, rule = game_of(dict(root.properties))
    if any(root.values(name) for name in ("AB", "AW", "AE")):
        raise RecordError(_("set-up stones (AB, AW) are not supported in a book: it starts from the empty board"))
    book = Book(rule, size)
    comment = "\n\n".join(text for text in root.values("C") if text.strip())
    if comment:
        book.set_position_comment({}, comment)
    # Depth first without recursion: a long line of play is a long chain of nodes.
    pending: list[tuple[SgfNode, dict[Point, Stone], int]] = [(child, {}, 1) for child in reversed(root.children)]
    while pending:
        node, stones, number = pending.pop()
        after = stones
        for name, colour in COLOUR_PROPERTY.items():
            values = node.values(colour)
            if not values:
                continue
            if name is not next_to_move(stones.values()):
                if name is Stone.WHITE:
                    wrong = _("move {number} is {move} but black is to move")
                else:
                    wrong = _("move {number} is {move} but white is to move")
                raise RecordError(wrong.format(number=number, move=f"{colour}[{cut(values[0])}]"))
            point = sgf_point(values[0].strip(), size, number)
            comment = "\n\n".join(text for text in node.values("C") if text.strip())
            try:
                book.set_move(stones, point, _mark_of(node, name), comment or None)
            except BookError as error:
                raise RecordError(str(error), _("move {number}").format(number=number)) from None
            after = {**stones, point: name}
        following = number + (after is not stones)
        pending.extend((child, after, following) for child in reversed(node.children))
    return book
