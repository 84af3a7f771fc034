"""Issue 19's acceptance, as a player meets it: each test a defect found playing the runner."""
import io

from rulesdsl.runners.text import run

import rulesdsl


def session(commands, variant="klondike", seed=3, **options):
    g = rulesdsl.load(variant, options).new_game(seed)
    out = io.StringIO()
    run(g, io.StringIO("\n".join(commands) + "\n"), out, width=100)
    return g, out.getvalue()


def test_did_you_mean_knows_every_command_word():
    _, text = session(["restrat", "nwe", "playout", "laod saved.json", "q"])
    assert "did you mean the command restart?" in text
    assert "did you mean the command new?" in text
    assert "did you mean the command play-out?" in text
    assert "did you mean the command load?" in text
