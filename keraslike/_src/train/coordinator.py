"""`tf.train.Coordinator`: stop a group of Python threads together and re-raise the first error.

Mirrors `tensorflow/python/training/coordinator.py`: threads poll `should_stop()`; any of them may
`request_stop(ex)`; the first non-clean exception is kept and re-raised by `join()` (or
`raise_requested_exception()`); `join` waits for the threads and, once a stop is requested, gives them
`stop_grace_period_secs` before raising RuntimeError for the ones still alive (unless `ignore_live_threads`).
"""

import contextlib
import sys
import threading
import time

from keraslike._src import errors


class Coordinator:
    """`tf.train.Coordinator(clean_stop_exception_types=None)`: exceptions of these types (default
    `(tf.errors.OutOfRangeError,)`) stop the threads without being reported."""

    def __init__(self, clean_stop_exception_types=None):
        if clean_stop_exception_types is None:
            clean_stop_exception_types = (errors.OutOfRangeError,)
        self._clean_stop_exception_types = tuple(clean_stop_exception_types)
        self._lock = threading.Lock()
        self._stop_event = threading.Event()
        self._exc_info_to_raise = None
        self._joined = False
        self._registered_threads = set()

    def _filter_exception(self, ex):
        exc_info = ex if isinstance(ex, tuple) else (type(ex), ex, ex.__traceback__)
        if issubclass(exc_info[0], self._clean_stop_exception_types):
            return None
        return exc_info

    def request_stop(self, ex=None):
        """Ask the threads to stop; `ex` (an exception or a `sys.exc_info()` tuple) is kept for `join` unless it
        is a clean-stop type or an exception was already kept.

        Raises:
            RuntimeError: if `join` already ran and this brings a new exception.
        """
        with self._lock:
            ex = self._filter_exception(ex) if ex is not None else None
            if self._joined:
                if ex is not None and ex != self._exc_info_to_raise:
                    raise RuntimeError(f"Coordinator.request_stop() after join() with a new exception: {ex[1]!r}")
                return
            if ex is not None and self._exc_info_to_raise is None:
                self._exc_info_to_raise = ex
            self._stop_event.set()

    def clear_stop(self):
        """Forget a stop request and its exception (to reuse the coordinator)."""
        with self._lock:
            self._joined = False
            self._exc_info_to_raise = None
            self._stop_event.clear()

    def should_stop(self):
        """True once a stop was requested."""
        return self._stop_event.is_set()

    @contextlib.contextmanager
    def stop_on_exception(self):
        """Context manager: an exception inside it requests a stop (and is kept), instead of propagating."""
        try:
            yield
        except BaseException:  # noqa: BLE001 - TF's contract: every exception stops the threads
            self.request_stop(ex=sys.exc_info())

    def wait_for_stop(self, timeout=None):
        """Block until a stop is requested or `timeout` seconds pass; True if a stop was requested."""
        return self._stop_event.wait(timeout)

    def register_thread(self, thread):
        """Have `join()` wait for `thread` too."""
        with self._lock:
            self._registered_threads.add(thread)

    def join(self, threads=None, stop_grace_period_secs=120, ignore_live_threads=False):
        """Wait for `threads` (plus registered ones) to finish, then re-raise a kept exception.

        Raises:
            RuntimeError: threads still alive `stop_grace_period_secs` after a stop request (unless
                `ignore_live_threads`).
        """
        with self._lock:
            threads = set(self._registered_threads) | set(threads or ())
        threads = list(threads)
        while any(t.is_alive() for t in threads) and not self.wait_for_stop(1.0):
            pass
        deadline = time.time() + stop_grace_period_secs
        while any(t.is_alive() for t in threads) and time.time() < deadline:
            time.sleep(0.05)
        stragglers = [t.name for t in threads if t.is_alive()]
        with self._lock:
            self._joined = True
            self._registered_threads = set()
            exc_info = self._exc_info_to_raise
        if exc_info is not None:
            raise exc_info[1].with_traceback(exc_info[2])
        if stragglers and not ignore_live_threads:
            raise RuntimeError(f"Coordinator stopped with threads still running: {' '.join(stragglers)}")

    @property
    def joined(self):
        """Whether `join` has run."""
        return self._joined

    def raise_requested_exception(self):
        """Re-raise the kept exception, if any."""
        with self._lock:
            exc_info = self._exc_info_to_raise
        if exc_info is not None:
            raise exc_info[1].with_traceback(exc_info[2])
