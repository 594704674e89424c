"""RenLib opening libraries (``.lib``), read only: the tree of moves with their marks, comments and board texts.

RenLib, Frank Arkbo's renju database program for Windows, keeps a library in
one binary file.  No description of the format was ever published; this
reader was written from what RenLib's own published source does when it opens
a file (read as a description: no code is taken from it).  ``docs/renlib.md``
describes the format in our words and says which real files it was tried on.

In short: a 20-byte header (``FF "RenLib" FF``, the file version, ``FF``
filling), then the tree in pre-order, one record a node.  A record is two
bytes, the point (``16 * row + column + 1``, rows from the top; 0 is no
point) and :class:`Flag` bits, then two more if the extension bit is set
(:class:`Extension`), then the node's comment and board text if its flags say
so (bytes up to a 0 byte, padded to an even length).  Two flags shape the
tree: :attr:`Flag.DOWN` says a sibling of this node follows once its own
subtree is over; :attr:`Flag.LEAF` says this node has no children, so the
next record is the sibling announced last.  A record with neither is followed
by its first child.

:func:`read_renlib` never trusts the file: every read is bounded by its size,
a point off the 15x15 board, a stone played twice in one line, a record or a
text cut off, or an unknown header raise
:class:`~gomoku.records.record.RecordError` saying at which byte.  A file that
ends exactly between two records, where the tree said more was to come, is
read as far as it goes and says so in :attr:`RenlibLibrary.note`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from gomoku.board import Board, IllegalMoveError
from gomoku.book import Book, BookError, BookMark, stones_of
from gomoku.i18n import _, ngettext
from gomoku.point import Point, to_notation
from gomoku.records.files import read_bytes
from gomoku.records.record import RecordError
from gomoku.rules import Rule

#: How a library file starts: byte FF, the letters ``RenLib``, byte FF.
MAGIC = b"\xffRenLib\xff"
#: The header's length; the version's major and minor numbers are its bytes 8 and 9, FF fills the rest.
HEADER_SIZE = 20
#: The newest file version RenLib writes (3.4, its last release's: a record for the empty board first, pass
#: moves); RenLib refuses a newer one, and so does this reader.
NEWEST_VERSION = (3, 4)
#: The board RenLib knows: 15x15, always.
SIZE = 15
#: The point byte of h8, the centre: the oldest libraries have no header and begin with it.
CENTRE = 0x78
#: The longest line a library can hold: every point taken, a pass before each stone and one after.
MAX_LINE = 2 * SIZE * SIZE + 1
#: The code page comments are decoded from unless the caller says otherwise: RenLib is a Windows program of
#: the "ANSI" era, which writes text in the code page of the Windows it runs on; its home is Sweden and its
#: old comment form maps Swedish letters to their Windows-1252 codes, so files passed between players in
#: Europe are Windows-1252.  Files made on a Chinese, Russian or Japanese Windows need ``gbk``, ``cp1251``
#: or ``cp932`` (``--lib-encoding``).
DEFAULT_ENCODING = "cp1252"
#: Between a comment's one-line title and its longer text, RenLib writes byte 8 (backspace).
TITLE_END = b"\x08"
#: The oldest comment form is 7-bit text, Swedish letters in the places of ISO 646-SE; the last byte has its
#: top bit set.  These are the swapped places.
SWEDISH_646 = str.maketrans({"}": "å", "{": "ä", "|": "ö", "]": "Å", "[": "Ä", "\\": "Ö"})


class Flag(enum.IntFlag):
    """The flag bits of a record's second byte (RenLib's own names, but for :attr:`LEAF`)."""

    #: A sibling of this node comes after this node's subtree (RenLib's "down").
    DOWN = 0x80
    #: This node has no children: the next record is the sibling announced last (RenLib's "right").
    LEAF = 0x40
    #: An old-style comment follows the record: 7-bit text whose last byte has its top bit set.
    OLD_COMMENT = 0x20
    #: The author marked the move to find it again (RenLib's Find Mark).
    MARK = 0x10
    #: A comment follows the record, up to a 0 byte.
    COMMENT = 0x08
    #: The position RenLib opens the library at.
    START = 0x04
    #: Not a stone: a board text on an empty point (a letter showing a candidate, say).
    NO_MOVE = 0x02
    #: Two more bytes of flags follow (:class:`Extension`).
    EXTENSION = 0x01


class Extension(enum.IntFlag):
    """The flag bits of a record's extension (its third byte high, its fourth low)."""

    #: A board text follows the record (after the comment, if any), up to a 0 byte.
    BOARD_TEXT = 0x0001


