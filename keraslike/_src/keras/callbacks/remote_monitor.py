"""`keras.callbacks.RemoteMonitor`: POST each epoch's logs to an HTTP server (keras/src/callbacks/remote_monitor.py).

At every epoch end the chief sends `{"epoch": epoch, **logs}` (numbers as Python floats) to
`root + path`: as a JSON body with `send_as_json=True`, else as the form field `field` holding the JSON
text (Keras's default). It uses the standard library's `urllib` (Keras uses `requests`); an unreachable
server gives one warning per epoch, as Keras, and training goes on. Under several replicas only the
chief posts, so the server sees one message per epoch.
"""

import json
import urllib.error
import urllib.parse
import urllib.request
import warnings

import numpy as np

from keraslike._src.keras.callbacks.callback import Callback
from keraslike._src.keras.saving import file_io


def _plain(value):
    if isinstance(value, (np.ndarray, np.generic)):
        return value.item()
    if hasattr(value, "item") and callable(value.item) and getattr(value, "ndim", 1) == 0:
        return value.item()
    return value


class RemoteMonitor(Callback):
    """Args:
        root: server URL, default "http://localhost:9000".
        path: path under `root`, default "/publish/epoch/end/".
        field: form field of the JSON text, default "data" (ignored with `send_as_json`).
        headers: optional dict of HTTP headers.
        send_as_json: bool, default False: the body is the JSON object itself ("application/json").
    """

    def __init__(self, root="http://localhost:9000", path="/publish/epoch/end/", field="data", headers=None,
                 send_as_json=False):
        super().__init__()
        self.root, self.path, self.field, self.headers, self.send_as_json = root, path, field, headers, send_as_json

    def on_epoch_end(self, epoch, logs=None):
        if not file_io.is_chief(self.model):
            return
        send = {"epoch": epoch, **{k: _plain(v) for k, v in (logs or {}).items()}}
        headers = dict(self.headers or {})
        if self.send_as_json:
            body = json.dumps(send).encode()
            headers.setdefault("Content-Type", "application/json")
        else:
            body = urllib.parse.urlencode({self.field: json.dumps(send)}).encode()
            headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
        request = urllib.request.Request(self.root + self.path, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                response.read(1 << 16)
        except (urllib.error.URLError, OSError, ValueError):
            warnings.warn(f"Could not reach RemoteMonitor root server at {self.root}", stacklevel=2)
