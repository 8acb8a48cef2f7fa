#ifndef CCODECS_H
#define CCODECS_H
#include <stddef.h>
#include <stdint.h>

/// Result codes of every cc_* call. Nothing in this library exits or prints.
enum {
    CC_OK = 0,
    /// The data is damaged or truncated; `message` holds libjpeg's or libpng's words.
    CC_ERR_CORRUPT = 1,
    /// The declared width x height is above the caller's limit; nothing was allocated.
    CC_ERR_TOO_LARGE = 2,
    /// malloc failed.
    CC_ERR_NO_MEMORY = 3,
    /// The arguments are out of range (a bug in the caller).
    CC_ERR_ARGUMENT = 4,
};

#define CC_MESSAGE_MAX 256

/// A decoded image. Free with cc_image_free on every path (also after an error).
typedef struct {
    /// Tightly packed 8-bit RGB (channels 3) or RGBA (channels 4), top row first.
    uint8_t *pixels;
    int width, height, channels;
    /// The size the file declares (before DCT scaling).
    int declared_width, declared_height;
    /// The embedded ICC profile, or NULL.
    uint8_t *icc;
    size_t icc_length;
    /// Warnings the decoder reported and recovered from.
    int warnings;
    char message[CC_MESSAGE_MAX];
} cc_image;

/// An encoded file in memory. Free with cc_buffer_free.
typedef struct {
    uint8_t *data;
    size_t length;
    char message[CC_MESSAGE_MAX];
} cc_buffer;

void cc_image_free(cc_image *image);
void cc_buffer_free(cc_buffer *buffer);

/// Reads only the JPEG header: the declared size (into declared_width/height).
int cc_jpeg_info(const uint8_t *data, size_t size, cc_image *out);

/// Reads only the JPEG header: the declared size, and (into width/height) the size a decode at
/// scale_num/8 gives. Refuses declared width * height above max_pixels.
int cc_jpeg_output_size(const uint8_t *data, size_t size, int scale_num, uint64_t max_pixels,
                        cc_image *out);

/// Decodes a JPEG at scale_num/8 (1...8) to RGB. Refuses declared width * height above
/// max_pixels before allocating, and more than max_scans scans. Grayscale, CMYK and YCCK
/// (Adobe inverted or not) become RGB. With dst (dst_size must be exactly width * height * 3,
/// as cc_jpeg_output_size says) the pixels go there and out->pixels stays NULL; without, they
/// are allocated into out->pixels.
int cc_jpeg_decode(const uint8_t *data, size_t size, int scale_num, uint64_t max_pixels,
                   int max_scans, uint8_t *dst, size_t dst_size, cc_image *out);

/// Encodes RGB pixels. progressive != 0: progressive scans with optimised Huffman tables.
/// icc and exif (a TIFF payload without the "Exif\0\0" header) may be NULL.
int cc_jpeg_encode(const uint8_t *rgb, int width, int height, int quality, int progressive,
                   const uint8_t *icc, size_t icc_length, const uint8_t *exif,
                   size_t exif_length, cc_buffer *out);

/// Reads only what precedes a PNG's pixels: into width, height and channels, what cc_png_decode
/// gives. Refuses declared width * height above max_pixels.
int cc_png_output_size(const uint8_t *data, size_t size, uint64_t max_pixels, cc_image *out);

/// Decodes a PNG (any bit depth, palette, gray, tRNS, alpha) to 8-bit RGB or RGBA, with its
/// iCCP profile. Refuses declared width * height above max_pixels before allocating. With dst
/// (dst_size exactly width * height * channels, as cc_png_output_size says) the pixels go there
/// and out->pixels stays NULL; without, they are allocated into out->pixels.
int cc_png_decode(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t *dst,
                  size_t dst_size, cc_image *out);

/// Separable Lanczos-3 resize of 8-bit pixels with `channels` (3 or 4) interleaved channels
/// (fixed point, 15-bit samples, deterministic). dst holds dst_width * dst_height * channels
/// bytes. linear != 0 resamples RGB (channels 3) in linear light (sRGB decoded through a
/// table); RGBA (premultiplied in sRGB) is always resampled as stored.
int cc_resize(const uint8_t *src, int src_width, int src_height, int channels, uint8_t *dst,
              int dst_width, int dst_height, int linear);

/// Turns the AVX2 path of cc_resize on (the default, where the CPU has AVX2) or off; returns
/// the previous setting. Both paths give the same bytes; this is for the test that checks it.
int cc_resize_set_simd(int enabled);

/// 1 when this CPU runs the AVX2 path of cc_resize.
int cc_resize_has_simd(void);

/// Applies EXIF orientation 1...8 (others act as 1). dst has the same byte count as src;
/// for 5...8 its width is src_height and its height src_width.
void cc_orient(const uint8_t *src, int width, int height, int channels, int orientation,
               uint8_t *dst);


/// Multiplies the colour of RGBA pixels by their alpha, in place (for resizing: transparent
/// pixels then add no colour to their neighbours).
void cc_premultiply(uint8_t *rgba, size_t pixel_count);

/// Divides premultiplied RGBA back to straight alpha (fully transparent pixels become 0).
void cc_unpremultiply(const uint8_t *src, size_t pixel_count, uint8_t *dst);

/// Composites premultiplied RGBA onto an opaque background colour (R, G, B), giving RGB.
void cc_flatten_premultiplied(const uint8_t *rgba, size_t pixel_count, const uint8_t background[3],
                              uint8_t *rgb);

/// SHA-256's 64 round constants (FIPS 180-4, 4.2.2), for both implementations.
const uint32_t *cc_sha256_round_constants(void);

/// 1 when this CPU has the SHA extensions that cc_sha256_blocks needs.
int cc_sha256_has_hardware(void);

/// SHA-256's compression function over `blocks` consecutive 64-byte blocks, updating the eight
/// state words (A ... H). Only where cc_sha256_has_hardware() says so; does nothing elsewhere.
void cc_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

/// Makes malloc map every allocation of `threshold` bytes or more on its own and unmap it when
/// freed (glibc's M_MMAP_THRESHOLD; fixing it also stops glibc from raising it dynamically).
void cc_return_large_buffers_to_system(size_t threshold);
#endif
