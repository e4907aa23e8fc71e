"""What `get_config()`, `serialize`, `to_json()` and a `.keras` file's `config.json` print, for every public layer
class and the objects of keras.initializers/regularizers/constraints/activations/losses/metrics/optimizers;
shared by `make_config_format_golden.py` (real TF 2.21: Keras 3.15, and tf_keras with `TF_USE_LEGACY_KERAS=1`)
and `tests/keras/saving/test_config_format.py`.

`run(keras, tf)` -> {section: {case: the config as JSON (dict key ORDER kept, floats to 6 digits), or
"<error: Type>"}}. Layers get explicit names, so auto-naming counters do not show.
"""

import json
import os
import tempfile
import zipfile

import numpy as np

# layer class -> (positional args, keyword args); a class not listed is built with no arguments. Names absent
# from the Keras under test are skipped; SKIP lists classes whose config is not a format question (they wrap
# another framework's function or file).
LAYER_ARGS = {
    "Activation": (("relu",), {}), "AdaptiveAveragePooling1D": ((2,), {}), "AdaptiveAveragePooling2D": ((2,), {}),
    "AdaptiveAveragePooling3D": ((2,), {}), "AdaptiveMaxPooling1D": ((2,), {}), "AdaptiveMaxPooling2D": ((2,), {}),
    "AdaptiveMaxPooling3D": ((2,), {}), "AlphaDropout": ((0.2,), {}), "AveragePooling1D": ((2,), {}),
    "AveragePooling2D": ((2,), {}), "AveragePooling3D": ((2,), {}), "AvgPool1D": ((2,), {}), "AvgPool2D": ((2,), {}),
    "AvgPool3D": ((2,), {}), "CenterCrop": ((4, 4), {}), "Conv1D": ((3, 2), {}), "Conv1DTranspose": ((3, 2), {}),
    "Conv2D": ((3, 2), {}), "Conv2DTranspose": ((3, 2), {}), "Conv3D": ((3, 2), {}), "Conv3DTranspose": ((3, 2), {}),
    "ConvLSTM1D": ((3, 2), {}), "ConvLSTM2D": ((3, 2), {}), "ConvLSTM3D": ((3, 2), {}),
    "Convolution1D": ((3, 2), {}), "Convolution1DTranspose": ((3, 2), {}), "Convolution2D": ((3, 2), {}),
    "Convolution2DTranspose": ((3, 2), {}), "Convolution3D": ((3, 2), {}), "Convolution3DTranspose": ((3, 2), {}),
    "Dense": ((3,), {}), "DepthwiseConv1D": ((2,), {}), "DepthwiseConv2D": ((2,), {}), "Dot": ((1,), {}),
    "Dropout": ((0.3,), {}), "EinsumDense": (("ab,bc->ac", 4), {}), "Embedding": ((10, 4), {}),
    "GRU": ((3,), {}), "GRUCell": ((3,), {}), "GaussianDropout": ((0.2,), {}), "GaussianNoise": ((0.1,), {}),
    "GroupQueryAttention": ((4, 2, 1), {}), "HashedCrossing": ((8,), {}), "Hashing": ((8,), {}),
    "LSTM": ((3,), {}), "LSTMCell": ((3,), {}), "MaxNumBoundingBoxes": ((3,), {}),
    "MultiHeadAttention": ((2, 4), {}), "Permute": (((2, 1),), {}), "RandomBrightness": ((0.2,), {}),
    "RandomColorDegeneration": ((0.2,), {}), "RandomContrast": ((0.2,), {}), "RandomCrop": ((4, 4), {"seed": 7}),
    "RandomHue": ((0.2,), {}), "RandomPosterization": ((4,), {}), "RandomRotation": ((0.2,), {}),
    "RandomSaturation": ((0.2,), {}), "RandomSharpness": ((0.2,), {}), "RandomTranslation": ((0.1, 0.1), {}),
    "RandomZoom": ((0.1,), {}), "RepeatVector": ((3,), {}), "Rescaling": ((0.5,), {}), "Reshape": (((2, 3),), {}),
    "Resizing": ((4, 4), {}), "ReversibleEmbedding": ((10, 4), {}), "SeparableConv1D": ((3, 2), {}),
    "SeparableConv2D": ((3, 2), {}), "SeparableConvolution1D": ((3, 2), {}),
    "SeparableConvolution2D": ((3, 2), {}), "SimpleRNN": ((3,), {}), "SimpleRNNCell": ((3,), {}),
    "SpatialDropout1D": ((0.2,), {}), "SpatialDropout2D": ((0.2,), {}), "SpatialDropout3D": ((0.2,), {}),
    "LocallyConnected1D": ((3, 2), {}), "LocallyConnected2D": ((3, 2), {}),
    "RandomHeight": ((0.2,), {}), "RandomWidth": ((0.2,), {}), "CuDNNGRU": ((3,), {}), "CuDNNLSTM": ((3,), {}),
    "ThresholdedReLU": ((), {}), "CategoryEncoding": ((4,), {}), "Discretization": (([0.0, 1.0],), {}),
    "InputLayer": ((), {"input_shape": (5,)}), "AbstractRNNCell": None, "DenseFeatures": None,
}
SKIP = {"FlaxLayer", "JaxLayer", "TFSMLayer", "TorchModuleWrapper", "Wrapper", "Pipeline", "Lambda",
        "InputSpec", "Layer", "AbstractRNNCell", "DenseFeatures", "CuDNNGRU", "CuDNNLSTM", "RNN",
        "StackedRNNCells", "Bidirectional", "TimeDistributed", "SpectralNormalization", "experimental",
        "STFTSpectrogram"}