@dataclass(eq=False)
class LibNode:
    """A node of a library's tree: a move (or a pass, or a board text on an empty point) and what it carries."""

    #: The point (0-based, rows from the top, as :class:`~gomoku.point.Point` is); ``None`` for the tree's root
    #: (the empty board) and for a pass.
    point: Point | None
    #: Where the node's record starts in the file (0 for a root the file has no record of).
    offset: int = 0
    #: ``False`` for RenLib's "no move": a board text shown on an empty point, no stone.
    move: bool = True
    #: The author's mark (RenLib's Mark command: "so it is easy to find the position again").
    marked: bool = False
    #: The position RenLib opens the library at.
    start: bool = False
    #: The comment's first line (RenLib's one-line comment, shown above the board).
    title: str = ""
    #: The rest of the comment (RenLib's multi-line comment); lines end with ``\n``.
    comment: str = ""
    #: The text drawn on the board at the point (``A``, ``1``, ...).
    board_text: str = ""
    children: list[LibNode] = field(default_factory=list)

    @property
    def is_pass(self) -> bool:
        """A pass: a move that places no stone (RenLib 3.6's Insert Pass Move)."""
        return self.point is None and self.move

    def text(self) -> str:
        """The title and the comment as one text, a blank line between them."""
        return "\n\n".join(part for part in (self.title, self.comment) if part)

    def said(self) -> str:
        """The node in renju notation (``h8``), ``pass`` or ``-`` for the root: for messages and tests."""
        if self.point is None:
            return "pass" if self.offset else "-"
        return to_notation(self.point, SIZE)


class Unfinished(enum.Enum):
    """How a file that ends between two records shows it was cut short."""

    #: The last record neither ends its line nor is followed by a child.
    LINE = "line"
    #: The last record ended its line, and a sibling announced earlier never came.
    SIBLING = "sibling"


@dataclass(eq=False)
class RenlibLibrary:
    """A library read from a ``.lib`` file: its tree, the file version, and a note if it seems cut short."""

    root: LibNode
    #: The header's version (``(3, 0)``: the tree starts at h8, no record for the empty board; ``(3, 4)``: the
    #: tree starts with the empty board's record); ``None`` for the oldest files, which have no header.
    version: tuple[int, int] | None
    #: Set when the file ends where its tree said more was to come (then :attr:`cut_at` is the byte after the last
    #: record read): what was read is kept, :meth:`note` says so.
    unfinished: Unfinished | None = None
    cut_at: int = 0

    def nodes(self) -> Iterator[tuple[LibNode, int]]:
        """Every node below the root with its depth (1 for the first move), in the file's order (pre-order)."""
        stack = [(child, 1) for child in reversed(self.root.children)]
        while stack:
            node, depth = stack.pop()
            yield node, depth
            stack.extend((child, depth + 1) for child in reversed(node.children))

    def counts(self) -> LibraryCounts:
        """How many moves, comments, board texts and marks the library holds."""
        moves = comments = texts = marks = 0
        for node in (self.root, *(node for node, _depth in self.nodes())):
            moves += node is not self.root and node.move
            comments += bool(node.title or node.comment)
            texts += bool(node.board_text)
            marks += node.marked
        return LibraryCounts(moves, comments, texts, marks)

    def note(self) -> str:
        """What a reader of the file should know about it (``""``: nothing): that it seems cut short."""
        if self.unfinished is Unfinished.LINE:
            return _(
                "the file seems cut short: it ends at byte {offset}, where its last move's line goes on; "
                "what comes before was read"
            ).format(offset=self.cut_at)
        if self.unfinished is Unfinished.SIBLING:
            return _(
                "the file seems cut short: it ends at byte {offset}, before a variation it announced; "
                "what comes before was read"
            ).format(offset=self.cut_at)
        return ""


