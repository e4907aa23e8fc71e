"""The `tf.train.Checkpoint` saved with `tf.saved_model.save` by tests/golden/make_saved_checkpoint_golden.py and
tests/saved_model/test_saved_checkpoint.py. `build(tf)` takes the `tensorflow` or `keraslike` module."""


def build(tf):
    class Scaler(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([1.0, 2.0])

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def f(self, x):
            return x * self.w

    return tf.train.Checkpoint(v=tf.Variable(3.0), step=tf.Variable(7, dtype=tf.int64), model=Scaler(),
                               lst=[tf.Variable(1.0)], d={"a": tf.Variable(5.0)},
                               n=tf.train.Checkpoint(q=tf.Variable(4.0)))


def describe(tf, loaded, variables_prefix):
    """What a loaded Checkpoint holds, as JSON (the same code for both libraries)."""
    return {"type": type(loaded).__name__,
            "attributes": sorted(a for a in ("v", "step", "model", "lst", "d", "n", "save_counter")
                                 if hasattr(loaded, a)),
            "v": float(loaded.v.numpy()), "step": int(loaded.step.numpy()),
            "save_counter": int(loaded.save_counter.numpy()), "lst": [float(x.numpy()) for x in loaded.lst],
            "d": {k: float(x.numpy()) for k, x in loaded.d.items()}, "n_q": float(loaded.n.q.numpy()),
            "n_type": type(loaded.n).__name__, "w": loaded.model.w.numpy().tolist(),
            "f": tf.convert_to_tensor(loaded.model.f(tf.constant([2.0, 3.0]))).numpy().tolist(),
            "signatures": sorted(loaded.signatures),
            "keys": sorted(k for k, _ in tf.train.list_variables(variables_prefix))}
