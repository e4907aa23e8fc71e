"""Models of tests/golden/make_export_signature_names.py and tests/saved_model/test_export_signature_names.py:
a subclassed model called on one tensor and one called on a list of two."""


def models(keras, np):
    class One(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(2)

        def call(self, x):
            return self.dense(x)

    class Two(One):
        def call(self, x):
            return self.dense(x[0]) + self.dense(x[1])

    one = One()
    one(np.zeros((1, 3), "float32"))
    two = Two()
    two([np.zeros((1, 3), "float32")] * 2)
    return one, two
