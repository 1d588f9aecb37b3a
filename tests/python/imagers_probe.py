"""tests/c/imagers_probe.c through the Python API: a range finder, a lidar, a camera (with recognition and
segmentation) and an altimeter looking at a red box whose near face is 0.9 m ahead (tests/imagers.rs).
Prints the lines the C probe prints, and checks what the Python API adds (lists, arrays, buffers)."""

import math
import struct

from controller import Altimeter, Camera, CameraRecognitionObject, Lidar, LidarPoint, RangeFinder, Robot

robot = Robot()
rf = robot.getDevice('depth')
lidar = robot.getDevice('lidar')
camera = robot.getDevice('camera')
plain = robot.getDevice('plain camera')
altimeter = robot.getDevice('altimeter')
assert isinstance(rf, RangeFinder) and isinstance(lidar, Lidar) and isinstance(camera, Camera)
assert isinstance(plain, Camera) and isinstance(altimeter, Altimeter)

# configuration
assert (rf.getWidth(), rf.getHeight(), rf.getMaxRange(), rf.max_range) == (9, 5, 2.0, 2.0)
assert (lidar.getHorizontalResolution(), lidar.getNumberOfLayers(), lidar.number_of_layers) == (9, 3, 3)
assert abs(lidar.getFov() - 1.0) < 1e-12 and abs(lidar.getVerticalFov() - 0.1) < 1e-12
assert (camera.getWidth(), camera.height) == (16, 16)
assert camera.hasRecognition() and not plain.hasRecognition()
assert camera.hasRecognitionSegmentation() and not plain.hasRecognitionSegmentation()
assert plain.getMinFov() == plain.getFov() == plain.fov and plain.getFocalLength() == 0.0

# misuse before enabling
assert camera.getImage() == b'' and camera.getImageArray() is None, 'image of a disabled camera'
assert lidar.getPointCloud() == [], 'point cloud while disabled'
plain.setFov(0.5)  # no Zoom: out of zoom range
assert abs(plain.getFov() - 0.785398) < 1e-6
plain.recognitionEnable(32)  # no Recognition node
assert camera.getRecognitionNumberOfObjects() == 0  # disabled
rf.enable(-1)
assert rf.getSamplingPeriod() == 0

rf.enable(32)
lidar.enable(32)
lidar.enablePointCloud()
assert lidar.isPointCloudEnabled()
camera.enable(32)
camera.recognitionEnable(32)
camera.enableRecognitionSegmentation()
assert camera.isRecognitionSegmentationEnabled() and camera.getRecognitionSamplingPeriod() == 32
altimeter.enable(32)
robot.step(32)

depth = rf.getRangeImage()
assert len(depth) == 9 * 5
print('depth centre %.6f corner %f' % (RangeFinder.rangeImageGetDepth(depth, 9, 4, 2),
                                        RangeFinder.rangeImageGetDepth(depth, 9, 0, 0)))
rows = rf.getRangeImageArray()
assert len(rows) == 5 and all(len(r) == 9 for r in rows) and rows[2][4] == depth[2 * 9 + 4]
buffer = rf.getRangeImage(data_type='buffer')
assert isinstance(buffer, bytes) and list(struct.unpack('45f', buffer)) == depth
assert rf.getRangeImage(data_type='numpy') is None

scan = lidar.getLayerRangeImage(1)
print('lidar middle layer:' + ''.join(' %.4f' % v for v in scan))
assert lidar.getLayerRangeImage(3) is None, 'layer 3 of 3'
assert lidar.getRangeImage()[9:18] == scan and lidar.getRangeImageArray()[1] == scan
assert lidar.getNumberOfPoints() == 27
cloud = lidar.getPointCloud()
assert len(cloud) == 27 and all(isinstance(p, LidarPoint) for p in cloud)
p = cloud[9 + 4]
print('lidar point %.4f %.4f %.4f layer %d' % (p.x, p.y, p.z, p.layer_id))
layer = lidar.getLayerPointCloud(1)
assert len(layer) == 9 and (layer[4].x, layer[4].layer) == (p.x, p.layer_id), "layer 1's cloud starts 9 points in"
raw = lidar.getPointCloud(data_type='buffer')
assert isinstance(raw, bytearray) and len(raw) == 27 * 20
assert struct.unpack_from('fffif', raw, 13 * 20) == (p.x, p.y, p.z, p.layer_id, p.time)

image = camera.getImage()
assert isinstance(image, bytes) and len(image) == 16 * 16 * 4
print('camera centre %d %d %d corner %d %d %d' % (
    Camera.imageGetRed(image, 16, 8, 8), Camera.imageGetGreen(image, 16, 8, 8), Camera.imageGetBlue(image, 16, 8, 8),
    Camera.imageGetRed(image, 16, 0, 0), Camera.imageGetGreen(image, 16, 0, 0), Camera.imageGetBlue(image, 16, 0, 0)))
pixels = camera.getImageArray()
assert len(pixels) == 16 and len(pixels[0]) == 16
assert pixels[8][8] == [207, 0, 0] and pixels[0][0] == [0, 0, 255]
assert Camera.imageGetGray(image, 16, 8, 8) == 69
assert camera.saveImage('camera.png', 100) == 0
assert camera.saveImage('camera.bmp', 100) == -1
assert camera.saveImage('camera.jpg', 0) == -1

objects = camera.getRecognitionObjects()
print('recognized', camera.getRecognitionNumberOfObjects())
for o in objects:
    assert isinstance(o, CameraRecognitionObject) and o.getNumberOfColors() == 1 and o.getId() > 0
    print('object "%s" at %.3f %.3f %.3f size %.3f %.3f on image %d %d size %d %d colour %.1f %.1f %.1f' % (
        o.getModel(), *o.getPosition(), *o.getSize(), *o.getPositionOnImage(), *o.getSizeOnImage(), *o.getColors()))
    assert len(o.getOrientation()) == 4 and o.orientation == o.getOrientation()
segmentation = camera.getRecognitionSegmentationImage()
assert len(segmentation) == 16 * 16 * 4, 'no segmentation image'
print('segmentation centre %d corner %d' % (Camera.imageGetRed(segmentation, 16, 8, 8),
                                            Camera.imageGetRed(segmentation, 16, 0, 0)))
assert camera.getRecognitionSegmentationImageArray()[8][8][0] == Camera.imageGetRed(segmentation, 16, 8, 8)
assert camera.saveRecognitionSegmentationImage('segmentation.png', 100) == 0
print('altitude %.6f' % altimeter.getValue())
assert math.isclose(altimeter.value, 0.5)

lidar.disable()
assert lidar.getRangeImage() is not None, 'the last ranges stay readable'
