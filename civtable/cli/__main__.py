import sys

from civtable.cli import main

sys.exit(main())
