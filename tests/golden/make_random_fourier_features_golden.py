"""Write the golden for Keras 2's `tf.keras.layers.experimental.RandomFourierFeatures` (keras-io quasi-SVM).

Run under real TensorFlow 2.21 with tf_keras (not keraslike), from the repository root:

    TF_USE_LEGACY_KERAS=1 /work/tfvenv/bin/python tests/golden/make_random_fourier_features_golden.py

It writes `tests/golden/random_fourier_features.npz`: an input `x`, the layer's weights in `get_weights()` order,
its output, the default scale for 6 gaussian features, and the output of a trainable layer after one SGD step
of a sum loss; `tests/keras/layers/test_random_fourier_features.py` reads it.
"""

import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_USE_LEGACY_KERAS"] = "1"

import tensorflow as tf  # noqa: E402


def main():
    keras = tf.keras
    rng = np.random.default_rng(0)
    x = rng.random((4, 6)).astype("float32")
    layer = keras.layers.experimental.RandomFourierFeatures(output_dim=8, scale=10.0, kernel_initializer="gaussian")
    out = layer(x).numpy()
    weights = layer.get_weights()
    names = np.array([w.name.split("/")[-1].split(":")[0] for w in layer.weights])
    default = keras.layers.experimental.RandomFourierFeatures(output_dim=8)
    default.build((None, 6))
    trainable = keras.layers.experimental.RandomFourierFeatures(output_dim=8, scale=2.0, trainable=True)
    trainable.build((None, 6))
    trainable.set_weights([np.array([2.0], "float32"), weights[1], weights[2]])
    opt = keras.optimizers.SGD(0.1)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(trainable(x))
    grads = tape.gradient(loss, trainable.trainable_weights)
    opt.apply_gradients(zip(grads, trainable.trainable_weights))
    here = os.path.dirname(os.path.abspath(__file__))
    np.savez(os.path.join(here, "random_fourier_features.npz"), x=x, kernel_scale=weights[0],
             unscaled_kernel=weights[1], bias=weights[2], out=out, names=names,
             default_scale=np.float32(default.scale), n_trainable=np.int64(len(layer.trainable_weights)),
             trainable_names=np.array([w.name.split("/")[-1].split(":")[0] for w in trainable.trainable_weights]),
             stepped_scale=trainable.get_weights()[0], stepped_out=trainable(x).numpy())


if __name__ == "__main__":
    main()
