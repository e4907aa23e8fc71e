"""Offline stand-ins, one module per dataset: ``STANDINS = {url: builder(path)}`` (see ../build.py)."""
