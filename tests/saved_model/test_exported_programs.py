"""SavedModels that run without their Python class (issue 23 item 3): functions stored as torch.export programs.

The saving script defines its classes in `__main__`; the loading script, another process, never defines them,
so `tf.saved_model.load` rebuilds `_UserObject`s whose functions run the exported programs on the reloaded
variables (the TF core tutorials' export pattern: a module whose `__call__` uses attributes that are plain
Python functions and other modules' plain methods).
"""

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.saved_model import object_graph

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SAVER = textwrap.dedent('''
    import sys
    import numpy as np
    import keraslike as tf

    class Normalize(tf.Module):
        def __init__(self, x):
            super().__init__()
            self.mean = tf.Variable(tf.math.reduce_mean(x, axis=0))
            self.std = tf.Variable(tf.math.reduce_std(x, axis=0))

        def norm(self, x):
            return (x - self.mean) / self.std

    class LogisticRegression(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(tf.constant([[0.5], [-1.0], [2.0], [0.25], [-0.5]]))
            self.b = tf.Variable(0.25)

        def __call__(self, x):
            return tf.squeeze(x @ self.w + self.b, axis=1)

    def predict_class(y_pred, thresh=0.5):
        return tf.cast(y_pred > thresh, tf.float32)

    class ExportModule(tf.Module):  # the core tutorials' export module
        def __init__(self, model, norm_x, class_pred):
            self.model = model
            self.norm_x = norm_x
            self.class_pred = class_pred
            self.calls = tf.Variable(0, trainable=False)

        @tf.function(input_signature=[tf.TensorSpec(shape=[None, None], dtype=tf.float32)])
        def __call__(self, x):
            self.calls.assign_add(1)
            return self.class_pred(tf.sigmoid(self.model(self.norm_x.norm(x))))

        @tf.function(input_signature=[tf.TensorSpec([None, 5], tf.float32)] * 2)
        def two(self, x, y):
            return self.model(self.norm_x.norm(x + y))

        @tf.function(input_signature=[tf.TensorSpec([None, 5], tf.float32, name="features")])
        def scores(self, x):
            logits = self.model(self.norm_x.norm(x))
            return {"logits": logits, "probabilities": tf.sigmoid(logits)}

    class Mutable(tf.Module):  # the SavedModel guide's module: an unknown-rank signature and a mutating method
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(1.0)

        @tf.function
        def __call__(self, x):
            return x * self.v

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def mutate(self, new_v):
            self.v.assign(new_v)

    class Residual(tf.keras.Model):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.hidden = tf.keras.layers.Dense(4, activation="relu")
            self.out = tf.keras.layers.Dense(2)

        def call(self, x):
            return self.out(self.hidden(x)) + x[:, :2]

    class IntroSequential(tf.Module):  # the intro-to-modules guide: a tf.function without input_signature
        def __init__(self, name=None):
            super().__init__(name=name)
            self.dense_1 = LogisticRegression()
            self.scale = tf.Variable(3.0)

        @tf.function
        def __call__(self, x):
            return self.dense_1(x) * self.scale

    out = sys.argv[1]
    intro = IntroSequential(name="the_model")
    intro_outputs = [intro(tf.ones([1, 5])).numpy(), intro(tf.ones([2, 5]) * 2.0).numpy()]  # two traces
    tf.saved_model.save(intro, out + "/intro")
    x = np.random.default_rng(0).standard_normal((8, 5)).astype("float32")
    module = ExportModule(LogisticRegression(), Normalize(x), predict_class)
    # two functions return tensors: TF exports no default signature, so they are named
    tf.saved_model.save(module, out + "/module", signatures={"serving_default": module.__call__,
                                                             "scores": module.scores, "two": module.two})
    mutable = Mutable()
    tf.saved_model.save(mutable, out + "/mutable",
                        signatures=mutable.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32)))
    model = Residual()
    model(x)
    model.export(out + "/exported", verbose=False)
    tf.saved_model.save(model, out + "/keras")
    inputs = tf.keras.Input((5,), name="features")
    functional = tf.keras.Model(inputs, tf.keras.layers.Dense(2, name="out")(inputs))
    archive = tf.keras.export.ExportArchive()
    archive.track(functional)
    archive.add_endpoint("serve", functional.call, [tf.keras.InputSpec(shape=(None, 5), dtype="float32")])
    archive.add_endpoint("double", lambda x: {"y": functional(x) * 2.0},
                         [tf.TensorSpec([None, 5], tf.float32, name="x")])
    archive.add_variable_collection("kernels", [functional.get_layer("out").kernel])
    archive.write_out(out + "/archive", verbose=False)
    np.savez(out + "/archive.npz", serve=functional(x).detach().numpy())
    np.savez(out + "/expected.npz", x=x, classes=module(x).numpy(), probabilities=module.scores(x)["probabilities"],
             logits=module.scores(x)["logits"], keras=model(x).detach().numpy(),
             intro_1=intro_outputs[0], intro_2=intro_outputs[1])
''')

