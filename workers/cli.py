"""The ``verifleet`` command (CONTRACT.md section 5).

verifleet verify JOB.json|-  [--output json|text]   exit 0 pass, 1 fail/partial, 2 bad input, 3 error
                 [--html PATH]                        and write the HTML report
                 [--previous VERDICT.json]            and compare with the task's previous attempt
verifleet report VERDICT.json|- [--job JOB.json] [-o PATH] [--format html|md]   the report people read
verifleet worker [--queues ...] [--processes N] [--threads N] [--no-restart] [--metrics-port P]
verifleet submit JOB.json...                          enqueue (a file holds a job, an array or JSON lines)
verifleet top [--mission ID] [--once]                 queues, throughput, pass rate, cost, circuits
verifleet wait JOB_ID [--timeout S]                   print the verdict (exit codes as verify; 4 timeout)
verifleet events [--group G] [--consumer C] [--follow]
verifleet schema [--dir DIR]                          write messages/schema/*.json
verifleet demo                                        the demo fleet (``make run``)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from messages import JobRejected, Verdict, VerdictEvent, VerdictTimeout, VerifleetError, VerifyJob, parse_job

if TYPE_CHECKING:
    from checks.progress import Attempt

EXIT_PASS, EXIT_FAIL, EXIT_BAD_INPUT, EXIT_ERROR, EXIT_TIMEOUT = 0, 1, 2, 3, 4


def exit_code(verdict: VerdictEvent) -> int:
    if verdict.verdict is Verdict.PASS:
        return EXIT_PASS
    if verdict.verdict is Verdict.ERROR:
        return EXIT_ERROR
    return EXIT_FAIL


def _read(source: str) -> bytes:
    if source == "-":
        return sys.stdin.buffer.read()
    return Path(source).read_bytes()


def _emit(verdict: VerdictEvent, output: str | None) -> None:
    if (output or ("text" if sys.stdout.isatty() else "json")) == "text":
        from workers.summary import print_summary  # noqa: PLC0415  (rich rendering only when asked)

        print_summary(verdict)
    else:
        sys.stdout.write(verdict.model_dump_json(indent=2) + "\n")


def _settings() -> Any:
    from workers.settings import Settings  # noqa: PLC0415  (keeps `verify` free of broker imports)

    return Settings()


def cmd_verify(args: argparse.Namespace) -> int:
    import structlog  # noqa: PLC0415

    from checks import verify  # noqa: PLC0415
    from checks.judge import build_judge  # noqa: PLC0415
    from checks.progress import settle  # noqa: PLC0415

    settings = _settings()
    try:
        data = _read(args.job)
    except OSError as e:
        print(f"verifleet verify: cannot read {args.job}: {e.strerror or e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    factory = structlog.get_config()["logger_factory"]
    if isinstance(factory, structlog.PrintLoggerFactory) and getattr(factory, "_file", None) is None:
        # Unconfigured structlog prints to stdout, which holds the verdict: send log lines
        # through logging instead (warnings and up reach stderr).
        structlog.configure(logger_factory=structlog.stdlib.LoggerFactory())
    judge = build_judge(settings.judge_config())  # a ConfigurationError is reported by main()
    config = settings.pipeline_config()
    try:
        job = parse_job(data, limits=settings.limits)
        before = _previous_attempt(args.previous, job) if args.previous else None
        if isinstance(before, str):
            print(f"verifleet verify: {before}", file=sys.stderr)
            return EXIT_BAD_INPUT
        verdict = verify(job, config=config, judge=judge)
    except JobRejected as e:
        where = f" at {e.where}" if e.where else ""
        print(f"verifleet verify: invalid job in {args.job}{where}: {e.message}", file=sys.stderr)
        return EXIT_BAD_INPUT
    finally:
        if judge is not None:
            judge.close()
    if before is not None:
        verdict = settle(verdict, before, escalate_on_stall=config.resolve(job).escalate_on_stall)
    _emit(verdict, args.output)
    if args.html and not _write_report(args.html, verdict, job, "html", "verify"):
        return EXIT_BAD_INPUT
    return exit_code(verdict)


def _previous_attempt(path: str, job: VerifyJob) -> Attempt | str:
    """The previous attempt's verdict from ``path`` (``--previous``), or what is wrong with it."""
    from checks.progress import Attempt  # noqa: PLC0415
    from workers.report import read_verdict  # noqa: PLC0415

    try:
        earlier = read_verdict(_read(path))
    except OSError as e:
        return f"cannot read {path}: {e.strerror or e}"
    except ValueError as e:
        return f"invalid verdict in {path}: {e}"
    if (earlier.mission_id, earlier.task_id) != (job.mission_id, job.task_id):
        return (
            f"the verdict in {path} is of task {earlier.mission_id}/{earlier.task_id}, "
            f"not the job's {job.mission_id}/{job.task_id}"
        )
    if earlier.attempt >= job.attempt:
        return (
            f"the verdict in {path} is of attempt {earlier.attempt}, not one before the job's {job.attempt}"
        )
    if earlier.verdict is Verdict.ERROR:
        return f"the verdict in {path} is an error: there is nothing to compare with"
    return Attempt.of(earlier)


