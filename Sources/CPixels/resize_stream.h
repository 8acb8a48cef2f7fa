// The streaming resampler (resize_stream.c) under px_resize (resize.c). Internal to CPixels.
#ifndef PX_RESIZE_STREAM_H
#define PX_RESIZE_STREAM_H
#include <stdint.h>

/// RGB or RGBA (ch 3 or 4) resize through 15-bit samples; linear != 0 (RGB only) resamples in
/// linear light, otherwise the bytes are resampled as stored. Sizes must differ.
int px_resize_streamed(const uint8_t *src, int sw, int sh, int ch, uint8_t *dst, int dw, int dh,
                       int linear);
#endif
