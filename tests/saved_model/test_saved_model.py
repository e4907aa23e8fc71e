"""tf.saved_model.save / load in keraslike's directory format (TF's "Introduction to modules" and
"Using the SavedModel format" guides' save/load cells), Keras models, and a real TF SavedModel's error."""

import json
import os

import numpy as np
import pytest
import torch
from safetensors.torch import save_file

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")


class Dense(tf.Module):
    def __init__(self, in_features, out_features, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.random.normal([in_features, out_features]), name="w")
        self.b = tf.Variable(tf.zeros([out_features]), name="b")

    def __call__(self, x):
        return tf.nn.relu(x @ self.w + self.b)


class Sequential(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.dense_1 = Dense(3, 3)
        self.dense_2 = Dense(3, 2)
        self.steps = tf.Variable(0, trainable=False)
        self.scale = 2.0
        self.layers = [self.dense_1, self.dense_2]

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    def __call__(self, x):
        return self.dense_2(self.dense_1(x)) * self.scale

    @tf.function
    def untraced(self, x):
        return x


def test_module_round_trip_keeps_variables_values_and_calls(tmp_path):
    model = Sequential(name="the_model")
    x = tf.constant([[2.0, 2.0, 2.0], [1.0, -1.0, 0.5]])
    expected = model(x)
    path = str(tmp_path / "the_saved_model")
    tf.saved_model.save(model, path)
    assert sorted(os.listdir(path)) == ["assets", "keraslike_programs", "keraslike_saved_model.json", "variables"]
    assert sorted(os.listdir(os.path.join(path, "variables"))) == ["variables.data-00000-of-00001",
                                                                   "variables.index"]  # TF's checkpoint format
    assert tf.saved_model.contains_saved_model(path)

    loaded = tf.saved_model.load(path)
    assert type(loaded) is Sequential and loaded.name == "the_model"
    torch.testing.assert_close(loaded(x), expected)
    assert [v.name for v in loaded.trainable_variables] == [v.name for v in model.trainable_variables]
    for a, b in zip(loaded.variables, model.variables):
        assert a is not b and torch.equal(a, b)
    assert loaded.layers[0] is loaded.dense_1  # shared objects stay shared
    assert int(loaded.steps) == 0 and not loaded.steps.trainable and loaded.scale == 2.0

    out = loaded.signatures["serving_default"](x=x)
    assert list(out) == ["output_0"]
    torch.testing.assert_close(out["output_0"], expected)
    # TF 2.21 binds a one-input signature's positional argument (tf_saved_model_golden.json "positional")
    torch.testing.assert_close(loaded.signatures["serving_default"](x)["output_0"], expected)
    with pytest.raises(TypeError, match="float32"):
        loaded.signatures["serving_default"](x=x.double())


def test_explicit_signatures_and_errors(tmp_path):
    model = Sequential()
    path = str(tmp_path / "m")
    tf.saved_model.save(model, path, signatures={
        "serving_default": model.__call__,
        "concrete": model.untraced.get_concrete_function(tf.TensorSpec([2], tf.int64, name="ids"))})
    loaded = tf.saved_model.load(path, tags=[tf.saved_model.SERVING])
    assert loaded.signatures["concrete"](ids=tf.constant([4, 5], tf.int64))["output_0"].tolist() == [4, 5]
    assert sorted(loaded.signatures) == ["concrete", "serving_default"]
    with pytest.raises(ValueError, match="incompatible argument to `tags`"):
        tf.saved_model.load(path, tags=["train"])
    # a tf.function that is not a method: saved as its program (TF saves its graph)
    tf.saved_model.save(model, path, signatures={"double": tf.function(lambda x: x * 2.0, input_signature=[
        tf.TensorSpec([None], name="values")])})
    assert tf.saved_model.load(path).signatures["double"](values=[1.0, 2.0])["output_0"].tolist() == [2.0, 4.0]
    with pytest.raises(ValueError, match="to be a tf.function"):
        tf.saved_model.save(model, path, signatures=lambda x: x)
    with pytest.raises(ValueError, match="save_debug_info"):
        tf.saved_model.save(model, path, options=tf.saved_model.SaveOptions(save_debug_info=True))
    with pytest.raises(ValueError, match="tf.Module, a Keras model"):
        tf.saved_model.save(object(), path)


def test_resave_replaces_directory_atomically(tmp_path):
    path = str(tmp_path / "m")
    first = Sequential()
    tf.saved_model.save(first, path)
    second = Sequential()
    tf.saved_model.save(second, path)
    loaded = tf.saved_model.load(path)
    torch.testing.assert_close(loaded.dense_1.w, second.dense_1.w)
    assert sorted(os.listdir(tmp_path)) == ["m"]  # no staging or old directories left behind


def test_keras_model_round_trip(tmp_path):
    inputs = tf.keras.Input((4,), name="features")
    hidden = tf.keras.layers.Dense(8, activation="relu")(inputs)
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(3)(hidden))
    x = np.random.default_rng(0).standard_normal((5, 4)).astype("float32")
    expected = model(x).detach()
    path = str(tmp_path / "keras_sm")
    tf.saved_model.save(model, path)
    loaded = tf.saved_model.load(path)
    torch.testing.assert_close(loaded(x), expected)
    infer = loaded.signatures["serving_default"]
    # TF 2.21: tf.saved_model.save(keras_model) names the input `inputs`, the outputs `output_0`, ...
    assert list(infer.structured_input_signature[1]) == ["inputs"]
    assert repr(infer.structured_outputs) == \
        "{'output_0': TensorSpec(shape=(None, 3), dtype=tf.float32, name='output_0')}"
    torch.testing.assert_close(infer(inputs=x)["output_0"], expected)
    torch.testing.assert_close(loaded.serve(x), expected)


