"""``python -m civtable`` runs the ``civtable`` command."""

import sys

from civtable.cli import main

sys.exit(main())
