"""The steps of one epoch, grouped by `steps_per_execution` (keras/src/trainers/epoch_iterator.py).

`fit`, `evaluate` and `predict` walk an epoch the same way: steps are numbered from 0 (or from the step a
`BackupAndRestore` backup resumes at), cut into groups of `k = steps_per_execution` aligned on multiples of
k, and the batch callbacks run once per group: `on_*_batch_begin(first)` before its first step and
`on_*_batch_end(last)` after its last. A group cut short by the end of the data still reports its planned
`last` (Keras 3 does the same: the callbacks see the step counter of a full group). No group is produced for
an epoch whose data has run out.
"""

import itertools


class EpochIterator:
    """Groups one epoch's batches into `(first_step, last_step, steps)` (Keras 3's epoch iterator).

    Args:
        steps_per_execution: int >= 1, the group size (`compile(steps_per_execution=...)`).
    """

    def __init__(self, steps_per_execution=1):
        self.steps_per_execution = steps_per_execution

    def groups(self, batches, start=0):
        """Yield `(first_step, last_step, steps)` for the batches of one epoch.

        `steps` is a lazy iterator of `(step, batch)`, consumed before the next group is asked for (batches
        are read one at a time, never a group ahead). `start` is the number of the first batch (a resumed
        epoch's); its group begins at the multiple of k at or below it.
        """
        k = self.steps_per_execution
        batches = iter(batches)
        step = start
        while True:
            head = next(batches, _END)
            if head is _END:
                return
            first = step - step % k
            last = first + k - 1
            rest = itertools.islice(batches, last - step)
            yield first, last, enumerate(itertools.chain((head,), rest), start=step)
            step = last + 1


_END = object()