def test_tf_saved_model_directory_loads_variables_only(tmp_path):
    path = os.path.join(GOLDEN, "tf_saved_model")  # written by real TF 2.21 (make_saved_model_golden.py)
    assert tf.saved_model.contains_saved_model(path)
    loaded = tf.saved_model.load(path)  # its objects and variables; its graphs cannot run here
    assert [tuple(v.shape) for v in loaded.variables] == [(4, 3), (3,)]
    with pytest.raises(NotImplementedError, match="is a TensorFlow graph") as err:
        loaded.serve(np.ones((1, 4), "float32"))
    assert "tf.train.Checkpoint(root=obj).read(" in str(err.value)
    # its variables are a TF checkpoint, which keraslike reads (issue 23 item 3)
    variables = os.path.join(path, "variables", "variables")
    shapes = dict(tf.train.list_variables(variables))
    assert shapes["variables/0/.ATTRIBUTES/VARIABLE_VALUE"] == [4, 3]
    assert tf.train.load_variable(variables, "variables/1/.ATTRIBUTES/VARIABLE_VALUE").shape == (3,)
    with pytest.raises(ValueError, match=r"is a TensorFlow SavedModel") as err:
        tf.keras.layers.TFSMLayer(path)
    assert "tf.train.load_checkpoint" in str(err.value)
    with pytest.raises(ValueError, match="No SavedModel found"):
        tf.saved_model.load(str(tmp_path))


def test_damaged_document_is_refused(tmp_path):
    path = str(tmp_path / "m")
    tf.saved_model.save(Sequential(), path)
    document = os.path.join(path, "keraslike_saved_model.json")
    with open(document) as f:
        data = json.load(f)
    data["format"] = "other"
    with open(document, "w") as f:
        json.dump(data, f)
    with pytest.raises(ValueError, match="not a keraslike SavedModel"):
        tf.saved_model.load(path)


def _functional():
    inputs = tf.keras.Input((4,), name="features")
    return tf.keras.Model(inputs, tf.keras.layers.Dense(3)(tf.keras.layers.Dense(8, activation="relu")(inputs)))


