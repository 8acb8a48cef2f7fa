// The Lanczos-3 kernel (resize.c) and the resampler that uses it (resize_stream.c). Internal to
// CPixels.
#ifndef PX_RESIZE_KERNEL_H
#define PX_RESIZE_KERNEL_H
#include <stdint.h>

typedef struct {
    int *start;        // first source index per output index
    int *count;        // taps per output index
    int32_t *weights;  // taps * out, fixed point, each row sums to 1 << precision
    int taps;
} px_kernel;

/// Weights for resampling `in` samples to `out`, with `precision` fractional bits.
int px_kernel_make(int in, int out, int precision, px_kernel *k);
void px_kernel_free(px_kernel *k);

/// RGB or RGBA (ch 3 or 4) resize through 15-bit samples; linear != 0 (RGB only) resamples in
/// linear light, otherwise the bytes are resampled as stored. Sizes must differ.
int px_resize_streamed(const uint8_t *src, int sw, int sh, int ch, uint8_t *dst, int dw, int dh,
                       int linear);
#endif
