"""Goldens for tests/distribute/test_tutorial_programs.py: the program tests/scripts/tutorial_programs.py on real
TF 2.21 (two logical CPUs in one process), with Keras 3 and with Keras 2 (tf_keras). Run with the TF venv:
python tests/golden/make_tutorial_programs.py"""

import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
for name, extra in (("tutorial_programs.json", []), ("tutorial_programs_keras2.json", ["--legacy"])):
    subprocess.run([sys.executable, str(HERE.parent / "scripts" / "tutorial_programs.py"), str(HERE / name),
                    "tensorflow", *extra], check=True)
