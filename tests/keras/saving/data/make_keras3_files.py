"""Writes the `.keras` fixtures under this folder with REAL Keras 3 (run once, outside keraslike's venv).

    python3 -m venv /tmp/kenv && /tmp/kenv/bin/pip install keras h5py
    KERAS_BACKEND=torch /tmp/kenv/bin/python tests/keras/saving/data/make_keras3_files.py

(with torch importable in that venv). Produces keras3_seq.keras / keras3_func.keras and the inputs and
predictions in keras3_expected.npz.
"""

import os

import keras
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
keras.utils.set_random_seed(0)
x = np.random.default_rng(0).normal(size=(6, 8, 8, 1)).astype("float32")
seq = keras.Sequential([keras.Input((8, 8, 1)), keras.layers.Conv2D(4, 3, activation="relu"),
                        keras.layers.MaxPooling2D(2), keras.layers.Flatten(), keras.layers.Dropout(0.5),
                        keras.layers.Dense(3, activation="softmax")])
seq.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
seq.fit(x, np.arange(6) % 3, epochs=2, verbose=0)
seq.save(os.path.join(HERE, "keras3_seq.keras"))
a, b = keras.Input((4,), name="a"), keras.Input((3,), name="b")
h = keras.layers.Dense(5, activation="relu", name="d1")(a)
out = keras.layers.Dense(2, name="out")(keras.layers.BatchNormalization()(keras.layers.Concatenate()([h, b])))
func = keras.Model([a, b], out, name="func")
func.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
xa, xb = x.reshape(6, -1)[:, :4], x.reshape(6, -1)[:, 4:7]
func.fit([xa, xb], np.ones((6, 2), "float32"), epochs=2, verbose=0)
func.save(os.path.join(HERE, "keras3_func.keras"))
np.savez(os.path.join(HERE, "keras3_expected.npz"), x=x, xa=xa, xb=xb, seq=seq.predict(x, verbose=0),
         func=func.predict([xa, xb], verbose=0), seq_iterations=int(seq.optimizer.iterations))
