"""Messages Keras 3.15 (TF 2.21) prints that users and their log parsers see (found by a new-user run next to TF).

- `ModelCheckpoint(save_best_only=True, verbose=1)`: the first improvement reads "improved from None to ...", and
  every save is followed by "Epoch N: finished saving model to PATH".
- `fit(dataset)` with the default `shuffle=True`: one UserWarning that the argument is ignored for data that
  fixes its own order (a tf.data.Dataset, a torch DataLoader, a generator); arrays and `shuffle=False` warn nothing.
"""

import warnings

import numpy as np
import torch

import keraslike as tf


def _model():
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    return model


def _data():
    rng = np.random.default_rng(0)
    return rng.random((20, 3), dtype=np.float32), rng.random((20, 1), dtype=np.float32)


def test_model_checkpoint_verbose_lines_are_keras_3s(tmp_path, capsys):
    x, y = _data()
    path = str(tmp_path / "best.keras")
    callback = tf.keras.callbacks.ModelCheckpoint(path, monitor="loss", save_best_only=True, verbose=1)
    _model().fit(x, y, epochs=1, verbose=0, callbacks=[callback])
    lines = [line for line in capsys.readouterr().out.splitlines() if line]
    assert lines[0].startswith("Epoch 1: loss improved from None to ")
    assert lines[0].endswith(f", saving model to {path}")
    assert lines[1] == f"Epoch 1: finished saving model to {path}"


def _shuffle_warnings(fit):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fit()
    return [str(w.message) for w in caught if "`shuffle=True` was passed" in str(w.message)]


def test_fit_warns_that_shuffle_is_ignored_for_self_ordered_data():
    x, y = _data()
    model = _model()
    dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(5)
    loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.tensor(x), torch.tensor(y)),
                                         batch_size=5)
    assert len(_shuffle_warnings(lambda: model.fit(dataset, epochs=1, verbose=0, validation_data=dataset))) == 1
    assert "tf.data.Dataset" in _shuffle_warnings(lambda: model.fit(dataset, epochs=1, verbose=0))[0]
    assert "DataLoader" in _shuffle_warnings(lambda: model.fit(loader, epochs=1, verbose=0))[0]
    generator = ((x[i:i + 5], y[i:i + 5]) for i in range(0, 20, 5))
    assert "generator" in _shuffle_warnings(lambda: model.fit(generator, epochs=1, steps_per_epoch=4, verbose=0))[0]
    assert _shuffle_warnings(lambda: model.fit(dataset, epochs=1, verbose=0, shuffle=False)) == []
    assert _shuffle_warnings(lambda: model.fit(x, y, epochs=1, verbose=0)) == []
    assert _shuffle_warnings(lambda: model.evaluate(dataset, verbose=0)) == []
