"""`keras.utils.FeatureSpace` (keras/src/layers/preprocessing/feature_space.py): one-stop structured-data encoding.

A dict of named features, each a type ("float", "float_normalized", "float_rescaled", "float_discretized",
"integer_categorical", "string_categorical", "integer_hashed", "string_hashed") or a `FeatureSpace.<type>(...)`
/ `FeatureSpace.feature(dtype, preprocessor, output_mode)` spec, plus optional hashed `crosses`. `adapt`
learns each preprocessor's state from a dataset of dicts; calling the space on a dict of batches gives one
float32 tensor (features in sorted name order, then crosses in sorted name order; "one_hot" features as
multi-hot vectors of their cardinality) or, with `output_mode="dict"`, a dict of the encoded features.
`get_inputs()`/`get_encoded_features()` give the matching `keras.Input`s and symbolic outputs, so a model
can be trained on encoded batches and an inference model built from the raw inputs, as Keras does.
"""

import numpy as np
import torch

from keraslike._src.data.dataset import Dataset
from keraslike._src.keras.backend.naming import uniquify
from keraslike._src.keras.layers.core.input_layer import Input
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.layers.merging.concatenate import Concatenate
from keraslike._src.keras.layers.preprocessing.categorical import CategoryEncoding, Discretization
from keraslike._src.keras.layers.preprocessing.hashed_crossing import HashedCrossing
from keraslike._src.keras.layers.preprocessing.hashing import Hashing
from keraslike._src.keras.layers.preprocessing.integer_lookup import IntegerLookup
from keraslike._src.keras.layers.preprocessing.normalization import Normalization
from keraslike._src.keras.layers.preprocessing.rescaling import Rescaling
from keraslike._src.keras.layers.preprocessing.string_lookup import StringLookup
from keraslike._src.keras.layers.preprocessing.string_values import is_string_value, string_output
from keraslike._src.keras.layers.preprocessing.text_vectorization import TextVectorization
from keraslike._src.keras.saving import saving_lib, serialization_lib
from keraslike._src.ops import string_tensor

_MODULE = "keras.src.layers.preprocessing.feature_space"


class TFDIdentity(Layer):
    """The "float" feature's preprocessor: values as float32 tensors."""

    def call(self, inputs):
        return inputs.to(torch.float32) if isinstance(inputs, torch.Tensor) else torch.as_tensor(
            np.asarray(inputs, dtype="float32"))

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)


class Cross:
    """A hashed cross of features (`FeatureSpace.cross`): names, bins, "one_hot" (default) or "int"."""

    def __init__(self, feature_names, crossing_dim, output_mode="one_hot"):
        if output_mode not in {"int", "one_hot"}:
            raise ValueError("Invalid value for argument `output_mode`. Expected one of {'int', 'one_hot'}. "
                             f"Received: output_mode={output_mode}")
        self.feature_names, self.crossing_dim, self.output_mode = tuple(feature_names), crossing_dim, output_mode

    @property
    def name(self):
        return "_X_".join(self.feature_names)

    def get_config(self):
        return {"feature_names": list(self.feature_names), "crossing_dim": self.crossing_dim,
                "output_mode": self.output_mode}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class Feature:
    """One feature: its input dtype, preprocessing layer and "int"/"one_hot"/"float" output mode."""

    def __init__(self, dtype, preprocessor, output_mode):
        if output_mode not in {"int", "one_hot", "float"}:
            raise ValueError("Invalid value for argument `output_mode`. Expected one of {'int', 'one_hot', 'float'}. "
                             f"Received: output_mode={output_mode}")
        if isinstance(preprocessor, dict):
            preprocessor = _deserialize_layer(preprocessor)
        self.dtype, self.preprocessor, self.output_mode = dtype, preprocessor, output_mode

    def get_config(self):
        return {"dtype": self.dtype, "preprocessor": serialization_lib.serialize_keras_object(self.preprocessor),
                "output_mode": self.output_mode}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _deserialize_layer(config):
    if config.get("class_name") == "TFDIdentity":  # Keras's name for the "float" preprocessor
        return TFDIdentity(name=config.get("config", {}).get("name"))
    return serialization_lib.deserialize_keras_object(config)


def _wrap(kind, obj):
    return {"module": _MODULE, "class_name": kind, "config": obj.get_config(), "registered_name": kind}


