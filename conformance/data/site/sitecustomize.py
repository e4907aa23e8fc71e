"""The conformance data layer, inside each program's interpreter (real TF's and keraslike's alike).

The runner puts this folder on PYTHONPATH, so Python imports this module at start-up. When
``CONFORMANCE_DATA`` names a folder written by ``conformance/data/build.py``, it:

- serves the indexed URLs: ``urllib.request``'s http/https/ftp handlers (``urlopen``, ``urlretrieve``,
  any ``build_opener`` opener, so Keras's ``get_file`` and pandas' ``read_csv(url)``) and, when the
  interpreter has it, ``requests``, answer with the stand-in file; any other URL raises ``URLError``
  (nothing downloads at run time);
- applies the hash rule: ``hashlib.sha256``/``md5`` objects report a stand-in's digest as the digest a
  loader pins for that URL (``hashes.json``), so ``file_hash=`` checks pass for the stand-in's exact
  bytes and fail for anything else, the same for both backends;
- puts ``site/stubs`` on the path (stand-in packages such as ``tensorflow_datasets``).

Stdlib only; nothing of keraslike, TensorFlow or Keras is touched.
"""

import email.message
import hashlib
import io
import json
import os
import sys
import urllib.error
import urllib.request
import urllib.response

_DATA = os.environ.get("CONFORMANCE_DATA")


def _load(name):
    try:
        with open(os.path.join(_DATA, name), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def _normalize(url):
    url = url.split("#", 1)[0]
    if url.startswith("http://"):
        url = "https://" + url[len("http://"):]
    return url


def _lookup(url):
    """The stand-in file's path for ``url`` (also matched without a query string and http as https)."""
    for candidate in (url, _normalize(url), _normalize(url).split("?", 1)[0]):
        name = _INDEX.get(candidate)
        if name:
            return os.path.join(_DATA, "files", name)
    return None


def _offline_error(url):
    return urllib.error.URLError(
        f"conformance runs offline and has no stand-in for this URL (add one under conformance/data/standins). "
        f"Received: url={url}")


def _serve(self, req):
    url = req.full_url
    path = _lookup(url)
    if path is None:
        raise _offline_error(url)
    headers = email.message.Message()
    headers["Content-Length"] = str(os.path.getsize(path))
    headers["Content-Type"] = "application/octet-stream"
    response = urllib.response.addinfourl(open(path, "rb"), headers, url, 200)  # noqa: SIM115 - closed by caller
    response.msg = "OK"
    response.reason = "OK"
    return response


class _MappedHash:
    """A hashlib object whose hex/bytes digest of a stand-in reads as the digest pinned for its URL."""

    def __init__(self, inner, mapping):
        self._inner = inner
        self._mapping = mapping

    def update(self, data):
        self._inner.update(data)

    def hexdigest(self):
        real = self._inner.hexdigest()
        return self._mapping.get(real, real)

    def digest(self):
        return bytes.fromhex(self.hexdigest())

    def copy(self):
        return _MappedHash(self._inner.copy(), self._mapping)

    def __getattr__(self, name):
        return getattr(self._inner, name)


def _mapped_constructor(original, mapping):
    def constructor(*args, **kwargs):
        return _MappedHash(original(*args, **kwargs), mapping)

    constructor.__name__ = original.__name__
    constructor.__doc__ = original.__doc__
    return constructor


def _patch_hashlib(hashes):
    for algorithm in ("sha256", "md5"):
        mapping = hashes.get(algorithm) or {}
        if mapping:
            setattr(hashlib, algorithm, _mapped_constructor(getattr(hashlib, algorithm), mapping))
    original_new = hashlib.new

    def new(name, *args, **kwargs):
        obj = original_new(name, *args, **kwargs)
        mapping = hashes.get(str(name).lower()) or {}
        return _MappedHash(obj, mapping) if mapping else obj

    hashlib.new = new


def _patch_requests():
    try:
        import requests  # noqa: F401 - only when the interpreter has it
        import requests.adapters
        import requests.models
        import requests.structures
    except ImportError:
        return

    def send(self, request, **kwargs):
        path = _lookup(request.url)
        if path is None:
            raise requests.exceptions.ConnectionError(str(_offline_error(request.url).reason), request=request)
        response = requests.models.Response()
        response.status_code = 200
        response.reason = "OK"
        response.url = request.url
        response.request = request
        response.headers = requests.structures.CaseInsensitiveDict(
            {"Content-Length": str(os.path.getsize(path)), "Content-Type": "application/octet-stream"})
        with open(path, "rb") as f:
            response.raw = io.BytesIO(f.read())
        response.encoding = None
        return response

    requests.adapters.HTTPAdapter.send = send


def _install():
    global _INDEX
    _INDEX = _load("index.json")
    _INDEX.update({_normalize(url): name for url, name in list(_INDEX.items())})
    for handler, method in ((urllib.request.HTTPHandler, "http_open"), (urllib.request.FTPHandler, "ftp_open"),
                            (getattr(urllib.request, "HTTPSHandler", None), "https_open")):
        if handler is not None:
            setattr(handler, method, _serve)
    _patch_hashlib(_load("hashes.json"))
    _patch_requests()
    stubs = os.path.join(os.path.dirname(os.path.abspath(__file__)), "stubs")
    if os.path.isdir(stubs) and stubs not in sys.path:
        sys.path.append(stubs)


_INDEX = {}
if _DATA:
    _install()
