"""`tf.compat.v1.train.SessionRunHook` and its values, as the fault-tolerance migration guide subclasses it
(TF 2.21's interface, checked by hand: base methods do nothing, `before_run` returns None, `SessionRunArgs`
defaults `feed_dict`/`options` to None, `request_stop` sets `stop_requested`)."""

import pytest

import keraslike.compat.v1 as tf1


class InterruptHook(tf1.train.SessionRunHook):
    def begin(self):
        self._step = -1

    def before_run(self, run_context):
        self._step += 1

    def after_run(self, run_context, run_values):
        if self._step == 5:
            raise RuntimeError("Interruption")


def test_guide_hook_subclass_drives_like_tf():
    hook = InterruptHook()
    hook.begin()
    context = tf1.train.SessionRunContext(original_args=tf1.train.SessionRunArgs("loss"), session=None)
    with pytest.raises(RuntimeError, match="Interruption"):
        for _ in range(10):
            hook.before_run(context)
            hook.after_run(context, tf1.train.SessionRunValues(results=None, options=None, run_metadata=None))
    assert hook._step == 5


def test_base_hook_and_run_values():
    hook = tf1.train.SessionRunHook()
    assert hook.before_run(None) is None
    assert hook.begin() is None and hook.end(None) is None and hook.after_create_session(None, None) is None
    args = tf1.train.SessionRunArgs(fetches={"x": 1})
    assert (args.fetches, args.feed_dict, args.options) == ({"x": 1}, None, None)
    context = tf1.train.SessionRunContext(original_args=args, session="s")
    assert context.original_args is args and context.session == "s" and not context.stop_requested
    context.request_stop()
    assert context.stop_requested
