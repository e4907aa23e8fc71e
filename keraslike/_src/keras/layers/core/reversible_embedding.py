"""`ReversibleEmbedding` (keras/src/layers/core/reversible_embedding.py): an embedding that also maps
hidden states back to vocabulary logits (`layer(hidden, reverse=True)`), as language models tie them."""

import torch

from keraslike._src.keras.layers.core.embedding import Embedding


class ReversibleEmbedding(Embedding):
    """`Embedding` plus a reverse projection `hidden @ embeddings.T` (or a separate `reverse_embeddings`).

    Args:
        input_dim, output_dim, embeddings_initializer ("uniform"), embeddings_regularizer,
            embeddings_constraint, mask_zero: as `Embedding`.
        tie_weights: bool, default True: the reverse projection uses the transposed embeddings;
            False creates a trainable `reverse_embeddings` `(output_dim, input_dim)`.
        reverse_dtype: optional dtype the reverse matmul is computed in.
        logit_soft_cap: optional float: reverse logits become `cap * tanh(logits / cap)`.

    Call args: `inputs`, `reverse=False`.
    """

    def __init__(self, input_dim, output_dim, tie_weights=True, embeddings_initializer="uniform",
                 embeddings_regularizer=None, embeddings_constraint=None, mask_zero=False, reverse_dtype=None,
                 logit_soft_cap=None, **kwargs):
        super().__init__(input_dim, output_dim, embeddings_initializer=embeddings_initializer,
                         embeddings_regularizer=embeddings_regularizer, embeddings_constraint=embeddings_constraint,
                         mask_zero=mask_zero, **kwargs)
        self.tie_weights, self.reverse_dtype, self.logit_soft_cap = tie_weights, reverse_dtype, logit_soft_cap

    def build(self, input_shape=None):
        super().build(input_shape)
        if not self.tie_weights:
            self.reverse_embeddings = self.add_weight("reverse_embeddings", (self.output_dim, self.input_dim),
                                                      self.embeddings_initializer)
        self.built = True

    def call(self, inputs, reverse=False):
        if not reverse:
            return super().call(inputs)
        kernel = self.embeddings.T if self.tie_weights else self.reverse_embeddings
        x = inputs
        if self.reverse_dtype is not None:
            dtype = getattr(torch, str(self.reverse_dtype).replace("torch.", ""))
            x, kernel = x.to(dtype), kernel.to(dtype)
        logits = x @ kernel
        if self.logit_soft_cap is not None:
            logits = torch.tanh(logits / self.logit_soft_cap) * self.logit_soft_cap
        return logits

    def compute_mask(self, inputs, mask=None):
        return None

    def compute_output_shape(self, input_shape, reverse=False):
        if reverse:
            return (*tuple(input_shape)[:-1], self.input_dim)
        return super().compute_output_shape(input_shape)

    def get_config(self):
        return {**super().get_config(), "tie_weights": self.tie_weights, "reverse_dtype": self.reverse_dtype,
                "logit_soft_cap": self.logit_soft_cap}
