"""TF's ragged tensor guide, its SavedModel cell, loaded where the module's class is not defined: a tf.function
traced for a `tf.RaggedTensorSpec` is saved as a torch.export program over the RaggedTensor's components, so the
loaded `_UserObject` runs it on RaggedTensors (values of TF 2.21 for the guide's call: `[[100, 400, 300], [200]]`),
on the reloaded variable; a per-row reduction serves every row count, 0 and 1 included, as TF's (before: the
capture fixed the number of rows to the example's, and another count raised)."""

import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.slow  # two Python processes (save, then load without the class)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SAVER = textwrap.dedent('''
    import sys
    import keraslike as tf

    class CustomModule(tf.Module):
        def __init__(self, variable_value):
            super().__init__()
            self.v = tf.Variable(variable_value)

        @tf.function
        def grow(self, x):
            return x * self.v

        @tf.function(input_signature=[tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32)])
        def row_max(self, rt):
            return tf.math.reduce_max(rt, axis=-1)

    module = CustomModule(100.0)
    module.grow.get_concrete_function(tf.RaggedTensorSpec(shape=[None, None], dtype=tf.float32))
    tf.saved_model.save(module, sys.argv[1])
''')

LOADER = textwrap.dedent('''
    import sys
    import keraslike as tf

    loaded = tf.saved_model.load(sys.argv[1])
    print(type(loaded).__name__)
    print(loaded.grow(tf.ragged.constant([[1.0, 4.0, 3.0], [2.0]])).to_list())
    print(loaded.grow(tf.ragged.constant([[1.0], [2.0, 5.0], [], [7.0]])).to_list())
    loaded.v.assign(2.0)
    print(loaded.grow(tf.ragged.constant([[1.5]])).to_list())
    print(loaded.row_max(tf.ragged.constant([[5, 2, 8], [3, 11], [1]])).tolist())
    print(loaded.row_max(tf.ragged.constant([[1, 2], [3]])).tolist())
    print(loaded.row_max(tf.ragged.constant([[4, 9, 1]])).tolist())
    print(loaded.row_max(tf.ragged.constant([[1], [], [5, 2], [0], [7, 7]])).tolist())
    print(loaded.row_max(tf.RaggedTensor.from_row_splits(tf.constant([], tf.int32), tf.constant([0], tf.int64)))
          .tolist())
''')


@pytest.fixture(scope="module")
def outputs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ragged_programs")
    env = {**os.environ, "PYTHONPATH": ROOT, "OMP_NUM_THREADS": "1"}
    for name, script in (("saver.py", SAVER), ("loader.py", LOADER)):
        (folder / name).write_text(script)
    subprocess.run([sys.executable, str(folder / "saver.py"), str(folder / "model")], check=True, env=env,
                   cwd=folder, capture_output=True, timeout=600)
    done = subprocess.run([sys.executable, str(folder / "loader.py"), str(folder / "model")], check=True, env=env,
                          cwd=folder, capture_output=True, text=True, timeout=600)
    return done.stdout.splitlines()


def test_ragged_function_runs_without_its_class(outputs):
    assert outputs[0] == "_UserObject"
    assert outputs[1] == "[[100.0, 400.0, 300.0], [200.0]]"
    assert outputs[2] == "[[100.0], [200.0, 500.0], [], [700.0]]"
    assert outputs[3] == "[[3.0]]"  # the reloaded variable, assigned


def test_per_row_reduction_serves_every_row_count(outputs):
    assert outputs[4] == "[8, 11, 1]"
    assert outputs[5] == "[2, 3]"
    assert outputs[6] == "[9]"
    assert outputs[7] == "[1, -2147483648, 5, 0, 7]"  # an empty row: int32's lowest, reduce_max's identity (TF)
    assert outputs[8] == "[]"
