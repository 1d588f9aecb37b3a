"""Worlds booted fresh for each test (function scope), and a world reloaded from its file."""

import pytest

pytestmark = pytest.mark.webots_world("worlds/rover.wbt", scope="function")

CRATE_START = [2.0, 2.0, 0.1]


def test_a_fresh_world_starts_at_time_zero(webots):
    assert webots.sim_time() == pytest.approx(0.0, abs=0.1)
    webots.step(320)
    assert webots.sim_time() >= 0.32 - 1e-9


def test_reload_puts_the_world_back_as_its_file_says(webots):
    crate = webots.supervisor.getFromDef("CRATE")
    crate.getField("translation").setSFVec3f([0.0, -1.0, 0.1])
    webots.step()
    assert crate.getPosition() == pytest.approx([0.0, -1.0, 0.1], abs=1e-6)
    webots.reload()
    assert webots.supervisor.getFromDef("CRATE").getPosition() == pytest.approx(CRATE_START, abs=1e-6)
