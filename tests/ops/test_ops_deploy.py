"""deploy/ read statically: manifests parse, KEDA watches dramatiq's real keys, and the dashboard and
the rules name only metrics the code exports."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import dramatiq
import dramatiq.middleware.prometheus as dramatiq_prometheus
import pytest
import redis
import yaml
from ops_support import ROOT
from prometheus_client import CollectorRegistry

from workers.brokers import QUEUES, make_broker, queue_namespace
from workers.exposition import gauge_names
from workers.metrics import Instruments
from workers.settings import Settings

DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
CONTRACT_METRICS = {
    "verifleet_verdicts_total": {"verdict", "mode", "profile"},
    "verifleet_verification_cost_usd_total": {"mode", "model"},
    "verifleet_cost_fraction": set(),
    "verifleet_budget_skips_total": {"check"},
    "verifleet_judge_tokens_total": {"model", "direction"},
    "verifleet_judge_latency_seconds": {"model"},
    "verifleet_check_duration_seconds": {"check"},
    "verifleet_job_latency_seconds": {"mode"},
    "verifleet_cache_hits_total": set(),
    "verifleet_circuit_open": {"provider"},
}


def yaml_files() -> list[Path]:
    return sorted(p for p in DEPLOY.rglob("*") if p.suffix in (".yml", ".yaml"))


def documents(path: Path) -> list[dict[str, Any]]:
    return [d for d in yaml.safe_load_all(path.read_text()) if d is not None]


def k8s(kind: str) -> list[dict[str, Any]]:
    return [d for p in sorted(K8S.glob("*.yaml")) for d in documents(p) if d.get("kind") == kind]


def exported() -> set[str]:
    """Every series name the fleet exports: verifleet's registrations, the scrape-time gauges, and
    what dramatiq's Prometheus middleware registers (read from its source)."""
    registry = CollectorRegistry()
    Instruments.register(registry)
    names: set[str] = set(gauge_names())
    kinds: list[tuple[str, str]] = [(f.type, f.name) for f in registry.collect()]
    source = Path(dramatiq_prometheus.__file__).read_text()
    for kind, name in re.findall(r'prom\.(Counter|Gauge|Histogram)\(\s*"(\w+)"', source):
        kinds.append((kind.lower(), name.removesuffix("_total")))
    for kind, name in kinds:
        if kind == "counter":
            names.add(name + "_total")
        elif kind == "histogram":
            names |= {name + "_bucket", name + "_count", name + "_sum"}
        else:
            names.add(name)
    return names


def recorded() -> set[str]:
    rules = documents(DEPLOY / "prometheus" / "rules.yml")[0]
    return {r["record"] for g in rules["groups"] for r in g["rules"] if "record" in r}


def metric_names(expr: str) -> set[str]:
    """Series names in a PromQL expression: identifiers of ours or dramatiq's, outside label matchers."""
    without_labels = re.sub(r"\{[^}]*\}", "", expr)
    return set(re.findall(r"\b(?:verifleet[_:]|dramatiq_)[A-Za-z0-9_:]*", without_labels))


class TestExportedMetrics:
    def test_every_contract_metric_is_registered_with_its_labels(self) -> None:
        instruments = Instruments.register(CollectorRegistry())
        registered = {
            getattr(instruments, f.name)._name: set(getattr(instruments, f.name)._labelnames)
            for f in dataclasses.fields(instruments)
        }
        for name, labels in CONTRACT_METRICS.items():
            assert registered[name.removesuffix("_total")] == labels, name

    def test_units_are_in_the_names(self) -> None:
        for name in exported():
            if "cost" in name and "fraction" not in name and name.startswith("verifleet_verification"):
                assert "_usd" in name, name
            if "latency" in name or "duration" in name:
                assert "_seconds" in name or name.startswith("dramatiq_"), name


