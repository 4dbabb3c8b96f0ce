import sys

from bengal.cli import main

sys.exit(main())
