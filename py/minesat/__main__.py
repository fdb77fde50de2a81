import sys

from minesat.cli.commands import main

sys.exit(main())
