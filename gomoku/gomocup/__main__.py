"""``python -m gomoku.gomocup``: be a Gomocup engine on stdin/stdout (as ``pbrain-gomoku``)."""

import sys

from gomoku.gomocup.brain import main

sys.exit(main())
