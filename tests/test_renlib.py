"""RenLib libraries (.lib): the tree, its flags, comments and marks read from files built here, and damage said.

The files are made by a small writer below that follows the format as
``docs/renlib.md`` describes it (the header, two-byte records, the flags,
texts up to a 0 byte padded to even); real libraries published by players
were read by hand (``docs/renlib.md`` names them), as their licences do not
let them into the repository.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gomoku.board import Board
from gomoku.book import Book, BookMark
from gomoku.books import load_library, own_book_path
from gomoku.cli import main
from gomoku.point import parse_point
from gomoku.records import RecordError
from gomoku.records.book import read_book
from gomoku.records.renlib import (
    MARKED_AS,
    MAX_LINE,
    LibNode,
    RenlibLibrary,
    Unfinished,
    book_from_renlib,
    import_renlib,
    read_renlib,
)
from gomoku.rules import Rule
from tests.mutations import mutated

DOWN, LEAF, OLD_COMMENT, MARK, COMMENT, START, NO_MOVE, EXTENSION = 0x80, 0x40, 0x20, 0x10, 0x08, 0x04, 0x02, 0x01


@dataclass
class Spec:
    """A node to write: a point in renju notation (``None``: the empty board at the root, else a pass)."""

    point: str | None
    children: list[Spec] = field(default_factory=list)
    mark: bool = False
    start: bool = False
    no_move: bool = False
    title: str = ""
    comment: str = ""
    board_text: str = ""
    #: Raw comment bytes, written as they are instead of title/comment.
    raw_comment: bytes | None = None
    #: An old-style (7-bit) comment, instead of a new one.
    old_comment: str | None = None


def n(point: str | None, *children: Spec, **details: object) -> Spec:
    return Spec(point, list(children), **details)  # type: ignore[arg-type]


def point_byte(point: str | None) -> int:
    if point is None:
        return 0
    x, y = parse_point(point, 15)
    return 16 * y + x + 1


def text_bytes(raw: bytes) -> bytes:
    raw += b"\x00"
    return raw + b"\x00" * (len(raw) % 2)


def record(spec: Spec, has_sibling: bool, *, leaf: bool = True, encoding: str = "cp1252") -> bytes:
    flags = (DOWN if has_sibling else 0) | (LEAF if leaf and not spec.children else 0)
    flags |= (MARK if spec.mark else 0) | (START if spec.start else 0) | (NO_MOVE if spec.no_move else 0)
    body = b""
    if spec.old_comment is not None:
        flags |= OLD_COMMENT
        raw = bytearray(spec.old_comment.encode("ascii"))
        raw[-1] |= 0x80
        body += bytes(raw) + b"\x00" * (len(raw) % 2)
    elif spec.raw_comment is not None or spec.title or spec.comment:
        flags |= COMMENT
        raw = spec.raw_comment
        if raw is None:
            raw = spec.title.encode(encoding) + (b"\x08" + spec.comment.encode(encoding) if spec.comment else b"")
        body += text_bytes(raw)
    extension = b""
    if spec.board_text:
        flags |= EXTENSION
        extension = b"\x00\x01"
        body += text_bytes(spec.board_text.encode(encoding))
    return bytes([point_byte(spec.point), flags]) + extension + body


def preorder(spec: Spec, has_sibling: bool, encoding: str) -> bytes:
    out = record(spec, has_sibling, encoding=encoding)
    for number, child in enumerate(spec.children):
        out += preorder(child, number < len(spec.children) - 1, encoding)
    return out


def header(major: int = 3, minor: int = 4) -> bytes:
    return b"\xffRenLib\xff" + bytes([major, minor]) + b"\xff" * 10


def library(root: Spec, version: tuple[int, int] = (3, 4), encoding: str = "cp1252") -> bytes:
    """A whole file as RenLib writes one: 3.4 writes the empty board's record first, 3.0 begins at h8."""
    if version >= (3, 4):
        body = record(root, False, leaf=False, encoding=encoding)
        for number, child in enumerate(root.children):
            body += preorder(child, number < len(root.children) - 1, encoding)
    else:
        body = b"".join(preorder(child, False, encoding) for child in root.children)
    return header(*version) + body


