"""Benchmarks run by ``make bench``. Every figure is measured beside its baseline in the same run."""
