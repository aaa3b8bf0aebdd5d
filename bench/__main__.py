"""``make bench``: run the benchmarks on one core, write bench/results.json, print a table."""

from __future__ import annotations

import argparse
import os

from bench import (
    ceiling,
    cost,
    deterministic,
    fleet,
    grounding,
    judge_batch,
    maintenance,
    memory,
    stop,
    submit,
    waiter,
)
from bench.results import Figure, table, update_readme, write


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one timing round")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # "on one core"
    figures: dict[str, Figure] = {}
    figures.update(deterministic.run(args.seconds))
    figures.update(grounding.run(args.seconds))
    figures.update(judge_batch.run(args.seconds))
    figures.update(fleet.run(args.seconds))
    figures.update(ceiling.run(args.seconds))
    figures.update(submit.run(args.seconds))
    figures.update(waiter.run(args.seconds))
    figures.update(memory.run(args.seconds))
    figures.update(stop.run(args.seconds))
    figures.update(maintenance.run(args.seconds))
    figures.update(cost.run(args.seconds))
    write(figures)
    print(table(figures))
    if update_readme():
        print("README.md: the Performance table now shows this run")


if __name__ == "__main__":
    main()
