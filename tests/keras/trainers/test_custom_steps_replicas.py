"""An overridden train_step on 2 replicas equals one device on the global batch (TF's loss scaling rule).

The runs are jobs of the shared in-turn groups (tests/conftest.py IN_TURN): the two-replica ones in
"keras_two_replicas", the one-device references in "one_replica"."""

import numpy as np
import pytest

from tests.conftest import in_turn


def _weights(path):
    data = np.load(path)
    return [data[k] for k in sorted(k for k in data.files if k.startswith("arr_"))], data


@pytest.mark.slow
@pytest.mark.timeout(900)  # the first test waits for its in-turn groups
@pytest.mark.parametrize("style", ["tf2", "keras3"])
def test_custom_train_step_two_replicas_match_one_device(tmp_path_factory, style):
    outs = {}
    for replicas, group in ((1, "one_replica"), (2, "keras_two_replicas")):
        proc, folder = in_turn(tmp_path_factory, group)[f"custom_step_{style}"]
        assert proc.returncode == 0, proc.stderr[-3000:]
        outs[replicas] = _weights(folder / "out.npz")
    (w1, h1), (w2, h2) = outs[1], outs[2]
    for a, b in zip(w1, w2):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
    rank1, _ = _weights(folder / "out.rank1.npz")
    for a, b in zip(w2, rank1):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_allclose(h1["h_accuracy"], h2["h_accuracy"], rtol=1e-6)
    if style == "tf2":  # Keras 3's compiled_metrics shim logs the mean prediction as "loss": the same History
        np.testing.assert_allclose(h1["h_loss"], h2["h_loss"], rtol=1e-5)
