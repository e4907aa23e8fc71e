"""`tf.compat.v1.train.SessionRunHook` and the values passed to it (`SessionRunArgs`, `SessionRunContext`,
`SessionRunValues`): the interface a TF1 training loop calls around each `Session.run`.

A hook subclasses `SessionRunHook` and overrides what it needs; every method of the base does nothing:
`begin()` (before the graph is finalized), `after_create_session(session, coord)`, `before_run(run_context)`
(may return `SessionRunArgs(fetches, feed_dict)` to add to the run), `after_run(run_context, run_values)`
(`run_values.results` holds those fetches' values), `end(session)`. `run_context.request_stop()` asks the
loop to stop after this step.
"""

import collections


class SessionRunHook:
    """Base class of TF1 session hooks (see the module docstring); its methods do nothing."""

    def begin(self):
        """Called once before using the session (the graph can still be changed)."""

    def after_create_session(self, session, coord):
        """Called when the session has been created (and its variables initialised)."""

    def before_run(self, run_context):
        """Called before each run; returns None or `SessionRunArgs` to add fetches and feeds."""
        return None

    def after_run(self, run_context, run_values):
        """Called after each run with the values of the fetches `before_run` asked for."""

    def end(self, session):
        """Called once at the end of the session's use (not after an exception)."""


class SessionRunArgs(collections.namedtuple("SessionRunArgs", ["fetches", "feed_dict", "options"])):
    """What `before_run` adds to a `Session.run`: `fetches` (any structure), `feed_dict`, `options`."""

    def __new__(cls, fetches, feed_dict=None, options=None):
        return super().__new__(cls, fetches, feed_dict, options)


class SessionRunValues(collections.namedtuple("SessionRunValues", ["results", "options", "run_metadata"])):
    """What `after_run` receives: `results` (the values of the `SessionRunArgs` fetches)."""


class SessionRunContext:
    """The run a hook is called around: `original_args`, `session`, `request_stop()`, `stop_requested`."""

    def __init__(self, original_args, session):
        self._original_args = original_args
        self._session = session
        self._stop_requested = False

    @property
    def original_args(self):
        """The `SessionRunArgs` of the `run` call the hooks are called around."""
        return self._original_args

    @property
    def session(self):
        return self._session

    @property
    def stop_requested(self):
        return self._stop_requested

    def request_stop(self):
        """Ask the training loop to stop after this run."""
        self._stop_requested = True
