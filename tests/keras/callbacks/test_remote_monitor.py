"""keras.callbacks.RemoteMonitor posts each epoch's logs like Keras (form field or JSON) to a local server."""

import http.server
import json
import threading
import urllib.parse

import numpy as np
import pytest

import keraslike as tf


@pytest.fixture
def server():
    received = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 - the http.server hook name
            body = self.rfile.read(int(self.headers["Content-Length"])).decode()
            received.append((self.path, self.headers["Content-Type"], body))
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    httpd = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", received
    httpd.shutdown()


def _fit(callback, epochs=2):
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse", metrics=["mae"])
    return model.fit(np.ones((8, 3)), np.ones(8), epochs=epochs, verbose=0, callbacks=[callback])


def test_form_and_json_posts_carry_the_epoch_logs(server):
    root, received = server
    history = _fit(tf.keras.callbacks.RemoteMonitor(root=root, path="/ep/", field="payload"))
    assert [r[0] for r in received] == ["/ep/", "/ep/"]
    first = json.loads(urllib.parse.parse_qs(received[0][2])["payload"][0])
    assert first["epoch"] == 0 and first["loss"] == pytest.approx(history.history["loss"][0], rel=1e-6)
    received.clear()
    _fit(tf.keras.callbacks.RemoteMonitor(root=root, send_as_json=True, headers={"X-Run": "a"}), epochs=1)
    assert received[0][1] == "application/json" and set(json.loads(received[0][2])) == {"epoch", "loss", "mae"}


def test_an_unreachable_server_warns_and_training_goes_on():
    with pytest.warns(UserWarning, match="Could not reach RemoteMonitor root server"):
        history = _fit(tf.keras.callbacks.RemoteMonitor(root="http://127.0.0.1:9"), epochs=1)
    assert len(history.history["loss"]) == 1