@dataclass(frozen=True)
class LibraryCounts:
    """What a library holds: moves (stones and passes), comments, board texts and marks."""

    moves: int
    comments: int
    board_texts: int
    marks: int


def _where(offset: int) -> str:
    return _("byte {offset}").format(offset=offset)


def _point_of(value: int, offset: int) -> Point | None:
    """The point a record's first byte names (``None`` for 0), or :class:`RecordError` if it is off the board."""
    if value == 0:
        return None
    column, row = value % 16, value // 16
    if column == 0 or row >= SIZE:
        raise RecordError(
            _("byte value {value} is not a point of the 15x15 board").format(value=f"0x{value:02X}"), _where(offset)
        )
    return Point(column - 1, row)


def _text(data: bytes, at: int) -> tuple[bytes, int]:
    """The text starting at ``at`` (up to a 0 byte, read two bytes at a time) and where the next record starts."""
    end = data.find(b"\x00", at)
    if end < 0:
        raise RecordError(_("a comment or board text never ends: the file stops inside it"), _where(at))
    after = end + 1 if (end - at) % 2 else end + 2
    if after > len(data):
        raise RecordError(_("a comment or board text never ends: the file stops inside it"), _where(at))
    return data[at:end], after


def _old_text(data: bytes, at: int) -> tuple[bytes, int]:
    """An old-style comment at ``at`` (7-bit, its last byte's top bit set) and where the next record starts."""
    position = at
    while True:
        if position + 2 > len(data):
            raise RecordError(_("a comment or board text never ends: the file stops inside it"), _where(at))
        first, second = data[position], data[position + 1]
        position += 2
        if first & 0x80:
            return bytes(byte & 0x7F for byte in data[at : position - 1]), position
        if second & 0x80:
            return bytes(byte & 0x7F for byte in data[at:position]), position


def _decoded(raw: bytes, encoding: str) -> str:
    """Text from the file: decoded (bytes the code page lacks become U+FFFD), line breaks as ``\\n``."""
    return raw.decode(encoding, errors="replace").replace("\r\n", "\n").replace("\r", "\n")


def _start(data: bytes) -> tuple[tuple[int, int] | None, int]:
    """The file's version and where its first record is; :class:`RecordError` if it is no library."""
    if data.startswith(MAGIC):
        if len(data) < HEADER_SIZE:
            raise RecordError(_("the RenLib header is cut short: the file ends at byte {size}").format(size=len(data)))
        version = (data[8], data[9])
        if version > NEWEST_VERSION:
            raise RecordError(
                _("file version {major}.{minor} is newer than RenLib's last ({newest})").format(
                    major=version[0], minor=version[1], newest="{}.{}".format(*NEWEST_VERSION)
                ),
                _where(8),
            )
        return version, HEADER_SIZE
    if data[:1] == bytes([CENTRE]):
        return None, 0
    raise RecordError(_("not a RenLib library: it must start with the RenLib header or with the move h8"))


