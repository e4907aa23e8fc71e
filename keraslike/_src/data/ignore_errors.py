"""`Dataset.ignore_errors(log_warning=False)`: drop the elements whose production raised.

Mirrors `tensorflow/python/data/experimental/ops/error_ops.py` (`IgnoreErrorsDataset`). While this dataset pulls
an element, `error_skipping` is active on the thread: a `map` upstream whose function raises for an element
(a `check_numerics`, a parse, a `py_function`) drops that element and goes on with the next. An error raised by
another source (a Python generator that raised has finished) ends the input, as its iterator cannot continue.
With `log_warning=True` each dropped element logs `Ignoring error: <message>` as a warning.
"""

from keraslike._src.data import cardinality as card
from keraslike._src.data import error_skipping
from keraslike._src.data.dataset import Dataset
from keraslike._src.ops.framework_ops import get_logger


class IgnoreErrorsDataset(Dataset):
    def __init__(self, input_dataset, log_warning=False):
        super().__init__(input_dataset.element_spec, [input_dataset])
        self._input = input_dataset
        self._log_warning = bool(log_warning)

    def _cardinality(self):
        return card.UNKNOWN if self._input._cardinality() != card.INFINITE else card.INFINITE

    def _log(self, error):
        if self._log_warning:
            get_logger().warning("Ignoring error: %s", error)

    def _generic_elements(self):
        elements = None
        while True:
            error_skipping.enter()
            outer_report = getattr(error_skipping._STATE, "report", None)
            error_skipping._STATE.report = self._log
            try:
                if elements is None:
                    elements = self._input._elements()
                element = next(elements)
            except StopIteration:
                return
            except Exception as error:  # noqa: BLE001 - ignore_errors: the input cannot continue after raising
                self._log(error)
                return
            finally:
                error_skipping._STATE.report = outer_report
                error_skipping.leave()
            yield element
