"""A subclassed model may define private helpers whose names keraslike's models also use: the pandas_dataframe
tutorial's `MyModel` has a `_stack(input_dict)` method (found by the conformance corpus)."""

import numpy as np

import keraslike as tf


class MyModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.normalizer = tf.keras.layers.Normalization(axis=-1)
        self.seq = tf.keras.Sequential([self.normalizer, tf.keras.layers.Dense(10, activation="relu"),
                                        tf.keras.layers.Dense(1)])
        self.concat = tf.keras.layers.Concatenate(axis=1)

    def _stack(self, input_dict):
        return self.concat([value for _, value in sorted(input_dict.items())])

    def adapt(self, inputs):
        self.normalizer.adapt(self._stack(inputs))

    def call(self, inputs):
        return self.seq(self._stack(inputs))


def test_subclassed_model_with_a_stack_method_compiles_and_fits():
    rng = np.random.default_rng(0)
    features = {name: rng.normal(size=(32, 1)).astype("float32") for name in ("age", "chol", "thalach")}
    target = (features["age"][:, 0] > 0).astype("float32")
    model = MyModel()
    model.adapt(features)
    model.compile(optimizer="adam", loss=tf.keras.losses.BinaryCrossentropy(from_logits=True), metrics=["accuracy"],
                  run_eagerly=True)
    history = model.fit(features, target, epochs=2, batch_size=8, verbose=0)
    assert sorted(history.history) == ["accuracy", "loss"]
    assert model.predict(features, verbose=0).shape == (32, 1)


def test_subclassed_model_with_a_stack_method_checkpoints(tmp_path):
    rng = np.random.default_rng(1)
    features = {name: rng.normal(size=(8, 1)).astype("float32") for name in ("age", "chol", "thalach")}
    model = MyModel()
    model.adapt(features)
    expected = model(features)
    checkpoint = tf.train.Checkpoint(model=model)
    path = checkpoint.save(str(tmp_path / "ckpt"))
    restored = MyModel()
    restored.adapt({k: v * 0 + 1 for k, v in features.items()})
    restored(features)
    tf.train.Checkpoint(model=restored).restore(path)
    np.testing.assert_allclose(np.asarray(restored(features)), np.asarray(expected), rtol=1e-6)
