"""Programs run under real TF 2.21 (Keras 3) and under keraslike: `optimizer.variables` after two
`apply_gradients` steps on a Dense layer and a bias-only layer: `iteration`, `learning_rate`, then the slots in
Keras 3's order and names (Adam: momentum/velocity per variable, then velocity_hat; RMSprop: every velocity, then
every momentum, then every average_gradient), which are also the `optimizer/vars` of `.keras` files.

`make_optimizer_variables_golden.py` writes `optimizer_variables.json`; `tests/keras/optimizers/
test_optimizer_variables.py` compares. Each case is `case(keras) -> optimizer`.
"""

import numpy as np

CASES = {
    "adam": lambda keras: keras.optimizers.Adam(learning_rate=0.01),
    "adam_amsgrad": lambda keras: keras.optimizers.Adam(learning_rate=0.01, amsgrad=True),
    "adamw": lambda keras: keras.optimizers.AdamW(learning_rate=0.01),
    "sgd": lambda keras: keras.optimizers.SGD(learning_rate=0.1),
    "sgd_momentum": lambda keras: keras.optimizers.SGD(learning_rate=0.1, momentum=0.9),
    "rmsprop": lambda keras: keras.optimizers.RMSprop(learning_rate=0.01),
    "rmsprop_momentum_centered": lambda keras: keras.optimizers.RMSprop(learning_rate=0.01, momentum=0.9,
                                                                        centered=True),
    "adagrad": lambda keras: keras.optimizers.Adagrad(learning_rate=0.1),
}


def _pattern(shape, i):
    size = int(np.prod(shape))
    return (np.sin(np.arange(size, dtype="float64") * 0.8 + i) * 0.5).reshape(shape).astype("float32")


def facts(keras, case):
    dense = keras.layers.Dense(2, name="d")
    dense.build((None, 3))
    dense.set_weights([_pattern((3, 2), 1), _pattern((2,), 2)])
    variables = list(dense.trainable_variables)
    optimizer = CASES[case](keras)
    for step in range(2):
        grads = [_pattern(tuple(v.shape), 10 + 3 * step + i) for i, v in enumerate(variables)]
        optimizer.apply_gradients(zip(grads, variables))
    return {
        "names": [v.path.split("/")[-1] for v in optimizer.variables],
        "values": [np.asarray(v.numpy(), "float64").tolist() for v in optimizer.variables],
        "weights": [np.asarray(v.numpy(), "float64").tolist() for v in variables],
    }
