"""The epoch iterator: steps grouped by `steps_per_execution`, as Keras 3 counts them for the callbacks."""

from keraslike._src.keras.trainers.epoch_iterator import EpochIterator


def _groups(n, k, start=0):
    return [(first, last, [s for s, _ in steps]) for first, last, steps in EpochIterator(k).groups(range(n), start)]


def test_groups_of_k_with_a_short_last_group_reporting_its_planned_last_step():
    assert _groups(7, 3) == [(0, 2, [0, 1, 2]), (3, 5, [3, 4, 5]), (6, 8, [6])]


def test_one_step_per_group_by_default():
    assert _groups(3, 1) == [(0, 0, [0]), (1, 1, [1]), (2, 2, [2])]


def test_no_group_for_an_empty_epoch_or_an_exact_multiple():
    assert _groups(0, 4) == []
    assert _groups(4, 2) == [(0, 1, [0, 1]), (2, 3, [2, 3])]


def test_a_resumed_epoch_aligns_its_first_group_on_a_multiple_of_k():
    # a backup taken after step 4 resumes at step 5: the open group is 3..5, of which step 5 remains
    assert _groups(3, 3, start=5) == [(3, 5, [5]), (6, 8, [6, 7])]


def test_batches_are_read_one_at_a_time_never_a_group_ahead():
    read = []

    def batches():
        for i in range(5):
            read.append(i)
            yield i

    for _, _, steps in EpochIterator(2).groups(batches()):
        for step, _ in steps:
            assert read[-1] == step  # the batch of this step is the last one read
