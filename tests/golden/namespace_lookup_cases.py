"""A registered custom constraint, regularizer, optimizer, loss or metric through its namespace's serialize/get,
shared by `make_namespace_lookup_golden.py` (real Keras 3.15) and `tests/keras/saving/test_namespace_lookup.py`.

`run(keras)` -> {case: what came back (a class name, a config's fields) or "raises <ExceptionType>"}.
"""

NAMESPACES = (("constraints", "Constraint"), ("regularizers", "Regularizer"), ("optimizers", "SGD"),
              ("losses", "MeanSquaredError"), ("metrics", "Mean"))


def _try(fn):
    try:
        return fn()
    except Exception as err:  # noqa: BLE001 - the golden records the exception type
        return f"raises {type(err).__name__}"


def _one(keras, namespace, base):
    module = getattr(keras, namespace)

    if namespace in ("optimizers", "losses", "metrics"):
        class Mine(getattr(module, base)):  # keeps its base's config
            pass
    else:
        class Mine(getattr(module, base)):
            def __call__(self, x):
                return x

            def get_config(self):
                return {}

    class Plain(Mine):  # not registered
        pass

    registered = keras.saving.register_keras_serializable(package=f"golden_{namespace}")(Mine)
    config = module.serialize(registered())
    plain = module.serialize(Plain())

    def in_scope():
        with keras.saving.custom_object_scope({"Other": registered}):
            return type(module.deserialize({"class_name": "Other", "config": config["config"]})).__name__

    return {
        "serialize": [config.get("class_name"), config.get("registered_name"), config.get("module")],
        "serialize_unregistered": [plain.get("class_name"), plain.get("registered_name"), plain.get("module")],
        "serialize_builtin": {k: v for k, v in module.serialize(module.get(_BUILTIN[namespace])).items()
                              if k != "config"},
        "deserialize": _try(lambda: type(module.deserialize(config)).__name__),
        "get_config": _try(lambda: type(module.get(config)).__name__),
        "get_registered_name": _try(lambda: type(module.get(f"golden_{namespace}>Mine")).__name__),
        "scope": _try(in_scope),
        "custom_objects": _try(lambda: type(module.deserialize(
            {"class_name": "Third", "config": config["config"]}, custom_objects={"Third": registered})).__name__),
    }


_BUILTIN = {"constraints": "non_neg", "regularizers": "l2", "optimizers": "adam", "losses": "MeanSquaredError",
            "metrics": "AUC"}


def run(keras):
    return {f"{namespace}/{case}": value for namespace, base in NAMESPACES
            for case, value in _one(keras, namespace, base).items()}
