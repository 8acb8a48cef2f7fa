// Alpha: premultiplication (so that transparent pixels lend no colour when resampled), back to
// straight alpha for the encoders, and flattening onto an opaque background for JPEG. Integer
// arithmetic rounded to nearest, so the result is the same on every run.
#include "cpixels.h"

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

static inline uint8_t px_sample(const uint8_t *p, int bytes_per_sample) {
    if (bytes_per_sample == 1) return *p;
    unsigned v = (unsigned)p[0] | (unsigned)p[1] << 8;  // native little-endian
    return (uint8_t)((v * 255u + 32767u) / 65535u);
}

void px_gray_to_rgb(const uint8_t *src, size_t pixel_count, int bytes_per_sample, int alpha,
                    uint8_t *dst) {
    size_t in_step = (size_t)bytes_per_sample * (alpha ? 2 : 1);
    for (size_t i = 0; i < pixel_count; i++, src += in_step) {
        uint8_t g = px_sample(src, bytes_per_sample);
        *dst++ = g;
        *dst++ = g;
        *dst++ = g;
        if (alpha) *dst++ = px_sample(src + bytes_per_sample, bytes_per_sample);
    }
}

void px_rgb16_to_rgb(const uint8_t *src, size_t sample_count, uint8_t *dst) {
    for (size_t i = 0; i < sample_count; i++, src += 2) *dst++ = px_sample(src, 2);
}
