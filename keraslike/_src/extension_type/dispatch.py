"""`tf.experimental.dispatch_for_api`, `dispatch_for_unary_elementwise_apis`, `dispatch_for_binary_elementwise_apis`,
`unregister_dispatch_for`: user handlers for TF APIs called with extension types.

Mirrors `tensorflow/python/util/dispatch.py`. Registering a handler for an API replaces that API's public names
(`tf.stack`, `tf.math.add` and `tf.add`, ...) with a dispatcher, once: it calls the first registered handler whose
parameter annotations (`values: List[MaskedTensor]`, `Union[MaskedTensor, tf.Tensor]`, ...) the arguments match,
with at least one of them an extension type, and the API itself otherwise. Nothing is wrapped until a handler is
registered, so programs that register none pay nothing. The elementwise APIs are TF's lists (TF 2.21's
`unary_elementwise_apis()` and `binary_elementwise_apis()`, as public names); an elementwise handler receives
`api_func` (the API with every argument but the operands bound) and the operands.
"""

import collections.abc
import functools
import inspect
import sys
import typing

from keraslike._src.extension_type.extension_type import ExtensionType

UNARY_ELEMENTWISE_APIS = (
    "bitwise.invert", "cast", "clip_by_value", "debugging.check_numerics", "dtypes.saturate_cast",
    "image.adjust_brightness", "image.adjust_gamma", "image.convert_image_dtype", "math.abs", "math.acos",
    "math.acosh", "math.angle", "math.asin", "math.asinh", "math.atan", "math.atanh", "math.bessel_i0",
    "math.bessel_i0e", "math.bessel_i1", "math.bessel_i1e", "math.ceil", "math.conj", "math.cos", "math.cosh",
    "math.digamma", "math.erf", "math.erfc", "math.erfcinv", "math.erfinv", "math.exp", "math.expm1", "math.floor",
    "math.imag", "math.is_finite", "math.is_inf", "math.is_nan", "math.lgamma", "math.log", "math.log1p",
    "math.log_sigmoid", "math.logical_not", "math.ndtri", "math.negative", "math.nextafter", "math.real",
    "math.reciprocal", "math.reciprocal_no_nan", "math.rint", "math.round", "math.rsqrt", "math.sigmoid",
    "math.sign", "math.sin", "math.sinh", "math.softplus", "math.sqrt", "math.square", "math.tan", "math.tanh",
    "nn.elu", "nn.gelu", "nn.leaky_relu", "nn.log_softmax", "nn.relu", "nn.relu6", "nn.selu", "nn.silu",
    "nn.softsign", "ones_like", "strings.as_string", "strings.length", "strings.lower", "strings.regex_full_match",
    "strings.regex_replace", "strings.strip", "strings.substr", "strings.to_hash_bucket",
    "strings.to_hash_bucket_fast", "strings.to_hash_bucket_strong", "strings.to_number", "strings.upper",
    "zeros_like",
)
BINARY_ELEMENTWISE_APIS = (
    "bitwise.bitwise_and", "bitwise.bitwise_or", "bitwise.bitwise_xor", "bitwise.left_shift", "bitwise.right_shift",
    "dtypes.complex", "math.add", "math.atan2", "math.divide", "math.divide_no_nan", "math.equal", "math.floordiv",
    "math.floormod", "math.greater", "math.greater_equal", "math.less", "math.less_equal", "math.logical_and",
    "math.logical_or", "math.logical_xor", "math.maximum", "math.minimum", "math.multiply", "math.multiply_no_nan",
    "math.not_equal", "math.pow", "math.scalar_mul", "math.squared_difference", "math.subtract", "math.truediv",
    "math.xdivy", "math.xlog1py", "math.xlogy", "math.zeta", "nn.sigmoid_cross_entropy_with_logits", "realdiv",
    "truncatediv", "truncatemod",
)

_WRAPPERS = {}  # API function -> its dispatcher
_API_HANDLERS = collections.defaultdict(list)  # API function -> [(handler, {param: annotation})]
_UNARY = []  # [(annotation, handler)]
_BINARY = []  # [(x annotation, y annotation, handler)]


def _public_modules():
    return [m for name, m in list(sys.modules.items())
            if m is not None and (name == "keraslike" or name.startswith("keraslike.")) and "._src" not in name]


def _original(api):
    return getattr(api, "_keraslike_dispatch_original", api)


def _install(api):
    """Replace `api`'s public names with its dispatcher (once)."""
    api = _original(api)
    if api in _WRAPPERS:
        return _WRAPPERS[api]
    try:
        signature = inspect.signature(api)
    except (TypeError, ValueError):
        signature = None

    @functools.wraps(api)
    def dispatcher(*args, **kwargs):
        result = _dispatch(api, dispatcher, signature, args, kwargs)
        return api(*args, **kwargs) if result is _NOT_HANDLED else result

    dispatcher._keraslike_dispatch_original = api
    _WRAPPERS[api] = dispatcher
    for module in _public_modules():
        for name, value in list(vars(module).items()):
            if value is api:
                setattr(module, name, dispatcher)
    return dispatcher


_NOT_HANDLED = object()


def dispatched(api):
    """`api` as users call it now: its dispatcher once a handler is registered for it, else `api` itself (for
    library code that calls a TF API on a value that may be an extension type, as TF's layers do)."""
    api = _original(api)
    for original, wrapper in _WRAPPERS.items():  # the public name may wrap `api` (keras.ops' symbolic wrappers)
        if original is api or getattr(original, "__wrapped__", None) is api:
            return wrapper
    return api


