"""pytest-webots, unchanged, against webots-shim's `webots`: a rover driven by an extern controller,
a crate moved by the injected supervisor, resets between tests, a restarted controller."""

import time

import pytest

pytestmark = pytest.mark.webots_world("worlds/rover.wbt", scope="module")

RADIUS = 0.05
CRATE_START = [2.0, 2.0, 0.1]


def x_of(webots):
    return webots.supervisor.getFromDef("ROVER").getPosition()[0]


@pytest.mark.webots_controller("rover", "controllers/driver/driver.py", args=["10"])
def test_the_rover_drives_the_distance_its_wheels_give(webots):
    webots.step(500)  # past the wheels' acceleration (20 rad/s^2 up to 10 rad/s)
    # the injected supervisor is asynchronous, as in Webots: time also runs between its calls, so the
    # speed is measured over what did pass
    start, t0 = x_of(webots), webots.sim_time()
    assert webots.step(2000) != -1
    x1, t1 = x_of(webots), webots.sim_time()
    assert t1 - t0 >= 2.0 - 1e-9
    assert (x1 - start) / (t1 - t0) == pytest.approx(10 * RADIUS, rel=0.1)


def test_the_supervisor_moves_the_crate(webots):
    crate = webots.supervisor.getFromDef("CRATE")
    assert crate.getPosition() == pytest.approx(CRATE_START, abs=1e-6)
    crate.getField("translation").setSFVec3f([-1.0, 0.5, 0.1])
    webots.step()
    assert crate.getPosition() == pytest.approx([-1.0, 0.5, 0.1], abs=1e-6)


def test_the_world_was_reset_between_tests(webots):
    assert webots.supervisor.getFromDef("CRATE").getPosition() == pytest.approx(CRATE_START, abs=1e-6)
    assert x_of(webots) == pytest.approx(0.0, abs=1e-3)


@pytest.mark.webots_controller("rover", "controllers/driver/driver.py", args=["5"])
def test_a_controller_restarts_and_drives_again(webots):
    driver = webots.controllers["rover"]
    deadline = time.monotonic() + 10
    while "driver online at 5.0 rad/s" not in driver.logs and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "driver online at 5.0 rad/s" in driver.logs
    driver.restart()
    assert driver.alive
    start = x_of(webots)
    webots.step(1000)
    assert x_of(webots) - start > 0.1
