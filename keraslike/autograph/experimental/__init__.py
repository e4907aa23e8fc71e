from keraslike._src.autodiff.function import do_not_convert  # noqa: F401
