// The Lanczos-3 kernel shared by the gamma-space (resize.c) and linear-light
// (resize_linear.c) resizers. Internal to CCodecs.
#ifndef CC_RESIZE_KERNEL_H
#define CC_RESIZE_KERNEL_H
#include <stdint.h>

typedef struct {
    int *start;        // first source index per output index
    int *count;        // taps per output index
    int32_t *weights;  // taps * out, fixed point, each row sums to 1 << precision
    int taps;
} cc_kernel;

/// Weights for resampling `in` samples to `out`, with `precision` fractional bits.
int cc_kernel_make(int in, int out, int precision, cc_kernel *k);
void cc_kernel_free(cc_kernel *k);

/// RGB resize in linear light: sRGB bytes -> 15-bit linear -> both passes -> sRGB bytes.
int cc_resize_linear(const uint8_t *src, int sw, int sh, uint8_t *dst, int dw, int dh);
#endif