def read_renlib(data: bytes, encoding: str = DEFAULT_ENCODING) -> RenlibLibrary:
    """The library in ``data``, the bytes of a ``.lib`` file; comments decoded from ``encoding``.

    Raises :class:`~gomoku.records.record.RecordError` (with the byte in
    :attr:`~gomoku.records.record.RecordError.where`) for a file that is no
    library or is damaged.  Nodes for the same point under one parent are
    merged, as RenLib does (the first comment and board text are kept).
    """
    version, position = _start(data)
    root = LibNode(None)
    path = [root]  # from the root to the node just read
    taken: dict[Point, int] = {}  # the stones on that line: point -> depth
    announced: list[int] = []  # depths of the parents of nodes whose sibling is still to come
    children: dict[int, dict[Point | None, LibNode]] = {}  # id(node) -> its children by point
    first = True
    popped = False  # the last record ended its line and a sibling was announced
    last_flags = Flag.LEAF
    node_read = root
    while position < len(data):
        offset = position
        if position + 2 > len(data):
            raise RecordError(_("the file ends inside a move record"), _where(offset))
        point = _point_of(data[position], offset)
        flags = Flag(data[position + 1])
        position += 2
        extension = Extension(0)
        if flags & Flag.EXTENSION:
            if position + 2 > len(data):
                raise RecordError(_("the file ends inside a move record"), _where(offset))
            extension = Extension((data[position] << 8 | data[position + 1]) & Extension.BOARD_TEXT)
            position += 2
        if first and point is None:
            node = root  # the empty board's own record
            root.offset = offset
        else:
            node = _child(path, point, flags, offset, taken, children)
        first = False
        if flags & Flag.OLD_COMMENT:
            raw, position = _old_text(data, position)
            old = _decoded(raw, "ascii").translate(SWEDISH_646).partition("\b")
            _comment(node, old[0], old[2])
        elif flags & Flag.COMMENT:
            raw, position = _text(data, position)
            parts = raw.partition(TITLE_END)
            _comment(node, _decoded(parts[0], encoding), _decoded(parts[2], encoding))
        if extension & Extension.BOARD_TEXT:
            raw, position = _text(data, position)
            node.board_text = node.board_text or _decoded(raw, encoding)
        node.marked |= bool(flags & Flag.MARK)
        node.start |= bool(flags & Flag.START)
        node.move |= not flags & Flag.NO_MOVE
        if flags & Flag.DOWN and len(path) > 1:
            announced.append(len(path) - 2)
        popped = False
        if flags & Flag.LEAF and announced:
            _back_to(path, announced.pop(), taken)
            popped = True
        last_flags = flags
        node_read = node
    library = RenlibLibrary(root, version)
    if node_read is root:
        pass  # a library of the empty board alone: its record is all there is
    elif popped:
        library.unfinished, library.cut_at = Unfinished.SIBLING, position
    elif not last_flags & Flag.LEAF:
        library.unfinished, library.cut_at = Unfinished.LINE, position
    return library


def _child(
    path: list[LibNode],
    point: Point | None,
    flags: Flag,
    offset: int,
    taken: dict[Point, int],
    children: dict[int, dict[Point | None, LibNode]],
) -> LibNode:
    """The child at ``point`` of the node at the end of ``path`` (made if new), which the path then ends with."""
    parent = path[-1]
    if len(path) > MAX_LINE:
        longer = ngettext(
            "a line is longer than any game: more than {count} move",
            "a line is longer than any game: more than {count} moves",
            MAX_LINE,
        )
        raise RecordError(longer.format(count=MAX_LINE), _where(offset))
    siblings = children.setdefault(id(parent), {})
    node = siblings.get(point)
    if node is None:
        node = LibNode(point, offset, move=not flags & Flag.NO_MOVE)
        siblings[point] = node
        parent.children.append(node)
    if point is not None and (node.move or not flags & Flag.NO_MOVE):
        if point in taken:
            raise RecordError(
                _("{point} is played twice in one line: moves {first} and {again}").format(
                    point=to_notation(point, SIZE), first=taken[point], again=len(path)
                ),
                _where(offset),
            )
        taken[point] = len(path)
    path.append(node)
    return node


def _back_to(path: list[LibNode], depth: int, taken: dict[Point, int]) -> None:
    """Cut ``path`` back to its node at ``depth``, freeing the points of the stones after it."""
    for index in range(depth + 1, len(path)):
        point = path[index].point
        if point is not None and taken.get(point) == index:
            del taken[point]
    del path[depth + 1 :]


