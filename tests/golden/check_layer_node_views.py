"""Prints the layer node views of tests/keras/test_layer_node_views.py on real TF (`python this.py tf`) or on
keraslike (`python this.py kl`); run with and without TF_USE_LEGACY_KERAS=1 and compare the lines."""

import sys


def main(backend):
    if backend == "tf":
        import tensorflow as tf
        keras = tf.keras
    else:
        from keraslike import keras

    def show(name, fn):
        try:
            print(name, fn())
        except Exception as e:  # noqa: BLE001 - the class is the result
            print(name, "ERR", type(e).__name__)

    dense = keras.layers.Dense(2, name="shared")
    a, b = keras.Input((3,), name="a"), keras.Input((3,), name="b")
    out_a, out_b = dense(a), dense(b)
    show("input is a", lambda: dense.input is a)
    show("output is out_a", lambda: dense.output is out_a)
    show("get_output_at(1) is out_b", lambda: dense.get_output_at(1) is out_b)
    show("get_output_shape_at(1)", lambda: tuple(dense.get_output_shape_at(1)))


if __name__ == "__main__":
    main(sys.argv[1])
