// The resampler's public entry point: checks the arguments, copies when the size does not
// change and otherwise hands over to the streaming resampler (resize_stream.c), which builds
// its kernels with resize_kernel.c. The calls go one way only: resize.c -> resize_stream.c ->
// resize_kernel.c.
#include <string.h>

#include "cpixels.h"
#include "resize_stream.h"

int px_resize(const uint8_t *src, int sw, int sh, int ch, uint8_t *dst, int dw, int dh,
              int linear) {
    if (!src || !dst || sw < 1 || sh < 1 || dw < 1 || dh < 1 || (ch != 3 && ch != 4))
        return PX_ERR_ARGUMENT;
    if (sw == dw && sh == dh) {
        memcpy(dst, src, (size_t)sw * sh * ch);
        return PX_OK;
    }
    return px_resize_streamed(src, sw, sh, ch, dst, dw, dh, linear && ch == 3);
}
