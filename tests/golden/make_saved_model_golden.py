"""Real TF 2.21 SavedModels for keraslike to read, and what TF reads of keraslike's SavedModels.

    /work/tfvenv/bin/python tests/golden/make_saved_model_golden.py

Writes (models from saved_model_cases.py):
  * tf_saved_model/:        a Keras 3 `model.export` (Dense(3) on 4 features);
  * tf_module_saved_model/: `tf.saved_model.save(Net)`, a tf.Module with nested modules, a list and two
                            tf.functions with input signatures;
  * tf_keras_export/:       `model.export` of saved_model_cases.make_keras;
  * tf_saved_model_golden.json: what TF's `tf.saved_model.load` exposes of them (variables by path, functions,
    signatures, outputs), and what TF reads of keraslike's SavedModels in keraslike_saved_models/ (written by
    make_keraslike_saved_models.py): `tf.train.load_checkpoint` of their variables, a restore into the same
    objects built in TF (`tf.train.Checkpoint(root=obj).read(prefix)`), and `tf.saved_model.load`'s error.
"""

import json
import os
import shutil
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import keras  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

import saved_model_cases as cases  # noqa: E402

target = os.path.join(HERE, "tf_saved_model")
shutil.rmtree(target, ignore_errors=True)
inputs = keras.Input((4,), name="features")
keras.Model(inputs, keras.layers.Dense(3)(inputs)).export(target, verbose=False)

golden = {}
net = cases.make_module(tf)
module_dir = os.path.join(HERE, "tf_module_saved_model")
shutil.rmtree(module_dir, ignore_errors=True)
tf.saved_model.save(net, module_dir)
loaded = tf.saved_model.load(module_dir)
golden["module"] = {
    "outputs": net(cases.X).numpy().tolist(),
    "loaded_outputs": loaded(cases.X).numpy().tolist(),
    "variables": {"hidden.w": loaded.hidden.w.numpy().tolist(), "hidden.b": loaded.hidden.b.numpy().tolist(),
                  "out.w": loaded.out.w.numpy().tolist(), "scale": float(loaded.scale.numpy()),
                  "extras[0]": loaded.extras[0].numpy().tolist()},
    "trainable": {"hidden.w": loaded.hidden.w.trainable, "scale": loaded.scale.trainable},
    "has_variables_attribute": hasattr(loaded, "variables"),
    "signatures": sorted(loaded.signatures),
    "callable_attributes": sorted(n for n in ("__call__", "embed") if callable(getattr(loaded, n, None))),
    "embed": {k: v.numpy().tolist() for k, v in loaded.embed(cases.X).items()},
}

model = cases.make_keras(keras)
export_dir = os.path.join(HERE, "tf_keras_export")
shutil.rmtree(export_dir, ignore_errors=True)
model.export(export_dir, verbose=False)
exported = tf.saved_model.load(export_dir)
golden["keras_export"] = {
    "outputs": model(cases.X).numpy().tolist(),
    "serve": exported.serve(cases.X).numpy().tolist(),
    "attributes": sorted(n for n in ("serve", "variables", "trainable_variables", "non_trainable_variables")
                         if hasattr(exported, n)),
    "variables": [v.numpy().tolist() for v in exported.variables],
    "trainable_count": len(exported.trainable_variables),
    "signatures": sorted(exported.signatures),
}


def read_keraslike(case, build):
    directory = os.path.join(HERE, "keraslike_saved_models", case)
    prefix = os.path.join(directory, "variables", "variables")
    reader = tf.train.load_checkpoint(prefix)
    keys = sorted(k for k in reader.get_variable_to_shape_map() if k != "_CHECKPOINTABLE_OBJECT_GRAPH")
    obj = build()
    for v in obj.variables:
        v.assign(tf.zeros_like(v))
    status = tf.train.Checkpoint(root=obj).read(prefix)
    try:
        status.assert_consumed()
        consumed = "ok"
    except AssertionError as err:
        consumed = str(err)[:300]
    try:
        tf.saved_model.load(directory)
        load_error = None
    except Exception as err:  # noqa: BLE001 - recorded
        load_error = type(err).__name__
    return {"keys": keys, "values": {k: reader.get_tensor(k).tolist() for k in keys},
            "assert_consumed": consumed, "outputs_after_restore": np.asarray(obj(cases.X)).tolist(),
            "tf_saved_model_load": load_error}


golden["tf_reads_keraslike"] = {
    "module": read_keraslike("module", lambda: cases.make_module(tf)),
    "keras": read_keraslike("keras", lambda: cases.make_keras(keras)),
}


class One(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def __call__(self, x):
        return x * 2.0


class Two(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([None], tf.float32)])
    def __call__(self, x, y):
        return x + y


def positional_call(obj, args, kwargs):
    """What a loaded signature does with positional arguments: "ok" or [error type, message start]."""
    directory = os.path.join(HERE, "_positional_tmp")
    shutil.rmtree(directory, ignore_errors=True)
    tf.saved_model.save(obj, directory)
    signature = tf.saved_model.load(directory).signatures["serving_default"]
    try:
        signature(*args, **kwargs)
        return "ok"
    except Exception as err:  # noqa: BLE001 - recorded
        return [type(err).__name__, str(err).split(".")[0]]
    finally:
        shutil.rmtree(directory, ignore_errors=True)


column = tf.constant(cases.X[:, 0])
golden["positional"] = {
    "one_input": positional_call(One(), (column,), {}),
    "two_inputs": positional_call(Two(), (column, column), {}),
    "two_inputs_one_positional": positional_call(Two(), (column,), {"y": column}),
}
with open(os.path.join(HERE, "tf_saved_model_golden.json"), "w") as f:
    json.dump(golden, f, indent=1, sort_keys=True)
print("wrote tf_saved_model/, tf_module_saved_model/, tf_keras_export/ and tf_saved_model_golden.json with TF",
      tf.__version__)