def _comment(node: LibNode, title: str, comment: str = "") -> None:
    """Give ``node`` the comment read, unless it already has one (RenLib keeps the first when nodes merge)."""
    if not (node.title or node.comment):
        node.title, node.comment = title, comment


#: The largest library read: the biggest published ones are a few megabytes (the 40 000-move collection of all
#: the openings is 97 kB); past this it is no library, and its tree would fill the memory.
MAX_LIBRARY_BYTES = 32 << 20


def read_renlib_file(path: Path | str, encoding: str = DEFAULT_ENCODING) -> RenlibLibrary:
    """The library in the file at ``path`` (:func:`read_renlib`); :class:`RecordError` with the file in
    :attr:`~gomoku.records.record.RecordError.path` if it cannot be read or is no library."""
    path = Path(path)
    data = read_bytes(path, MAX_LIBRARY_BYTES, _("over {size} MB, far too big for a RenLib library"))
    try:
        return read_renlib(data, encoding)
    except RecordError as error:
        raise error.in_file(str(path)) from None


#: The mark a move RenLib marked gets in the book: none.  RenLib's mark is a bookmark ("so it is easy to find the
#: position again", its guide says), not a judgement, while the book's marks are judgements that the computer
#: and the analysis act on: a marked refutation must not become a good move.
MARKED_AS = BookMark.NONE


@dataclass(frozen=True)
class RenlibImport:
    """A library turned into a book, and what of it the book could not hold."""

    book: Book
    #: moves put into the book, and comments with them (a position's own included)
    moves: int
    comments: int
    #: moves the rule refuses (a forbidden point, a move after five), counted with the moves after them
    refused: int
    #: passes, counted with the moves after them: a book position's stones say whose move it is
    after_pass: int
    #: board texts, which a book has no place for
    board_texts: int
    #: moves RenLib marked, put in with :data:`MARKED_AS`
    marks: int


def import_renlib(library: RenlibLibrary, rule: Rule = Rule.RENJU, size: int = SIZE) -> RenlibImport:
    """The book of ``library``'s lines under ``rule``, on a ``size`` board (15, or larger with the library's
    board at its centre), with the counts of what it holds and what it could not."""
    if size < SIZE:
        raise BookError(_("a RenLib library is for 15x15: it does not fit on {size}x{size}").format(size=size))
    shift = (size - SIZE) // 2
    book = Book(rule, size)
    board = Board(size, rule)
    moves = comments = refused = after_pass = board_texts = marks = 0
    if library.root.text():
        book.set_position_comment({}, library.root.text())
        comments += 1
    # Each entry: a node to enter, or None to take its move back on the way out
    stack: list[LibNode | None] = list(reversed(library.root.children))
    while stack:
        node = stack.pop()
        if node is None:
            board.undo()
            continue
        board_texts += bool(node.board_text)
        if not node.move:
            continue
        if node.point is None:
            after_pass += _size_of(node)
            continue
        point = Point(node.point.x + shift, node.point.y + shift)
        stones = stones_of(board)
        try:
            board.play(point)
        except IllegalMoveError:
            refused += _size_of(node)
            continue
        text = node.text()
        book.set_move(stones, point, MARKED_AS if node.marked else None, text or None)
        moves += 1
        comments += bool(text)
        marks += node.marked
        stack.append(None)
        stack.extend(reversed(node.children))
    return RenlibImport(book, moves, comments, refused, after_pass, board_texts, marks)


def book_from_renlib(library: RenlibLibrary, rule: Rule = Rule.RENJU, size: int = SIZE) -> Book:
    """The book of ``library``'s lines (:func:`import_renlib` says what it could not hold)."""
    return import_renlib(library, rule, size).book


def _size_of(node: LibNode) -> int:
    """How many moves ``node``'s subtree holds, itself included (board texts without a stone are not moves)."""
    count = 0
    stack = [node]
    while stack:
        here = stack.pop()
        count += here.move
        stack.extend(here.children)
    return count
