"""``python -m gomoku``: start the game."""

import sys

from gomoku.cli import main

sys.exit(main())
