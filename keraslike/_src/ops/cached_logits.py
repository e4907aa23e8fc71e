"""The logits a softmax or sigmoid output carries into the cross-entropy losses, as Keras does.

Keras (3 and 2) stores the input of a softmax/sigmoid activation on its output (`output._keras_logits`), and
`categorical_crossentropy`, `sparse_categorical_crossentropy` and `binary_crossentropy` given such an output
compute the loss from those logits instead of from the clipped probabilities. So a saturated prediction
(a probability below `epsilon` = 1e-7) still has a finite loss beyond `-log(1e-7)` and a gradient, where the
clipped probability would give a constant loss and a zero gradient (the model stops learning). Under
`tf.function` (so in `fit`) TF also recognises a raw `tf.nn.softmax`/`tf.sigmoid` op the same way; keraslike
runs those bodies eagerly, so its `tf.nn.softmax`/`tf.nn.sigmoid` always carry their logits.

Any other op on the output (a reshape, a slice, a cast to another dtype) makes a new tensor without them,
as in Keras.
"""

import warnings

import torch


def cache_logits(output, logits):
    """`output` with `logits` stored on it (`output._keras_logits`); returns `output`."""
    if isinstance(output, torch.Tensor):
        output._keras_logits = logits
    return output


def logits_for_loss(output, from_logits, activation, loss_name):
    """`(tensor, from_logits)` for a cross-entropy: the cached logits and True when `output` carries them.

    Args:
        output: the predictions given to the loss.
        from_logits: the loss's `from_logits` argument.
        activation: "softmax" or "sigmoid", the activation whose output the loss expects.
        loss_name: the loss's name, for the warning.

    As Keras, `from_logits=True` given a softmax/sigmoid output still uses the cached logits, with a warning.
    """
    logits = getattr(output, "_keras_logits", None)
    if logits is None:
        return output, from_logits
    if from_logits:
        warnings.warn(f"`{loss_name}` was called with `from_logits=True`, but its `output` comes from a "
                      f"{activation} activation, so it holds probabilities; the {activation}'s input logits "
                      f"are used.", stacklevel=3)
    return logits, True
