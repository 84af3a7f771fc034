"""`python -m rulesdsl.cli` runs the command line, as the `rulesdsl` script does."""

import sys

from . import main

sys.exit(main())
