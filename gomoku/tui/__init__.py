"""The curses front end: state (pure), view (draws), app (the loop)."""
