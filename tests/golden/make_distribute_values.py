"""Golden for tests/distribute/test_distribute_values.py: the program tests/scripts/distribute_values.py on real
TF 2.21 (two logical CPUs). Run with the TF venv: python tests/golden/make_distribute_values.py"""

import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
subprocess.run([sys.executable, str(HERE.parent / "scripts" / "distribute_values.py"),
                str(HERE / "distribute_values.json"), "tensorflow"], check=True)
