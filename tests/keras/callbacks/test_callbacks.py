"""EarlyStopping, ModelCheckpoint, ReduceLROnPlateau, LearningRateScheduler, CSVLogger, TerminateOnNaN,
LambdaCallback, TensorBoard."""

import collections.abc
import csv
import math

import numpy as np
import pytest
import torch

import keraslike as tf

keras = tf.keras
torch.set_num_threads(1)


def _data(n=64):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(n, 4)).astype("float32")
    y = (x[:, 0] > 0).astype("int64")
    return x, y


def _model(lr=0.01):
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(2)])
    model.compile(optimizer=keras.optimizers.SGD(lr),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    return model


class Feed(keras.callbacks.Callback):
    """Overwrites the monitored value with a scripted sequence (before the callbacks under test run)."""

    def __init__(self, key, values):
        super().__init__()
        self.key, self.values = key, values

    def on_epoch_end(self, epoch, logs=None):
        logs[self.key] = self.values[epoch]


def test_early_stopping_patience_and_restore_best_weights():
    x, y = _data()
    model = _model()
    snapshots = []
    record = keras.callbacks.LambdaCallback(on_epoch_end=lambda e, logs: snapshots.append(model.get_weights()))
    stop = keras.callbacks.EarlyStopping(monitor="val_loss", patience=2, restore_best_weights=True)
    feed = Feed("val_loss", [1.0, 0.5, 0.7, 0.6, 0.4, 0.3])
    history = model.fit(x, y, epochs=6, verbose=0, callbacks=[feed, record, stop])
    assert history.epoch == [0, 1, 2, 3]
    assert stop.stopped_epoch == 3 and stop.best == 0.5 and stop.best_epoch == 1
    for got, want in zip(model.get_weights(), snapshots[1]):
        np.testing.assert_array_equal(got, want)


def test_early_stopping_baseline_min_delta_mode_and_start_from_epoch():
    x, y = _data()
    stop = keras.callbacks.EarlyStopping(monitor="val_accuracy", baseline=0.9, patience=2)
    history = _model().fit(x, y, epochs=6, verbose=0,
                           callbacks=[Feed("val_accuracy", [0.5, 0.4, 0.95, 0.99, 0.99, 0.99]), stop])
    assert history.epoch == [0, 1] and stop._direction == "max"
    stop = keras.callbacks.EarlyStopping(monitor="loss", min_delta=0.1, patience=1, start_from_epoch=2)
    history = _model().fit(x, y, epochs=6, verbose=0,
                           callbacks=[Feed("loss", [9.0, 9.0, 1.0, 0.95, 0.5, 0.45]), stop])
    assert history.epoch == [0, 1, 2, 3]
    with pytest.warns(UserWarning, match="not available"):
        _model().fit(x, y, epochs=1, verbose=0, callbacks=[keras.callbacks.EarlyStopping(monitor="val_nope")])


def test_model_checkpoint_formats_names_and_saves_best_only(tmp_path):
    x, y = _data()
    model = _model()
    path = str(tmp_path / "ckpt-{epoch:02d}-{val_loss:.2f}.weights.h5")
    cb = keras.callbacks.ModelCheckpoint(path, monitor="val_loss", save_best_only=True, save_weights_only=True)
    model.fit(x, y, epochs=4, verbose=0, callbacks=[Feed("val_loss", [0.9, 0.5, 0.7, 0.4]), cb])
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "ckpt-01-0.90.weights.h5", "ckpt-02-0.50.weights.h5", "ckpt-04-0.40.weights.h5"]
    clone = _model()
    clone.load_weights(tmp_path / "ckpt-04-0.40.weights.h5")
    for a, b in zip(model.get_weights(), clone.get_weights()):
        np.testing.assert_array_equal(a, b)
    full = tmp_path / "full.keras"
    model.fit(x, y, epochs=1, verbose=0, callbacks=[keras.callbacks.ModelCheckpoint(str(full), monitor="loss")])
    loaded = keras.models.load_model(full)
    for a, b in zip(model.get_weights(), loaded.get_weights()):
        np.testing.assert_array_equal(a, b)
    with pytest.raises(KeyError, match="Failed to format"):
        model.fit(x, y, epochs=1, verbose=0,
                  callbacks=[keras.callbacks.ModelCheckpoint(str(tmp_path / "{nope}.keras"))])


def test_model_checkpoint_integer_save_freq(tmp_path):
    x, y = _data()
    path = str(tmp_path / "e{epoch}-b{batch}.weights.h5")
    _model().fit(x, y, batch_size=16, epochs=2, verbose=0,
                 callbacks=[keras.callbacks.ModelCheckpoint(path, save_freq=3, save_weights_only=True)])
    # 4 batches per epoch: batches seen 3 (epoch 1 batch 3) and 6 (epoch 2 batch 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e1-b3.weights.h5", "e2-b2.weights.h5"]
    with pytest.raises(ValueError, match="save_freq"):
        keras.callbacks.ModelCheckpoint(path, save_freq="often")


