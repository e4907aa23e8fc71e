"""`tf.errors`: TF's exception classes, as Python exception subclasses.

Mirrors `tensorflow/python/framework/errors_impl.py`. Each class also derives
from the builtin exception a Python user would catch for that situation
(`InvalidArgumentError` is a `ValueError`, `OutOfRangeError` an `IndexError`
and a `StopIteration`-free `Exception`, `ResourceExhaustedError` a
`MemoryError`, ...), so both `except tf.errors.InvalidArgumentError` and
`except ValueError` catch it.

TF's constructors take `(node_def, op, message)`; here `message` may be given
alone: `InvalidArgumentError("bad")` and `InvalidArgumentError(None, None, "bad")`
are the same.
"""

OK = 0
CANCELLED = 1
UNKNOWN = 2
INVALID_ARGUMENT = 3
DEADLINE_EXCEEDED = 4
NOT_FOUND = 5
ALREADY_EXISTS = 6
PERMISSION_DENIED = 7
RESOURCE_EXHAUSTED = 8
FAILED_PRECONDITION = 9
ABORTED = 10
OUT_OF_RANGE = 11
UNIMPLEMENTED = 12
INTERNAL = 13
UNAVAILABLE = 14
DATA_LOSS = 15
UNAUTHENTICATED = 16


class OpError(Exception):
    """Base class of TF runtime errors (`tf.errors.OpError`).

    Args:
        node_def: ignored (no graph nodes exist eagerly), or the message when it
            is the only argument.
        op: name of the operation that failed, or None.
        message: str.
        error_code: one of the `tf.errors` integer codes (default: the class's).
    """

    error_code = UNKNOWN

    def __init__(self, node_def=None, op=None, message=None, error_code=None, *args):
        if message is None and op is None and isinstance(node_def, str):
            node_def, message = None, node_def
        message = "" if message is None else str(message)
        super().__init__(message)
        self._message = message
        self._op = op
        self._node_def = node_def
        if error_code is not None:
            self.error_code = error_code

    @property
    def message(self):
        """The error message (TF's `OpError.message`)."""
        return self._message

    @property
    def op(self):
        """Name of the failing operation, or None."""
        return self._op

    @property
    def node_def(self):
        return self._node_def

    def __str__(self):
        return self._message


def _make(name, code, *bases, doc):
    cls = type(name, (OpError, *bases), {"error_code": code, "__doc__": doc, "__module__": __name__})
    return cls


CancelledError = _make("CancelledError", CANCELLED, doc="An operation was cancelled.")
UnknownError = _make("UnknownError", UNKNOWN, RuntimeError, doc="Unknown error (TF's catch-all).")
InvalidArgumentError = _make(
    "InvalidArgumentError", INVALID_ARGUMENT, ValueError,
    doc="An op received an invalid argument, e.g. an unsatisfiable explicit device (a `ValueError`).",
)
DeadlineExceededError = _make("DeadlineExceededError", DEADLINE_EXCEEDED, TimeoutError, doc="A deadline expired.")
NotFoundError = _make("NotFoundError", NOT_FOUND, FileNotFoundError, doc="A file or entity was not found.")
AlreadyExistsError = _make("AlreadyExistsError", ALREADY_EXISTS, FileExistsError, doc="An entity already exists.")
PermissionDeniedError = _make(
    "PermissionDeniedError", PERMISSION_DENIED, PermissionError, doc="Permission denied."
)
UnauthenticatedError = _make("UnauthenticatedError", UNAUTHENTICATED, doc="Request not authenticated.")
ResourceExhaustedError = _make(
    "ResourceExhaustedError", RESOURCE_EXHAUSTED, MemoryError,
    doc="A resource ran out, e.g. device memory (OOM) (a `MemoryError`).",
)
FailedPreconditionError = _make(
    "FailedPreconditionError", FAILED_PRECONDITION, RuntimeError, doc="The system is not in a state for the op."
)
AbortedError = _make("AbortedError", ABORTED, RuntimeError, doc="The operation was aborted.")
OutOfRangeError = _make(
    "OutOfRangeError", OUT_OF_RANGE, IndexError,
    doc="Iterated past the end, e.g. an exhausted dataset iterator (an `IndexError`).",
)
UnimplementedError = _make(
    "UnimplementedError", UNIMPLEMENTED, NotImplementedError, doc="The operation is not implemented."
)
InternalError = _make("InternalError", INTERNAL, RuntimeError, doc="Internal invariant broken.")
UnavailableError = _make("UnavailableError", UNAVAILABLE, RuntimeError, doc="The runtime is unavailable.")
DataLossError = _make("DataLossError", DATA_LOSS, RuntimeError, doc="Unrecoverable data loss or corruption.")

_BY_CODE = {
    cls.error_code: cls
    for cls in (CancelledError, UnknownError, InvalidArgumentError, DeadlineExceededError, NotFoundError,
                AlreadyExistsError, PermissionDeniedError, UnauthenticatedError, ResourceExhaustedError,
                FailedPreconditionError, AbortedError, OutOfRangeError, UnimplementedError, InternalError,
                UnavailableError, DataLossError)
}


def exception_type_from_error_code(error_code):
    """The `OpError` subclass for a TF error code (`tf.errors.exception_type_from_error_code`).

    Raises:
        KeyError: for an unknown code.
    """
    return _BY_CODE[error_code]


def error_code_from_exception_type(cls):
    """The TF error code of an `OpError` subclass."""
    return cls.error_code