class FeatureSpace(Layer):
    """Preprocess and encode a dict of structured features in one place.

    Args:
        features: dict name -> feature type string or spec (see the module docstring).
        output_mode: "concat" (default: one float32 tensor) or "dict".
        crosses: list of tuples of feature names (or `FeatureSpace.cross(...)`), hashed into `crossing_dim` bins.
        crossing_dim: int, default 32. hashing_dim: int, default 32 (the "*_hashed" types).
        num_discretization_bins: int, default 32 ("float_discretized").

    Raises:
        ValueError: empty `features`, an unknown feature type, crosses of unknown features or without
            `crossing_dim`, a bad `output_mode`, use before `adapt`, a non-dict call, or (at build) a
            feature that cannot be concatenated.
    """

    @classmethod
    def cross(cls, feature_names, crossing_dim, output_mode="one_hot"):
        return Cross(feature_names, crossing_dim, output_mode=output_mode)

    @classmethod
    def feature(cls, dtype, preprocessor, output_mode):
        return Feature(dtype, preprocessor, output_mode)

    @classmethod
    def float(cls, name=None):
        name = name or uniquify("float")
        return Feature("float32", TFDIdentity(name=f"{name}_preprocessor"), "float")

    @classmethod
    def float_rescaled(cls, scale=1.0, offset=0.0, name=None):
        name = name or uniquify("float_rescaled")
        return Feature("float32", Rescaling(scale=scale, offset=offset, name=f"{name}_preprocessor"), "float")

    @classmethod
    def float_normalized(cls, name=None):
        name = name or uniquify("float_normalized")
        return Feature("float32", Normalization(axis=-1, name=f"{name}_preprocessor"), "float")

    @classmethod
    def float_discretized(cls, num_bins, bin_boundaries=None, output_mode="one_hot", name=None):
        name = name or uniquify("float_discretized")
        layer = Discretization(num_bins=num_bins, bin_boundaries=bin_boundaries, name=f"{name}_preprocessor")
        return Feature("float32", layer, output_mode)

    @classmethod
    def integer_categorical(cls, max_tokens=None, num_oov_indices=1, output_mode="one_hot", name=None):
        name = name or uniquify("integer_categorical")
        layer = IntegerLookup(name=f"{name}_preprocessor", max_tokens=max_tokens, num_oov_indices=num_oov_indices)
        return Feature("int32", layer, output_mode)

    @classmethod
    def string_categorical(cls, max_tokens=None, num_oov_indices=1, output_mode="one_hot", name=None):
        name = name or uniquify("string_categorical")
        layer = StringLookup(name=f"{name}_preprocessor", max_tokens=max_tokens, num_oov_indices=num_oov_indices)
        return Feature("string", layer, output_mode)

    @classmethod
    def string_hashed(cls, num_bins, output_mode="one_hot", name=None):
        name = name or uniquify("string_hashed")
        return Feature("string", Hashing(name=f"{name}_preprocessor", num_bins=num_bins), output_mode)

    @classmethod
    def integer_hashed(cls, num_bins, output_mode="one_hot", name=None):
        name = name or uniquify("integer_hashed")
        return Feature("int32", Hashing(name=f"{name}_preprocessor", num_bins=num_bins), output_mode)

    def __init__(self, features, output_mode="concat", crosses=None, crossing_dim=32, hashing_dim=32,
                 num_discretization_bins=32, name=None, **kwargs):
        for key in ("trainable", "dtype"):
            kwargs.pop(key, None)
        super().__init__(name=name, **kwargs)
        if not features:
            raise ValueError("The `features` argument cannot be None or empty.")
        self.crossing_dim, self.hashing_dim = crossing_dim, hashing_dim
        self.num_discretization_bins = num_discretization_bins
        self.features = {key: self._standardize_feature(key, value) for key, value in features.items()}
        self.crosses = [self._standardize_cross(cross, features) for cross in (crosses or [])]
        self.crosses_by_name = {cross.name: cross for cross in self.crosses}
        if output_mode not in {"dict", "concat"}:
            raise ValueError("Invalid value for argument `output_mode`. Expected one of {'dict', 'concat'}. "
                             f"Received: output_mode={output_mode}")
        self.output_mode = output_mode
        self.inputs = {key: Input(shape=(1,), dtype=f.dtype, name=key) for key, f in self.features.items()}
        self.preprocessors = {key: f.preprocessor for key, f in self.features.items()}
        self.crossers = {c.name: HashedCrossing(c.crossing_dim, name=c.name) for c in self.crosses}
        self.one_hot_encoders = {}
        self.encoded_features = None
        self._is_adapted = False
        self._sublayers_built = False
        self.concat = None

    def _standardize_feature(self, name, feature):
        if isinstance(feature, Feature):
            return feature
        if isinstance(feature, dict):
            return Feature.from_config(feature.get("config", feature))
        makers = {"float": lambda: self.float(name=name), "float_normalized": lambda: self.float_normalized(name=name),
                  "float_rescaled": lambda: self.float_rescaled(name=name),
                  "float_discretized": lambda: self.float_discretized(name=name,
                                                                      num_bins=self.num_discretization_bins),
                  "integer_categorical": lambda: self.integer_categorical(name=name),
                  "string_categorical": lambda: self.string_categorical(name=name),
                  "integer_hashed": lambda: self.integer_hashed(self.hashing_dim, name=name),
                  "string_hashed": lambda: self.string_hashed(self.hashing_dim, name=name)}
        if not isinstance(feature, str) or feature not in makers:
            raise ValueError(f"Invalid feature type: {feature}")
        return makers[feature]()

    def _standardize_cross(self, cross, features):
        if isinstance(cross, dict):
            cross = Cross.from_config(cross.get("config", cross))
        if isinstance(cross, Cross):
            return cross
        if not self.crossing_dim:
            raise ValueError("When specifying `crosses`, the argument `crossing_dim` (dimensionality of the crossing "
                             "space) should be specified as well.")
        if any(key not in features for key in cross):
            raise ValueError("All features referenced in the `crosses` argument should be present in the `features` "
                             f"dict. Received unknown features: {cross}")
        return Cross(cross, crossing_dim=self.crossing_dim)

    # ---- adapt -----------------------------------------------------------------------------------
    def _adaptable(self):
        names = []
        for key in self.features:
            layer = self.preprocessors[key]
            if isinstance(layer, Normalization) and layer.input_mean is not None:
                continue
            if isinstance(layer, TextVectorization) and layer._lookup_layer._has_input_vocabulary:
                continue
            if hasattr(layer, "adapt"):
                names.append(key)
        return names

    def adapt(self, dataset):
        """Learn every adaptable preprocessor's state from `dataset` (a Dataset of feature dicts, or a dict).

        Raises:
            ValueError: for anything else.
        """
        if not isinstance(dataset, Dataset):
            if not isinstance(dataset, dict):
                raise ValueError("`adapt()` can only be called on a tf.data.Dataset or a dict of arrays/lists. "
                                 f"Received instead: {dataset} (of type {type(dataset)})")
            dataset = Dataset.from_tensor_slices(dataset)
        for key in self._adaptable():
            feature_ds = dataset.map(_getter(key))
            rank = len(next(iter(feature_ds)).shape)
            if rank == 0:
                feature_ds = feature_ds.batch(32)
            if rank in (0, 1):
                feature_ds = feature_ds.map(_expand_last)
            self.preprocessors[key].adapt(feature_ds)
        self._is_adapted = True
        self.get_encoded_features()
        self.built = True
        self._sublayers_built = True

    def _check_if_adapted(self):
        if not self._is_adapted:
            if self._adaptable():
                raise ValueError("You need to call `.adapt(dataset)` on the FeatureSpace before you can start "
                                 "using it.")
            self._is_adapted = True

    def _check_if_built(self):
        if not self._sublayers_built:
            self._check_if_adapted()
            self.get_encoded_features()
            self._sublayers_built = True

    def get_inputs(self):
        """The dict of `keras.Input`s (shape `(1,)`, each feature's dtype)."""
        self._check_if_built()
        return self.inputs

    def get_encoded_features(self):
        """The symbolic encoded output(s) of `get_inputs()` (a KerasTensor, or a dict with "dict" mode)."""
        self._check_if_adapted()
        if self.encoded_features is None:
            pre = self._preprocess(self.inputs)
            self.encoded_features = self._merge(pre, self._cross(pre), build=True)
        return self.encoded_features

    # ---- encoding --------------------------------------------------------------------------------
    def _preprocess(self, data):
        return {key: self.preprocessors[key](data[key]) for key in data}

    def _cross(self, features):
        return {c.name: self.crossers[c.name]([features[k] for k in c.feature_names]) for c in self.crosses}

    def _cardinality(self, name):
        layer = self.preprocessors[name] if name in self.preprocessors else self.crossers[name]
        if isinstance(layer, (IntegerLookup, StringLookup)):
            return layer.vocabulary_size()
        if isinstance(layer, CategoryEncoding):
            return layer.num_tokens
        if isinstance(layer, Discretization):
            return layer.num_bins
        if isinstance(layer, (HashedCrossing, Hashing)):
            return layer.num_bins
        raise ValueError(f"Feature '{name}' has `output_mode='one_hot'`. However it isn't a standard feature and the "
                         "dimensionality of its output space is not known, thus it cannot be one-hot encoded. Try "
                         "using `output_mode='int'`.")

    def _merge(self, pre, crossed, build=False):
        names = sorted(pre) + sorted(crossed)
        values = [pre[n] for n in sorted(pre)] + [crossed[n] for n in sorted(crossed)]
        specs = [self.features[n] for n in sorted(pre)] + [self.crosses_by_name[n] for n in sorted(crossed)]
        out = {}
        for name, value, spec in zip(names, values, specs):
            if build and spec.output_mode == "one_hot":
                if not _dtype_name(value).startswith("int"):
                    raise ValueError(f"Feature '{name}' has `output_mode='one_hot'`. Thus its preprocessor should "
                                     f"return an integer dtype. Instead it returns a {_dtype_name(value)} dtype.")
                cardinality = self._cardinality(name)
                if cardinality is not None:
                    self.one_hot_encoders[name] = CategoryEncoding(num_tokens=cardinality, output_mode="multi_hot")
            encoder = self.one_hot_encoders[name] if name in self.one_hot_encoders else None
            out[name] = encoder(value) if encoder is not None else value
            if build and self.output_mode == "concat" and (_dtype_name(out[name]).startswith("int")
                                                           or _dtype_name(out[name]) == "string"):
                raise ValueError(f"Cannot concatenate features because feature '{name}' has not been encoded (it has "
                                 f"dtype {_dtype_name(out[name])}). Consider using `output_mode='dict'`.")
        if self.output_mode == "dict":
            return out
        if build:
            self.concat = Concatenate(axis=-1)
        return self.concat([out[n] for n in names])

    def _convert_inputs(self, inputs):
        return inputs

    def __call__(self, data):
        """Encode a dict of feature batches (`(batch,)`, `(batch, 1)` or scalars) into tensors.

        Raises:
            ValueError: `data` is not a dict, or the space is not adapted.
        """
        self._check_if_built()
        if not isinstance(data, dict):
            raise ValueError(f"A FeatureSpace can only be called with a dict. Received: data={data} (of type "
                             f"{type(data)}")
        rebatched = False
        batch = {}
        for key, value in data.items():
            value = _as_value(value)
            if len(value.shape) == 0:
                value, rebatched = _reshape(value, (1, 1)), True
            elif len(value.shape) == 1:
                value = _reshape(value, (value.shape[0], 1))
            batch[key] = value
        pre = self._preprocess(batch)
        merged = self._merge(pre, self._cross(pre))
        if rebatched:
            if self.output_mode == "concat":
                return merged[0]
            return {k: v[0] if v.dim() == 2 and v.shape[0] == 1 else v for k, v in merged.items()}
        return merged

    # ---- config ----------------------------------------------------------------------------------
    def get_config(self):
        return {"name": self.name, "features": {k: _wrap("Feature", f) for k, f in self.features.items()},
                "output_mode": self.output_mode, "crosses": [_wrap("Cross", c) for c in self.crosses],
                "crossing_dim": self.crossing_dim, "hashing_dim": self.hashing_dim,
                "num_discretization_bins": self.num_discretization_bins}

    @classmethod
    def from_config(cls, config):
        """A FeatureSpace from `get_config()`; its Normalization statistics exist (zeros/ones) so a `.keras`
        file can fill them (`load_model` then marks the space adapted)."""
        space = cls(**config)
        for layer in space.preprocessors.values():
            if isinstance(layer, Normalization) and layer.input_mean is None and not layer.built:
                layer.build((None, 1))
        return space

    def save(self, filepath):
        """Write the (adapted) FeatureSpace to a `.keras` file; `keras.models.load_model` reads it back."""
        saving_lib.save_model(self, filepath)

    def save_own_variables(self, store):
        """Nothing of its own: the preprocessors' statistics and vocabularies are saved at their own paths."""

    def load_own_variables(self, store):
        self._is_adapted = True  # a saved space was adapted; its preprocessors' state follows


def _getter(key):
    return lambda x: x[key]


def _expand_last(x):
    if string_tensor.is_string_tensor(x):
        return string_output(np.asarray(x.numpy(), dtype=object)[..., None])
    return x.unsqueeze(-1)


def _as_value(value):
    if isinstance(value, torch.Tensor) or string_tensor.is_string_tensor(value):
        return value
    if is_string_value(value):
        return string_output(value)
    return torch.as_tensor(np.asarray(value))


def _reshape(value, shape):
    if string_tensor.is_string_tensor(value):
        return string_output(np.asarray(value.numpy(), dtype=object).reshape(shape))
    return value.reshape(shape)


def _dtype_name(value):
    dtype = getattr(value, "dtype", None)
    return str(dtype).replace("torch.", "").replace("tf.", "").replace("<dtype: '", "").replace("'>", "")
