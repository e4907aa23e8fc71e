"""Cases for Keras 2's `keras.Input(type_spec=...)` (TF's extension type guide, its Keras cells).

Shared by `make_input_type_spec_golden.py` (real TensorFlow 2.21 with tf_keras, `TF_USE_LEGACY_KERAS=1`) and
`tests/keras/test_input_type_spec.py` (keraslike, the same variable set). Each case binds `out`; `describe`
reduces it to JSON on either library.
"""

import numpy as np

SETUP = '''
class Network(tf.experimental.BatchableExtensionType):
    shape: tf.TensorShape
    work: tf.Tensor
    bandwidth: tf.Tensor

    def __init__(self, work, bandwidth):
        self.work = tf.convert_to_tensor(work)
        self.bandwidth = tf.convert_to_tensor(bandwidth)
        self.shape = self.work.shape[:-1].merge_with(self.bandwidth.shape[:-2])


def balance_work_greedy(network):
    delta = tf.expand_dims(network.work, -1) - tf.expand_dims(network.work, -2)
    delta /= 4
    delta = tf.maximum(tf.minimum(delta, network.bandwidth), -network.bandwidth)
    return Network(network.work + tf.reduce_sum(delta, -1), network.bandwidth)


class BalanceNetworkLayer(tf.keras.layers.Layer):
    def call(self, inputs):
        return balance_work_greedy(inputs)


class MaskedTensor(tf.experimental.BatchableExtensionType):
    values: tf.Tensor
    mask: tf.Tensor

    shape = property(lambda self: self.values.shape)
    dtype = property(lambda self: self.values.dtype)

    def with_default(self, default):
        return tf.where(self.mask, self.values, default)

    class Spec:
        shape = property(lambda self: self.values.shape)
        dtype = property(lambda self: self.values.dtype)


@tf.experimental.dispatch_for_api(tf.matmul)
def masked_matmul(a: MaskedTensor, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False,
                  a_is_sparse=False, b_is_sparse=False, output_type=None, grad_a=False, grad_b=False, name=None):
    if isinstance(a, MaskedTensor):
        a = a.with_default(0)
    return tf.matmul(a, b, transpose_a, transpose_b, adjoint_a, adjoint_b, a_is_sparse, b_is_sparse, output_type)


single_network = Network(work=[8.0, 5, 12, 2], bandwidth=[[0.0, 1, 2, 2], [1, 0, 0, 2], [2, 0, 0, 1], [2, 2, 1, 0]])
batch_of_networks = Network(work=[[8.0, 5], [3, 2]], bandwidth=[[[0.0, 1], [1, 0]], [[0, 2], [2, 0]]])
network_model = tf.keras.Sequential([
    tf.keras.layers.Input(type_spec=Network.Spec(shape=None, work=tf.TensorSpec(None, tf.float32),
                                                 bandwidth=tf.TensorSpec(None, tf.float32))),
    BalanceNetworkLayer(),
])

masked = MaskedTensor([[1.0, 2], [3, 4], [5, 6]], [[True, False], [False, True], [True, True]])
masked_model = tf.keras.Sequential([
    tf.keras.layers.Input(type_spec=MaskedTensor.Spec(values=tf.TensorSpec([None, 2], tf.float32),
                                                      mask=tf.TensorSpec([None, 2], tf.bool))),
    tf.keras.layers.Dense(3, activation="relu"),
    tf.keras.layers.Dense(1)])
masked_model.set_weights([np.arange(6, dtype="float32").reshape(2, 3) / 4 - 0.5, np.array([0.1, -0.2, 0.3], "float32"),
                          np.array([[1.0], [-2.0], [0.5]], "float32"), np.array([0.25], "float32")])
'''

CASES = {
    "network_single": "out = network_model(single_network).work",
    "network_batch": "out = network_model(batch_of_networks).work",
    "masked_dense": "out = masked_model(masked)",
    "masked_dense_input_shape": "out = list(masked_model.layers[0].kernel.shape)",
    "tensor_spec_input": ("x = tf.keras.Input(type_spec=tf.TensorSpec([None, 3], tf.float64)); "
                          "out = [list(x.shape), "
                          "str(x.dtype).replace('torch.', '').replace(\"<dtype: '\", '').strip(\"'>\")]"),
    "ragged_spec_model": ("x = tf.keras.Input(type_spec=tf.RaggedTensorSpec([None, None], tf.float32)); "
                          "m = tf.keras.Model(x, tf.keras.layers.Lambda(lambda t: tf.reduce_sum(t, axis=1))(x)); "
                          "out = m(tf.ragged.constant([[1.0, 2.0], [3.0], [4.0, 5.0, 6.0]]))"),
    "type_spec_with_shape": "out = tf.keras.Input(shape=(2,), type_spec=tf.TensorSpec([None, 2]))",
}


def describe(out, tf):
    if isinstance(out, list):
        return {"kind": "python", "value": out}
    value = np.asarray(out.numpy() if hasattr(out, "numpy") else out)
    return {"kind": "tensor", "value": np.round(value.astype("float64"), 5).tolist()}
