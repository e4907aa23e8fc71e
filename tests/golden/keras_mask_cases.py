"""Programs run under real TF 2.21 (Keras 3) and under keraslike: which tensors a layer call returns with TF's
`_keras_mask` attribute, and its values (the masking guide's idioms; issue 21 item 5).

`make_keras_mask_golden.py` writes `keras_mask.json`; `tests/keras/layers/test_keras_mask.py` compares. Each case
is `case(tf, keras) -> JSON-able dict`: for a tensor, its mask as nested lists of bools or None; for a functional
tensor, its symbolic mask's shape and dtype or None.
"""

import numpy as np

IDS = np.array([[1, 2, 0, 0], [3, 4, 5, 0]], "int32")


def _mask(t):
    mask = getattr(t, "_keras_mask", None)
    return None if mask is None else np.asarray(mask).astype(bool).tolist()


def _symbolic(t):
    mask = getattr(t, "_keras_mask", None)
    if mask is None:
        return None
    return {"shape": list(mask.shape), "dtype": str(getattr(mask.dtype, "name", mask.dtype)).replace("torch.", "")}


def _custom_embedding(keras):
    class CustomEmbedding(keras.layers.Layer):
        """The guide's layer that generates a mask: it only overrides `compute_mask`."""

        def __init__(self, input_dim, output_dim, mask_zero=False, **kwargs):
            super().__init__(**kwargs)
            self.mask_zero = mask_zero
            self.embeddings = self.add_weight(shape=(input_dim, output_dim), initializer="ones")

        def call(self, inputs):
            return keras.ops.take(self.embeddings, keras.ops.cast(inputs, "int32"), axis=0)

        def compute_mask(self, inputs, mask=None):
            if not self.mask_zero:
                return None
            return keras.ops.not_equal(inputs, 0)

    return CustomEmbedding


def _my_activation(keras):
    class MyActivation(keras.layers.Layer):
        """The guide's layer that opts in to mask propagation."""

        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.supports_masking = True

        def call(self, inputs):
            return keras.ops.relu(inputs)

    return MyActivation


def eager_masks(tf, keras):
    layers = keras.layers
    embedded = layers.Embedding(10, 3, mask_zero=True)(IDS)
    masked = layers.Masking(mask_value=0.0)(np.stack([IDS, IDS, IDS], -1).astype("float32"))
    custom = _custom_embedding(keras)(10, 3, mask_zero=True)(IDS)
    custom_off = _custom_embedding(keras)(10, 3)(IDS)
    activated = _my_activation(keras)()(embedded)
    sequences, state_h, state_c = layers.LSTM(2, return_sequences=True, return_state=True)(embedded)
    return {"embedding": _mask(embedded), "masking": _mask(masked), "custom_compute_mask": _mask(custom),
            "custom_compute_mask_off": _mask(custom_off), "opted_in_activation": _mask(activated),
            "dense_after_masking": _mask(layers.Dense(2)(masked)),
            "lstm_sequences": _mask(sequences), "lstm_state": _mask(state_h),
            "pooled": _mask(layers.GlobalAveragePooling1D()(embedded))}


def symbolic_masks(tf, keras):
    layers = keras.layers
    inputs = keras.Input(shape=(None,), dtype="int32")
    embedded = layers.Embedding(10, 3, mask_zero=True)(inputs)
    masked = layers.Masking()(keras.Input((4, 3)))
    activated = _my_activation(keras)()(embedded)  # no compute_output_shape: the time dim stays unknown
    return {"input": _symbolic(inputs), "embedding": _symbolic(embedded), "masking": _symbolic(masked),
            "opted_in_activation": _symbolic(activated), "opted_in_activation_shape": list(activated.shape),
            "dense": _symbolic(layers.Dense(2)(embedded)),
            "custom_compute_mask": _symbolic(_custom_embedding(keras)(10, 3, mask_zero=True)(inputs)),
            "lstm_sequences": _symbolic(layers.LSTM(2, return_sequences=True)(embedded)),
            "lstm_last": _symbolic(layers.LSTM(2)(embedded))}


def merge_masks(tf, keras):
    """Merge layers combine their inputs' masks (OR when all are masked; Concatenate joins them)."""
    layers = keras.layers
    other = np.array([[0, 1, 1, 0], [1, 1, 0, 0]], "int32")
    a = layers.Embedding(10, 3, mask_zero=True)(IDS)
    b = layers.Embedding(10, 3, mask_zero=True)(other)
    plain = layers.Embedding(10, 3)(other)
    return {"add": _mask(layers.Add()([a, b])), "average_one_unmasked": _mask(layers.Average()([a, plain])),
            "multiply": _mask(layers.Multiply()([a, b])),
            "concatenate_last": _mask(layers.Concatenate()([a, plain])),
            "concatenate_time": _mask(layers.Concatenate(axis=1)([a, b])),
            "dot": _mask(layers.Dot(axes=2)([a, b]))}


def list_input_masks(tf, keras):
    """A layer called on a list gets the list of its inputs' masks as `mask` (Attention's value mask)."""
    emb = keras.layers.Embedding(10, 3, mask_zero=True)
    emb.build((None, 4))
    emb.set_weights([np.cos(np.arange(30).reshape(10, 3)).astype("float32")])
    value = emb(IDS)
    query = np.sin(np.arange(12).reshape(2, 2, 3)).astype("float32")
    additive = keras.layers.AdditiveAttention()
    additive([query, value])
    additive.set_weights([np.linspace(0.5, 1.5, 3).astype("float32")])
    seen = []

    class Probe(keras.layers.Layer):
        def call(self, inputs, mask=None):
            seen.append(None if mask is None else [None if m is None else np.asarray(m).tolist() for m in mask])
            return inputs[0]

    Probe()([query, value])
    return {"attention": np.asarray(keras.layers.Attention()([query, value]), "float64").tolist(),
            "additive_attention": np.asarray(additive([query, value]), "float64").tolist(), "probe_mask": seen[0]}


CASES = {"eager_masks": eager_masks, "symbolic_masks": symbolic_masks, "merge_masks": merge_masks,
         "list_input_masks": list_input_masks}
