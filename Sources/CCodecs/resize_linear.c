// Lanczos-3 in linear light for RGB: each sRGB byte becomes a 16-bit linear value through a
// table, both passes run on those (14-bit weights, so value x weight sums stay in 32 bits
// even with the kernel's negative lobes), and a 64 K-entry table maps back to sRGB bytes.
// Averaging light rather than sRGB code values keeps fine bright detail (foliage against the
// sky, text) from darkening when it is scaled down.
#include <math.h>
#include <pthread.h>
#include <stdlib.h>

#include "ccodecs.h"
#include "resize_kernel.h"

#define CC_LINEAR_PRECISION 14

static uint16_t cc_to_linear[256];
static uint8_t cc_to_srgb[65536];
static pthread_once_t cc_tables_once = PTHREAD_ONCE_INIT;

static void cc_make_tables(void) {
    for (int i = 0; i < 256; i++) {
        double s = i / 255.0;
        double l = s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4);
        cc_to_linear[i] = (uint16_t)lround(l * 65535.0);
    }
    for (int i = 0; i < 65536; i++) {
        double l = i / 65535.0;
        double s = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
        cc_to_srgb[i] = (uint8_t)lround(s * 255.0);
    }
}

static inline int32_t cc_clip16(int32_t v) {
    v = (v + (1 << (CC_LINEAR_PRECISION - 1))) >> CC_LINEAR_PRECISION;
    return v < 0 ? 0 : (v > 65535 ? 65535 : v);
}

// Vertical pass: sRGB bytes in, linear 16-bit samples out. Each source row is converted once,
// into a ring of `taps` rows (the rows an output row reads only move forward), so the inner
// loop is a plain multiply-add the compiler vectorises, as in the gamma-space pass.
static int cc_columns_linear(const uint8_t *src, int w, uint16_t *dst, int dh,
                             const cc_kernel *k) {
    size_t stride = (size_t)w * 3;
    int32_t *acc = malloc(sizeof(int32_t) * stride);
    uint16_t *ring = malloc(sizeof(uint16_t) * stride * (size_t)k->taps);
    if (!acc || !ring) {
        free(acc);
        free(ring);
        return CC_ERR_NO_MEMORY;
    }
    int converted = 0;  // source rows [0, converted) have been through the table
    for (int y = 0; y < dh; y++) {
        int first = k->start[y], end = k->start[y] + k->count[y];
        if (converted < first) converted = first;
        for (; converted < end; converted++) {
            const uint8_t *row = src + (size_t)converted * stride;
            uint16_t *slot = ring + (size_t)(converted % k->taps) * stride;
            for (size_t i = 0; i < stride; i++) slot[i] = cc_to_linear[row[i]];
        }
        for (size_t i = 0; i < stride; i++) acc[i] = 0;
        const int32_t *weights = k->weights + (size_t)y * k->taps;
        for (int t = 0; t < k->count[y]; t++) {
            const uint16_t *row = ring + (size_t)((first + t) % k->taps) * stride;
            int32_t wt = weights[t];
            for (size_t i = 0; i < stride; i++) acc[i] += row[i] * wt;
        }
        uint16_t *o = dst + (size_t)y * stride;
        for (size_t i = 0; i < stride; i++) o[i] = (uint16_t)cc_clip16(acc[i]);
    }
    free(acc);
    free(ring);
    return CC_OK;
}

// Horizontal pass: linear 16-bit samples in, sRGB bytes out.
static void cc_rows_linear(const uint16_t *src, int sw, int h, uint8_t *dst, int dw,
                           const cc_kernel *k) {
    for (int y = 0; y < h; y++) {
        const uint16_t *in = src + (size_t)y * sw * 3;
        uint8_t *o = dst + (size_t)y * dw * 3;
        for (int x = 0; x < dw; x++, o += 3) {
            const int32_t *w = k->weights + (size_t)x * k->taps;
            const uint16_t *p = in + (size_t)k->start[x] * 3;
            int32_t r = 0, g = 0, b = 0;
            for (int t = 0; t < k->count[x]; t++, p += 3) {
                r += p[0] * w[t];
                g += p[1] * w[t];
                b += p[2] * w[t];
            }
            o[0] = cc_to_srgb[cc_clip16(r)];
            o[1] = cc_to_srgb[cc_clip16(g)];
            o[2] = cc_to_srgb[cc_clip16(b)];
        }
    }
}

int cc_resize_linear(const uint8_t *src, int sw, int sh, uint8_t *dst, int dw, int dh) {
    pthread_once(&cc_tables_once, cc_make_tables);
    cc_kernel kx = {0}, ky = {0};
    int code = cc_kernel_make(sh, dh, CC_LINEAR_PRECISION, &ky);
    if (code != CC_OK) return code;
    uint16_t *mid = malloc(sizeof(uint16_t) * (size_t)sw * dh * 3);
    if (!mid) {
        cc_kernel_free(&ky);
        return CC_ERR_NO_MEMORY;
    }
    code = cc_columns_linear(src, sw, mid, dh, &ky);
    cc_kernel_free(&ky);
    if (code == CC_OK && (code = cc_kernel_make(sw, dw, CC_LINEAR_PRECISION, &kx)) == CC_OK) {
        cc_rows_linear(mid, sw, dh, dst, dw, &kx);
        cc_kernel_free(&kx);
    }
    free(mid);
    return code;
}
