"""Cases for `Dataset.element_spec` of ExtensionType elements (new-user check 4, defect E): run with real TF 2.21
(make_extension_spec_golden.py) and with keraslike (tests/extension_type/test_extension_spec_golden.py).

`run(tf)` returns {case: printable result}. The element spec of a dataset of extension-type values is TF's
`Cls.Spec` for every source and transformation: it prints as `MaskedTensor.Spec(...)`, compares equal to
`tf.type_spec_from_value`, and works as a `tf.function` input_signature and as `from_generator`'s signature.
"""


def _facts(tf, cls, spec, value_spec):
    return {"type": type(spec).__qualname__, "is_spec": isinstance(spec, cls.Spec), "is_value": isinstance(spec, cls),
            "repr": repr(spec), "str": str(spec), "equal": bool(spec == value_spec)}


def run(tf):
    class MaskedTensor(tf.experimental.BatchableExtensionType):
        values: tf.Tensor
        mask: tf.Tensor

        def __repr__(self):  # as TF's extension-type guide writes it: reads the tensors' values
            return f"MaskedTensor(values={self.values.numpy().tolist()}, mask={self.mask.numpy().tolist()})"

    def masked(values, mask):
        return MaskedTensor(tf.constant(values), tf.constant(mask))

    def value_spec(values, mask):
        return tf.type_spec_from_value(masked(values, mask))

    out = {"spec_class_name": [MaskedTensor.Spec.__name__, MaskedTensor.Spec.__qualname__]}
    rows = masked([[1.0, 2.0], [3.0, 4.0]], [[True, False], [False, True]])
    slices = tf.data.Dataset.from_tensor_slices(rows)
    out["from_tensor_slices"] = _facts(tf, MaskedTensor, slices.element_spec, value_spec([1.0, 2.0], [True, False]))
    out["from_tensors"] = _facts(tf, MaskedTensor, tf.data.Dataset.from_tensors(rows).element_spec,
                                 tf.type_spec_from_value(rows))
    out["map_identity"] = _facts(tf, MaskedTensor, slices.map(lambda m: m).element_spec,
                                 value_spec([1.0, 2.0], [True, False]))
    out["map_build"] = _facts(tf, MaskedTensor,
                              tf.data.Dataset.range(3).map(lambda i: MaskedTensor(tf.cast(i, tf.float32),
                                                                                   i > 0)).element_spec,
                              value_spec(1.0, True))
    batched = slices.batch(2)
    out["batch"] = repr(batched.element_spec)
    out["batch_is_spec"] = isinstance(batched.element_spec, MaskedTensor.Spec)
    out["batch_drop_remainder"] = repr(slices.batch(2, drop_remainder=True).element_spec)
    out["unbatch"] = repr(batched.unbatch().element_spec)
    out["zip"] = repr(tf.data.Dataset.zip((slices, tf.data.Dataset.range(2))).element_spec)
    out["dict_map"] = repr(slices.map(lambda m: {"m": m, "n": tf.reduce_sum(m.values)}).element_spec)

    signature = MaskedTensor.Spec(tf.TensorSpec([2], tf.float32), tf.TensorSpec([2], tf.bool))

    def gen():
        yield masked([1.0, 2.0], [True, False])
        yield masked([5.0, 6.0], [False, True])
    generated = tf.data.Dataset.from_generator(gen, output_signature=signature)
    out["from_generator"] = _facts(tf, MaskedTensor, generated.element_spec, signature)
    out["from_generator_values"] = [[e.values.numpy().tolist(), e.mask.numpy().tolist()] for e in generated]
    out["from_generator_batch"] = repr(generated.batch(2).element_spec)
    out["from_generator_from_element_spec"] = [
        e.values.numpy().tolist() for e in tf.data.Dataset.from_generator(gen, output_signature=slices.element_spec)]

    @tf.function(input_signature=[slices.element_spec])
    def total(m):
        return tf.reduce_sum(m.values)
    out["input_signature"] = [float(total(e)) for e in slices]

    @tf.function(input_signature=[batched.element_spec])
    def masked_total(m):
        return tf.reduce_sum(tf.where(m.mask, m.values, 0.0))
    out["input_signature_batched"] = [float(masked_total(b)) for b in batched]
    out["iterated"] = [[e.values.numpy().tolist(), e.mask.numpy().tolist()] for e in slices.map(lambda m: m)]
    out["hashable"] = hash(slices.element_spec) == hash(value_spec([1.0, 2.0], [True, False]))
    return out
