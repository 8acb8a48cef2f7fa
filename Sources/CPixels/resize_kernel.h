// The Lanczos-3 kernel (resize_kernel.c), which the streaming resampler (resize_stream.c)
// builds for each pass. Internal to CPixels.
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
#endif
