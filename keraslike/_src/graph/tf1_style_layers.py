"""`tf.compat.v1.keras.utils.get_or_create_layer`: a Keras layer made once inside a TF1-style method.

Inside a method decorated with `track_tf1_style_variables`, `get_or_create_layer("dense_model", build)` calls
`build()` (in the variable scope `name`) on the first call and returns that same layer on later calls; the
decorated object tracks it, so its weights and losses are the object's.
"""

from keraslike._src.graph import eager_variable_store, variable_scope


def get_or_create_layer(name, create_layer_method):
    """`tf.compat.v1.keras.utils.get_or_create_layer(name, create_layer_method)` (see the module docstring).

    Raises:
        ValueError: outside a `track_tf1_style_variables` method.
    """
    store = eager_variable_store.current()
    if store is None:
        raise ValueError("Tried to call get_or_create_layer in eager mode from a method not decorated with "
                         f"@tf.compat.v1.keras.utils.track_tf1_style_variables. Received: name={name!r}")
    key = f"{variable_scope.get_variable_scope().name}/{name}".lstrip("/")
    layer = store.layers.get(key)
    if layer is None:
        with variable_scope.variable_scope(name):
            layer = create_layer_method()
        store.add_layer(key, layer)
    return layer
