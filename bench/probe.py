"""Ground the probe sets of ``bench/probes/`` and print, per file, how many claims come out as
labelled, and each miss.

    python -m bench.probe                       # every probe set
    python -m bench.probe bench/probes/time.jsonl

The probes are one-claim records in the labelled set's format (``tests/data/grounding_pairs.jsonl``)
but not balanced across classes, and not read by any test: each was written before the matcher
was run on it, to find what it misreads (``bench/probes/README.md``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from bench.grounding import load_pairs, predict

PROBES = Path(__file__).resolve().parent / "probes"


def main(paths: list[str]) -> int:
    files = [Path(p) for p in paths] or sorted(PROBES.glob("*.jsonl"))
    for path in files:
        records = load_pairs(path)
        misses = [(r, got) for r in records if (got := predict(r)) != r["label"]]
        print(f"{path.name}: {len(records) - len(misses)} of {len(records)} as labelled")
        for r, got in misses:
            print(f"  {r['id']}: {r['label']} read as {got}: {r['claim']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
