"""pytest-webots, unchanged, against webots-shim's `webots`: a rover driven by an extern controller,
a crate moved by the injected supervisor, resets between tests, a restarted controller."""

import time

import pytest

pytestmark = pytest.mark.webots_world("worlds/rover.wbt", scope="module")

RADIUS = 0.05
CRATE_START = [2.0, 2.0, 0.1]


def x_of(webots):
    return webots.supervisor.getFromDef("ROVER").getPosition()[0]


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
def test_the_rover_drives_at_the_speed_its_wheels_give(webots):
    wait_until_online(webots.controllers["rover"], 10)
    webots.step(1000)  # past the wheels' acceleration (20 rad/s^2 up to 10 rad/s) and its settling
    # the injected supervisor is asynchronous, as in Webots: the world runs on between its steps, so a
    # node read is of the world's present while the supervisor's time is its last step's (far apart on a
    # loaded machine); the rover's velocity, steady once the wheels are at speed, does not depend on it
    rover = webots.supervisor.getFromDef("ROVER")
    start = rover.getPosition()[0]
    for _ in range(3):
        assert rover.getVelocity()[0] == pytest.approx(10 * RADIUS, rel=0.1)
        assert webots.step(500) != -1
    assert rover.getPosition()[0] > start


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
    webots.step(2000)  # long: the world's present, which x_of reads, may be ahead of the supervisor's time
    assert x_of(webots) - start > 0.1
