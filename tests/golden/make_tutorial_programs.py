"""Golden for tests/distribute/test_tutorial_programs.py: the program tests/scripts/tutorial_programs.py on real
TF 2.21 (two logical CPUs in one process). Run with the TF venv: python tests/golden/make_tutorial_programs.py"""

import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
subprocess.run([sys.executable, str(HERE.parent / "scripts" / "tutorial_programs.py"),
                str(HERE / "tutorial_programs.json"), "tensorflow"], check=True)
