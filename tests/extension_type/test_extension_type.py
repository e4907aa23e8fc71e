"""`tf.experimental.ExtensionType` as the extension_type guide uses it (its documented outcomes, checked on TF 2.21
by the conformance run of tf_docs/guide/extension_type)."""

from typing import List, Mapping, Tuple, Union

import numpy as np
import pytest

import keraslike as tf


class MaskedTensor(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor

    def __validate__(self):
        self.values.shape.assert_is_compatible_with(self.mask.shape)
        assert self.mask.dtype.is_bool, "mask.dtype must be bool"

    def with_default(self, default):
        return tf.where(self.mask, self.values, default)


class Pencil(tf.experimental.ExtensionType):
    color: str = "black"
    has_erasor: bool = True
    length: tf.Tensor = 1.0


class Player(tf.experimental.ExtensionType):
    name: tf.Tensor
    attributes: Mapping[str, tf.Tensor]


class Node(tf.experimental.ExtensionType):
    value: tf.Tensor
    children: Tuple["Node", ...] = ()


def test_fields_are_converted_checked_and_validated():
    mt = MaskedTensor(values=[[1, 2, 3], [4, 5, 6]], mask=[[True, True, False], [True, False, True]])
    assert isinstance(mt.values, tf.Tensor) and mt.values.dtype == tf.int32
    np.testing.assert_array_equal(mt.with_default(0).numpy(), [[1, 2, 0], [4, 0, 6]])
    with pytest.raises(TypeError):
        MaskedTensor([1, 2, 3], None)
    with pytest.raises(AssertionError, match="mask.dtype must be bool"):
        MaskedTensor([1, 2, 3], [0, 1, 0])
    with pytest.raises(ValueError):
        MaskedTensor([1, 2, 3], [True, False])


def test_defaults_positional_and_keyword_arguments():
    p = Pencil(length=0.5, color="blue")
    assert (p.color, p.has_erasor, float(p.length)) == ("blue", True, 0.5)
    assert float(Pencil().length) == 1.0 and Pencil().length.dtype == tf.float32
    with pytest.raises(TypeError):
        Pencil(color=3)
    with pytest.raises(TypeError):
        Pencil(colour="red")


def test_immutable():
    mt = MaskedTensor([1, 2, 3], [True, False, True])
    with pytest.raises(AttributeError):
        mt.mask = [True, True, True]
    with pytest.raises(AttributeError):
        del mt.mask


def test_equality():
    a = MaskedTensor([1, 2], [True, False])
    b = MaskedTensor([[3, 4], [5, 6]], [[False, True], [True, True]])
    assert bool(a == a) is True and isinstance(a == a, tf.Tensor)
    assert (a == b) is False
    assert (a == a.values) is False


def test_spec_nested_types_and_custom_init():
    anne = Player("Anne", {"height": 8.3, "speed": 28.1})
    spec = tf.type_spec_from_value(anne)
    assert isinstance(spec, Player.Spec)
    assert spec.name == tf.TensorSpec([], tf.string)
    assert dict(spec.attributes) == {"height": tf.TensorSpec([], tf.float32), "speed": tf.TensorSpec([], tf.float32)}
    with pytest.raises(TypeError):
        anne.attributes["x"] = 1.0
    tree = Node(3, [Node(5), Node(2)])
    assert isinstance(tree.children, tuple) and int(tree.children[1].value) == 2

    class Toy(tf.experimental.ExtensionType):
        name: str
        price: tf.Tensor

        def __init__(self, name, price, discount=0):
            self.name = name
            self.price = price * (1 - discount)

    toy = Toy("ball", 5.0, discount=0.2)
    assert toy.name == "ball" and float(toy.price) == pytest.approx(4.0)
    with pytest.raises(AttributeError):
        toy.name = "bat"


def test_subclass_inherits_fields_and_user_spec_is_merged():
    class Graph(tf.experimental.ExtensionType):
        num_nodes: tf.Tensor
        edge_src: tf.Tensor

    class FeatureGraph(Graph):
        node_features: tf.Tensor

    g = FeatureGraph(num_nodes=2, edge_src=[0], node_features=[1.0, 2.0])
    assert [f for f in g._field_values()] == ["num_nodes", "edge_src", "node_features"]

    class Masked(tf.experimental.ExtensionType):
        values: tf.Tensor
        mask: tf.Tensor

        class Spec:
            def __init__(self, shape, dtype=tf.float32):
                self.values = tf.TensorSpec(shape, dtype)
                self.mask = tf.TensorSpec(shape, tf.bool)

            shape = property(lambda self: self.values.shape)

    spec = Masked.Spec([None, 2], tf.float32)
    assert spec.values == tf.TensorSpec([None, 2], tf.float32) and spec.shape.as_list() == [None, 2]


def _convert_to_masked(x):
    return x if isinstance(x, MaskedTensor) else MaskedTensor(x, tf.ones_like(x, tf.bool))


def test_dispatch_for_api_and_elementwise_apis():
    """The guide's dispatch cells: tf.stack, unary and binary elementwise handlers, unregistering."""

    @tf.experimental.dispatch_for_api(tf.stack)
    def masked_stack(values: List[Union[MaskedTensor, tf.Tensor]], axis=0):
        values = [_convert_to_masked(v) for v in values]
        return MaskedTensor(tf.stack([v.values for v in values], axis), tf.stack([v.mask for v in values], axis))

    @tf.experimental.dispatch_for_unary_elementwise_apis(MaskedTensor)
    def unary(api_func, x):
        return MaskedTensor(api_func(x.values), x.mask)

    @tf.experimental.dispatch_for_binary_elementwise_apis(MaskedTensor, MaskedTensor)
    def binary(api_func, x, y):
        return MaskedTensor(api_func(x.values, y.values), x.mask & y.mask)

    try:
        x = MaskedTensor([1, -2, -3], [True, False, True])
        stacked = tf.stack([x, tf.constant([4, 5, 6]), x])
        np.testing.assert_array_equal(stacked.values.numpy(), [[1, -2, -3], [4, 5, 6], [1, -2, -3]])
        np.testing.assert_array_equal(stacked.mask.numpy()[1], [True, True, True])
        np.testing.assert_array_equal(tf.abs(x).values.numpy(), [1, 2, 3])
        ones = tf.ones_like(x, dtype=tf.float32)
        assert ones.values.dtype == tf.float32 and ones.mask is x.mask
        y = MaskedTensor([[4], [5]], [[True], [False]])
        total = tf.math.add(x, y)
        np.testing.assert_array_equal(total.values.numpy(), [[5, 2, 1], [6, 3, 2]])
        np.testing.assert_array_equal(total.mask.numpy(), [[True, False, True], [False, False, False]])
        np.testing.assert_array_equal(tf.stack([tf.constant([1]), tf.constant([2])]).numpy(), [[1], [2]])
    finally:
        for handler in (masked_stack, unary, binary):
            tf.experimental.unregister_dispatch_for(handler)
    with pytest.raises(ValueError):
        tf.experimental.unregister_dispatch_for(masked_stack)
    with pytest.raises(TypeError):
        tf.abs(x)


class Network(tf.experimental.BatchableExtensionType):
    shape: tf.TensorShape
    work: tf.Tensor
    bandwidth: tf.Tensor

    def __init__(self, work, bandwidth):
        self.work = tf.convert_to_tensor(work)
        self.bandwidth = tf.convert_to_tensor(bandwidth)
        self.shape = self.work.shape[:-1].merge_with(self.bandwidth.shape[:-2])


def _balance(network):
    delta = (tf.expand_dims(network.work, -1) - tf.expand_dims(network.work, -2)) / 4
    delta = tf.maximum(tf.minimum(delta, network.bandwidth), -network.bandwidth)
    return Network(network.work + tf.reduce_sum(delta, -1), network.bandwidth)


def test_batchable_types_in_tf_data_map_fn_and_while_loop():
    """The guide's batchable Network: sliced by tf.data, mapped by tf.map_fn, carried by tf.while_loop."""
    net1 = Network([5.0, 3, 8], [[0.0, 2, 0], [2, 0, 3], [0, 3, 0]])
    net2 = Network([3.0, 4, 2], [[0.0, 2, 2], [2, 0, 2], [2, 2, 0]])
    batch = Network(work=tf.stack([net1.work, net2.work]), bandwidth=tf.stack([net1.bandwidth, net2.bandwidth]))
    assert batch.shape.as_list() == [2]
    elements = list(tf.data.Dataset.from_tensor_slices(batch))
    assert len(elements) == 2 and isinstance(elements[1], Network) and elements[1].shape.as_list() == []
    np.testing.assert_array_equal(elements[1].work.numpy(), [3.0, 4, 2])
    balanced = tf.map_fn(_balance, batch)
    assert isinstance(balanced, Network)
    np.testing.assert_allclose(balanced.work.numpy()[0], _balance(net1).work.numpy())
    np.testing.assert_allclose(balanced.work.numpy()[1], [3.0, 4.75, 1.25])  # by hand: row sums of clipped deltas
    mt = MaskedTensor([22.0, 33, 108, 55], [True, True, True, False])
    _, out = tf.while_loop(lambda i, _: i < 10,
                           lambda i, m: (i + 1, MaskedTensor(m.values + 3 / 7, m.mask)), [0, mt])
    np.testing.assert_allclose(out.values.numpy(), np.float32([22.0, 33, 108, 55]) + 10 * np.float32(3 / 7), rtol=1e-6)
    ds = tf.data.Dataset.from_tensors(Pencil(length=5.0))
    assert float(iter(ds).next().length) == 5.0


class Pastry(tf.experimental.ExtensionType):
    sweetness: tf.Tensor
    chewiness: tf.Tensor


def test_tf_function_signature_and_concrete_function_with_a_spec():
    cookie = Pastry(sweetness=[1.2, 0.4], chewiness=[0.8, 0.2])
    pastry_spec = Pastry.Spec(tf.TensorSpec([2]), tf.TensorSpec(2))

    @tf.function(input_signature=[pastry_spec])
    def increase_sweetness(x: Pastry, delta=1.0):
        return Pastry(x.sweetness + delta, x.chewiness)

    np.testing.assert_allclose(increase_sweetness(cookie).sweetness.numpy(), [2.2, 1.4])
    with pytest.raises(TypeError):
        increase_sweetness(Pastry(sweetness=[1.0, 2.0, 3.0], chewiness=[1.0, 2.0, 3.0]))

    @tf.function
    def combine(x: Pastry):
        return (x.sweetness + x.chewiness) / 2

    cf = combine.get_concrete_function(pastry_spec)
    np.testing.assert_allclose(cf(cookie).numpy(), [1.0, 0.3])


class BatchableMasked(tf.experimental.BatchableExtensionType):
    values: tf.Tensor
    mask: tf.Tensor


def test_from_generator_batch_unbatch_with_a_spec():
    def gen():
        for i in range(2, 5):
            yield BatchableMasked(list(range(6)), [j % i != 0 for j in range(6)])

    ds = tf.data.Dataset.from_generator(
        gen, output_signature=BatchableMasked.Spec(tf.TensorSpec([6], tf.int32), tf.TensorSpec([6], tf.bool)))
    batches = list(ds.batch(2))
    assert [tuple(b.values.shape) for b in batches] == [(2, 6), (1, 6)]
    np.testing.assert_array_equal(batches[0].mask.numpy()[1], [False, True, True, False, True, True])
    again = list(ds.batch(2).unbatch())
    assert len(again) == 3 and isinstance(again[2], BatchableMasked)
    np.testing.assert_array_equal(again[2].mask.numpy(), [False, True, True, True, False, True])
