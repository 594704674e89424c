"""Start-up: the command line and the user's files become the first state, and the workers that serve it.

:func:`begin` reads the remembered settings, the record to load, the
network game asked for and the saved game to offer, and returns the first
state and its effects (or what is wrong, for one line on standard error).
:class:`Crew` builds the workers on one pool, wired to one inbox, and the
performer over them; :meth:`Crew.close` stops them all, the last move saved
to disk first.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from functools import partial

from gomoku.ai import LEVELS
from gomoku.books import load_library
from gomoku.gomocup.manager import Players
from gomoku.i18n import join_sentences
from gomoku.jobs import Pool
from gomoku.net.errors import NetworkError
from gomoku.puzzle_sets import read_collection
from gomoku.records import RecordError, read_record
from gomoku.review import REVIEW_THINK_TIME, analyst_nodes
from gomoku.tui import storage
from gomoku.tui.analyst import Analyst
from gomoku.tui.computer import Computer
from gomoku.tui.effects import Effects
from gomoku.tui.events import Report
from gomoku.tui.files import FileWorker
from gomoku.tui.inbox import Inbox
from gomoku.tui.model import State
from gomoku.tui.network import Network
from gomoku.tui.options import given_opening_problem, network_setup, settings_from_args, wants_game
from gomoku.tui.performer import Performer
from gomoku.tui.puzzler import Puzzler
from gomoku.tui.reviewer import Reviewer
from gomoku.tui.settings import Remembered, Settings, read_settings
from gomoku.tui.update import initial_network, initial_state


class StartError(Exception):
    """What keeps the game from starting, in words for standard error (a record or an address that fails)."""


@dataclass(frozen=True)
class Start:
    """The first state and its effects; ``stored`` the file's settings and ``settings`` this run's."""

    state: State
    effects: Effects
    stored: Settings
    settings: Settings


def begin(args: argparse.Namespace) -> Start:
    """The first state of a run with the command line ``args``; raises :class:`StartError`."""
    levels = tuple(LEVELS)
    stored, settings_notice = read_settings(levels)
    settings = settings_from_args(args, stored, levels)
    problem = given_opening_problem(args, settings)
    if problem:
        raise StartError(problem)
    record, record_name = None, ""
    if getattr(args, "load", None):
        try:
            record = read_record(storage.resolve(args.load), settings.rule, settings.size)
        except RecordError as error:
            raise StartError(str(error)) from error
        record_name = os.path.basename(args.load)
    puzzle_file = None
    if getattr(args, "puzzle", None):
        try:
            puzzle_file = (os.path.basename(args.puzzle), read_collection(storage.resolve(args.puzzle)))
        except RecordError as error:
            raise StartError(str(error)) from error
    try:
        setup = network_setup(args, settings)
    except NetworkError as error:
        raise StartError(str(error)) from error
    playable = levels + settings.engine_names  # the menu offers the outside engines beside the levels
    offer, notice = storage.read_offer()
    library = load_library()
    notice = join_sentences(settings_notice, notice, *library.problems)
    if setup is not None:
        state, effects = initial_network(settings, playable, setup, offer=offer, notice=notice)
    else:
        state, effects = initial_state(
            settings,
            playable,
            start=wants_game(args),
            record=record,
            record_name=record_name,
            history=bool(getattr(args, "history", False)),
            puzzles=getattr(args, "puzzle", None) is not None,
            puzzle_file=puzzle_file,
            offer=offer,
            notice=notice,
            library=library,
        )
    return Start(state, effects, stored, settings)


class Crew:
    """The workers of one run, on one pool, posting to one inbox, and the performer that hands them effects."""

    def __init__(self, start: Start, seed: int | None) -> None:
        self.inbox = Inbox()
        inbox = self.inbox
        self.pool = Pool()  # one pool for the computer, the file jobs and the autosave
        players = Players(dict(start.settings.engines))
        self.computer = Computer(seed, inbox.put, self.pool, players.make)
        self.files = FileWorker(inbox.put, self.pool)
        self.autosaver = storage.Autosaver(report=lambda text: inbox.put(Report(text)), run=self.pool.submit)
        self.network = Network(inbox.put, inbox.poke)
        # a built-in analyst counts nodes, so a review marks the same moves however busy the machine is
        self.reviewer = Reviewer(
            inbox.put, self.pool.submit, partial(players.make, max_nodes=analyst_nodes(REVIEW_THINK_TIME))
        )
        self.analyst = Analyst(inbox.put, self.pool.submit, engines=players)
        self.puzzler = Puzzler(inbox.put, self.pool.submit)
        self.performer = Performer(
            self.computer,
            self.files,
            self.autosaver,
            self.network,
            Remembered(start.stored),
            tuple(LEVELS),
            self.reviewer,
            self.analyst,
            self.puzzler,
        )

    def close(self) -> None:
        """Stop every job and connection; the settings and the last move reach the disk before the program ends.

        The inbox stays open: the signals' wake-up writes to it until they are restored.
        """
        self.computer.stop()
        self.reviewer.stop()
        self.analyst.stop()
        self.puzzler.stop()
        self.network.close_all()
        self.files.close()
        self.autosaver.close()
        self.pool.close()
