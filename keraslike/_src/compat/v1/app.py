"""`tf.compat.v1.app.run`: parse the command line's flags (absl), then `sys.exit(main(argv))`.

Mirrors `tensorflow/python/platform/app.py`: flags not defined are tolerated on the command line (they stay in
`argv` for `main`), `main` defaults to the `__main__` module's `main`.
"""

import sys

from absl import app as absl_app
from absl import flags


def _parse_flags_tolerate_undef(argv):
    return flags.FLAGS(argv if argv is not None else sys.argv, known_only=True)


def run(main=None, argv=None):
    """`tf.compat.v1.app.run(main=None, argv=None)`: runs `main(argv)` after parsing flags, then exits."""
    main = main or sys.modules["__main__"].main
    absl_app.run(main=main, argv=argv, flags_parser=_parse_flags_tolerate_undef)
