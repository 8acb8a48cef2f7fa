// Pixel loops that must be fast even in debug builds of the Swift code: the Lanczos-3
// resampler, EXIF orientation, alpha premultiplication and flattening. Fixed point throughout,
// so a photo gives the same bytes on every run and every CPU. Links only libm. Imported by one
// Swift file, PixelOperations.swift.
#ifndef CPIXELS_H
#define CPIXELS_H
#include <stddef.h>
#include <stdint.h>

/// Result codes of px_resize. Nothing in this library exits or prints.
enum {
    PX_OK = 0,
    /// malloc failed.
    PX_ERR_NO_MEMORY = 1,
    /// The arguments are out of range (a bug in the caller).
    PX_ERR_ARGUMENT = 2,
};

/// Separable Lanczos-3 resize of 8-bit pixels with `channels` (3 or 4) interleaved channels
/// (fixed point, 15-bit samples, deterministic). dst holds dst_width * dst_height * channels
/// bytes. linear != 0 resamples RGB (channels 3) in linear light (sRGB decoded through a
/// table); RGBA (premultiplied in sRGB) is always resampled as stored.
int px_resize(const uint8_t *src, int src_width, int src_height, int channels, uint8_t *dst,
              int dst_width, int dst_height, int linear);

/// Turns the AVX2 path of px_resize on (the default, where the CPU has AVX2) or off; returns
/// the previous setting. Both paths give the same bytes; this is for the test that checks it.
int px_resize_set_simd(int enabled);

/// 1 when this CPU runs the AVX2 path of px_resize.
int px_resize_has_simd(void);

/// Applies EXIF orientation 1...8 (others act as 1). dst has the same byte count as src;
/// for 5...8 its width is src_height and its height src_width.
void px_orient(const uint8_t *src, int width, int height, int channels, int orientation,
               uint8_t *dst);

/// Multiplies the colour of RGBA pixels by their alpha, in place (for resizing: transparent
/// pixels then add no colour to their neighbours).
void px_premultiply(uint8_t *rgba, size_t pixel_count);

/// Divides premultiplied RGBA back to straight alpha (fully transparent pixels become 0).
void px_unpremultiply(const uint8_t *src, size_t pixel_count, uint8_t *dst);

/// Composites premultiplied RGBA onto an opaque background colour (R, G, B), giving RGB.
void px_flatten_premultiplied(const uint8_t *rgba, size_t pixel_count, const uint8_t background[3],
                              uint8_t *rgb);
/// Grey (1 channel) or grey + alpha (2 channels) to RGB or RGBA by copying the grey value;
/// bytes_per_sample 2 reads native 16-bit samples, rounded to 8 bits.
void px_gray_to_rgb(const uint8_t *src, size_t pixel_count, int bytes_per_sample, int alpha,
                    uint8_t *dst);
/// 16-bit samples (native order) rounded to 8 bits; sample_count samples.
void px_rgb16_to_rgb(const uint8_t *src, size_t sample_count, uint8_t *dst);
#endif
