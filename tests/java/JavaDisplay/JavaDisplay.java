// Display through the Java API: an image made from int[] pixels (ARGB, as Camera.getImage() gives them)
// pasted at the origin, a filled polygon from two int[], and the display saved to display.png, which
// tests/java.rs reads back.
import com.cyberbotics.webots.controller.Display;
import com.cyberbotics.webots.controller.ImageRef;
import com.cyberbotics.webots.controller.Robot;

public class JavaDisplay {
  public static void main(String[] args) {
    final Robot robot = new Robot();
    final Display display = (Display) robot.getDevice("display");
    Check.ints(display.getWidth(), 8);
    Check.ints(display.getHeight(), 4);
    // a 2 x 1 image: red then green, opaque
    final int[] pixels = {0xffff0000, 0xff00ff00};
    final ImageRef image = display.imageNew(2, 1, pixels, Display.ARGB);
    Check.that(image != null, "imageNew");
    Check.ints(pixels[0], 0xffff0000); // the caller's array is left as it was
    display.imagePaste(image, 0, 0, false);
    display.imageDelete(image);
    // a blue square over the right half
    display.setColor(0x0000ff);
    display.fillPolygon(new int[] {4, 7, 7, 4}, new int[] {0, 0, 3, 3});
    robot.step(32);
    display.imageSave(null, "display.png");
    robot.step(32);
    System.out.println("JavaDisplay: saved");
    robot.delete();
  }
}
