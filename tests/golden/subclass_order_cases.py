"""Programs run under real TF 2.21 (Keras 3) and under keraslike: the order of a subclassed model's or layer's
sublayers and weights (Keras 3 tracks layers in assignment order, lists and dicts included, depth first; a layer
appended to a held list later comes after those assigned before; a reassigned attribute's old layer stays
tracked; one removed from a held list leaves).

`make_subclass_order_golden.py` writes `subclass_order.json`; `tests/keras/layers/test_subclass_order.py`
compares. Each case is `case(keras) -> (model, input)`; every layer has an explicit name and distinct unit
counts, so a mismatch in order shows in names and in shapes.
"""

import numpy as np


def pattern(shape, i):
    size = int(np.prod(shape))
    return (np.sin(np.arange(size, dtype="float64") * 0.7 + i) * 0.5).reshape(shape).astype("float32")


X = pattern((2, 4), 99)


def _list_then_head(keras):
    L = keras.layers

    class Net(keras.Model):
        def __init__(self):
            super().__init__(name="net")
            self.blocks = [L.Dense(3, name="b0"), L.Dense(5, name="b1")]
            self.head = L.Dense(1, name="head")

        def call(self, x):
            for block in self.blocks:
                x = block(x)
            return self.head(x)

    return Net()


def _head_then_list(keras):
    L = keras.layers

    class Net(keras.Model):
        def __init__(self):
            super().__init__(name="net")
            self.head = L.Dense(1, name="head")
            self.stem = L.Dense(6, name="stem")
            self.blocks = [L.Dense(3, name="b0"), L.Dense(5, name="b1")]

        def call(self, x):
            x = self.stem(x)
            for block in self.blocks:
                x = block(x)
            return self.head(x)

    return Net()


def _append_interleaved(keras):
    L = keras.layers

    class Net(keras.Model):
        def __init__(self):
            super().__init__(name="net")
            self.blocks = []
            self.blocks.append(L.Dense(3, name="b0"))
            self.head = L.Dense(2, name="head")
            self.blocks.append(L.Dense(5, name="b1"))
            self.tail = L.Dense(1, name="tail")

        def call(self, x):
            for block in self.blocks:
                x = block(x)
            return self.tail(self.head(x))

    return Net()


def _nested_containers(keras):
    L = keras.layers

    class Net(keras.Model):
        def __init__(self):
            super().__init__(name="net")
            self.first = L.Dense(7, name="first")
            self.nested = [[L.Dense(2, name="n0")], {"z": L.Dense(3, name="z"), "a": L.Dense(4, name="a")}]
            self.pair = (L.Dense(5, name="p0"), L.Dense(6, name="p1"))
            self.mixed = [L.Dense(8, name="m0"), "relu"]

        def call(self, x):
            x = self.first(x)
            x = self.nested[0][0](x)
            x = self.nested[1]["z"](x)
            x = self.nested[1]["a"](x)
            x = self.pair[1](self.pair[0](x))
            return self.mixed[0](x)

    return Net()


def _reassigned(keras):
    L = keras.layers

    class Net(keras.Model):
        def __init__(self):
            super().__init__(name="net")
            self.a = L.Dense(2, name="a0")
            self.b = L.Dense(3, name="b")
            self.a = L.Dense(4, name="a1")
            self.blocks = [L.Dense(5, name="c0"), L.Dense(6, name="c1")]
            self.head = L.Dense(1, name="head")
            self.blocks.append(L.Dense(7, name="c2"))
            self.blocks.pop(0)

        def call(self, x):
            x = self.a(self.b(x))
            for block in self.blocks:
                x = block(x)
            return self.head(x)

    return Net()


def _batchnorm_frozen(keras):
    L = keras.layers

    class Net(keras.Model):
        def __init__(self):
            super().__init__(name="net")
            self.norms = [L.BatchNormalization(name="bn0")]
            self.frozen = L.Dense(3, name="frozen", trainable=False)
            self.dense = L.Dense(5, name="dense")
            self.bn1 = L.BatchNormalization(name="bn1")

        def build(self, input_shape):
            self.scale = self.add_weight(name="scale", shape=(1,), initializer="ones")
            self.count = self.add_weight(name="count", shape=(), initializer="zeros", trainable=False)

        def call(self, x):
            x = self.norms[0](x)
            x = self.dense(self.frozen(x))
            return self.bn1(x) * self.scale + self.count

    return Net()


