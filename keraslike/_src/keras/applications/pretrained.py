"""What every application builder shares: the `weights` / `input_tensor` arguments, the classifier or pooling
head, and loading Keras's pretrained `.h5` weight files (Keras 2 HDF5 layout, read with h5py, never unpickled).

Pretrained files come from the Keras cache (`$KERAS_HOME/models/` or `~/.keras/models/`) under the file name
Keras uses; a missing file is downloaded by `keras.utils.get_file`, and without network access the error names
the file and the URL, so it can be placed there by hand.
"""

import os

import numpy as np

from keraslike._src.keras.applications.imagenet_utils import validate_activation
from keraslike._src.keras.layers.core.dense import Dense
from keraslike._src.keras.layers.core.input_layer import Input
from keraslike._src.keras.layers.keras_tensor import KerasTensor
from keraslike._src.keras.layers.pooling.global_pooling import GlobalAveragePooling2D, GlobalMaxPooling2D
from keraslike._src.keras.models.functional import Functional
from keraslike._src.keras.utils.file_utils import get_file
from keraslike._src.keras.utils.tensor_utils import get_source_inputs
from keraslike._src.lazy_module import LazyModule

h5py = LazyModule("h5py")  # imported on first use: ~25 ms of CPU that `import keraslike` need not pay

BASE_WEIGHTS_URL = "https://storage.googleapis.com/tensorflow/keras-applications/"


def check_weights(weights, include_top, classes, pretrained=("imagenet",)):
    """Keras's checks of `weights` and `classes`.

    Raises:
        ValueError: `weights` is neither None, a pretrained name nor an existing file; or ImageNet weights
            with `include_top=True` and `classes != 1000`.
    """
    if not (weights is None or weights in pretrained or (isinstance(weights, (str, os.PathLike))
                                                         and os.path.exists(weights))):
        raise ValueError("The `weights` argument should be either `None` (random initialization), 'imagenet' "
                         "(pre-training on ImageNet), or the path to the weights file to be loaded.  Received: "
                         f"weights={weights}")
    if weights in pretrained and include_top and classes != 1000:
        raise ValueError("If using `weights='imagenet'` with `include_top=True`, `classes` should be 1000.  "
                         f"Received classes={classes}")


def image_input(input_tensor, input_shape):
    """The model's image input: a new `Input(shape=input_shape)`, `input_tensor` itself when it is a KerasTensor,
    or an Input wrapping a concrete tensor."""
    if input_tensor is None:
        return Input(shape=input_shape)
    if isinstance(input_tensor, KerasTensor):
        return input_tensor
    return Input(tensor=input_tensor, shape=input_shape)


def model_inputs(input_tensor, img_input):
    """The Functional model's inputs: the sources of `input_tensor` when given (Keras's `get_source_inputs`)."""
    return get_source_inputs(input_tensor) if input_tensor is not None else img_input


def pool(x, pooling, name_avg=None, name_max=None):
    """The `include_top=False` head: None (4D features), `"avg"` or `"max"` global pooling.

    Raises:
        ValueError: for another `pooling`.
    """
    if pooling is None:
        return x
    if pooling == "avg":
        return GlobalAveragePooling2D(name=name_avg)(x)
    if pooling == "max":
        return GlobalMaxPooling2D(name=name_max)(x)
    raise ValueError(f"Expected pooling to be None, 'avg' or 'max'. Received: pooling={pooling}")


def classifier(x, classes, classifier_activation, weights, name="predictions"):
    """The ImageNet classifier Dense layer (checks the activation allowed with pretrained weights)."""
    validate_activation(classifier_activation, weights)
    return Dense(classes, activation=classifier_activation, name=name)(x)


def functional(inputs, outputs, name):
    """The application's Functional model."""
    return Functional(inputs, outputs, name=name)


def load(model, weights, fname=None, origin=None, file_hash=None):
    """Load `weights` into `model`: `"imagenet"` from the Keras cache file `fname` (downloaded from `origin` with
    `get_file` when missing), or a user file (a Keras 2 `.h5`, a Keras 3 `.weights.h5` or a `.keras`).

    Raises:
        OSError: the pretrained file is not cached and cannot be downloaded (the message names it).
        ValueError: the file's weights do not match the model.
    """
    if weights is None:
        return model
    if weights == "imagenet":
        path = get_file(fname, origin, cache_subdir="models", file_hash=file_hash)
    else:
        path = os.fspath(weights)
    if h5py.is_hdf5(path) and _is_legacy_h5(path):
        load_legacy_h5(model, path)
    else:
        model.load_weights(path)
    return model


def _is_legacy_h5(path):
    with h5py.File(path, "r") as h5:
        root = h5["model_weights"] if "model_weights" in h5 and "layer_names" in h5["model_weights"].attrs else h5
        return "layer_names" in root.attrs


def _names(attrs, key):
    return [n.decode("utf8") if isinstance(n, bytes) else str(n) for n in attrs[key]]


def load_legacy_h5(model, path):
    """Set `model`'s weights from a Keras 2 HDF5 weights file (the layout of Keras's pretrained `.h5` files).

    As Keras's `load_weights` for such files: layers that own weights are matched in order, their weights
    in the order the file lists them. Each array is read on its own (memory bounded by the largest one).

    Raises:
        ValueError: if the numbers of layers or of weights per layer, or a shape, differ; the message names
            the layer.
    """
    with h5py.File(path, "r") as h5:
        root = h5["model_weights"] if "model_weights" in h5 and "layer_names" in h5["model_weights"].attrs else h5
        saved = []
        for layer_name in _names(root.attrs, "layer_names"):
            group = root[layer_name]
            weight_names = _names(group.attrs, "weight_names") if "weight_names" in group.attrs else []
            if weight_names:
                saved.append((layer_name, group, weight_names))
        layers = [layer for layer in model.layers if layer.weights]
        if len(saved) != len(layers):
            raise ValueError(f"Weight file {path} contains {len(saved)} layers with weights, but the model has "
                             f"{len(layers)}. Received: filepath={path}")
        for layer, (layer_name, group, weight_names) in zip(layers, saved):
            if len(weight_names) != len(layer.weights):
                raise ValueError(f"Layer '{layer.name}' expects {len(layer.weights)} weights, but the saved "
                                 f"weights of layer '{layer_name}' in {path} have {len(weight_names)} elements. "
                                 f"Received: filepath={path}")
            arrays = []
            for variable, weight_name in zip(layer.weights, weight_names):
                array = np.asarray(group[weight_name][()])
                if tuple(array.shape) != tuple(variable.shape):
                    raise ValueError(f"Shape mismatch in layer '{layer.name}' for weight {weight_name}: the model "
                                     f"has {tuple(variable.shape)}, the file {tuple(array.shape)}. "
                                     f"Received: filepath={path}")
                arrays.append(array)
            layer.set_weights(arrays)