def shape(node: LibNode) -> str:
    """The tree as text: ``h8 (h9 (i9, j10), i7)``; a pass is ``pass``, a board text ``[A]``, no-move ``~``."""
    said = node.said()
    said += f"[{node.board_text}]" if node.board_text else ""
    said += "~" if not node.move else ""
    said += "*" if node.marked else ""
    if node.children:
        said += " (" + ", ".join(shape(child) for child in node.children) + ")"
    return said


def tree(lib: RenlibLibrary) -> str:
    return ", ".join(shape(child) for child in lib.root.children)


KAGETSU = n(
    None,
    n(
        "h8",
        n("h9", n("i9", n("j10"), n("g7", mark=True)), n("j9")),
        n("i9", n("i10")),
        title="Openings",
        comment="Two of them\r\nand one more",
    ),
    title="My library",
)


def test_a_version_3_4_file_gives_the_tree_its_comments_and_marks():
    lib = read_renlib(library(KAGETSU))
    assert lib.version == (3, 4)
    assert tree(lib) == "h8 (h9 (i9 (j10, g7*), j9), i9 (i10))"
    assert lib.root.title == "My library"
    h8 = lib.root.children[0]
    assert (h8.title, h8.comment) == ("Openings", "Two of them\nand one more")
    assert h8.text() == "Openings\n\nTwo of them\nand one more"
    assert lib.counts().moves == 8 and lib.counts().comments == 2 and lib.counts().marks == 1
    assert lib.note() == "" and lib.unfinished is None


def test_a_version_3_0_file_begins_at_h8_and_a_headerless_one_is_read_too():
    old = library(KAGETSU, version=(3, 0))
    assert old[20] == 0x78  # h8's record comes first
    for data in (old, old[20:]):
        lib = read_renlib(data)
        assert tree(lib) == "h8 (h9 (i9 (j10, g7*), j9), i9 (i10))"
        assert lib.root.title == ""  # 3.0 has no record for the empty board
    assert read_renlib(old).version == (3, 0)
    assert read_renlib(old[20:]).version is None


def test_points_are_read_column_then_row_from_the_top():
    corners = n(None, n("a15"), n("o15"), n("a1"), n("o1"), n("h8"))
    lib = read_renlib(library(corners))
    assert [child.point for child in lib.root.children] == [(0, 0), (14, 0), (0, 14), (14, 14), (7, 7)]
    assert tree(lib) == "a15, o15, a1, o1, h8"


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        (n("h8", mark=True), "h8*"),
        (n("h8", no_move=True, board_text="A"), "h8[A]~"),
        (n("h8", board_text="12"), "h8[12]"),
        (n("h8", n(None, n("i9"))), "h8 (pass (i9))"),
    ],
    ids=["mark", "no move", "board text", "pass"],
)
def test_each_flag_is_read(spec, expected):
    assert tree(read_renlib(library(n(None, spec)))) == expected


def test_the_start_position_is_kept():
    lib = read_renlib(library(n(None, n("h8", n("h9", start=True)))))
    assert [node.start for node, _depth in lib.nodes()] == [False, True]


def test_a_board_text_after_a_comment_and_the_extension_bytes_are_read_in_order():
    spec = n(None, n("h8", n("i9"), title="t", comment="c", board_text="B"), n("j10"))
    lib = read_renlib(library(spec))
    assert tree(lib) == "h8[B] (i9), j10"
    assert lib.root.children[0].text() == "t\n\nc"


def test_comments_are_windows_1252_by_default_another_code_page_on_request_and_bad_bytes_replaced():
    accented = n(None, n("h8", raw_comment="Défense à l’œil".encode("cp1252") + b" \x81"))
    assert read_renlib(library(accented)).root.children[0].title == "Défense à l’œil \ufffd"
    chinese = n(None, n("h8", raw_comment="花月".encode("gbk")))
    assert read_renlib(library(chinese), "gbk").root.children[0].title == "花月"
    russian = n(None, n("h8", raw_comment="Цветок".encode("cp1251")))
    assert read_renlib(library(russian), "cp1251").root.children[0].title == "Цветок"


def test_an_old_7_bit_comment_gives_its_swedish_letters():
    lib = read_renlib(library(n(None, n("h8", n("h9"), old_comment="Sv}r|ppning\x08Sl{t"), n("i9"))))
    h8 = lib.root.children[0]
    assert (h8.title, h8.comment) == ("Svåröppning", "Slät")
    assert tree(lib) == "h8 (h9), i9"  # the record after the comment is found on its even byte


