"""An internal error says how to run the command again with --debug, as the option is written:
before the command (`simulate --debug` is no option; found by an outside author writing Cheat)."""

from __future__ import annotations

import pytest

from interpreter.frontends import cli


def test_an_internal_error_tells_where_debug_goes(monkeypatch, capsys):
    def broken(*args, **kwargs):
        raise RuntimeError("a planted bug")

    monkeypatch.setattr(cli.cli, "main", broken)
    with pytest.raises(SystemExit) as stopped:
        cli.main(["validate", "x.yaml"])
    err = capsys.readouterr().err
    assert stopped.value.code != 0
    assert "internal error: RuntimeError: a planted bug" in err
    assert "cardrules --debug COMMAND" in err
    with pytest.raises(RuntimeError):  # and --debug before the command shows the traceback
        cli.main(["--debug", "validate", "x.yaml"])