def _layer_in_layer(keras):
    L = keras.layers

    class Block(L.Layer):
        def __init__(self, units, **kwargs):
            super().__init__(**kwargs)
            self.units = units
            self.inner = [L.Dense(units + 1, name=f"{self.name}_i0"), L.Dense(units, name=f"{self.name}_i1")]
            self.proj = L.Dense(units, name=f"{self.name}_proj")

        def build(self, input_shape):
            self.gate = self.add_weight(name="gate", shape=(self.units,), initializer="ones")

        def call(self, x):
            y = x
            for layer in self.inner:
                y = layer(y)
            return y * self.gate + self.proj(x)

    class Net(keras.Model):
        def __init__(self):
            super().__init__(name="net")
            self.out = L.Dense(1, name="out")
            self.blocks = {"second": Block(3, name="blk2"), "first": Block(2, name="blk1")}

        def call(self, x):
            return self.out(self.blocks["second"](self.blocks["first"](x)))

    return Net()


def _private_and_dict_update(keras):
    L = keras.layers

    class Net(keras.Model):
        def __init__(self):
            super().__init__(name="net")
            self.public = L.Dense(3, name="public")
            self._private = L.Dense(4, name="private")
            self.table = {}
            self.table["k2"] = L.Dense(5, name="k2")
            self.later = L.Dense(6, name="later")
            self.table["k1"] = L.Dense(2, name="k1")

        def call(self, x):
            x = self._private(self.public(x))
            x = self.table["k1"](self.table["k2"](x))
            return self.later(x)

    return Net()


def _assigned_before_super_init(keras):
    """keras-io's Switch Transformer Router: sublayers and plain attributes assigned before `super().__init__()`
    (Keras 3 allows it, in a layer and in a model), then more after it."""
    L = keras.layers

    class Router(L.Layer):
        def __init__(self, units, **kwargs):
            self.units = units
            self.route = L.Dense(units + 2, name="route")
            self.gates = [L.Dense(units + 1, name="gate0")]
            super().__init__(**kwargs)
            self.proj = L.Dense(units, name="proj")

        def call(self, x):
            return self.proj(self.gates[0](self.route(x)))

    class Net(keras.Model):
        def __init__(self):
            self.router = Router(3, name="router")
            super().__init__(name="net")
            self.head = L.Dense(1, name="head")

        def call(self, x):
            return self.head(self.router(x))

    return Net()


CASES = {
    "list_then_head": _list_then_head,
    "head_then_list": _head_then_list,
    "append_interleaved": _append_interleaved,
    "nested_containers": _nested_containers,
    "reassigned": _reassigned,
    "batchnorm_frozen": _batchnorm_frozen,
    "layer_in_layer": _layer_in_layer,
    "private_and_dict_update": _private_and_dict_update,
    "assigned_before_super_init": _assigned_before_super_init,
}


def _name(variable):
    """`<layer>/<variable>`: Keras 3's `variable.path` less the parents' names (keraslike's `variable.name`)."""
    path = getattr(variable, "path", None) or variable.name.split(":")[0]
    return "/".join(path.split("/")[-2:])


def facts(keras, case):
    """Build the case's model on `X`, set its weights to a fixed pattern in `get_weights()` order, and report."""
    model = CASES[case](keras)
    model(X)
    shapes = [tuple(w.shape) for w in model.get_weights()]
    model.set_weights([pattern(shape, i) for i, shape in enumerate(shapes)])
    out = np.asarray(model(X))
    return {
        "weights": [_name(v) for v in model.weights],
        "trainable_weights": [_name(v) for v in model.trainable_weights],
        "non_trainable_weights": [_name(v) for v in model.non_trainable_weights],
        "trainable_variables": [_name(v) for v in model.trainable_variables],
        "layers": [layer.name for layer in model.layers],
        "shapes": [list(s) for s in shapes],
        "out": out.astype("float64").tolist(),
    }
