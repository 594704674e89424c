"""The match's types, its endings on the wire, the handshake table, and what a session tells whom.

Sessions are driven by the in-memory test wire (``tests/net/wire.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gomoku.board import Board
from gomoku.net import events as ev
from gomoku.net.errors import ProtocolError, VersionError
from gomoku.net.guest import GuestSession
from gomoku.net.handshake import TRANSITIONS, Stage, next_stage, table
from gomoku.net.match import VERDICTS, BlackChoice, GameSettings, OfferKind, Request, Role
from gomoku.net.protocol import ENDINGS, Over, decode, encode, endings_table
from gomoku.net.session import codes_table
from gomoku.net.snapshot import LinkState
from gomoku.point import Point, parse_point
from gomoku.rules import Outcome, Rule, Stone, Termination
from tests.net.wire import Wire

DOCS = Path(__file__).resolve().parents[2] / "docs" / "network.md"

#: 5x5: these 22 moves leave neither side a five anywhere, with 3 points still empty (tests/test_outcome.py).
NO_FIVE_LEFT = [
    p
    for pair in zip(
        [(x, y) for y in range(5) for x in range(5) if (x // 2 + y) % 2 == 0],
        [(x, y) for y in range(5) for x in range(5) if (x // 2 + y) % 2 == 1],
    )
    for p in pair
][:21] + [(4, 4)]
#: 8x8 renju: after white's last move (b8) every empty point is forbidden for black (tests/test_outcome.py's STUCK).
STUCK_GAME = (
    "h2 c1 d3 e1 f6 b4 d8 a7 c3 h1 d1 e2 f7 h4 h3 f8 c8 f1 g3 e5 h8 e3 d7 f3 b3 a5 h5 g7 a2 b1 c4 "  # noqa: SIM905
    "g2 a1 b5 d4 h6 a8 a4 b2 e7 c7 e8 e4 g4 c2 h7 d6 g8 g5 g1 f2 f4 a3 a6 b6 g6 f5 b7 c6 e6 d2 b8".split()
)


def test_every_termination_of_the_core_has_one_word_on_the_wire_and_back() -> None:
    # Termination.FORFEIT is a match's (gomoku.ai.arena): a network game refuses an illegal move instead.
    assert set(ENDINGS) == set(Termination) - {Termination.FORFEIT} and len(set(ENDINGS.values())) == len(ENDINGS)
    for termination, word in ENDINGS.items():
        winner = Stone.BLACK if Outcome(termination, Stone.BLACK).possible else None
        line = encode(Over(game=1, ply=3, winner=winner, ending=termination))
        assert f'"ending":"{word}"'.encode() in line and decode(line).outcome == Outcome(termination, winner)
    # the endings the guest's board cannot show, which it takes on the host's word
    assert {Termination.RESIGNATION, Termination.AGREEMENT, Termination.TIME} == VERDICTS


def test_an_end_reads_as_the_cores_sentence_and_an_impossible_one_is_refused() -> None:
    assert str(Outcome(Termination.NO_FIVE_LEFT, None)) == "draw: neither side can make five any more"
    assert str(Outcome(Termination.FIVE, Stone.WHITE)) == "white wins with five in a row"
    assert str(Outcome(Termination.RESIGNATION, Stone.BLACK)) == "black wins by resignation"
    with pytest.raises(ProtocolError, match="cannot end by five with winner none"):
        Over(game=1, ply=9, winner=None, ending=Termination.FIVE)  # a five has a winner
    with pytest.raises(ProtocolError, match="cannot end by agreed with winner black"):
        decode(b'{"type":"over","game":1,"ply":9,"winner":"black","ending":"agreed"}')  # an agreement has none


def test_roles_offers_and_black_choices_are_enums_with_their_wire_words() -> None:
    assert Role.HOST.other is Role.GUEST and Role("guest") is Role.GUEST
    assert BlackChoice.RANDOM.role is None and BlackChoice.GUEST.role is Role.GUEST
    assert OfferKind.UNDO.request == "to take back a move"
    with pytest.raises(TypeError):
        GameSettings(black="host")  # type: ignore[arg-type]


def test_the_wire_keeps_its_words_and_refuses_others() -> None:
    line = encode(Over(game=1, ply=22, winner=None, ending=Termination.NO_FIVE_LEFT))
    assert b'"winner":"none","ending":"no-five-left"' in line
    assert decode(line) == Over(game=1, ply=22, winner=None, ending=Termination.NO_FIVE_LEFT)
    with pytest.raises(Exception, match="ending must be one of"):
        decode(line.replace(b"no-five-left", b"stalemate"))


@pytest.mark.parametrize("version", [1, 3, 4, 5, 6])
def test_an_older_peer_is_told_to_install_the_same_version(version: int) -> None:
    hello = f'{{"type":"hello","protocol":"gomoku-net","version":{version},"role":"guest","name":"x","nonce":"'
    with pytest.raises(VersionError, match=f"speaks gomoku-net version {version} and this gomoku speaks version 7"):
        decode(hello.encode() + b"0" * 32 + b'"}')


# -- the docs show the tables ----------------------------------------------------------------


def test_the_docs_show_the_handshake_table_and_the_endings_as_the_code_has_them() -> None:
    text = DOCS.read_text()
    assert table() in text
    assert endings_table() in text
    assert codes_table() in text  # every code that crosses the wire for a sentence, with its English


def test_the_handshake_table_allows_each_message_in_its_one_stage() -> None:
    assert next_stage(Role.HOST, Stage.HELLO, "hello") is Stage.AUTH
    assert next_stage(Role.HOST, Stage.HELLO, "auth") is None  # a proof before the greeting
    assert next_stage(Role.GUEST, Stage.START, "start") is Stage.SEATED
    assert next_stage(Role.GUEST, Stage.WELCOME, "start") is None
    assert next_stage(Role.GUEST, Stage.AUTH, "bye") is Stage.CLOSED
    assert {t.then for t in TRANSITIONS} <= set(Stage)


def test_a_session_walks_the_table() -> None:
    wire = Wire()
    guest = wire.guest()
    wire.connect(guest, flush=False)
    host_link = wire.host._links[1]
    assert host_link.stage is Stage.HELLO
    wire.flush()
    assert host_link.stage is Stage.SEATED and guest._links[1].stage is Stage.SEATED


# -- endings on both sides -----------------------------------------------------------------------


def play(wire: Wire, guest: GuestSession, points) -> None:  # type: ignore[no-untyped-def]
    for point in points:
        mover = wire.host if wire.host.board.turn is wire.host.my_stone else guest
        wire.act(mover, mover.play(point))


def test_a_5x5_draw_by_no_five_left_is_named_so_on_both_sides() -> None:
    wire = Wire(GameSettings(Rule.FREESTYLE, 5, BlackChoice.HOST))
    guest = wire.join()
    play(wire, guest, [Point(*p) for p in NO_FIVE_LEFT])
    assert wire.host.result == guest.result == Outcome(Termination.NO_FIVE_LEFT, None)
    assert len(list(wire.host.board.empty_points())) == 3  # not a full board
    assert any(b'"ending":"no-five-left"' in line for line in wire.sent[wire.host])


def test_a_renju_draw_by_no_legal_move_is_named_so_on_both_sides() -> None:
    wire = Wire(GameSettings(Rule.RENJU, 8, BlackChoice.GUEST))
    guest = wire.join()
    play(wire, guest, [parse_point(name, 8) for name in STUCK_GAME])
    assert wire.host.result == guest.result == Outcome(Termination.NO_LEGAL_MOVE, None)


def test_the_guest_refuses_an_ending_its_board_does_not_show() -> None:
    wire = Wire(GameSettings(Rule.FREESTYLE, 5, BlackChoice.HOST))
    guest = wire.join()
    play(wire, guest, [Point(*p) for p in NO_FIVE_LEFT[:-1]])
    out = guest.receive(1, encode(Over(game=1, ply=21, winner=None, ending=Termination.NO_FIVE_LEFT)), 0.0)
    assert any(isinstance(o, ev.Send) and b"desync" in o.data for o in out)


# -- who is told what ------------------------------------------------------------------------------


def test_a_wrong_code_is_explained_to_the_guest_and_only_reported_to_the_host() -> None:
    wire = Wire()
    guest = wire.join(code="0000-0000-00")
    (refused,) = wire.of(guest, ev.JoinRefused)
    assert refused.reason == "wrong code: check the code the host shows and join again"
    (told,) = wire.of(wire.host, ev.GuestRefused)
    assert told.reason == "wrong code" and "check the code" not in told.reason


def test_a_guest_that_never_reached_the_game_is_told_no_connection_could_be_made() -> None:
    wire = Wire()
    guest = wire.guest()
    guest.connection_made(1, 0.0)
    (lost,) = [e for e in guest.connection_lost(1, 0.0, "Connection reset by peer") if isinstance(e, ev.Event)]
    assert isinstance(lost, ev.ConnectionLost)
    assert lost.reason.startswith("no connection could be made to the host (Connection reset by peer)")
    assert "resume" not in lost.reason and guest.link_state is LinkState.LOST


def test_a_guest_that_was_playing_is_told_to_join_again_to_resume() -> None:
    wire = Wire()
    guest = wire.join()
    wire.drop(1)
    (lost,) = wire.of(guest, ev.ConnectionLost)
    assert lost.reason.endswith("join again with the same command to resume")


# -- the snapshot --------------------------------------------------------------------------------


def test_a_snapshot_is_a_value_the_session_never_changes_afterwards() -> None:
    wire = Wire()
    guest = wire.join()
    before = wire.host.snapshot()
    wire.act(wire.host, wire.host.play((7, 7)))
    after = wire.host.snapshot()
    assert before.table is not None and before.table.board.moves == [] and before.table.my_turn
    assert after.table is not None and after.table.board.moves == [Point(7, 7)] and not after.table.my_turn
    wire.act(wire.host, wire.host.offer(OfferKind.UNDO))
    assert wire.host.snapshot().table.offer_out is OfferKind.UNDO  # type: ignore[union-attr]
    assert guest.snapshot().table.offer_in is OfferKind.UNDO  # type: ignore[union-attr]
    assert wire.host.snapshot().opponent == "Gil" and guest.snapshot().opponent == "Hana"


def test_the_snapshot_marks_blacks_forbidden_points_under_renju() -> None:
    wire = Wire(GameSettings(Rule.RENJU, 15, BlackChoice.HOST))
    guest = wire.join()
    # black e5 f5 g6 g7 and white far away: g5 makes two open threes at once
    for black, white in (("e5", "a9"), ("f5", "a7"), ("g6", "a5"), ("g7", "a3")):
        play(wire, guest, [parse_point(black, 15), parse_point(white, 15)])
    board = Board.from_moves(wire.host.board.moves, 15, Rule.RENJU)
    assert wire.host.snapshot().table.forbidden == frozenset(board.forbidden_points())  # type: ignore[union-attr]
    assert parse_point("g5", 15) in wire.host.snapshot().table.forbidden  # type: ignore[union-attr]


def test_an_offer_the_host_refuses_is_no_longer_pending_on_the_guests_side() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [Point(4, 4), Point(4, 3)])
    wire.act(wire.host, wire.host.offer(OfferKind.DRAW), flush=False)
    wire.act(guest, guest.offer(OfferKind.UNDO), flush=False)
    wire.flush()  # the two offers crossed: the host's stands
    assert not wire.of(guest, ev.OfferCancelled)  # nobody played: it did not lapse, it was refused, once
    (refused,) = wire.of(guest, ev.Refused)
    assert refused == ev.Refused(Request.OFFER, "Hana's offer crossed yours: answer it first", OfferKind.UNDO)
    view = guest.snapshot().table
    assert view is not None and view.offer_out is None and view.offer_in is OfferKind.DRAW


def test_a_timeout_is_told_to_each_side_in_its_own_words() -> None:
    """Issue 21, item 5: the guest is not told "waiting for the guest to come back", the host's line."""
    wire = Wire()
    guest = wire.join()
    host_out = wire.host.tick(wire.host.limits.peer_timeout + 1)  # only the host's clock runs: the guest is silent
    (ours,) = [o for o in host_out if isinstance(o, ev.ConnectionLost)]
    assert ours.reason == "no word from Gil for 9 s: waiting for the guest to come back"
    wire.route(wire.host, host_out)
    wire.flush()
    (theirs,) = wire.of(guest, ev.ConnectionLost)
    assert theirs.reason == "Hana heard nothing from you for too long: join again with the same command to resume"