LOADER = textwrap.dedent('''
    import json
    import sys
    import numpy as np
    import keraslike as tf

    out = sys.argv[1]
    expected = np.load(out + "/expected.npz")
    x = expected["x"]
    results = {}

    def error(fn):
        try:
            fn()
        except Exception as err:
            return [type(err).__name__, str(err)]
        return None

    loaded = tf.saved_model.load(out + "/module")
    results["type"] = type(loaded).__name__
    results["defined_here"] = "ExportModule" in globals()
    results["call"] = loaded(x).numpy().tolist()
    results["call_method"] = loaded.__call__(x).numpy().tolist()
    results["one_row"] = loaded(x[:1]).numpy().tolist()
    results["calls_after"] = int(loaded.calls)
    serving = loaded.signatures["serving_default"]
    results["signature_keys"] = sorted(loaded.signatures)
    results["serving"] = {k: v.numpy().tolist() for k, v in serving(x=x).items()}
    results["scores_signature"] = sorted(loaded.signatures["scores"](features=x))
    results["positional"] = error(lambda: loaded.signatures["two"](x, x))
    results["one_positional"] = serving(x)["output_0"].numpy().tolist()
    scores = loaded.scores(x)
    results["scores"] = {k: v.detach().numpy().tolist() for k, v in scores.items()}
    results["scores_by_name"] = loaded.scores(features=x)["logits"].detach().numpy().tolist()
    results["paths"] = {"model.w": loaded.model.w.numpy().tolist(), "norm_x.mean": loaded.norm_x.mean.numpy().tolist()}
    results["plain_function_attribute"] = hasattr(loaded, "class_pred")
    results["bad_shape"] = error(lambda: loaded.scores(np.ones((2, 4), "float32")))
    results["bad_features"] = error(lambda: loaded(np.ones((2, 4), "float32")))
    loaded.model.w.assign(np.zeros((5, 1), "float32"))
    loaded.model.b.assign(-1.0)
    results["after_assign"] = loaded(x).numpy().tolist()
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(loaded.scores(x)["logits"])
    grads = tape.gradient(loss, [loaded.model.w, loaded.model.b])
    results["gradients"] = [g.numpy().tolist() for g in grads]

    mutable = tf.saved_model.load(out + "/mutable")
    mutable.mutate(tf.constant(2.0))
    results["mutated"] = float(mutable.v)
    results["unknown_rank"] = error(lambda: mutable(tf.constant(3.0)))

    exported = tf.saved_model.load(out + "/exported")
    results["exported_type"] = type(exported).__name__
    results["exported_serve"] = exported.serve(x).detach().numpy().tolist()
    results["exported_signatures"] = sorted(exported.signatures)
    layer = tf.keras.layers.TFSMLayer(out + "/exported", call_endpoint="serve")
    results["tfsm_serve"] = layer(x).detach().numpy().tolist()
    results["tfsm_weights"] = [len(layer.weights), len(layer.trainable_weights)]
    layer = tf.keras.layers.TFSMLayer(out + "/exported", call_endpoint="serving_default")
    results["tfsm_serving_default"] = {k: v.detach().numpy().tolist() for k, v in layer(x).items()}
    keras_sm = tf.saved_model.load(out + "/keras")
    results["keras_call"] = keras_sm(x).detach().numpy().tolist()
    results["keras_serving"] = {k: v.detach().numpy().tolist()
                                for k, v in keras_sm.signatures["serving_default"](inputs=x).items()}
    archive = tf.saved_model.load(out + "/archive")
    served = np.load(out + "/archive.npz")["serve"]
    results["archive_type"] = type(archive).__name__
    results["archive_signatures"] = sorted(archive.signatures)
    results["archive_serve"] = float(np.abs(archive.serve(x).detach().numpy() - served).max())
    results["archive_default"] = float(np.abs(
        archive.signatures["serving_default"](args_0=x)["output_0"].detach().numpy() - served).max())
    results["archive_double"] = float(np.abs(archive.double(x)["y"].detach().numpy() - 2 * served).max())
    archive.kernels[0].assign(np.zeros((5, 2), "float32"))  # the collection is the model's kernel itself
    results["archive_after_assign"] = archive.serve(x).detach().numpy().tolist()
    results["archive_variables"] = len(archive.variables)
    intro = tf.saved_model.load(out + "/intro")
    results["intro"] = [intro(tf.ones([1, 5])).numpy().tolist(), intro(tf.ones([2, 5]) * 2.0).numpy().tolist()]
    results["intro_signatures"] = sorted(intro.signatures)
    results["intro_new_shape"] = error(lambda: intro(tf.ones([3, 5])))
    print("RESULTS" + json.dumps(results))
''')