class TestManifests:
    @pytest.mark.parametrize("path", yaml_files(), ids=lambda p: str(p.relative_to(DEPLOY)))
    def test_yaml_parses(self, path: Path) -> None:
        assert documents(path), path

    def test_kustomization_lists_existing_files(self) -> None:
        kustomization = documents(K8S / "kustomization.yaml")[0]
        for resource in kustomization["resources"]:
            assert (K8S / resource).is_file(), resource

    def test_kustomize_builds_when_kubectl_is_here(self) -> None:
        kubectl = shutil.which("kubectl")
        if not kubectl:
            pytest.skip("kubectl not installed")
        done = subprocess.run(
            [kubectl, "kustomize", str(K8S)], capture_output=True, text=True, timeout=60, check=False
        )
        assert done.returncode == 0, done.stderr
        kinds = [d["kind"] for d in yaml.safe_load_all(done.stdout) if d]
        assert kinds.count("Deployment") == 2 and kinds.count("ScaledObject") == 2
        assert kinds.count("PodDisruptionBudget") == 2

    def test_inline_and_batch_deployments_are_separate_and_graceful(self) -> None:
        config = k8s("ConfigMap")[0]["data"]
        limit_s = int(config["VERIFLEET_JOB_TIME_LIMIT_MS"]) / 1000
        deployments = {d["metadata"]["name"]: d for d in k8s("Deployment")}
        assert set(deployments) == {"verifleet-inline", "verifleet-batch"}
        for name, deployment in deployments.items():
            pod = deployment["spec"]["template"]["spec"]
            grace = pod["terminationGracePeriodSeconds"]
            assert limit_s < grace <= limit_s + 60, name
            (container,) = pod["containers"]
            queue = container["args"][container["args"].index("--queues") + 1]
            assert queue == name.replace("verifleet-", "verify-")
            assert "--no-restart" in container["args"]
            requests = container["resources"]["requests"]
            assert requests["cpu"] and requests["memory"]
            assert pod["securityContext"]["runAsNonRoot"] is True
            assert container["ports"][0]["containerPort"] == int(config["VERIFLEET_METRICS_PORT"])
            assert deployment["spec"]["selector"]["matchLabels"].items() <= (
                deployment["spec"]["template"]["metadata"]["labels"].items()
            )

    def test_each_deployment_has_a_disruption_budget(self) -> None:
        deployments = {d["metadata"]["name"]: d for d in k8s("Deployment")}
        covered = set()
        for pdb in k8s("PodDisruptionBudget"):
            selector = pdb["spec"]["selector"]["matchLabels"].items()
            covered |= {
                n
                for n, d in deployments.items()
                if selector <= d["spec"]["template"]["metadata"]["labels"].items()
            }
        assert covered == set(deployments)


class TestKeda:
    def test_each_deployment_scales_on_its_own_dramatiq_list(self) -> None:
        config = k8s("ConfigMap")[0]["data"]
        settings = Settings(
            key_prefix=config["VERIFLEET_KEY_PREFIX"], redis_url=config["VERIFLEET_REDIS_URL"]
        )
        url = urlparse(config["VERIFLEET_REDIS_URL"])
        deployments = {d["metadata"]["name"]: d for d in k8s("Deployment")}
        scaled = {s["spec"]["scaleTargetRef"]["name"]: s for s in k8s("ScaledObject")}
        assert set(scaled) == set(deployments)
        for name, scaled_object in scaled.items():
            (trigger,) = scaled_object["spec"]["triggers"]
            assert trigger["type"] == "redis"
            meta = trigger["metadata"]
            (container,) = deployments[name]["spec"]["template"]["spec"]["containers"]
            queue = container["args"][container["args"].index("--queues") + 1]
            assert meta["listName"] == f"{queue_namespace(settings)}:{queue}"
            assert meta["listName"] in ("verifleet-dramatiq:verify-inline", "verifleet-dramatiq:verify-batch")
            assert int(meta["listLength"]) > 0
            assert meta["databaseIndex"] == url.path.lstrip("/")
            assert config[meta["addressFromEnv"]] == f"{url.hostname}:{url.port}"

    @pytest.mark.integration
    def test_the_list_names_are_where_dramatiq_puts_messages(self, redis_url: str) -> None:
        """Enqueue through verifleet's own broker: the lists KEDA watches are the ones that grow."""
        lists = [t["metadata"]["listName"] for s in k8s("ScaledObject") for t in s["spec"]["triggers"]]
        broker = make_broker(Settings(redis_url=redis_url))
        try:
            for queue in QUEUES:
                broker.declare_queue(queue)
                broker.enqueue(
                    dramatiq.Message(queue_name=queue, actor_name="a", args=(), kwargs={}, options={})
                )
        finally:
            broker.close()
        client = redis.Redis.from_url(redis_url)
        try:
            assert sorted(k.decode() for k in client.keys("*") if client.type(k) == b"list") == sorted(lists)
            assert all(client.llen(name) == 1 for name in lists)
        finally:
            client.close()


