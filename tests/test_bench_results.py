"""bench/results.py: ``met`` is computed from value and target; the README's table follows results.json."""

from __future__ import annotations

import json
from pathlib import Path

from bench.results import BEGIN, END, HEADLINE, Figure, readme_table, update_readme, write


class TestFigure:
    def test_met_is_computed_from_the_target(self) -> None:
        assert Figure(0.9, "fraction", ">= 0.85", "make bench").met
        assert not Figure(0.8, "fraction", ">= 0.85", "make bench").met
        assert Figure(100.0, "ms", "<= 100", "make bench").met
        assert Figure(0.8, "x", "<= 1", "make bench").as_json()["met"] is True


class TestReadme:
    def test_the_table_between_the_markers_is_replaced_and_the_rest_kept(self, tmp_path: Path) -> None:
        results = tmp_path / "results.json"
        write(
            {
                "fleet_vs_ideal": Figure(0.5, "fraction of ideal", ">= 0.85", "make bench", "T_fleet | 1"),
                "submit_vs_lpush": Figure(0.2, "fraction of LPUSH rate", ">= 0.15", "make bench"),
                "not_a_headline": Figure(1.0, "x", ">= 0", "make bench"),
            },
            results,
        )
        readme = tmp_path / "README.md"
        readme.write_text(f"# x\n\nbefore\n{BEGIN}\nold table\n{END}\nafter\n", encoding="utf-8")
        assert update_readme(readme, results)
        text = readme.read_text(encoding="utf-8")
        assert text.startswith("# x\n\nbefore\n" + BEGIN) and text.endswith(END + "\nafter\n")
        assert "old table" not in text and "not_a_headline" not in text
        assert "| `fleet_vs_ideal` | 0.5 fraction of ideal | >= 0.85 | **no** | T_fleet / 1 |" in text
        assert "| `submit_vs_lpush` | 0.2 fraction of LPUSH rate | >= 0.15 | yes |" in text
        assert text.index("fleet_vs_ideal") < text.index("submit_vs_lpush"), "the issue's order"
        machine = json.loads(results.read_text())["_machine"]
        assert f"{machine['cpus']} cores" in text and machine["date"] in text

    def test_no_markers_no_change(self, tmp_path: Path) -> None:
        results = tmp_path / "results.json"
        write({"fleet_vs_ideal": Figure(0.5, "f", ">= 0.85", "make bench")}, results)
        readme = tmp_path / "README.md"
        readme.write_text("# x\n", encoding="utf-8")
        assert not update_readme(readme, results) and readme.read_text(encoding="utf-8") == "# x\n"

    def test_the_project_readme_has_the_markers_and_every_headline_figure_is_an_issue_key(self) -> None:
        text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
        assert text.index(BEGIN) < text.index(END)
        assert HEADLINE[:9] == (
            "fleet_vs_ideal",
            "inline_p99_backlog_ratio",
            "inline_idle_p99_ms",
            "submit_vs_lpush",
            "worker_rss_mb",
            "cost_fraction_max",
            "batch_calls_per_verdict",
            "batch_token_ratio",
            "deterministic_per_s",
        )
        assert readme_table({}).count("\n") == 3, "no figures: the header only"
