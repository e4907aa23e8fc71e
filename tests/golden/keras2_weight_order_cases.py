"""Cases of tests/golden/make_keras2_weight_order_golden.py (real TF 2.21, Keras 2 and Keras 3) and
tests/keras/test_keras2_weight_order.py: the order of `weights`, `trainable_weights` and `non_trainable_weights` of a
subclassed layer and model that hold sublayers (a Dense, a BatchNormalization) and weights of their own, trainable
and frozen. Each weight is named by the last part of its name (`kernel`, `moving_mean`, `w`, ...)."""


def _classes(tf):
    class Block(tf.keras.layers.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.dense = tf.keras.layers.Dense(2)
            self.norm = tf.keras.layers.BatchNormalization()

        def build(self, input_shape):
            self.w = self.add_weight(name="w", shape=(1,))
            self.nt = self.add_weight(name="nt", shape=(1,), trainable=False)

        def call(self, x):
            return self.norm(self.dense(x)) + self.w + self.nt

    class Net(tf.keras.Model):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.block = Block()
            self.head = tf.keras.layers.Dense(1)

        def build(self, input_shape):
            self.scale = self.add_weight(name="scale", shape=(1,))
            self.offset = self.add_weight(name="offset", shape=(1,), trainable=False)

        def call(self, x):
            return self.head(self.block(x)) * self.scale + self.offset

    return Block, Net


def _names(variables):
    return [v.name.split("/")[-1].split(":")[0] for v in variables]


def orders(tf, np):
    out = {}
    for cls in _classes(tf):
        for trainable in (True, False):
            obj = cls()
            obj(np.ones((2, 3), "float32"))
            obj.trainable = trainable
            out[f"{cls.__name__}_{'trainable' if trainable else 'frozen'}"] = {
                attr: _names(getattr(obj, attr)) for attr in ("weights", "trainable_weights",
                                                              "non_trainable_weights", "variables")}
    return out
