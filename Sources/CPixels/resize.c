// Pixel work that must be fast even in debug builds of the Swift code: the Lanczos-3 kernel
// (the resampler itself is in resize_stream.c), EXIF orientation, alpha premultiplication and
// flattening. Fixed point throughout, so the result is the same on every run.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cpixels.h"
#include "resize_kernel.h"

static double px_sinc(double x) {
    if (x == 0.0) return 1.0;
    x *= M_PI;
    return sin(x) / x;
}

static double px_lanczos3(double x) {
    if (x <= -3.0 || x >= 3.0) return 0.0;
    return px_sinc(x) * px_sinc(x / 3.0);
}

void px_kernel_free(px_kernel *k) {
    free(k->start);
    free(k->count);
    free(k->weights);
}

// For a downscale the kernel is stretched by the scale factor (it then covers 6 * scale source
// pixels), which is what makes it an anti-aliasing low-pass filter.
int px_kernel_make(int in, int out, int precision, px_kernel *k) {
    double scale = (double)in / out;
    double filter_scale = scale < 1.0 ? 1.0 : scale;
    double support = 3.0 * filter_scale;
    k->taps = (int)ceil(support) * 2 + 1;
    k->start = malloc(sizeof(int) * out);
    k->count = malloc(sizeof(int) * out);
    k->weights = calloc((size_t)out * k->taps, sizeof(int32_t));
    double *w = malloc(sizeof(double) * k->taps);
    if (!k->start || !k->count || !k->weights || !w) {
        free(w);
        px_kernel_free(k);
        return PX_ERR_NO_MEMORY;
    }
    for (int i = 0; i < out; i++) {
        double center = (i + 0.5) * scale;
        int lo = (int)floor(center - support + 0.5);
        int hi = (int)floor(center + support + 0.5);
        if (lo < 0) lo = 0;
        if (hi > in) hi = in;
        if (hi - lo > k->taps) hi = lo + k->taps;
        double sum = 0.0;
        for (int j = lo; j < hi; j++) {
            w[j - lo] = px_lanczos3((j + 0.5 - center) / filter_scale);
            sum += w[j - lo];
        }
        int32_t *row = k->weights + (size_t)i * k->taps;
        for (int j = 0; j < hi - lo; j++) {
            double v = sum != 0.0 ? w[j] / sum : 0.0;
            row[j] = (int32_t)lround(v * (1 << precision));
        }
        k->start[i] = lo;
        k->count[i] = hi - lo;
    }
    free(w);
    return PX_OK;
}

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

void px_premultiply(uint8_t *rgba, size_t pixel_count) {
    for (size_t i = 0; i < pixel_count; i++, rgba += 4) {
        unsigned a = rgba[3];
        if (a == 255) continue;
        for (int c = 0; c < 3; c++) rgba[c] = (uint8_t)((rgba[c] * a + 127) / 255);
    }
}

void px_unpremultiply(const uint8_t *src, size_t pixel_count, uint8_t *dst) {
    for (size_t i = 0; i < pixel_count; i++, src += 4, dst += 4) {
        unsigned a = src[3];
        dst[3] = (uint8_t)a;
        for (int c = 0; c < 3; c++) {
            unsigned v = a == 0 ? 0 : (src[c] * 255u + a / 2) / a;
            dst[c] = (uint8_t)(a == 255 ? src[c] : (v > 255 ? 255 : v));
        }
    }
}

void px_flatten_premultiplied(const uint8_t *rgba, size_t pixel_count, const uint8_t background[3],
                              uint8_t *rgb) {
    for (size_t i = 0; i < pixel_count; i++, rgba += 4, rgb += 3) {
        unsigned uncovered = 255u - rgba[3];
        for (int c = 0; c < 3; c++) {
            unsigned v = rgba[c] + (background[c] * uncovered + 127) / 255;
            rgb[c] = (uint8_t)(v > 255 ? 255 : v);
        }
    }
}
