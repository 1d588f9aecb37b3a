// webots-shim C++ API: an image a Display keeps (wraps WbImageRef).
#ifndef IMAGE_REF_HPP
#define IMAGE_REF_HPP

#define WB_USING_CPP_API
#include "../../c/webots/types.h"

namespace webots {
  class ImageRef {
  public:
    // Display::imageNew(), imageCopy() and imageLoad() make them; Display::imageDelete() frees them.
    explicit ImageRef(const WbImageRef &imageRef) : imageRef(imageRef) {}
    virtual ~ImageRef() {}
    WbImageRef getImageRef() { return imageRef; }

  private:
    WbImageRef imageRef;
  };
}  // namespace webots

#endif  // IMAGE_REF_HPP
