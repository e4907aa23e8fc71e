"""fit/evaluate/predict inputs: PyDataset/Sequence, generators, DataLoader, Python lists."""

import math

import numpy as np
import pytest
import torch

import keraslike as tf

keras = tf.keras
torch.set_num_threads(1)

X = np.linspace(-1, 1, 40, dtype="float32").reshape(20, 2)
Y = (X @ np.array([[1.0], [-2.0]], "float32") + 0.5).astype("float32")


def _model():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    return model


class Batches(keras.utils.PyDataset):
    def __init__(self, x, y, batch_size, **kwargs):
        super().__init__(**kwargs)
        self.x, self.y, self.batch_size = x, y, batch_size
        self.calls = []

    def __len__(self):
        return math.ceil(len(self.x) / self.batch_size)

    def __getitem__(self, index):
        self.calls.append(index)
        lo = index * self.batch_size
        if self.y is None:
            return self.x[lo:lo + self.batch_size]
        return self.x[lo:lo + self.batch_size], self.y[lo:lo + self.batch_size]

    def on_epoch_end(self):
        self.calls.append("end")


def test_py_dataset_trains_like_arrays_and_calls_on_epoch_end():
    ds = Batches(X, Y, 8, workers=2, use_multiprocessing=False, max_queue_size=4)
    a, b = _model(), _model()
    ha = a.fit(ds, epochs=2, shuffle=False, verbose=0)
    hb = b.fit(X, Y, batch_size=8, epochs=2, shuffle=False, verbose=0)
    np.testing.assert_allclose(ha.history["loss"], hb.history["loss"], rtol=1e-6)
    assert ds.calls == [0, 1, 2, "end", 0, 1, 2, "end"]
    assert ds.workers == 2 and ds.max_queue_size == 4
    assert isinstance(a.evaluate(ds, verbose=0), float)
    np.testing.assert_allclose(a.predict(Batches(X, None, 8), verbose=0), a.predict(X, verbose=0), rtol=1e-6)


def test_py_dataset_shuffle_visits_every_batch_once_per_epoch():
    ds = Batches(X, Y, 4)
    _model().fit(ds, epochs=2, verbose=0)  # shuffle=True: batch order shuffled
    first, second = ds.calls[:6], ds.calls[6:12]
    assert sorted(first[:5]) == [0, 1, 2, 3, 4] and first[5] == "end"
    assert sorted(second[:5]) == [0, 1, 2, 3, 4]


def test_sequence_is_the_tf2_name_and_steps_per_epoch():
    assert keras.utils.Sequence is keras.utils.PyDataset
    ds = Batches(X, Y, 4)
    history = _model().fit(ds, epochs=2, steps_per_epoch=2, shuffle=False, verbose=0)
    assert len(history.history["loss"]) == 2
    assert ds.calls[:3] == [0, 1, "end"]


def test_one_shot_generator_loses_no_batch_when_the_model_builds_lazily():
    seen = []

    def gen():
        for i in range(0, 20, 5):
            seen.append(i)
            yield X[i:i + 5], Y[i:i + 5]

    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.layers.Dense(1)])  # unbuilt: fit peeks at the first batch
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    model.fit(gen(), epochs=1, verbose=0)
    assert seen == [0, 5, 10, 15]
    assert int(model.optimizer.iterations) == 4


def test_torch_dataloader():
    data = torch.utils.data.TensorDataset(torch.from_numpy(X), torch.from_numpy(Y))
    loader = torch.utils.data.DataLoader(data, batch_size=8, shuffle=False)
    a, b = _model(), _model()
    ha = a.fit(loader, epochs=2, verbose=0)
    hb = b.fit(X, Y, batch_size=8, epochs=2, shuffle=False, verbose=0)
    np.testing.assert_allclose(ha.history["loss"], hb.history["loss"], rtol=1e-6)


def test_python_lists_become_arrays_like_tf():
    a, b = _model(), _model()
    ha = a.fit(X.tolist(), Y.tolist(), batch_size=5, epochs=1, shuffle=False, verbose=0)
    hb = b.fit(X, Y, batch_size=5, epochs=1, shuffle=False, verbose=0)
    np.testing.assert_allclose(ha.history["loss"], hb.history["loss"], rtol=1e-6)
    assert a.predict(X.tolist(), verbose=0).shape == (20, 1)
    flat = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
    flat.compile(optimizer="sgd", loss="mse")
    flat.fit([[0.0], [1.0], [2.0]], [0, 1, 2], verbose=0, validation_split=0.34)


def test_list_of_arrays_stays_a_list_of_inputs():
    from keraslike._src.keras.trainers import data_adapter

    converted = data_adapter.lists_to_arrays([X, X])
    assert isinstance(converted, list) and len(converted) == 2
    assert data_adapter.lists_to_arrays([[1, 2], [3, 4]]).shape == (2, 2)
    with pytest.raises(ValueError, match="Received"):
        data_adapter.lists_to_arrays([[1, 2], [3]])


def test_py_dataset_rejects_y_and_batch_size():
    with pytest.raises(ValueError, match="batch_size"):
        _model().fit(Batches(X, Y, 4), batch_size=4, verbose=0)
    with pytest.raises(ValueError, match="Received: workers=0"):
        Batches(X, Y, 4, workers=0)
