"""Judge settings from VERIFLEET_* variables, and the wiring into the runtime and ``verifleet verify``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from factories import make_job
from judge_server import JudgeServer, answer, scores
from judge_support import JUDGE, JUDGED, KEY

from checks.judge import LLMJudge, build_judge
from messages import ConfigurationError
from workers.cli import main
from workers.settings import Settings


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if name.startswith("VERIFLEET_"):
            monkeypatch.delenv(name)


class TestSettings:
    @pytest.mark.parametrize(
        "value",
        [
            "openai:gpt-4o-mini, anthropic:claude-3-5-haiku",
            '["openai:gpt-4o-mini", "anthropic:claude-3-5-haiku"]',
        ],
    )
    def test_judges_are_a_comma_list_or_json(self, monkeypatch: pytest.MonkeyPatch, value: str) -> None:
        monkeypatch.setenv("VERIFLEET_JUDGES", value)
        assert Settings().judges == ["openai:gpt-4o-mini", "anthropic:claude-3-5-haiku"]

    def test_a_providers_own_url_and_key_win_over_the_general_ones(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setenv("VERIFLEET_JUDGE_BASE_URL", "http://gateway:4000/v1")
        monkeypatch.setenv("VERIFLEET_JUDGE_API_KEY", "general-key")
        monkeypatch.setenv("VERIFLEET_JUDGE_BASE_URL_OLLAMA", "http://gpu-box:11434/v1")
        monkeypatch.setenv("VERIFLEET_JUDGE_API_KEY_ANTHROPIC", KEY)
        monkeypatch.setenv("VERIFLEET_JUDGE_API_KEY_OPENAI", "")
        config = Settings().judge_config()
        assert config.endpoint("ollama").base_url == "http://gpu-box:11434/v1"
        assert config.endpoint("anthropic").base_url == "http://gateway:4000/v1"
        assert config.endpoint("anthropic").secret == KEY
        assert config.endpoint("openai").secret == "general-key", "an empty variable is as good as unset"

    def test_without_a_gateway_providers_keep_their_public_address(self) -> None:
        config = Settings(judge_api_key_openai=KEY).judge_config()  # type: ignore[arg-type]
        assert config.endpoint("openai").base_url == "https://api.openai.com/v1"
        assert config.endpoint("ollama").base_url == "http://127.0.0.1:11434/v1" and config.configured

    def test_keys_do_not_print(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("VERIFLEET_JUDGE_API_KEY_OPENAI", KEY)
        settings = Settings()
        assert KEY not in repr(settings) and KEY not in repr(settings.judge_config())

    def test_a_default_price_needs_both_halves(self) -> None:
        with pytest.raises(ConfigurationError, match="both"):
            Settings(judge_default_price_in=1.0).judge_config()  # type: ignore[arg-type]

    def test_the_ensemble_setting_reaches_the_pipeline(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("VERIFLEET_ENSEMBLE", "2")
        assert Settings().pipeline_config().ensemble == 2 and Settings().judge_config().ensemble == 2


class TestBuild:
    def test_nothing_configured_means_no_judge(self) -> None:
        assert build_judge(Settings().judge_config()) is None

    def test_a_configured_judge_is_built_and_checked(self) -> None:
        judge = build_judge(Settings(judges=[JUDGE], judge_api_key=KEY).judge_config())  # type: ignore[arg-type]
        assert isinstance(judge, LLMJudge)
        judge.close()
        with pytest.raises(ConfigurationError, match="VERIFLEET_JUDGES: no price"):
            build_judge(Settings(judges=["openrouter:x/y"]).judge_config())

    def test_a_bad_prompts_directory_is_reported_at_start(self, tmp_path: Path) -> None:
        with pytest.raises(ConfigurationError, match="does not exist"):
            build_judge(Settings(judges=[JUDGE], judge_prompts_dir=tmp_path / "nope").judge_config())


class TestVerifyCommand:
    def test_verify_uses_the_configured_judge(
        self,
        judge_server: JudgeServer,
        monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path,
        capsys: pytest.CaptureFixture[str],
    ) -> None:
        judge_server.push(answer(scores({"j1": 5})))
        monkeypatch.setenv("VERIFLEET_JUDGES", JUDGE)
        monkeypatch.setenv("VERIFLEET_JUDGE_BASE_URL_ANTHROPIC", judge_server.base_url)
        monkeypatch.setenv("VERIFLEET_JUDGE_API_KEY_ANTHROPIC", KEY)
        monkeypatch.setenv("NO_PROXY", "127.0.0.1")
        job = tmp_path / "job.json"
        job.write_text(json.dumps(make_job(criteria=[JUDGED])))
        assert main(["verify", str(job), "--output", "json"]) == 0
        verdict = json.loads(capsys.readouterr().out)
        assert verdict["judges"] == [JUDGE] and verdict["criteria"][0]["score"] == 1.0
        assert len(judge_server.requests) == 1

    def test_verify_without_a_judge_skips_it(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        job = tmp_path / "job.json"
        job.write_text(json.dumps(make_job(criteria=[{**JUDGED, "must_pass": False}])))
        main(["verify", str(job), "--output", "json"])
        verdict = json.loads(capsys.readouterr().out)
        assert verdict["checks"][-1]["reason"] == "no_judge"
