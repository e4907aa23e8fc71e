"""Cases for `tf.saved_model.SaveOptions` (new-user check 4, defect F): run with real TF 2.21
(make_save_options_golden.py) and with keraslike (tests/saved_model/test_save_options_golden.py).

`run(tf, directory)` returns {case: "ok" / "ok <value>" / "raises <ErrorClass>"} for constructing SaveOptions,
saving a tf.Module and a Keras model with each option, and loading with the extra tags.
"""

import os


def _outcome(fn):
    try:
        result = fn()
    except Exception as error:  # noqa: BLE001 - the case records which error TF raises
        return f"raises {type(error).__name__}"
    return "ok" if result is None else f"ok {result}"


def _options(tf):
    return {
        "default": {},
        "namespace_whitelist_empty": {"namespace_whitelist": []},
        "namespace_whitelist_names": {"namespace_whitelist": ["Custom", "Other"]},
        "function_aliases_empty": {"function_aliases": {}},
        "custom_gradients_false": {"experimental_custom_gradients": False},
        "io_device_localhost": {"experimental_io_device": "/job:localhost"},
        "skip_saver": {"experimental_skip_saver": True},
        "extra_tags": {"extra_tags": ["gpu", "tpu"]},
        "variable_policy_none": {"experimental_variable_policy": None},
        "save_debug_info": {"save_debug_info": True},
        "debug_stripper": {"experimental_debug_stripper": True},
        "variable_policy_devices": {"experimental_variable_policy": "SAVE_VARIABLE_DEVICES"},
    }


def run(tf, directory):
    out = {}
    module = tf.Module()
    module.v = tf.Variable([1.0, 2.0])
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    for case, kwargs in _options(tf).items():
        path = os.path.join(directory, case)
        out[f"module_{case}"] = _outcome(lambda p=path, k=kwargs: tf.saved_model.save(
            module, p, options=tf.saved_model.SaveOptions(**k)))
        out[f"keras_{case}"] = _outcome(lambda p=path, k=kwargs: tf.saved_model.save(
            model, p + "_keras", options=tf.saved_model.SaveOptions(**k)))
    tagged = os.path.join(directory, "extra_tags")
    out["load_with_extra_tags"] = _outcome(
        lambda: tf.saved_model.load(tagged, tags=["serve", "gpu", "tpu"]).v.numpy().tolist())
    out["load_with_one_extra_tag"] = _outcome(lambda: tf.saved_model.load(tagged, tags=["gpu"]).v.numpy().tolist())
    out["load_untagged_with_extra_tag"] = _outcome(
        lambda: tf.saved_model.load(os.path.join(directory, "default"), tags=["gpu"]))
    out["namespace_whitelist_string"] = _outcome(lambda: tf.saved_model.SaveOptions(namespace_whitelist="Custom"))
    out["namespace_whitelist_int"] = _outcome(lambda: tf.saved_model.SaveOptions(namespace_whitelist=[1]))
    out["variable_policy_invalid"] = _outcome(lambda: tf.saved_model.SaveOptions(experimental_variable_policy="x"))
    out["variable_policy_none_string"] = _outcome(
        lambda: tf.saved_model.SaveOptions(experimental_variable_policy="none"))
    out["image_format"] = _outcome(lambda: tf.saved_model.SaveOptions(experimental_image_format=True))
    out["unknown_keyword"] = _outcome(lambda: tf.saved_model.SaveOptions(not_an_option=1))
    out["function_aliases_stored"] = _outcome(
        lambda: tf.saved_model.SaveOptions(function_aliases=None).function_aliases)
    return out


def run_load(tf, directory):
    """`tf.saved_model.LoadOptions` cases: {case: outcome}."""
    module = tf.Module()
    module.v = tf.Variable([1.0, 2.0])
    path = os.path.join(directory, "load_options")
    tf.saved_model.save(module, path)

    def load(**kwargs):
        loaded = tf.saved_model.load(path, options=tf.saved_model.LoadOptions(**kwargs))
        return [loaded.v.numpy().tolist(), sorted(getattr(loaded, "function_aliases", {"absent": 0}))]
    return {
        "load_default": _outcome(load),
        "load_allow_partial_checkpoint": _outcome(lambda: load(allow_partial_checkpoint=True)),
        "load_function_aliases": _outcome(lambda: load(experimental_load_function_aliases=True)),
        "load_io_device_localhost": _outcome(lambda: load(experimental_io_device="/job:localhost")),
        "load_variable_policy_none": _outcome(lambda: load(experimental_variable_policy=None)),
    }