WRAPPERS = ("Bidirectional", "TimeDistributed", "SpectralNormalization", "RNN", "StackedRNNCells")


def _rounded(value):
    if isinstance(value, float):
        return float(f"{value:.6g}")
    if isinstance(value, dict):  # a shared object's id is a memory address: only its presence is compared
        return {str(k): "<id>" if k == "shared_object_id" else _rounded(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_rounded(v) for v in value]
    if isinstance(value, np.generic):
        return _rounded(value.item())
    if isinstance(value, np.ndarray):
        return _rounded(value.tolist())
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return f"<object: {type(value).__name__}>"


def _case(make):
    try:
        return _rounded(make())
    except Exception as err:  # the golden records that the call raised, and its type
        return f"<error: {type(err).__name__}>"


def layer_classes(keras):
    out = {}
    for name in sorted(dir(keras.layers)):
        obj = getattr(keras.layers, name)
        if isinstance(obj, type) and issubclass(obj, keras.layers.Layer) and name not in SKIP:
            out[name] = obj
    return out


def layer_configs(keras):
    out = {}
    for name, cls in layer_classes(keras).items():
        args, kwargs = LAYER_ARGS.get(name) or ((), {})
        out[name] = _case(lambda cls=cls, a=args, n=name, k=kwargs: cls(*a, name=f"l_{n.lower()}", **k).get_config())
    out["wrapper:Bidirectional"] = _case(
        lambda: keras.layers.Bidirectional(keras.layers.LSTM(3, name="fw"), name="bi").get_config())
    out["wrapper:TimeDistributed"] = _case(
        lambda: keras.layers.TimeDistributed(keras.layers.Dense(2, name="td_in"), name="td").get_config())
    out["wrapper:RNN"] = _case(lambda: keras.layers.RNN(keras.layers.GRUCell(2, name="c"), name="rnn").get_config())
    out["wrapper:StackedRNNCells"] = _case(lambda: keras.layers.StackedRNNCells(
        [keras.layers.GRUCell(2, name="c1"), keras.layers.GRUCell(2, name="c2")], name="st").get_config())
    if hasattr(keras.layers, "SpectralNormalization"):
        out["wrapper:SpectralNormalization"] = _case(lambda: keras.layers.SpectralNormalization(
            keras.layers.Dense(2, name="sn_in"), name="sn").get_config())
    out["options:Dense"] = _case(lambda: keras.layers.Dense(
        2, activation=keras.layers.ReLU(name="r"), kernel_regularizer=keras.regularizers.L1L2(0.01, 0.02),
        bias_constraint=keras.constraints.MaxNorm(2.0), kernel_initializer=keras.initializers.HeNormal(seed=3),
        activity_regularizer="l2", name="d").get_config())
    out["options:Dense_mixed"] = _case(lambda: keras.layers.Dense(2, dtype="mixed_float16", name="dm").get_config())
    out["options:Dense_float64"] = _case(lambda: keras.layers.Dense(2, dtype="float64", name="d64").get_config())
    out["options:Dense_input_shape"] = _case(lambda: keras.layers.Dense(2, input_shape=(5,), name="di").get_config())
    out["options:InputLayer"] = _case(lambda: keras.layers.InputLayer(
        input_shape=(5,), name="inp").get_config() if _legacy(keras) else keras.layers.InputLayer(
        shape=(5,), name="inp").get_config())
    return out


def _legacy(keras):
    return os.environ.get("TF_USE_LEGACY_KERAS") == "1"


def _public(namespace):
    return {n: getattr(namespace, n) for n in sorted(dir(namespace)) if isinstance(getattr(namespace, n), type)
            and n[0].isupper()}


INIT_ARGS = {"Constant": (0.5,), "Orthogonal": (), "VarianceScaling": (), "Identity": (), "STFT": ()}
REG_ARGS = {"OrthogonalRegularizer": (0.01,)}
CONSTRAINT_ARGS = {"MaxNorm": (2.0,), "MinMaxNorm": (0.5, 2.0)}
SKIP_OBJECTS = {"Initializer", "Regularizer", "Constraint", "Loss", "Metric", "Optimizer", "Reduction",
                "MeanMetricWrapper", "LossFunctionWrapper", "LossScaleOptimizer", "legacy", "schedules",
                "experimental", "Container", "SparseCategoricalCrossentropyWithLogits",
                "STFT", "STFTInitializer", "OptimizerMap"}
METRIC_ARGS = {"MeanIoU": (3,), "IoU": (3, [0, 1]), "OneHotIoU": (3, [0, 1]), "OneHotMeanIoU": (3,),
               "BinaryIoU": (), "PrecisionAtRecall": (0.5,), "RecallAtPrecision": (0.5,),
               "SensitivityAtSpecificity": (0.5,), "SpecificityAtSensitivity": (0.5,),
               "MeanMetricWrapper": None, "SumOverBatchSize": (), "FBetaScore": (), "F1Score": (),
               "MeanRelativeError": ([1.0, 2.0],)}
OPTIMIZER_ARGS = {"Muon": None, "LossScaleOptimizer": None, "MultiOptimizer": None}


def object_configs(keras):
    out = {}
    for label, ns, args in (("initializers", keras.initializers, INIT_ARGS),
                            ("regularizers", keras.regularizers, REG_ARGS),
                            ("constraints", keras.constraints, CONSTRAINT_ARGS),
                            ("losses", keras.losses, {}), ("metrics", keras.metrics, METRIC_ARGS),
                            ("optimizers", keras.optimizers, OPTIMIZER_ARGS)):
        for name, cls in _public(ns).items():
            if name in SKIP_OBJECTS or args.get(name, ()) is None:
                continue
            made = args.get(name, ())
            out[f"{label}:{name}"] = _case(lambda ns=ns, cls=cls, made=made: ns.serialize(cls(*made)))
    for name in ("relu", "softmax", "gelu", "linear", "sigmoid"):
        out[f"activations:{name}"] = _case(lambda n=name: keras.activations.serialize(keras.activations.get(n)))
    out["losses:function"] = _case(lambda: keras.losses.serialize(keras.losses.get("mse")))
    out["metrics:function"] = _case(lambda: keras.metrics.serialize(keras.metrics.get("mae")))
    out["optimizers:Adam_options"] = _case(lambda: keras.optimizers.serialize(keras.optimizers.Adam(
        1e-3, clipnorm=1.0, amsgrad=True)))
    out["optimizers:schedule"] = _case(lambda: keras.optimizers.serialize(keras.optimizers.SGD(
        keras.optimizers.schedules.ExponentialDecay(0.1, 100, 0.9), momentum=0.9)))
    out["optimizers:Adam_get_config"] = _case(lambda: keras.optimizers.Adam().get_config())
    return out


def _functional(keras):
    inp = keras.Input((8,), name="feats")
    h = keras.layers.Dense(16, activation="relu", kernel_regularizer=keras.regularizers.L2(0.01), name="hid")(inp)
    h = keras.layers.Dropout(0.3, name="drop")(h)
    h2 = keras.layers.Dense(16, name="side")(inp)
    h = keras.layers.Add(name="add")([h, h2])
    out = keras.layers.Dense(2, activation="softmax", name="probs")(h)
    return keras.Model(inp, out, name="func")


def _sequential(keras):
    return keras.Sequential([keras.Input((4,), name="sin"), keras.layers.Dense(3, name="sd"),
                             keras.layers.BatchNormalization(name="sbn")], name="seq")


def _compiled(model, keras):
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss="sparse_categorical_crossentropy",
                  metrics=["accuracy", keras.metrics.AUC(name="auc")])
    return model


