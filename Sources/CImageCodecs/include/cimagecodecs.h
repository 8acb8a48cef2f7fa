// The JPEG (libjpeg) and PNG (libpng) codecs. Both libraries report fatal errors by longjmp;
// the setjmp targets live in these C files, which Swift cannot have, so every call here returns
// a result code instead. Imported by one Swift file, ImageCodecs.swift.
#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H
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
    /// A valid file of a kind the library cannot decode (lossless or hierarchical JPEG).
    CC_ERR_UNSUPPORTED = 5,
    /// The decoder's own working memory would pass the caller's limit (max_memory).
    CC_ERR_MEMORY_LIMIT = 6,
};

#define CC_MESSAGE_MAX 256

/// A decoded image. Free with cc_image_free on every path (also after an error).
typedef struct {
    /// Tightly packed samples, top row first: RGB (channels 3), RGBA (4), or for the colour
    /// spaces galleryc converts itself, grey (1), grey + alpha (2) or CMYK (4, `cmyk` set).
    uint8_t *pixels;
    int width, height, channels;
    /// Bytes per sample: 1, or 2 (16-bit, native byte order) for a PNG kept for conversion.
    int bytes_per_sample;
    /// The samples are CMYK (JPEG CMYK or YCCK); `cmyk_inverted`: stored as 255 - ink (Adobe).
    int cmyk, cmyk_inverted;
    /// The size the file declares (before DCT scaling).
    int declared_width, declared_height;
    /// The embedded ICC profile, or NULL.
    uint8_t *icc;
    size_t icc_length;
    /// Warnings the decoder reported and recovered from, and the first one in its own words.
    int warnings;
    char warning[CC_MESSAGE_MAX];
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

/// Reads only the JPEG header: the declared size, and (into width/height/channels) what a
/// decode at scale_num/8 gives. Refuses an output width * height above max_pixels.
int cc_jpeg_output_size(const uint8_t *data, size_t size, int scale_num, uint64_t max_pixels,
                        cc_image *out);

/// Decodes a JPEG at scale_num/8 (1...8). Refuses an output width * height above max_pixels
/// before allocating, more than max_scans scans, and a decode whose
/// own working memory (a progressive JPEG holds all its coefficients) would pass max_memory
/// bytes (CC_ERR_MEMORY_LIMIT). YCbCr and RGB become RGB; grayscale stays grey (channels 1); CMYK and YCCK become
/// CMYK (channels 4, cmyk set; cmyk_inverted when an Adobe marker says the values are
/// inverted), for the caller to convert with their profile. With dst (dst_size must be
/// exactly width * height * channels, as cc_jpeg_output_size says) the pixels go there and
/// out->pixels stays NULL; without, they are allocated into out->pixels. Lossless (SOF3) and
/// hierarchical JPEGs fail with CC_ERR_UNSUPPORTED.
int cc_jpeg_decode(const uint8_t *data, size_t size, int scale_num, uint64_t max_pixels,
                   uint64_t max_memory, int max_scans, uint8_t *dst, size_t dst_size,
                   cc_image *out);

/// Encodes RGB pixels. progressive != 0: progressive scans with optimised Huffman tables.
/// icc and exif (a TIFF payload without the "Exif\0\0" header) may be NULL.
int cc_jpeg_encode(const uint8_t *rgb, int width, int height, int quality, int progressive,
                   const uint8_t *icc, size_t icc_length, const uint8_t *exif,
                   size_t exif_length, cc_buffer *out);

/// Reads only what precedes a PNG's pixels: into width, height and channels, what cc_png_decode
/// gives. Refuses declared width * height above max_pixels.
int cc_png_output_size(const uint8_t *data, size_t size, uint64_t max_pixels, cc_image *out);

/// Decodes a PNG (any bit depth, palette, gray, tRNS, alpha) to 8-bit RGB or RGBA, with its
/// iCCP profile; a grey PNG whose iCCP profile is a grey one stays grey (channels 1, or 2 with
/// alpha) at its own depth (8 or 16 bits), and a 16-bit RGB(A) PNG with an RGB profile stays
/// 16-bit, for the caller to convert with the profile before quantising. Refuses declared width * height above max_pixels before allocating. With dst
/// (dst_size exactly width * height * channels, as cc_png_output_size says) the pixels go there
/// and out->pixels stays NULL; without, they are allocated into out->pixels.
int cc_png_decode(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t *dst,
                  size_t dst_size, cc_image *out);

/// Gives the free memory of every malloc arena back to the system (glibc's malloc_trim(0)),
/// whole free pages inside the heaps included, not only their tops. (How malloc is set up for
/// galleryc, when the program loads: allocator.c.)
void cc_return_free_memory(void);

/// Inflates a zlib stream (RFC 1950: a PNG iTXt chunk's compressed text) into `out`, at most
/// `out_capacity` bytes. Returns the number of bytes written; -1 when the stream is damaged or
/// truncated; -2 when it inflates to more than `out_capacity`.
long cc_zlib_inflate(const uint8_t *in, size_t in_size, uint8_t *out, size_t out_capacity);

#endif