def test_reduce_lr_on_plateau_and_scheduler():
    x, y = _data()
    model = _model(lr=0.1)
    cb = keras.callbacks.ReduceLROnPlateau(monitor="val_loss", factor=0.5, patience=1, min_lr=0.02)
    history = model.fit(x, y, epochs=5, verbose=0, callbacks=[Feed("val_loss", [1.0, 1.0, 1.0, 1.0, 1.0]), cb])
    # logged before the epoch's reduction, as Keras
    assert history.history["learning_rate"] == pytest.approx([0.1, 0.1, 0.05, 0.025, 0.02])
    assert float(model.optimizer.learning_rate) == pytest.approx(0.02)
    with pytest.raises(ValueError, match="factor"):
        keras.callbacks.ReduceLROnPlateau(factor=1.0)
    model = _model()
    sched = keras.callbacks.LearningRateScheduler(lambda epoch, lr: 0.1 * 0.5 ** epoch)
    history = model.fit(x, y, epochs=3, verbose=0, callbacks=[sched])
    assert history.history["learning_rate"] == pytest.approx([0.1, 0.05, 0.025])
    sched = keras.callbacks.LearningRateScheduler(lambda epoch: 0.3)  # the older one-argument form
    model.fit(x, y, epochs=1, verbose=0, callbacks=[sched])
    assert float(model.optimizer.learning_rate) == pytest.approx(0.3)
    with pytest.raises(ValueError, match="should be a float"):
        model.fit(x, y, epochs=1, verbose=0, callbacks=[keras.callbacks.LearningRateScheduler(lambda e, lr: "x")])


def test_csv_logger_writes_and_appends(tmp_path):
    x, y = _data()
    path = tmp_path / "log.csv"
    model = _model()
    history = model.fit(x, y, epochs=2, verbose=0, validation_data=(x, y),
                        callbacks=[keras.callbacks.CSVLogger(str(path))])
    rows = list(csv.reader(open(path)))
    assert rows[0] == ["epoch", "accuracy", "loss", "val_accuracy", "val_loss"]
    assert [r[0] for r in rows[1:]] == ["0", "1"]
    assert float(rows[2][2]) == pytest.approx(history.history["loss"][1])
    model.fit(x, y, epochs=1, verbose=0, validation_data=(x, y),
              callbacks=[keras.callbacks.CSVLogger(str(path), append=True)])
    rows = list(csv.reader(open(path)))
    assert len(rows) == 4 and rows[3][0] == "0" and rows.count(rows[0]) == 1
    keras.callbacks.CSVLogger(str(path), separator=";")  # accepted
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]  # atomic writes leave no temp files


def test_terminate_on_nan_and_lambda_callback():
    x, y = _data()
    model = _model(lr=1e30)
    x_bad = x.copy()
    x_bad[5:] = np.inf
    seen = []
    cb = keras.callbacks.LambdaCallback(on_train_batch_end=lambda b, logs: seen.append(b),
                                        on_train_begin=lambda logs: seen.append("begin"))
    history = model.fit(x_bad, y, batch_size=4, epochs=3, shuffle=False, verbose=0,
                        callbacks=[cb, keras.callbacks.TerminateOnNaN()])
    assert math.isnan(history.history["loss"][0]) or math.isinf(history.history["loss"][0])
    assert len(history.epoch) == 1 and seen == ["begin", 0, 1]
    with pytest.raises(ValueError, match="Unrecognized callback hook"):
        keras.callbacks.LambdaCallback(on_nothing=print)


def test_tensorboard_needs_the_package(tmp_path):
    try:
        import tensorboard  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pip install tensorboard"):
            keras.callbacks.TensorBoard(log_dir=str(tmp_path))
        return
    x, y = _data()
    history = _model().fit(x, y, epochs=2, verbose=0, validation_data=(x, y),
                           callbacks=[keras.callbacks.TensorBoard(log_dir=str(tmp_path))])
    assert list((tmp_path / "train").iterdir()) and list((tmp_path / "validation").iterdir())
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    events = EventAccumulator(str(tmp_path / "train")).Reload()
    tag = next(t for t in events.Tags()["scalars"] if t.endswith("loss"))
    logged = [e.value for e in events.Scalars(tag)]
    assert logged == pytest.approx(history.history["loss"], rel=1e-6)


class _CountingLogs(collections.abc.Mapping):
    """Batch logs that count how often their values are read (each read is a collective on replicas)."""

    def __init__(self):
        self.reads = 0

    def __getitem__(self, key):
        self.reads += 1
        return 0.5

    def __iter__(self):
        return iter(["loss"])

    def __len__(self):
        return 1


@pytest.mark.parametrize("verbose, reads_expected", [(1, True), (2, False)])
def test_progbar_reads_batch_logs_only_when_it_draws_them(verbose, reads_expected, capsys):
    from keraslike._src.keras.callbacks.progbar_logger import ProgbarLogger

    bar = ProgbarLogger()
    bar.set_params({"verbose": verbose, "epochs": 1, "steps": 20})
    bar.sync_every = 2   # what fit sets under several replicas: redraws at fixed steps
    bar.on_train_begin()
    bar.on_epoch_begin(0)
    logs = _CountingLogs()
    for step in range(19):
        bar.on_train_batch_end(step, logs)
    assert (logs.reads > 0) is reads_expected   # verbose=2 prints only the epoch line: no mid-epoch metric reads
    bar.on_epoch_end(0, {"loss": 0.25})
    assert "loss: 0.2500" in capsys.readouterr().out
