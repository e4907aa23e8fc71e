"""`tf.compat.v1.make_template(name_, func_, **kwargs)`: a function whose variables are made once, then shared.

The first call opens the variable scope `name_` ("name_", "name__1", ... the first not opened yet, or
`unique_name_` as given) and runs `func_` there, creating its `get_variable` variables; later calls re-enter
that scope with reuse, so they get the same variables. In eager code it works inside a
`track_tf1_style_variables` method (whose store keeps the variables), as TF2 requires.

    scale_by_y = tf.compat.v1.make_template("scale_by_y", my_op, scalar_name="y")
    out = scale_by_y(inputs)       # creates "scale_by_y/y"; the next call reuses it
"""

import functools

from keraslike._src.graph import variable_scope as vs


class Template:
    """What `make_template` returns: call it like `func_` (see the module docstring)."""

    def __init__(self, name, func, create_scope_now=False, unique_name=None, **kwargs):
        self._name = name
        self._func = functools.partial(func, **kwargs) if kwargs else func
        self._scope = None
        self._unique_name = unique_name
        if create_scope_now:
            self._open_scope()

    def _open_scope(self):
        if self._unique_name is not None:
            with vs.variable_scope(self._unique_name) as scope:
                self._scope = scope
        else:
            with vs.variable_scope(None, default_name=self._name) as scope:
                self._scope = scope

    @property
    def name(self):
        return self._name

    @property
    def variable_scope_name(self):
        """The scope's full name ("" before the first call when the scope is made then)."""
        return self._scope.name if self._scope is not None else ""

    def __call__(self, *args, **kwargs):
        if self._scope is None:
            with vs.variable_scope(None, default_name=self._name) if self._unique_name is None else \
                    vs.variable_scope(self._unique_name) as scope:
                self._scope = scope
                return self._func(*args, **kwargs)
        with vs.variable_scope(self._scope, reuse=True):
            return self._func(*args, **kwargs)


def make_template(name_, func_, create_scope_now_=False, unique_name_=None, custom_getter_=None, **kwargs):
    """`tf.compat.v1.make_template(name_, func_, create_scope_now_=False, unique_name_=None, **kwargs)`.

    Raises:
        ValueError: for `custom_getter_` (keraslike's variable scopes take no custom getter).
    """
    if custom_getter_ is not None:
        raise ValueError(f"keraslike's make_template does not support custom_getter_. "
                         f"Received: custom_getter_={custom_getter_!r}")
    return Template(name_, func_, create_scope_now=create_scope_now_, unique_name=unique_name_, **kwargs)
