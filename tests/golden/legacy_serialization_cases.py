"""Cases for `tf.keras.utils.legacy` (TF 2 serialization format) and `keras.utils.Config`, shared by
`make_legacy_serialization_golden.py` (real TF 2.21 / Keras 3.15) and
`tests/keras/saving/test_legacy_serialization.py`.

Each case is `fn(keras) -> value` with `keras` the `tf.keras` module; the golden is `repr(value)`, or
`"raises <ExceptionType>"`.
"""


class Inner:
    def __init__(self, units=2, scale=1.5):
        self.units, self.scale = units, scale

    def get_config(self):
        return {"units": self.units, "scale": self.scale}

    def __repr__(self):
        return f"Inner(units={self.units}, scale={self.scale})"


class Outer:
    def __init__(self, inner, fn, name=None, label="", items=(), spec=None):
        self.inner, self.fn, self.name, self.label, self.items, self.spec = inner, fn, name, label, items, spec

    def get_config(self):
        return {"inner": self.inner, "fn": self.fn, "name": self.name, "label": self.label, "items": self.items,
                "spec": self.spec}

    def __repr__(self):
        fn = getattr(self.fn, "__name__", self.fn)
        return (f"Outer(inner={self.inner!r}, fn={fn}, name={self.name!r}, label={self.label!r}, "
                f"items={self.items!r}, spec={self.spec!r})")


class WithFromConfig(Inner):
    seen = []

    @classmethod
    def from_config(cls, config, custom_objects=None):
        # globally registered objects ("package>name", from any test that registered one) are merged in by
        # Keras too; only the names this case passed matter
        cls.seen.append(sorted(k for k in (custom_objects or {}) if ">" not in k and not k.startswith("keras")))
        return cls(**config)


def square_fn(x):
    return x * x


class NoConfig:
    pass


CUSTOM = {"Inner": Inner, "Outer": Outer, "square_fn": square_fn}


def _outer():
    return Outer(Inner(3, 0.5), square_fn, name="outer", label="lbl", items=[1, 2], spec={"a": 1})


def _roundtrip(k, obj, **kwargs):
    return k.utils.legacy.deserialize_keras_object(k.utils.legacy.serialize_keras_object(obj), **kwargs)


CASES = {
    "serialize_nested": lambda k: k.utils.legacy.serialize_keras_object(_outer()),
    "serialize_function": lambda k: k.utils.legacy.serialize_keras_object(square_fn),
    "serialize_none": lambda k: k.utils.legacy.serialize_keras_object(None),
    "serialize_no_config": lambda k: k.utils.legacy.serialize_keras_object(NoConfig()),
    "serialize_initializer": lambda k: k.utils.legacy.serialize_keras_object(k.initializers.Constant(2.0)),
    "roundtrip_custom_objects": lambda k: _roundtrip(k, _outer(), custom_objects=CUSTOM),
    "roundtrip_module_objects": lambda k: _roundtrip(k, _outer(), module_objects=CUSTOM),
    "roundtrip_scope": lambda k: _scoped(k),
    "roundtrip_missing_inner": lambda k: _roundtrip(k, _outer(), custom_objects={"Outer": Outer}),
    "deserialize_name_class": lambda k: k.utils.legacy.deserialize_keras_object("Inner", custom_objects=CUSTOM),
    "deserialize_name_function": lambda k: k.utils.legacy.deserialize_keras_object(
        "square_fn", module_objects=CUSTOM).__name__,
    "deserialize_function": lambda k: k.utils.legacy.deserialize_keras_object(square_fn).__name__,
    "deserialize_unknown": lambda k: k.utils.legacy.deserialize_keras_object("Nope", module_objects={}),
    "deserialize_bad_dict": lambda k: k.utils.legacy.deserialize_keras_object({"class_name": "Inner"},
                                                                              custom_objects=CUSTOM),
    "deserialize_int": lambda k: k.utils.legacy.deserialize_keras_object(3),
    "deserialize_none": lambda k: k.utils.legacy.deserialize_keras_object(None),
    "deserialize_from_config_kwarg": lambda k: (k.utils.legacy.deserialize_keras_object(
        {"class_name": "W", "config": {"units": 4}}, custom_objects={"W": WithFromConfig}), WithFromConfig.seen[-1]),
    "legacy_saving_alias": lambda k: k.legacy.saving.serialize_keras_object(Inner(5)),
    # keras.utils.Config
    "config_basic": lambda k: _config(k),
    "config_frozen_set": lambda k: _frozen(k, lambda c: setattr(c, "lr", 2)),
    "config_frozen_item": lambda k: _frozen(k, lambda c: c.__setitem__("lr", 2)),
    "config_frozen_pop": lambda k: _frozen(k, lambda c: c.pop("lr")),
    "config_frozen_update": lambda k: _frozen(k, lambda c: c.update(lr=3)),
    "config_frozen_del": lambda k: _frozen(k, lambda c: c.__delitem__("lr")),
    "config_unfreeze": lambda k: _unfreeze(k),
    "config_unknown_attr": lambda k: k.utils.Config(learning_rate=1).learning_rat,
    "config_missing_item": lambda k: k.utils.Config(a=1)["b"],
}


def _scoped(k):
    with k.utils.custom_object_scope(CUSTOM):
        return _roundtrip(k, _outer())


def _config(k):
    c = k.utils.Config(zeta=1, alpha=2)
    c.beta = [3]
    c["gamma"] = "g"
    return [list(c), sorted(c.keys()), c.alpha, c["beta"], c.get("nope", 9), len(c), "zeta" in c, c.frozen,
            c.as_dict(), c.to_json(), repr(c), c.pop("zeta"), c.as_dict()]


def _frozen(k, mutate):
    c = k.utils.Config(lr=1)
    c.freeze()
    try:
        mutate(c)
    finally:
        assert c.frozen
    return c.as_dict()


def _unfreeze(k):
    c = k.utils.Config(lr=1)
    c.freeze()
    c.unfreeze()
    c.lr = 5
    c.update({"m": 2})
    del c["m"]
    return [c.frozen, c.as_dict()]


def run(keras, fn):
    try:
        return repr(fn(keras))
    except Exception as e:  # noqa: BLE001 - the golden records which error Keras raises
        return f"raises {type(e).__name__}"
