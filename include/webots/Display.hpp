// webots-shim C++ API: the Display device (wraps display.h).
#ifndef DISPLAY_HPP
#define DISPLAY_HPP

#include <webots/Device.hpp>
#include <webots/ImageRef.hpp>

namespace webots {
  class Camera;

  class Display : public Device {
  public:
    enum { RGB = 3, RGBA, ARGB, BGRA, ABGR };

    // Robot::getDevice() (or getDisplay()) hands out the robot's own object; use that.
    explicit Display(const std::string &name) : Device(name) {}
    explicit Display(WbDeviceTag tag) : Device(tag) {}
    virtual ~Display() {}

    int getWidth() const;
    int getHeight() const;
    virtual void setColor(int color);
    virtual void setAlpha(double alpha);
    virtual void setOpacity(double opacity);
    virtual void setFont(const std::string &font, int size, bool antiAliasing);
    virtual void attachCamera(Camera *camera);
    virtual void detachCamera();
    virtual void drawPixel(int x1, int y1);
    virtual void drawLine(int x1, int y1, int x2, int y2);
    virtual void drawRectangle(int x, int y, int width, int height);
    virtual void drawOval(int cx, int cy, int a, int b);
    virtual void drawPolygon(const int *x, const int *y, int size);
    virtual void drawText(const std::string &txt, int x, int y);
    virtual void fillRectangle(int x, int y, int width, int height);
    virtual void fillOval(int cx, int cy, int a, int b);
    virtual void fillPolygon(const int *x, const int *y, int size);
    // NULL when the C call refuses (its error says why)
    ImageRef *imageNew(int width, int height, const void *data, int format) const;
    ImageRef *imageCopy(int x, int y, int width, int height) const;
    virtual void imagePaste(ImageRef *ir, int x, int y, bool blend = false);
    ImageRef *imageLoad(const std::string &filename) const;
    // NULL saves the display itself
    void imageSave(ImageRef *ir, const std::string &filename) const;
    // frees the image and its ImageRef
    void imageDelete(ImageRef *ir) const;
  };
}  // namespace webots

#endif  // DISPLAY_HPP
