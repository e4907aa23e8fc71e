"""Writes tests/golden/snapshots.npz under real TF 2.21: weight snapshots taken before training keep their
values (TF hands out copies).

- `EarlyStopping(monitor="val_loss", patience=2, restore_best_weights=True)` on a run whose val_loss rises
  after epoch 1: TF ends with the best epoch's weights (`es_*`).
- `init = model.get_weights(); model.fit(...); model.set_weights(init)` resets the model (`reset_*`).

    /work/tfvenv/bin/python tests/golden/make_snapshot_golden.py
"""

import os

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(21)
x = rng.normal(size=(32, 3)).astype("float32")
y = (x @ np.array([[1.5], [-2.0], [0.5]], "float32") + 0.3).astype("float32")
xv = rng.normal(size=(16, 3)).astype("float32")
yv = (xv @ np.array([[1.5], [-2.0], [0.5]], "float32") + 0.3).astype("float32")
kernel0 = rng.normal(size=(3, 1)).astype("float32")
bias0 = np.zeros((1,), "float32")


def model():
    m = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
    m.set_weights([kernel0, bias0])
    return m


# A learning rate past stability: val_loss falls once, then oscillates upwards.
es = model()
es.compile(optimizer=tf.keras.optimizers.SGD(0.95), loss="mse")
stop = tf.keras.callbacks.EarlyStopping(monitor="val_loss", patience=2, restore_best_weights=True)
history = es.fit(x, y, batch_size=32, epochs=20, validation_data=(xv, yv), shuffle=False, verbose=0,
                 callbacks=[stop])
es_val_loss = np.array(history.history["val_loss"], "float64")
es_evaluate = es.evaluate(xv, yv, verbose=0)
es_weights = es.get_weights()

reset = model()
reset.compile(optimizer=tf.keras.optimizers.Adam(0.1), loss="mse")
init = reset.get_weights()
before = reset.evaluate(x, y, verbose=0)
reset.fit(x, y, batch_size=8, epochs=3, shuffle=False, verbose=0)
trained = reset.evaluate(x, y, verbose=0)
reset.set_weights(init)
after = reset.evaluate(x, y, verbose=0)
np.savez(os.path.join(os.path.dirname(os.path.abspath(__file__)), "snapshots.npz"), x=x, y=y, xv=xv, yv=yv,
         kernel0=kernel0, bias0=bias0, es_val_loss=es_val_loss, es_evaluate=es_evaluate,
         es_kernel=es_weights[0], es_bias=es_weights[1], reset_before=before, reset_trained=trained,
         reset_after=after)
print("val_loss", es_val_loss, "evaluate", es_evaluate, "reset", before, trained, after)