def test_model_export_and_tfsm_layer(tmp_path, capsys):
    model = _functional()
    x = np.random.default_rng(1).standard_normal((6, 4)).astype("float32")
    expected = model(x).detach()
    path = str(tmp_path / "exported")
    model.export(path)
    printed = capsys.readouterr().out
    assert f"Saved artifact at '{path}'. The following endpoints are available:" in printed
    assert "args_0 (POSITIONAL_ONLY): TensorSpec(shape=(None, 4), dtype=tf.float32, name='features')" in printed
    loaded = tf.saved_model.load(path)
    assert sorted(loaded.signatures) == ["serve", "serving_default"]  # as TF 2.21 lists them
    torch.testing.assert_close(loaded.serve(x), expected)
    torch.testing.assert_close(loaded.signatures["serving_default"](features=x)["output_0"], expected)

    layer = tf.keras.layers.TFSMLayer(path, call_endpoint="serve")
    torch.testing.assert_close(layer(x), expected)
    assert len(layer.weights) == 4 and len(layer.trainable_weights) == 4
    frozen = tf.keras.layers.TFSMLayer(path, trainable=False)
    assert len(frozen.trainable_weights) == 0 and len(frozen.weights) == 4
    outputs = tf.keras.layers.TFSMLayer(path, call_endpoint="serving_default")(x)
    torch.testing.assert_close(outputs["output_0"], expected)
    with pytest.raises(ValueError, match="Available endpoints for this SavedModel: \\['serve', 'serving_default'\\]"):
        tf.keras.layers.TFSMLayer(path, call_endpoint="nope")


def test_tfsm_layer_trains_the_reloaded_weights(tmp_path):
    """A trainable TFSMLayer inside a new model: fit updates the reloaded weights (gradients flow through serve)."""
    path = str(tmp_path / "exported")
    _functional().export(path, verbose=False)
    wrapped = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.TFSMLayer(path)])
    before = [w.detach().clone() for w in wrapped.trainable_weights]
    wrapped.compile(optimizer="sgd", loss="mse")
    x = np.random.default_rng(2).standard_normal((16, 4)).astype("float32")
    wrapped.fit(x, np.zeros((16, 3), "float32"), epochs=1, verbose=0)
    assert len(before) == 4 and any(not torch.equal(a, b) for a, b in zip(before, wrapped.trainable_weights))


def test_export_formats_and_arguments(tmp_path):
    model = _functional()
    with pytest.raises(ValueError, match="Unrecognized format=bogus"):
        model.export(str(tmp_path / "a"), format="bogus")
    with pytest.raises(NotImplementedError, match="format='onnx'"):
        model.export(str(tmp_path / "a"), format="onnx")
    with pytest.raises(TypeError, match="is_static"):
        model.export(str(tmp_path / "a"), is_static=True)
    path = str(tmp_path / "sig")
    model.export(path, verbose=False, input_signature=[tf.TensorSpec([2, 4], tf.float32, name="x")])
    loaded = tf.saved_model.load(path)
    assert loaded.signatures["serve"].inputs[0].shape.as_list() == [2, 4]


def test_module_in_tfsm_layer(tmp_path):
    model = Sequential()
    path = str(tmp_path / "module_sm")
    tf.saved_model.save(model, path)
    layer = tf.keras.layers.TFSMLayer(path, call_endpoint="serving_default")
    x = tf.constant([[1.0, 2.0, 3.0]])
    torch.testing.assert_close(layer(x)["output_0"], model(x))
    assert len(layer.trainable_weights) == 4 and len(layer.non_trainable_weights) == 1


class Mutable(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)

    @tf.function
    def __call__(self, x):
        return x * self.v

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def mutate(self, new_v):
        self.v.assign(new_v)


def test_guide_module_mutate_and_fine_tune(tmp_path):
    """The SavedModel guide's module: a concrete-function signature, a mutating method, and fine-tuning."""
    module = Mutable()
    path = str(tmp_path / "module_with_signature")
    tf.saved_model.save(module, path, signatures=module.__call__.get_concrete_function(tf.TensorSpec(None,
                                                                                                      tf.float32)))
    imported = tf.saved_model.load(path)
    assert list(imported.signatures) == ["serving_default"]
    assert repr(imported.signatures["serving_default"].structured_input_signature) == \
        "((), {'x': TensorSpec(shape=<unknown>, dtype=tf.float32, name='x')})"
    assert imported.signatures["serving_default"](x=tf.constant([1.0, 2.0]))["output_0"].tolist() == [1.0, 2.0]
    assert repr(imported.signatures["serving_default"].structured_outputs) == \
        "{'output_0': TensorSpec(shape=<unknown>, dtype=tf.float32, name='output_0')}"  # as TF 2.21
    assert float(imported(tf.constant(3.0))) == 3.0
    imported.mutate(tf.constant(2.0))
    assert float(imported(tf.constant(3.0))) == 6.0
    optimizer = tf.keras.optimizers.SGD(0.05)
    with tf.GradientTape() as tape:
        loss = (10.0 - imported(tf.constant(2.0))) ** 2
    variables = imported.trainable_variables
    optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
    assert float(imported.v) == pytest.approx(2.0 + 0.05 * 2 * (10.0 - 4.0) * 2.0)


