"""Write the serving signature's output keys of `tf.saved_model.save(keras_model)` in Keras 3 and in Keras 2.

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_saved_model_output_keys_golden.py

It runs itself once per Keras (TF_USE_LEGACY_KERAS unset, then =1, each in a fresh process) and writes
`tests/golden/saved_model_output_keys.json`: `{"keras3"|"keras2": {case: [keys of structured_outputs]}}`,
and the signature keys of the guide's `CustomModule` saved without `signatures` (`module_signature_keys`).
`tests/saved_model/test_saved_model_output_keys.py` reads it (the models are built the same way there).
"""

import json
import os
import subprocess
import sys
import tempfile

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "saved_model_output_keys.json")


def keys():
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf  # noqa: PLC0415 - imported after TF_USE_LEGACY_KERAS is chosen

    inp = tf.keras.Input((3,))
    functional = tf.keras.Model(inp, tf.keras.layers.Dense(2, name="predictions")(inp))
    sequential = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2, name="dense")])
    i2 = tf.keras.Input((3,))
    two = tf.keras.Model(i2, [tf.keras.layers.Dense(1, name="a")(i2), tf.keras.layers.Dense(1, name="b")(i2)])
    out = {}
    for case, model in (("functional", functional), ("sequential", sequential), ("two_outputs", two)):
        path = tempfile.mkdtemp()
        tf.saved_model.save(model, path)
        out[case] = list(tf.saved_model.load(path).signatures["serving_default"].structured_outputs)

    class CustomModule(tf.Module):  # guide/saved_model: the root's one input-signature method returns nothing
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(1.0)

        @tf.function
        def __call__(self, x):
            return x * self.v

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def mutate(self, new_v):
            self.v.assign(new_v)

    module = CustomModule()
    module(tf.constant(0.0))
    path = tempfile.mkdtemp()
    tf.saved_model.save(module, path)
    out["module_signature_keys"] = list(tf.saved_model.load(path).signatures.keys())
    return out


def main():
    golden = {}
    for name, legacy in (("keras3", None), ("keras2", "1")):
        env = {k: v for k, v in os.environ.items() if k != "TF_USE_LEGACY_KERAS"}
        if legacy:
            env["TF_USE_LEGACY_KERAS"] = legacy
        text = subprocess.run([sys.executable, __file__, "--child"], env=env, check=True, capture_output=True,
                              text=True).stdout
        golden[name] = json.loads(text.strip().splitlines()[-1])
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    if "--child" in sys.argv:
        print(json.dumps(keys()))
    else:
        main()