def test_records_for_one_point_under_one_parent_are_merged_as_renlib_does():
    # Two lines h8 h9 i9 and h8 h9 j10 written as two siblings h8 (RenLib merges them when it reads)
    data = header() + bytes([0, 0])
    data += bytes([point_byte("h8"), DOWN]) + bytes([point_byte("h9"), 0]) + bytes([point_byte("i9"), LEAF | COMMENT])
    data += text_bytes(b"first")
    data += bytes([point_byte("h8"), 0]) + bytes([point_byte("h9"), 0]) + bytes([point_byte("i9"), LEAF | MARK])
    lib = read_renlib(data)
    assert tree(lib) == "h8 (h9 (i9*))"
    i9 = lib.root.children[0].children[0].children[0]
    assert i9.title == "first" and i9.offset == 26


@pytest.mark.parametrize(
    ("data", "problem", "where"),
    [
        (b"", "not a RenLib library", ""),
        (b"PK\x03\x04 a zip file", "not a RenLib library", ""),
        (header()[:12], "header is cut short", ""),
        (header(3, 5) + b"\x00\x00", "file version 3.5 is newer than RenLib's last (3.4)", "byte 8"),
        (header() + b"\x00\x00\x10\x40", "byte value 0x10 is not a point", "byte 22"),
        (header() + b"\x00\x00\xf1\x40", "byte value 0xF1 is not a point", "byte 22"),
        (header() + b"\x00\x00\x78", "ends inside a move record", "byte 22"),
        (header() + b"\x00\x00\x78\x01\x00", "ends inside a move record", "byte 22"),
        (header() + b"\x00\x00\x78\x48abc", "never ends", "byte 24"),
        (header() + b"\x00\x00\x78\x48ab\x00", "never ends", "byte 24"),
        (header() + b"\x00\x00\x78\x60ab", "never ends", "byte 24"),
        (
            header() + b"\x00\x00\x78\x00\x79\x00\x78\x40",
            "h8 is played twice in one line: moves 1 and 3",
            "byte 26",
        ),
    ],
    ids=[
        "empty",
        "other file",
        "header cut",
        "newer version",
        "column 0",
        "row 16",
        "record cut",
        "extension cut",
        "comment cut",
        "comment's padding cut",
        "old comment cut",
        "a stone twice",
    ],
)
def test_a_damaged_file_says_what_and_at_which_byte(data, problem, where):
    with pytest.raises(RecordError) as caught:
        read_renlib(data)
    assert problem in caught.value.problem
    assert caught.value.where == where


def test_a_line_longer_than_any_game_is_refused_not_followed_forever():
    passes = header() + bytes([0, 0]) + bytes([0, 0]) * (MAX_LINE + 5)
    with pytest.raises(RecordError, match="longer than any game"):
        read_renlib(passes)


def test_a_file_cut_anywhere_is_said_or_is_the_empty_library():
    data = library(KAGETSU)
    for cut in range(len(data)):
        try:
            lib = read_renlib(data[:cut])
        except RecordError as error:
            assert error.where.startswith("byte") or cut < 20
            continue
        if lib.root.children:
            assert lib.unfinished is not None and lib.note(), f"cut at {cut} not noticed"
            assert f"byte {cut}" in lib.note()
        else:
            # the header alone, or with the empty board's record: an empty library is all they say
            assert cut in (20, 20 + len(record(KAGETSU, False, leaf=False)))


def test_a_cut_between_records_keeps_what_came_before_and_says_how_it_ends():
    data = library(n(None, n("h8", n("h9"), n("i9"))))
    line = read_renlib(data[:24])  # h8, whose line goes on
    assert tree(line) == "h8" and line.unfinished is Unfinished.LINE
    sibling = read_renlib(data[:26])  # h9, which announced i9
    assert tree(sibling) == "h8 (h9)" and sibling.unfinished is Unfinished.SIBLING
    assert "before a variation it announced" in sibling.note()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400), st.sampled_from([b"", header(), header(3, 0), b"\x78"]))
def test_garbage_is_read_or_refused_with_our_error_only(tail, start):
    try:
        read_renlib(start + tail)
    except RecordError:
        pass


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(library(KAGETSU)))
def test_a_damaged_library_is_read_or_refused_with_our_error_only(data):
    try:
        read_renlib(data)
    except RecordError:
        pass


# -- into the book -----------------------------------------------------------------------------------------------