def _keras_file_config(model):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "m.keras")
        model.save(path)
        with zipfile.ZipFile(path) as zf:
            return json.loads(zf.read("config.json"))


def model_configs(keras):
    out = {}
    out["functional:get_config"] = _case(lambda: _functional(keras).get_config())
    out["functional:to_json"] = _case(lambda: json.loads(_functional(keras).to_json()))
    out["sequential:get_config"] = _case(lambda: _sequential(keras).get_config())
    out["sequential:to_json"] = _case(lambda: json.loads(_sequential(keras).to_json()))
    out["sequential_unbuilt:get_config"] = _case(lambda: keras.Sequential(
        [keras.layers.Dense(3, name="ud")], name="useq").get_config())
    out["sequential_compiled:to_json"] = _case(lambda: json.loads(_compiled(_sequential(keras), keras).to_json()))
    out["functional:get_compile_config"] = _case(lambda: _compiled(_functional(keras), keras).get_compile_config())
    out["sequential:get_build_config"] = _case(lambda: _sequential(keras).get_build_config())
    out["functional:get_build_config"] = _case(lambda: _functional(keras).get_build_config())
    out["dense:get_build_config"] = _case(lambda: _built_dense(keras).get_build_config())
    if not _legacy(keras):
        out["functional:keras_file"] = _case(lambda: _keras_file_config(_compiled(_functional(keras), keras)))
        out["sequential:keras_file"] = _case(lambda: _keras_file_config(_compiled(_sequential(keras), keras)))
    return out


def _built_dense(keras):
    layer = keras.layers.Dense(2, name="bd")
    layer.build((None, 5))
    return layer


def variable_facts(keras, tf):
    layer = keras.layers.Dense(2, name="vd")
    layer.build((None, 3))
    layer.set_weights([np.arange(6, dtype="float32").reshape(3, 2) / 4, np.zeros(2, "float32")])
    var = tf.Variable([1.0, 2.0])
    return {"kernel_repr": repr(layer.kernel), "kernel_str": str(layer.kernel),
            "kernel_shape": str(layer.kernel.shape),
            "kernel_shape_is_tensor_shape": isinstance(layer.kernel.shape, tf.TensorShape),
            "kernel_shape_as_tuple": list(tuple(layer.kernel.shape)), "kernel_shape_list": layer.kernel.shape.as_list(),
            "variable_repr": repr(var), "variable_shape": str(var.shape)}


def run(keras, tf):
    keras.backend.clear_session()  # default names (`adam_1`, `dense_2`) counted from a fresh session on both sides
    return {"layers": layer_configs(keras), "objects": object_configs(keras), "models": model_configs(keras),
            "variables": _case(lambda: variable_facts(keras, tf))}
