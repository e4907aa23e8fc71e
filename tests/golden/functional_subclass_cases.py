"""The Model subclass of keras-io's masked language modeling example, shrunk: built from inputs and outputs,
overriding only `train_step`, with a layer named `encoder_0/ffn_layernormalization` (Keras 2 allows "/").
`build(tf)` runs under real TF (make_functional_subclass_h5.py) and under keraslike
(tests/keras/saving/test_functional_subclass_files.py)."""

import numpy as np

X = np.array([[1, 2, 3, 4, 5, 0], [6, 7, 8, 9, 1, 2]])


def build(tf):
    keras = tf.keras

    class MaskedLanguageModel(keras.Model):
        def train_step(self, inputs):
            features, labels = inputs
            with tf.GradientTape() as tape:
                loss = keras.losses.sparse_categorical_crossentropy(labels, self(features, training=True))
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            return {"loss": tf.reduce_mean(loss)}

    inputs = keras.layers.Input((6,), dtype="int64")
    x = keras.layers.Embedding(10, 4, name="word_embedding")(inputs)
    x = keras.layers.LayerNormalization(name="encoder_0/ffn_layernormalization")(x)
    outputs = keras.layers.Dense(10, activation="softmax", name="mlm_cls")(x)
    model = MaskedLanguageModel(inputs, outputs, name="masked_bert_model")
    model.set_weights([np.sin(np.arange(np.prod(w.shape)) * 0.3 + i).reshape(w.shape).astype("float32")
                       for i, w in enumerate(model.get_weights())])
    return MaskedLanguageModel, model