class TwoSignatures(Mutable):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def __call__(self, x):
        return {"y": x * self.v, "z": x}


def test_default_signature_prefers_call_and_keeps_dict_outputs(tmp_path):
    """TF 2.21 exports `__call__` as serving_default here (mutate returns no tensor) and keeps dict keys."""
    path = str(tmp_path / "two")
    tf.saved_model.save(TwoSignatures(), path)
    infer = tf.saved_model.load(path).signatures["serving_default"]
    out = infer(x=[1.0, 2.0])
    assert sorted(out) == ["y", "z"] and out["y"].tolist() == [1.0, 2.0]


class WithVocabulary(tf.Module):
    def __init__(self, path):
        super().__init__()
        self.vocabulary = tf.saved_model.Asset(path)

    def words(self):
        with open(self.vocabulary.asset_path.numpy().decode(), encoding="utf-8") as f:
            return f.read().split()


def test_assets_are_copied_and_found_after_loading(tmp_path):
    source = tmp_path / "vocab.txt"
    source.write_text("a b c")
    path = str(tmp_path / "with_asset")
    tf.saved_model.save(WithVocabulary(str(source)), path)
    source.unlink()  # the SavedModel holds its own copy
    loaded = tf.saved_model.load(path)
    assert loaded.vocabulary.asset_path.numpy() == os.path.join(path, "assets", "vocab.txt").encode()
    assert loaded.words() == ["a", "b", "c"]
    with pytest.raises(ValueError, match="does not exist"):
        tf.saved_model.save(WithVocabulary(str(source)), str(tmp_path / "broken"))


def test_subclassed_keras_model_round_trip_without_custom_objects(tmp_path):
    class Residual(tf.keras.Model):  # defined here: found through the classes saved in this process
        def __init__(self, units=4, **kwargs):
            super().__init__(**kwargs)
            self.hidden = tf.keras.layers.Dense(units, activation="relu")
            self.out = tf.keras.layers.Dense(1)

        def call(self, x):
            return self.out(self.hidden(x))

    model = Residual()
    x = np.random.default_rng(3).standard_normal((3, 5)).astype("float32")
    expected = model(x).detach()
    path = str(tmp_path / "subclassed")
    tf.saved_model.save(model, path)
    loaded = tf.saved_model.load(path)
    assert type(loaded) is Residual
    torch.testing.assert_close(loaded(x), expected)
    torch.testing.assert_close(loaded.signatures["serving_default"](inputs=x)["output_0"], expected)


def test_tf2_style_model_save_directory_loads(tmp_path):
    """TF 2's `model.save("dir")` then `tf.saved_model.load("dir")`: keraslike's dir holds model.keras."""
    model = _functional()
    x = np.ones((2, 4), "float32")
    path = str(tmp_path / "tf2_dir")
    model.save(path)
    assert tf.saved_model.contains_saved_model(path)
    loaded = tf.saved_model.load(path)
    torch.testing.assert_close(loaded.signatures["serving_default"](inputs=x)["output_0"], model(x).detach())


def test_directories_written_before_tf_checkpoint_variables_still_load(tmp_path):
    """Earlier keraslike wrote variables/variables.safetensors (tensor keys t0, t1, ...) and no "tensors" map."""
    model = Sequential()
    path = str(tmp_path / "old")
    tf.saved_model.save(model, path)
    document_path = os.path.join(path, "keraslike_saved_model.json")
    with open(document_path) as f:
        document = json.load(f)
    prefix = os.path.join(path, "variables", "variables")
    save_file({key: torch.as_tensor(tf.train.load_variable(prefix, bundle_key))
               for key, bundle_key in document.pop("tensors").items()},
              os.path.join(path, "variables", "variables.safetensors"))
    for name in os.listdir(os.path.join(path, "variables")):
        if name.startswith("variables.") and not name.endswith(".safetensors"):
            os.remove(os.path.join(path, "variables", name))
    with open(document_path, "w") as f:
        json.dump(document, f)
    loaded = tf.saved_model.load(path)
    x = tf.constant([[1.0, 2.0, 3.0]])
    torch.testing.assert_close(loaded(x), model(x))
