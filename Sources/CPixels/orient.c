// EXIF orientation: the eight combinations of mirroring and quarter turns, as one copy.
#include <string.h>

#include "cpixels.h"

void px_orient(const uint8_t *src, int width, int height, int ch, int orientation,
               uint8_t *dst) {
    if (orientation < 1 || orientation > 8) orientation = 1;
    int transposed = orientation >= 5;
    int out_w = transposed ? height : width;
    int out_h = transposed ? width : height;
    for (int y = 0; y < out_h; y++) {
        uint8_t *o = dst + (size_t)y * out_w * ch;
        for (int x = 0; x < out_w; x++, o += ch) {
            int sx, sy;
            switch (orientation) {
            case 2: sx = width - 1 - x; sy = y; break;
            case 3: sx = width - 1 - x; sy = height - 1 - y; break;
            case 4: sx = x; sy = height - 1 - y; break;
            case 5: sx = y; sy = x; break;
            case 6: sx = y; sy = height - 1 - x; break;
            case 7: sx = width - 1 - y; sy = height - 1 - x; break;
            case 8: sx = width - 1 - y; sy = x; break;
            default: sx = x; sy = y; break;
            }
            memcpy(o, src + ((size_t)sy * width + sx) * ch, (size_t)ch);
        }
    }
}
