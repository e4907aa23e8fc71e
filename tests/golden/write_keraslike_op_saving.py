"""keraslike saves op_saving_cases' model to keraslike_op_saving.keras, which make_op_saving_golden.py loads in
real Keras 3 (tests/keras/saving/test_op_saving.py checks keraslike still writes the same config).

    cd <repo> && /work/main/.venv/bin/python tests/golden/write_keraslike_op_saving.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))

import keraslike as tf  # noqa: E402

import op_saving_cases as cases  # noqa: E402

cases.build(tf.keras).save(os.path.join(HERE, "keraslike_op_saving.keras"))