class TestCompose:
    def test_services_and_mounts(self) -> None:
        compose = documents(DEPLOY / "compose.yaml")[0]
        services = compose["services"]
        assert {"redis", "inline", "batch", "prometheus", "grafana"} <= set(services)
        assert "verify-inline" in services["inline"]["command"]
        assert "verify-batch" in services["batch"]["command"]
        assert "verify-batch" not in services["inline"]["command"]
        for role in ("inline", "batch"):
            assert services[role]["stop_grace_period"] == "135s"
        for service in ("prometheus", "grafana"):
            for volume in services[service]["volumes"]:
                source = volume.split(":", 1)[0]
                if source.startswith("."):
                    assert (DEPLOY / source).exists(), volume
        scrape = documents(DEPLOY / "prometheus" / "prometheus.yml")[0]
        assert scrape["rule_files"] == ["/etc/prometheus/rules.yml"]
        names = [n for job in scrape["scrape_configs"] for sd in job["dns_sd_configs"] for n in sd["names"]]
        assert sorted(names) == ["batch", "inline"]

    def test_the_image_installs_every_package(self) -> None:
        """The image installs the project non-editable: a package missing from pyproject's list
        would be missing from the image (while an editable checkout still finds it)."""
        listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
        found = {
            ".".join(init.parent.relative_to(ROOT).parts)
            for top in ("messages", "checks", "workers")
            for init in (ROOT / top).rglob("__init__.py")
        }
        assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"

    def test_dockerfile(self) -> None:
        text = (DEPLOY / "Dockerfile").read_text()
        assert len(re.findall(r"^FROM ", text, re.M)) >= 2
        assert "python:3.11-slim-bookworm" in text
        (user,) = re.findall(r"^USER (\S+)", text, re.M)
        assert not user.startswith(("0", "root"))
        assert re.search(r"^HEALTHCHECK .*\n?.*/metrics", text, re.M)
        assert '"worker"' in text


class TestDashboard:
    def panels(self) -> list[dict[str, Any]]:
        dashboard = json.loads((DEPLOY / "grafana" / "verifleet.json").read_text())
        found: list[dict[str, Any]] = []
        stack = list(dashboard["panels"])
        while stack:
            panel = stack.pop()
            found.append(panel)
            stack += panel.get("panels", [])
        return found

    def test_every_expression_names_exported_metrics(self) -> None:
        known = exported() | recorded()
        exprs = [t["expr"] for p in self.panels() for t in p.get("targets", [])]
        assert len(exprs) >= 20
        for expr in exprs:
            assert metric_names(expr), expr
            assert metric_names(expr) <= known, (expr, metric_names(expr) - known)
            assert "mission" not in expr and "job_id" not in expr, expr

    def test_the_panels_operators_asked_for(self) -> None:
        text = " ".join(p["title"] + " " + json.dumps(p.get("targets", [])) for p in self.panels()).lower()
        for wanted in (
            "pass rate by profile",
            "per model",
            "per mode",
            "cost fraction",
            "by mode",
            "queue depth",
        ):
            assert wanted in text, wanted
        assert "verifleet_judge_tokens_total" in text
        assert "verifleet_cost_fraction_bucket" in text

    def test_provisioning_points_at_the_dashboard(self) -> None:
        provider = documents(DEPLOY / "grafana" / "provisioning" / "dashboards" / "verifleet.yml")[0]
        datasource = documents(DEPLOY / "grafana" / "provisioning" / "datasources" / "prometheus.yml")[0]
        uids = {p.get("datasource", {}).get("uid") for p in self.panels() if p["type"] != "row"}
        assert uids == {datasource["datasources"][0]["uid"]}
        assert provider["providers"][0]["options"]["path"] == "/var/lib/grafana/dashboards"


class TestRules:
    def rules(self) -> list[dict[str, Any]]:
        groups = documents(DEPLOY / "prometheus" / "rules.yml")[0]["groups"]
        return [r for g in groups for r in g["rules"]]

    def test_every_expression_names_exported_metrics(self) -> None:
        known = exported() | recorded()
        for rule in self.rules():
            assert metric_names(rule["expr"]) <= known, (rule, metric_names(rule["expr"]) - known)

    def test_the_alerts_asked_for_each_have_a_firing_unit_test(self) -> None:
        alerts = {r["alert"] for r in self.rules() if "alert" in r}
        for wanted in (
            "PassRateDrop",
            "CostAboveBudget",
            "InlineLatencyHigh",
            "QueueStale",
            "CircuitOpen",
            "ErrorVerdictRate",
        ):
            assert any(wanted in a for a in alerts), wanted
        tests = documents(DEPLOY / "prometheus" / "tests.yml")[0]["tests"]
        fired = {c["alertname"] for t in tests for c in t.get("alert_rule_test", []) if c.get("exp_alerts")}
        assert fired == alerts
