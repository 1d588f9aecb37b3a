"""tests/c/display_probe.c through the Python API (tests/display.rs): shapes, text, images made from
data, copied, pasted, saved; a camera attached as background; misuse messages. Also an image made from
nested lists of pixels (listed.png) and the Python side's own misuse."""

from controller import Camera, Display, ImageRef, Robot

robot = Robot()
d = robot.getDevice('display')
camera = robot.getDevice('camera')
assert isinstance(d, Display) and isinstance(camera, Camera)
assert (d.getWidth(), d.getHeight(), d.width) == (20, 10, 20)
assert Display('camera').getWidth() == -1  # not a display

d.setColor(0xFF0000)
d.fillRectangle(0, 0, 4, 3)  # red 4x3 block at the top left
d.color = 0x00FF00
d.drawLine(0, 9, 19.7, 9)  # green bottom row (a float coordinate is cut as Webots' package does)
d.setColor(0x0000FF)
d.setOpacity(0.5)
d.drawPixel(10, 5)  # half blue over black
d.opacity = 1.0
d.setColor(0xFFFFFF)
d.drawText('T', 12, 0)  # an 8x8 T: its bar across the top row
d.imageSave(None, 'drawn.png')

# an image from RGB data, pasted at (5, 4); a copy of the red block pasted at (16, 4)
yellow = d.imageNew(bytes([255, 255, 0] * 4), Display.RGB, 2, 2)
assert isinstance(yellow, ImageRef), 'image_new'
d.imagePaste(yellow, 5, 4, False)
block = d.imageCopy(0, 0, 4, 3)
d.imagePaste(block, 16, 4)
d.imageSave(block, 'block.png')
d.imageSave(None, 'pasted.png')
d.imageDelete(yellow)
d.imageDelete(block)

# misuse: the library's messages
d.setColor(0x1000000)
d.setAlpha(2.0)
d.fillRectangle(0, 0, 0, 5)
d.drawOval(5, 5, -1, 2)
d.drawText('', 0, 0)
d.imageSave(None, 'drawn.bmp')
assert d.imageLoad('missing.png') is None, 'a missing file loads'
assert d.imageNew(bytes(12), Display.RGB, 0, 2) is None, 'a 0-wide image'
d.detachCamera()
# ... and the Python side's
d.imagePaste(yellow, 0, 0)  # deleted: the library says the reference is invalid
assert d.imageNew(bytes(11), Display.RGB, 2, 2) is None, 'too little data'
for call in (lambda: d.imagePaste('image', 0, 0), lambda: d.drawPixel('1', 2), lambda: d.attachCamera(d),
             lambda: d.imageNew(bytes(12), Display.RGB), lambda: d.drawPolygon(3, [1])):
    try:
        call()
        raise AssertionError('no TypeError')
    except TypeError as e:
        print('TypeError:', e)

# an image of nested lists, columns of [r, g, b] as Camera.getImageArray() gives: 3 wide, 2 high
listed = d.imageNew([[[10 * x, y, 0] for y in range(2)] for x in range(3)], Display.RGB)
d.imageSave(listed, 'listed.png')
d.imageDelete(listed)

# the camera's image behind the display: transparent where nothing is drawn
camera.enable(32)
d.attachCamera(camera)
d.attachCamera(camera)
robot.step(32)
d.setAlpha(1.0)
d.setColor(0xFFFFFF)
d.fillPolygon([0, 1, 0], [0, 0, 1])  # the top-left pixel
d.imageSave(None, 'attached.png')
d.detachCamera()
print('display done')