def _run(script, *args, cwd):
    env = {**os.environ, "PYTHONPATH": ROOT, "OMP_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, "-c", script, *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-4000:]
    return done.stdout


@pytest.fixture(scope="module")
def loaded_elsewhere(tmp_path_factory):
    """Saved by one process (classes in its __main__), loaded by another that never defines them."""
    out = str(tmp_path_factory.mktemp("saved_elsewhere"))
    _run(SAVER, out, cwd=out)
    stdout = _run(LOADER, out, cwd=out)
    results = json.loads(stdout.split("RESULTS", 1)[1])
    return out, results, np.load(os.path.join(out, "expected.npz"))


@pytest.mark.slow
def test_tutorial_export_module_runs_without_its_class(loaded_elsewhere):
    out, results, expected = loaded_elsewhere
    assert results["type"] == "_UserObject" and not results["defined_here"]
    np.testing.assert_array_equal(results["call"], expected["classes"])
    np.testing.assert_array_equal(results["call_method"], expected["classes"])
    np.testing.assert_array_equal(results["one_row"], expected["classes"][:1])  # a None dimension of size 1
    assert results["calls_after"] == 3  # the function's assign_add reached the live variable, once per call
    assert results["plain_function_attribute"] is False  # inlined into the program, not an attribute (as TF)
    assert sorted(os.listdir(os.path.join(out, "module"))) == [
        "assets", "keraslike_programs", "keraslike_saved_model.json", "variables"]


@pytest.mark.slow
def test_signatures_take_keyword_arguments_only(loaded_elsewhere):
    _, results, expected = loaded_elsewhere
    assert results["signature_keys"] == ["scores", "serving_default", "two"]
    np.testing.assert_array_equal(results["one_positional"], expected["classes"])
    assert results["scores_signature"] == ["logits", "probabilities"]
    assert list(results["serving"]) == ["output_0"]
    np.testing.assert_array_equal(results["serving"]["output_0"], expected["classes"])
    kind, message = results["positional"]  # scores has one input: a positional call binds it (as TF)
    assert kind == "TypeError" and "too many positional arguments" in message


@pytest.mark.slow
def test_other_functions_dict_outputs_and_variable_paths(loaded_elsewhere):
    _, results, expected = loaded_elsewhere
    assert sorted(results["scores"]) == ["logits", "probabilities"]
    np.testing.assert_allclose(results["scores"]["probabilities"], expected["probabilities"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(results["scores_by_name"], expected["logits"], rtol=1e-5, atol=1e-6)
    assert results["paths"]["model.w"] == [[0.5], [-1.0], [2.0], [0.25], [-0.5]]
    np.testing.assert_allclose(results["paths"]["norm_x.mean"], expected["x"].mean(axis=0), rtol=1e-5, atol=1e-6)
    kind, message = results["bad_shape"]
    assert kind == "ValueError" and "Could not find matching concrete function" in message
    kind, message = results["bad_features"]  # [None, None] signature; `x @ w` fixes the 5 features
    assert kind == "ValueError" and "of shape (None, 5)" in message and "Received: shape=(2, 4)" in message


@pytest.mark.slow
def test_programs_read_the_live_variables(loaded_elsewhere):
    _, results, expected = loaded_elsewhere
    # w = 0, b = -1: sigmoid(-1) < 0.5 everywhere
    assert results["after_assign"] == [0.0] * len(expected["x"])
    x = expected["x"]
    normed = (x - x.mean(axis=0)) / x.std(axis=0)
    np.testing.assert_allclose(np.ravel(results["gradients"][0]), normed.sum(axis=0), rtol=1e-4, atol=1e-4)
    assert results["gradients"][1] == pytest.approx(len(x))


@pytest.mark.slow
def test_mutating_method_and_unknown_rank_signature(loaded_elsewhere):
    _, results, _ = loaded_elsewhere
    assert results["mutated"] == 2.0
    kind, message = results["unknown_rank"]
    assert kind == "NotImplementedError" and "unknown rank" in message and "import the class" in message


@pytest.mark.slow
def test_model_export_and_tfsm_layer_without_the_model_class(loaded_elsewhere):
    _, results, expected = loaded_elsewhere
    assert results["exported_type"] == "_UserObject"
    assert results["exported_signatures"] == ["serve", "serving_default"]
    np.testing.assert_allclose(results["exported_serve"], expected["keras"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(results["tfsm_serve"], expected["keras"], rtol=1e-5, atol=1e-6)
    assert results["tfsm_weights"] == [4, 4]
    np.testing.assert_allclose(results["tfsm_serving_default"]["output_0"], expected["keras"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(results["keras_call"], expected["keras"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(results["keras_serving"]["output_0"], expected["keras"], rtol=1e-5, atol=1e-6)


@pytest.mark.slow
def test_intro_to_modules_traced_calls_run_without_the_class(loaded_elsewhere):
    """A tf.function without input_signature is saved as the calls traced so far, as TF (the intro guide)."""
    _, results, expected = loaded_elsewhere
    np.testing.assert_allclose(results["intro"][0], expected["intro_1"], rtol=1e-6)
    np.testing.assert_allclose(results["intro"][1], expected["intro_2"], rtol=1e-6)
    assert results["intro_signatures"] == []  # no input_signature: no default signature (as TF)
    kind, message = results["intro_new_shape"]  # a shape never traced: TF's error
    assert kind == "ValueError" and "Could not find matching concrete function" in message


@pytest.mark.slow
def test_export_archive_endpoints_and_variable_collection(loaded_elsewhere):
    _, results, expected = loaded_elsewhere
    assert results["archive_type"] == "_UserObject"
    assert results["archive_signatures"] == ["double", "serve", "serving_default"]  # the first is the default
    assert results["archive_serve"] < 1e-6 and results["archive_default"] < 1e-6 and results["archive_double"] < 1e-6
    bias = np.asarray(results["archive_after_assign"])[0]
    np.testing.assert_allclose(results["archive_after_assign"], np.broadcast_to(bias, (len(expected["x"]), 2)))
    assert results["archive_variables"] == 2  # kernel and bias, the collection sharing the kernel


def test_export_archive_errors(tmp_path):
    archive = tf.keras.export.ExportArchive()
    with pytest.raises(ValueError, match="must call track"):
        archive.add_endpoint("serve", lambda x: x, [tf.TensorSpec([None], tf.float32)])
    with pytest.raises(ValueError, match="Invalid resource type"):
        archive.track(object())
    with pytest.raises(ValueError, match="Unsupported format: neptune_model"):
        tf.keras.export.ExportArchive(format="neptune_model")
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    archive.track(model)
    with pytest.raises(ValueError, match="No endpoints have been set yet"):
        archive.write_out(str(tmp_path / "a"))
    archive.add_endpoint("serve", model.call, [tf.TensorSpec([None, 2], tf.float32)])
    with pytest.raises(ValueError, match="Endpoint name 'serve' is already taken"):
        archive.add_endpoint("serve", model.call, [tf.TensorSpec([None, 2], tf.float32)])
    with pytest.raises(TypeError, match="is_static"):
        archive.add_endpoint("other", model.call, [tf.TensorSpec([None, 2], tf.float32)], is_static=True)
    with pytest.raises(ValueError, match="give an input_signature"):
        archive.add_endpoint("other", model.call)


class DataDependent(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def __call__(self, x):
        if tf.reduce_sum(x) > 0:  # a Python decision on a tensor value
            return x * self.v
        return x


class FixedBatch(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def __call__(self, x):
        return tf.reshape(x, [6])


def test_unexportable_computation_names_the_line_and_what_to_change(tmp_path):
    with pytest.raises(ValueError, match=r"Cannot save DataDependent.__call__ \(obj\) as a torch.export program") \
            as err:
        tf.saved_model.save(DataDependent(), str(tmp_path / "dd"))
    message = str(err.value)
    assert "test_exported_programs.py" in message and "if tf.reduce_sum(x) > 0" in message
    assert "tf.where" in message
    assert not os.path.exists(tmp_path / "dd")
    path = str(tmp_path / "fixed")
    tf.saved_model.save(FixedBatch(), path)  # a free dimension the computation fixes is recorded with its size
    with open(os.path.join(path, "keraslike_saved_model.json")) as f:
        assert json.load(f)["functions"][0]["program_shapes"] == [[3, 2]]


def test_mixed_precision_program_reads_variables_as_the_layer_does(tmp_path, monkeypatch):
    """A mixed_float16 layer computes in float16 from float32 variables: so does its exported program."""
    class Net(tf.keras.Model):  # defined here, then forgotten below: the directory loads without it
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.dense = tf.keras.layers.Dense(2, dtype="mixed_float16")

        def call(self, x):
            return self.dense(x)

    model = Net()
    x = np.random.default_rng(0).standard_normal((4, 3)).astype("float32")
    expected = model(x).detach()
    assert expected.dtype == torch.float16
    path = str(tmp_path / "mixed")
    model.export(path, verbose=False)
    monkeypatch.setattr(object_graph, "_SAVED_CLASSES", {})  # as in a process that never defined Net
    loaded = tf.saved_model.load(path)
    assert type(loaded).__name__ == "_UserObject"
    out = loaded.serve(x)
    assert out.dtype == torch.float16
    torch.testing.assert_close(out.detach(), expected)


def test_programs_load_weights_only(tmp_path, monkeypatch):
    """torch.export.load falls back to full unpickling when a weights-only load fails; keraslike forbids it."""
    path = str(tmp_path / "fixed")
    tf.saved_model.save(FixedBatch(), path)
    seen = []
    real_load = torch.export.load
    monkeypatch.setenv("TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD", "1")

    def spying_load(*args, **kwargs):
        seen.append(tuple(os.environ.get(n) for n in ("TORCH_FORCE_WEIGHTS_ONLY_LOAD",
                                                      "TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD")))
        return real_load(*args, **kwargs)

    monkeypatch.setattr(torch.export, "load", spying_load)
    monkeypatch.setattr(object_graph, "_SAVED_CLASSES", {})
    monkeypatch.delattr(sys.modules[__name__], "FixedBatch")  # the class is gone: programs are loaded
    loaded = tf.saved_model.load(path)
    assert loaded(np.ones((3, 2), "float32")).shape == (6,)
    assert seen == [("1", None)]
    assert os.environ.get("TORCH_FORCE_WEIGHTS_ONLY_LOAD") is None
    assert os.environ["TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"] == "1"
