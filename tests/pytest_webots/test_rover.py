"""pytest-webots, unchanged, against webots-shim's `webots`: a rover driven by an extern controller,
a crate moved by the injected supervisor, resets between tests, a restarted controller."""

import time

import pytest

pytestmark = pytest.mark.webots_world("worlds/rover.wbt", scope="module")

RADIUS = 0.05
CRATE_START = [2.0, 2.0, 0.1]


def x_of(webots):
    return webots.supervisor.getFromDef("ROVER").getPosition()[0]


def timed_x(webots):
    """The rover's x with the simulated times just before and just after it was read."""
    before = webots.sim_time()
    x = x_of(webots)
    return x, before, webots.sim_time()


def wait_until_online(driver, speed):
    """The rover is asynchronous: the world does not wait for its controller to start, so a test that
    measures the drive waits until the driver has set its wheels (a loaded machine may take a while to
    start Python)."""
    line = f"driver online at {speed:.1f} rad/s"
    deadline = time.monotonic() + 30
    while line not in driver.logs and time.monotonic() < deadline:
        time.sleep(0.05)
    assert line in driver.logs


@pytest.mark.webots_controller("rover", "controllers/driver/driver.py", args=["10"])
def test_the_rover_drives_the_distance_its_wheels_give(webots):
    wait_until_online(webots.controllers["rover"], 10)
    webots.step(500)  # past the wheels' acceleration (20 rad/s^2 up to 10 rad/s)
    # the injected supervisor is asynchronous, as in Webots: time also runs between its calls (far more
    # of it on a loaded machine), so each position read is bracketed by two time reads and the speed is
    # bounded by the shortest and the longest interval the distance can have taken
    x0, before0, after0 = timed_x(webots)
    assert webots.step(2000) != -1
    x1, before1, after1 = timed_x(webots)
    assert before1 - after0 >= 2.0 - 1e-9
    fastest = (x1 - x0) / (before1 - after0)
    slowest = (x1 - x0) / (after1 - before0)
    assert slowest <= 10 * RADIUS * 1.1 and fastest >= 10 * RADIUS * 0.9, (slowest, fastest)


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
    wait_until_online(driver, 5)
    driver.restart()
    assert driver.alive
    start = x_of(webots)
    webots.step(1000)
    assert x_of(webots) - start > 0.1