def _write_report(path: str, verdict: VerdictEvent, job: Any, fmt: Any, command: str) -> bool:
    from workers.report import write_report  # noqa: PLC0415

    try:
        write_report(path, verdict, job, fmt=fmt)
    except OSError as e:
        print(f"verifleet {command}: cannot write {path}: {e.strerror or e}", file=sys.stderr)
        return False
    return True


def cmd_report(args: argparse.Namespace) -> int:
    from workers.report import REPORT_LIMITS, read_verdict, render  # noqa: PLC0415

    try:
        verdict = read_verdict(_read(args.verdict))
        job = parse_job(_read(args.job), limits=REPORT_LIMITS) if args.job else None
    except OSError as e:
        print(f"verifleet report: cannot read {e.filename}: {e.strerror or e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except ValueError as e:
        print(f"verifleet report: invalid verdict in {args.verdict}: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except JobRejected as e:
        where = f" at {e.where}" if e.where else ""
        print(f"verifleet report: invalid job in {args.job}{where}: {e.message}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if job is not None and job.job_id != verdict.job_id:
        print(f"verifleet report: the verdict is for {verdict.job_id}, the job {job.job_id}", file=sys.stderr)
    if args.out in (None, "-"):
        sys.stdout.write(render(verdict, job, fmt=args.format))
        return EXIT_PASS
    return EXIT_PASS if _write_report(args.out, verdict, job, args.format, "report") else EXIT_BAD_INPUT


def load_jobs(path: str) -> list[Any]:
    """A file holds one job object, a JSON array of jobs, or one job per line (JSON lines)."""
    raw = _read(path).decode("utf-8")
    stripped = raw.lstrip()
    if stripped.startswith("["):
        jobs = json.loads(raw)
        if not isinstance(jobs, list):
            raise ValueError("expected a JSON array of jobs")
        return jobs
    try:
        return [json.loads(raw)]
    except json.JSONDecodeError:
        return [json.loads(line) for line in raw.splitlines() if line.strip()]


def cmd_submit(args: argparse.Namespace) -> int:
    from workers.client import Client  # noqa: PLC0415

    jobs: list[Any] = []
    for path in args.jobs:
        try:
            found = load_jobs(path)
        except (OSError, ValueError, UnicodeDecodeError) as e:
            print(f"verifleet submit: cannot read jobs from {path}: {e}", file=sys.stderr)
            return EXIT_BAD_INPUT
        for index, job in enumerate(found):
            try:
                parse_job(job) if isinstance(job, dict) else parse_job(json.dumps(job))
            except JobRejected as e:
                where = f" at {e.where}" if e.where else ""
                print(f"verifleet submit: {path} job {index}{where}: {e.message}", file=sys.stderr)
                return EXIT_BAD_INPUT
        jobs += found
    from workers.top import PROGRESS_ABOVE, record_submitted, submit_with_progress  # noqa: PLC0415

    with Client(_settings()) as client:
        if len(jobs) > PROGRESS_ABOVE and sys.stdout.isatty():
            ids = submit_with_progress(client, jobs)
        else:
            ids = client.submit_many(jobs)
        record_submitted(client.redis, client.settings.key_prefix, jobs)  # for `verifleet top --mission`
        for job_id in ids:
            print(job_id)
    return EXIT_PASS


def cmd_wait(args: argparse.Namespace) -> int:
    from workers.client import Client  # noqa: PLC0415

    with Client(_settings()) as client:
        try:
            verdict = client.wait(args.job_id, timeout=args.timeout)
        except VerdictTimeout as e:
            print(f"verifleet wait: {e}", file=sys.stderr)
            return EXIT_TIMEOUT
    _emit(verdict, args.output)
    return exit_code(verdict)


def cmd_events(args: argparse.Namespace) -> int:
    from workers.client import Client  # noqa: PLC0415

    with Client(_settings()) as client:
        try:
            for delivery in client.events(
                args.group, args.consumer, follow=args.follow, start=args.start, block_ms=args.block_ms
            ):
                sys.stdout.write(delivery.event.model_dump_json() + "\n")
                sys.stdout.flush()
                delivery.ack()
        except KeyboardInterrupt:
            pass
    return EXIT_PASS


def cmd_worker(args: argparse.Namespace) -> int:
    from workers.supervisor import run  # noqa: PLC0415

    queues = [q for item in args.queues for q in item.split(",") if q]
    settings = _settings()
    if args.metrics_port is not None:
        settings = settings.model_copy(update={"metrics_port": args.metrics_port})
    return run(
        settings,
        queues=queues,
        processes=args.processes,
        threads=args.threads,
        restart=not args.no_restart,
    )


def cmd_top(args: argparse.Namespace) -> int:
    from workers.top import run_top  # noqa: PLC0415

    settings = _settings()
    url = args.metrics_url
    if url is None and settings.metrics_port:
        url = f"http://127.0.0.1:{settings.metrics_port}/metrics"
    return run_top(
        settings,
        mission=args.mission,
        total=args.total,
        window_s=args.window,
        interval_s=args.interval,
        metrics_url=url or None,
        once=args.once,
    )


def cmd_schema(args: argparse.Namespace) -> int:
    from messages.schema import SCHEMA_DIR, write_schemas  # noqa: PLC0415

    for path in write_schemas(Path(args.dir) if args.dir else SCHEMA_DIR):
        print(path)
    return EXIT_PASS


def cmd_demo(args: argparse.Namespace) -> int:
    from workers.demo import run_demo  # noqa: PLC0415

    return run_demo(Path(args.mission), timeout=args.timeout)


def _port(text: str) -> int:
    port = int(text)
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port (0-65535)")
    return port


def _count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n} is fewer than 1")
    return n


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="verifleet", description="Verify what AI agents produce.")
    sub = p.add_subparsers(dest="command", required=True)

    v = sub.add_parser("verify", help="verify one job in-process, no broker")
    v.add_argument("job", help="a job JSON file, or - for standard input")
    v.add_argument("--output", choices=["json", "text"], default=None, help="default: json unless a terminal")
    v.add_argument("--html", metavar="PATH", default=None, help="also write the HTML report here")
    v.add_argument(
        "--previous",
        metavar="VERDICT.json",
        default=None,
        help="the task's previous attempt's verdict: say whether the corrections converge",
    )
    v.set_defaults(fn=cmd_verify)

    r = sub.add_parser("report", help="the report people read: annotated draft, flags, criteria, brief")
    r.add_argument("verdict", help="a verdict JSON file, or - for standard input")
    r.add_argument("--job", default=None, help="the job it judged: its draft is shown with the flags")
    r.add_argument("-o", "--out", default=None, help="write here (default: standard output)")
    r.add_argument("--format", choices=["html", "md"], default="html", help="md: for pull requests")
    r.set_defaults(fn=cmd_report)

    w = sub.add_parser("worker", help="run worker processes (restarted when they die)")
    w.add_argument("--queues", nargs="+", default=["verify-inline,verify-batch"])
    w.add_argument("--processes", type=_count, default=2, help="worker processes, each restarted alone")
    w.add_argument("--threads", type=_count, default=8, help="threads per worker process")
    w.add_argument("--no-restart", action="store_true", help="leave restarts to an outside supervisor")
    w.add_argument(
        "--metrics-port", type=_port, default=None, help="serve /metrics here (default 9191; 0: off)"
    )
    w.set_defaults(fn=cmd_worker)

    s = sub.add_parser("submit", help="enqueue jobs")
    s.add_argument("jobs", nargs="+", help="files of jobs: an object, an array, or JSON lines")
    s.set_defaults(fn=cmd_submit)

    wa = sub.add_parser("wait", help="wait for a job's verdict")
    wa.add_argument("job_id")
    wa.add_argument("--timeout", type=float, default=60.0)
    wa.add_argument("--output", choices=["json", "text"], default=None)
    wa.set_defaults(fn=cmd_wait)

    e = sub.add_parser("events", help="read verdict events through a consumer group, acknowledging each")
    e.add_argument("--group", default="coordinator")
    e.add_argument("--consumer", default=None)
    e.add_argument("--start", default="0", help="where a new group starts: 0 (all) or $ (new only)")
    e.add_argument("--follow", action="store_true", help="keep waiting for new events")
    e.add_argument("--block-ms", type=int, default=1000)
    e.set_defaults(fn=cmd_events)

    t = sub.add_parser("top", help="queues, throughput, pass rate, cost and circuits, refreshed every second")
    t.add_argument("--mission", default=None, help="follow this mission with a progress bar")
    t.add_argument(
        "--total", type=int, default=None, help="jobs in the mission, when submit did not record it"
    )
    t.add_argument("--window", type=float, default=60.0, help="seconds of verdicts behind the rates")
    t.add_argument("--interval", type=float, default=1.0, help="seconds between refreshes")
    t.add_argument("--metrics-url", default=None, help="a worker host's /metrics, for circuit states")
    t.add_argument(
        "--once", action="store_true", help="print one frame and exit (the default off a terminal)"
    )
    t.set_defaults(fn=cmd_top)

    sc = sub.add_parser("schema", help="write the JSON Schemas of the wire models")
    sc.add_argument("--dir", default=None)
    sc.set_defaults(fn=cmd_schema)

    d = sub.add_parser("demo", help="run the demo fleet on an embedded Redis (or VERIFLEET_REDIS_URL)")
    d.add_argument("--mission", default=str(Path("examples") / "demo" / "mission.json"))
    d.add_argument("--timeout", type=float, default=45.0)
    d.set_defaults(fn=cmd_demo)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        code: int = args.fn(args)
    except ValidationError as e:  # settings from the environment
        first = e.errors()[0]
        name = "VERIFLEET_" + str(first["loc"][0]).upper() if first["loc"] else "VERIFLEET_*"
        print(f"verifleet: bad setting {name}: {first['msg']}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except VerifleetError as e:
        print(f"verifleet {args.command}: {e}", file=sys.stderr)
        return EXIT_ERROR
    return code


if __name__ == "__main__":
    sys.exit(main())
