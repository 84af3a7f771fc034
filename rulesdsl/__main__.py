"""`python -m rulesdsl` runs the command line, as the `rulesdsl` script does."""

import sys

from .cli import main

sys.exit(main())
