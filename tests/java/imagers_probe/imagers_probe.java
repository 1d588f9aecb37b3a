// The Java twin of tests/c/imagers_probe.c (same world, same lines, tests/imagers.rs checks both): range
// finder, lidar, camera (with recognition and segmentation) and altimeter looking at a red box whose near
// face is 0.9 m ahead. Named as the C controller is, so the same world runs it.
import com.cyberbotics.webots.controller.Altimeter;
import com.cyberbotics.webots.controller.Camera;
import com.cyberbotics.webots.controller.CameraRecognitionObject;
import com.cyberbotics.webots.controller.Lidar;
import com.cyberbotics.webots.controller.LidarPoint;
import com.cyberbotics.webots.controller.RangeFinder;
import com.cyberbotics.webots.controller.Robot;
import java.util.Locale;

public class imagers_probe {
  private static void say(String format, Object... args) {
    System.out.println(String.format(Locale.ROOT, format, args));
  }

  public static void main(String[] args) {
    final Robot robot = new Robot();
    final RangeFinder rf = (RangeFinder) robot.getDevice("depth");
    final Lidar lidar = (Lidar) robot.getDevice("lidar");
    final Camera camera = (Camera) robot.getDevice("camera");
    final Camera plain = (Camera) robot.getDevice("plain camera");
    final Altimeter altimeter = (Altimeter) robot.getDevice("altimeter");
    Check.that(rf != null && lidar != null && camera != null && plain != null && altimeter != null, "devices missing");

    // configuration
    Check.ints(rf.getWidth(), 9);
    Check.ints(rf.getHeight(), 5);
    Check.doubles(rf.getMaxRange(), 2.0);
    Check.ints(lidar.getHorizontalResolution(), 9);
    Check.ints(lidar.getNumberOfLayers(), 3);
    Check.ints(camera.getWidth(), 16);
    Check.that(camera.hasRecognition() && !plain.hasRecognition(), "recognition");
    Check.doubles(plain.getMinFov(), plain.getFov());
    Check.doubles(plain.getFocalLength(), 0.0);

    // misuse before enabling
    Check.that(camera.getImage() == null, "image of a disabled camera");
    Check.that(lidar.getPointCloud() == null, "point cloud while disabled");
    plain.setFov(0.5); // no Zoom: out of zoom range
    Check.doubles(plain.getFov(), 0.785398);
    plain.recognitionEnable(32); // no Recognition node
    Check.ints(camera.getRecognitionNumberOfObjects(), 0); // disabled
    rf.enable(-1);
    Check.ints(rf.getSamplingPeriod(), 0);

    rf.enable(32);
    lidar.enable(32);
    lidar.enablePointCloud();
    camera.enable(32);
    camera.recognitionEnable(32);
    camera.enableRecognitionSegmentation();
    altimeter.enable(32);
    robot.step(32);

    final float[] depth = rf.getRangeImage();
    Check.ints(depth.length, 9 * 5);
    say("depth centre %.6f corner %f", RangeFinder.rangeImageGetDepth(depth, 9, 4, 2),
        RangeFinder.rangeImageGetDepth(depth, 9, 0, 0));

    final float[] scan = lidar.getLayerRangeImage(1);
    Check.ints(scan.length, 9);
    final StringBuilder line = new StringBuilder("lidar middle layer:");
    for (float range : scan)
      line.append(String.format(Locale.ROOT, " %.4f", range));
    System.out.println(line);
    Check.that(lidar.getLayerRangeImage(3) == null, "layer 3 of 3");
    Check.ints(lidar.getNumberOfPoints(), 27);
    final LidarPoint[] cloud = lidar.getPointCloud();
    Check.ints(cloud.length, 27);
    final LidarPoint p = cloud[9 + 4];
    say("lidar point %.4f %.4f %.4f layer %d", p.getX(), p.getY(), p.getZ(), p.getLayerId());
    final LidarPoint[] layer = lidar.getLayerPointCloud(1);
    Check.that(layer.length == 9 && layer[4].getX() == p.getX() && layer[4].getLayerId() == 1,
               "layer 1's cloud starts 9 points in");

    final int[] image = camera.getImage();
    Check.ints(image.length, 16 * 16);
    say("camera centre %d %d %d corner %d %d %d", Camera.imageGetRed(image, 16, 8, 8), Camera.imageGetGreen(image, 16, 8, 8),
        Camera.imageGetBlue(image, 16, 8, 8), Camera.imageGetRed(image, 16, 0, 0), Camera.imageGetGreen(image, 16, 0, 0),
        Camera.imageGetBlue(image, 16, 0, 0));
    // the emissive red box, lit as Webots lights it: 207 (see COMPATIBILITY, Cameras)
    Check.ints(Camera.pixelGetRed(image[8 * 16 + 8]), 207);
    Check.ints(camera.saveImage("camera.png", 100), 0);
    Check.ints(camera.saveImage("camera.bmp", 100), -1);
    Check.ints(camera.saveImage("camera.jpg", 0), -1);

    final CameraRecognitionObject[] objects = camera.getRecognitionObjects();
    Check.ints(objects.length, camera.getRecognitionNumberOfObjects());
    say("recognized %d", objects.length);
    for (CameraRecognitionObject o : objects) {
      final double[] position = o.getPosition();
      final double[] size = o.getSize();
      final int[] onImage = o.getPositionOnImage();
      final int[] sizeOnImage = o.getSizeOnImage();
      final double[] colors = o.getColors();
      Check.that(o.getNumberOfColors() == 1 && colors.length == 3 && o.getOrientation().length == 4, "object arrays");
      say("object \"%s\" at %.3f %.3f %.3f size %.3f %.3f on image %d %d size %d %d colour %.1f %.1f %.1f", o.getModel(),
          position[0], position[1], position[2], size[0], size[1], onImage[0], onImage[1], sizeOnImage[0], sizeOnImage[1],
          colors[0], colors[1], colors[2]);
    }
    final int[] seg = camera.getRecognitionSegmentationImage();
    Check.that(seg != null, "no segmentation image");
    say("segmentation centre %d corner %d", Camera.imageGetRed(seg, 16, 8, 8), Camera.imageGetRed(seg, 16, 0, 0));
    say("altitude %.6f", altimeter.getValue());

    lidar.disable();
    Check.that(lidar.getRangeImage() != null, "the last ranges stay readable");
    robot.delete();
  }
}
