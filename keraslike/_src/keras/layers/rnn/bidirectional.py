"""`Bidirectional` (keras/src/layers/rnn/bidirectional.py).

Runs a copy of the RNN forwards and one with `go_backwards` flipped, reverses
the backward sequence back into time order, and merges the two outputs.
Weights: the forward layer's, then the backward layer's.
"""

import torch

from keraslike._src.keras import keras_version
from keraslike._src.keras.layers.layer import Layer, weight_scope
from keraslike._src.keras.layers.rnn.wrapper_config import deserialize_layer, serialize_layer

_MERGE_MODES = ("concat", "sum", "mul", "ave", None)


class Bidirectional(Layer):
    """Bidirectional wrapper for RNN layers.

    Args:
        layer: an RNN layer (`LSTM`, `GRU`, `SimpleRNN`, `RNN`); it is copied from its config.
        merge_mode: "concat" (default), "sum", "mul", "ave" or None (return a list `[forward, backward]`).
        weights: optional initial weights (forward then backward), set at build time.
        backward_layer: optional RNN layer to use for the backward direction.

    Call args: `inputs`, `initial_state` (forward states followed by backward states), `mask`, `training`.

    Input shape: `(batch, timesteps, features)`. Output shape: `(batch, 2 * units)` with "concat"
        (`(batch, timesteps, 2 * units)` with `return_sequences`); with `return_state`,
        `[output, *forward_states, *backward_states]`.

    Raises:
        ValueError: on an unknown `merge_mode`, a non-RNN `layer`, or mismatched `backward_layer` settings.
    """

    def __init__(self, layer, merge_mode="concat", weights=None, backward_layer=None, **kwargs):
        super().__init__(**kwargs)
        layer = deserialize_layer(layer)
        backward_layer = deserialize_layer(backward_layer)
        if merge_mode not in _MERGE_MODES:
            raise ValueError(f"Invalid merge mode. Merge mode should be one of {_MERGE_MODES}. "
                             f"Received: merge_mode={merge_mode!r}")
        if not hasattr(layer, "go_backwards"):
            raise ValueError(f"Bidirectional expects an RNN layer (with `go_backwards`). Received: layer={layer!r}")
        config = layer.get_config()
        # Keras 3 saves the forward layer itself as `layer` ("forward_lstm") and names the copies without
        # repeating the prefix; tf_keras saves the layer it was given
        base = layer.name
        if not keras_version.legacy_keras() and base.startswith("forward_"):
            base = base[len("forward_"):]
        config["name"] = "forward_" + base
        self._layer_config = serialize_layer(layer)
        self._backward_given = backward_layer is not None
        self.forward_layer = type(layer).from_config(config)
        if backward_layer is None:
            config = layer.get_config()
            config["name"] = "backward_" + base
            config["go_backwards"] = not layer.go_backwards
            backward_layer = type(layer).from_config(config)
        elif backward_layer.return_sequences != layer.return_sequences or \
                backward_layer.return_state != layer.return_state:
            raise ValueError(
                "Forward layer and backward layer should have the same `return_sequences` and `return_state`. "
                f"Received: backward_layer={backward_layer!r}"
            )
        self.backward_layer = backward_layer
        for sub in (self.forward_layer, self.backward_layer):   # as Keras: masked steps of returned
            if getattr(sub, "zero_output_for_mask", None) is not None:   # sequences are zeros, not repeats
                sub.zero_output_for_mask = sub.return_sequences
        self.merge_mode = merge_mode
        self.return_sequences = layer.return_sequences
        self.return_state = layer.return_state
        self._initial_weights = weights

    def build(self, input_shape):
        for sub in (self.forward_layer, self.backward_layer):  # `bi/forward_lstm/lstm_cell/kernel`, both Kerases
            with weight_scope(sub):
                sub.build(input_shape)
            sub.built = True
        self.built = True
        if self._initial_weights is not None:
            self.set_weights(self._initial_weights)
            self._initial_weights = None

    def call(self, inputs, initial_state=None, mask=None, training=None):
        fw_state = bw_state = None
        if initial_state is not None:
            half = len(initial_state) // 2
            fw_state, bw_state = list(initial_state[:half]), list(initial_state[half:])
        fw = self.forward_layer(inputs, initial_state=fw_state, mask=mask, training=training)
        bw = self.backward_layer(inputs, initial_state=bw_state, mask=mask, training=training)
        fw_states = bw_states = []
        if self.return_state:
            fw, fw_states = fw[0], fw[1:]
            bw, bw_states = bw[0], bw[1:]
        if self.return_sequences:
            bw = bw.flip(1)
        if self.merge_mode == "concat":
            out = torch.cat([fw, bw], dim=-1)
        elif self.merge_mode == "sum":
            out = fw + bw
        elif self.merge_mode == "ave":
            out = (fw + bw) / 2
        elif self.merge_mode == "mul":
            out = fw * bw
        else:
            out = [fw, bw]
        if self.return_sequences and mask is not None:  # the returned sequences keep the input's mask, as Keras
            for seq in (out if isinstance(out, list) else [out]):
                seq._keras_mask = mask.to(torch.bool)
        if self.return_state:
            states = [*fw_states, *bw_states]
            return [*out, *states] if self.merge_mode is None else [out, *states]
        return out

    def get_config(self):
        if keras_version.legacy_keras():  # tf_keras: the layer as given, then merge_mode (backward_layer if given)
            config = {**super().get_config(), "layer": self._layer_config, "merge_mode": self.merge_mode}
            if self._backward_given:
                config["backward_layer"] = serialize_layer(self.backward_layer)
            return config
        # Keras 3: merge_mode, then the forward and backward layers as built (`forward_lstm`, `backward_lstm`)
        return {**super().get_config(), "merge_mode": self.merge_mode, "layer": serialize_layer(self.forward_layer),
                "backward_layer": serialize_layer(self.backward_layer)}
