"""A SavedModel whose `[None, None]` input is widened before it meets the state (the core quickstart's
ExportModule: two one-hot columns added to 7 inputs, then a normalizer of 9) saves, and runs in a process
without the classes with the values of the original (TF's graph accepts exactly those widths at run time)."""

import subprocess
import sys

import numpy as np
import pytest

import keraslike as tf
from tests.conftest import REPO

pytestmark = pytest.mark.slow  # loads in a fresh interpreter


class Norm(tf.Module):
    def __init__(self, x):
        super().__init__()
        self.mean = tf.Variable(tf.math.reduce_mean(x, axis=0))
        self.std = tf.Variable(tf.math.reduce_std(x, axis=0))

    def norm(self, x):
        return (x - self.mean) / self.std


def onehot_origin(x):
    origin = tf.cast(x[:, -1], tf.int32) - 1
    return tf.concat([x[:, :-1], tf.one_hot(origin, 3)], axis=1)


class Linear(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(tf.ones([9, 1]) * 0.1)
        self.b = tf.Variable(tf.zeros([1]))

    def __call__(self, x):
        return tf.squeeze(x @ self.w + self.b, axis=1)


class ExportModule(tf.Module):
    def __init__(self, model, extract_features, norm_x):
        super().__init__()
        self.model, self.extract_features, self.norm_x = model, extract_features, norm_x

    @tf.function(input_signature=[tf.TensorSpec(shape=[None, None], dtype=tf.float32)])
    def __call__(self, x):
        return self.model(self.norm_x.norm(self.extract_features(x)))


def _data():
    x = np.random.RandomState(0).rand(20, 7).astype(np.float32)
    x[:, -1] = np.arange(20) % 3 + 1
    return x


def test_widened_features_export_and_run_without_the_class(tmp_path):
    x = _data()
    module = ExportModule(Linear(), onehot_origin, Norm(onehot_origin(tf.constant(x))))
    tf.saved_model.save(module, str(tmp_path / "m"))
    expected = module(tf.constant(x[:5])).numpy()
    code = (f"import numpy as np, keraslike as tf\nx = np.load({str(tmp_path / 'x.npy')!r})\n"
            f"print(repr(tf.saved_model.load({str(tmp_path / 'm')!r})(tf.constant(x[:5])).numpy().tolist()))")
    np.save(tmp_path / "x.npy", x)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    np.testing.assert_allclose(np.array(eval(proc.stdout.strip())), expected, rtol=1e-5)  # noqa: S307


def test_plain_python_helper_attributes_come_back_where_importable(tmp_path):
    # the core quickstart loads in the same process, where the class is importable: the rebuilt object runs its
    # Python methods, which need the module-level helper saved by reference (a lambda or local stays absent)
    x = _data()
    module = ExportModule(Linear(), onehot_origin, Norm(onehot_origin(tf.constant(x))))
    module.local_helper = lambda v: v
    tf.saved_model.save(module, str(tmp_path / "m"))
    loaded = tf.saved_model.load(str(tmp_path / "m"))
    assert loaded.extract_features is onehot_origin and not hasattr(loaded, "local_helper")
    np.testing.assert_allclose(loaded(tf.constant(x[:4])).numpy(), module(tf.constant(x[:4])).numpy(), rtol=1e-6)