def _matches(value, annotation):
    origin = typing.get_origin(annotation)
    if annotation is typing.Any or annotation is inspect.Parameter.empty:
        return True
    if origin is typing.Union:
        return any(_matches(value, a) for a in typing.get_args(annotation))
    if origin in (list, tuple, collections.abc.Sequence, typing.List, typing.Sequence):
        args = typing.get_args(annotation)
        item = args[0] if args else typing.Any
        return isinstance(value, (list, tuple)) and all(_matches(v, item) for v in value)
    if annotation is None or annotation is type(None):
        return value is None
    return isinstance(annotation, type) and isinstance(value, annotation)


def _has_extension(value):
    if isinstance(value, ExtensionType):
        return True
    return isinstance(value, (list, tuple)) and any(_has_extension(v) for v in value)


def _dispatch(api, dispatcher, signature, args, kwargs):
    if signature is not None and _API_HANDLERS.get(api):
        try:
            bound = signature.bind(*args, **kwargs).arguments
        except TypeError:
            bound = None
        if bound is not None:
            for handler, checks in _API_HANDLERS[api]:
                values = [(bound[p], a) for p, a in checks.items() if p in bound]
                if values and all(_matches(v, a) for v, a in values) and any(_has_extension(v) for v, _ in values):
                    return handler(*args, **kwargs)
    if args and _UNARY and api in _UNARY_SET:
        for annotation, handler in _UNARY:
            if _has_extension(args[0]) and _matches(args[0], annotation):
                return handler(lambda x: dispatcher(x, *args[1:], **kwargs), args[0])
    if len(args) >= 2 and _BINARY and api in _BINARY_SET:
        x, y = args[0], args[1]
        for x_annotation, y_annotation, handler in _BINARY:
            if (_has_extension(x) or _has_extension(y)) and _matches(x, x_annotation) and _matches(y, y_annotation):
                return handler(lambda a, b: dispatcher(a, b, *args[2:], **kwargs), x, y)
    return _NOT_HANDLED


_UNARY_SET = set()
_BINARY_SET = set()


def _resolve(names):
    apis = []
    for dotted in names:
        module = sys.modules.get("keraslike")
        parts = dotted.split(".")
        for part in parts[:-1]:
            module = getattr(module, part, None) if module is not None else None
        api = getattr(module, parts[-1], None) if module is not None else None
        if callable(api):
            apis.append(_original(api))
    return apis


def _annotations(handler, signatures):
    if signatures:
        checks = {}
        for signature in signatures:
            checks.update(signature)
        return checks
    hints = typing.get_type_hints(handler)
    return {name: hint for name, hint in hints.items() if name != "return"}


def dispatch_for_api(api, *signatures):
    """Decorator: call the decorated function instead of `api` when the arguments match its type annotations.

    Args:
        api: a TF API (`tf.stack`, `tf.matmul`, ...).
        *signatures: optional `{parameter: type}` dicts used instead of the handler's annotations.

    Raises:
        ValueError: a handler parameter that `api` does not have, or no annotated parameter.
    """
    original = _original(api)

    def decorator(handler):
        checks = _annotations(handler, signatures)
        if not checks:
            raise ValueError(f"dispatch_for_api needs type annotations (or signatures) naming the parameters to "
                             f"dispatch on. Received: handler {handler.__name__} with none")
        try:
            params = set(inspect.signature(original).parameters)
        except (TypeError, ValueError):
            params = set(checks)
        unknown = set(checks) - params
        if unknown and not any(p.kind == p.VAR_KEYWORD for p in inspect.signature(original).parameters.values()):
            raise ValueError(f"Dispatch signature names parameters {sorted(unknown)} that {original.__name__} does "
                             f"not have. Received: handler {handler.__name__}")
        _API_HANDLERS[original].append((handler, checks))
        _install(original)
        return handler

    return decorator


def dispatch_for_unary_elementwise_apis(x_type):
    """Decorator: `handler(api_func, x)` runs every unary elementwise API (TF's list) called on an `x_type`."""

    def decorator(handler):
        _UNARY.append((x_type, handler))
        for api in _resolve(UNARY_ELEMENTWISE_APIS):
            _UNARY_SET.add(api)
            _install(api)
        return handler

    return decorator


def dispatch_for_binary_elementwise_apis(x_type, y_type):
    """Decorator: `handler(api_func, x, y)` runs every binary elementwise API (TF's list) on `x_type`, `y_type`."""

    def decorator(handler):
        _BINARY.append((x_type, y_type, handler))
        for api in _resolve(BINARY_ELEMENTWISE_APIS):
            _BINARY_SET.add(api)
            _install(api)
        return handler

    return decorator


def unregister_dispatch_for(dispatch_target):
    """Remove a handler registered by any of the `dispatch_for_*` decorators.

    Raises:
        ValueError: when `dispatch_target` was not registered.
    """
    found = False
    for api, handlers in _API_HANDLERS.items():
        kept = [(h, c) for h, c in handlers if h is not dispatch_target]
        found |= len(kept) != len(handlers)
        _API_HANDLERS[api] = kept
    for registry in (_UNARY, _BINARY):
        kept = [entry for entry in registry if entry[-1] is not dispatch_target]
        found |= len(kept) != len(registry)
        registry[:] = kept
    if not found:
        raise ValueError(f"Function {dispatch_target!r} was not registered using a `dispatch_for_*` decorator.")