def board_after(line: str, rule: Rule = Rule.RENJU) -> Board:
    board = Board(15, rule)
    for move in line.split():
        board.play(parse_point(move, 15))
    return board


def book_moves(book: Book, line: str, rule: Rule = Rule.RENJU) -> str:
    position = book.lookup(board_after(line, rule))
    assert position is not None, f"the book does not know {line!r}"
    return " ".join(move.text(15) for move in position.moves)


def test_a_library_becomes_a_book_of_its_lines_with_their_comments():
    imported = import_renlib(read_renlib(library(KAGETSU)))
    book = imported.book
    assert (book.rule, book.size) == (Rule.RENJU, 15)
    assert book_moves(book, "") == "h8"
    assert book_moves(book, "h8") == "g9 h9 i9 g8 i8 g7 h7 i7"  # h8 alone: every image of h9 and i9
    assert book_moves(book, "h8 h9") == "f9 g9 i9 j9"  # and their mirror images
    assert book_moves(book, "h8 h9 i9") == "j10 g7"
    assert book.lookup(board_after("")).comment == "My library"  # the empty board's own comment
    h8 = book.lookup(board_after("")).move(parse_point("h8", 15))
    assert h8 is not None and h8.comment == "Openings\n\nTwo of them\nand one more"
    assert (imported.moves, imported.comments, imported.marks) == (8, 2, 1)


def test_a_book_made_from_a_library_finds_its_lines_turned_and_mirrored():
    book = book_from_renlib(read_renlib(library(KAGETSU)))
    assert book_moves(book, "h8 h9 i9") == "j10 g7"
    assert book_moves(book, "h8 i8 i7") == "g9 j6"  # turned a quarter to the right
    assert book_moves(book, "h8 h7 g7") == "i9 f6"  # turned half
    assert book_moves(book, "h8 h9 g9") == "f10 i7"  # mirrored


def test_renlibs_mark_is_no_judgement_so_a_marked_move_comes_in_unmarked():
    book = book_from_renlib(read_renlib(library(KAGETSU)))
    g7 = book.lookup(board_after("h8 h9 i9")).move(parse_point("g7", 15))
    assert g7 is not None and g7.mark is BookMark.NONE and MARKED_AS is BookMark.NONE


FOUL = n(None, n("h8", n("a1", n("i8", n("a3", n("j9", n("a5", n("j10", n("a7", n("j8", n("a9")))))))))))


def test_a_move_the_rule_refuses_is_left_out_with_its_line_and_counted():
    lib = read_renlib(library(FOUL))
    renju = import_renlib(lib, Rule.RENJU)  # j8 is black's double three
    assert renju.refused == 2 and renju.moves == 8
    assert book_moves(renju.book, "h8 a1 i8 a3 j9 a5 j10") == "a7"
    assert renju.book.lookup(board_after("h8 a1 i8 a3 j9 a5 j10 a7")) is None
    freestyle = import_renlib(lib, Rule.FREESTYLE)
    assert freestyle.refused == 0 and freestyle.moves == 10
    assert book_moves(freestyle.book, "h8 a1 i8 a3 j9 a5 j10 a7", Rule.FREESTYLE) == "j8"


def test_passes_and_board_texts_are_counted_and_left_out():
    spec = n(None, n("h8", n(None, n("i9")), n("j10", no_move=True, board_text="A"), n("h9", board_text="1")))
    imported = import_renlib(read_renlib(library(spec)))
    assert (imported.after_pass, imported.board_texts, imported.moves) == (2, 2, 2)
    assert book_moves(imported.book, "h8") == "h9 g8 i8 h7"


# -- --import-lib ------------------------------------------------------------------------------------------------


def test_import_lib_writes_a_book_and_says_what_it_read(tmp_path, capsys):
    lib = tmp_path / "kagetsu.lib"
    lib.write_bytes(library(KAGETSU))
    book = tmp_path / "my.book"
    assert main(["--import-lib", str(lib), "--output", str(book)]) == 0
    said = capsys.readouterr().out
    assert said.startswith("kagetsu.lib: 8 moves read into the book\n2 comments kept\n")
    assert "\n1 marked move put in without a mark: RenLib's marks are bookmarks" in said
    assert said.endswith(f"the book {book} now knows 5 positions (5 new)\n")
    assert book_moves(read_book(book.read_text(encoding="utf-8")), "h8 h9") == "f9 g9 i9 j9"
    assert main(["--import-lib", str(lib), "--output", str(book)]) == 0  # again: merged, nothing new
    assert capsys.readouterr().out.endswith("now knows 5 positions (0 new)\n")


