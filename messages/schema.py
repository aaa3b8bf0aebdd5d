"""JSON Schemas of the wire models, generated, checked in under ``messages/schema/``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from messages.job import VerifyJob
from messages.verdict import VerdictEvent

SCHEMA_DIR = Path(__file__).parent / "schema"


def schemas() -> dict[str, dict[str, Any]]:
    """File name -> schema document, as ``verifleet schema`` writes them."""
    job = VerifyJob.model_json_schema(mode="validation")
    verdict = VerdictEvent.model_json_schema(mode="serialization")
    job["$schema"] = verdict["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return {"verify_job.json": job, "verdict_event.json": verdict}


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_schemas(directory: Path = SCHEMA_DIR) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in schemas().items():
        path = directory / name
        path.write_text(render(schema), encoding="utf-8")
        written.append(path)
    return written