def test_import_lib_reads_comments_in_the_code_page_given(tmp_path):
    lib = tmp_path / "cn.lib"
    lib.write_bytes(library(n(None, n("h8", title="花月")), encoding="gbk"))
    book = tmp_path / "cn.book"
    assert main(["--import-lib", str(lib), "--lib-encoding", "gbk", "--output", str(book)]) == 0
    h8 = read_book(book.read_text(encoding="utf-8")).lookup(board_after("")).move(parse_point("h8", 15))
    assert h8 is not None and h8.comment == "花月"


def test_import_lib_says_a_broken_library_and_writes_nothing(tmp_path, capsys):
    lib = tmp_path / "broken.lib"
    lib.write_bytes(header() + b"\x00\x00\x78\x00\xf1\x40")
    book = tmp_path / "my.book"
    assert main(["--import-lib", str(lib), "--output", str(book)]) == 2
    assert capsys.readouterr().err == f"gomoku: {lib}: byte 24: byte value 0xF1 is not a point of the 15x15 board\n"
    assert not book.exists()
    assert main(["--import-lib", str(tmp_path / "missing.lib"), "--output", str(book)]) == 2
    assert "cannot read it" in capsys.readouterr().err


def test_import_lib_into_a_book_of_another_rule_or_a_small_board_is_refused(tmp_path, capsys):
    lib = tmp_path / "kagetsu.lib"
    lib.write_bytes(library(KAGETSU))
    book = tmp_path / "free.book"
    assert main(["--import-lib", str(lib), "--rule", "freestyle", "--output", str(book)]) == 0
    before = book.read_text(encoding="utf-8")
    assert main(["--import-lib", str(lib), "--output", str(book)]) == 2  # renju into a freestyle book
    assert "cannot join" in capsys.readouterr().err
    assert book.read_text(encoding="utf-8") == before
    assert main(["--import-lib", str(lib), "--size", "13", "--output", str(tmp_path / "small.book")]) == 2
    assert "a RenLib library is for 15x15: it does not fit on 13x13" in capsys.readouterr().err


def test_a_larger_board_has_the_library_at_its_centre():
    book = book_from_renlib(read_renlib(library(KAGETSU)), Rule.RENJU, 19)
    assert book.lookup(Board(19, Rule.RENJU)).moves[0].point == (9, 9)  # j10, the centre of 19x19


def test_import_lib_without_output_fills_your_own_book_which_the_game_reads(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("GOMOKU_HOME", str(tmp_path / "home"))
    lib = tmp_path / "kagetsu.lib"
    lib.write_bytes(library(KAGETSU))
    assert main(["--import-lib", str(lib)]) == 0
    own = own_book_path(Rule.RENJU, 15)
    assert capsys.readouterr().out.endswith(f"the book {own} now knows 5 positions (5 new)\n")
    library_read = load_library()  # as the game reads the books at start
    board = board_after("h8 h9", Rule.RENJU)
    assert library_read.own(board, parse_point("j9", 15)) is not None  # the library's move, in your own book
    assert library_read.own(board, parse_point("j11", 15)) is None  # in no line of the library


def test_import_lib_keeps_a_book_it_cannot_read(tmp_path, capsys):
    lib = tmp_path / "kagetsu.lib"
    lib.write_bytes(library(KAGETSU))
    book = tmp_path / "my.book"
    book.write_text("not a book\n", encoding="utf-8")
    assert main(["--import-lib", str(lib), "--output", str(book)]) == 2
    assert capsys.readouterr().err.endswith("gomoku: nothing was written\n")
    assert book.read_text(encoding="utf-8") == "not a book\n"


@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        (["--output", "my.book"], "--output and --lib-encoding go with --import-lib FILE"),
        (["--import-lib", "a.lib", "--output", "b", "--lib-encoding", "klingon"], "'klingon' is not a code page"),
        (["--import-lib", "a.lib", "--output", "b", "--solve", "p.sgf"], "does not go with --review or --solve"),
    ],
)
def test_import_lib_options_that_do_not_fit_are_said(arguments, problem, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(arguments)
    assert stopped.value.code == 2
    assert problem in capsys.readouterr().err
